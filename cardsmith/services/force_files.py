"""Provides force files for both shells: read, create, locked edits, checked saves and merges.

Every write takes the file's advisory lock and re-reads the file under it, so a second
cardsmith (another shell, the app) never has its change overwritten unseen.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardsmith.errors import ForceFileError
from cardsmith.forces import force_file
from cardsmith.forces.merge import added_entries, merge_added
from cardsmith.models import Force, ForceEntry


def load_force(path: Path) -> Force:
    """Read a force file.

    Raises:
        ForceFileError: the file is missing, unreadable, impossible or not a cardsmith force.
    """
    return force_file.load_force(path)


def save_force(force: Force, path: Path) -> None:
    """Write a force file atomically under its lock (the previous file is kept as ``.bak``).

    Raises:
        ForceFileError: the file cannot be written.
    """
    force_file.save_force(force, path)


def create_force_file(path: Path, force: Force, *, overwrite: bool = False) -> None:
    """Write a new force file; an existing file is replaced only with ``overwrite``.

    Raises:
        ForceFileError: the file exists (and ``overwrite`` is off), or cannot be written.
    """
    if path.exists() and not overwrite:
        raise ForceFileError(f"{path} already exists (use --overwrite to replace it)")
    force_file.save_force(force, path)


@dataclass(frozen=True, slots=True)
class FileEdit:
    """What one edit of a force file did."""

    before: Force
    """The force as read under the lock."""
    after: Force
    """The force as saved (equal to ``before`` when nothing changed)."""


def edit_force_file(path: Path, change: Callable[[Force], Force]) -> FileEdit:
    """Lock ``path``, read it afresh, apply ``change`` and save the result if it changed.

    Raises:
        ForceFileError: the file cannot be read or written, or stays busy.
        ForceEditError: ``change`` refused the edit; the file is left as it was.
    """
    before, after = force_file.edit_force(path, change)
    return FileEdit(before, after)


# -- the app's view of a file that others may change ---------------------------------------


@dataclass(frozen=True, slots=True)
class FileStamp:
    """Enough of a file's metadata to notice cheaply that it may have changed."""

    mtime_ns: int
    size: int
    inode: int


def file_stamp(path: Path) -> FileStamp | None:
    """The stamp of ``path`` now; None when it is missing or unreadable."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return FileStamp(info.st_mtime_ns, info.st_size, info.st_ino)


@dataclass(frozen=True, slots=True)
class OutsideChange:
    """A force file changed on disk since it was loaded: what it holds now."""

    on_disk: Force
    added: tuple[ForceEntry, ...] | None
    """The entries the other writer appended, when that is all it did (a merge is safe)."""

    @property
    def can_merge(self) -> bool:
        """True when the change only added entries."""
        return self.added is not None


def outside_change(path: Path, loaded: Force) -> OutsideChange | None:
    """What changed in ``path`` since the app read ``loaded`` from it (None: nothing).

    Raises:
        ForceFileError: the file cannot be read now (deleted, broken by another program).
    """
    on_disk = force_file.load_force(path)
    if on_disk == loaded:
        return None
    return OutsideChange(on_disk, added_entries(loaded, on_disk))


def save_unless_changed(force: Force, path: Path, loaded: Force | None) -> OutsideChange | None:
    """Save ``force`` to ``path`` unless the file changed since ``loaded`` was read from it.

    Check and save happen under the file's lock.  ``loaded`` None saves without comparing
    (a new file, or one just chosen with Save as).

    Returns:
        None when saved; the outside change when nothing was written.

    Raises:
        ForceFileError: the file cannot be read or written.
    """
    if loaded is None:
        force_file.save_force(force, path)
        return None
    on_disk = force_file.save_force_unless_changed(force, path, loaded)
    return None if on_disk is None else OutsideChange(on_disk, added_entries(loaded, on_disk))


def merge_outside(mine: Force, change: OutsideChange) -> Force:
    """The force being edited with the entries another writer added.

    Raises:
        ForceFileError: the outside change did more than add entries.
    """
    if change.added is None:
        raise ForceFileError("the file changed in more ways than added units; it cannot be merged")
    return merge_added(mine, change.added)
