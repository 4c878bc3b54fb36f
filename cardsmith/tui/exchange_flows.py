"""Provides ``ExchangeFlows``: the File menu, import/export of other tools' files, custom units.

A base class of the app (on top of ``FileFlows``), kept apart so ``app.py`` stays thin.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual import work

from cardsmith import services
from cardsmith.errors import CardsmithError
from cardsmith.tui.document import ForceDocument
from cardsmith.tui.file_flows import FileFlows, _slug
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.models import Force
    from cardsmith.tui.screens.unit_editor import UnitEditorScreen

# The dialogs, the formats and the unit editor load when first used, not at start-up.


class ExchangeFlows(FileFlows):
    """File menu, import, export and the custom unit editor."""

    @work(exclusive=True, group="menu", exit_on_error=False)
    async def action_file_menu(self) -> None:
        """Show the File menu and run what is picked."""
        from cardsmith.tui.screens.file_menu import ITEMS, FileMenu

        enabled = {action: self.check_action(action, ()) is True for action, *_rest in ITEMS}
        choice = await self.push_screen_wait(FileMenu(enabled))
        if choice:
            await self.run_action(choice)

    # -- import -----------------------------------------------------------------------

    @work(exclusive=True, group="files", exit_on_error=False)
    async def action_import_force(self) -> None:
        """Read a force from another tool's file, show the report, open it in the editor."""
        from cardsmith.services import exchange
        from cardsmith.tui.screens.exchange import ImportDialog, ImportReportScreen

        request = await self.push_screen_wait(ImportDialog())
        if request is None:
            return
        label = request.source
        try:
            source = exchange.read_source(request.source)
            label = source.label
            report = await asyncio.to_thread(
                exchange.import_from,
                self.cache_dir,
                source,
                request.fmt or None,
                group=request.group,
            )
        except CardsmithError as exc:
            problems = exc.problems
            details = "".join(f"\n• {p}" for p in problems[:8])
            more = f"\n… and {len(problems) - 8} more" if len(problems) > 8 else ""
            self.file_error(f"Cannot import {label}", exc.message + details + more)
            return
        report_screen = ImportReportScreen(report, label)
        if not await self.push_screen_wait(report_screen):
            return
        force, added = await self._add_picks(report.force, report_screen.picks)
        if self.document.dirty and not await self._settle_unsaved("importing another force"):
            return
        # A new, unsaved document: Ctrl+S asks where the imported force goes.
        self.document = ForceDocument(force=force, path=None, saved=None)
        self._force_changed("import")
        self.action_show("force")
        instead = f" ({count(added, 'close match', 'close matches')} at skill 4)" if added else ""
        self.notify(
            f"Imported {count(len(force.entries), 'unit')}{instead} from {label}; "
            "Ctrl+S saves it as a cardsmith force.",
            title="Imported",
        )

    async def _add_picks(self, force: Force, picks: list[int]) -> tuple[Force, int]:
        """Add the close matches picked in the report; one that cannot join is a warning."""
        from cardsmith.services import exchange

        if not picks:
            return force, 0
        try:
            units = await asyncio.to_thread(exchange.units_by_id, self.cache_dir, picks)
        except CardsmithError as exc:
            self.notify(exc.message, title="Close matches not added", severity="error")
            return force, 0
        added = 0
        for mul_id, unit in zip(picks, units, strict=True):
            if unit is None:
                self.notify(f"MUL {mul_id} is no longer in the catalogue.", severity="warning")
                continue
            try:
                force = services.add_unit(force, unit)
            except CardsmithError as exc:
                self.notify(exc.message, title=f"{unit.name} not added", severity="warning")
                continue
            added += 1
        return force, added

    # -- export -----------------------------------------------------------------------

    @work(exclusive=True, group="files", exit_on_error=False)
    async def action_export_force(self) -> None:
        """Write the force for MegaMek, a spreadsheet, TTS or a forum post."""
        from cardsmith.services import exchange
        from cardsmith.tui.screens.exchange import ExportDialog

        force = self.document.force
        path = self.document.path
        slug = _slug(force.name)
        request = await self.push_screen_wait(
            ExportDialog(force, lambda fmt: exchange.export_path(force, fmt, path, slug))
        )
        if request is None:
            return
        try:
            notes = exchange.export_to(force, request.fmt, request.path, force_file=path).warnings
        except CardsmithError as exc:
            self.file_error(f"Not exported to {request.path}", exc.message)
            return
        self.notify(
            f"Wrote {request.path} ({request.fmt}, {count(len(force.entries), 'unit')}).",
            title="Exported",
        )
        for note in notes:
            self.notify(note, title="Not in the export", severity="warning", timeout=10)

    # -- custom units -------------------------------------------------------------------

    def unit_editor(self) -> UnitEditorScreen:
        """The custom unit editor screen (made on first use, kept while the app runs)."""
        from cardsmith.tui.screens.unit_editor import UnitEditorScreen

        if not self.is_screen_installed("units"):
            self.install_screen(UnitEditorScreen(), "units")
        screen = self.get_screen("units")
        assert isinstance(screen, UnitEditorScreen)
        return screen

    def action_unit_editor(self) -> None:
        """Go to the custom unit editor."""
        self.unit_editor()
        self.action_show("units")

    async def action_quit(self) -> None:
        """Quit; a custom unit with unsaved changes is asked about first."""
        if self.is_screen_installed("units") and self.unit_editor().dirty:
            self._quit_with_unit()
            return
        await super().action_quit()

    @work(exclusive=True, group="unit-quit", exit_on_error=False)
    async def _quit_with_unit(self) -> None:
        if await self.unit_editor().settle_unsaved():
            await super().action_quit()
