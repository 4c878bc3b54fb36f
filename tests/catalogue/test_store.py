"""The local catalogue stores, versions, repairs and shares its units safely."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.dump import read_unit_file, record
from cardsmith.catalogue.store import STORE_NAME, Catalogue
from cardsmith.errors import CatalogueDataError
from cardsmith.models import Unit
from cardsmith.paths import starter_dir

STARTER = starter_dir() / "starter.json"


def _starter_count() -> int:
    return len(json.loads(STARTER.read_text(encoding="utf-8"))["units"])


def test_new_catalogue_is_seeded_with_the_starter(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        assert len(catalogue) == _starter_count()
        atlas = catalogue.get(140)
        assert atlas is not None and atlas.name == "Atlas AS7-D"
        version = catalogue.version(140)
        assert version is not None and version.source == "starter"
        assert catalogue.notices == []


def test_add_reports_new_updated_and_unchanged(tmp_path: Path) -> None:
    records = read_unit_file(STARTER)[:3]
    with Catalogue.open(tmp_path, seed_starter=False) as catalogue:
        first = catalogue.add(records, source="test")
        again = catalogue.add(records, source="test")
        changed = record(Unit.from_dict({**records[0].unit.to_dict(), "pv": 99}))
        third = catalogue.add([changed], source="test")
        stored = catalogue.get(records[0].unit.mul_id)
        version = catalogue.version(records[0].unit.mul_id)
    assert (first.added, first.updated, first.unchanged) == (3, 0, 0)
    assert (again.added, again.updated, again.unchanged) == (0, 0, 3)
    assert (third.added, third.updated) == (0, 1)
    assert stored is not None and stored.pv == 99
    assert version is not None and version.content_hash == changed.content_hash


def test_find_by_name_ignores_case_and_punctuation(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        found = catalogue.find_by_name('griffin grf-1e "sparky"')
    assert [u.mul_id for u in found] == [1295]


def test_clear_removes_units_and_the_starter_returns(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        assert catalogue.clear() == _starter_count()
        assert len(catalogue) == 0
    with Catalogue.open(tmp_path) as catalogue:
        assert len(catalogue) == _starter_count()


def test_store_cut_mid_write_is_moved_aside_and_rebuilt(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        path = catalogue.path
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    with Catalogue.open(tmp_path) as catalogue:
        assert len(catalogue) == _starter_count()
        assert catalogue.notices and "moved to" in catalogue.notices[0]
    assert list(tmp_path.glob(f"{STORE_NAME}.corrupt-*"))


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda p: p.write_bytes(b"not a database at all" * 100), id="garbage"),
        pytest.param(
            lambda p: _foreign_sqlite(p, application_id=0, user_version=0, table=True), id="foreign"
        ),
        pytest.param(
            lambda p: _foreign_sqlite(p, application_id=0x43534D31, user_version=99, table=True),
            id="newer",
        ),
    ],
)
def test_unusable_store_is_reported_and_rebuilt(tmp_path: Path, spoil: Any) -> None:
    spoil(tmp_path / STORE_NAME)
    with Catalogue.open(tmp_path) as catalogue:
        assert len(catalogue) == _starter_count()
        assert len(catalogue.notices) == 1
    assert (
        len(
            [
                p
                for p in tmp_path.glob(f"{STORE_NAME}.corrupt-*")
                if not p.name.endswith(("-wal", "-shm"))
            ]
        )
        == 1
    )


def _foreign_sqlite(path: Path, *, application_id: int, user_version: int, table: bool) -> None:
    db = sqlite3.connect(path)
    if table:
        db.execute("CREATE TABLE other (x)")
    db.execute(f"PRAGMA application_id = {application_id}")
    db.execute(f"PRAGMA user_version = {user_version}")
    db.commit()
    db.close()


def test_two_processes_writing_at_once(tmp_path: Path) -> None:
    """Two writers at the same time: both finish and every unit is there, intact."""
    Catalogue.open(tmp_path).close()
    script = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        from cardsmith.catalogue.dump import record
        from cardsmith.catalogue.store import Catalogue
        from cardsmith.models import Unit
        start = int(sys.argv[2])
        with Catalogue.open(Path(sys.argv[1])) as catalogue:
            for round_ in range(15):
                batch = [record(Unit(mul_id=100000 + start + i, name=f"Test {start + i} r{round_}", pv=10)) for i in range(40)]
                catalogue.add(batch, source="writer")
        """
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(tmp_path), str(offset)], stderr=subprocess.PIPE
        )
        for offset in (0, 1000)
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
    with Catalogue.open(tmp_path) as catalogue:
        ids = {row.mul_id for row in catalogue.index().rows}
        assert {100000 + i for i in range(40)} <= ids
        assert {101000 + i for i in range(40)} <= ids
        unit = catalogue.get(101039)
        assert unit is not None and unit.name == "Test 1039 r14"
        assert catalogue.notices == []


@pytest.mark.slow
def test_import_of_the_full_mul_dump(tmp_path: Path, mul_units_path: Path) -> None:
    records = read_unit_file(mul_units_path)
    with Catalogue.open(tmp_path) as catalogue:
        report = catalogue.add(records, source="import")
        assert report.total == 8605
        assert len(catalogue) == 8605  # the starter's units are MUL units too
        info = catalogue.info()
    assert info.total == 8605
    assert info.by_type["--"] == 961
    assert info.usable == 7644


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b'{"Units": [{"Id": 1, "Name": "A"', "not valid JSON"),
        (b"<html><body>Service Unavailable</body></html>", "not valid JSON"),
        (b'{"Units": {"Id": 1}}', "must be a list"),
        (b'[{"Id": 1}]', "neither"),
        (b'{"Units": [{"Id": 1, "Name": "Good"}, {"Id": "x", "Name": "Bad"}]}', "1 bad record"),
        (b'{"Units": [{"Id": 1, "Name": "A"}, {"Id": 1, "Name": "B"}]}', "appears twice"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b'{"format": "cardsmith-catalogue", "version": 9, "units": []}', "update cardsmith"),
    ],
)
def test_bad_dumps_are_refused_whole(tmp_path: Path, content: bytes, fragment: str) -> None:
    dump = tmp_path / "dump.json"
    dump.write_bytes(content)
    with pytest.raises(CatalogueDataError, match=fragment):
        read_unit_file(dump)


def test_missing_dump_file(tmp_path: Path) -> None:
    with pytest.raises(CatalogueDataError, match="cannot read"):
        read_unit_file(tmp_path / "nope.json")


def test_opening_and_an_exact_search_read_only_what_they_need(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening checks no integrity and counts nothing; an exact name is found by SQL alone,
    with no in-memory index built over every unit (that is the typo path's)."""
    Catalogue.open(tmp_path).close()  # created and seeded: the next open is a plain one
    statements: list[str] = []
    connect = sqlite3.connect

    def traced(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = connect(*args, **kwargs)
        connection.set_trace_callback(statements.append)
        return connection

    monkeypatch.setattr(sqlite3, "connect", traced)
    with Catalogue.open(tmp_path) as catalogue:
        opened = list(statements)
        found = catalogue.search("atlas")
    assert opened, "the open ran no SQL at all: the trace is not wired"
    assert any(hit.row.name == "Atlas AS7-D" for hit in found.hits)
    assert catalogue._index is None  # the typo path's index was never built
    text = "\n".join(statements).lower()
    for costly in ("integrity_check", "quick_check", "count("):
        assert costly not in text, f"{costly} ran:\n{text}"
    assert any("instr(norm" in s for s in statements[len(opened) :])
