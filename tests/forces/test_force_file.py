"""Force file v1: round trip, backups, newer versions refused, migrations, broken files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardsmith.errors import ForceFileError
from cardsmith.fileio import backup_path, lock_path
from cardsmith.forces import fast_read, force_file
from cardsmith.forces.editing import add_entry, new_force, set_group
from cardsmith.forces.force_file import (
    FORMAT_VERSION,
    force_from_dict,
    force_to_dict,
    load_force,
    save_force,
)
from cardsmith.forces.pricing import force_pv
from cardsmith.models import Force

from .conftest import make_unit


def sample_force() -> Force:
    force = new_force("Ударная группа Ёж", cap=300)
    force = add_entry(
        force,
        make_unit(mul_id=1, name="Mówáng Ærø", pv=52, size=4),
        skill=2,
        pilot="Наталья Ко́валенко",
        spas=["sniper"],
        group="Альфа",
        commander=True,
    )
    force = add_entry(
        force,
        make_unit(mul_id=2, name="Griffin", move='10"j', pv=34),
        skill=6,
        pilot="José Müller",
        group="Альфа",
    )
    return set_group(force, "Альфа", formation="battle")


def test_round_trip_keeps_every_field(tmp_path: Path) -> None:
    force = sample_force()
    path = tmp_path / "force.json"
    save_force(force, path)
    loaded = load_force(path)
    assert loaded == force
    assert force_pv(loaded) == force_pv(force)
    text = path.read_text(encoding="utf-8")
    assert "Наталья Ко́валенко" in text and "José Müller" in text  # written as UTF-8, not escapes
    data = json.loads(text)
    assert data["format"] == "cardsmith-force" and data["version"] == FORMAT_VERSION
    entry = data["entries"][0]
    for key in ("mul_id", "unit", "unit_version", "skill", "pilot", "spas", "group", "commander"):
        assert key in entry
    assert data["groups"] == [{"name": "Альфа", "formation": "battle"}]


def test_save_keeps_the_previous_file_as_backup(tmp_path: Path) -> None:
    path = tmp_path / "force.json"
    first = new_force("One")
    save_force(first, path)
    assert not backup_path(path).exists()
    before = path.read_bytes()
    save_force(first.with_changes(name="Two"), path)
    assert backup_path(path).read_bytes() == before
    assert load_force(path).name == "Two"
    # No temporary file is left behind; the advisory lock file may stay.
    left = sorted(p.name for p in tmp_path.iterdir() if p != lock_path(path))
    assert left == ["force.json", "force.json.bak"]


def test_newer_version_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    data = force_to_dict(sample_force())
    data["version"] = FORMAT_VERSION + 1
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ForceFileError, match="newer cardsmith"):
        load_force(path)


def test_older_version_goes_through_the_migration_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    data = force_to_dict(sample_force())
    data["version"] = 0
    data["title"] = data.pop("name")  # pretend version 0 called it "title"

    def zero_to_one(doc: dict[str, Any]) -> dict[str, Any]:
        doc["name"] = doc.pop("title")
        return doc

    with pytest.raises(ForceFileError, match="version 0"):
        force_from_dict(dict(data))
    monkeypatch.setitem(force_file.MIGRATIONS, 0, zero_to_one)
    assert force_from_dict(data).name == "Ударная группа Ёж"


def test_a_migration_that_changes_entries_leaves_other_files_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Entries repeated across files are read once and shared (forces.entry_scan): a
    # migration changing one in place must not change the files that share it.
    current = tmp_path / "current.json"
    save_force(sample_force(), current)
    old = tmp_path / "old.json"
    old.write_bytes(current.read_bytes().replace(b'"version": 1', b'"version": 0', 1))

    def zero_to_one(doc: dict[str, Any]) -> dict[str, Any]:
        for entry in doc["entries"]:
            entry["skill"] = 2
        return doc

    monkeypatch.setitem(force_file.MIGRATIONS, 0, zero_to_one)
    before = load_force(current)
    assert {e.skill for e in load_force(old).entries} == {2}
    monkeypatch.setattr(fast_read, "_ENTRIES", {})  # as when that memory fills up
    assert load_force(current) == before


def _valid() -> dict[str, Any]:
    return force_to_dict(sample_force())


def _with(path: list[Any], value: Any) -> dict[str, Any]:
    data = _valid()
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([1, 2], "JSON object"),
        ({"format": "something-else", "version": 1}, "not a cardsmith force file"),
        (_with(["version"], "1"), "version"),
        (_with(["name"], 7), "name"),
        (_with(["name"], ""), "name"),
        (_with(["cap"], -5), "cap"),
        (_with(["entries"], {}), "entries"),
        (_with(["groups"], "Alpha"), "groups"),
        (_with(["entries", 0, "skill"], "4"), "skill"),
        (_with(["entries", 0, "skill"], 8), "skill"),
        (_with(["entries", 0, "spas"], "sniper"), "spas"),
        (_with(["entries", 0, "commander"], "yes"), "commander"),
        (_with(["entries", 0, "unit"], None), r"entries\[0\]\.unit"),
        (_with(["entries", 0, "unit", "damage"], "lots"), r"entries\[0\]\.unit"),
        (_with(["entries", 0, "mul_id"], 999), "mul_id"),
        (_with(["entries", 1, "pilot"], 12), "pilot"),
    ],
)
def test_wrong_shapes_are_clear_errors(document: Any, message: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ForceFileError, match=message):
        load_force(path)


def test_truncated_file_is_reported_as_cut_short(tmp_path: Path) -> None:
    path = tmp_path / "force.json"
    save_force(sample_force(), path)
    raw = path.read_bytes()
    for cut in (1, len(raw) // 3, len(raw) // 2, len(raw) - 3):
        path.write_bytes(raw[:cut])
        with pytest.raises(ForceFileError, match=r"not valid JSON|cut short"):
            load_force(path)


@pytest.mark.parametrize(
    "content", [b"", b"   \n", b"\xff\xfe\x00garbage", b"{not json", b"[" * 100_000]
)
def test_unreadable_bytes(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "force.json"
    path.write_bytes(content)
    with pytest.raises(ForceFileError):
        load_force(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(ForceFileError, match="no force file"):
        load_force(tmp_path / "absent.json")
    with pytest.raises(ForceFileError, match="folder"):
        load_force(tmp_path)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("pv", -5, '"pv" is -5'),
        ("armor", -1, '"armor" is -1'),
        ("structure", -2, '"structure" is -2'),
        ("size", -1, '"size" is -1'),
        ("damage", ["-3", "2", "1", "0"], "damage at range S is -3"),
        ("move", '-4"', "is not a move"),
    ],
)
def test_impossible_stats_are_refused(
    tmp_path: Path, field: str, value: object, words: str
) -> None:
    path = tmp_path / "edited.json"
    data = force_to_dict(sample_force())
    data["entries"][0]["unit"][field] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ForceFileError, match=r"entries\[0\]\.unit") as caught:
        load_force(path)
    assert words in caught.value.message


def test_a_hand_edited_negative_pv_is_refused_by_the_cli(cli_run: Any, tmp_path: Path) -> None:
    path = tmp_path / "edited.json"
    data = force_to_dict(sample_force())
    data["entries"][1]["unit"]["pv"] = -40
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    for command in (["show"], ["set", "1", "--skill", "3"]):
        result = cli_run("force", command[0], str(path), *command[1:])
        assert result.code == 2, result
        assert "entries[1].unit" in result.stderr and "negative pv" in result.stderr
        assert "Traceback" not in result.stderr
    assert path.read_bytes() == before
