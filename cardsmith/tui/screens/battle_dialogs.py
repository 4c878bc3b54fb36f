"""Provides the battle screen's dialogs: an amount, a pick from a list, a crit, and a new battle."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, OptionList
from textual.widgets.option_list import Option

from cardsmith.services.battle_choices import Choice
from cardsmith.tui.widgets.forwarding import FocusInput
from cardsmith.tui.widgets.ticks import TickBox


class AmountDialog(ModalScreen[int | None]):
    """Asks for a whole number (damage points, wounds); Enter keeps it, Esc cancels."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #amount-box Label {
        width: 100%;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="amount.cancel")]

    def __init__(self, title: str, default: int = 1, hint: str = "") -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.default = default
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="amount-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield FocusInput(
                value=str(self.default), type="integer", select_on_focus=True, id="amount"
            )
            if self.hint:
                yield Label(self.hint, classes="hint")

    @on(Input.Submitted)
    def _submit(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.isdigit() or int(text) < 1:
            self.notify("Give a whole number, 1 or more.", severity="warning")
            return
        self.dismiss(int(text))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceDialog(ModalScreen[str | None]):
    """Pick one line from a list; dismisses with its id, or None on Esc."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choice.cancel")]

    def __init__(self, title: str, choices: list[Choice], hint: str = "") -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.choices = choices
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="choice-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*(Option(c.label, id=c.id) for c in self.choices), id="choices")
            yield Label(self.hint or "Enter: choose   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True)
class CritRequest:
    """What the crit dialog asked for: a kind, or a 2D6 roll on the crit or motive table."""

    kind: str = ""
    roll: int = 0
    motive: bool = False
    now: bool = False
    """Apply at once (a correction) instead of in the End Phase."""


class CritDialog(ModalScreen[CritRequest | None]):
    """Mark a critical hit: pick the kind, or type the 2D6 roll on the unit's table."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="crit.cancel")]

    def __init__(self, title: str, choices: list[Choice], *, vehicle: bool) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.choices = choices
        self.vehicle = vehicle

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="choice-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*(Option(c.label, id=c.id) for c in self.choices), id="choices")
            with Horizontal(classes="dialog-row"):
                yield FocusInput(
                    placeholder="crit 2D6", type="integer", max_length=2, id="crit-roll"
                )
                if self.vehicle:
                    yield FocusInput(
                        placeholder="motive 2D6", type="integer", max_length=2, id="motive-roll"
                    )
                yield TickBox("Now, not in the End Phase", id="crit-now")
            yield Label(
                "Enter on a kind marks it; or type a table roll and Enter.  Esc: cancel",
                classes="hint",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def _now(self) -> bool:
        return self.query_one("#crit-now", Checkbox).value

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(CritRequest(kind=event.option.id or "", now=self._now()))

    @on(Input.Submitted)
    def _rolled(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text.isdigit() or not 2 <= int(text) <= 12:
            self.notify("A 2D6 roll is 2-12.", severity="warning")
            return
        motive = event.input.id == "motive-roll"
        self.dismiss(CritRequest(roll=int(text), motive=motive, now=self._now()))

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True)
class StartRequest:
    """A new battle: the force files (one side each), the battle file, optional packs."""

    forces: tuple[Path, ...]
    out: Path
    packs: tuple[str, ...]


class StartBattleDialog(ModalScreen[StartRequest | None]):
    """Start a battle from the open force and the opponents' force files."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="start.cancel")]

    def __init__(self, force_path: Path, suggested: Path, packs: list[Choice]) -> None:
        super().__init__(classes="dialog")
        self.force_path = force_path
        self.suggested = suggested
        self.packs = packs

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label("Start a battle", classes="dialog-title")
            yield Label(f"Side 1: {self.force_path}")
            yield Label("Opposing force file(s), separated by commas")
            yield FocusInput(placeholder="path/to/enemy.json", id="opponents")
            yield Label("Battle file to write")
            yield FocusInput(value=str(self.suggested), id="battle-out")
            for pack in self.packs:
                yield TickBox(f"{pack.label} [{pack.id}]", id=f"pack-{pack.id}")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Start", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#opponents", Input).focus()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        opponents = [
            Path(part.strip()).expanduser()
            for part in self.query_one("#opponents", Input).value.split(",")
            if part.strip()
        ]
        out_text = self.query_one("#battle-out", Input).value.strip()
        if not out_text:
            self.notify("Give a file name for the battle.", severity="warning")
            return
        packs = tuple(
            pack.id for pack in self.packs if self.query_one(f"#pack-{pack.id}", Checkbox).value
        )
        self.dismiss(
            StartRequest((self.force_path, *opponents), Path(out_text).expanduser(), packs)
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
