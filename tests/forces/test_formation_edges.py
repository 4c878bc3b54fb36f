"""Formation checks at their edges: who rides what, the size line's words, alternatives,
allowances of one per unit, the ideal role, and the errors a group's formation can raise."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardsmith.forces.formations import (
    FormationNotFound,
    evaluate,
    evaluate_force,
    evaluate_group,
    load_formations,
)
from cardsmith.models import Force, ForceEntry, Group

from .conftest import build, requirement_of, spec


def _mechanized(group: list[dict[str, Any]]) -> tuple[bool, str, tuple[int, ...]]:
    formation = load_formations().get("mechanized")
    assert formation is not None
    result = evaluate(formation, build(group))
    carried = requirement_of(result, "carried")
    return carried.passed, carried.actual, carried.offending


# -- who rides what (ASCE p.121) ---------------------------------------------------------


def test_xmec_battle_armor_rides_an_industrialmech() -> None:
    passed, actual, _ = _mechanized([spec(3, tp="IM"), spec(1, tp="BA", sp="XMEC,CAR2")])
    assert passed and actual == "1 infantry: 1 mounted, 0 t for 0 t of bays"


def test_an_omnimech_seats_one_squad_and_is_no_plain_mech_for_xmec() -> None:
    # The XMEC squad takes the Omni seat (no plain 'Mech); the MEC squad has none left.
    passed, actual, offending = _mechanized(
        [spec(3, sp="OMNI"), spec(1, tp="BA", sp="XMEC,CAR2"), spec(1, tp="BA", sp="MEC,CAR2")]
    )
    assert not passed
    assert actual == "2 infantry: 1 mounted, 2 t for 0 t of bays"
    assert offending == (3,)  # only the squad left on foot


def test_infantry_left_over_is_weighed_against_the_bays_and_named() -> None:
    passed, actual, offending = _mechanized(
        [
            spec(3, sp="OMNI"),
            spec(2, tp="CV", sp="IT1"),
            spec(1, tp="BA", sp="MEC,CAR1"),
            spec(1, tp="CI", sp="CAR2"),
        ]
    )
    assert not passed
    assert actual == "2 infantry: 1 mounted, 2 t for 1 t of bays"
    assert offending == (4,)


def test_bays_and_loads_count_half_tons() -> None:
    passed, actual, _ = _mechanized([spec(2, tp="CV", sp="IT1.5"), spec(1, tp="CI", sp="CAR1.5")])
    assert passed and actual == "1 infantry: 0 mounted, 1.5 t for 1.5 t of bays"


def test_a_group_of_infantry_alone_carries_nobody() -> None:
    passed, actual, offending = _mechanized([spec(1, tp="CI", sp="CAR1")] * 3)
    assert not passed
    assert actual == "3 infantry: 0 mounted, 3 t for 0 t of bays"
    assert offending == (1, 2, 3)


def test_a_group_without_infantry_names_every_unit() -> None:
    passed, actual, offending = _mechanized([spec(3, sp="OMNI")] * 3)
    assert not passed and actual == "no infantry"
    assert offending == (1, 2, 3)


# -- custom formations: size words, alternatives, allowances ------------------------------


def _catalogue(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "formations.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_the_size_line_says_at_least_exactly_or_a_range(tmp_path: Path) -> None:
    path = _catalogue(
        tmp_path,
        '[[formation]]\nid = "open"\nname = "Open"\nmin_units = 2\n\n'
        '[[formation]]\nid = "pair"\nname = "Pair"\nmin_units = 2\nmax_units = 2\n\n'
        '[[formation]]\nid = "span"\nname = "Span"\nmin_units = 2\nmax_units = 4\n',
    )
    catalogue = load_formations(path)
    members = build([spec()] * 3)
    lines = {}
    for formation_id in ("open", "pair", "span"):
        formation = catalogue.get(formation_id)
        assert formation is not None
        size = requirement_of(evaluate(formation, members), "min-units")
        lines[formation_id] = (size.text, size.expected, size.actual, size.passed)
    assert lines == {
        "open": ("At least 2 units", "at least 2", "3", True),
        "pair": ("Exactly 2 units", "exactly 2", "3", False),
        "span": ("2 to 4 units", "2-4", "3", True),
    }


def test_an_alternative_that_passes_is_the_one_reported(tmp_path: Path) -> None:
    path = _catalogue(
        tmp_path,
        '[[formation]]\nid = "x"\nname = "X"\nmin_units = 1\n'
        '[[formation.requirement]]\nid = "either"\ntext = "A Scout or two big units"\n'
        "any_of = [\n"
        '    { quantity = "at_least", amount = 1, where = { roles = ["Scout"] } },\n'
        '    { quantity = "at_least", amount = 2, where = { size_min = 4 } },\n'
        "]\n",
    )
    formation = load_formations(path).get("x")
    assert formation is not None
    # The first alternative fails, the second passes with units 2 and 3.
    passing = requirement_of(evaluate(formation, build([spec(1), spec(4), spec(4)])), "either")
    assert passing.passed and passing.entries == (2, 3) and passing.offending == ()
    assert passing.expected == "at least 1 or at least 2"
    # Neither passes: the first alternative is the one reported.
    failing = requirement_of(evaluate(formation, build([spec(1), spec(4)])), "either")
    assert not failing.passed and failing.entries == ()
    assert failing.actual == "0 of 2 / 1 of 2"


def test_an_allowance_of_one_more_per_unit(tmp_path: Path) -> None:
    path = _catalogue(
        tmp_path,
        '[[formation]]\nid = "x"\nname = "X"\nmin_units = 1\n'
        '[[formation.requirement]]\nid = "few-big"\ntext = "Big units, one per scout"\n'
        'quantity = "at_most"\namount = 0\nper_units = 1\n'
        'per_where = { roles = ["Scout"] }\nper_label = "scouts"\nwhere = { size_min = 4 }\n',
    )
    formation = load_formations(path).get("x")
    assert formation is not None
    group = [spec(4), spec(4), spec(1, role="Scout"), spec(1, role="Scout")]
    result = requirement_of(evaluate(formation, build(group)), "few-big")
    assert result.passed
    assert result.expected == "at most 2 (0 + 1 per 1 scouts; the group has 2)"


def test_a_group_whose_units_have_no_role_is_not_waived() -> None:
    formation = load_formations().get("battle")
    assert formation is not None and formation.ideal_role
    result = evaluate(formation, build([spec(role="")] * 4))
    assert not result.waived_by_ideal_role


# -- a force's groups ----------------------------------------------------------------------


def _force(formation: str) -> Force:
    entries = tuple(ForceEntry(unit=e.unit, group="Alpha") for _, e in build([spec()] * 4))
    return Force(name="F", entries=entries, groups=(Group(name="Alpha", formation=formation),))


def test_a_group_without_a_formation_or_with_an_unknown_one_is_named() -> None:
    with pytest.raises(FormationNotFound) as none:
        evaluate_group(_force(""), "Alpha")
    assert str(none.value) == "group 'Alpha' has no formation"
    with pytest.raises(FormationNotFound) as unknown:
        evaluate_group(_force("phalanx"), "Alpha")
    assert str(unknown.value) == "group 'Alpha' names the unknown formation 'phalanx'"


def test_a_force_is_checked_against_the_catalogue_it_is_given(tmp_path: Path) -> None:
    path = _catalogue(tmp_path, '[[formation]]\nid = "phalanx"\nname = "Phalanx"\nmin_units = 5\n')
    (result,) = evaluate_force(_force("phalanx"), load_formations(path))
    assert result.formation_id == "phalanx" and not result.qualifies
    assert evaluate_force(_force("phalanx")) == []  # not a built-in formation


def test_a_unit_without_alpha_strike_type_is_weighed_as_a_carrier_without_bays() -> None:
    # A unit with no Alpha Strike stats has no type code: it is no infantry, and an IT
    # or CAR written without its number counts no tons.
    formation = load_formations().get("mechanized")
    assert formation is not None
    members = build([spec(3), spec(2, tp="CV", sp="IT"), spec(1, tp="CI", sp="CAR1")])
    (first, entry), *rest = members
    typeless = ForceEntry(unit=replace(entry.unit, type=None), group=entry.group)
    carried = requirement_of(evaluate(formation, [(first, typeless), *rest]), "carried")
    assert not carried.passed
    assert carried.actual == "1 infantry: 0 mounted, 1 t for 0 t of bays"
    assert carried.offending == (3,)


def test_a_result_names_its_group_only_when_given_one() -> None:
    formation = load_formations().get("battle")
    assert formation is not None
    members = build([spec()] * 4)
    assert evaluate(formation, members).group == ""
    assert evaluate(formation, members, group="Alpha").group == "Alpha"


def test_an_alternative_counting_the_force_sees_the_whole_force(tmp_path: Path) -> None:
    path = _catalogue(
        tmp_path,
        '[[formation]]\nid = "led"\nname = "Led"\nmin_units = 1\n'
        '[[formation.requirement]]\nid = "led"\ntext = "A commander in the force, or a Scout"\n'
        "any_of = [\n"
        '    { quantity = "at_least", amount = 1, scope = "force", where = { commander = true } },\n'
        '    { quantity = "at_least", amount = 1, where = { roles = ["Scout"] } },\n'
        "]\n",
    )
    (_, leader), (_, trooper) = build([spec(cmd=True), spec()])
    force = Force(
        name="F",
        entries=(replace(leader, group="Command"), replace(trooper, group="Alpha")),
        groups=(Group(name="Command"), Group(name="Alpha", formation="led")),
    )
    (result,) = evaluate_force(force, load_formations(path))
    assert result.qualifies and requirement_of(result, "led").entries == (1,)
