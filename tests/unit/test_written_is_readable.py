"""What cardsmith writes it can read back: a number the readers refuse is never saved."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.battle.battle_file import load_battle
from cardsmith.campaign.campaign_file import load_campaign
from cardsmith.forces.force_file import load_force

HUGE = str(10**23)  # beyond SQLite's integers: every reader refuses it


def _cardsmith(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardsmith", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        check=False,
    )


def _refused(done: subprocess.CompletedProcess[str], path: str) -> None:
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    assert f"{path}: " in done.stderr and "is too large a number" in done.stderr
    assert "nothing was written" in done.stderr


@pytest.fixture
def lance(tmp_path: Path) -> Path:
    assert _cardsmith("force", "new", "Lance", "-o", "lance.json", cwd=tmp_path).returncode == 0
    assert _cardsmith("force", "add", "lance.json", "140", cwd=tmp_path).returncode == 0
    return tmp_path / "lance.json"


def test_a_huge_cap_is_refused_and_the_force_stays_readable(lance: Path) -> None:
    before = lance.read_bytes()
    _refused(
        _cardsmith("force", "settings", "lance.json", "--cap", HUGE, cwd=lance.parent), "lance.json"
    )
    assert lance.read_bytes() == before
    assert load_force(lance).cap is None
    _refused(
        _cardsmith("force", "new", "Big", "--cap", HUGE, "-o", "big.json", cwd=lance.parent),
        "big.json",
    )
    assert not (lance.parent / "big.json").exists()


@pytest.mark.slow
def test_huge_damage_is_refused_and_the_battle_stays_readable(lance: Path) -> None:
    folder = lance.parent
    started = _cardsmith("battle", "start", "lance.json", "lance.json", "-o", "b.json", cwd=folder)
    assert started.returncode == 0, started
    _refused(_cardsmith("battle", "damage", "b.json", "1.1", HUGE, cwd=folder), "b.json")
    assert load_battle(folder / "b.json").log == ()


@pytest.mark.slow
def test_a_huge_adjustment_is_refused_and_the_campaign_stays_readable(tmp_path: Path) -> None:
    assert _cardsmith("campaign", "new", "C", "-o", "c.json", cwd=tmp_path).returncode == 0
    added = _cardsmith("campaign", "add-warrior", "c.json", "Bo", "--kind", "pilot", cwd=tmp_path)
    assert added.returncode == 0, added
    adjusted = _cardsmith(
        "campaign", "adjust", "c.json", "w1", "--xp", HUGE, "--reason", "typo", cwd=tmp_path
    )
    _refused(adjusted, "c.json")
    assert len(load_campaign(tmp_path / "c.json").log) == 1
