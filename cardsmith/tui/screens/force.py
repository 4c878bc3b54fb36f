"""Provides ``ForceScreen``: the spreadsheet-style force editor with live validation."""

from __future__ import annotations

from rich.markup import escape
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Header, Static

from cardsmith import services
from cardsmith.errors import CardsmithError
from cardsmith.forces.pricing import force_pv
from cardsmith.models import ForceEntry
from cardsmith.models.force import MAX_SKILL, MIN_SKILL
from cardsmith.tui.messages import ForceChanged
from cardsmith.tui.screens.force_flows import Change, ForceEditFlows
from cardsmith.tui.widgets.force_grid import ForceGrid
from cardsmith.tui.widgets.key_footer import KeyFooter
from cardsmith.tui.widgets.unit_card import UnitCard
from cardsmith.tui.widgets.validation import ValidationPanel, formation_text
from cardsmith.wording import count


class ForceScreen(ForceEditFlows):
    """Edit the force cell by cell; totals and checks follow every change."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #force-body {
        height: 1fr;
    }
    #grid-pane {
        width: 1fr;
    }
    #grid {
        height: 1fr;
    }
    #totals {
        height: 1;
        padding: 0 1;
        background: $boost;
    }
    #entry-pane {
        width: 50;
        scrollbar-size-vertical: 1;
    }
    #checks {
        height: 11;
    }
    #validation {
        width: 2fr;
    }
    #formations {
        width: 1fr;
        padding: 0 1;
    }
    """

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
            tooltip="Force name, rule pack, PV cap, era and faction",
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
            "space",
            "mark",
            "Mark",
            show=False,
            tooltip="Mark or unmark the row: Enter on Group then sets every marked row",
            id="mark",
        ),
        Binding(
            "i", "toggle_card", "Card", show=False, tooltip="Show or hide the unit card", id="card"
        ),
        Binding(
            "m",
            "app.fetch_availability",
            "MUL lists",
            show=False,
            tooltip="Fetch the MUL's availability list of the force's era and faction",
            id="fetch-availability",
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

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="force-title", classes="screen-title")
        with Horizontal(id="force-body"):
            with Vertical(id="grid-pane"):
                yield ForceGrid(id="grid")
                yield Static("", id="totals")
            with VerticalScroll(id="entry-pane", classes="pane"):
                yield UnitCard(id="entry-card")
        with Horizontal(id="checks"):
            yield ValidationPanel(id="validation", classes="pane")
            yield Static("", id="formations", classes="pane")
        yield KeyFooter()

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
        errors: dict[int, list[str]] = {}
        warnings: dict[int, list[str]] = {}
        for found, violations in ((errors, self.verdict.errors), (warnings, self.verdict.warnings)):
            for violation in violations:
                for index, _name in violation.entries:
                    found.setdefault(index, []).append(violation.rule_id)
        self.query_one(ForceGrid).show_force(force, errors, warnings)
        self.query_one(ValidationPanel).show(self.verdict)
        self.query_one("#formations", Static).update(
            formation_text(services.formation_status(force))
        )
        where = str(document.path) if document.path else "not saved yet"
        # A force never saved and not yet edited is "new", not "saved" (like the unit editor).
        state = "modified" if document.dirty else ("saved" if document.path else "new")
        era = f"   era [b]{escape(force.era.name)}[/b]" if force.era else ""
        faction = f"   faction [b]{escape(force.faction.name)}[/b]" if force.faction else ""
        self.query_one("#force-title", Static).update(
            f"[b]{escape(force.name)}[/b]   pack [b]{escape(force.pack)}[/b]{era}{faction}   "
            f"{escape(where)}   ({state})   [dim]f: settings · i: card · F1: keys[/dim]"
        )
        total = force_pv(force)
        cap = self.verdict.cap or force.cap
        over = cap is not None and total > cap
        cap_text = f" / {cap}" if cap else ""
        left = f"   ({cap - total} left)" if cap and not over else ""
        if over and cap is not None:
            left = f"   [b red]✗ {total - cap} over the cap[/]"
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

    # -- keys that do nothing say so ----------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A printable key that nothing on this screen takes gets a message, not silence."""
        if not event.is_printable or event.key in self.active_bindings:
            return
        if not isinstance(self.focused, ForceGrid):
            return  # a dialog or panel that takes typing
        self.notify(f"{event.character!r} does nothing here. F1 lists the keys of this screen.")

    # -- actions ----------------------------------------------------------------------

    def current_entry(self) -> tuple[int, ForceEntry] | None:
        """The entry under the cursor; None, with a message saying so, when there is none."""
        index = self.query_one(ForceGrid).entry_index
        if index is None:
            self.notify("The force has no units yet: press a to add some from the catalogue.")
            return None
        return index, self.cs_app.document.force.entries[index - 1]

    def edit(self, label: str, change: Change) -> bool:
        """Apply ``change(force) -> force``; an edit error becomes a message.  True if applied."""
        try:
            force = change(self.cs_app.document.force)
        except CardsmithError as exc:
            self.notify(exc.message, title="Cannot do that", severity="warning")
            return False
        if force == self.cs_app.document.force:
            self.notify(f"Nothing changed ({label}).")
            return False
        self.cs_app.apply_force(force, label)
        return True

    def action_skill_up(self) -> None:
        self._step_skill(+1)

    def action_skill_down(self) -> None:
        self._step_skill(-1)

    def _step_skill(self, delta: int) -> None:
        current = self.current_entry()
        if current is None:
            return
        index, entry = current
        skill = entry.skill + delta
        if not MIN_SKILL <= skill <= MAX_SKILL:
            self.notify(f"Skill stays within {MIN_SKILL}-{MAX_SKILL}.", severity="warning")
            return
        self.edit(f"skill {skill}", lambda f: services.set_entry(f, index, skill=skill))

    def action_remove(self) -> None:
        current = self.current_entry()
        if current is not None:
            index, entry = current
            self.edit(f"remove {entry.name}", lambda f: services.remove_entry(f, index))

    def action_duplicate(self) -> None:
        current = self.current_entry()
        if current is not None:
            index, entry = current
            if self.edit(f"duplicate {entry.name}", lambda f: services.duplicate_entry(f, index)):
                self.query_one(ForceGrid).go_to(index + 1)

    def action_move(self, delta: int) -> None:
        current = self.current_entry()
        if current is None:
            return
        index, entry = current
        target = index + delta
        if not 1 <= target <= len(self.cs_app.document.force.entries):
            where = "top" if delta < 0 else "bottom"
            self.notify(f"{entry.name} is already at the {where}.", severity="information")
            return
        if self.edit(f"move {entry.name}", lambda f: services.move_entry(f, index, target)):
            self.query_one(ForceGrid).go_to(target)

    def action_commander(self) -> None:
        current = self.current_entry()
        if current is not None:
            index, entry = current
            self.edit(
                "commander", lambda f: services.set_entry(f, index, commander=not entry.commander)
            )

    def action_mark(self) -> None:
        current = self.current_entry()
        if current is None:
            return
        grid = self.query_one(ForceGrid)
        marked = grid.toggle_selected(current[0])
        picked = ", ".join(f"#{i}" for i in sorted(grid.selected)) or "none"
        verb = "Marked" if marked else "Unmarked"
        self.notify(
            f"{verb} #{current[0]}. Marked: {picked}. Enter on a Group cell sets them all.",
            timeout=3,
        )

    def action_focus_problems(self) -> None:
        if self.verdict is None or not self.verdict.violations:
            self.notify("No problems to go to: the checks found none.")
            return
        self.query_one("#problems").focus()

    @on(DataTable.CellSelected, "#grid")
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        self.action_edit()

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
