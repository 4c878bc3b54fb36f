"""Provides ``open_store``: the catalogue's file opened for writing, read-only or in memory.

A store this user can write is opened, migrated only when its layout version differs,
and moved aside (then rebuilt) only when it is damaged or foreign, never when it is busy
or its disk is full.  A store this user or disk cannot write is opened read-only; a
folder that cannot be written at all gets an in-memory store for the starter catalogue.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import NamedTuple

from cardsmith.catalogue import schema
from cardsmith.catalogue.schema import STORE_NAME
from cardsmith.catalogue.writing import read_only_reason, translate
from cardsmith.errors import CatalogueStoreError, os_reason


class Opened(NamedTuple):
    """An open store: its connection, what the user should be told, and whether it can be written."""

    connection: sqlite3.Connection
    path: Path
    notices: list[str]
    read_only: str | None = None
    """Why the store cannot be written; None when it can."""
    in_memory: bool = False


def open_store(folder: Path) -> Opened:
    """Open (creating, migrating or repairing as needed) the store in ``folder``.

    Raises:
        CatalogueBusy: another process holds the store longer than a writer waits.
        CatalogueStoreError: the folder cannot be used at all, or a damaged store
            cannot be replaced.
    """
    path = folder / STORE_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except PermissionError:
        return _in_memory(path, f"the folder {folder} cannot be created")
    except OSError as exc:
        raise CatalogueStoreError(
            f"cannot create the cache folder {folder}: {os_reason(exc)}"
        ) from exc
    reason = read_only_reason(path)
    if reason is not None:
        if not path.exists():
            return _in_memory(path, reason)
        return _open_read_only(path, reason)
    notices: list[str] = []
    try:
        return Opened(_open_checked(path, notices), path, notices)
    except _CannotWrite as exc:
        # A full or failing disk is no damage: the store is read as it is, never moved.
        if not path.exists() or path.stat().st_size == 0:
            return _in_memory(path, exc.reason)
        opened = _open_read_only(path, exc.reason)
        opened.notices[:0] = notices
        return opened


class _CannotWrite(Exception):
    """SQLite could not write the store's files (never damage): ``reason`` in words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _cannot_write(exc: sqlite3.Error) -> str | None:
    """Why the store's files cannot be written, when that is what ``exc`` says."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
    if schema.is_full(exc):
        return "the disk is full"
    if schema.is_read_only(exc) or code in (sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN):
        return f"its files cannot be written ({exc})"
    if schema.is_io_error(exc):
        return "the disk refused a write (it may be full)"
    return None


def _open_checked(path: Path, notices: list[str]) -> sqlite3.Connection:
    connection: sqlite3.Connection | None = None
    try:
        connection = schema.connect_rw(path)
        layout = schema.read_layout(connection)
        problem = schema.problem_with(layout)
        if problem is None and layout.user_version != schema.SCHEMA_VERSION:
            schema.migrate(connection)
        if problem is None:
            schema.probe(connection)
            return connection
    except sqlite3.DatabaseError as exc:
        if connection is not None:
            connection.close()
        if schema.is_busy(exc):
            raise translate(exc, path, "open") from exc
        reason = _cannot_write(exc)
        if reason is not None:
            raise _CannotWrite(reason) from exc
        problem = f"it could not be read ({exc})"
        connection = None
    if connection is not None:
        connection.close()
    moved = _move_aside(path)
    notices.append(
        f"the local catalogue at {path} could not be used: {problem}; it was moved to "
        f"{moved.name} and a new one was started — import or fetch your units again"
    )
    connection = schema.connect_rw(path)
    try:
        schema.migrate(connection)
    except sqlite3.DatabaseError as exc:
        connection.close()
        reason = _cannot_write(exc)
        if reason is None:
            raise translate(exc, path, "create") from exc
        raise _CannotWrite(reason) from exc
    return connection


def _open_read_only(path: Path, reason: str) -> Opened:
    try:
        connection = schema.connect_ro(path)
        layout = schema.read_layout(connection)
        if schema.problem_with(layout) is None and layout.user_version == schema.SCHEMA_VERSION:
            schema.probe(connection)
    except sqlite3.Error as exc:
        raise translate(exc, path, "read") from exc
    problem = schema.problem_with(layout)
    if problem is None and layout.user_version != schema.SCHEMA_VERSION:
        problem = (
            f"it has layout version {layout.user_version} and must be upgraded to "
            f"{schema.SCHEMA_VERSION}, which needs writing"
        )
    if problem is not None:
        connection.close()
        raise CatalogueStoreError(
            f"the local catalogue at {path} cannot be used: {problem}; and it cannot be "
            f"replaced because {reason}"
        )
    return Opened(connection, path, [], read_only=reason)


def _in_memory(path: Path, reason: str) -> Opened:
    """The starter catalogue in memory, for a cache folder that cannot be written."""
    connection = sqlite3.connect(":memory:", isolation_level=None)
    schema.migrate(connection)
    notice = f"{reason}; using the starter catalogue for now (nothing can be saved)"
    return Opened(connection, path, [notice], read_only=reason, in_memory=True)


def _move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.replace(Path(f"{target}{suffix}"))
    return target
