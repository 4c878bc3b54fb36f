"""The rows the app shows while the index loads are the index's own first rows, read safely."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kit import make_unit

from cardsmith.catalogue.dump import record
from cardsmith.catalogue.first_rows import QUERY, first_rows
from cardsmith.catalogue.schema import STORE_NAME
from cardsmith.catalogue.store import Catalogue


def _index_names(folder: Path, count: int) -> list[str]:
    with Catalogue.open(folder) as catalogue:
        return [row.name for row in catalogue.index().rows[:count]]


def test_the_starter_catalogue_starts_as_its_index_does(tmp_path: Path) -> None:
    expected = _index_names(tmp_path, 40)
    assert len(expected) == 40
    assert [row.name for row in first_rows(tmp_path, 40)] == expected
    everything = _index_names(tmp_path, 1000)
    assert [row.name for row in first_rows(tmp_path, 1000)] == everything


def test_numbers_in_names_and_units_without_stats_keep_the_index_order(tmp_path: Path) -> None:
    # As text "A 10" < "A 2" < "A 9"; the index counts (2, 9, 10), and lists units
    # without Alpha Strike stats ("A 1", no PV) after every unit with them.
    units = [
        make_unit("A 10", mul_id=900_001),
        make_unit("A 2", mul_id=900_002),
        make_unit("A 9", mul_id=900_003),
        make_unit("A 1", mul_id=900_004, pv=0),
    ]
    with Catalogue.open(tmp_path) as catalogue:
        catalogue.add([record(u) for u in units], source="test")
    shown = [row.name for row in first_rows(tmp_path, 3)]
    assert shown == ["A 2", "A 9", "A 10"] == _index_names(tmp_path, 3)


def test_a_missing_or_foreign_store_gives_nothing_and_is_left_alone(tmp_path: Path) -> None:
    missing = tmp_path / "not-yet"
    assert first_rows(missing, 20) == []
    assert not missing.exists()  # reading creates nothing: the full open does that
    junk = tmp_path / "junk"
    junk.mkdir()
    (junk / STORE_NAME).write_bytes(b"this is not a database" * 100)
    before = (junk / STORE_NAME).read_bytes()
    assert first_rows(junk, 20) == []
    assert (junk / STORE_NAME).read_bytes() == before
    assert sorted(p.name for p in junk.iterdir()) == [STORE_NAME]


def test_the_rows_are_read_in_index_order_without_sorting_the_table(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path):
        pass
    db = sqlite3.connect(tmp_path / STORE_NAME)
    plan = " | ".join(row[3] for row in db.execute(f"EXPLAIN QUERY PLAN {QUERY}", (40,)))
    db.close()
    assert plan == "SCAN units USING INDEX units_in_list_order"  # no TEMP B-TREE: no sort
