"""Provides the catalogue's write transactions, its unit rows and words for what SQLite refused.

"database is locked" is never damage: it becomes ``CatalogueBusy`` (try again).  A full
disk, a read-only file or a file owned by someone else each get their own plain message,
and a failed write always leaves the store as it was (the transaction is rolled back).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from cardsmith.catalogue import schema
from cardsmith.catalogue.search import normalise
from cardsmith.errors import CatalogueBusy, CatalogueError, CatalogueReadOnly, CatalogueStoreError

if TYPE_CHECKING:
    from cardsmith.catalogue.dump import UnitRecord


def read_only_reason(path: Path) -> str | None:
    """Why this user cannot write the store at ``path`` (None when it can)."""
    folder = path.parent
    for target in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        if target.exists() and not os.access(target, os.W_OK):
            return f"{target.name} {_whose(target)} cannot be written by this user"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} {_whose(folder)} cannot be written by this user"
    return None


def _whose(target: Path) -> str:
    try:
        owner = target.stat().st_uid
    except OSError:
        return ""
    if owner == os.geteuid():
        return "is read-only and"
    try:
        import pwd

        name = pwd.getpwuid(owner).pw_name
    except (ImportError, KeyError):
        name = f"uid {owner}"
    return f"belongs to {name} and"


def translate(error: sqlite3.Error, path: Path, action: str) -> CatalogueError:
    """The cardsmith error for an SQLite failure while trying to ``action`` the store."""
    if schema.is_busy(error):
        return CatalogueBusy(
            f"the local catalogue at {path} is busy: another cardsmith is writing to it; "
            "try again in a moment (nothing is damaged)"
        )
    if schema.is_full(error):
        return CatalogueStoreError(
            f"the disk holding {path.parent} is full: nothing was written and the catalogue "
            "is as it was; free some space and try again"
        )
    if schema.is_io_error(error):
        return CatalogueStoreError(
            f"a write to {path} failed (the disk may be full, or a file size limit was "
            "reached): nothing was written and the catalogue is as it was"
        )
    if schema.is_read_only(error):
        return CatalogueReadOnly(
            f"cannot {action} the local catalogue at {path}: it is read-only for this user"
        )
    return CatalogueStoreError(f"cannot {action} the local catalogue at {path}: {error}")


class Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT``: one writer at a time, others wait (busy timeout).

    Nested use joins the outer transaction, which commits for all.
    """

    def __init__(self, db: sqlite3.Connection, path: Path, read_only: str | None) -> None:
        self._db = db
        self._path = path
        self._read_only = read_only
        self._outer = False

    def __enter__(self) -> None:
        if self._read_only is not None:
            hint = (
                " (use --cache-dir or CARDSMITH_CACHE_DIR for a catalogue of your own)"
                if "by this user" in self._read_only
                else ""
            )
            raise CatalogueReadOnly(
                f"cannot write the local catalogue at {self._path}: {self._read_only}; "
                f"searching and reading still work{hint}"
            )
        if self._db.in_transaction:
            return
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise translate(exc, self._path, "write") from exc
        self._outer = True

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        if not self._outer:
            return
        if exc_type is None:
            try:
                self._db.execute("COMMIT")
                return
            except sqlite3.Error as error:
                self._rollback()
                raise translate(error, self._path, "write") from error
        self._rollback()
        if isinstance(exc, sqlite3.Error):
            raise translate(exc, self._path, "write") from exc

    def _rollback(self) -> None:
        if self._db.in_transaction:
            # SQLite may have rolled back already (a full disk does that).
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
        if not self._db.in_transaction:
            return
        raise CatalogueStoreError(f"the catalogue at {self._path} could not be rolled back")


def unit_row(item: UnitRecord, source: str, fetched_at: str) -> tuple[object, ...]:
    """The ``units`` table row of one record, in the store's column order."""
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
        unit.mul_type,
    )
