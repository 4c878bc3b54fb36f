"""Another program's added entries: found only when that is all it changed, then merged."""

from __future__ import annotations

from pathlib import Path

from cardsmith.forces.editing import add_entry, data_version, new_force, set_entry, set_group
from cardsmith.forces.force_file import save_force
from cardsmith.forces.merge import added_entries, merge_added
from cardsmith.services import force_files

from .conftest import make_unit

LOCUST, ATLAS, GRIFFIN = (make_unit(mul_id=n, name=name) for n, name in enumerate("LAG", 1))


def test_only_appended_entries_count_as_added() -> None:
    base = add_entry(new_force("F"), LOCUST)
    theirs = add_entry(add_entry(base, ATLAS), GRIFFIN)
    assert added_entries(base, theirs) == theirs.entries[1:]
    assert added_entries(base, base) is None
    assert added_entries(base, set_entry(theirs, 1, skill=3)) is None  # an entry changed
    assert added_entries(base, add_entry(new_force("F"), ATLAS)) is None  # one replaced
    assert added_entries(base, theirs.with_changes(name="G")) is None  # the name changed
    assert added_entries(base, set_group(theirs, "Alpha")) is None  # a group declared


def test_merge_keeps_mine_and_appends_theirs() -> None:
    base = add_entry(new_force("F"), LOCUST)
    mine = set_entry(base, 1, skill=2)
    theirs = add_entry(base, ATLAS)
    added = added_entries(base, theirs)
    assert added is not None
    merged = merge_added(mine, added)
    assert [(e.name, e.skill) for e in merged.entries] == [("L", 2), ("A", 4)]
    assert merged.data_version == data_version(merged.entries)


def test_a_save_refuses_to_overwrite_an_outside_change(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    base = add_entry(new_force("F"), LOCUST)
    save_force(base, path)
    save_force(add_entry(base, ATLAS), path)  # another program
    mine = set_entry(base, 1, skill=2)
    change = force_files.save_unless_changed(mine, path, loaded=base)
    assert change is not None and change.can_merge
    assert len(force_files.load_force(path).entries) == 2  # nothing was written
    merged = force_files.merge_outside(mine, change)
    assert force_files.save_unless_changed(merged, path, loaded=change.on_disk) is None
    assert force_files.load_force(path) == merged
