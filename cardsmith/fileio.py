"""Provides atomic file saves: a temporary file in the same folder, fsync, then rename.

A reader never sees half a file, and a crash mid-save leaves the old file in place.
``keep_backup`` first copies the previous version to ``<name>.bak`` (the same way),
so the player can go back one save.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from cardsmith.errors import CardsmithError


def _umask() -> int:
    # os.umask can only be read by setting it; put it straight back.
    current = os.umask(0)
    os.umask(current)
    return current


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def atomic_write(path: Path, data: bytes, *, keep_backup: bool = False) -> None:
    """Replace ``path`` with ``data`` in one step.

    Raises:
        OSError: the folder cannot be written (the caller words the message).
    """
    folder = path.parent if str(path.parent) else Path(".")
    if keep_backup and path.exists():
        _replace(backup_path(path), path.read_bytes(), folder)
    _replace(path, data, folder)


def save_bytes(
    path: Path, data: bytes, error: type[CardsmithError], *, keep_backup: bool = False
) -> None:
    """``atomic_write``, with a failure raised as ``error("cannot write <path>: <reason>")``.

    Raises:
        CardsmithError: the ``error`` subclass given, when the folder cannot be written.
    """
    try:
        atomic_write(path, data, keep_backup=keep_backup)
    except OSError as exc:
        raise error(f"cannot write {path}: {exc.strerror or exc}") from exc


def _replace(target: Path, data: bytes, folder: Path) -> None:
    handle, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file private (0600); a saved force or PDF should get the
        # same permissions as any file the user creates.
        os.chmod(temp_name, 0o666 & ~_umask())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
