"""What the force file reader accepts, assumes and says, field by field: a hand-written
minimal file, the edges of each bound, each refusal in its exact words with where it is,
the general reader against the quick path, and what a save writes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardsmith import limits
from cardsmith.errors import ForceFileError
from cardsmith.forces import force_file
from cardsmith.forces.editing import add_entry, new_force
from cardsmith.forces.fast_read import plain_entry
from cardsmith.forces.force_file import (
    force_bytes,
    force_from_dict,
    load_force,
    save_force,
    save_force_unless_changed,
)
from cardsmith.models import Force, Pilot
from cardsmith.models.force import MAX_SKILL, MIN_SKILL, MulRef

from .conftest import make_unit

ORIGIN = "lance.json"


def _document(**fields: Any) -> dict[str, Any]:
    return {"format": "cardsmith-force", "version": 1, "name": "Lance", **fields}


def _refused(document: Any) -> str:
    with pytest.raises(ForceFileError) as refused:
        force_from_dict(document, ORIGIN)
    return str(refused.value)


_FRESH = iter(range(900_001, 999_999))


def _snapshot() -> dict[str, Any]:
    """A unit snapshot no reader has seen in this process, so the general reader reads it."""
    mul_id = next(_FRESH)
    return make_unit(mul_id=mul_id, name=f"Reader Test {mul_id}", pv=30).to_dict()


# -- a minimal file, and what the reader assumes -------------------------------------------


def test_a_minimal_hand_written_file_reads_with_the_defaults() -> None:
    force = force_from_dict(_document(), ORIGIN)
    assert force == Force(name="Lance", pack="standard", cap=None, entries=(), groups=())
    assert (force.data_version, force.era, force.faction) == ("", None, None)


def test_an_entry_with_only_its_unit_takes_the_defaults_on_either_path() -> None:
    text = json.dumps(_document(entries=[{"unit": _snapshot()}]))
    general = force_from_dict(json.loads(text), ORIGIN).entries[0]
    assert (general.skill, general.pilot, general.spas) == (4, Pilot(), ())
    assert (general.group, general.commander, general.unit_version) == ("", False, "")
    # The same file read again goes the quick way (its snapshot is known now), and
    # must give the same entry.
    again = json.loads(text)
    quick = plain_entry(again["entries"][0])
    assert quick is not None and quick[0] == general
    assert force_from_dict(again, ORIGIN).entries[0] == general


def test_a_pilot_given_by_name_or_as_an_object_without_wounds() -> None:
    entries = [
        {"unit": _snapshot(), "pilot": "Kai"},
        {"unit": _snapshot(), "pilot": {"name": "Tara", "notes": "lefty"}},
    ]
    force = force_from_dict(_document(entries=entries), ORIGIN)
    assert [e.pilot for e in force.entries] == [
        Pilot(name="Kai"),
        Pilot(name="Tara", wounds=0, notes="lefty"),
    ]


@pytest.mark.parametrize("skill", [MIN_SKILL, MAX_SKILL])
def test_both_skill_bounds_are_allowed(skill: int) -> None:
    raw = {"unit": _snapshot(), "skill": skill}
    assert force_from_dict(_document(entries=[raw]), ORIGIN).entries[0].skill == skill


def test_a_cap_of_one_and_the_largest_ids_are_allowed() -> None:
    force = force_from_dict(
        _document(
            cap=1,
            era={"id": 1, "name": "Age of War"},
            faction={"id": 2**31 - 1, "name": "Far Out"},
        ),
        ORIGIN,
    )
    assert force.cap == 1
    assert (force.era, force.faction) == (MulRef(1, "Age of War"), MulRef(2**31 - 1, "Far Out"))


# -- each refusal, in its words -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"format": "mekbay-list"}, "lance.json is not a cardsmith force file "
         "(\"format\" is 'mekbay-list', expected 'cardsmith-force')"),
        ({"version": "1"}, "lance.json: \"version\" must be a whole number, not '1'"),
        ({"version": True}, 'lance.json: "version" must be a whole number, not True'),
        ({"name": None}, 'lance.json: "name" is missing'),
        ({"name": "  "}, 'lance.json: "name" must not be empty'),
        ({"name": 7}, 'lance.json: "name" must be text, not int'),
        ({"pack": ["standard"]}, 'lance.json: "pack" must be text, not list'),
        ({"data_version": 3}, 'lance.json: "data_version" must be text, not int'),
        ({"cap": 0}, 'lance.json: "cap" must be a positive whole number or null'),
        ({"cap": True}, 'lance.json: "cap" must be a positive whole number or null'),
        ({"cap": 2.5}, 'lance.json: "cap" must be a positive whole number or null'),
        ({"groups": [{"formation": "battle"}]}, 'lance.json: groups[0]: "name" is missing'),
        ({"groups": [{"name": ""}]}, 'lance.json: groups[0]: "name" must not be empty'),
        ({"groups": ["Alpha"]}, "lance.json: groups[0] must be an object"),
        (
            {"groups": [{"name": "A"}, {"name": "B", "formation": 5}]},
            'lance.json: groups[1]: "formation" must be text or null',
        ),
        ({"entries": ["Atlas AS7-D"]}, "lance.json: entries[0] must be an object"),
        ({"era": 13}, 'lance.json: era must be an object with "id" and "name", or null'),
        ({"era": {"id": 0, "name": "x"}}, 'lance.json: era: "id" must be a MUL id (a whole number above 0)'),
        ({"faction": {"id": 2**31, "name": "x"}}, 'lance.json: faction: "id" must be a MUL id (a whole number above 0)'),
        ({"faction": {"id": 5}}, 'lance.json: faction: "name" is missing'),
    ],
)  # fmt: skip
def test_each_document_refusal_says_what_and_where(fields: dict[str, Any], message: str) -> None:
    assert _refused(_document(**fields)) == message


def test_a_newer_version_asks_for_an_upgrade() -> None:
    message = _refused(_document(version=2))
    assert message.startswith("lance.json uses force file version 2, written by a newer cardsmith")
    assert message.endswith("reads versions up to 1 — please upgrade cardsmith to open it")


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"skill": MAX_SKILL + 1}, 'entries[0]: "skill" must be a whole number 0-7'),
        ({"skill": MIN_SKILL - 1}, 'entries[0]: "skill" must be a whole number 0-7'),
        ({"skill": True}, 'entries[0]: "skill" must be a whole number 0-7'),
        ({"spas": ["sniper", 3]}, 'entries[0]: "spas" must be a list of SPA ids'),
        ({"commander": 1}, 'entries[0]: "commander" must be true or false'),
        ({"group": 2}, 'entries[0]: "group" must be text, not int'),
        ({"unit_version": 2}, 'entries[0]: "unit_version" must be text, not int'),
        ({"pilot": {"wounds": -1}}, 'entries[0].pilot: "wounds" must be a whole number of 0 or more'),
        ({"pilot": {"wounds": True}}, 'entries[0].pilot: "wounds" must be a whole number of 0 or more'),
        ({"pilot": {"wounds": "2"}}, 'entries[0].pilot: "wounds" must be a whole number of 0 or more'),
        ({"pilot": {"name": 5}}, 'entries[0].pilot: "name" must be text, not int'),
        ({"pilot": {"notes": []}}, 'entries[0].pilot: "notes" must be text, not list'),
        ({"pilot": ["Kai"]}, 'entries[0].pilot must be an object with a "name"'),
    ],
)  # fmt: skip
def test_each_entry_refusal_says_what_and_where(entry: dict[str, Any], message: str) -> None:
    document = _document(entries=[{"unit": _snapshot(), **entry}])
    assert _refused(document) == f"lance.json: {message}"


def test_a_mul_id_that_is_not_the_snapshots_is_refused() -> None:
    snapshot = _snapshot()
    message = _refused(_document(entries=[{"unit": snapshot, "mul_id": 17}]))
    assert message == (
        f'lance.json: entries[0]: "mul_id" 17 does not match the unit snapshot '
        f"({snapshot['mul_id']})"
    )


# -- migrations ------------------------------------------------------------------------------


def test_a_migration_step_gets_a_copy_and_the_version_is_counted_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[dict[str, Any]] = []

    def one_to_two(document: dict[str, Any]) -> dict[str, Any]:
        seen.append(document)
        document["renamed"] = document.pop("name")
        return document

    monkeypatch.setattr(force_file, "FORMAT_VERSION", 2)
    monkeypatch.setitem(force_file.MIGRATIONS, 1, one_to_two)
    original = _document()
    migrated = force_file.migrate(original, 1, ORIGIN)
    assert migrated == {"format": "cardsmith-force", "version": 2, "renamed": "Lance"}
    assert original == _document()  # the caller's document is left as it was
    assert seen[0] is not original
    with pytest.raises(ForceFileError) as refused:
        force_file.migrate(_document(version=0), 0, ORIGIN)
    assert str(refused.value) == (
        "lance.json uses force file version 0, which cardsmith cannot read"
    )


# -- writing -------------------------------------------------------------------------------------


def test_the_saved_text_is_indented_utf8_with_a_final_newline(tmp_path: Path) -> None:
    force = add_entry(new_force("Сталь"), make_unit(mul_id=5, name="Ёж"), pilot="Zoë")
    path = tmp_path / "steel.json"
    save_force(force, path)
    written = path.read_bytes()
    assert written == force_bytes(force)
    assert written.startswith(b'{\n  "format": "cardsmith-force",\n  "version": 1,\n')
    assert written.endswith(b"}\n") and not written.endswith(b"\n\n")
    assert "Сталь".encode() in written and "Zoë".encode() in written  # not \\u escapes
    assert json.loads(written)["entries"][0]["pilot"]["name"] == "Zoë"


def test_a_force_the_reader_would_refuse_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with pytest.raises(ForceFileError) as refused:
        save_force(new_force("Huge", cap=10**23), path)
    assert str(refused.value).startswith(str(path))
    assert not path.exists()


def test_saving_without_a_force_to_compare_writes_over_the_file(tmp_path: Path) -> None:
    path = tmp_path / "lance.json"
    save_force(new_force("Old"), path)
    assert save_force_unless_changed(new_force("New"), path, None) is None
    assert load_force(path).name == "New"
    # With the force last read given, a file changed since is left alone.
    other = new_force("Changed elsewhere")
    save_force(other, path)
    assert save_force_unless_changed(new_force("Mine"), path, new_force("New")) == other
    assert load_force(path) == other


# -- where a refusal is, and numbers only the limits walk bounds ------------------------------


def test_a_refusal_from_a_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "hand-edited.json"
    path.write_text(json.dumps(_document(name=None)), encoding="utf-8")
    with pytest.raises(ForceFileError) as refused:
        load_force(path)
    assert str(refused.value) == f'{path}: "name" is missing'
    path.write_text(json.dumps(_document(entries=["Atlas AS7-D"])), encoding="utf-8")
    with pytest.raises(ForceFileError) as not_an_entry:
        load_force(path)
    assert str(not_an_entry.value) == f"{path}: entries[0] must be an object"


def test_a_document_read_without_a_name_for_its_origin_is_called_a_force_file() -> None:
    with pytest.raises(ForceFileError) as refused:
        force_from_dict(_document(cap=0))
    assert str(refused.value) == 'force file: "cap" must be a positive whole number or null'
    with pytest.raises(ForceFileError) as old:
        force_from_dict(_document(version=0), ORIGIN)
    assert str(old.value) == "lance.json uses force file version 0, which cardsmith cannot read"


@pytest.mark.parametrize("seen", [False, True], ids=["new-unit", "known-unit"])
def test_a_pilots_wounds_past_any_number_a_file_may_hold_are_refused(
    tmp_path: Path, seen: bool
) -> None:
    # The reader bounds wounds only from below; the limits walk bounds the rest, whether
    # the entry is read the general way (a new snapshot) or the quick way (a known one).
    snapshot = _snapshot()
    if seen:
        text = json.dumps(_document(entries=[{"unit": snapshot}]))
        force_from_dict(json.loads(text), ORIGIN)  # now the snapshot is known
    path = tmp_path / "wounded.json"
    entry = {"unit": snapshot, "pilot": {"name": "Kai", "wounds": 10**30}}
    path.write_text(json.dumps(_document(entries=[entry])), encoding="utf-8")
    with pytest.raises(ForceFileError) as refused:
        load_force(path)
    assert str(refused.value) == f"{path}: entries[0].pilot.wounds is too large a number"


# -- what no card could show ---------------------------------------------------------------


@pytest.mark.parametrize("field", ["threshold", "overheat", "tmm"])
def test_a_snapshot_with_a_negative_count_is_refused_by_name(field: str) -> None:
    snapshot = {**_snapshot(), field: -1}
    message = _refused(_document(entries=[{"unit": snapshot}]))
    assert message == (
        f'lance.json: entries[0].unit: "{field}" is -1; '
        f"{snapshot['name']} cannot have a negative {field}"
    )


def test_a_snapshot_whose_name_runs_to_megabytes_is_refused_by_name(tmp_path: Path) -> None:
    # Echoed in every line that names the unit, such a name made a check of 40 such files
    # take 18 s and 730 MiB; it is refused as it is read.
    snapshot = {**_snapshot(), "name": "x" * 4_000_000}
    message = _refused(_document(entries=[{"unit": snapshot}]))
    assert message == (
        f"lance.json: entries[0].unit: unit {snapshot['mul_id']}: 'name' is 4,000,000 "
        f"characters long; a unit's text is at most {limits.MAX_UNIT_TEXT:,}"
    )


def test_a_snapshot_with_a_negative_tonnage_is_refused() -> None:
    message = _refused(_document(entries=[{"unit": {**_snapshot(), "tonnage": -5}}]))
    assert message == 'lance.json: entries[0].unit: "tonnage" must be a finite number of 0 or more'


def test_a_snapshot_may_nest_three_levels_less_than_a_whole_file() -> None:
    # A snapshot stands three levels down in a force file (document, entries, entry), so
    # its own bound keeps the file within the shared one.
    nest: Any = []
    for _ in range(limits.MAX_DEPTH - 3):
        nest = [nest]
    message = _refused(_document(entries=[{"unit": {**_snapshot(), "note": nest}}]))
    assert (
        message == f"lance.json: entries[0].unit nests more than {limits.MAX_DEPTH - 3} levels deep"
    )
