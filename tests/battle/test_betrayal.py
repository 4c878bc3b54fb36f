"""The Betrayal rule of seed 000 ("Teste de Lealdade Sinistra"): TN, eligibility and effects."""

from __future__ import annotations

import pytest

from battle.conftest import entry, make_unit, two_sides
from cardsmith.battle import actions, effects
from cardsmith.battle.betrayal import (
    betrayal_target,
    load_betrayal_rule,
    resolve_betrayal,
    roll_2d6,
)
from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import Battle, BattleEditError

RED = "2.1"
SEED_BASE_TN = 9  # seed 000 II.C

#: Seed 000 II.C, row by row: a way to reach the condition on the red unit, and its modifier.
SEED_MODIFIERS = {
    "structure-exposed": +1,
    "pilot-wounded": +1,
    "heat-3": +1,
    "heat-4": +2,
    "piloting-5": -1,
    "piloting-6": -2,
    "commander": -2,
}


def _battle(skill: int = 4, commander: bool = False) -> Battle:
    red = (entry(make_unit("Red Mech", mul_id=-2), skill=skill, commander=commander),)
    return actions.end_round(actions.end_round(two_sides(red=red)))  # turn 3


def _with(condition: str) -> Battle:
    if condition == "piloting-5":
        return _battle(skill=5)
    if condition == "piloting-6":
        return _battle(skill=6)
    if condition == "commander":
        return _battle(commander=True)
    battle = _battle()
    if condition == "structure-exposed":
        return actions.damage(battle, RED, 6, now=True)
    if condition == "pilot-wounded":
        return actions.wound(battle, RED, now=True)
    if condition == "heat-3":
        return actions.set_heat(battle, RED, 3)
    return actions.set_heat(battle, RED, 4)


def test_no_modifier_is_the_base_tn() -> None:
    check = betrayal_target(_battle(), RED, True)
    assert (check.tn, check.modifiers, check.eligible) == (SEED_BASE_TN, (), True)


@pytest.mark.parametrize("condition", list(SEED_MODIFIERS))
def test_each_seed_modifier_alone(condition: str) -> None:
    check = betrayal_target(_with(condition), RED, True)
    assert [(m.id, m.value) for m in check.modifiers] == [(condition, SEED_MODIFIERS[condition])]
    assert check.tn == SEED_BASE_TN + SEED_MODIFIERS[condition]
    assert check.modifiers[0].reason


def test_modifiers_combine() -> None:
    battle = _battle(skill=6, commander=True)
    battle = actions.damage(battle, RED, 6, now=True)
    battle = actions.wound(battle, RED, 2, now=True)
    battle = actions.set_heat(battle, RED, 3)
    check = betrayal_target(battle, RED, True)
    expected = ["structure-exposed", "pilot-wounded", "heat-3", "piloting-6", "commander"]
    assert [m.id for m in check.modifiers] == expected
    assert check.tn == SEED_BASE_TN + sum(SEED_MODIFIERS[m] for m in expected)


def test_armor_gone_without_structure_damage_is_not_exposed() -> None:
    battle = actions.damage(_battle(), RED, 5, now=True)  # armor 5: exactly gone
    assert betrayal_target(battle, RED, True).modifiers == ()


def test_heat_mapping_is_written_in_the_pack() -> None:
    rule = load_betrayal_rule()
    heat = {m.id: m for m in rule.modifiers if m.when == "heat"}
    assert (heat["heat-3"].equals, heat["heat-4"].at_least) == (3, 4)
    assert "heat 3" in heat["heat-3"].note and "heat S" in heat["heat-4"].note
    assert "10-13" in heat["heat-3"].note and "14+" in heat["heat-4"].note


def test_heat_s_gives_plus_two_but_a_shut_down_unit_cannot_be_tested() -> None:
    check = betrayal_target(_with("heat-4"), RED, True)
    assert check.tn == SEED_BASE_TN + 2
    assert check.modifiers[0].reason == "heat S"
    assert not check.eligible and "the unit is shut down" in check.reasons_not


def test_piloting_counts_a_betrayal_penalty() -> None:
    red = (entry(make_unit("Red Mech", mul_id=-2)), entry(make_unit("Red Two", mul_id=-3)))
    battle = actions.end_round(actions.end_round(two_sides(red=red)))
    turned = resolve_betrayal(battle, RED, 12, within_10=True, objective="stay").battle
    check = betrayal_target(actions.end_round(turned), RED, True, instigator=2)  # turning it back
    assert [m.id for m in check.modifiers] == ["piloting-5"]
    assert check.eligible


def test_piloting_skill_7_counts_as_6_or_worse() -> None:
    check = betrayal_target(_battle(skill=7), RED, True)
    assert [m.id for m in check.modifiers] == ["piloting-6"]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ("turn-2", "turn 2: tests may be declared from turn 3"),
        ("far", "not within 10 hexes"),
        ("shut-down", "shut down"),
        ("pilotless", "no pilot"),
        ("immobile-flag", "immobile"),
        ("immobile-mp", "immobile"),
        ("destroyed", "destroyed"),
        ("own-side", "already fights for"),
        ("rule-off", "not switched on"),
    ],
)
def test_eligibility(setup: str, reason: str) -> None:
    battle, within, instigator = _battle(), True, None
    if setup == "turn-2":
        battle = actions.end_round(two_sides())
    elif setup == "far":
        within = False
    elif setup == "shut-down":
        battle = actions.set_flag(battle, RED, "shutdown")
    elif setup == "pilotless":
        battle = actions.set_flag(battle, RED, "pilotless")
    elif setup == "immobile-flag":
        battle = actions.set_flag(battle, RED, "immobile")
    elif setup == "immobile-mp":
        for _ in range(3):
            battle = actions.crit(battle, RED, CritKind.MP, now=True)  # 10 → 5 → 2 → 0
    elif setup == "destroyed":
        battle = actions.set_flag(battle, RED, "destroyed")
    elif setup == "own-side":
        instigator = 2
    elif setup == "rule-off":
        battle = actions.end_round(actions.end_round(two_sides(packs=())))
    check = betrayal_target(battle, RED, within, instigator=instigator)
    assert not check.eligible
    assert any(reason in r for r in check.reasons_not), check.reasons_not
    with pytest.raises(BattleEditError, match="no betrayal test"):
        resolve_betrayal(battle, RED, 12, within_10=within, objective="B", instigator=instigator)


def test_an_instigator_without_active_units_cannot_test() -> None:
    turned = resolve_betrayal(_battle(), RED, 12, within_10=True, objective="stay").battle
    check = betrayal_target(actions.end_round(turned), RED, True, instigator=2)
    assert "Red has no active unit left" in check.reasons_not


def test_turn_3_is_the_first_turn_and_two_sides_default_the_instigator() -> None:
    check = betrayal_target(_battle(), RED, True)
    assert check.eligible and check.instigator == 1


def test_failure_blocks_the_next_turn_only() -> None:
    battle = _battle()
    outcome = resolve_betrayal(battle, RED, SEED_BASE_TN - 1, within_10=True, objective="flee")
    assert not outcome.success
    failed = outcome.battle
    assert failed.unit(RED) == battle.unit(RED)  # nothing changes on a failure
    assert "already tested in turn 3" in betrayal_target(failed, RED, True).reasons_not
    next_turn = actions.end_round(failed)
    reasons = betrayal_target(next_turn, RED, True).reasons_not
    assert any("failed in turn 3" in r for r in reasons)
    assert betrayal_target(actions.end_round(next_turn), RED, True).eligible


def test_the_instigator_keeps_one_designated_target() -> None:
    blue_side_two = two_sides(
        red=(entry(make_unit("Red A", mul_id=-2)), entry(make_unit("Red B", mul_id=-3)))
    )
    blue_side_two = actions.end_round(actions.end_round(blue_side_two))
    first = resolve_betrayal(blue_side_two, "2.1", 2, within_10=True, objective="C").battle
    assert any(
        "designated target is 2.1" in r for r in betrayal_target(first, "2.2", True).reasons_not
    )


def test_success_turns_the_unit_and_keeps_its_damage_and_heat() -> None:
    battle = actions.damage(_battle(), RED, 6, now=True)
    battle = actions.set_heat(battle, RED, 2)
    before = battle.unit(RED)
    outcome = resolve_betrayal(battle, RED, SEED_BASE_TN + 1, within_10=True, objective="D")
    assert outcome.success and outcome.objective is not None and outcome.objective.id == "sabotage"
    after = outcome.battle.unit(RED)
    assert after.controller == 1 and after.side == 2
    assert (after.armor_damage, after.structure_damage, after.heat) == (
        before.armor_damage,
        before.structure_damage,
        before.heat,
    )
    assert (after.weapon_penalty, after.piloting_penalty, after.objective) == (1, 1, "sabotage")
    red_entry = outcome.battle.entry(after)
    assert effects.to_hit(red_entry, after, "S") == effects.to_hit(red_entry, before, "S") + 1  # type: ignore[operator]
    assert effects.physical_to_hit(red_entry, after) == red_entry.skill + 1


def test_roll_equal_to_tn_succeeds_and_objective_is_required() -> None:
    battle = _battle()
    with pytest.raises(BattleEditError, match="objective"):
        resolve_betrayal(battle, RED, 9, within_10=True)
    with pytest.raises(BattleEditError, match="unknown betrayal objective"):
        resolve_betrayal(battle, RED, 9, within_10=True, objective="Z")
    assert resolve_betrayal(battle, RED, SEED_BASE_TN, within_10=True, objective="stay").success


def test_seeded_roll_is_repeatable_and_two_dice() -> None:
    assert roll_2d6(7) == roll_2d6(7)
    assert {roll_2d6(n) for n in range(200)} <= set(range(2, 13))
