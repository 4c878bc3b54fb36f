"""Multi-profile units in a battle: switch events, one shared damage track, states kept, undo.

Issue 8's "Done when" end to end through the CLI, then every switch rule through the
battle API (Transmutation, Escape System, Eclosion, Auto, WIP, LAM modes), and an old
battle file without profile data.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from testdata import skirmish_trooper, skirmish_units

from battle.conftest import BattleFile, entry, lam_unit, two_sides
from cardsmith.battle import actions, effects, profile_events
from cardsmith.battle.battle_file import FORMAT_VERSION, load_battle, save_battle
from cardsmith.battle.profile_state import profile_info
from cardsmith.battle.state import Battle, BattleEditError
from cardsmith.models import Unit
from cardsmith.profiles.customfile import parse_custom_units


def _battle_with(unit: Unit) -> Battle:
    return two_sides(blue=(entry(unit),), packs=())


def _profile(battle: Battle, key: str = "1.1") -> int:
    """The active profile, 1-based."""
    return battle.unit(key).profile + 1


# -- issue 8's Done-when, through the CLI ---------------------------------------------


def _unit_json(cli_run: Any, battle: Path) -> dict[str, Any]:
    shown = cli_run("battle", "show", str(battle), "--format", "json")
    assert shown.code == 0, shown
    data: dict[str, Any] = json.loads(shown.stdout)["units"][0]
    return data


@pytest.mark.slow
def test_transmutation_unit_added_printed_and_switched_in_battle(
    cli_run: Any, tmp_path: Path
) -> None:
    units = tmp_path / "custom.toml"
    units.write_text(skirmish_units("transmutation-x", 2, pricing=None), encoding="utf-8")
    imported = cli_run("unit", "import", str(units))
    assert imported.code == 0, imported
    force = tmp_path / "force.json"
    assert cli_run("force", "new", "Shasvastii", "-o", str(force)).code == 0
    added = cli_run("force", "add", str(force), "Gwailo Seed-Soldier")
    assert added.code == 0, added

    pdf = tmp_path / "cards.pdf"
    printed = cli_run("print", str(force), "-o", str(pdf), "--no-reference")
    assert printed.code == 0, printed
    with pdfplumber.open(pdf) as document:
        text = document.pages[-1].extract_text()
    assert text.count("Gwailo Seed-Soldier") == 1  # one card
    assert text.count("Seed Form") == 1 and text.count("Developed Form") == 1
    assert text.count("SHARED BY EVERY PROFILE") == 1  # one wound track

    battle = tmp_path / "battle.json"
    started = cli_run("battle", "start", str(force), "-o", str(battle))
    assert started.code == 0, started
    unit = "Gwailo Seed-Soldier"

    assert cli_run("battle", "wound", str(battle), unit).code == 0
    first_end = cli_run("battle", "order-end", str(battle), unit)
    assert first_end.code == 0, first_end
    assert "stays in profile 1 Seed Form" in first_end.stdout
    assert "1 wound < 2" in first_end.stdout
    state = _unit_json(cli_run, battle)
    assert state["profile"]["active"] == 1 and state["profile"]["wounds"] == 1

    assert cli_run("battle", "flag", str(battle), unit, "immobile").code == 0
    assert cli_run("battle", "wound", str(battle), unit).code == 0
    second_end = cli_run("battle", "order-end", str(battle), unit)
    assert second_end.code == 0, second_end
    assert "→ profile 2 Developed Form" in second_end.stdout
    state = _unit_json(cli_run, battle)
    assert state["profile"]["active"] == 2 and state["profile"]["name"] == "Developed Form"
    assert state["profile"]["locked"] is True
    assert state["pilot_wounds"] == 2 and state["profile"]["wounds"] == 2  # the shared track
    assert state["immobile"] is True  # the shared state survives the switch

    shown = cli_run("battle", "show", str(battle))
    assert shown.code == 0, shown
    assert "profile 2/2 Developed Form (Seed Form / Developed Form)" in shown.stdout
    assert "Transmutation (X) [transmutation-x X=2]" in shown.stdout
    assert "W 2/2" in shown.stdout and "switched for good" in shown.stdout

    undone = cli_run("battle", "undo", str(battle))
    assert undone.code == 0 and "order ended" in undone.stdout
    state = _unit_json(cli_run, battle)
    assert state["profile"]["active"] == 1 and state["profile"]["locked"] is False
    assert state["pilot_wounds"] == 2 and state["immobile"] is True


def test_profile_command_errors_exit_2(cli_run: Any, battle_file: BattleFile) -> None:
    path = battle_file(packs=())
    single = cli_run("battle", "profile", str(path), "1.1", "--event", "movement")
    assert single.code == 2 and "has one profile" in single.stderr
    assert "Traceback" not in single.stderr


# -- the rules through the battle API -------------------------------------------------


def test_staged_damage_counts_at_the_end_of_the_order_on_an_alpha_strike_unit() -> None:
    data = tomllib.loads(
        """
format = "cardsmith-units"
version = 1
[[unit]]
name = "Homebrew Shifter"
switch_rule = "transmutation-x"
switch_value = 2
[[unit.profile]]
name = "Walker"
type = "BM"
size = 2
move = '10"'
armor = 4
structure = 3
damage = ["2", "2", "1"]
pv = 28
[[unit.profile]]
name = "Tank"
type = "CV"
size = 2
move = '8"t'
armor = 5
structure = 2
damage = ["3", "2", "0*"]
pv = 30
"""
    )
    (shifter,) = parse_custom_units(data, origin="test")
    battle = actions.damage(_battle_with(shifter), "1.1", 2)  # staged for the End Phase
    battle = profile_events.order_end(battle, "1.1")
    state = battle.unit("1.1")
    assert _profile(battle) == 2
    # The log says what happened: the staged damage counted for the switch there too.
    assert "order ended: → profile 2 Tank" in actions.describe(battle, battle.log[-1])
    now = battle.entry(state)
    assert now.unit.type_code == "CV" and now.unit.move_text == '8"t'
    # One track: the printed armor and structure, whatever the profile's own.
    assert (now.unit.armor, now.unit.structure) == (4, 3)
    assert [str(d) for d in effects.current_damage(now, state)][:3] == ["3", "2", "0*"]
    battle = actions.end_round(battle)
    assert battle.unit("1.1").armor_damage == 2 and _profile(battle) == 2


def test_escape_system_marker_is_logged_and_shown() -> None:
    battle = actions.wound(_battle_with(skirmish_trooper("escape-system-x", 2)), "1.1", 2)
    battle = profile_events.order_end(battle, "1.1")
    assert _profile(battle) == 2
    line = actions.describe(battle, battle.log[-1])
    assert "place Circular Template" in line
    info = profile_info(battle.force_entry(battle.unit("1.1")), battle.unit("1.1"))
    assert info is not None and "Circular Template" in info.marker
    assert battle.unit("1.1").pilot_wounds == 2


@pytest.mark.parametrize(
    ("event", "options", "switches"),
    [
        ("movement", {}, True),
        ("movement", {"first_skill_is_movement": False}, False),
        ("dodge", {}, True),
        ("order-end", {}, False),
    ],
)
def test_eclosion(event: str, options: dict[str, Any], switches: bool) -> None:
    battle = profile_events.profile_event(
        _battle_with(skirmish_trooper("eclosion", None)), "1.1", event, **options
    )
    assert _profile(battle) == (2 if switches else 1)
    assert battle.unit("1.1").profile_locked is switches


def test_auto_deploys_as_any_and_switches_at_a_movement_start() -> None:
    battle = profile_events.profile_event(
        _battle_with(skirmish_trooper("auto", None)), "1.1", "deploy", choose=2
    )
    assert _profile(battle) == 2
    battle = profile_events.profile_event(battle, "1.1", "order-end", choose=1)
    assert _profile(battle) == 2  # only at the start of a movement
    battle = profile_events.profile_event(battle, "1.1", "movement", choose="seed form")
    assert _profile(battle) == 1
    with pytest.raises(BattleEditError, match="no profile"):
        profile_events.profile_event(battle, "1.1", "movement", choose=3)


def test_eclosion_cannot_choose_its_deployment() -> None:
    with pytest.raises(BattleEditError, match="deploys with profile 1"):
        profile_events.profile_event(
            _battle_with(skirmish_trooper("eclosion", None)), "1.1", "deploy", choose=2
        )


def test_willpower_roll_with_modifier_retry_and_turn_reset() -> None:
    battle = _battle_with(skirmish_trooper("willpower", -3))  # WIP 13, MOD -3: target 10
    with pytest.raises(BattleEditError, match="roll"):
        profile_events.profile_event(battle, "1.1", "activation")
    battle = profile_events.profile_event(battle, "1.1", "activation", roll=11)
    assert _profile(battle) == 1  # failed; may try again next order
    battle = profile_events.profile_event(battle, "1.1", "activation", roll=10)
    assert _profile(battle) == 2
    assert "WIP roll 10 (WIP 13)" in actions.describe(battle, battle.log[-1])
    battle = profile_events.profile_event(battle, "1.1", "turn-end")
    assert _profile(battle) == 1
    # An explicit WIP, and the end of the round also ends the player turn.
    battle = profile_events.profile_event(battle, "1.1", "activation", roll=12, wip=15)
    assert _profile(battle) == 2
    battle = actions.end_round(battle)
    assert _profile(battle) == 1


def test_generic_unit_takes_wounds_not_alpha_strike_damage() -> None:
    battle = _battle_with(skirmish_trooper("transmutation-x", 2))
    with pytest.raises(BattleEditError, match="damage track is W"):
        actions.damage(battle, "1.1", 1)
    battle = actions.wound(battle, "1.1")
    assert battle.unit("1.1").pilot_wounds == 1 and not battle.pending


def test_lam_declared_into_fighter_mode_moves_by_thrust() -> None:
    battle = actions.damage(_battle_with(lam_unit()), "1.1", 3, now=True)
    before = battle.unit("1.1")
    assert effects.current_move(battle.entry(before), before).text == '10"j'
    battle = profile_events.profile_event(battle, "1.1", "declare", choose="Fighter")
    state = battle.unit("1.1")
    fighter = battle.entry(state)
    assert fighter.unit.type_code == "AF"
    assert effects.current_move(fighter, state).text == "5a"
    assert state.armor_damage == 3 and not state.profile_locked  # shared, and may change back
    battle = profile_events.profile_event(battle, "1.1", "declare", choose=2)
    assert effects.current_move(battle.entry(battle.unit("1.1")), battle.unit("1.1")).text == '30"g'
    battle, _ = actions.undo(battle)
    assert _profile(battle) == 3


# -- the battle file ------------------------------------------------------------------


def test_profile_state_round_trips(battle_file: BattleFile) -> None:
    path = battle_file(blue=(entry(lam_unit()),), packs=())
    battle = profile_events.profile_event(load_battle(path), "1.1", "declare", choose=3)
    save_battle(battle, path)
    again = load_battle(path)
    assert again == battle and _profile(again) == 3
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == FORMAT_VERSION
    assert data["state"]["units"][0]["profile"] == {
        "active": 3,
        "name": "Fighter",
        "rule": "lam",
        "locked": False,
    }


def test_old_battle_file_without_profiles_loads_in_profile_1(battle_file: BattleFile) -> None:
    path = battle_file(blue=(entry(lam_unit()),), packs=())
    battle = actions.damage(load_battle(path), "1.1", 2, now=True)
    save_battle(battle, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 1
    for unit in data["state"]["units"]:
        unit.pop("profile", None)
    path.write_text(json.dumps(data), encoding="utf-8")
    old = load_battle(path)
    assert _profile(old) == 1 and old.unit("1.1").armor_damage == 2
    moved = profile_events.profile_event(old, "1.1", "declare", choose="AirMech")
    assert _profile(moved) == 2


def test_wounds_at_or_past_w_derive_no_state_the_seed_does_not_give() -> None:
    """Seed 001 shares the wound track but never says what W wounds do (no unconscious,
    no dead): cardsmith counts the wounds and leaves the unit's state to the players."""
    battle = _battle_with(skirmish_trooper("willpower", -3))
    battle = actions.wound(battle, "1.1", 3)  # W is 2 in both profiles
    state = battle.unit("1.1")
    assert state.pilot_wounds == 3
    assert not (state.out_of_play or state.destroyed or state.pilotless or state.immobile)
    entry_ = battle.force_entry(state)
    assert effects.can_attack(entry_, state)
    info = profile_info(entry_, state)
    assert info is not None and (info.track, info.wounds) == ("W", 3)
