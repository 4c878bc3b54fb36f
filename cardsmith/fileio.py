"""Provides safe file reads and saves: limits, special files, links, locks, atomic replace.

Saves are atomic: a temporary file in the same folder, fsync, then rename, so a reader
never sees half a file and a crash mid-save leaves the old file in place.  A save goes
*through* a symbolic link to the real file (the link stays a link), refuses a read-only
target instead of replacing it, and checks the size limit first, so that what cardsmith
writes it can always read back.  ``keep_backup`` first copies the previous version to
``<name>.bak``, so the player can go back one save.

Reads refuse FIFOs, devices and sockets before reading a byte (``/dev/zero`` or a FIFO
given as a force file neither hangs nor eats memory), and never read past the limit.

``locked_update`` is the read-modify-write every edit of a force, battle or campaign file
uses: it takes an advisory lock (``filelock``) on ``.<name>.lock`` beside the real file,
re-reads the file under the lock and saves atomically before letting go, so N parallel
edits keep all N changes.  A lock held longer than ``lock_timeout()`` seconds (10, or
``CARDSMITH_LOCK_TIMEOUT``) gives a clear "busy, try again" error.

Messages name the file the player gave, never a temporary file, and word the operating
system's reason (``os_reason``) instead of showing raw ``[Errno N]`` text.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from cardsmith import limits
from cardsmith.errors import CardsmithError, ReadOnlyTarget, SpecialTarget, UsageError
from cardsmith.errors import os_reason as os_reason
from cardsmith.limits import check_readable as check_readable
from cardsmith.limits import parse_json as parse_json
from cardsmith.limits import parse_toml as parse_toml

T = TypeVar("T")

#: Seconds a save waits for another cardsmith holding the same file's lock.
DEFAULT_LOCK_TIMEOUT = 10.0


def _umask() -> int:
    # os.umask can only be read by setting it; put it straight back.
    current = os.umask(0)
    os.umask(current)
    return current


def backup_path(path: Path) -> Path:
    """Where the previous version of ``path`` is kept."""
    return path.with_name(path.name + ".bak")


def real_path(path: Path) -> Path:
    """The file a save of ``path`` writes: symbolic links followed, ``..`` resolved."""
    return Path(os.path.realpath(path))


# -- reading --------------------------------------------------------------------------------


def read_bytes(path: Path, *, what: str, max_bytes: int, error: type[CardsmithError]) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``, with a clear ``error`` otherwise.

    ``what`` names the kind of file in messages ("force file").  Missing, a folder, a
    FIFO, a device or a socket, too large, or unreadable all raise ``error``.
    """
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait; fstat then refuses it.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError as exc:
        raise error(f"no {what} at {path}") from exc
    except IsADirectoryError as exc:
        raise error(f"{path} is a folder, not a {what}") from exc
    except OSError as exc:
        # A socket cannot be opened at all ("no such device or address"): say what it is.
        kind = _special_kind_at(path)
        if kind is not None:
            raise error(f"{path} is {kind}, not a {what}") from exc
        raise error(f"cannot read {path}: {os_reason(exc)}") from exc
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{path} is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path} is {_special_kind(info.st_mode)}, not a {what}")
        if info.st_size > max_bytes:
            raise error(f"{path} is {info.st_size:,} bytes; {what}s over {max_bytes:,} are refused")
        # A regular file never blocks, so O_NONBLOCK changes nothing here.  Ask for the
        # size stat gave (one byte more shows growth): a read of max_bytes would set
        # aside that many bytes for every small file.
        data = _read_up_to(fd, info.st_size + 1)
        if len(data) > info.st_size:  # the file grew while it was read
            data += _read_up_to(fd, max_bytes + 1 - len(data))
    except OSError as exc:
        raise error(f"cannot read {path}: {os_reason(exc)}") from exc
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise error(f"{path} is over {max_bytes:,} bytes; {what}s that large are refused")
    return data


def _read_up_to(fd: int, size: int) -> bytes:
    """At most ``size`` bytes from ``fd``: fewer only at the end of the file."""
    parts: list[bytes] = []
    left = size
    while left > 0:
        chunk = os.read(fd, left)
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


def _special_kind_at(path: Path) -> str | None:
    """What ``path`` is when it is neither a regular file nor a folder (None otherwise)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else _special_kind(mode)


def _special_kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_json(
    path: Path, *, what: str, max_bytes: int, error: type[CardsmithError], check: bool = True
) -> Any:
    """Read a JSON document the player saved, with a clear ``error`` for every way it fails.

    ``what`` names the kind of file in messages ("force file"); see ``read_bytes`` and
    ``parse_json`` for what is refused (and for ``check``).  Nothing but ``error`` escapes.
    """
    raw = read_bytes(path, what=what, max_bytes=max_bytes, error=error)
    return parse_json(raw, where=str(path), what=what, error=error, check=check)


# -- saving ---------------------------------------------------------------------------------


def atomic_write(
    path: Path, data: bytes, *, keep_backup: bool = False, max_bytes: int | None = None
) -> None:
    """Replace the real file behind ``path`` with ``data`` in one step.

    Raises:
        ReadOnlyTarget: the target is read-only (it is refused, not replaced).
        ValueError: ``data`` is over ``max_bytes``.
        OSError: the folder cannot be written (the caller words the message).
    """
    if max_bytes is not None and len(data) > max_bytes:
        raise ValueError(f"{len(data):,} bytes is over the limit of {max_bytes:,}")
    target = real_path(path)
    mode = _writable_mode(target)
    if keep_backup and mode is not None:
        _replace(backup_path(target), _read_existing(target), target.parent, mode)
    _replace(target, data, target.parent, mode)


def _writable_mode(target: Path) -> int | None:
    """The permission bits of an existing target, or None for a new file.

    Raises:
        PermissionError: the target exists and is read-only for us (no write bit at all,
            or not ours to write): replacing it by rename would go around that.
    """
    try:
        info = target.stat()
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", str(target))
    if not stat.S_ISREG(info.st_mode):
        # A rename over /dev/null (as root) would put a plain file in the device's place.
        raise SpecialTarget(errno.EINVAL, _special_kind(info.st_mode), str(target))
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        raise ReadOnlyTarget(errno.EACCES, "read-only", str(target))
    return stat.S_IMODE(info.st_mode)


def _read_existing(target: Path) -> bytes:
    with open(target, "rb") as stream:
        return stream.read()


def _replace(target: Path, data: bytes, folder: Path, mode: int | None) -> None:
    import tempfile  # here: a command that only reads never loads it (with shutil, bz2 …)

    handle, temp_name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file private (0600); a replaced file keeps its permissions and
        # a new one gets those of any file the user creates.
        os.chmod(temp_name, (0o666 & ~_umask()) if mode is None else mode)
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise


def save_bytes(
    path: Path,
    data: bytes,
    error: type[CardsmithError],
    *,
    keep_backup: bool = False,
    max_bytes: int | None = None,
    what: str = "file",
) -> None:
    """``atomic_write``, with each failure raised as ``error`` in words.

    Raises:
        CardsmithError: the ``error`` subclass given: the target is read-only, the data
            is over ``max_bytes`` (nothing is written), or the folder cannot be written.
    """
    if max_bytes is not None:
        limits.check_size(len(data), max_bytes, where=str(path), what=what, error=error)
    try:
        atomic_write(path, data, keep_backup=keep_backup)
    except ReadOnlyTarget:
        raise error(
            f"{path} is read-only; cardsmith does not replace it "
            "(make it writable, or save under another name)"
        ) from None
    except SpecialTarget as exc:
        raise error(
            f"{path} is {exc.strerror}, not a file; cardsmith saves only into files "
            "(choose a file name)"
        ) from None
    except OSError as exc:
        raise error(f"cannot write {path}: {os_reason(exc)}") from None


def refuse_overwrite(
    output: Path, inputs: Iterable[Path], *, error: type[CardsmithError] = UsageError
) -> None:
    """Refuse an output that is one of the command's inputs (exit 2 by default).

    The same file is found through symbolic links, ``..`` and hard links.

    Raises:
        CardsmithError: ``error`` naming both.
    """
    out_real = real_path(output)
    out_id = _file_id(out_real)
    for source in inputs:
        # An input that exists is the output when it is the same file (one stat, where
        # resolving its path takes one per folder); one that does not, when its path
        # resolves to the output's.
        source_id = _file_id(source)
        same = source_id == out_id if source_id is not None else real_path(source) == out_real
        if same:
            shown = f"{output}" if str(output) == str(source) else f"{output} (that is {source})"
            raise error(
                f"the output {shown} is an input of this command; "
                "writing it would destroy the input — choose another output file"
            )


def _file_id(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino


# -- locked read-modify-write ---------------------------------------------------------------


def lock_timeout() -> float:
    """Seconds to wait for a file's lock: ``CARDSMITH_LOCK_TIMEOUT`` or 10.

    Raises:
        UsageError: the variable is not a finite number of 0 or more.
    """
    text = os.environ.get("CARDSMITH_LOCK_TIMEOUT", "").strip()
    if not text:
        return DEFAULT_LOCK_TIMEOUT
    return limits.finite_number(text, name="CARDSMITH_LOCK_TIMEOUT", error=UsageError, at_least=0)


def lock_path(path: Path) -> Path:
    """The advisory lock file of ``path``: ``.<name>.lock`` beside the real file."""
    target = real_path(path)
    return target.with_name(f".{target.name}.lock")


@contextlib.contextmanager
def locked(
    path: Path, *, error: type[CardsmithError], timeout: float | None = None
) -> Iterator[Path]:
    """Hold the advisory lock of ``path`` (the same lock ``locked_update`` takes).

    Yields the real path.  Re-entrant in one thread; other threads and processes wait.

    Raises:
        CardsmithError: ``error``: another cardsmith held the lock for ``timeout``
            seconds ("busy, try again"), or the lock file cannot be made.
    """
    # filelock pulls in logging and more; only a save needs it, not every command's start.
    import filelock

    wait = lock_timeout() if timeout is None else timeout
    where = lock_path(path)
    mode = _lock_mode(real_path(path))
    lock = filelock.FileLock(where, mode=mode, is_singleton=True)
    try:
        lock.acquire(timeout=wait)
    except filelock.Timeout:
        raise error(
            f"{path} is busy: another cardsmith has been saving it for {wait:g} s; try again"
        ) from None
    except OSError as exc:
        if isinstance(exc, PermissionError) and where.exists() and os.access(where.parent, os.W_OK):
            raise error(
                f"cannot write {path}: its lock file {where.name} cannot be "
                "written by this user; its owner can make it writable (chmod a+w) or remove it"
            ) from None
        raise error(f"cannot write {path}: {os_reason(exc)}") from None
    with contextlib.suppress(OSError):
        # A file shared since its lock was made (chmod a+w) shares its lock too.
        if stat.S_IMODE(where.stat().st_mode) != mode and where.stat().st_uid == os.geteuid():
            os.chmod(where, mode)
    try:
        yield real_path(path)
    finally:
        lock.release()


def _lock_mode(target: Path) -> int:
    """The lock file's permissions: whoever may write the file may take its lock."""
    try:
        return stat.S_IMODE(target.stat().st_mode) & 0o666 | 0o600
    except OSError:
        return 0o666 & ~_umask()


@dataclass
class Update(Generic[T]):
    """One locked read-modify-write: what the file holds now, and how to save the change."""

    path: Path
    """The file as the player named it (messages use this name)."""
    current: T
    """The file as read under the lock."""
    error: type[CardsmithError]
    saved: bool = False

    def save(
        self,
        data: bytes,
        *,
        keep_backup: bool = False,
        max_bytes: int | None = None,
        what: str = "file",
    ) -> None:
        """Write ``data`` atomically while the lock is held (see ``save_bytes``)."""
        save_bytes(
            self.path, data, self.error, keep_backup=keep_backup, max_bytes=max_bytes, what=what
        )
        self.saved = True


@contextlib.contextmanager
def locked_update(
    path: Path,
    *,
    read: Callable[[Path], T],
    error: type[CardsmithError],
    timeout: float | None = None,
) -> Iterator[Update[T]]:
    """Lock ``path``, read it afresh with ``read``, and let the caller save a change.

    A file that may not exist yet is the ``read`` function's to handle (return a new
    document for it).

    ::

        with locked_update(path, read=load_force, error=ForceFileError) as update:
            force = add_entry(update.current, unit)
            update.save(force_bytes(force), keep_backup=True)

    Raises:
        CardsmithError: ``error`` when the file is busy (see ``locked``); whatever
            ``read`` and ``Update.save`` raise.
    """
    with locked(path, error=error, timeout=timeout):
        yield Update(path, read(path), error)
