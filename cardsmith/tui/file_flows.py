"""Provides ``FileFlows``: open, save, save as, new, quit, recovery copies and printing.

A base class of the app, kept apart so ``app.py`` stays a thin shell: every flow that
asks the player something about files (and so may lose work) lives here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import work

from cardsmith import services
from cardsmith.errors import CardsmithError
from cardsmith.tui.document import ForceDocument
from cardsmith.tui.force_sync import ForceSync
from cardsmith.tui.messages import PrintFinished
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.models import Force
    from cardsmith.tui.screens.print_dialog import PrintRequest

# The dialogs (and the file picker's directory tree) load on first use, not at start-up.


class FileFlows(ForceSync):
    """The file and print flows of the app; subclasses provide the attributes below."""

    cache_dir: Path
    use_recovery: bool

    def close_units(self) -> None:
        """Close the catalogue the app reads units from (the app implements it)."""
        raise NotImplementedError

    def _force_changed(self, label: str) -> None:
        """Redraw after the force changed (the app implements it)."""
        raise NotImplementedError

    def action_show(self, name: str) -> None:
        """Switch to a main screen (the app implements it)."""
        raise NotImplementedError

    @property
    def recovery_path(self) -> Path:
        """Where unsaved work is copied after each edit, in case the app dies."""
        return self.cache_dir / "recovery" / "unsaved-force.json"

    def _recover(self) -> None:
        path = self.recovery_path
        if not path.is_file():
            return
        try:
            force = services.load_force(path)
        except CardsmithError:
            return
        self.document = ForceDocument.new()
        self.document.apply(force, "recovered")
        self.notify(
            f"Unsaved force “{force.name}” from the last session was recovered. "
            "Save it with Ctrl+S.",
            title="Recovered",
            timeout=10,
        )

    def _write_recovery(self) -> None:
        path = self.recovery_path
        try:
            if self.document.dirty:
                path.parent.mkdir(parents=True, exist_ok=True)
                services.save_force(self.document.force, path)
            else:
                path.unlink(missing_ok=True)
        except (CardsmithError, OSError):
            pass  # the recovery copy is a safety net; the real save reports its own errors

    def _drop_recovery(self) -> None:
        self.recovery_path.unlink(missing_ok=True)
        self.recovery_path.with_name(self.recovery_path.name + ".bak").unlink(missing_ok=True)

    def open_force(self, path: Path) -> bool:
        """Replace the current force with the one in ``path``; False (and a message) on failure."""
        try:
            force = services.load_force(path)
        except CardsmithError as exc:
            self.file_error(f"Cannot open {path.name}", exc.message)
            return False
        from cardsmith.services.recent_files import remember  # loaded on first use

        remember("force", path)
        self.document = ForceDocument.opened(force, path)
        self._force_changed("open")
        self.notify(f"Opened {path} — {count(len(force.entries), 'unit')}.")
        self.action_show("force")
        return True

    @work(exclusive=True, group="files", exit_on_error=False)
    async def action_save(self) -> None:
        """Save to the current file, asking for one the first time."""
        if self.document.path is None:
            await self._save_as()
        else:
            await self.save_to(self.document.path)

    @work(exclusive=True, group="files", exit_on_error=False)
    async def action_save_as(self) -> None:
        """Save to a file chosen now."""
        await self._save_as()

    async def _save_as(self, suggested: Path | None = None) -> bool:
        suggested = (
            suggested
            or self.document.path
            or Path.cwd() / f"{_slug(self.document.force.name)}.json"
        )
        from cardsmith.tui.screens.dialogs import PathDialog

        path = await self.push_screen_wait(
            PathDialog("Save the force as", str(suggested), "Save", kind="force")
        )
        return path is not None and await self.save_to(path)

    @work(exclusive=True, group="files", exit_on_error=False)
    async def action_open(self) -> None:
        """Open a force file (asks first when the current one has unsaved changes)."""
        if self.document.dirty and not await self._settle_unsaved("opening another force"):
            return
        from cardsmith.tui.screens.dialogs import PathDialog

        path = await self.push_screen_wait(
            PathDialog("Open a force file", "", "Open", kind="force")
        )
        if path is not None:
            self.open_force(path)

    @work(exclusive=True, group="files", exit_on_error=False)
    async def action_new(self) -> None:
        """Start an empty force (asks first when the current one has unsaved changes)."""
        if self.document.dirty and not await self._settle_unsaved("starting a new force"):
            return
        self.document = ForceDocument.new()
        self._force_changed("new")
        self.notify("New force started.")

    async def _settle_unsaved(self, action: str = "quitting") -> bool:
        """Ask about unsaved changes before ``action``; True when the force may be dropped."""
        from cardsmith.tui.screens.dialogs import QuitDialog

        choice = await self.push_screen_wait(QuitDialog(self.document.force.name, action))
        if choice == "save":
            if self.document.path is not None:
                return await self.save_to(self.document.path)
            return await self._save_as()
        if choice == "discard":
            self._drop_recovery()
            return True
        return False

    async def action_quit(self) -> None:
        """Quit, asking first when there are unsaved changes."""
        from cardsmith.tui.screens.dialogs import QuitDialog

        if isinstance(self.screen, QuitDialog):
            return  # already asking
        self._quit_flow()

    @work(exclusive=True, group="files", exit_on_error=False)
    async def _quit_flow(self) -> None:
        if self.document.dirty and not await self._settle_unsaved():
            return
        self.close_units()
        self.exit()

    @work(exclusive=True, group="files", exit_on_error=False)
    async def action_print(self) -> None:
        """Ask for print options, then render in a thread."""
        base = self.document.path.with_suffix(".pdf") if self.document.path else None
        default = base or Path.cwd() / f"{_slug(self.document.force.name)}.pdf"
        from cardsmith.tui.screens.print_dialog import PrintDialog

        request = await self.push_screen_wait(PrintDialog(default))
        if request is not None:
            self.notify(f"Printing to {request.path}…", timeout=3)
            self.print_sheets(self.document.force, self.document.path, request)

    @work(thread=True, exclusive=True, group="print", exit_on_error=False, description="Printing")
    def print_sheets(self, force: Force, source: Path | None, request: PrintRequest) -> None:
        """Render the PDF off the UI thread, through the same use case as ``cardsmith print``."""
        from cardsmith.services import printing

        result = printing.print_forces(
            [printing.ForceToPrint(force, source)], request.path, request.options
        )
        for warning in result.warnings:
            self.notify(warning, title="Printed without a rule check", severity="warning")
        self.post_message(PrintFinished(result.path))

    def on_print_finished(self, message: PrintFinished) -> None:
        self.notify(f"Record sheets written to {message.path}", title="Printed", timeout=10)


def _slug(name: str) -> str:
    """A file name from a force name."""
    cleaned = "".join(ch if ch.isalnum() else "-" for ch in name.strip().lower())
    return "-".join(part for part in cleaned.split("-") if part) or "force"
