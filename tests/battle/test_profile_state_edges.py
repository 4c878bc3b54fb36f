"""Multi-profile units in play, function by function: the log words of each switch event,
what an event records, deployment in a chosen profile, the state and the display a unit
shows, profiles by number or name, and the end of a round."""

from __future__ import annotations

from dataclasses import replace

import pytest
from testdata import skirmish_trooper

from battle.conftest import entry, lam_unit, two_sides
from cardsmith.battle import actions, profile_events
from cardsmith.battle.profile_state import (
    apply_change,
    decide_change,
    describe_change,
    end_of_round,
    event_of,
    profile_info,
    profile_state,
    profile_value,
    resolve_profile,
    rule_of,
    shared_wounds,
)
from cardsmith.battle.state import Battle, BattleEditError, Change, UnitState
from cardsmith.models import ForceEntry
from cardsmith.profiles.modes import profile_set


def _state(**fields: object) -> UnitState:
    return UnitState(key="1.1", side=1, index=1, controller=1).with_changes(**fields)


def _change(detail: str, **data: int | str | bool) -> Change:
    return Change("profile", "1.1", detail=detail, data=tuple(data.items()))


def _trooper(rule: str = "transmutation-x", value: int | None = 2) -> ForceEntry:
    return entry(skirmish_trooper(rule, value))


# -- the log ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("detail", "words"),
    [
        ("order-ended", "order ended"),
        ("movement-declared", "movement declared"),
        ("dodge-succeeded", "dodged"),
        ("turn-ended", "player turn ended"),
        ("declared", "mode declared"),
        ("deployed", "deployed"),
        ("something-new", "something-new"),  # an event of a newer file says its own name
    ],
)
def test_each_event_is_logged_in_its_own_words(detail: str, words: str) -> None:
    change = _change(detail, switched=True, to=2, name="Developed Form")
    assert describe_change(change) == f"{words}: → profile 2 Developed Form"


def test_a_willpower_roll_is_logged_with_the_roll_and_the_wip() -> None:
    change = _change("activation", roll=10, wip=13, to=1, name="Seed Form", reason="10 > 9")
    assert describe_change(change) == "WIP roll 10 (WIP 13): stays in profile 1 Seed Form (10 > 9)"


def test_a_placed_marker_ends_the_log_line_and_no_reason_leaves_no_brackets() -> None:
    change = _change("order-ended", switched=True, to=2, name="Dev", marker="Circular Template")
    assert describe_change(change) == "order ended: → profile 2 Dev; place Circular Template"
    stays = _change("order-ended", to=1)
    assert describe_change(stays) == "order ended: stays in profile 1"


# -- what an event records ----------------------------------------------------------------


def test_an_event_reads_its_numbers_and_counts_profiles_from_one() -> None:
    event = event_of(_change("activation", roll="11", wip=14, choose=2, first=False))
    assert event.kind == "activation"
    assert (event.roll, event.willpower, event.choose) == (11, 14, 1)
    assert event.first_skill_is_movement is False


def test_an_event_without_numbers_has_none_and_counts_its_first_skill_as_movement() -> None:
    event = event_of(_change("movement-declared"))
    assert (event.roll, event.willpower, event.choose) == (None, None, None)
    assert event.first_skill_is_movement is True


# -- deployment ---------------------------------------------------------------------------


def test_a_unit_that_deploys_as_any_profile_deploys_in_the_one_chosen() -> None:
    trooper = _trooper("auto", None)
    state = _state(pilot_wounds=1, immobile=True)
    decision = decide_change(trooper, state, _change("deployed", choose=2), wounds=1)
    assert decision.state.active == 1 and decision.switched
    assert decision.reason == "deploys with the chosen profile"
    # Deploying keeps the shared track and the states.
    assert (decision.state.wounds, decision.state.states) == (1, ("immobile",))
    same = decide_change(trooper, state, _change("deployed", choose=1), wounds=1)
    assert same.state.active == 0 and not same.switched


@pytest.mark.parametrize("choose", [0, 3, -1])
def test_deploying_needs_a_profile_that_exists(choose: int) -> None:
    with pytest.raises(BattleEditError) as refused:
        decide_change(_trooper("auto", None), _state(), _change("deployed", choose=choose), 0)
    assert str(refused.value) == "choose a profile from 1 to 2 to deploy with"


def test_a_unit_that_deploys_with_profile_1_cannot_choose() -> None:
    with pytest.raises(BattleEditError) as refused:
        decide_change(_trooper("eclosion", None), _state(), _change("deployed", choose=2), 0)
    assert str(refused.value) == "Transmutation (Eclosion) deploys with profile 1; it cannot choose"


def test_a_change_the_rules_refuse_is_named_after_the_unit() -> None:
    single = entry()
    with pytest.raises(
        BattleEditError, match=f"^{single.name} has one profile: nothing to switch$"
    ):
        decide_change(single, _state(), _change("order-ended"), 0)
    with pytest.raises(BattleEditError, match=r"^unknown profile event 'teleported'$"):
        decide_change(_trooper(), _state(), _change("teleported"), 0)
    with pytest.raises(BattleEditError) as refused:
        decide_change(_trooper("willpower", -3), _state(), _change("activation"), 0)
    assert str(refused.value).startswith("Gwailo Seed-Soldier: ")


def test_an_unknown_switch_rule_is_refused_by_name() -> None:
    profiles = profile_set(skirmish_trooper())
    assert profiles is not None
    profiles = replace(profiles, switch_rule="warp-x")
    with pytest.raises(BattleEditError, match=r"^unknown profile switch rule 'warp-x'$"):
        rule_of(profiles)


# -- what a unit shows ----------------------------------------------------------------------


def test_the_switch_state_lists_the_shared_states_in_order_and_may_count_other_wounds() -> None:
    state = _state(
        profile=1, profile_locked=True, pilot_wounds=2, withdrawn=True, shutdown=True, sunk=True
    )
    read = profile_state(_trooper(), state)
    assert read.active == 1 and read.locked is True
    assert read.states == ("shutdown", "sunk", "withdrawn")
    assert read.wounds == 2
    assert profile_state(_trooper(), state, wounds=5).wounds == 5


def test_the_shared_track_is_wounds_for_a_trooper_and_armor_plus_structure_for_a_mech() -> None:
    state = _state(pilot_wounds=1, armor_damage=3, structure_damage=2)
    assert shared_wounds(_trooper(), state) == 1
    assert shared_wounds(entry(lam_unit()), state) == 5
    assert shared_wounds(entry(), state) == 5  # a single-profile unit: its armor track


def test_a_trooper_shows_its_profiles_rule_and_wound_column() -> None:
    state = _state(profile=1, profile_locked=True, profile_marker="Marker", pilot_wounds=1)
    info = profile_info(_trooper("escape-system-x", 2), state)
    assert info is not None
    assert info.names == ("Seed Form", "Developed Form") and info.active_name == "Developed Form"
    assert (info.rule_id, info.rule_name) == ("escape-system-x", "Transmutation (Escape System-X)")
    assert (info.switch_value, info.locked, info.marker) == (2, True, "Marker")
    assert (info.system, info.track, info.wounds) == ("skirmish", "W", 1)


def test_a_land_air_mech_shows_the_armor_track_and_a_single_profile_unit_shows_nothing() -> None:
    info = profile_info(entry(lam_unit()), _state(armor_damage=2))
    assert info is not None
    assert (info.rule_name, info.track, info.wounds) == (
        "Land-Air 'Mech modes",
        "armor/structure",
        2,
    )
    assert info.names[info.active] == info.names[0] and len(info.names) == 3
    assert profile_info(entry(), _state()) is None


def test_a_profile_value_is_read_from_the_profile_asked_and_none_outside() -> None:
    trooper = _trooper()
    assert (profile_value(trooper, 0, "MOV"), profile_value(trooper, 1, "MOV")) == ("10-5", "15-10")
    assert profile_value(trooper, 2, "MOV") is None
    assert profile_value(trooper, -1, "MOV") is None
    assert profile_value(entry(), 0, "MOV") is None


@pytest.mark.parametrize(
    ("ref", "index"), [(1, 0), ("2", 1), (" developed FORM ", 1), ("Seed Form", 0)]
)
def test_a_profile_is_found_by_number_or_by_name(ref: int | str, index: int) -> None:
    profiles = profile_set(skirmish_trooper())
    assert profiles is not None
    assert resolve_profile(profiles, ref) == index


@pytest.mark.parametrize("ref", [0, 3, "-1", "Shadow Form", ""])
def test_a_profile_that_is_not_there_is_refused_with_the_list(ref: int | str) -> None:
    profiles = profile_set(skirmish_trooper())
    assert profiles is not None
    with pytest.raises(BattleEditError) as refused:
        resolve_profile(profiles, ref)
    assert str(refused.value) == f"no profile {ref!r} (profiles: 1 Seed Form, 2 Developed Form)"


# -- the end of a round ---------------------------------------------------------------------


def test_the_end_of_a_round_ends_a_wip_switch_and_clears_a_marker() -> None:
    switched = _state(profile=1, profile_marker="Circular Template")
    after = end_of_round(_trooper("willpower", -3), switched)
    assert (after.profile, after.profile_marker) == (0, "")
    kept = end_of_round(_trooper("transmutation-x", 2), switched)
    assert (kept.profile, kept.profile_marker) == (1, "")
    plain = _state(profile=1)
    assert end_of_round(_trooper("transmutation-x", 2), plain) is plain
    assert end_of_round(entry(), switched) is switched  # one profile: nothing to end


def test_a_rule_this_version_does_not_know_is_shown_by_its_id() -> None:
    # A unit from a newer file: its display still works, naming the rule by its id.
    trooper = skirmish_trooper()
    assert trooper.profiles is not None
    newer = replace(trooper, profiles=replace(trooper.profiles, switch_rule="warp-x"))
    info = profile_info(entry(newer), _state())
    assert info is not None and (info.rule_id, info.rule_name) == ("warp-x", "warp-x")


def test_a_switch_places_its_marker_and_a_stay_keeps_the_one_placed() -> None:
    escape = _trooper("escape-system-x", 2)
    switched = apply_change(escape, _state(pilot_wounds=2), _change("order-ended"), wounds=2)
    assert switched.profile == 1
    assert switched.profile_marker == "Circular Template (Eclipse ammunition) centred on the model"
    stays = apply_change(escape, _state(profile_marker="Earlier"), _change("order-ended"), 0)
    assert stays.profile == 0 and stays.profile_marker == "Earlier"


# -- the events as recorded -----------------------------------------------------------------


def test_an_unknown_event_is_refused_with_the_events_there_are() -> None:
    battle = two_sides(blue=(_trooper(),), packs=())
    with pytest.raises(BattleEditError) as refused:
        profile_events.profile_event(battle, "1.1", "teleport")
    assert str(refused.value) == (
        "profile event must be one of order-end, movement, dodge, activation, turn-end, "
        "declare, deploy, not 'teleport'"
    )


def test_a_switch_is_recorded_with_its_turn_outcome_and_reason() -> None:
    battle = actions.end_round(two_sides(blue=(_trooper(),), packs=()))
    battle = actions.wound(battle, "1.1", 2)
    battle = profile_events.order_end(battle, "1.1")
    change = battle.log[-1]
    assert (change.kind, change.unit, change.turn, change.detail) == (
        "profile",
        "1.1",
        battle.turn,
        "order-ended",
    )
    assert battle.turn == 2
    assert (change.get("to"), change.get("name"), change.get("switched")) == (
        2,
        "Developed Form",
        True,
    )
    reason = str(change.get("reason"))
    assert reason and actions.describe(battle, change).endswith(
        f"order ended: → profile 2 Developed Form ({reason})"
    )


def test_a_recorded_event_name_is_taken_as_well_as_the_players_word() -> None:
    battle = two_sides(blue=(_trooper(),), packs=())
    battle = profile_events.profile_event(actions.wound(battle, "1.1", 2), "1.1", "order-ended")
    assert battle.log[-1].detail == "order-ended" and _profile_of(battle) == 2


def test_a_switch_that_places_a_marker_still_records_where_it_went() -> None:
    battle = two_sides(blue=(_trooper("escape-system-x", 2),), packs=())
    battle = profile_events.order_end(actions.wound(battle, "1.1", 2), "1.1")
    change = battle.log[-1]
    assert (change.get("to"), change.get("name"), change.get("switched")) == (
        2,
        "Developed Form",
        True,
    )
    assert str(change.get("marker")).startswith("Circular Template")


def _profile_of(battle: Battle) -> int:
    return battle.unit("1.1").profile + 1


def test_a_stay_places_no_marker() -> None:
    battle = two_sides(blue=(_trooper("escape-system-x", 2),), packs=())
    battle = profile_events.order_end(actions.wound(battle, "1.1", 1), "1.1")
    change = battle.log[-1]
    assert change.get("switched") is False and change.get("marker") == ""
    assert "place" not in actions.describe(battle, change)


def test_a_willpower_roll_needs_both_numbers_and_reads_the_wip_from_the_profile() -> None:
    battle = two_sides(blue=(_trooper("willpower", -3),), packs=())
    needs = "a willpower roll needs the roll and the WIP value (--roll, --wip)"
    for wip in (13, None):
        with pytest.raises(BattleEditError) as refused:
            profile_events.profile_event(battle, "1.1", "activation", wip=wip)
        assert str(refused.value) == needs
    rolled = profile_events.profile_event(battle, "1.1", "activation", roll=9)
    assert rolled.log[-1].get("wip") == 13  # the Seed Form's WIP column
    # A WIP column that is not a number is no WIP: the player gives it.
    odd = skirmish_trooper("willpower", -3)
    assert odd.profiles is not None
    first, second = odd.profiles.profiles
    bad = replace(first, values=tuple((k, "X" if k == "WIP" else v) for k, v in first.values))
    odd = replace(odd, profiles=replace(odd.profiles, profiles=(bad, second)))
    with pytest.raises(BattleEditError) as refused:
        profile_events.profile_event(
            two_sides(blue=(entry(odd),), packs=()), "1.1", "activation", roll=9
        )
    assert str(refused.value) == needs
