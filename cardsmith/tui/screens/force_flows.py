"""Provides ``ForceEditFlows``: the force editor's edits that ask something first.

Cells are edited in place, SPAs, settings and formations in dialogs.  Each editor only
proposes a value: the force changes once the player accepts it, through the same
service functions the command line uses, and a refused value is explained in place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING

from textual import work
from textual.screen import Screen

from cardsmith import services
from cardsmith.errors import CardsmithError
from cardsmith.models import Force, ForceEntry
from cardsmith.models.force import MAX_SKILL, MIN_SKILL
from cardsmith.services.force_groups import formation_options
from cardsmith.services.force_settings import settings_from_text
from cardsmith.tui.screens.dialogs import CellEditor
from cardsmith.tui.screens.force_settings import ForceSettingsDialog, SettingsInput
from cardsmith.tui.screens.formation_picker import FormationDialog
from cardsmith.tui.screens.spa_picker import SpaPicker
from cardsmith.tui.widgets.force_grid import EDITABLE, ForceGrid

if TYPE_CHECKING:
    from cardsmith.tui.app import CardsmithApp

Change = Callable[[Force], Force]


def skill_problem(text: str) -> str | None:
    """Why ``text`` is not a skill (None when it is one)."""
    text = text.strip()
    if not text.isdigit():
        return f"Skill is a whole number from {MIN_SKILL} (best) to {MAX_SKILL}: {text!r} is not."
    if not MIN_SKILL <= int(text) <= MAX_SKILL:
        return f"Skill goes from {MIN_SKILL} (best) to {MAX_SKILL}, not {text}."
    return None


class ForceEditFlows(Screen[None]):
    """The force screen's edits through dialogs and the in-place cell editor."""

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def current_entry(self) -> tuple[int, ForceEntry] | None:
        """The entry under the cursor (the screen implements it, with a message if none)."""
        raise NotImplementedError

    def edit(self, label: str, change: Change) -> bool:
        """Apply ``change`` to the force (the screen implements it)."""
        raise NotImplementedError

    def _refused(self, change: Change) -> str | None:
        """Why ``change`` cannot be made to the force now (None: it can)."""
        try:
            change(self.cs_app.document.force)
        except CardsmithError as exc:
            return exc.message[:1].upper() + exc.message[1:] + "."
        return None

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_edit(self) -> None:
        """Edit the cell under the cursor in place (SPAs open the picker)."""
        grid = self.query_one(ForceGrid)
        current = self.current_entry()
        if current is None:
            return
        index, entry = current
        column = grid.column_key
        if column == "spas":
            self.action_spas()
            return
        if column not in EDITABLE:
            self.notify(
                "Pilot, skill, SPAs and group can be edited; the other columns follow from them.",
                severity="information",
            )
            return
        # Several rows marked with Space take one group at once.
        indices = sorted(grid.selected) if column == "group" and grid.selected else [index]

        def change_for(text: str) -> Change:
            text = text.strip()
            if column == "skill":
                return lambda f: services.set_entry(f, index, skill=int(text))
            if column == "pilot":
                return lambda f: services.set_entry(f, index, pilot=text)
            return lambda f: services.set_groups(f, indices, text)

        def problem(text: str) -> str | None:
            if column == "skill" and (bad := skill_problem(text)):
                return bad
            return self._refused(change_for(text))

        values = {"pilot": entry.pilot.name, "skill": str(entry.skill), "group": entry.group}
        note = ""
        if len(indices) > 1:
            note = "Group of " + ", ".join(f"#{i}" for i in indices) + " (Enter sets them all)"
        text = await self.app.push_screen_wait(
            CellEditor(
                values[column],
                grid.cell_screen_region(),
                suggestions=self.cs_app.document.force.group_names() if column == "group" else None,
                numeric=column == "skill",
                validate=problem,
                note=note,
            )
        )
        if text is None:
            return
        label = {"skill": f"skill {text.strip()}", "pilot": "pilot"}.get(column, "group")
        if self.edit(label, change_for(text)) and len(indices) > 1:
            grid.selected.clear()
            self.notify(f"{len(indices)} units are in group {text.strip() or '(none)'} now.")

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_spas(self) -> None:
        """Open the SPA picker for the entry under the cursor."""
        current = self.current_entry()
        if current is None:
            return
        index, entry = current
        if entry.unit.type is None:
            self.notify(f"{entry.name} has no Alpha Strike stats: no SPAs apply.")
            return
        chosen = await self.app.push_screen_wait(SpaPicker(entry.unit, entry.skill, entry.spas))
        if chosen is not None:
            self.edit("SPAs", lambda f: services.set_entry(f, index, spas=chosen))

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_settings(self) -> None:
        """Edit the force's name, rule pack, cap, era and faction."""
        force = self.cs_app.document.force
        cache_dir = self.cs_app.cache_dir

        def apply(values: SettingsInput) -> Force:
            return settings_from_text(force, cache_dir, **asdict(values))

        found = services.packs()  # each pack file read once for the warnings and the list
        # A pack file hidden by another of its id: edits to it would silently not count.
        for message in services.unread_pack_files(found):
            self.notify(message, title="Rule packs", severity="warning", timeout=15)
        changed = await self.app.push_screen_wait(
            ForceSettingsDialog(force, services.pack_choices(found), apply)
        )
        if changed is not None:
            self.edit("settings", lambda _f: changed)

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_formation(self) -> None:
        """Choose the formation of the group the unit under the cursor belongs to."""
        current = self.current_entry()
        if current is None:
            return
        _index, entry = current
        if not entry.group:
            self.notify(
                "Put the unit in a group first (Enter on its Group cell).", severity="warning"
            )
            return
        force = self.cs_app.document.force
        group = force.group(entry.group)
        try:
            options = formation_options(force, entry.group)
        except CardsmithError as exc:
            self.notify(exc.message, title="No formations", severity="error")
            return
        chosen = await self.app.push_screen_wait(
            FormationDialog(entry.group, group.formation if group else None, options)
        )
        if chosen is not None:
            self.edit(
                f"formation of {entry.group}",
                lambda f: services.declare_group(
                    f, entry.group, formation=chosen or None, clear_formation=not chosen
                ),
            )
