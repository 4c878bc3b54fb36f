"""The battle file: round trip, backup, force references by path and fingerprint, bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battle.conftest import BattleFile
from cardsmith.battle import actions
from cardsmith.battle.battle_file import (
    FORMAT_VERSION,
    BattleFileError,
    backup_path,
    load_battle,
    save_battle,
)
from cardsmith.battle.crits import CritKind
from cardsmith.forces.force_file import load_force, save_force


def test_round_trip_keeps_state_log_and_pending(battle_file: BattleFile) -> None:
    path = battle_file()
    battle = load_battle(path)
    battle = actions.damage(battle, "2.1", 6)
    battle = actions.crit(battle, "2.1", CritKind.FIRE_CONTROL)
    battle = actions.end_round(battle)
    battle = actions.heat(battle, "2.1", 1)
    battle = actions.wound(battle, "2.1", now=True)
    save_battle(battle, path)
    again = load_battle(path)
    assert again == battle
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "cardsmith-battle" and data["version"] == FORMAT_VERSION == 3
    assert data["sides"][0]["force"] == "../forces/blue.json"
    assert data["state"]["turn"] == 2 and data["state"]["pending"] == 1
    assert backup_path(path).is_file()


def test_save_keeps_the_previous_file_as_backup(battle_file: BattleFile) -> None:
    path = battle_file()
    first = path.read_bytes()
    save_battle(actions.damage(load_battle(path), "1.1", 1), path)
    assert backup_path(path).read_bytes() == first
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def _edit(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda p: p.write_text("", encoding="utf-8"), "is empty"),
        (
            lambda p: p.write_text('{"format": "cardsmith-battle", "vers', encoding="utf-8"),
            "not valid JSON",
        ),
        (lambda p: p.write_bytes(b"\xff\xfe\x00"), "not UTF-8"),
        (lambda p: p.write_text("[1, 2]", encoding="utf-8"), "JSON object"),
        (
            lambda p: _edit(p, lambda d: d.update(format="cardsmith-force")),
            "not a cardsmith battle file",
        ),
        (lambda p: _edit(p, lambda d: d.update(version=99)), "newer cardsmith"),
        (lambda p: _edit(p, lambda d: d.update(sides="x")), '"sides" must be a list'),
        (lambda p: _edit(p, lambda d: d["sides"][0].update(force="gone.json")), "no force file"),
        (
            lambda p: _edit(p, lambda d: d["sides"][0].update(fingerprint="0000-0000-0000")),
            "changed since",
        ),
        (
            lambda p: _edit(p, lambda d: d.update(log=[{"kind": "explode"}])),
            '"kind" must be one of',
        ),
        (
            lambda p: _edit(
                p, lambda d: d.update(log=[{"kind": "damage", "unit": "9.9", "amount": 1}])
            ),
            "does not replay",
        ),
        (
            lambda p: _edit(
                p, lambda d: d.update(log=[{"kind": "crit", "unit": "1.1", "detail": "boom"}])
            ),
            "does not replay",
        ),
        (
            lambda p: _edit(
                p, lambda d: d.update(log=[{"kind": "damage", "unit": "1.1", "amount": "3"}])
            ),
            '"amount" must be int',
        ),
    ],
)
def test_bad_battle_files_are_refused_clearly(
    battle_file: BattleFile, spoil: Any, message: str
) -> None:
    path = battle_file()
    spoil(path)
    with pytest.raises(BattleFileError, match=message):
        load_battle(path)


def test_an_edited_force_file_is_noticed(battle_file: BattleFile) -> None:
    path = battle_file()
    force_path = path.parent.parent / "forces" / "red.json"
    force = load_force(force_path)
    save_force(force.with_changes(name="Renamed"), force_path)
    with pytest.raises(BattleFileError, match="changed since the battle started"):
        load_battle(path)


def test_missing_battle_file() -> None:
    with pytest.raises(BattleFileError, match="no battle file"):
        load_battle(Path("/nonexistent/battle.json"))
