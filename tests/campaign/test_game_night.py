"""Game night with the CLI: pilots from a force, a battle's results into the post-game,
safe campaign saves, locked parallel edits, and clear refusals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rules.rulekit import build_unit

from cardsmith import campaign as cp
from cardsmith.battle import actions
from cardsmith.battle.battle_file import save_battle, start_battle
from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry, Pilot


def _ok(result: Any) -> Any:
    assert result.code == 0, result
    return result


def _forces(folder: Path) -> tuple[Path, Path]:
    """Our lance (Kai, a pilotless Locust, Rin) and an enemy lance, as force files."""
    ours = Force(
        "Kell Hounds",
        entries=(
            ForceEntry(build_unit("Griffin GRF-1N"), 3, Pilot("Kai"), spas=("sniper",)),
            ForceEntry(build_unit("Locust LCT-1V"), 4),
            ForceEntry(build_unit("Wolverine WVR-6R"), 5, Pilot("Rin")),
        ),
    )
    theirs = Force("Raiders", entries=(ForceEntry(build_unit("Atlas AS7-D"), 4, Pilot("Ed")),))
    save_force(ours, folder / "ours.json")
    save_force(theirs, folder / "theirs.json")
    return folder / "ours.json", folder / "theirs.json"


def _battle(folder: Path, ours: Path, theirs: Path) -> Path:
    """Kai's Griffin destroyed, Rin's pilot hit once, the Locust unhurt."""
    path = folder / "night.battle.json"
    battle = start_battle([ours, theirs], path)
    kai, _, rin = battle.units[:3]
    battle = actions.set_flag(battle, kai.key, "destroyed")
    battle = actions.wound(battle, rin.key, now=True)
    save_battle(battle, path)
    return path


def test_an_alpha_strike_campaign_starts_with_the_pilot_pack(cli_run: Any, tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    _ok(cli_run("campaign", "new", "Kell Hounds", "-o", str(path)))
    assert cp.load_campaign(path).pack == "alpha-strike-pilots"


def test_pilots_come_from_a_force_and_a_battle_feeds_the_post_game(
    cli_run: Any, tmp_path: Path
) -> None:
    ours, theirs = _forces(tmp_path)
    path = tmp_path / "hounds.json"
    _ok(cli_run("campaign", "new", "Kell Hounds", "-o", str(path)))
    added = _ok(cli_run("campaign", "add-pilots", str(path), str(ours)))
    assert "Added Kai as w1 (Griffin GRF-1N)" in added.stdout
    again = _ok(cli_run("campaign", "add-pilots", str(path), str(ours)))
    assert "Kai is on the roster already" in again.stdout and "No pilots added" in again.stdout
    roster = cp.replay(cp.load_campaign(path))
    kai, locust, rin = roster.warriors
    assert (kai.name, kai.stat("skill"), kai.skills, kai.equipment) == (
        "Kai", 3, ("sniper",), ("Griffin GRF-1N",),
    )  # fmt: skip
    assert locust.name == "Pilot of Locust LCT-1V" and rin.stat("skill") == 5

    battle = _battle(tmp_path, ours, theirs)
    # Pilot injury (house default): Kai 2D6 4+4 = 8 shaken but fine; Rin 3+3 = 6 wounded.
    done = _ok(
        cli_run(
            "campaign", "post-game", str(path), "--battle", str(battle), "--opponent",
            "Raiders", "--dice", "4,4,3,3", "--yes",
        )
    )  # fmt: skip
    assert "Kai (Griffin GRF-1N): unit destroyed, rolls for injury" in done.stdout
    assert "Rin (Wolverine WVR-6R): pilot hit 1 time, rolls for injury" in done.stdout
    assert "Pilot of Locust LCT-1V (Locust LCT-1V): came through unhurt" in done.stdout
    rolls = [e for e in cp.load_campaign(path).log if e.action == "roll"]
    assert [(e.warrior, e.data["outcome"]["entry"]) for e in rolls] == [
        ("w1", "shaken"), ("w3", "wounded"),
    ]  # fmt: skip
    assert cp.replay(cp.load_campaign(path)).find("Rin").miss_games == 1


def test_a_battle_file_is_only_read(cli_run: Any, tmp_path: Path) -> None:
    ours, theirs = _forces(tmp_path)
    path = tmp_path / "hounds.json"
    _ok(cli_run("campaign", "new", "Kell Hounds", "-o", str(path)))
    _ok(cli_run("campaign", "add-pilots", str(path), str(ours)))
    battle = _battle(tmp_path, ours, theirs)
    before = battle.read_bytes()
    _ok(cli_run("campaign", "post-game", str(path), "--battle", str(battle), "--dice",
                "4,4,3,3", "--yes"))  # fmt: skip
    assert battle.read_bytes() == before


def test_underdog_with_a_negative_difference_is_a_clear_error(cli_run: Any) -> None:
    # Seed 002, underdog table: the rating difference runs from 0 up.
    result = cli_run("roll", "underdog", "--value", "-30")
    assert result.code == 2
    assert "-30 is not on Underdog re-rolls" in result.stderr and "0-50" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def _west(cli_run: Any, path: Path) -> None:
    _ok(cli_run("campaign", "new", "West", "-o", str(path), "--pack", "old-west"))
    _ok(cli_run("campaign", "add-warrior", str(path), "Joe", "--kind", "hero"))


def test_save_errors_are_words_not_errno_or_temporary_names(cli_run: Any, tmp_path: Path) -> None:
    path = tmp_path / "west.json"
    _west(cli_run, path)
    path.chmod(0o444)
    try:
        result = cli_run("campaign", "adjust", str(path), "Joe", "--xp", "1", "--reason", "r")
    finally:
        path.chmod(0o644)
    assert result.code == 2 and "read-only" in result.stderr
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x", "utf-8")
    created = cli_run("campaign", "new", "East", "-o", str(blocker / "east.json"))
    assert created.code == 2 and "cannot save" in created.stderr
    for text in (result.stderr, created.stderr):
        assert "Errno" not in text and ".tmp" not in text and "Traceback" not in text


def test_deep_nesting_in_a_campaign_file_is_a_clear_error(cli_run: Any, tmp_path: Path) -> None:
    path = tmp_path / "west.json"
    _west(cli_run, path)
    data = json.loads(path.read_text("utf-8"))
    data["log"][0]["data"]["deep"] = "DEEP"
    text = json.dumps(data).replace('"DEEP"', "[" * 5_000 + "1" + "]" * 5_000)
    path.write_text(text, "utf-8")
    result = cli_run("campaign", "show", str(path))
    assert result.code == 2 and "deep" in result.stderr.lower()
    assert "Traceback" not in result.stderr + result.stdout


@pytest.mark.slow
def test_parallel_edits_from_real_processes_keep_every_entry(cli_run: Any, tmp_path: Path) -> None:
    path = tmp_path / "west.json"
    _west(cli_run, path)
    command = [sys.executable, "-m", "cardsmith", "campaign", "adjust", str(path), "Joe"]
    runs = [
        subprocess.Popen(
            [*command, "--xp", "1", "--reason", f"run {n}"],
            env=os.environ.copy(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for n in range(8)
    ]
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
    state = cp.load_campaign(path)
    assert cp.replay(state).find("Joe").xp == 8
    assert sorted(e.data["reason"] for e in state.log if e.action == "adjust") == sorted(
        f"run {n}" for n in range(8)
    )
