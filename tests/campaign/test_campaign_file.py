"""Campaign files: round trip, atomic save with a backup, versions, damage, replay."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from cardsmith import campaign as cp
from cardsmith.campaign.campaign_file import VERSION, campaign_to_json
from cardsmith.tables import Dice, TableSet


class _FirstOption:
    """Picks the first option of every choice, so seeded games need no scripted answers."""

    def choose(self, prompt: str, options: Sequence[tuple[str, str]]) -> str:
        return options[0][0]


def _three_games(west: cp.Campaign, tables: TableSet) -> cp.Campaign:
    """Games 2-4 after the fixture's game 1: Док taken out while able, XP and advancements."""
    state = west
    rng = random.Random(20260)
    for game in range(3):
        out = ["w1"] if cp.replay(state).find("w1").status == "active" else []
        plan = cp.PostGamePlan(f"Банда {game}", "", tuple(out), {"w2": 2}, ("w2", "w3"))
        state = cp.post_game(state, tables, Dice(rng=rng), _FirstOption(), plan).campaign
    return state


def test_round_trip_keeps_log_and_roster(
    tmp_path: Path, west: cp.Campaign, tables: TableSet
) -> None:
    state = _three_games(west, tables)
    path = cp.save_campaign(state, tmp_path / "кампания.json")
    loaded = cp.load_campaign(path)
    assert loaded == state
    assert cp.replay(loaded) == cp.replay(state)
    # The roster snapshot written in the file is what the log replays to.
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["roster"] == campaign_to_json(loaded)["roster"]
    assert stored["format"] == "cardsmith-campaign" and stored["version"] == VERSION


def test_cyrillic_names_are_stored_as_text(tmp_path: Path, west: cp.Campaign) -> None:
    path = cp.save_campaign(west, tmp_path / "c.json")
    text = path.read_text(encoding="utf-8")
    assert "Тестовая банда" in text and "Док" in text
    assert cp.replay(cp.load_campaign(path)).find("док").name == "Док"


def test_save_keeps_a_backup_and_leaves_no_temp_files(tmp_path: Path, west: cp.Campaign) -> None:
    path = tmp_path / "c.json"
    cp.save_campaign(west, path)
    first = path.read_bytes()
    cp.save_campaign(cp.record_game(west, "Again"), path)
    assert (tmp_path / "c.json.bak").read_bytes() == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.json", "c.json.bak"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something-else"}', "not a cardsmith campaign file"),
        (
            '{"format": "cardsmith-campaign", "version": 99, "name": "x", "pack": "p"}',
            "newer cardsmith",
        ),
        ('{"format": "cardsmith-campaign", "version": 1, "pack": "p"}', "damaged"),
        (
            '{"format": "cardsmith-campaign", "version": 1, "name": "x", "pack": "p", '
            '"log": [{"seq": 1, "action": "explode"}]}',
            "unknown action",
        ),
    ],
)
def test_bad_files_are_refused_clearly(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(cp.CampaignFileError, match=message):
        cp.load_campaign(path)


def test_truncated_file_is_refused(tmp_path: Path, west: cp.Campaign) -> None:
    path = cp.save_campaign(west, tmp_path / "c.json")
    path.write_bytes(path.read_bytes()[:200])
    with pytest.raises(cp.CampaignFileError):
        cp.load_campaign(path)


def test_three_games_replay_from_the_log(west: cp.Campaign, tables: TableSet) -> None:
    state = _three_games(west, tables)
    roster = cp.replay(state)
    assert roster.current_game == 4
    # Rebuilding from a copy of the log alone gives the same roster.
    rebuilt = cp.Campaign(state.name, state.pack, state.preferred_skill_tables, "", state.log)
    assert cp.replay(rebuilt) == roster
    assert roster.find("w2").xp == 6


def test_undo_is_a_new_entry(west: cp.Campaign) -> None:
    later = cp.record_game(west, "Extra")
    undone, target = cp.undo(later)
    assert target.action == "game"
    assert undone.log[:-1] == later.log
    assert cp.replay(undone).current_game == 1
    with pytest.raises(cp.CampaignError, match="already undone"):
        cp.undo(undone, target.seq)
