"""Provides ``ForceDocument``: the force being edited, its file, and undo/redo history.

Forces are immutable values, so history is simply a list of earlier ``Force`` objects;
undo swaps the current value with the last one.  Nothing here imports Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsmith.models import Force
    from cardsmith.services.force_files import FileStamp

#: Edits kept for undo; older ones are dropped first.
HISTORY_LIMIT = 200


@dataclass(frozen=True, slots=True)
class Step:
    """One remembered state: the force before an edit, and what the edit was called."""

    force: Force
    label: str


@dataclass(slots=True)
class ForceDocument:
    """The force on screen, where it is saved, and how to go back and forward."""

    force: Force
    path: Path | None = None
    """The file the force was opened from or last saved to; None for a new force."""
    saved: Force | None = None
    """The value last read from or written to ``path`` (None: never saved)."""
    stamp: FileStamp | None = None
    """``path``'s size and time when ``saved`` was read or written: a cheap change check."""
    _undo: list[Step] = field(default_factory=list)
    _redo: list[Step] = field(default_factory=list)

    @classmethod
    def new(cls, name: str = "New force", pack: str = "standard") -> ForceDocument:
        """An empty, unsaved force."""
        from cardsmith.models import Force  # not at import: the app's first frame needs none

        force = Force(name=name, pack=pack)
        return cls(force=force, saved=force)

    @classmethod
    def opened(cls, force: Force, path: Path) -> ForceDocument:
        """A force just read from ``path``: clean, with no history."""
        return cls(force=force, path=path, saved=force, stamp=file_stamp(path))

    @property
    def dirty(self) -> bool:
        """True when the force differs from what is on disk."""
        return self.force != self.saved

    @property
    def can_undo(self) -> bool:
        """True when there is an edit to undo."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when an undone edit can be redone."""
        return bool(self._redo)

    @property
    def title(self) -> str:
        """The force name with a marker when unsaved."""
        return f"{self.force.name}{' •' if self.dirty else ''}"

    def apply(self, force: Force, label: str) -> bool:
        """Make ``force`` current and remember the old value; False when nothing changed."""
        if force == self.force:
            return False
        self._undo.append(Step(self.force, label))
        del self._undo[:-HISTORY_LIMIT]
        self._redo.clear()
        self.force = force
        return True

    def undo(self) -> str | None:
        """Go back one edit; returns its label, or None when there is nothing to undo."""
        if not self._undo:
            return None
        step = self._undo.pop()
        self._redo.append(Step(self.force, step.label))
        self.force = step.force
        return step.label

    def redo(self) -> str | None:
        """Re-apply the last undone edit; returns its label, or None."""
        if not self._redo:
            return None
        step = self._redo.pop()
        self._undo.append(Step(self.force, step.label))
        self.force = step.force
        return step.label

    def mark_saved(self, path: Path) -> None:
        """Record that the current force was written to ``path``."""
        self.path = path
        self.saved = self.force
        self.stamp = file_stamp(path)

    def rebase(self, on_disk: Force, merged: Force) -> None:
        """Take another writer's version of the file as the saved one, and ``merged``
        (the edits made here plus the other writer's new entries) as current, undoably."""
        self.apply(merged, "merge the file's new units")
        self.saved = on_disk
        if self.path is not None:
            self.stamp = file_stamp(self.path)

    def seen(self) -> None:
        """Note the file's stamp as it is now: its change was shown and the player chose
        to go on with their own version (a save will still ask)."""
        if self.path is not None:
            self.stamp = file_stamp(self.path)

    @property
    def file_changed(self) -> bool:
        """True when ``path``'s size or time differs from when it was read or written."""
        return self.path is not None and file_stamp(self.path) != self.stamp


def file_stamp(path: Path) -> FileStamp | None:
    """The file's size and time (``services.force_files``, loaded with the first file)."""
    from cardsmith.services.force_files import file_stamp as stamp

    return stamp(path)
