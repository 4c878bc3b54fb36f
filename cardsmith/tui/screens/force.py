"""Provides ``ForceScreen``: the spreadsheet-style force editor with live validation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from cardsmith import services
from cardsmith.errors import CardsmithError
from cardsmith.forces.pricing import force_pv
from cardsmith.models.force import MAX_SKILL, MIN_SKILL
from cardsmith.tui.messages import ForceChanged
from cardsmith.tui.screens.dialogs import (
    CellEditor,
    ForceSettings,
    ForceSettingsDialog,
    FormationDialog,
)
from cardsmith.tui.screens.spa_picker import SpaPicker
from cardsmith.tui.widgets.force_grid import EDITABLE, ForceGrid
from cardsmith.tui.widgets.unit_card import UnitCard
from cardsmith.tui.widgets.validation import ValidationPanel, formation_text
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.tui.app import CardsmithApp

#: Actions that need an entry under the cursor.
_ROW_ACTIONS = frozenset(
    {
        "edit",
        "skill_up",
        "skill_down",
        "remove",
        "duplicate",
        "move",
        "spas",
        "commander",
        "formation",
    }
)


class ForceScreen(Screen[None]):
    """Edit the force cell by cell; totals and checks follow every change."""

    BINDINGS = [
        Binding("enter", "edit", "Edit", tooltip="Edit the cell under the cursor", id="edit"),
        Binding(
            "plus,equals_sign",
            "skill_up",
            "Skill+",
            tooltip="Skill number +1: a worse pilot, lower PV",
            id="skill-up",
        ),
        Binding(
            "minus",
            "skill_down",
            "Skill−",
            tooltip="Skill number −1: a better pilot, higher PV",
            id="skill-down",
        ),
        Binding("s", "spas", "SPAs", tooltip="Pick special pilot abilities", id="spas"),
        Binding("delete,d", "remove", "Remove", tooltip="Remove the unit", id="remove"),
        Binding(
            "c", "duplicate", "Copy", tooltip="Add a copy of the unit below it", id="duplicate"
        ),
        Binding(
            "shift+up,[",
            "move(-1)",
            "Move up",
            show=False,
            tooltip="Move the unit one row up",
            id="move-up",
        ),
        Binding(
            "shift+down,]",
            "move(1)",
            "Move down",
            show=False,
            tooltip="Move the unit one row down",
            id="move-down",
        ),
        Binding(
            "k", "commander", "Commander", show=False, tooltip="Mark the commander", id="commander"
        ),
        Binding(
            "a",
            "app.show('catalogue')",
            "Add units",
            show=False,
            tooltip="Go to the catalogue to add units",
            id="add-units",
        ),
        Binding(
            "f",
            "settings",
            "Settings",
            show=False,
            tooltip="Force name, rule pack and PV cap",
            id="settings",
        ),
        Binding(
            "g",
            "formation",
            "Formation",
            show=False,
            tooltip="Choose the formation of the unit's group",
            id="formation",
        ),
        Binding(
            "i", "toggle_card", "Card", show=False, tooltip="Show or hide the unit card", id="card"
        ),
        Binding(
            "v",
            "focus_problems",
            "Problems",
            show=False,
            tooltip="Go to the validation panel",
            id="problems",
        ),
    ]

    def __init__(self) -> None:
        super().__init__(id="force")
        self.verdict: services.Verdict | None = None
        self.card_chosen = False
        """True once the player showed or hid the card with "i"."""

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="force-title")
        with Horizontal(id="force-body"):
            with Vertical(id="grid-pane"):
                yield ForceGrid(id="grid")
                yield Static("", id="totals")
            with VerticalScroll(id="entry-pane"):
                yield UnitCard(id="entry-card")
        with Horizontal(id="checks"):
            yield ValidationPanel(id="validation")
            yield Static("", id="formations")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Force"
        self.query_one("#entry-pane").border_title = "Card"
        self.query_one("#validation").border_title = "Validation"
        self.query_one("#formations").border_title = "Formations"
        self.refresh_force()
        self.query_one(ForceGrid).focus()

    def on_screen_resume(self) -> None:
        self.refresh_force()

    def on_force_changed(self, _message: ForceChanged) -> None:
        self.refresh_force()

    # -- drawing ----------------------------------------------------------------------

    def refresh_force(self) -> None:
        """Redraw the grid, totals, checks and formations from the app's force."""
        if not self.is_mounted:
            return
        document = self.cs_app.document
        force = document.force
        self.verdict = services.check(force)
        flagged = {i for v in self.verdict.errors for i, _name in v.entries}
        self.query_one(ForceGrid).show_force(force, flagged)
        self.query_one(ValidationPanel).show(self.verdict)
        self.query_one("#formations", Static).update(
            formation_text(services.formation_status(force))
        )
        where = str(document.path) if document.path else "not saved yet"
        # A force never saved and not yet edited is "new", not "saved" (like the unit editor).
        state = "modified" if document.dirty else ("saved" if document.path else "new")
        self.query_one("#force-title", Static).update(
            f"[b]{escape(force.name)}[/b]   pack [b]{escape(force.pack)}[/b]   "
            f"{escape(where)}   ({state})   [dim]f: name, pack, cap · i: card · F1: keys[/dim]"
        )
        total = force_pv(force)
        cap = self.verdict.cap or force.cap
        over = cap is not None and total > cap
        cap_text = f" / {cap}" if cap else ""
        left = f"   ({cap - total} left)" if cap and not over else ""
        if over and cap is not None:
            left = f"   [b red]{total - cap} over the cap[/]"
        self.query_one("#totals", Static).update(
            f"Total [b]{total}{cap_text}[/b] PV{left}   ·   {count(len(force.entries), 'unit')}"
            + ("" if force.entries else "   ·   press [b]a[/b] to add units from the catalogue")
        )
        self._show_entry_card()
        self.refresh_bindings()

    def _show_entry_card(self) -> None:
        index = self.query_one(ForceGrid).entry_index
        entries = self.cs_app.document.force.entries
        entry = entries[index - 1] if index is not None and index <= len(entries) else None
        self.query_one("#entry-card", UnitCard).show(entry)

    @on(DataTable.CellHighlighted, "#grid")
    def _cell_highlighted(self) -> None:
        self._show_entry_card()

    # -- actions ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _ROW_ACTIONS and self.query_one(ForceGrid).entry_index is None:
            return None  # greyed out until the force has a unit
        return True

    def _current(self) -> tuple[int, Any] | None:
        index = self.query_one(ForceGrid).entry_index
        if index is None:
            return None
        return index, self.cs_app.document.force.entries[index - 1]

    def _edit(self, label: str, change: Any) -> None:
        """Apply ``change(force) -> force``, turning edit errors into notifications."""
        try:
            force = change(self.cs_app.document.force)
        except CardsmithError as exc:
            self.notify(exc.message, title="Cannot do that", severity="warning")
            return
        self.cs_app.apply_force(force, label)

    def action_skill_up(self) -> None:
        self._step_skill(+1)

    def action_skill_down(self) -> None:
        self._step_skill(-1)

    def _step_skill(self, delta: int) -> None:
        current = self._current()
        if current is None:
            return
        index, entry = current
        skill = entry.skill + delta
        if not MIN_SKILL <= skill <= MAX_SKILL:
            self.notify(f"Skill stays within {MIN_SKILL}-{MAX_SKILL}.", severity="warning")
            return
        self._edit(f"skill {skill}", lambda f: services.set_entry(f, index, skill=skill))

    def action_remove(self) -> None:
        current = self._current()
        if current is not None:
            index, entry = current
            self._edit(f"remove {entry.name}", lambda f: services.remove_entry(f, index))

    def action_duplicate(self) -> None:
        current = self._current()
        if current is not None:
            index, entry = current
            self._edit(f"duplicate {entry.name}", lambda f: services.duplicate_entry(f, index))
            self.query_one(ForceGrid).go_to(index + 1)

    def action_move(self, delta: int) -> None:
        current = self._current()
        if current is None:
            return
        index, entry = current
        target = index + delta
        if not 1 <= target <= len(self.cs_app.document.force.entries):
            where = "top" if delta < 0 else "bottom"
            self.notify(f"{entry.name} is already at the {where}.", severity="information")
            return
        self._edit(f"move {entry.name}", lambda f: services.move_entry(f, index, target))
        self.query_one(ForceGrid).go_to(target)

    def action_commander(self) -> None:
        current = self._current()
        if current is not None:
            index, entry = current
            self._edit(
                "commander", lambda f: services.set_entry(f, index, commander=not entry.commander)
            )

    def action_focus_problems(self) -> None:
        self.query_one("#problems").focus()

    @on(DataTable.CellSelected, "#grid")
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        self.action_edit()

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_edit(self) -> None:
        """Edit the cell under the cursor in place (SPAs open the picker)."""
        grid = self.query_one(ForceGrid)
        current = self._current()
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
        values = {"pilot": entry.pilot.name, "skill": str(entry.skill), "group": entry.group}
        suggestions = self.cs_app.document.force.group_names() if column == "group" else None
        text = await self.app.push_screen_wait(
            CellEditor(
                values[column],
                grid.cell_screen_region(),
                suggestions=suggestions,
                numeric=column == "skill",
            )
        )
        if text is None:
            return
        text = text.strip()
        if column == "skill":
            if not text.isdigit():
                self.notify("Skill is a number from 0 to 7.", severity="warning")
                return
            self._edit(f"skill {text}", lambda f: services.set_entry(f, index, skill=int(text)))
        elif column == "pilot":
            self._edit("pilot", lambda f: services.set_entry(f, index, pilot=text))
        else:
            self._edit("group", lambda f: services.set_entry(f, index, group=text))

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_spas(self) -> None:
        """Open the SPA picker for the entry under the cursor."""
        current = self._current()
        if current is None:
            return
        index, entry = current
        chosen = await self.app.push_screen_wait(SpaPicker(entry.unit, entry.skill, entry.spas))
        if chosen is not None:
            self._edit("SPAs", lambda f: services.set_entry(f, index, spas=chosen))

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_settings(self) -> None:
        """Edit the force's name, rule pack and cap."""
        force = self.cs_app.document.force
        result = await self.app.push_screen_wait(
            ForceSettingsDialog(
                ForceSettings(force.name, force.pack, force.cap), services.pack_choices()
            )
        )
        if result is not None:
            self._edit(
                "settings",
                lambda f: services.set_force(
                    f,
                    name=result.name,
                    pack=result.pack,
                    cap=result.cap,
                    clear_cap=result.cap is None,
                ),
            )

    @work(exclusive=True, group="edit-cell", exit_on_error=False)
    async def action_formation(self) -> None:
        """Choose the formation of the group the unit under the cursor belongs to."""
        current = self._current()
        if current is None:
            return
        _index, entry = current
        if not entry.group:
            self.notify(
                "Put the unit in a group first (Enter on its Group cell).", severity="warning"
            )
            return
        group = self.cs_app.document.force.group(entry.group)
        chosen = await self.app.push_screen_wait(
            FormationDialog(
                entry.group, group.formation if group else None, services.formation_choices()
            )
        )
        if chosen is not None:
            self._edit(
                f"formation of {entry.group}",
                lambda f: services.declare_group(
                    f, entry.group, formation=chosen or None, clear_formation=not chosen
                ),
            )

    def action_toggle_card(self) -> None:
        pane = self.query_one("#entry-pane")
        pane.display = not pane.display
        self.card_chosen = True

    def on_resize(self) -> None:
        # The grid needs about 120 columns; the card joins it only when there is room,
        # unless the player chose with "i".
        if not self.card_chosen:
            self.query_one("#entry-pane").display = self.size.width >= 170

    @on(ValidationPanel.ProblemChosen)
    def _problem_chosen(self, event: ValidationPanel.ProblemChosen) -> None:
        grid = self.query_one(ForceGrid)
        if event.entries:
            grid.go_to(event.entries[0])
            grid.focus()
        else:
            self.notify("This problem is about the whole force, not one unit.")
