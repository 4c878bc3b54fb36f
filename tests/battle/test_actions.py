"""Staged changes, the End Phase (damage, crits, heat, shutdown and restart) and undo."""

from __future__ import annotations

import pytest

from battle.conftest import entry, make_unit, two_sides
from cardsmith.battle import actions
from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import HEAT_SHUTDOWN, Battle, BattleEditError
from cardsmith.models import UnitType

RED = "2.1"


def test_damage_waits_for_the_end_phase_then_goes_armor_first() -> None:
    battle = actions.damage(two_sides(), RED, 7)
    assert battle.unit(RED).armor_damage == 0 and len(battle.pending) == 1
    assert actions.projected(battle, RED).structure_damage == 2
    after = actions.end_round(battle)
    red = after.unit(RED)
    assert (red.armor_damage, red.structure_damage, red.destroyed) == (5, 2, False)
    assert after.turn == 2 and after.pending == ()


def test_damage_now_applies_at_once_and_structure_gone_destroys() -> None:
    battle = actions.damage(two_sides(), RED, 9, now=True)
    assert battle.unit(RED).destroyed
    with pytest.raises(BattleEditError, match="destroyed"):
        actions.damage(battle, RED, 1)


@pytest.mark.parametrize(
    ("specials", "destroyed", "armor_damage"),
    [("", True, 0), ("CASE", False, 1), ("CASEII", False, 0), ("ENE", False, 0)],
)
def test_ammo_hit(specials: str, destroyed: bool, armor_damage: int) -> None:
    battle = two_sides(red=(entry(make_unit("Red", specials=specials)),))
    red = actions.crit(battle, RED, CritKind.AMMO, now=True).unit(RED)
    assert (red.destroyed, red.armor_damage) == (destroyed, armor_damage)


def test_second_engine_hit_destroys_a_mech() -> None:
    battle = actions.crit(two_sides(), RED, CritKind.ENGINE, now=True)
    assert not battle.unit(RED).destroyed
    assert actions.crit(battle, RED, CritKind.ENGINE, now=True).unit(RED).destroyed


def test_a_crit_that_cannot_apply_is_one_extra_damage() -> None:
    battle = two_sides(red=(entry(make_unit("Red", damage="1/0/0")),))
    battle = actions.crit(battle, RED, CritKind.WEAPON, now=True)  # 1 → 0*
    battle = actions.crit(battle, RED, CritKind.WEAPON, now=True)  # 0* → 0
    assert battle.unit(RED).armor_damage == 0
    battle = actions.crit(battle, RED, CritKind.WEAPON, now=True)  # nothing left: 1 damage
    red = battle.unit(RED)
    assert red.armor_damage == 1 and red.count(CritKind.WEAPON) == 2


def test_mp_hits_to_zero_immobilize_and_further_hits_become_damage() -> None:
    battle = two_sides(red=(entry(make_unit("Red", move='4"')),))
    battle = actions.crit(battle, RED, CritKind.MP, now=True)  # 4 → 2
    battle = actions.crit(battle, RED, CritKind.MP, now=True)  # 2 → 0
    assert battle.unit(RED).immobile
    battle = actions.crit(battle, RED, CritKind.MP, now=True)
    assert battle.unit(RED).armor_damage == 1


def test_crew_stunned_stops_the_vehicle_next_turn() -> None:
    battle = actions.crit(two_sides(), "1.2", CritKind.CREW_STUNNED)
    battle = actions.end_round(battle)
    assert battle.unit("1.2").stunned_turn == battle.turn == 2


def test_crits_must_exist_for_the_unit_type() -> None:
    battle = two_sides()
    with pytest.raises(BattleEditError, match="no mp hit"):
        actions.crit(battle, "1.2", CritKind.MP)  # vehicles take motive hits, not MP
    with pytest.raises(BattleEditError, match="no heat scale"):
        actions.heat(battle, "1.2", 1)
    infantry = two_sides(red=(entry(make_unit("Foot", type_=UnitType.CI, move='1"f')),))
    with pytest.raises(BattleEditError):
        actions.crit(infantry, RED, CritKind.WEAPON)


def _heat_after(battle: Battle, *changes: tuple[str, int]) -> int:
    for source, points in changes:
        battle = actions.heat(battle, RED, points, source=source)
    return actions.end_round(battle).unit(RED).heat


@pytest.mark.parametrize(
    ("start", "changes", "heat"),
    [
        (0, [("ov", 1)], 1),
        (2, [("ov", 1)], 3),
        (2, [("fired", 0)], 2),  # firing without OV keeps heat
        (2, [], 0),  # no weapon attack: all heat goes
        (2, [("fired", 0), ("water", 0)], 1),
        (0, [("external", 3)], 2),  # HT heat: at most 2 a turn
        (1, [("external", 1)], 1),  # no attack clears the 1, then the external 1
        (3, [("ov", 1)], HEAT_SHUTDOWN),
    ],
)
def test_end_phase_heat(start: int, changes: list[tuple[str, int]], heat: int) -> None:
    battle = actions.set_heat(two_sides(), RED, start)
    assert _heat_after(battle, *changes) == heat


def test_engine_hit_adds_heat_in_turns_the_mech_fires() -> None:
    battle = actions.crit(two_sides(), RED, CritKind.ENGINE, now=True)
    assert _heat_after(battle, ("fired", 0)) == 1
    assert _heat_after(battle) == 0


def test_shutdown_at_s_then_restart_in_the_next_end_phase() -> None:
    battle = actions.set_heat(two_sides(), RED, 3)
    battle = actions.heat(battle, RED, 1)
    battle = actions.end_round(battle)
    red = battle.unit(RED)
    assert red.shutdown and red.heat == HEAT_SHUTDOWN
    with pytest.raises(BattleEditError, match="shut down"):
        actions.heat(battle, RED, 1)
    battle = actions.end_round(battle)
    red = battle.unit(RED)
    assert not red.shutdown and red.heat == 0


def test_undo_takes_back_changes_one_by_one_including_end_of_round() -> None:
    start = two_sides()
    battle = actions.damage(start, RED, 6)
    battle = actions.crit(battle, RED, CritKind.MP)
    ended = actions.end_round(battle)
    undone, change = actions.undo(ended)
    assert change.kind == "end-round"
    assert undone == battle
    undone, change = actions.undo(undone)
    assert change.kind == "crit" and undone.pending == battle.pending[:1]
    undone, _ = actions.undo(undone)
    assert undone == start
    with pytest.raises(BattleEditError, match="nothing to undo"):
        actions.undo(undone)


def test_units_are_found_by_key_or_unique_name() -> None:
    battle = two_sides()
    assert battle.find("red mech").key == RED
    with pytest.raises(BattleEditError, match="no unit"):
        battle.find("Atlas")
