"""Provides atomic file saves: a temporary file in the same folder, fsync, then rename.

A reader never sees half a file, and a crash mid-save leaves the old file in place.
``keep_backup`` first copies the previous version to ``<name>.bak`` (the same way),
so the player can go back one save.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

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


def read_json(path: Path, *, what: str, max_bytes: int, error: type[CardsmithError]) -> Any:
    """Read a JSON document the player saved, with a clear ``error`` for every way it fails.

    ``what`` names the kind of file in messages ("force file").  Missing, a folder, too
    large, empty, not UTF-8, nested too deeply, or not JSON (cut short said so) all raise
    ``error``; nothing else escapes.
    """
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(str(path))
        size = info.st_size
        if size > max_bytes:
            raise error(f"{path} is {size:,} bytes; {what}s over {max_bytes:,} are refused")
        raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise error(f"no {what} at {path}") from exc
    except IsADirectoryError as exc:
        raise error(f"{path} is a folder, not a {what}") from exc
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from exc
    if not raw.strip():
        raise error(f"{path} is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise error(f"{path} is not valid JSON (the file looks cut short)") from exc
        raise error(f"{path} is not UTF-8 text (byte {exc.start})") from exc
    try:
        return json.loads(text)
    except RecursionError as exc:
        raise error(f"{path} nests JSON too deeply to be a {what}") from exc
    except json.JSONDecodeError as exc:
        hint = " (the file looks cut short)" if exc.pos >= len(text.rstrip()) - 1 else ""
        raise error(
            f"{path} is not valid JSON{hint}: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
