"""What one unit must be for a formation's condition to hold: each damage band, ground move
beside jump and thrust, aerospace by type or by thrust, units of no known type, special
prefixes, and pairing inside alternatives."""

from __future__ import annotations

from dataclasses import replace

import pytest
from kit import make_unit

from cardsmith.forces.formation_model import Condition, ground_move, is_aerospace
from cardsmith.models import ForceEntry, Unit


def _entry(unit: Unit) -> ForceEntry:
    return ForceEntry(unit=unit, group="G")


@pytest.mark.parametrize(
    ("condition", "holds"),
    [
        (Condition(short_min=3), True),
        (Condition(short_min=4), False),
        (Condition(medium_min=2), True),
        (Condition(medium_min=3), False),
        (Condition(long_min=1), True),
        (Condition(long_min=2), False),
    ],
)
def test_each_damage_band_is_its_own(condition: Condition, holds: bool) -> None:
    assert condition.holds(_entry(make_unit(damage=(3, 2, 1)))) is holds


def test_ground_move_is_neither_jump_nor_thrust() -> None:
    jumper = _entry(make_unit(move='6"/10"j'))
    assert ground_move(jumper) == 6
    assert not Condition(move_min=8).holds(jumper)
    assert Condition(jump_min=10).holds(jumper)
    fighter = _entry(make_unit(type_="AF", move="6a"))
    assert ground_move(fighter) == 0  # no ground move at all
    assert not Condition(move_min=1).holds(fighter)


def test_aerospace_by_type_or_by_thrust_and_never_for_a_unit_of_no_type() -> None:
    fighter = _entry(make_unit(type_="AF", move="6a"))
    assert is_aerospace(fighter) and Condition(aerospace=True).holds(fighter)
    mech = _entry(make_unit())
    assert not is_aerospace(mech) and Condition(aerospace=False).holds(mech)
    untyped = _entry(replace(make_unit(), type=None))
    assert not is_aerospace(untyped)
    assert Condition(not_unit_types=("BM",)).holds(untyped)
    assert not Condition(unit_types=("BM",)).holds(untyped)


def test_a_unit_of_no_role_fails_a_role_condition() -> None:
    roleless = _entry(make_unit(role=None))
    assert not Condition(roles=("Scout",)).holds(roleless)


@pytest.mark.parametrize(
    ("wanted", "holds"),
    [(("ART*",), True), (("ARTL*",), False), (("AR*",), True), (("IF",), True), (("if",), True)],
)
def test_a_star_asks_for_any_special_that_starts_with_the_rest(
    wanted: tuple[str, ...], holds: bool
) -> None:
    artillery = _entry(make_unit(specials="ARTAIS-2, IF1"))
    assert Condition(specials=wanted).holds(artillery) is holds


def test_alternatives_see_whether_the_unit_is_paired() -> None:
    entry = _entry(make_unit())
    either = Condition(any_of=(Condition(paired=True), Condition(size_min=4)))
    assert either.holds(entry, paired=True)
    assert not either.holds(entry, paired=False)
