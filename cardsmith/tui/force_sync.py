"""Provides ``ForceSync``: the app notices when another program changed the open force file.

Before a save, under the file's lock, and whenever the terminal regains focus or a few
seconds pass, the app compares the file with what it read.  A clean force is reloaded;
unsaved edits are never overwritten unseen: the player chooses to reload, keep theirs
(save as…), or merge when the other program only added units.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import events, on, work
from textual.app import App

from cardsmith import services
from cardsmith.errors import CardsmithError
from cardsmith.tui.document import ForceDocument
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.services.force_files import OutsideChange

#: Seconds between checks of the open force file (a stat call; the file is read only
#: when its size or time changed).
WATCH_SECONDS = 2.0


class ForceSync(App[None]):
    """Saving the force without losing another program's change to its file."""

    _document: ForceDocument | None = None
    _asking_outside = False

    @property
    def document(self) -> ForceDocument:
        """The force being edited: until a file is opened or an edit is made, a new one.

        Made on first use, after the first frame (an empty force needs the force model,
        which the first frame does without).
        """
        if self._document is None:
            self._document = ForceDocument.new()
        return self._document

    @document.setter
    def document(self, document: ForceDocument) -> None:
        self._document = document

    @property
    def document_made(self) -> bool:
        """False while the force is the untouched new one the app starts with."""
        return self._document is not None

    def _force_changed(self, label: str) -> None:
        """Redraw after the force changed (the app implements it)."""
        raise NotImplementedError

    def _drop_recovery(self) -> None:
        """Remove the recovery copy (the file flows implement it)."""
        raise NotImplementedError

    async def _save_as(self, suggested: Path | None = None) -> bool:
        """Ask for a file and save there (the file flows implement it)."""
        raise NotImplementedError

    # -- saving ---------------------------------------------------------------------------

    async def save_to(self, path: Path) -> bool:
        """Write the force to ``path`` unless the file changed since it was read; then ask.

        Returns True when the force ended up saved (or the player took the file's version).
        """
        document = self.document
        loaded = document.saved if path == document.path else None
        try:
            change = services.save_unless_changed(document.force, path, loaded)
        except CardsmithError as exc:
            self.file_error(f"Not saved to {path.name}", exc.message)
            return False
        if change is not None:
            return await self._settle_outside(path, change, saving=True)
        document.mark_saved(path)
        from cardsmith.services.recent_files import remember  # loaded on first use

        remember("force", path)
        self._drop_recovery()
        self._force_changed("save")
        self.notify(f"Saved {path}.")
        return True

    def file_error(self, title: str, message: str) -> None:
        """Show why a file could not be read or written, in a panel kept until dismissed."""
        from cardsmith.tui.app_hints import in_app_words
        from cardsmith.tui.screens.dialogs import FileErrorPanel

        self.push_screen(FileErrorPanel(title, in_app_words(message)))

    # -- watching -------------------------------------------------------------------------

    @on(events.Mount)
    def _start_watching(self) -> None:
        self.set_interval(WATCH_SECONDS, self.check_force_file, name="watch-force-file")

    @on(events.AppFocus)
    def _focus_regained(self) -> None:
        self.check_force_file()

    def check_force_file(self) -> None:
        """Look at the open force file; reload it or ask when another program changed it."""
        document = self.document
        path = document.path
        if self._asking_outside or path is None or document.saved is None:
            return
        if not document.file_changed:
            return
        try:
            change = services.outside_change(path, document.saved)
        except CardsmithError as exc:
            document.seen()
            self.notify(
                f"{exc.message}. Your force stays here; Ctrl+S writes it again.",
                title=f"{path.name} changed on disk",
                severity="warning",
                timeout=12,
            )
            return
        if change is None:
            document.seen()  # touched, not changed
            return
        if not document.dirty:
            self._reload(path, change)
            return
        self._ask_outside(path, change)

    @work(exclusive=True, group="outside-change", exit_on_error=False)
    async def _ask_outside(self, path: Path, change: OutsideChange) -> None:
        await self._settle_outside(path, change, saving=False)

    async def _settle_outside(self, path: Path, change: OutsideChange, *, saving: bool) -> bool:
        """Ask what to do about the outside change; True when the force is settled."""
        from cardsmith.tui.screens.force_conflict import OutsideChangeDialog

        added = tuple(e.name for e in change.added) if change.added is not None else None
        self._asking_outside = True
        try:
            choice = await self.push_screen_wait(
                OutsideChangeDialog(path.name, added, saving=saving)
            )
        finally:
            self._asking_outside = False
        if choice == "reload":
            self._reload(path, change)
            return True
        if choice == "merge" and change.can_merge:
            merged = services.merge_outside(self.document.force, change)
            self.document.rebase(change.on_disk, merged)
            self._force_changed("merge")
            self.notify(f"Merged {count(len(change.added or ()), 'new unit')} from {path.name}.")
            return await self.save_to(path) if saving else True
        self.document.seen()
        if choice == "keep":
            return await self._save_as(path.with_name(f"{path.stem}-mine{path.suffix}"))
        return False

    def _reload(self, path: Path, change: OutsideChange) -> None:
        before = len(self.document.force.entries)
        self.document = ForceDocument.opened(change.on_disk, path)
        self._force_changed("reload")
        after = len(change.on_disk.entries)
        self.notify(
            f"{path.name} changed on disk and was reloaded ({count(after, 'unit')}, was {before}).",
            title="Reloaded",
        )
