"""Seed 002's old battle wound: a D6 before every game, a 1 keeps the warrior out of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kit import CliResult, run_cli

from cardsmith import campaign as cp
from cardsmith.tables import Change, Dice, DiceError, ScriptedChooser, TableSet

OLD_WOUND = [3, 2]  # D66 32 on the serious injury table


@pytest.fixture
def west(tables: TableSet) -> cp.Campaign:
    """Three heroes (the serious-injury table is the heroes', seed 002), one game played."""
    state = cp.new_campaign("Тестовая банда", "old-west", tables, ["shooting", "guts"])
    stats = {"move": 6, "shooting": 4, "courage": 2}
    for name in ("Док", "Slim", "Shorty"):
        state, _ = cp.add_warrior(state, tables, name, "hero", stats)
    return cp.record_game(state, "Los Bandidos", "loss")


def _wounded(state: cp.Campaign, tables: TableSet, *who: str) -> cp.Campaign:
    for ref in who:
        rolled = cp.roll_for(state, tables, ref, "injury", Dice.own(OLD_WOUND), ScriptedChooser())
        assert rolled.outcome.entry == "old-battle-wound"
        state = rolled.campaign
    return state


def test_the_pack_rolls_a_d6_and_misses_on_1(tables: TableSet) -> None:
    (rule,) = tables.packs["old-west"].pregame
    assert (rule.condition, rule.dice, rule.misses_on) == ("old-battle-wound", "D6", (1,))
    # The condition the rule names is the one the injury table gives.
    entry = tables.tables["serious-injury"].entry("old-battle-wound")
    assert entry is not None


@pytest.mark.parametrize(("die", "absent"), [(1, True), (2, False), (6, False)])
def test_each_game_rolls_for_the_wounded_warrior(
    west: cp.Campaign, tables: TableSet, die: int, absent: bool, tmp_path: Path
) -> None:
    state = _wounded(west, tables, "Slim")
    state = cp.record_game(state, "Rivals", tables=tables, dice=Dice.own([die]))
    roster = cp.replay(state)
    assert roster.games[-1].absent == (("w2",) if absent else ())
    (check,) = cp.game_checks(state)
    assert (check.warrior, check.roll.dice, check.misses) == ("w2", (die,), absent)
    assert check.roll.source == "entered"
    story = roster.find("Slim").history[-1]
    assert story.startswith(f"game {roster.current_game}: Old battle wound: D6 [{die}]")
    assert ("cannot play" in story) is absent
    # The game entry carries the roll, so the file replays to the same roster.
    assert state.log[-1].data["pregame"][0]["roll"]["dice"] == [die]
    cp.save_campaign(state, tmp_path / "west.json")
    assert cp.replay(cp.load_campaign(tmp_path / "west.json")) == roster


def test_every_wounded_warrior_rolls_in_roster_order(west: cp.Campaign, tables: TableSet) -> None:
    state = _wounded(west, tables, "Shorty", "Док")
    state = cp.record_game(state, tables=tables, dice=Dice.own([5, 1]))
    assert [(c.warrior, c.misses) for c in cp.game_checks(state)] == [
        ("w1", False),
        ("w3", True),
    ]
    assert cp.replay(state).games[-1].absent == ("w3",)
    # The condition is permanent: the next game rolls again.
    state = cp.record_game(state, tables=tables, dice=Dice.own([1, 4]))
    assert cp.replay(state).games[-1].absent == ("w1",)


def test_no_roll_without_the_condition_or_when_sitting_out(
    west: cp.Campaign, tables: TableSet
) -> None:
    assert cp.game_checks(cp.record_game(west, tables=tables, dice=Dice.own([]))) == []
    state = _wounded(west, tables, "Slim")
    # Slim already sits the next game out (a deep wound): he is not playing, so no roll.
    state = cp.adjust(state, "Slim", [Change("miss-games", "misses 1 game", amount=1)], "wound")
    assert cp.game_checks(cp.record_game(state, tables=tables, dice=Dice.own([]))) == []


def test_entered_dice_must_cover_the_roll(west: cp.Campaign, tables: TableSet) -> None:
    state = _wounded(west, tables, "Slim")
    with pytest.raises(DiceError, match="Slim's old battle wound"):
        cp.record_game(state, tables=tables, dice=Dice.own([]))


def test_seeded_rolls_repeat(west: cp.Campaign, tables: TableSet) -> None:
    state = _wounded(west, tables, "Slim", "Shorty")
    runs = [
        cp.game_checks(cp.record_game(state, tables=tables, dice=Dice.seeded(9))) for _ in range(2)
    ]
    expected = Dice.seeded(9)
    assert expected.rng is not None
    assert [c.roll.dice for c in runs[0]] == [c.roll.dice for c in runs[1]]
    assert [c.roll.dice[0] for c in runs[0]] == [
        expected.rng.randint(1, 6),
        expected.rng.randint(1, 6),
    ]


def test_post_game_rolls_first_and_skips_an_absent_casualty(
    west: cp.Campaign, tables: TableSet
) -> None:
    # Seed 002, serious injury 32: a 1 before the game keeps Slim out of it, so he is
    # not taken out in it, gains no XP and does not advance; the roll of 1 stands.
    state = _wounded(west, tables, "Slim")
    plan = cp.PostGamePlan(casualties=("Slim",), xp={"Slim": 2}, advance=("Slim",))
    done = cp.post_game(state, tables, Dice.own([1, 6, 6]), ScriptedChooser(), plan)
    assert done.rolls == () and done.xp == ()
    assert len(done.skipped) == 3 and all("Slim did not play game" in s for s in done.skipped)
    assert cp.replay(done.campaign).find("Slim").xp == cp.replay(state).find("Slim").xp
    assert [c.roll.dice for c in done.checks] == [(1,)]
    # A 4 lets him play; the injury roll then takes the next dice (D66 66).
    plan = cp.PostGamePlan(casualties=("Slim",))
    done = cp.post_game(state, tables, Dice.own([4, 6, 6]), ScriptedChooser(), plan)
    assert [c.roll.dice for c in cp.game_checks(done.campaign)] == [(4,)]
    assert done.rolls[0].outcome.input == 66


def _run(*args: str) -> CliResult:
    return run_cli(*args)


def test_cli_game_and_post_game_roll_and_log(tmp_path: Path, tables: TableSet) -> None:
    path = tmp_path / "west.json"
    assert _run("campaign", "new", "West", "-o", str(path), "--pack", "old-west").exit_code == 0
    assert _run("campaign", "add-warrior", str(path), "Joe", "--kind", "hero").exit_code == 0
    assert _run("campaign", "roll", str(path), "Joe", "injury", "--dice", "3,2").exit_code == 0
    result = _run("campaign", "game", str(path), "--dice", "1")
    assert result.exit_code == 0, result.output
    assert "Joe: Old battle wound: D6 [1] = 1, cannot play this game" in result.output
    shown = json.loads(_run("campaign", "show", str(path), "--format", "json").stdout)
    assert shown["games"][-1]["absent"] == ["w1"]
    log = _run("campaign", "log", str(path)).output
    assert "w1 Old battle wound: D6 [1] = 1" in log
    # Seeded: the same seed gives the same line.
    seeded = [
        _run("campaign", "game", str(path), "--seed", "3").output.splitlines()[-1] for _ in range(2)
    ]
    assert seeded[0].split(": ", 1)[1] == seeded[1].split(": ", 1)[1]
    result = _run("campaign", "post-game", str(path), "--dice", "5", "--yes")
    assert result.exit_code == 0, result.output
    assert "Joe: Old battle wound: D6 [5] = 5, plays" in result.output
    # Missing dice: a clear error, exit 2, nothing saved.
    before = path.read_bytes()
    assert _run("campaign", "game", str(path), "--dice", "").exit_code == 2
    assert path.read_bytes() == before
