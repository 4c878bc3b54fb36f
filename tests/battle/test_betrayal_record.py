"""What a Betrayal test says and keeps (seed 000): each modifier's reason, the exact reasons
no test may be made, the roll's bounds, the log entry, and designations per instigator
when three sides play."""

from __future__ import annotations

import pytest

from battle.conftest import entry, make_unit, two_sides
from cardsmith.battle import actions
from cardsmith.battle.betrayal import (
    betrayal_target,
    designate,
    designated_objective,
    designation,
    is_switched_on,
    load_betrayal_rule,
    resolve_betrayal,
)
from cardsmith.battle.state import Battle, BattleEditError, Side, new_battle
from cardsmith.errors import RulePackError
from cardsmith.models import Force

RED = "2.1"


def _turn_3(battle: Battle) -> Battle:
    return actions.end_round(actions.end_round(battle))


def _battle(skill: int = 4, commander: bool = False) -> Battle:
    red = (entry(make_unit("Red Mech", mul_id=-2), skill=skill, commander=commander),)
    return _turn_3(two_sides(red=red))


def _reasons(battle: Battle) -> dict[str, str]:
    return {m.id: m.reason for m in betrayal_target(battle, RED, True).modifiers}


def test_each_modifier_says_the_state_that_triggered_it() -> None:
    assert _reasons(actions.damage(_battle(), RED, 6, now=True)) == {
        "structure-exposed": "armor gone, 1 structure damage"
    }
    assert _reasons(actions.wound(_battle(), RED, 2, now=True)) == {
        "pilot-wounded": "pilot has 2 wounds"
    }
    assert _reasons(actions.set_heat(_battle(), RED, 3)) == {"heat-3": "heat 3"}
    assert _reasons(_battle(skill=5)) == {"piloting-5": "piloting skill 5"}
    assert _reasons(_battle(commander=True)) == {"commander": "the unit is its force's commander"}


def test_a_turned_units_piloting_reason_shows_skill_and_penalty() -> None:
    red = (entry(make_unit("Red Mech", mul_id=-2)), entry(make_unit("Red Two", mul_id=-3)))
    turned = resolve_betrayal(_turn_3(two_sides(red=red)), RED, 12, within_10=True, objective="C")
    check = betrayal_target(actions.end_round(turned.battle), RED, True, instigator=2)
    assert [m.reason for m in check.modifiers] == ["piloting skill 5 (skill 4 + 1 penalty)"]


def test_the_check_names_the_unit_the_base_tn_and_the_packs_notes() -> None:
    rule = load_betrayal_rule()
    check = betrayal_target(actions.set_heat(_battle(), RED, 3), RED, True)
    assert (check.unit, check.unit_name, check.instigator) == (RED, "Red Mech", 1)
    assert check.base_tn == rule.base_tn == 9  # seed 000 II.C
    notes = {m.id: m.note for m in rule.modifiers}
    assert [(m.id, m.note) for m in check.modifiers] == [("heat-3", notes["heat-3"])]
    assert notes["heat-3"]


def test_a_shut_down_unit_counts_as_heat_s_whatever_its_heat() -> None:
    check = betrayal_target(actions.set_flag(_battle(), RED, "shutdown"), RED, True)
    assert [m.id for m in check.modifiers] == ["heat-4"]
    assert check.modifiers[0].reason == "heat S"
    assert check.reasons_not == ("the unit is shut down",)


@pytest.mark.parametrize(
    ("flag", "reason"),
    [
        ("destroyed", "the unit is destroyed"),
        ("withdrawn", "the unit has left the battle"),
        ("pilotless", "the unit has no pilot"),
        ("immobile", "the unit is immobile"),
    ],
)
def test_each_state_that_bars_a_test_is_said_exactly(flag: str, reason: str) -> None:
    check = betrayal_target(actions.set_flag(_battle(), RED, flag), RED, True)
    assert check.reasons_not == (reason,)


def test_without_the_rule_no_test_and_no_designation_and_each_says_why() -> None:
    battle = _turn_3(two_sides(packs=()))
    off = "the Betrayal rule is not switched on for this battle"
    assert betrayal_target(battle, RED, True).reasons_not == (off,)
    with pytest.raises(BattleEditError) as refused:
        designate(battle, RED, "flee")
    assert str(refused.value) == off
    with pytest.raises(RulePackError) as missing:
        load_betrayal_rule("standard")
    assert str(missing.value) == "rule pack 'standard' has no [optional.betrayal] table"


def test_a_refused_test_gives_every_reason_and_a_missing_objective_the_choices() -> None:
    battle = actions.set_flag(_battle(), RED, "pilotless")
    with pytest.raises(BattleEditError) as refused:
        resolve_betrayal(battle, RED, 12, within_10=False, objective="flee")
    assert str(refused.value) == (
        "no betrayal test on 2.1 now: not within 10 hexes of an active unit of the "
        "instigator; the unit has no pilot"
    )
    with pytest.raises(BattleEditError) as unchosen:
        resolve_betrayal(_battle(), RED, 12, within_10=True)
    assert str(unchosen.value) == (
        "choose the betrayal objective before the test (seed 000 I): flee, stay, sabotage"
    )


def test_an_instigator_must_be_a_side_and_is_asked_for_when_several_could_be() -> None:
    with pytest.raises(BattleEditError) as unknown:
        betrayal_target(_battle(), RED, True, instigator=3)
    assert str(unknown.value) == "no side 3"
    with pytest.raises(BattleEditError) as several:
        betrayal_target(_three_sides(), RED, True)
    assert str(several.value) == "name the instigator's side (several sides could be instigating)"


def test_the_rule_is_found_behind_a_pack_without_it() -> None:
    battle = _turn_3(two_sides(packs=("standard", "betrayal")))
    assert is_switched_on(battle)
    assert betrayal_target(battle, RED, True).eligible


@pytest.mark.parametrize("roll", [1, 13])
def test_a_roll_outside_2_to_12_is_refused(roll: int) -> None:
    with pytest.raises(BattleEditError) as refused:
        resolve_betrayal(_battle(), RED, roll, within_10=True, objective="flee")
    assert str(refused.value) == f"a 2D6 roll is 2-12, not {roll}"


def test_the_log_keeps_roll_tn_side_result_objective_and_penalty() -> None:
    battle = actions.set_heat(_battle(), RED, 3)
    outcome = resolve_betrayal(battle, RED, 9, within_10=True, objective="B")
    assert (outcome.roll, outcome.success) == (9, False)
    change = outcome.battle.log[-1]
    assert (change.kind, change.unit, change.turn) == ("betrayal", RED, 3)
    assert dict(change.data) == {
        "roll": 9,
        "tn": 10,
        "instigator": 1,
        "success": False,
        "objective": "flee",
        "penalty": load_betrayal_rule().skill_penalty,
    }


def test_a_designation_holds_its_objective_for_the_game() -> None:
    designated = designate(_battle(), RED, "B")
    chosen = designation(designated, 1)
    assert chosen is not None and (chosen.kind, chosen.unit, chosen.turn) == ("designate", RED, 3)
    assert designated_objective(designated, 1) == "flee"
    with pytest.raises(BattleEditError) as again:
        designate(designated, RED, "stay")
    assert str(again.value) == (
        "Blue designated 2.1 with objective flee already; the choice holds for the game (seed 000 I)"
    )
    with pytest.raises(BattleEditError) as changed:
        resolve_betrayal(designated, RED, 12, within_10=True, objective="stay")
    assert str(changed.value) == (
        "the objective was fixed as flee when the unit was designated; "
        "it cannot change between tests (seed 000 I)"
    )
    outcome = resolve_betrayal(designated, RED, 12, within_10=True)  # the fixed objective
    assert outcome.objective is not None and outcome.objective.id == "flee"


def test_a_side_cannot_designate_its_own_unit() -> None:
    with pytest.raises(BattleEditError) as refused:
        designate(_battle(), RED, "flee", instigator=2)
    assert str(refused.value) == "2.1 already fights for Red"


def test_an_unknown_objective_lists_the_known_ones() -> None:
    with pytest.raises(BattleEditError) as refused:
        designate(_battle(), RED, "Z")
    assert str(refused.value) == (
        "unknown betrayal objective 'Z' (one of: flee (B), stay (C), sabotage (D))"
    )


def _three_sides() -> Battle:
    def force(name: str, first_id: int) -> Force:
        units = (
            make_unit(f"{name} A", mul_id=first_id),
            make_unit(f"{name} B", mul_id=first_id - 1),
        )
        return Force(name, entries=tuple(entry(u) for u in units))

    sides = (Side("Blue", force("Blue", -1)), Side("Red", force("Red", -3)))
    return _turn_3(new_battle((*sides, Side("Green", force("Green", -5))), ("betrayal",)))


def test_with_three_sides_each_instigator_keeps_its_own_tests_and_target() -> None:
    battle = _three_sides()
    designated = designate(battle, RED, "flee", instigator=3)
    assert designation(designated, 3) is not None and designation(designated, 1) is None
    failed = resolve_betrayal(battle, RED, 2, within_10=True, objective="flee", instigator=1)
    blue_tested = failed.battle
    # Blue's failed test binds Blue: the same unit, and no other, for Blue this turn ...
    assert (
        "already tested in turn 3"
        in betrayal_target(blue_tested, RED, True, instigator=1).reasons_not
    )
    # ... and leaves Green free to test it, or another unit, this turn.
    assert betrayal_target(blue_tested, RED, True, instigator=3).eligible
    assert betrayal_target(blue_tested, "2.2", True, instigator=3).eligible
    assert designation(blue_tested, 3) is None
