"""Provides ``UnitFileFlows``: new, open, save and import for the custom unit editor.

A base class of ``UnitEditorScreen``, kept apart so the screen stays about editing.
What changes files goes through ``services.custom_units``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.screen import Screen

from cardsmith.errors import CardsmithError
from cardsmith.models import Unit
from cardsmith.services import custom_units as cu
from cardsmith.tui.screens.dialogs import PathDialog
from cardsmith.tui.screens.unit_dialogs import UnitPicker, UnsavedUnitDialog
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.tui.app import CardsmithApp


class UnitFileFlows(Screen[None]):
    """The file side of the custom unit editor."""

    draft: cu.UnitDraft
    saved: cu.UnitDraft | None
    file: cu.UnitFile | None
    """The unit file and the draft's place in it (None: never saved)."""
    problems: list[cu.Problem]
    unit: Unit | None
    _undo: list[cu.UnitDraft]
    _redo: list[cu.UnitDraft]
    _last_field: str

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    @property
    def path(self) -> Path | None:
        """The unit file, once there is one."""
        return self.file.path if self.file is not None else None

    @property
    def dirty(self) -> bool:
        """True when the unit differs from its file."""
        return self.draft != self.saved

    def refresh_unit(self) -> None:
        """Check the draft and redraw (the screen draws)."""
        raise NotImplementedError

    def _load_form(self) -> None:
        raise NotImplementedError

    def action_focus_problems(self) -> None:
        raise NotImplementedError

    async def settle_unsaved(self) -> bool:
        """Ask about unsaved changes; True when the draft may be dropped."""
        if not self.dirty:
            return True
        choice = await self.app.push_screen_wait(UnsavedUnitDialog(self.draft.name))
        if choice == "save":
            return await self.save()
        return choice == "discard"

    @work(exclusive=True, group="unit-file", exit_on_error=False)
    async def action_new_unit(self) -> None:
        """Start an empty unit (asks first about unsaved changes)."""
        if await self.settle_unsaved():
            self._start(cu.UnitDraft(system=self.draft.system), None)

    @work(exclusive=True, group="unit-file", exit_on_error=False)
    async def action_open_unit(self) -> None:
        """Open a custom unit file (TOML or JSON)."""
        if not await self.settle_unsaved():
            return
        path = await self.app.push_screen_wait(
            PathDialog(
                "Open a custom unit file (TOML or JSON)",
                "",
                "Open",
                kind="unit",
                suffixes=(".toml", ".json"),
            )
        )
        if path is not None:
            await self.open_path(path)

    async def open_path(self, path: Path) -> bool:
        """Read ``path`` and edit one of its units (asks which when there are several)."""
        try:
            tables = cu.read_unit_tables(path)
        except CardsmithError as exc:
            self.notify(exc.message, title=f"Cannot open {path.name}", severity="error", timeout=12)
            return False
        position = 0
        if len(tables) > 1:
            names = [str(t.get("name", "")) for t in tables]
            chosen = await self.app.push_screen_wait(UnitPicker(names))
            if chosen is None:
                return False
            position = chosen
        notes: list[str] = []
        if position >= len(tables):
            draft = cu.UnitDraft()
        else:
            try:
                draft, notes = cu.draft_from_table(tables[position])
            except CardsmithError as exc:
                self.notify(exc.message, title=f"Cannot edit {path.name}", severity="error")
                return False
        self._start(draft, cu.UnitFile(path, tuple(tables), position))
        if position >= len(tables):
            self.saved = None  # a new unit in the file: unsaved until saved
            self.refresh_unit()
        for note in notes:
            self.notify(note, severity="warning", timeout=10)
        return True

    def _start(self, draft: cu.UnitDraft, file: cu.UnitFile | None) -> None:
        self.draft = draft
        self.saved = draft
        self.file = file
        self._undo.clear()
        self._redo.clear()
        self._last_field = ""
        self._load_form()
        self.refresh_unit()

    @work(exclusive=True, group="unit-file", exit_on_error=False)
    async def action_save_unit(self) -> None:
        """Save the unit file (asks where the first time)."""
        await self.save()

    async def save(self) -> bool:
        """Write the draft into its file (atomically, the old file kept as ``.bak``)."""
        file = self.file
        if file is None:
            slug = "-".join("".join(c if c.isalnum() else " " for c in self.draft.name).split())
            default = Path.cwd() / f"{slug.lower() or 'custom-unit'}.toml"
            path = await self.app.push_screen_wait(
                PathDialog(
                    "Save the custom unit file as",
                    str(default),
                    "Save",
                    kind="unit",
                    suffixes=(".toml", ".json"),
                )
            )
            if path is None:
                return False
            try:
                file = cu.adopt_file(path, self.draft.name)
            except CardsmithError as exc:
                self.notify(
                    f"{exc.message} — not overwritten; choose another name.",
                    title="Not saved",
                    severity="error",
                    timeout=12,
                )
                return False
        try:
            self.file = cu.save_draft(file, self.draft)
        except CardsmithError as exc:
            self.notify(exc.message, title="Not saved", severity="error", timeout=12)
            return False
        self.saved = self.draft
        self.refresh_unit()
        extra = (
            ""
            if self.unit is not None
            else f" It has {count(len(self.problems), 'problem')} to fix before it can be imported."
        )
        self.notify(
            f"Saved {self.file.path}.{extra}", severity="information" if not extra else "warning"
        )
        return True

    @work(exclusive=True, group="unit-file", exit_on_error=False)
    async def action_import_unit(self) -> None:
        """Save, then add every unit of the file to the local catalogue."""
        if self.unit is None:
            self.notify(
                f"Fix the {count(len(self.problems), 'problem')} first.",
                title="Not imported",
                severity="warning",
            )
            self.action_focus_problems()
            return
        if (self.dirty or self.file is None) and not await self.save():
            return
        assert self.file is not None
        try:
            imported = await asyncio.to_thread(
                cu.import_units, self.cs_app.cache_dir, self.file.path
            )
        except CardsmithError as exc:
            self.notify(exc.message, title="Not imported", severity="error", timeout=15)
            return
        self.cs_app.load_index()  # so the catalogue search finds the new units
        names = ", ".join(u.name for u in imported.units)
        self.notify(
            f"{names} in the catalogue ({imported.added} new, {imported.updated} updated). "
            "F2 and search to find it; a adds it to the force.",
            title="Imported",
            timeout=10,
        )
