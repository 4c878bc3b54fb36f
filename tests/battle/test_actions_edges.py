"""What the battle's changes refuse, say and leave behind at their edges: the turn each is
logged under, each refusal's words, units out of play, units without a heat scale or an
Alpha Strike track, and the crits that end a unit (ASCE p.50–53, p.187)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from testdata import skirmish_trooper

from battle.conftest import entry, make_unit, two_sides
from cardsmith.battle import actions
from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import Battle, BattleEditError, Change, UnitState
from cardsmith.models import ForceEntry, UnitType

RED = "2.1"
TANK = "1.2"


def _state() -> UnitState:
    return UnitState(key="1.1", side=1, index=1, controller=1)


def test_every_change_is_logged_under_the_turn_it_was_made() -> None:
    battle = actions.end_round(actions.end_round(two_sides()))
    assert battle.turn == 3
    battle = actions.damage(battle, RED, 1)
    battle = actions.crit(battle, RED, CritKind.WEAPON)
    battle = actions.wound(battle, RED)
    battle = actions.heat(battle, RED, 1)
    battle = actions.set_heat(battle, "1.1", 2)
    battle = actions.set_flag(battle, "1.1", "immobile")
    battle = actions.end_round(battle)
    assert [(c.kind, c.turn) for c in battle.log] == [
        ("end-round", 1),
        ("end-round", 2),
        ("damage", 3),
        ("crit", 3),
        ("wound", 3),
        ("heat", 3),
        ("set-heat", 3),
        ("flag", 3),
        ("end-round", 3),
    ]
    assert actions.describe(battle, battle.log[2]) == ("turn 3: 2.1 Red Mech: 1 damage (end phase)")


def test_a_wound_is_staged_and_a_crit_now_is_not() -> None:
    battle = actions.wound(two_sides(), RED, 2)
    assert battle.unit(RED).pilot_wounds == 0
    assert [(c.kind, c.staged) for c in battle.pending] == [("wound", True)]
    assert actions.end_round(battle).unit(RED).pilot_wounds == 2
    battle = actions.crit(two_sides(), RED, CritKind.FIRE_CONTROL, now=True)
    assert battle.pending == () and battle.unit(RED).crits == (CritKind.FIRE_CONTROL,)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: actions.damage(b, RED, 0), "damage must be 1 point or more, not 0"),
        (lambda b: actions.wound(b, RED, 0), "wounds must be 1 or more, not 0"),
        (
            lambda b: actions.heat(b, RED, 1, source="lava"),
            "heat source must be one of ov, fired, external, water",
        ),
        (lambda b: actions.heat(b, RED, -1), "heat points must be 0 or more, not -1"),
        (lambda b: actions.set_heat(b, RED, 5), "heat level must be 0-3 or S, not 5"),
        (
            lambda b: actions.set_flag(b, RED, "asleep"),
            "flag must be one of shutdown, immobile, destroyed, withdrawn, pilotless, not 'asleep'",
        ),
    ],
    ids=["damage", "wound", "heat-source", "heat-points", "heat-level", "flag"],
)
def test_each_refusal_says_what_is_allowed(
    change: Callable[[Battle], Battle], message: str
) -> None:
    battle = two_sides()
    with pytest.raises(BattleEditError) as refused:
        change(battle)
    assert str(refused.value) == message


def test_undo_with_nothing_done_says_so() -> None:
    with pytest.raises(BattleEditError) as refused:
        actions.undo(two_sides())
    assert str(refused.value) == "nothing to undo: the battle has no changes yet"


def test_a_unit_marked_destroyed_by_mistake_can_be_brought_back() -> None:
    battle = actions.set_flag(two_sides(), RED, "destroyed")
    with pytest.raises(BattleEditError) as refused:
        actions.damage(battle, RED, 1)
    assert str(refused.value) == (
        "2.1 Red Mech is destroyed; clear the flag first if that was a mistake"
    )
    battle = actions.set_flag(battle, RED, "destroyed", False)
    assert not battle.unit(RED).destroyed
    assert actions.damage(battle, RED, 2, now=True).unit(RED).armor_damage == 2


def test_a_withdrawn_unit_is_called_withdrawn() -> None:
    battle = actions.set_flag(two_sides(), RED, "withdrawn")
    with pytest.raises(BattleEditError, match=r"^2\.1 Red Mech is withdrawn; clear the flag"):
        actions.crit(battle, RED, CritKind.WEAPON)


def _trooper_battle() -> Battle:
    return two_sides(blue=(entry(skirmish_trooper()),), packs=())


@pytest.mark.parametrize("kind", ["damage", "crit"])
def test_a_unit_of_another_game_takes_neither_damage_nor_crits(kind: str) -> None:
    battle = _trooper_battle()
    with pytest.raises(BattleEditError) as refused:
        if kind == "damage":
            actions.damage(battle, "1.1", 1)
        else:
            actions.crit(battle, "1.1", CritKind.WEAPON)
    message = str(refused.value)
    assert "is not an Alpha Strike unit: its damage track is W (wounds)" in message
    assert message.endswith("mark them with `battle wound`")


def test_a_unit_with_no_heat_scale_takes_no_heat_and_no_heat_level() -> None:
    battle = two_sides()
    changes: tuple[Callable[[], Battle], ...] = (
        lambda: actions.heat(battle, TANK, 1),
        lambda: actions.set_heat(battle, TANK, 2),
    )
    for change in changes:
        with pytest.raises(BattleEditError) as refused:
            change()
        assert str(refused.value) == (
            "1.2 Blue Tank (CV) has no heat scale; heat against it counts as damage "
            "(ASCE p.53): mark it with `battle damage`"
        )


@pytest.mark.parametrize("source", ["ov", "fired"])
def test_a_shut_down_unit_cannot_fire_but_still_takes_outside_heat(source: str) -> None:
    battle = actions.set_heat(two_sides(), RED, 4)
    assert battle.unit(RED).shutdown
    with pytest.raises(BattleEditError) as refused:
        actions.heat(battle, RED, 0 if source == "fired" else 1, source=source)
    assert str(refused.value) == "2.1 Red Mech is shut down and cannot attack this turn"
    hot = actions.heat(battle, RED, 2, source="external")
    assert actions.end_round(hot).unit(RED).heat == 2  # restarts at 0, then 2 from outside


def test_overheat_is_capped_at_the_units_ov() -> None:
    battle = two_sides(red=(entry(make_unit("Red Mech", mul_id=-2, overheat=2)),))
    assert actions.end_round(actions.heat(battle, RED, 2)).unit(RED).heat == 2
    with pytest.raises(BattleEditError) as refused:
        actions.heat(battle, RED, 3)
    assert str(refused.value) == "2.1 Red Mech has OV 2; it cannot use 3"
    # External heat is not overheat: it may be more than the OV (and is capped at 2).
    assert actions.end_round(actions.heat(battle, RED, 3, source="external")).unit(RED).heat == 2


def test_a_crit_the_unit_cannot_take_names_the_ones_it_can() -> None:
    battle = two_sides()
    with pytest.raises(BattleEditError) as refused:
        actions.crit(battle, RED, CritKind.FUEL)
    message = str(refused.value)
    assert message.startswith("2.1 Red Mech (BM) has no fuel hit (crash) result (its crits: ")
    listed = message.removesuffix(")").split("(its crits: ")[1].split(", ")
    assert listed == sorted(listed) and "engine" in listed and "fuel" not in listed


# -- crits that end a unit ----------------------------------------------------------


def _fighter() -> ForceEntry:
    return entry(make_unit("Sparrowhawk", type_=UnitType.AF, move="7a", damage="2/2/0/0"))


def test_a_fuel_hit_destroys_and_crashes_a_fighter() -> None:
    after = actions.apply_crit(_fighter(), _state(), CritKind.FUEL, 1)
    assert (after.destroyed, after.crashed) == (True, True)
    assert after.crits == (CritKind.FUEL,)


def test_a_killed_crew_leaves_the_unit_destroyed_and_pilotless() -> None:
    after = actions.apply_crit(_fighter(), _state(), CritKind.CREW_KILLED, 1)
    assert (after.destroyed, after.pilotless, after.crashed) == (True, True, False)


def test_the_second_crew_hit_on_a_large_craft_leaves_it_pilotless() -> None:
    craft = entry(make_unit("Leopard", type_=UnitType.DS, move="8a", damage="4/4/3/0"))
    once = actions.apply_crit(craft, _state(), CritKind.CREW, 1)
    assert (once.destroyed, once.pilotless) == (False, False)
    twice = actions.apply_crit(craft, once, CritKind.CREW, 1)
    assert (twice.destroyed, twice.pilotless) == (True, True)


@pytest.mark.parametrize("type_", [UnitType.DS, UnitType.WS])
def test_the_third_engine_hit_crashes_a_large_craft(type_: UnitType) -> None:
    craft = entry(make_unit("Craft", type_=type_, move="8a", damage="4/4/3/0"))
    state = _state()
    for _ in range(2):
        state = actions.apply_crit(craft, state, CritKind.ENGINE, 1)
        assert (state.destroyed, state.crashed) == (False, False)
    third = actions.apply_crit(craft, state, CritKind.ENGINE, 1)
    assert (third.destroyed, third.crashed) == (True, True)


def test_a_mechs_second_engine_hit_destroys_it_without_a_crash() -> None:
    mech = entry(make_unit())
    state = actions.apply_crit(mech, _state(), CritKind.ENGINE, 1)
    assert not state.destroyed
    second = actions.apply_crit(mech, state, CritKind.ENGINE, 1)
    assert (second.destroyed, second.crashed) == (True, False)


def test_a_thruster_hit_that_leaves_no_thrust_crashes_the_craft() -> None:
    station = entry(make_unit("Haruspex", type_=UnitType.SS, move="0.2k", damage="4/5/3/0"))
    after = actions.apply_crit(station, _state(), CritKind.THRUSTER, 1)
    assert (after.destroyed, after.crashed) == (True, True)
    fighter = entry(make_unit("Lightning", type_=UnitType.AF, move="7a", damage="2/2/0/0"))
    kept = actions.apply_crit(fighter, _state(), CritKind.THRUSTER, 1)
    assert (kept.destroyed, kept.crashed) == (False, False)


def test_a_destroyed_result_destroys() -> None:
    after = actions.apply_crit(entry(make_unit()), _state(), CritKind.DESTROYED, 1)
    assert after.destroyed and not after.crashed and not after.pilotless


def test_damage_within_the_armor_never_destroys() -> None:
    # A unit whose structure is marked full but whose destroyed flag was cleared by hand
    # is not destroyed again by damage its armor takes.
    mech = entry(make_unit(armor=5, structure=4))
    brought_back = _state().with_changes(structure_damage=4)
    assert not actions.apply_damage(mech, brought_back, 2).destroyed
    assert actions.apply_damage(mech, brought_back, 6).destroyed


# -- the log's lines -------------------------------------------------------------------


def test_each_change_reads_as_one_log_line() -> None:
    battle = two_sides()
    battle = actions.damage(battle, RED, 3)
    battle = actions.crit(battle, RED, CritKind.FIRE_CONTROL, now=True)
    battle = actions.wound(battle, RED, 2)
    battle = actions.heat(battle, RED, 1)
    battle = actions.heat(battle, RED, 2, source="external")
    battle = actions.set_heat(battle, "1.1", 4)
    battle = actions.set_flag(battle, "1.1", "immobile")
    battle = actions.set_flag(battle, "1.1", "immobile", False)
    battle = actions.end_round(battle)
    assert [actions.describe(battle, change) for change in battle.log] == [
        "turn 1: 2.1 Red Mech: 3 damage (end phase)",
        "turn 1: 2.1 Red Mech: crit: fire-control",
        "turn 1: 2.1 Red Mech: 2 pilot wound(s) (end phase)",
        "turn 1: 2.1 Red Mech: heat ov 1 (end phase)",
        "turn 1: 2.1 Red Mech: heat external 2 (end phase)",
        "turn 1: 1.1 Blue Mech: heat set to S",
        "turn 1: 1.1 Blue Mech: immobile on",
        "turn 1: 1.1 Blue Mech: immobile off",
        "turn 1: end of round",
    ]


def test_betrayal_lines_say_the_roll_the_choice_and_the_sabotage() -> None:
    battle = two_sides()
    lines = {
        Change(
            "betrayal", RED, 2, data=(("roll", 9), ("tn", 8), ("success", True))
        ): "turn 2: 2.1 Red Mech: betrayal test: roll 9 vs TN 8 — turned",
        Change(
            "betrayal", RED, 2, data=(("roll", 5), ("tn", 8), ("success", False))
        ): "turn 2: 2.1 Red Mech: betrayal test: roll 5 vs TN 8 — failed",
        Change(
            "designate", RED, 1, data=(("instigator", 1), ("objective", "C"))
        ): "turn 1: 2.1 Red Mech: designated for betrayal by side 1, objective C",
        Change(
            "sabotage", RED, 3, data=(("target", "1.2"), ("hit", True))
        ): "turn 3: 2.1 Red Mech: critical sabotage on 1.2: hit; now flees",
        Change(
            "sabotage", RED, 3, data=(("target", "1.2"), ("hit", False))
        ): "turn 3: 2.1 Red Mech: critical sabotage on 1.2: missed; now flees",
    }
    for change, line in lines.items():
        assert actions.describe(battle, change) == line


def test_a_line_for_a_unit_no_longer_in_the_battle_keeps_its_key() -> None:
    # An old log read against forces that changed since: the key stands in for the name.
    line = actions.describe(two_sides(), Change("damage", "3.1", 2, amount=1, staged=True))
    assert line == "turn 2: 3.1: 1 damage (end phase)"


def test_a_generic_units_wounds_are_not_called_pilot_wounds() -> None:
    battle = actions.wound(_trooper_battle(), "1.1", 2)
    line = actions.describe(battle, battle.log[-1])
    assert line.startswith("turn 1: 1.1 ") and line.endswith(": 2 wound(s)")


# -- heat, stunned crews and what is still to come -----------------------------------


def test_firing_without_overheat_in_water_cools_to_nothing_not_below() -> None:
    # ASCE p.52: no OV used adds nothing; water takes 1 off, but heat stops at 0.
    battle = actions.heat(two_sides(), RED, source="fired")
    assert battle.pending[-1].amount == 0
    battle = actions.heat(battle, RED, source="water")
    assert actions.end_round(battle).unit(RED).heat == 0
    warm = actions.set_heat(two_sides(), RED, 2)
    warm = actions.heat(actions.heat(warm, RED, 1), RED, source="water")
    assert actions.end_round(warm).unit(RED).heat == 2  # 2 + 1 OV − 1 for the water


def test_a_crew_stunned_now_sits_out_the_next_turn() -> None:
    battle = actions.end_round(two_sides())  # turn 2; 1.2 is a tank (ASCE p.51)
    stunned = actions.crit(battle, TANK, CritKind.CREW_STUNNED, now=True)
    assert stunned.unit(TANK).stunned_turn == 3


def test_what_is_staged_shows_in_the_projection_before_the_end_phase() -> None:
    battle = actions.end_round(two_sides())  # turn 2
    battle = actions.crit(battle, TANK, CritKind.CREW_STUNNED)
    battle = actions.crit(battle, TANK, CritKind.WEAPON)
    battle = actions.wound(battle, TANK, 2)
    battle = actions.damage(battle, TANK, 1)
    now, then = battle.unit(TANK), actions.projected(battle, TANK)
    assert (now.crits, now.pilot_wounds, now.armor_damage) == ((), 0, 0)
    assert then.crits == (CritKind.CREW_STUNNED, CritKind.WEAPON)
    assert (then.pilot_wounds, then.armor_damage, then.stunned_turn) == (2, 1, 3)
    assert actions.end_round(battle).unit(TANK) == then


def test_a_line_for_a_unit_its_force_no_longer_holds_keeps_its_key() -> None:
    # A battle whose force file lost its second unit since: the log still reads.
    battle = two_sides()
    blue = battle.sides[0]
    shorter = replace(blue, force=replace(blue.force, entries=blue.force.entries[:1]))
    battle = battle.with_changes(sides=(shorter, battle.sides[1]))
    line = actions.describe(battle, Change("damage", TANK, 1, amount=2))
    assert line == "turn 1: 1.2: 2 damage"


def test_a_change_of_a_kind_the_log_does_not_know_is_named_by_its_kind() -> None:
    line = actions.describe(two_sides(), Change("ruling", RED, 4))
    assert line == "turn 4: 2.1 Red Mech: ruling"
