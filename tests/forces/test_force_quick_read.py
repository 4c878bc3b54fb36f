"""The force reader's quick path answers exactly as the general reader and the limits walk.

``load_force`` reads plain entries from memory (``forces.fast_read``) and walks a file
for the shared limits only when ``within_limits`` cannot vouch for it.  Each file below
is a clean list with one change (a type, a bound, an unknown key, a number too large);
it is read after clean lists that share its units and entries, so the quick path sees
it, and must give the very force or the very message of the general reader with the
walk always run.
"""

from __future__ import annotations

import copy
import json
import marshal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardsmith import limits
from cardsmith.errors import CardsmithError, ForceFileError
from cardsmith.forces import entry_scan, fast_read, force_file, snapshots
from cardsmith.forces.force_file import force_to_dict, load_force
from cardsmith.models import Force, ForceEntry, Group, Pilot

from .conftest import make_unit

DEEP: Any = []
for _ in range(70):
    DEEP = [DEEP]
#: Deeper than a unit snapshot may nest (the shared limit less the three levels above a
#: snapshot in a force file), though not deeper than the shared limit itself.
SNAPSHOT_DEEP: Any = []
for _ in range(limits.MAX_DEPTH - 3):
    SNAPSHOT_DEEP = [SNAPSHOT_DEEP]


def _clean() -> dict[str, Any]:
    first = make_unit(mul_id=11, name="Griffin GRF-1N", pv=29, size=2)
    second = make_unit(mul_id=12, name="Locust LCT-1V", pv=18, size=1)
    force = Force(
        "Lance",
        "standard",
        cap=300,
        entries=(
            ForceEntry(unit=first, skill=4, spas=("sniper",), group="A", commander=True),
            ForceEntry(unit=second, skill=4, pilot=Pilot("Kai", 1, "hurt"), group="A"),
            ForceEntry(unit=second),
        ),
        groups=(Group("A", "battle"),),
    )
    return force_to_dict(force)


Change = Callable[[dict[str, Any]], None]


def _entry(number: int, key: str, value: Any) -> Change:
    return lambda doc: doc["entries"][number].__setitem__(key, value)


def _unit(number: int, key: str, value: Any) -> Change:
    return lambda doc: doc["entries"][number]["unit"].__setitem__(key, value)


def _pilot(key: str, value: Any) -> Change:
    return lambda doc: doc["entries"][1]["pilot"].__setitem__(key, value)


def _top(key: str, value: Any) -> Change:
    return lambda doc: doc.__setitem__(key, value)


CHANGES: dict[str, Change] = {
    "nothing": lambda doc: None,
    "skill 4.0": _entry(2, "skill", 4.0),
    "skill true": _entry(2, "skill", True),
    "skill text": _entry(2, "skill", "4"),
    "skill 9": _entry(2, "skill", 9),
    "skill 10**30": _entry(2, "skill", 10**30),
    "commander 1": _entry(2, "commander", 1),
    "spas text": _entry(0, "spas", "sniper"),
    "spa number": _entry(0, "spas", [1]),
    "group number": _entry(2, "group", 5),
    "group null": _entry(2, "group", None),
    "unit_version float": _entry(2, "unit_version", 1.5),
    "mul_id other": _entry(2, "mul_id", 99),
    "mul_id 12.0": _entry(2, "mul_id", 12.0),
    "mul_id 10**30": _entry(2, "mul_id", 10**30),
    "entry extra 1e400": _entry(2, "note", float("inf")),
    "entry extra deep": _entry(2, "note", DEEP),
    "entry extra fine": _entry(2, "note", "hello"),
    "pilot wounds 10**30": _pilot("wounds", 10**30),
    "pilot wounds true": _pilot("wounds", True),
    "pilot wounds -1": _pilot("wounds", -1),
    "pilot wounds 1.0": _pilot("wounds", 1.0),
    "pilot name number": _pilot("name", 7),
    "pilot extra deep": _pilot("history", DEEP),
    "pilot extra big": _pilot("history", 10**30),
    "pilot notes number": _pilot("notes", 5),
    "pilot wounds only": _entry(1, "pilot", {"wounds": 2}),
    "pilot notes only": _entry(1, "pilot", {"notes": "shaken"}),
    "pilot name only": _entry(1, "pilot", {"name": "Tara"}),
    "pilot text": _entry(1, "pilot", "Kai"),
    "pilot number": _entry(1, "pilot", 5),
    "pilot null": _entry(1, "pilot", None),
    "unit pv 18.0": _unit(2, "pv", 18.0),
    "unit pv true": _unit(2, "pv", True),
    "unit pv -3": _unit(2, "pv", -3),
    "unit pv 1e400": _unit(2, "pv", float("inf")),
    "unit pv 10**30": _unit(2, "pv", 10**30),
    "unit size 1.0": _unit(2, "size", 1.0),
    "unit tonnage 20": _unit(2, "tonnage", 20),
    "unit extra deep": _unit(2, "note", DEEP),
    "unit extra past a snapshot's depth": _unit(2, "note", SNAPSHOT_DEEP),
    "unit threshold -1": _unit(2, "threshold", -1),
    "unit overheat -1": _unit(2, "overheat", -1),
    "unit tmm -1": _unit(2, "tmm", -1),
    "unit tonnage -5": _unit(2, "tonnage", -5),
    "cap 10**30": _top("cap", 10**30),
    "cap 1e400": _top("cap", float("inf")),
    "cap 0": _top("cap", 0),
    "version 1.0": _top("version", 1.0),
    "version true": _top("version", True),
    "generator 1e400": _top("generator", float("inf")),
    "generator deep": _top("generator", DEEP),
    "generator number": _top("generator", 3),
    "top extra big": _top("extra", {"a": 10**30}),
    "era extra 1e400": _top("era", {"id": 13, "name": "Clan Invasion", "x": float("inf")}),
    "faction extra big": _top("faction", {"id": 900, "name": "Clan Wolf", "x": 10**30}),
    "group extra deep": lambda doc: doc["groups"][0].__setitem__("x", DEEP),
    "group formation number": lambda doc: doc["groups"][0].__setitem__("formation", 3),
}


def _write(path: Path, document: dict[str, Any]) -> Path:
    # json.dumps writes inf as Infinity, which the reader refuses before any of this;
    # 1e400 is the text that reads back as an infinite float.
    text = json.dumps(document, indent=2).replace("Infinity", "1e400")
    path.write_text(text, encoding="utf-8")
    return path


def _forget_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty the readers' memories (entry texts, entries, snapshots) for this test."""
    monkeypatch.setattr(entry_scan, "_MEMORY", entry_scan._Memory())
    monkeypatch.setattr(fast_read, "_ENTRIES", {})
    monkeypatch.setattr(snapshots, "_UNITS", {})


def _outcome(path: Path) -> Force | str:
    try:
        return load_force(path)
    except CardsmithError as exc:
        return exc.message


def _general(path: Path, monkeypatch: pytest.MonkeyPatch) -> Force | str:
    """What the general reader says, with the limits walk always run first."""
    with monkeypatch.context() as patch:
        patch.setattr(force_file, "plain_entry", lambda raw, text=None: None)
        patch.setattr(force_file, "within_limits", lambda data: False)
        patch.setattr(snapshots, "_UNITS", {})
        data = json.loads(path.read_text(encoding="utf-8"))
        try:
            limits.check_tree(
                force_file._without_snapshots(data), where=str(path), error=ForceFileError
            )
        except CardsmithError as exc:
            return exc.message
        return _outcome(path)


@pytest.mark.parametrize("name", list(CHANGES))
def test_the_quick_path_reads_each_change_as_the_general_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    _forget_all(monkeypatch)
    clean = _write(tmp_path / "clean.json", _clean())
    load_force(clean)
    load_force(clean)  # now every unit and entry of the clean list is remembered
    assert fast_read._ENTRIES, "the clean list's entries were not read by the quick path"
    document = copy.deepcopy(_clean())
    CHANGES[name](document)
    changed = _write(tmp_path / "changed.json", document)
    expected = _general(changed, monkeypatch)
    assert _outcome(changed) == expected
    assert _outcome(changed) == expected  # and again, with whatever it left in memory
    if name == "nothing":
        assert isinstance(expected, Force)


def test_plain_entries_are_shared_and_a_clean_list_needs_no_walk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _forget_all(monkeypatch)
    clean = _write(tmp_path / "clean.json", _clean())
    load_force(clean)
    walks: list[object] = []
    monkeypatch.setattr(force_file, "_check_limits", lambda data, origin: walks.append(data))
    first, second = load_force(clean), load_force(clean)
    assert walks == []
    assert first == second
    assert all(a is b for a, b in zip(first.entries, second.entries, strict=True))


def test_a_repeated_list_is_read_by_its_entry_texts_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _forget_all(monkeypatch)
    clean = _write(tmp_path / "clean.json", _clean())
    first = load_force(clean)
    load_force(clean)
    decoded: list[object] = []
    scan = entry_scan._scan

    def watched(text: str, idx: int) -> tuple[object, int]:
        value, end = scan(text, idx)
        decoded.append(value)
        return value, end

    def refused(*args: object) -> object:
        raise AssertionError("a repeated entry was keyed by its data")

    monkeypatch.setattr(entry_scan, "_scan", watched)
    monkeypatch.setattr(marshal, "dumps", refused)
    again = load_force(clean)
    assert again == first
    assert decoded, "the document was not read by the scan"
    assert not [value for value in decoded if isinstance(value, dict) and "unit" in value]


def test_huge_entries_are_read_each_time_and_never_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A folder of files whose entries and snapshots carry huge values must not fill the
    # readers' memories: only what is at most MAX_REMEMBERED is kept.
    _forget_all(monkeypatch)
    huge = "x" * (snapshots.MAX_REMEMBERED + 1)
    clean = _clean()
    changes: list[Change] = [
        _entry(0, "extra", huge),  # an unknown key of the entry
        lambda doc: doc["entries"][1]["unit"].__setitem__("extra", huge),  # of a snapshot
        _entry(2, "pilot", {"name": "Kai", "notes": huge}),
    ]
    for number, change in enumerate(changes):
        document = copy.deepcopy(clean)
        change(document)
        path = _write(tmp_path / f"huge-{number}.json", document)
        expected = _general(path, monkeypatch)
        assert _outcome(path) == expected
        assert _outcome(path) == expected  # the second time is read again, not recalled
    kept = [
        *(text for texts in entry_scan._MEMORY.by_prefix.values() for text, _ in texts),
        *fast_read._ENTRIES,
        *(key for _, key in snapshots._UNITS),
    ]
    assert kept, "the files' ordinary entries were not kept"
    assert max(len(key) for key in kept) <= snapshots.MAX_REMEMBERED
