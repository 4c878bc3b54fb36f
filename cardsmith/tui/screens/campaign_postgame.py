"""Provides the post-game dialogs: mark casualties, XP and advances; then review and confirm."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.markup import escape
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, Label, RadioButton, RadioSet, Select, Static

from cardsmith import campaign as cp
from cardsmith.errors import CardsmithError
from cardsmith.render.content.campaign_sheet import WarriorRow
from cardsmith.services import campaign as svc
from cardsmith.services.campaign_view import WarriorChanges
from cardsmith.tables import DiceError, parse_entered
from cardsmith.tui.widgets.forwarding import FocusInput, FocusSelect
from cardsmith.tui.widgets.ticks import TickRadio

RESULTS = (("Win", "win"), ("Loss", "loss"), ("Draw", "draw"), ("—", ""))


@dataclass(frozen=True, slots=True)
class DiceMode:
    """Where the dice come from: entered ones first, then a seed, or (no seed) ask."""

    seed: int | None
    entered: str = ""

    def source(self) -> svc.Dice:
        """A fresh dice source for this mode."""
        entered = parse_entered(self.entered) if self.entered.strip() else ()
        if self.seed is None:
            return svc.Dice.own(entered)
        return svc.Dice.seeded(self.seed, entered)


@dataclass(frozen=True, slots=True)
class PostGameForm:
    """What the player marked in the post-game dialog."""

    plan: cp.PostGamePlan
    dice: DiceMode


def _dice_fields(seed: int) -> ComposeResult:
    with RadioSet(id="dice-mode"):
        yield TickRadio("Roll for me (seeded)", value=True, id="mode-rng")
        yield TickRadio("I roll my own dice (asked roll by roll)", id="mode-own")
    with Horizontal(classes="dialog-row"):
        yield Label("Seed", classes="field-label")
        yield FocusInput(value=str(seed), type="integer", id="dice-seed", classes="short")
        yield Label("Dice rolled already", classes="field-label")
        yield FocusInput(placeholder="in order: 2 2 6 3 (optional)", id="dice-entered")


def _read_dice(screen: Screen[PostGameForm | None] | Screen[DiceMode | None]) -> DiceMode | None:
    entered = screen.query_one("#dice-entered", Input).value.strip()
    if entered:
        try:
            parse_entered(entered)
        except DiceError as exc:
            screen.notify(exc.message, severity="warning")
            return None
    if screen.query_one("#mode-own", RadioButton).value:
        return DiceMode(None, entered)
    seed_text = screen.query_one("#dice-seed", Input).value.strip()
    seed = int(seed_text) if seed_text.lstrip("-").isdigit() else svc.new_seed()
    return DiceMode(seed, entered)


class PostGameDialog(ModalScreen[PostGameForm | None]):
    """After a game: opponent, result, who was taken out, XP gained, who advances, dice.

    A battle file's results (destroyed units, pilot hits) mark who was taken out.
    """

    DEFAULT_CSS = """
    PostGameDialog #postgame-box { max-width: 100%; }
    """

    # Straight to the first field: focus passing through the scrolling box first would
    # restyle everything in it twice.
    AUTO_FOCUS = "#opponent"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="postgame.cancel"),
        Binding("o,space", "mark('out')", "Out of action", id="postgame.out"),
        Binding("a", "mark('advance')", "Advance", id="postgame.advance"),
        Binding("plus,equals_sign", "xp(1)", "XP+", id="postgame.xp-up"),
        Binding("minus", "xp(-1)", "XP−", id="postgame.xp-down"),
        Binding("ctrl+r", "roll", "Roll", id="postgame.roll"),
    ]

    def __init__(
        self, campaign: cp.Campaign, game: int, warriors: tuple[WarriorRow, ...], seed: int
    ) -> None:
        super().__init__(classes="dialog")
        self.campaign = campaign
        self.game = game
        self.warriors = [w for w in warriors if w.state in ("available", "missing")]
        self.seed = seed
        self.out: set[str] = set()
        self.advance: set[str] = set()
        self.xp: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        # Scrolls when the terminal is short (80×24): the dice and buttons stay reachable.
        with VerticalScroll(classes="dialog-box", id="postgame-box"):
            yield Label(f"After game {self.game}", classes="dialog-title")
            with Horizontal(classes="dialog-row"):
                yield Label("Opponent", classes="field-label")
                yield FocusInput(placeholder="the other team", id="opponent")
                yield FocusSelect(list(RESULTS), value="", allow_blank=False, id="result")
            with Horizontal(classes="dialog-row"):
                yield Label("Battle file", classes="field-label")
                yield FocusInput(placeholder="optional: Enter reads who was taken out", id="battle")
            yield Static("", id="battle-results", classes="hint")
            table: DataTable[object] = DataTable(cursor_type="row", id="postgame-warriors")
            yield table
            yield Static(
                "[b]o[/b]/space: taken out · [b]a[/b]: roll an advance · "
                "[b]+ −[/b] or a digit: XP gained",
                classes="hint",
            )
            yield from _dice_fields(self.seed)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Roll (ctrl+r)", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        table = self.query_one("#postgame-warriors", DataTable)
        table.add_column("Warrior", key="name", width=18)
        table.add_column("Role", key="role", width=10)
        table.add_column("Taken out", key="out", width=14)
        table.add_column("XP", key="xp", width=4)
        table.add_column("Advance", key="advance", width=8)
        for row in self.warriors:
            table.add_row(row.name, row.role, "", "", "", key=row.id)

    def _redraw(self, warrior_id: str) -> None:
        table = self.query_one("#postgame-warriors", DataTable)
        out = Text("✗ injury roll", style="bold red") if warrior_id in self.out else ""
        xp = self.xp.get(warrior_id, 0)
        adv = Text("✓ roll", style="bold green") if warrior_id in self.advance else ""
        table.update_cell(warrior_id, "out", out)
        table.update_cell(warrior_id, "xp", f"+{xp}" if xp else "")
        table.update_cell(warrior_id, "advance", adv)

    def _current(self) -> str | None:
        table = self.query_one("#postgame-warriors", DataTable)
        if not table.has_focus or not self.warriors:
            return None
        return self.warriors[table.cursor_row].id

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("mark", "xp"):
            return self._current() is not None
        return True

    def action_mark(self, which: str) -> None:
        warrior = self._current()
        if warrior is None:
            return
        chosen = self.out if which == "out" else self.advance
        chosen.symmetric_difference_update({warrior})
        self._redraw(warrior)

    def action_xp(self, delta: int) -> None:
        warrior = self._current()
        if warrior is not None:
            self.xp[warrior] = max(0, self.xp.get(warrior, 0) + delta)
            self._redraw(warrior)

    def on_key(self, event: events.Key) -> None:
        character = event.character or ""
        warrior = self._current()
        if warrior is not None and character.isdigit():
            self.xp[warrior] = int(character)
            self._redraw(warrior)

    @on(Select.Changed, "#result")
    def _result_chosen(self, event: Select.Changed) -> None:
        if event.select.has_focus:
            self.query_one("#postgame-warriors", DataTable).focus()

    @on(Input.Submitted, "#opponent")
    def _opponent_done(self) -> None:
        self.query_one("#postgame-warriors", DataTable).focus()

    @on(Input.Submitted, "#battle")
    def _battle_given(self, event: Input.Submitted) -> None:
        """Mark the pilots the battle took out; say what was found, or why not, in place."""
        shown = self.query_one("#battle-results", Static)
        text = event.value.strip()
        if not text:
            shown.update("")
            return
        try:
            found = svc.battle_results(self.campaign, Path(text).expanduser())
        except CardsmithError as exc:
            shown.update(f"[b]Battle not read:[/b] {escape(exc.message)}")
            return
        playing = {w.id for w in self.warriors}
        for warrior in found.casualties:
            if warrior in playing and warrior not in self.out:
                self.out.add(warrior)
                self._redraw(warrior)
        shown.update("\n".join(escape(line) for line in found.lines))
        self.query_one("#postgame-warriors", DataTable).focus()

    @on(Input.Submitted, "#dice-seed, #dice-entered")
    @on(Button.Pressed, "#ok")
    def action_roll(self) -> None:
        dice = _read_dice(self)
        if dice is None:
            return
        order = [w.id for w in self.warriors]
        result = self.query_one("#result", Select).value
        plan = cp.PostGamePlan(
            opponent=self.query_one("#opponent", Input).value.strip(),
            result=result if isinstance(result, str) else "",
            casualties=tuple(w for w in order if w in self.out),
            xp={w: self.xp[w] for w in order if self.xp.get(w)},
            advance=tuple(w for w in order if w in self.advance),
        )
        self.dismiss(PostGameForm(plan, dice))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class DiceModeDialog(ModalScreen[DiceMode | None]):
    """Replace a logged roll: roll it again, or type the dice really rolled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="replace.cancel")]

    def __init__(self, title: str, text: str, seed: int) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.text = text
        self.seed = seed

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield Label(self.text)
            yield from _dice_fields(self.seed)
            yield Label(
                "The original stays in the log; the new roll counts in its place.", classes="hint"
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Roll", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#dice-entered", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        dice = _read_dice(self)
        if dice is not None:
            self.dismiss(dice)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ReviewDialog(ModalScreen[bool]):
    """The rolls made and what they change; y saves, n drops everything."""

    # Straight to the first field: focus passing through the scrolling box first would
    # restyle everything in it twice.
    AUTO_FOCUS = "#yes"
    BINDINGS = [
        Binding("y", "answer(True)", "Save", id="review.save"),
        Binding("escape,n", "answer(False)", "Discard", id="review.discard"),
    ]

    def __init__(
        self, title: str, rolls: list[str], changes: list[WarriorChanges], notes: list[str]
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.rolls = rolls
        self.changes = changes
        self.notes = notes

    @property
    def text(self) -> str:
        """Everything the dialog shows, as plain lines (markup escaped)."""
        lines = ["[b]Rolls[/b]", *(escape(r) for r in self.rolls or ["(none)"])]
        lines += ["", "[b]Changes[/b]"]
        for item in self.changes:
            lines.append(f"[b]{escape(item.name)}[/b]")
            lines.extend(f"  {escape(line)}" for line in item.lines)
        if not self.changes:
            lines.append("(no warrior changes)")
        if self.notes:
            lines += ["", "[b]Notes[/b]", *(escape(n) for n in self.notes)]
        return "\n".join(lines)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="review-box"):
            yield Label(self.title_text, classes="dialog-title")
            with VerticalScroll(id="review-scroll"):
                yield Static(self.text, id="review-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (y)", variant="primary", id="yes")
                yield Button("Discard (n)", id="no")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
