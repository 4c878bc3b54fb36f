"""The battle's state at its edges: heat as typed, units and sides found by what a player
types (and each refusal listing what there is), a profile's stats, and a new battle."""

from __future__ import annotations

import pytest
from testdata import skirmish_trooper

from battle.conftest import entry, lam_unit, make_unit, two_sides
from cardsmith.battle.state import (
    HEAT_SHUTDOWN,
    BattleEditError,
    Change,
    Side,
    active_entry,
    heat_text,
    new_battle,
    parse_heat,
)
from cardsmith.models import Force, ForceEntry, Pilot


@pytest.mark.parametrize(("typed", "level"), [("0", 0), ("3", 3), ("4", 4), (" s ", 4)])
def test_heat_is_read_from_0_to_s(typed: str, level: int) -> None:
    assert parse_heat(typed) == level
    assert heat_text(level) == ("S" if level == HEAT_SHUTDOWN else typed.strip())


@pytest.mark.parametrize("typed", ["5", "-1", "x", "", "2.5"])
def test_any_other_heat_is_refused_with_the_levels(typed: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_heat(typed)
    assert str(refused.value) == f"heat level must be 0, 1, 2, 3 or S, not {typed!r}"


def test_a_field_a_change_does_not_carry_reads_as_empty() -> None:
    change = Change("betrayal", "2.1", 1, data=(("roll", 9),))
    assert change.get("roll") == 9
    assert change.get("tn") == ""
    assert change.get("tn", 0) == 0


# -- finding units and sides -------------------------------------------------------------


def _twins() -> tuple[ForceEntry, ...]:
    return (
        entry(make_unit("Wasp")),
        ForceEntry(make_unit("Wasp", mul_id=-3), pilot=Pilot("Kai")),
        entry(make_unit("Stinger", mul_id=-4)),
    )


def test_a_unit_is_found_by_key_name_or_pilot() -> None:
    battle = two_sides(blue=_twins())
    assert battle.find(" 1.3 ").key == "1.3"
    assert battle.find("stinger").key == "1.3"
    assert battle.find("KAI").key == "1.2"


def test_a_name_two_units_share_asks_for_a_key_and_lists_them() -> None:
    with pytest.raises(BattleEditError) as refused:
        two_sides(blue=_twins()).find("wasp")
    assert str(refused.value) == "'wasp' names several units: 1.1 (Wasp), 1.2 (Wasp); use a key"


def test_an_unknown_unit_lists_every_unit() -> None:
    with pytest.raises(BattleEditError) as refused:
        two_sides().find("Atlas")
    assert str(refused.value) == (
        "no unit 'Atlas' in this battle (units: 1.1 Blue Mech, 1.2 Blue Tank, 2.1 Red Mech)"
    )


def test_a_side_is_found_by_number_or_name_and_an_unknown_one_lists_the_sides() -> None:
    battle = two_sides()
    assert [battle.resolve_side(t) for t in ("1", "2", " red ", "BLUE")] == [1, 2, 2, 1]
    for typed in ("0", "3", "Green"):
        with pytest.raises(BattleEditError) as refused:
            battle.resolve_side(typed)
        assert str(refused.value) == f"no side {typed!r} (sides: 1 Blue, 2 Red)"


# -- a profile's stats ----------------------------------------------------------------------


def test_a_lams_other_profile_plays_its_stats_on_the_printed_track() -> None:
    lam = ForceEntry(lam_unit(), skill=3)
    fighter = active_entry(lam, 2)
    assert fighter.unit.type_code == "AF" and fighter.skill == 3
    base = lam.unit
    kept = (fighter.unit.mul_id, fighter.unit.name, fighter.unit.armor, fighter.unit.structure)
    assert kept == (base.mul_id, base.name, base.armor, base.structure)
    assert fighter.unit.profiles == base.profiles  # it can still change back
    assert active_entry(lam, 0) is lam


@pytest.mark.parametrize("profile", [-1, 3, 7])
def test_a_profile_the_unit_does_not_have_leaves_it_as_it_is(profile: int) -> None:
    lam = ForceEntry(lam_unit())
    assert active_entry(lam, profile) is lam


def test_a_profile_of_another_game_keeps_the_entry_as_it_is() -> None:
    soldier = ForceEntry(skirmish_trooper())
    assert active_entry(soldier, 1) is soldier


# -- a new battle ----------------------------------------------------------------------------


def test_a_new_battle_needs_forces_with_units() -> None:
    with pytest.raises(BattleEditError) as none:
        new_battle(())
    assert str(none.value) == "a battle needs at least one force"
    with pytest.raises(BattleEditError) as empty:
        new_battle((Side("Blue", Force("Blue", entries=(entry(),))), Side("Ghosts", Force("G"))))
    assert str(empty.value) == "force 'Ghosts' has no units"


def test_a_new_battle_carries_pilot_wounds_and_each_pack_once() -> None:
    wounded = entry(make_unit("Veteran"), wounds=2)
    battle = new_battle(
        (Side("Blue", Force("Blue", entries=(entry(), wounded))),),
        ("betrayal", "campaign", "betrayal"),
    )
    assert [(u.key, u.pilot_wounds, u.controller) for u in battle.units] == [
        ("1.1", 0, 1),
        ("1.2", 2, 1),
    ]
    assert battle.packs == ("betrayal", "campaign") and battle.turn == 1
