"""Provides ``UnitEditorScreen``: create and edit custom units as a grid of profiles."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rich.markup import escape
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import (
    DataTable,
    Header,
    Input,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from cardsmith.errors import CardsmithError
from cardsmith.models import Unit
from cardsmith.services import custom_units as cu
from cardsmith.tui.screens.dialogs import CellEditor
from cardsmith.tui.screens.unit_files import UnitFileFlows
from cardsmith.tui.widgets.forwarding import FocusInput, FocusSelect
from cardsmith.tui.widgets.key_footer import KeyFooter
from cardsmith.tui.widgets.profile_grid import ProfileGrid
from cardsmith.wording import count

_PRICING = [("First profile's points", "first"), ("Highest profile", "max"), ("Fixed", "fixed")]
_TYPES = ["BM", "IM", "PM", "CV", "SV", "MS", "CI", "BA", "AF", "CF", "SC", "DS", "DA", "WS"]


class UnitEditorScreen(UnitFileFlows):
    """A custom unit: its fields above, its profiles as a grid, its problems below."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    .unit-form-row {
        height: 3;
    }
    #unit-name {
        width: 1fr;
    }
    #unit-system {
        width: 44;
    }
    #unit-rule {
        width: 1fr;
    }
    #unit-x, #unit-points {
        width: 14;
    }
    #unit-pricing {
        width: 30;
    }
    #rule-summary {
        height: auto;
        max-height: 2;
        padding: 0 1;
    }
    #profile-grid {
        height: 1fr;
    }
    #cell-hint {
        height: 1;
        padding: 0 1;
        background: $boost;
    }
    #unit-problems {
        height: 10;
    }
    """

    BINDINGS = [
        Binding("a", "add_profile", "Add profile", tooltip="Add a profile below", id="unit.add"),
        Binding(
            "delete,d", "remove_profile", "Remove", tooltip="Remove the profile", id="unit.remove"
        ),
        Binding("c", "duplicate", "Copy", show=False, tooltip="Copy the profile", id="unit.copy"),
        Binding(
            "shift+up,[", "move(-1)", "Up", show=False, tooltip="Move the profile up", id="unit.up"
        ),
        Binding(
            "shift+down,]",
            "move(1)",
            "Down",
            show=False,
            tooltip="Move the profile down",
            id="unit.down",
        ),
        Binding("ctrl+s", "save_unit", "Save unit", tooltip="Save the unit file", id="unit.save"),
        Binding(
            "i",
            "import_unit",
            "To catalogue",
            tooltip="Save, then add the file's units to the catalogue",
            id="unit.import",
        ),
        Binding(
            "ctrl+o", "open_unit", "Open", show=False, tooltip="Open a unit file", id="unit.open"
        ),
        Binding("ctrl+n", "new_unit", "New", show=False, tooltip="Start a new unit", id="unit.new"),
        Binding("ctrl+z", "undo", "Undo", show=False, tooltip="Undo the last edit", id="unit.undo"),
        Binding("ctrl+y", "redo", "Redo", show=False, tooltip="Redo", id="unit.redo"),
        Binding(
            "v",
            "focus_problems",
            "Problems",
            show=False,
            tooltip="Go to the problems",
            id="unit.problems",
        ),
        Binding("escape", "focus_grid", show=False, id="unit.grid"),
    ]

    def __init__(self) -> None:
        super().__init__(id="units")
        self.draft = cu.UnitDraft()
        self.saved: cu.UnitDraft | None = self.draft
        self.file: cu.UnitFile | None = None
        self.problems: list[cu.Problem] = []
        self.unit: Unit | None = None
        self._undo: list[cu.UnitDraft] = []
        self._redo: list[cu.UnitDraft] = []
        self._last_field = ""
        self.rules = {r.id: r for r in cu.rule_choices()}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="unit-title", classes="screen-title")
        with Horizontal(id="unit-form", classes="unit-form-row"):
            yield FocusInput(placeholder="Unit name", id="unit-name")
            yield FocusSelect(
                [(title, sid) for sid, title in cu.system_choices()],
                value=self.draft.system,
                allow_blank=False,
                id="unit-system",
            )
        with Horizontal(id="unit-switch", classes="unit-form-row"):
            yield FocusSelect(
                [(r.name, r.id) for r in self.rules.values()],
                prompt="No switch rule (one profile)",
                id="unit-rule",
            )
            yield FocusInput(placeholder="X", id="unit-x")
            yield FocusSelect(_PRICING, value="first", allow_blank=False, id="unit-pricing")
            yield FocusInput(placeholder="points", id="unit-points", type="integer")
        yield Static("", id="rule-summary")
        yield ProfileGrid(id="profile-grid")
        yield Static("", id="cell-hint")
        yield OptionList(id="unit-problems", classes="pane")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Custom unit"
        self.query_one("#unit-problems").border_title = "Problems"
        self._load_form()
        self.refresh_unit()
        self.query_one("#unit-name", Input).focus()

    # -- drawing ----------------------------------------------------------------------

    def _load_form(self) -> None:
        """Put the draft's unit fields into the form (after open, new, undo)."""
        draft = self.draft
        self.query_one("#unit-name", Input).value = draft.name
        self.query_one("#unit-system", Select).value = draft.system
        rule = self.query_one("#unit-rule", Select)
        if draft.switch_rule in self.rules:
            rule.value = draft.switch_rule
        else:
            rule.clear()
        self.query_one("#unit-x", Input).value = draft.switch_value
        pricing = draft.pricing if draft.pricing in ("first", "max", "fixed") else "first"
        self.query_one("#unit-pricing", Select).value = pricing
        self.query_one("#unit-points", Input).value = draft.points

    def refresh_unit(self) -> None:
        """Check the draft and redraw the grid, problems and title."""
        draft = self.draft
        self.problems, self.unit = cu.validate(draft)
        grid = self.query_one(ProfileGrid)
        try:
            grid.set_columns(cu.columns_for(draft.system))
        except CardsmithError as exc:
            self.notify(exc.message, severity="error")
        bad = {(p.row, p.key) for p in self.problems if p.row is not None}
        grid.show(draft, {(row, key) for row, key in bad if row is not None})
        self._show_problems()
        self._show_rule()
        where = escape(str(self.path)) if self.path else "not saved yet"
        state = "modified" if self.dirty else ("saved" if self.path else "new")
        units = len(self.file.tables) if self.file is not None else 0
        position = self.file.position if self.file is not None else 0
        of = f"   unit {position + 1} of {max(units, position + 1)}" if units > 1 else ""
        verdict = (
            f"[b $success]valid[/] — {self.unit.pv} points"
            if self.unit is not None
            else f"[b $error]{count(len(self.problems), 'problem')}[/]"
        )
        self.query_one("#unit-title", Static).update(
            f"[b]{escape(draft.name or 'New unit')}[/b]   {where}{of}   ({state})   {verdict}"
        )
        self._show_hint()
        self.refresh_bindings()

    def _show_problems(self) -> None:
        panel = self.query_one("#unit-problems", OptionList)
        highlighted = panel.highlighted
        panel.clear_options()
        for number, problem in enumerate(self.problems):
            where = f"row {problem.row} · {problem.key}" if problem.row else problem.key or "unit"
            panel.add_option(
                Option(
                    Text.assemble((f"{where:<18}", "bold"), " ", _reason(problem)), id=str(number)
                )
            )
        if self.problems:
            panel.highlighted = min(highlighted or 0, len(self.problems) - 1)
        panel.border_title = (
            f"Problems ({len(self.problems)}) — Enter on one goes to its cell"
            if self.problems
            else "No problems — i adds the unit to the catalogue"
        )

    def _show_rule(self) -> None:
        rule = self.rules.get(self.draft.switch_rule)
        x_input = self.query_one("#unit-x", Input)
        x_input.disabled = rule is None or rule.value is None
        x_input.placeholder = {"wounds": "X wounds", "modifier": "WIP MOD"}.get(
            (rule.value if rule else None) or "", "—"
        )
        self.query_one("#unit-points", Input).disabled = self.draft.pricing != "fixed"
        summary = escape(rule.summary) if rule else "One profile needs no switch rule."
        self.query_one("#rule-summary", Static).update(f"[dim]{summary}[/dim]")

    @on(DataTable.CellHighlighted, "#profile-grid")
    def _show_hint(self) -> None:
        grid = self.query_one(ProfileGrid)
        key = grid.column_key
        hint = {"name": "profile name", "notes": "notes printed with the profile", "#": ""}.get(key)
        if hint is None:
            hint = next((c.hint for c in grid.columns_shown if c.key == key), "")
        row = grid.row_index
        problem = next((p for p in self.problems if p.row == row and p.key == key), None)
        text = f"[b]{escape(key)}[/b]: {escape(hint)}" if hint else ""
        if problem is not None:
            text += f"   [b $error]{escape(problem.message)}[/]"
        self.query_one("#cell-hint", Static).update(
            text + "   [dim]Enter: edit · a: add profile · ctrl+s: save[/dim]"
        )

    # -- editing ----------------------------------------------------------------------

    def apply(self, draft: cu.UnitDraft, field: str = "") -> None:
        """Make ``draft`` current (undoable; typing in one field is one step)."""
        if draft == self.draft:
            return
        if not field or field != self._last_field:
            self._undo.append(self.draft)
        self._last_field = field
        self._redo.clear()
        self.draft = draft
        self.refresh_unit()

    def _try(self, change: Callable[[cu.UnitDraft], cu.UnitDraft]) -> None:
        try:
            self.apply(change(self.draft))
        except CardsmithError as exc:
            self.notify(exc.message, severity="warning")

    @on(Input.Changed, "#unit-name")
    def _name_changed(self, event: Input.Changed) -> None:
        if event.value != self.draft.name:
            self.apply(replace(self.draft, name=event.value), "name")

    @on(Input.Changed, "#unit-x")
    def _x_changed(self, event: Input.Changed) -> None:
        if event.value != self.draft.switch_value:
            self.apply(replace(self.draft, switch_value=event.value), "x")

    @on(Input.Changed, "#unit-points")
    def _points_changed(self, event: Input.Changed) -> None:
        if event.value != self.draft.points:
            self.apply(replace(self.draft, points=event.value), "points")

    @on(Select.Changed, "#unit-rule")
    def _rule_changed(self, event: Select.Changed) -> None:
        value = event.value if isinstance(event.value, str) else ""
        if value != self.draft.switch_rule:
            self.apply(replace(self.draft, switch_rule=value))

    @on(Select.Changed, "#unit-pricing")
    def _pricing_changed(self, event: Select.Changed) -> None:
        value = event.value if isinstance(event.value, str) else "first"
        if value != self.draft.pricing:
            self.apply(replace(self.draft, pricing=value))

    @on(Select.Changed, "#unit-system")
    def _system_changed(self, event: Select.Changed) -> None:
        value = event.value if isinstance(event.value, str) else self.draft.system
        if value == self.draft.system:
            return
        try:
            draft, dropped = cu.change_system(self.draft, value)
        except CardsmithError as exc:
            self.notify(exc.message, severity="error")
            return
        self.apply(draft)
        if dropped:
            self.notify(
                f"{count(dropped, 'value')} had no column in the new layout and were dropped "
                "(Ctrl+Z brings them back).",
                severity="warning",
            )

    @on(DataTable.CellSelected, "#profile-grid")
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        self.action_edit()

    @work(exclusive=True, group="unit-cell", exit_on_error=False)
    async def action_edit(self) -> None:
        """Edit the cell under the cursor in place; Enter keeps it and moves right."""
        grid = self.query_one(ProfileGrid)
        row, key = grid.row_index, grid.column_key
        if row is None or key == "#":
            return
        current = self.draft.profiles[row - 1].cell(key)
        text = await self.app.push_screen_wait(
            CellEditor(
                current, grid.cell_screen_region(), suggestions=_TYPES if key == "type" else None
            )
        )
        if text is None:
            return
        if key == "type":
            text = text.strip().upper()
        self.apply(cu.set_cell(self.draft, row, key, text))
        grid.step_right()

    def action_add_profile(self) -> None:
        row = self.query_one(ProfileGrid).row_index or 0
        self._try(lambda d: cu.add_profile(d, row))
        self.query_one(ProfileGrid).go_to(row + 1, "name")

    def action_remove_profile(self) -> None:
        row = self.query_one(ProfileGrid).row_index
        if row is not None:
            self._try(lambda d: cu.remove_profile(d, row))

    def action_duplicate(self) -> None:
        row = self.query_one(ProfileGrid).row_index
        if row is not None:
            self._try(lambda d: cu.duplicate_profile(d, row))
            self.query_one(ProfileGrid).go_to(row + 1)

    def action_move(self, delta: int) -> None:
        row = self.query_one(ProfileGrid).row_index
        if row is None:
            return
        draft, target = cu.move_profile(self.draft, row, delta)
        self.apply(draft)
        self.query_one(ProfileGrid).go_to(target)

    def action_undo(self) -> None:
        if not self._undo:
            self.notify("Nothing to undo.", timeout=2)
            return
        self._redo.append(self.draft)
        self.draft = self._undo.pop()
        self._last_field = ""
        self._load_form()
        self.refresh_unit()

    def action_redo(self) -> None:
        if not self._redo:
            self.notify("Nothing to redo.", timeout=2)
            return
        self._undo.append(self.draft)
        self.draft = self._redo.pop()
        self._last_field = ""
        self._load_form()
        self.refresh_unit()

    def action_focus_problems(self) -> None:
        self.query_one("#unit-problems").focus()

    def action_focus_grid(self) -> None:
        self.query_one(ProfileGrid).focus()

    @on(OptionList.OptionSelected, "#unit-problems")
    def _problem_chosen(self, event: OptionList.OptionSelected) -> None:
        problem = self.problems[int(event.option.id or 0)]
        if problem.row is not None:
            grid = self.query_one(ProfileGrid)
            grid.go_to(problem.row, problem.key if problem.key in grid.keys else None)
            grid.focus()
            return
        field = {
            "name": "#unit-name",
            "switch_rule": "#unit-rule",
            "switch_value": "#unit-x",
            "pricing": "#unit-pricing",
            "points": "#unit-points",
            "system": "#unit-system",
        }.get(problem.key, "#unit-name")
        widget = self.query_one(field)
        if widget.disabled:
            self.notify(problem.message, severity="warning")
        else:
            widget.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self._undo else None
        if action == "redo":
            return True if self._redo else None
        if action == "import_unit":
            return True if self.unit is not None else None
        return True


def _reason(problem: cu.Problem) -> str:
    """The problem without its key path when the location column already names the cell."""
    return problem.message if problem.key else str(problem)
