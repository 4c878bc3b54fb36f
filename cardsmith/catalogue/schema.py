"""Provides the catalogue's table layout, its migrations and the connections that open it.

Opening for reading writes nothing: the layout check reads two pragmas, and a migration
runs, in its own write transaction, only when the file's layout version differs from
``SCHEMA_VERSION``.  The store runs in WAL mode, so readers never wait behind a writer.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import NamedTuple

#: The layout version (``PRAGMA user_version``).  Older layouts are migrated in place;
#: a newer one (written by a newer cardsmith) is not ours to change.
SCHEMA_VERSION = 3
#: The file name dates from layout 1 and stays: later layouts migrate the same file.
STORE_NAME = "catalogue-v1.sqlite3"
APPLICATION_ID = 0x43534D31  # "CSM1": tells a cardsmith store from any other SQLite file

#: Seconds a writer waits for another writer before the store counts as busy.
WRITE_WAIT = 30.0

_UNITS = """
CREATE TABLE units (
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
)"""

_META = "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"

#: Layout 2: the MUL type name on each unit, availability lists and factions.
_LAYOUT_2 = (
    "ALTER TABLE units ADD COLUMN mul_type TEXT NOT NULL DEFAULT ''",
    "UPDATE units SET mul_type = coalesce(json_extract(data, '$.mul_type'), '')",
    # One row per answer of the MUL to "which units can <faction> field in <era>"
    # (faction 0: any faction), narrowed to MUL type and tech ids (",18," or "" for all).
    """CREATE TABLE availability_lists (
        id           INTEGER PRIMARY KEY,
        era_id       INTEGER NOT NULL,
        faction_id   INTEGER NOT NULL,
        types        TEXT NOT NULL,
        techs        TEXT NOT NULL,
        source       TEXT NOT NULL,
        fetched_at   TEXT NOT NULL,
        content_hash TEXT NOT NULL,
        UNIQUE (era_id, faction_id, types, techs)
    )""",
    """CREATE TABLE availability_units (
        list_id INTEGER NOT NULL REFERENCES availability_lists(id) ON DELETE CASCADE,
        mul_id  INTEGER NOT NULL,
        PRIMARY KEY (list_id, mul_id)
    ) WITHOUT ROWID""",
    "CREATE INDEX availability_by_unit ON availability_units (mul_id)",
    """CREATE TABLE factions (
        id     INTEGER PRIMARY KEY,
        name   TEXT NOT NULL,
        norm   TEXT NOT NULL,
        source TEXT NOT NULL
    )""",
)

#: Layout 3: the units in the order the app lists them, so the rows of its first frame are
#: read from the index instead of scanning and sorting the table (16 ms → 8 ms at 8.6k units).
_LAYOUT_3 = ("CREATE INDEX units_in_list_order ON units (has_stats DESC, name COLLATE NOCASE)",)

#: Statements that bring a store from layout N-1 to N, by N.
MIGRATIONS: dict[int, tuple[str, ...]] = {1: (_UNITS, _META), 2: _LAYOUT_2, 3: _LAYOUT_3}


class Layout(NamedTuple):
    """What the layout check read from a store file."""

    application_id: int
    user_version: int
    empty: bool
    """True for a new file: no tables, no ids."""


def read_layout(connection: sqlite3.Connection) -> Layout:
    """Read the store's ids and whether it holds any table; writes nothing.

    Raises:
        sqlite3.DatabaseError: the file is not a database (or the store is locked).
    """
    application_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
    user_version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    empty = connection.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone() is None
    return Layout(application_id, user_version, empty and application_id == 0 == user_version)


def probe(connection: sqlite3.Connection) -> None:
    """Read the last unit and the last meta row: a store cut short fails here, cheaply.

    Both walk one edge of a B-tree (a few pages), not the whole file: this is no
    integrity check and no count, yet it catches a file truncated mid-write.

    Raises:
        sqlite3.DatabaseError: the store is damaged (or locked).
    """
    connection.execute("SELECT mul_id FROM units ORDER BY mul_id DESC LIMIT 1").fetchone()
    connection.execute("SELECT key FROM meta ORDER BY key DESC LIMIT 1").fetchone()


def problem_with(layout: Layout) -> str | None:
    """Why a store of this layout cannot be used as it is, or None when it can (maybe after migrating)."""
    if layout.empty:
        return None
    if layout.application_id != APPLICATION_ID:
        return "it is not a cardsmith catalogue"
    if layout.user_version > SCHEMA_VERSION:
        return (
            f"it has layout version {layout.user_version}, newer than this cardsmith's "
            f"{SCHEMA_VERSION}"
        )
    if layout.user_version < 1:
        return f"it has an unknown layout version {layout.user_version}"
    return None


def migrate(connection: sqlite3.Connection) -> None:
    """Bring the store up to ``SCHEMA_VERSION`` in one write transaction.

    The version is read again under the write lock: two processes opening an old store
    at once migrate it once.
    """
    connection.execute("BEGIN IMMEDIATE")
    try:
        current = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if current < SCHEMA_VERSION:
            for version in range(current + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[version]:
                    connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    # WAL is a property of the file: set once, when the store is made or migrated.
    connection.execute("PRAGMA journal_mode = WAL")


def connect_rw(path: Path) -> sqlite3.Connection:
    """A connection that may write (it waits ``WRITE_WAIT`` seconds for another writer)."""
    # isolation_level=None: transactions are explicit (BEGIN IMMEDIATE when writing).
    connection = sqlite3.connect(path, timeout=WRITE_WAIT, isolation_level=None)
    connection.execute("PRAGMA synchronous = NORMAL")
    return connection


def connect_ro(path: Path) -> sqlite3.Connection:
    """A connection that only reads: for a store this user cannot write.

    A WAL store needs its ``-shm`` file to be written even by readers; where that cannot
    happen (a read-only folder), the file is opened as immutable, which is safe because
    nobody who can write is expected to share such a folder.
    """
    uri = path.resolve().as_uri()
    connection = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
    try:
        connection.execute("PRAGMA application_id").fetchone()
    except sqlite3.OperationalError:
        connection.close()
        connection = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
    return connection


def is_busy(error: sqlite3.Error) -> bool:
    """True when SQLite failed because another process holds a lock (never damage)."""
    code = getattr(error, "sqlite_errorcode", None)
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return True
    text = str(error).lower()
    return "locked" in text or "busy" in text


def is_full(error: sqlite3.Error) -> bool:
    """True when SQLite failed because the disk (or a file size limit) is full."""
    code = getattr(error, "sqlite_errorcode", None)
    text = str(error).lower()
    return code == sqlite3.SQLITE_FULL or "disk is full" in text or "file too large" in text


def is_io_error(error: sqlite3.Error) -> bool:
    """True when the operating system refused a read or write (EFBIG, EIO …)."""
    code = getattr(error, "sqlite_errorcode", None)
    return (isinstance(code, int) and code & 0xFF == sqlite3.SQLITE_IOERR) or (
        "disk i/o error" in str(error).lower()
    )


def is_read_only(error: sqlite3.Error) -> bool:
    """True when SQLite refused to write because the file or folder is read-only."""
    code = getattr(error, "sqlite_errorcode", None)
    return code == sqlite3.SQLITE_READONLY or "readonly" in str(error).lower()
