"""The catalogue under a second process, a read-only owner, a full disk and hostile dumps."""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kit.nobody import run_as_nobody
from mulserver.server import FakeMul

from cardsmith.catalogue import schema
from cardsmith.catalogue.dump import read_unit_file
from cardsmith.catalogue.http import HTTP_CACHE_NAME, build_session
from cardsmith.catalogue.store import STORE_NAME, Catalogue
from cardsmith.errors import CatalogueBusy, CatalogueDataError, CatalogueReadOnly
from cardsmith.paths import starter_dir

REPO = Path(__file__).resolve().parents[2]
STARTER = starter_dir() / "starter.json"


def _cardsmith(*args: str, cache: Path, **popen: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardsmith", "--cache-dir", str(cache), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        check=False,
        **popen,
    )


class Holder:
    """Another process holding the store's write lock until told to let go."""

    SCRIPT = textwrap.dedent(
        """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1], isolation_level=None)
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO meta(key, value) VALUES ('held', 'yes')")
        print("locked", flush=True)
        sys.stdin.readline()
        db.execute("ROLLBACK")
        """
    )

    def __init__(self, store: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", self.SCRIPT, str(store)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "locked"

    def release(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        self.process.wait(timeout=30)


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Holder]:
    Catalogue.open(tmp_path).close()
    holder = Holder(tmp_path / STORE_NAME)
    try:
        yield holder
    finally:
        if holder.process.poll() is None:
            holder.release()


def test_readers_never_wait_for_a_writer(
    tmp_path: Path, held: Holder, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A reader that tried to write would now fail after 0.2 s instead of waiting 30.
    monkeypatch.setattr(schema, "WRITE_WAIT", 0.2)
    with Catalogue.open(tmp_path) as catalogue:
        assert catalogue.get(140) is not None
        assert [h.row.name for h in catalogue.search("atlas").hits] == ["Atlas AS7-D"]
        assert catalogue.meta("held") is None  # the writer's change is not committed
    searched = _cardsmith("search", "atlas", "--format", "json", cache=tmp_path)
    assert searched.returncode == 0, searched.stderr
    assert json.loads(searched.stdout)[0]["mul_id"] == 140


def test_a_busy_store_says_so_and_is_never_moved_aside(
    tmp_path: Path, held: Holder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema, "WRITE_WAIT", 0.2)
    records = read_unit_file(STARTER)[:2]
    with Catalogue.open(tmp_path) as catalogue:
        with pytest.raises(CatalogueBusy, match="busy: another cardsmith is writing"):
            catalogue.set_meta("mine", "1")
        held.release()
        catalogue.add(records, source="after")  # the lock is gone: the write goes through
    assert not list(tmp_path.glob("*.corrupt-*"))


def _layout_1_store(folder: Path) -> Path:
    """A store as cardsmith wrote it before availability (layout 1), holding the Atlas."""
    path = folder / STORE_NAME
    db = sqlite3.connect(path, isolation_level=None)
    for statement in schema.MIGRATIONS[1]:
        db.execute(statement)
    atlas = next(r.unit for r in read_unit_file(STARTER) if r.unit.mul_id == 140)
    data = json.dumps(atlas.to_dict())
    db.execute(
        "INSERT INTO units VALUES (140, 'Atlas AS7-D', 'atlasas7d', 'BM', 'Juggernaut', 4, 52, 6, "
        "',AC,IF,LRM,REAR,', 10, 'Inner Sphere', 'Introductory', 1, ?, 'import:old.json', "
        "'2026-01-01T00:00:00Z', 'abc')",
        (data,),
    )
    db.execute("PRAGMA user_version = 1")
    db.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    db.execute("PRAGMA journal_mode = WAL")
    db.close()
    return path


def test_an_older_layout_is_migrated_once_in_place(tmp_path: Path) -> None:
    path = _layout_1_store(tmp_path)
    with Catalogue.open(tmp_path, seed_starter=False) as catalogue:
        assert catalogue.version(140).source == "import:old.json"  # type: ignore[union-attr]
        assert catalogue.coverage() == []
        assert catalogue.notices == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert db.execute("SELECT mul_type FROM units WHERE mul_id = 140").fetchone()[0] == "BattleMech"
    indexes = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "units_in_list_order" in indexes  # layout 3
    db.close()
    before = path.read_bytes()
    with Catalogue.open(tmp_path, seed_starter=False) as catalogue:  # nothing to migrate now
        catalogue.search("atlas")
        catalogue.get(140)
    assert path.read_bytes() == before  # opening and reading wrote nothing
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_migration_waits_for_a_busy_store_and_never_moves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _layout_1_store(tmp_path)
    holder = Holder(path)
    monkeypatch.setattr(schema, "WRITE_WAIT", 0.2)
    try:
        with pytest.raises(CatalogueBusy, match="try again"):
            Catalogue.open(tmp_path)
    finally:
        holder.release()
    assert not list(tmp_path.glob("*.corrupt-*"))
    with Catalogue.open(tmp_path) as catalogue:
        assert catalogue.get(140) is not None


# -- a store this user cannot write ---------------------------------------------------------


def _as_other_user(args: list[str], cache: Path) -> subprocess.CompletedProcess[str]:
    """Run cardsmith as a user who does not own the store: ``nobody`` when we are root."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDSMITH_CACHE")}
    env["HOME"] = str(cache.parent)
    if os.geteuid() != 0:
        return _cardsmith(*args, cache=cache, env=env)
    return run_as_nobody(["--cache-dir", str(cache), *args], env)


@pytest.fixture
def foreign_store() -> Iterator[Path]:
    """A healthy store in a folder, both read-only to the user running the commands."""
    base = Path(tempfile.mkdtemp(prefix="cardsmith-ro-"))
    cache = base / "cache"
    Catalogue.open(cache).close()
    for target in (cache / STORE_NAME, *cache.glob(f"{STORE_NAME}-*")):
        target.chmod(0o444)
    cache.chmod(0o555)
    base.chmod(0o755)
    try:
        yield cache
    finally:
        cache.chmod(0o755)
        shutil.rmtree(base)


@pytest.mark.slow
def test_a_read_only_store_serves_every_read(foreign_store: Path, tmp_path: Path) -> None:
    searched = _as_other_user(["search", "atlas", "--format", "json"], foreign_store)
    assert searched.returncode == 0, searched.stderr
    assert json.loads(searched.stdout)[0]["name"] == "Atlas AS7-D"
    assert "Traceback" not in searched.stderr
    info = _as_other_user(["catalogue", "info"], foreign_store)
    assert info.returncode == 0, info.stderr
    assert "Read-only:" in info.stdout and "cannot be written by this user" in info.stdout
    dump = Path(tempfile.mkdtemp(prefix="cardsmith-dump-")) / "dump.json"
    dump.write_text(json.dumps({"Units": []}), encoding="utf-8")
    dump.parent.chmod(0o755)
    dump.chmod(0o644)
    refused = _as_other_user(["catalogue", "import", str(dump)], foreign_store)
    shutil.rmtree(dump.parent)
    assert refused.returncode == 2
    assert "cannot write the local catalogue" in refused.stderr
    assert "searching and reading still work" in refused.stderr
    assert "Traceback" not in refused.stderr and not list(foreign_store.glob("*.corrupt-*"))


@pytest.mark.slow
def test_fetch_into_a_read_only_store_says_why(foreign_store: Path, mul_env: FakeMul) -> None:
    fetched = _as_other_user(["fetch", "--id", "140"], foreign_store)
    assert fetched.returncode == 2, fetched.stderr
    assert "Traceback" not in fetched.stderr
    assert "cannot be written by this user" in fetched.stderr
    assert not list(foreign_store.glob("*.corrupt-*"))


@pytest.mark.slow
def test_an_http_cache_this_user_cannot_write_is_left_alone(
    foreign_store: Path, mul_env: FakeMul
) -> None:
    """A shared folder: the catalogue is the user's own, the HTTP cache another's."""
    shared = foreign_store.parent / "shared"
    shared.mkdir()
    build_session(shared).close()  # type: ignore[no-untyped-call]  # the HTTP cache, made by the owner of the test run
    cache_file = shared / f"{HTTP_CACHE_NAME}.sqlite"
    cache_file.chmod(0o444)
    shared.chmod(0o777)
    before = cache_file.read_bytes()
    fetched = _as_other_user(["fetch", "--id", "140"], shared)
    assert fetched.returncode == 0, fetched.stderr
    assert "Traceback" not in fetched.stderr
    assert "the HTTP cache" in fetched.stderr and "answers are not kept" in fetched.stderr
    assert cache_file.read_bytes() == before and not list(shared.glob("*.corrupt-*"))
    assert mul_env.requests  # the answer came from the MUL, through a cache in memory


def test_read_only_in_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Catalogue.open(tmp_path).close()
    monkeypatch.setattr(
        "cardsmith.catalogue.opening.read_only_reason",
        lambda _path: "the disk is mounted read-only",
    )
    with Catalogue.open(tmp_path) as catalogue:
        assert catalogue.read_only == "the disk is mounted read-only"
        assert catalogue.get(140) is not None
        with pytest.raises(CatalogueReadOnly, match="mounted read-only; searching"):
            catalogue.add(read_unit_file(STARTER)[:1], source="x")


def test_a_folder_that_cannot_be_created_gives_the_starter_in_memory(tmp_path: Path) -> None:
    base = Path(tempfile.mkdtemp(prefix="cardsmith-noroom-"))
    base.chmod(0o555)
    try:
        searched = _as_other_user(["search", "griffin", "--format", "json"], base / "cache")
    finally:
        base.chmod(0o755)
        shutil.rmtree(base)
    assert searched.returncode == 0, searched.stderr
    assert any(u["mul_id"] == 1295 for u in json.loads(searched.stdout))
    assert "cannot be created; using the starter catalogue for now" in searched.stderr


# -- hostile numbers and nesting ---------------------------------------------------------------


def _dump(tmp_path: Path, units: list[dict[str, Any]]) -> Path:
    path = tmp_path / "dump.json"
    path.write_text(json.dumps({"Units": units}), encoding="utf-8")
    return path


def test_huge_integers_never_reach_sqlite(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path / "cache") as catalogue:
        assert catalogue.get(2**70) is None and catalogue.version(-(2**70)) is None
        assert catalogue.get_many([2**64, 140])[0].mul_id == 140
    record = {"Id": 2**70, "Name": "Too Big", "BFType": "BM", "BFPointValue": 10}
    result = _cardsmith("catalogue", "import", str(_dump(tmp_path, [record])), cache=tmp_path / "c")
    assert result.returncode == 2 and "out of range" in result.stderr, result.stderr
    record = {"Id": 5, "Name": "Huge PV", "BFType": "BM", "BFPointValue": 10**30}
    result = _cardsmith("catalogue", "import", str(_dump(tmp_path, [record])), cache=tmp_path / "c")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "too large" in result.stderr
    result = _cardsmith("fetch", "--id", str(2**70), cache=tmp_path / "c")
    assert result.returncode == 2 and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "flag", [["--pv", str(10**23)], ["--size", str(10**23)], ["--pv", f"1-{10**23}"]]
)
def test_huge_search_filters_find_nothing_beyond_sqlite(tmp_path: Path, flag: list[str]) -> None:
    result = _cardsmith("search", "atlas", *flag, "--format", "json", cache=tmp_path)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    names = [u["name"] for u in json.loads(result.stdout)]
    assert names == (["Atlas AS7-D"] if flag[1].startswith("1-") else [])


def test_deep_nesting_in_a_dump_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"Units": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(CatalogueDataError, match="nested too deeply"):
        read_unit_file(path)
    result = _cardsmith("catalogue", "import", str(path), cache=tmp_path / "c")
    assert result.returncode == 2 and "nested too deeply" in result.stderr
    assert "Traceback" not in result.stderr


def _no_room() -> None:
    # No file may grow: SQLite cannot make the store's -shm and -wal, as on a full disk.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))


def test_a_full_disk_never_makes_a_healthy_store_look_damaged(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    Catalogue.open(cache).close()
    before = (cache / STORE_NAME).read_bytes()
    searched = _cardsmith("search", "atlas", "--format", "json", cache=cache, preexec_fn=_no_room)
    assert searched.returncode == 0, searched.stderr
    assert json.loads(searched.stdout)[0]["name"] == "Atlas AS7-D"
    dump = _dump(tmp_path, [{"Id": 9, "Name": "X", "BFType": "BM", "BFPointValue": 10}])
    imported = _cardsmith("catalogue", "import", str(dump), cache=cache, preexec_fn=_no_room)
    assert imported.returncode == 2, imported.stderr
    assert "cannot write the local catalogue" in imported.stderr
    assert "Traceback" not in searched.stderr + imported.stderr
    assert not list(cache.glob("*.corrupt-*"))
    assert (cache / STORE_NAME).read_bytes() == before
    fresh = _cardsmith("search", "griffin", cache=tmp_path / "new", preexec_fn=_no_room)
    assert fresh.returncode == 0 and "Griffin GRF-1N" in fresh.stdout, fresh.stderr
    assert "using the starter catalogue for now" in fresh.stderr


@pytest.mark.slow
def test_a_full_disk_during_import_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with Catalogue.open(cache) as catalogue:
        before = len(catalogue)
    template = json.loads(STARTER.read_text(encoding="utf-8"))["units"]
    units = [
        {**unit, "mul_id": 500_000 + n, "name": f"{unit['name']} copy {n}"}
        for n, unit in enumerate(template * 120)
    ]
    dump = tmp_path / "big.json"
    dump.write_text(
        json.dumps({"format": "cardsmith-catalogue", "version": 1, "units": units}),
        encoding="utf-8",
    )
    room = sum(p.stat().st_size for p in cache.iterdir()) + 512 * 1024

    def small_disk() -> None:
        # Writes past the limit fail with EFBIG, as they would on a full disk.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))

    result = _cardsmith("catalogue", "import", str(dump), cache=cache, preexec_fn=small_disk)
    assert result.returncode == 2, result.stderr
    assert "full" in result.stderr
    assert "nothing was written and the catalogue is as it was" in result.stderr
    assert "Traceback" not in result.stderr
    with Catalogue.open(cache) as catalogue:
        assert len(catalogue) == before
        assert catalogue.get(500_000) is None
    db = sqlite3.connect(cache / STORE_NAME)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
