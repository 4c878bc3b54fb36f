"""Provides ``Catalogue``: the local SQLite store of every unit fetched or imported.

SQLite (standard library) was chosen over a JSON file because it gives atomic
transactions, safe concurrent writers (two ``cardsmith fetch`` runs at once), incremental
updates without rewriting every unit, and a cold open that reads only the columns a search
needs.  Full unit stats are kept as cardsmith's own JSON per row.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from cardsmith import paths
from cardsmith.catalogue.dump import UnitRecord, read_unit_file
from cardsmith.catalogue.search import IndexRow, SearchIndex, normalise
from cardsmith.errors import CatalogueStoreError
from cardsmith.models import Unit

#: Bump when the table layout changes; an older or newer store is moved aside and rebuilt.
SCHEMA_VERSION = 1
STORE_NAME = f"catalogue-v{SCHEMA_VERSION}.sqlite3"
_APPLICATION_ID = 0x43534D31  # "CSM1": tells a cardsmith store from any other SQLite file

_SCHEMA = """
CREATE TABLE IF NOT EXISTS units (
    mul_id       INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    norm         TEXT NOT NULL,
    type         TEXT,
    role         TEXT,
    size         INTEGER NOT NULL,
    pv           INTEGER NOT NULL,
    max_move     REAL NOT NULL,
    specials     TEXT NOT NULL,
    era_id       INTEGER,
    technology   TEXT NOT NULL,
    rules        TEXT NOT NULL,
    has_stats    INTEGER NOT NULL,
    data         TEXT NOT NULL,
    source       TEXT NOT NULL,
    fetched_at   TEXT NOT NULL,
    content_hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

_INDEX_COLUMNS = (
    "mul_id, name, norm, type, role, size, pv, max_move, specials, era_id, technology, rules, "
    "has_stats"
)


@dataclass(frozen=True, slots=True)
class UnitVersion:
    """Where a stored unit came from: source, time and content hash."""

    source: str
    fetched_at: str
    content_hash: str


@dataclass(frozen=True, slots=True)
class StoreReport:
    """How an import or fetch changed the catalogue."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0

    @property
    def total(self) -> int:
        """Records looked at."""
        return self.added + self.updated + self.unchanged


@dataclass(frozen=True, slots=True)
class CatalogueInfo:
    """Counts and versions for ``catalogue info``."""

    path: Path
    total: int
    usable: int
    by_type: dict[str, int]
    by_source: dict[str, int]
    newest: str
    oldest: str


def now_iso() -> str:
    """The current UTC time as ISO 8601, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class Catalogue:
    """The local catalogue: open it, search it, read units from it, add units to it.

    ``Catalogue.open`` repairs what it can: a damaged or foreign store is moved aside
    (``*.corrupt-<time>``), a fresh one is built and seeded with the starter catalogue,
    and ``notices`` says what happened so the shells can tell the user.
    """

    def __init__(self, connection: sqlite3.Connection, path: Path, notices: list[str]) -> None:
        self._db = connection
        self.path = path
        self.notices = notices
        self._index: SearchIndex | None = None

    # -- opening -------------------------------------------------------------------

    @classmethod
    def open(cls, cache_dir: Path | None = None, *, seed_starter: bool = True) -> Catalogue:
        """Open (creating or repairing as needed) the catalogue in ``cache_dir``.

        Raises:
            CatalogueStoreError: the folder cannot be created or written.
        """
        folder = cache_dir if cache_dir is not None else paths.cache_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CatalogueStoreError(
                f"cannot create the cache folder {folder}: {exc.strerror or exc}"
            ) from exc
        path = folder / STORE_NAME
        notices: list[str] = []
        connection: sqlite3.Connection | None = None
        try:
            connection = _connect(path)
            _check(connection)
        except sqlite3.DatabaseError as exc:
            if connection is not None:
                connection.close()
            moved = _move_aside(path)
            notices.append(
                f"the local catalogue at {path} could not be read ({exc}); it was moved to "
                f"{moved.name} and a new one was started — import or fetch your units again"
            )
            connection = _connect(path)
        except OSError as exc:
            raise CatalogueStoreError(f"cannot open {path}: {exc.strerror or exc}") from exc
        catalogue = cls(connection, path, notices)
        catalogue._initialise()
        if seed_starter:
            catalogue._seed_starter()
        return catalogue

    def close(self) -> None:
        """Close the database connection."""
        self._db.close()

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _initialise(self) -> None:
        with self._write():
            # executescript() would commit on its own; run the statements one by one.
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._db.execute(f"PRAGMA application_id = {_APPLICATION_ID}")

    def _seed_starter(self) -> None:
        """Add the shipped starter units the store does not have yet (once per starter version)."""
        starter = paths.starter_dir() / "starter.json"
        if not starter.is_file():
            return
        stamp = f"{starter.stat().st_size}:{starter.stat().st_mtime_ns}"
        if self.meta("starter") == stamp:
            return
        records = read_unit_file(starter)
        existing = {
            row[0] for row in self._db.execute("SELECT mul_id FROM units WHERE source != 'starter'")
        }
        self.add([r for r in records if r.unit.mul_id not in existing], source="starter")
        self.set_meta("starter", stamp)

    # -- reading ---------------------------------------------------------------------

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM units").fetchone()[0])

    def get(self, mul_id: int) -> Unit | None:
        """The unit with this MUL id, if stored."""
        row = self._db.execute("SELECT data FROM units WHERE mul_id = ?", (mul_id,)).fetchone()
        return Unit.from_dict(json.loads(row[0])) if row else None

    def get_many(self, ids: Iterable[int]) -> list[Unit]:
        """Units for these ids, in the order given (missing ids are skipped)."""
        wanted = list(ids)
        if not wanted:
            return []
        found: dict[int, Unit] = {}
        for chunk_start in range(0, len(wanted), 500):
            chunk = wanted[chunk_start : chunk_start + 500]
            marks = ",".join("?" * len(chunk))
            for mul_id, data in self._db.execute(
                f"SELECT mul_id, data FROM units WHERE mul_id IN ({marks})", chunk
            ):
                found[mul_id] = Unit.from_dict(json.loads(data))
        return [found[i] for i in wanted if i in found]

    def version(self, mul_id: int) -> UnitVersion | None:
        """Source, fetch time and content hash of a stored unit."""
        row = self._db.execute(
            "SELECT source, fetched_at, content_hash FROM units WHERE mul_id = ?", (mul_id,)
        ).fetchone()
        return UnitVersion(*row) if row else None

    def find_by_name(self, name: str) -> list[Unit]:
        """Units whose name equals ``name``, ignoring case, spacing and punctuation."""
        rows = self._db.execute(
            "SELECT data FROM units WHERE norm = ? ORDER BY mul_id", (normalise(name),)
        ).fetchall()
        return [Unit.from_dict(json.loads(row[0])) for row in rows]

    def iter_units(self) -> Iterator[Unit]:
        """Every stored unit, by MUL id."""
        for (data,) in self._db.execute("SELECT data FROM units ORDER BY mul_id"):
            yield Unit.from_dict(json.loads(data))

    def index(self) -> SearchIndex:
        """The in-memory search index (built on first use, then kept)."""
        if self._index is None:
            rows = self._db.execute(
                f"SELECT {_INDEX_COLUMNS} FROM units ORDER BY mul_id"
            ).fetchall()
            self._index = SearchIndex([IndexRow(*row) for row in rows])
        return self._index

    def info(self) -> CatalogueInfo:
        """Counts by type and source, and the data's age."""
        by_type = dict(
            self._db.execute(
                "SELECT coalesce(type, '--'), count(*) FROM units GROUP BY 1 ORDER BY 2 DESC"
            ).fetchall()
        )
        by_source = dict(
            self._db.execute(
                "SELECT source, count(*) FROM units GROUP BY 1 ORDER BY 2 DESC"
            ).fetchall()
        )
        total, usable, oldest, newest = self._db.execute(
            "SELECT count(*), coalesce(sum(has_stats), 0), coalesce(min(fetched_at), ''), "
            "coalesce(max(fetched_at), '') FROM units"
        ).fetchone()
        return CatalogueInfo(self.path, total, usable, by_type, by_source, newest, oldest)

    def meta(self, key: str) -> str | None:
        """A stored setting (data versions, sync times …)."""
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    # -- writing ---------------------------------------------------------------------

    def set_meta(self, key: str, value: str) -> None:
        """Store a setting."""
        with self._write():
            self._db.execute(
                "INSERT INTO meta(key, value) VALUES(?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def add(self, records: Iterable[UnitRecord], *, source: str) -> StoreReport:
        """Store units in one transaction: new ones are added, changed ones replaced.

        A unit whose content hash is unchanged keeps its original version stamp.
        """
        fetched_at = now_iso()
        added = updated = unchanged = 0
        batch = list(records)
        with self._write():
            known = dict(self._db.execute("SELECT mul_id, content_hash FROM units").fetchall())
            rows = []
            for item in batch:
                previous = known.get(item.unit.mul_id)
                if previous == item.content_hash:
                    unchanged += 1
                    continue
                if previous is None:
                    added += 1
                else:
                    updated += 1
                rows.append(_row(item, source, fetched_at))
            self._db.executemany(
                "INSERT OR REPLACE INTO units VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows
            )
        self._index = None
        return StoreReport(added, updated, unchanged)

    def clear(self) -> int:
        """Remove every unit (the starter catalogue comes back on the next open)."""
        with self._write():
            count = int(self._db.execute("SELECT count(*) FROM units").fetchone()[0])
            self._db.execute("DELETE FROM units")
            self._db.execute("DELETE FROM meta")
        self._index = None
        return count

    def _write(self) -> _Transaction:
        return _Transaction(self._db, self.path)


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``: one writer at a time, others wait (busy timeout)."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self._db = db
        self._path = path

    def __enter__(self) -> None:
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise CatalogueStoreError(
                f"the catalogue at {self._path} is busy or read-only: {exc}"
            ) from exc

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
            except sqlite3.OperationalError as error:
                self._db.execute("ROLLBACK")
                raise CatalogueStoreError(
                    f"cannot write the catalogue at {self._path}: {error}"
                ) from error
        else:
            self._db.execute("ROLLBACK")


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE in _Transaction).
    # timeout: a second process waits for the first writer instead of failing.
    connection = sqlite3.connect(path, timeout=30.0, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")
    return connection


def _check(connection: sqlite3.Connection) -> None:
    """Raise DatabaseError for a store that is not ours, of another version, or damaged."""
    application_id = connection.execute("PRAGMA application_id").fetchone()[0]
    user_version = connection.execute("PRAGMA user_version").fetchone()[0]
    tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if not tables and application_id == 0 and user_version == 0:
        return  # a new, empty file
    if application_id != _APPLICATION_ID:
        raise sqlite3.DatabaseError("it is not a cardsmith catalogue")
    if user_version != SCHEMA_VERSION:
        raise sqlite3.DatabaseError(
            f"it has layout version {user_version}, expected {SCHEMA_VERSION}"
        )
    result = connection.execute("PRAGMA quick_check(1)").fetchone()[0]
    if result != "ok":
        raise sqlite3.DatabaseError(f"integrity check failed: {result}")


def _move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.replace(Path(f"{target}{suffix}"))
    return target


def _row(item: UnitRecord, source: str, fetched_at: str) -> tuple[object, ...]:
    unit = item.unit
    codes = "," + ",".join(sorted(unit.special_codes())) + ","
    return (
        unit.mul_id,
        unit.name,
        normalise(unit.name),
        unit.type.value if unit.type else None,
        unit.role,
        unit.size,
        unit.pv,
        unit.max_move,
        codes,
        unit.era_id,
        unit.technology,
        unit.rules,
        int(unit.has_stats),
        json.dumps(unit.to_dict(), ensure_ascii=False, separators=(",", ":")),
        source,
        fetched_at,
        item.content_hash,
    )
