"""Crit prompts after damage (ASCE p.49, p.51, p.187) and Betrayal's designation and objective D.

Betrayal: seed 000 I (the target and objective are chosen before the game) and III.B
option D (critical sabotage: a rear punch at +1 damage, two automatic crit rolls on the
formerly friendly target, then flee as B).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from battle.conftest import BattleFile, entry, make_unit, two_sides
from cardsmith.battle import actions
from cardsmith.battle.betrayal import designate, designated_objective, resolve_betrayal
from cardsmith.battle.crit_prompts import rolls_after_damage
from cardsmith.battle.crits import CritKind
from cardsmith.battle.sabotage import sabotage
from cardsmith.battle.state import Battle, BattleEditError, UnitState
from cardsmith.models import ForceEntry, UnitType

RED = "2.1"


def _prompts(unit_entry: ForceEntry, points: int, **state: Any) -> list[tuple[str, int]]:
    before = UnitState(key="1.1", side=1, index=1, controller=1).with_changes(**state)
    after = actions.apply_damage(unit_entry, before, points)
    return [(p.table, p.rolls) for p in rolls_after_damage(unit_entry, before, after, points)]


def test_structure_damage_calls_for_one_crit_roll_two_for_industrialmechs_and_bar() -> None:
    # ASCE p.49: a hit that damages structure rolls once; IndustrialMechs and BAR units twice.
    battle_mech = entry(make_unit(armor=2, structure=4))
    assert _prompts(battle_mech, 1) == []
    assert _prompts(battle_mech, 3) == [("crit", 1)]
    industrial = entry(make_unit(type_=UnitType.IM, armor=2, structure=4))
    assert _prompts(industrial, 3) == [("crit", 2)]
    barrier = entry(make_unit(type_=UnitType.SV, move='8"w', armor=2, specials="BAR"))
    assert _prompts(barrier, 3) == [("crit", 2), ("motive", 1)]


def test_armor_damage_to_a_bar_unit_calls_for_a_roll() -> None:
    # ASCE p.49: a unit with BAR rolls on any damage, armor only included.
    barrier = entry(make_unit(type_=UnitType.BM, armor=5, specials="BAR"))
    assert _prompts(barrier, 1) == [("crit", 1)]


def test_an_aerospace_hit_over_its_threshold_calls_for_a_roll() -> None:
    # ASCE p.187: an aerospace unit rolls when one attack's damage exceeds its threshold.
    from dataclasses import replace

    fighter = entry(replace(make_unit(type_=UnitType.AF, move="6a", armor=6), threshold=2))
    assert _prompts(fighter, 2) == []
    assert _prompts(fighter, 3) == [("crit", 1)]
    airship = entry(replace(make_unit(type_=UnitType.SV, move="2i", armor=6), threshold=1))
    assert _prompts(airship, 2) == [("crit", 1)]  # aerospace: no motive roll


def test_damage_to_a_submerged_unit_calls_for_a_roll() -> None:
    # ASCE's crit triggers (alpha-strike-facts §4) and seed 004 "Daño bajo el agua": every
    # hit on a submerged unit may breach its hull, armor only included.
    sub = entry(make_unit("Neptune", type_=UnitType.CV, move='6"s', armor=5))
    assert _prompts(sub, 1) == [("crit", 1), ("motive", 1)]
    boat = entry(make_unit("Hydrofoil", type_=UnitType.CV, move='12"n', armor=5))
    assert _prompts(boat, 1) == [("motive", 1)]


def test_a_destroyed_unit_rolls_nothing_and_vehicles_roll_for_motive() -> None:
    tank = entry(make_unit(type_=UnitType.CV, move='8"t', armor=2, structure=2))
    assert _prompts(tank, 1) == [("motive", 1)]
    assert _prompts(tank, 9) == []


def test_the_cli_words_each_prompt(cli_run: Any, battle_file: BattleFile) -> None:
    path = str(battle_file())
    result = cli_run("battle", "damage", path, "1.2", "6")  # the Blue Tank: 5 armor, 4 structure
    assert result.code == 0, result
    lines = [line for line in result.stdout.splitlines() if line.startswith("Roll:")]
    assert lines == [
        "Roll: 1.2: roll 1 critical hit — structure damaged (`battle crit BATTLE UNIT --roll N`)",
        "Roll: 1.2: roll 1 motive-table roll — a vehicle was damaged "
        "(`battle crit BATTLE UNIT --motive-roll N`)",
    ]


# -- Betrayal: designation --------------------------------------------------------------


def _turn_3(battle: Battle) -> Battle:
    return actions.end_round(actions.end_round(battle))


def test_the_objective_is_fixed_at_designation() -> None:
    battle = designate(two_sides(), RED, "D")  # before the game: turn 1
    assert designated_objective(battle, 1) == "sabotage"
    with pytest.raises(BattleEditError, match="holds for the game"):
        designate(battle, RED, "flee")
    later = _turn_3(battle)
    with pytest.raises(BattleEditError, match="cannot change between tests"):
        resolve_betrayal(later, RED, 2, within_10=True, objective="flee")
    failed = resolve_betrayal(later, RED, 2, within_10=True).battle  # the designated one
    again = actions.end_round(actions.end_round(failed))
    with pytest.raises(BattleEditError, match="cannot change between tests"):
        resolve_betrayal(again, RED, 12, within_10=True, objective="stay")
    turned = resolve_betrayal(again, RED, 12, within_10=True).battle
    assert turned.unit(RED).objective == "sabotage"


def test_the_first_test_designates_when_nothing_was_designated() -> None:
    first = resolve_betrayal(_turn_3(two_sides()), RED, 2, within_10=True, objective="C").battle
    assert designated_objective(first, 1) == "stay"
    with pytest.raises(BattleEditError, match="holds for the game"):
        designate(first, RED, "B")


def test_the_cli_designates_and_then_refuses_another_objective(
    cli_run: Any, battle_file: BattleFile
) -> None:
    path = str(battle_file())
    done = cli_run("battle", "betrayal", path, RED, "--designate", "--objective", "D")
    assert done.code == 0 and "objective sabotage" in done.stdout, done
    for _ in range(2):
        assert cli_run("battle", "end-round", path).code == 0
    refused = cli_run(
        "battle", "betrayal", path, RED, "--within-10", "--roll", "3", "--objective", "B", "--apply"
    )
    assert refused.code == 2 and "cannot change between tests" in refused.stderr, refused


# -- Betrayal: objective D, critical sabotage ----------------------------------------------


def _traitor(*, red_tonnage: float = 50, blue_tonnage: float = 50) -> Battle:
    from dataclasses import replace

    red = (
        entry(replace(make_unit("Red Mech", mul_id=-2), tonnage=red_tonnage, size=3)),
        entry(replace(make_unit("Red Scout", mul_id=-3), tonnage=blue_tonnage)),
    )
    battle = designate(two_sides(red=red), RED, "sabotage")
    return resolve_betrayal(_turn_3(battle), RED, 12, within_10=True).battle


def test_sabotage_punches_the_rear_with_two_crit_rolls_then_flees() -> None:
    battle = _traitor()
    done = sabotage(battle, RED, "2.2", hit=True, crit_rolls=(7, 12))
    # Size 3 + 1 for the rear (ASCE p.46, p.48), staged with the two crits for the End Phase.
    assert done.damage == 4 and done.prompts == ()
    staged = [(c.kind, c.amount, c.detail) for c in done.battle.pending if c.unit == "2.2"]
    assert staged == [("damage", 4, ""), ("crit", 0, "mp"), ("crit", 0, "destroyed")]
    assert done.battle.unit(RED).objective == "flee"
    ended = actions.end_round(done.battle)
    assert ended.unit("2.2").destroyed and ended.unit("2.2").crits == (
        CritKind.MP,
        CritKind.DESTROYED,
    )
    with pytest.raises(BattleEditError, match="already"):
        sabotage(done.battle, RED, "2.2", hit=False)


def test_a_sabotage_without_rolls_asks_for_both_and_a_miss_still_flees() -> None:
    asked = sabotage(_traitor(), RED, "2.2", hit=True)
    assert [(p.unit, p.table, p.rolls) for p in asked.prompts] == [("2.2", "crit", 2)]
    missed = sabotage(_traitor(), RED, "2.2", hit=False)
    assert missed.damage == 0 and not [c for c in missed.battle.pending if c.unit == "2.2"]
    assert missed.battle.unit(RED).objective == "flee"


def test_sabotage_needs_the_objective_a_former_ally_and_no_heavier_target() -> None:
    with pytest.raises(BattleEditError, match="heavier"):
        sabotage(_traitor(blue_tonnage=80), RED, "2.2", hit=True)
    with pytest.raises(BattleEditError, match="formerly friendly"):
        sabotage(_traitor(), RED, "1.1", hit=True)
    flee = resolve_betrayal(_turn_3(two_sides()), RED, 12, within_10=True, objective="flee").battle
    with pytest.raises(BattleEditError, match="sabotage objective"):
        sabotage(flee, RED, "1.1", hit=True)


def test_battle_sabotage_on_the_command_line(cli_run: Any, tmp_path: Path) -> None:
    from cardsmith.battle.battle_file import save_battle

    battle = _traitor()
    forces = tmp_path / "forces"
    forces.mkdir()
    from cardsmith.forces.force_file import save_force

    paths = []
    for side in battle.sides:
        paths.append(forces / f"{side.name.lower()}.json")
        save_force(side.force, paths[-1])
    from cardsmith.battle.battle_file import start_battle

    out = tmp_path / "battle.json"
    fresh = start_battle(paths, out, battle.packs)
    save_battle(actions.replay(fresh, battle.log), out)
    result = cli_run("battle", "sabotage", str(out), RED, "2.2", "--crit-roll", "8")
    assert result.code == 0, result
    assert "critical sabotage on 2.2: hit; now flees" in result.stdout
    assert "Roll: 2.2: roll 1 critical hit" in result.stdout


def test_each_prompt_says_why_in_words() -> None:
    from dataclasses import replace

    def texts(unit_entry: ForceEntry, points: int) -> list[str]:
        before = UnitState(key="1.1", side=1, index=1, controller=1)
        after = actions.apply_damage(unit_entry, before, points)
        return [p.text for p in rolls_after_damage(unit_entry, before, after, points)]

    mech = entry(make_unit(armor=2, structure=4))
    assert texts(mech, 3) == ["1.1: roll 1 critical hit — structure damaged"]
    industrial = entry(make_unit(type_=UnitType.IM, armor=2, structure=4))
    assert texts(industrial, 3) == [
        "1.1: roll 2 critical hits — structure damaged (IndustrialMech: two rolls)"
    ]
    barrier = entry(make_unit(type_=UnitType.SV, move='8"w', armor=2, specials="BAR"))
    assert texts(barrier, 3) == [
        "1.1: roll 2 critical hits — structure damaged (BAR: two rolls)",
        "1.1: roll 1 motive-table roll — a vehicle was damaged",
    ]
    armored = entry(make_unit(armor=5, specials="BAR"))
    assert texts(armored, 1) == ["1.1: roll 1 critical hit — damage to a unit with BAR"]
    sub = entry(make_unit("Neptune", type_=UnitType.CV, move='6"s', armor=5))
    assert texts(sub, 1)[0] == "1.1: roll 1 critical hit — damage to a submerged unit"
    fighter = entry(replace(make_unit(type_=UnitType.AF, move="6a", armor=6), threshold=2))
    assert texts(fighter, 3) == ["1.1: roll 1 critical hit — 3 damage exceeds its threshold 2"]


def test_sabotage_refusals_in_words_and_a_punch_of_at_least_one() -> None:
    from dataclasses import replace

    battle = _traitor()
    done = sabotage(battle, RED, "2.2", hit=True, crit_rolls=(7,))
    assert all(c.turn == battle.turn for c in done.battle.pending if c.unit == "2.2")
    with pytest.raises(BattleEditError) as caught:
        sabotage(done.battle, RED, "2.2", hit=False)
    assert caught.value.message == "2.1 Red Mech has made its sabotage attack already; it now flees"
    for rolls, hit in (((7,), False), ((7, 8, 9), True)):
        with pytest.raises(BattleEditError) as caught:
            sabotage(battle, RED, "2.2", hit=hit, crit_rolls=rolls)
        assert caught.value.message == "a sabotage hit makes 2 crit rolls, no more"
    gone = actions.set_flag(battle, "2.2", "destroyed")
    with pytest.raises(BattleEditError) as caught:
        sabotage(gone, RED, "2.2", hit=True)
    assert caught.value.message == (
        "2.2 Red Scout is not a formerly friendly unit still in play (a unit of Red)"
    )
    # A punch is the attacker's Size, at least 1, plus 1 for the rear (ASCE p.46, p.48).
    tiny = (
        entry(replace(make_unit("Red Mech", mul_id=-2), tonnage=20, size=0)),
        entry(replace(make_unit("Red Scout", mul_id=-3), tonnage=20)),
    )
    light = resolve_betrayal(
        _turn_3(designate(two_sides(red=tiny), RED, "sabotage")), RED, 12, within_10=True
    ).battle
    assert sabotage(light, RED, "2.2", hit=True).damage == 2
