"""Provides the campaign screen's small dialogs: new campaign, add warrior, choices, dice."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select, SelectionList
from textual.widgets.option_list import Option

from cardsmith.tables import DiceError, MoreDiceNeeded, parse_dice, parse_entered
from cardsmith.tui.screens.print_dialog import PrintDialog
from cardsmith.tui.widgets.forwarding import FocusInput, FocusSelect


@dataclass(frozen=True, slots=True)
class NewCampaign:
    """What the new-campaign dialog asked for."""

    path: Path
    name: str
    pack: str
    preferred: tuple[str, ...] = ()


class NewCampaignDialog(ModalScreen[NewCampaign | None]):
    """Name, table pack, preferred skill tables and the file of a new campaign."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="campaign-new.cancel")]

    def __init__(
        self,
        default_path: Path,
        packs: list[tuple[str, str]],
        skill_tables: dict[str, list[tuple[str, str]]],
    ) -> None:
        super().__init__(classes="dialog")
        self.default_path = default_path
        self.packs = packs
        self.skill_tables = skill_tables

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="campaign-new-box"):
            yield Label("New campaign", classes="dialog-title")
            yield Label("Name")
            yield FocusInput(id="campaign-name", placeholder="Wolf's Dragoons")
            yield Label("Table pack")
            yield FocusSelect(
                [(f"{title} [{pack_id}]", pack_id) for pack_id, title in self.packs],
                value=self.packs[0][0],
                allow_blank=False,
                id="campaign-pack",
            )
            yield Label("Preferred skill tables (space to tick)", id="campaign-preferred-label")
            yield SelectionList[str](id="campaign-preferred")
            yield Label("File")
            yield FocusInput(value=str(self.default_path), id="campaign-path")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Create", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self._fill_preferred(self.packs[0][0])
        self.query_one("#campaign-name", Input).focus()

    @on(Select.Changed, "#campaign-pack")
    def _pack_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self._fill_preferred(event.value)

    def _fill_preferred(self, pack: str) -> None:
        chooser = self.query_one("#campaign-preferred", SelectionList)
        chooser.clear_options()
        chooser.add_options([(title, table_id) for table_id, title in self.skill_tables[pack]])
        # A pack without skill tables offers no choice: neither the list nor its heading.
        chooser.display = bool(self.skill_tables[pack])
        self.query_one("#campaign-preferred-label").display = chooser.display

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        name = self.query_one("#campaign-name", Input).value.strip()
        path = self.query_one("#campaign-path", Input).value.strip()
        if not name or not path:
            self.notify("Give the campaign a name and a file.", severity="warning")
            return
        pack = self.query_one("#campaign-pack", Select).value
        preferred = tuple(self.query_one("#campaign-preferred", SelectionList).selected)
        self.dismiss(
            NewCampaign(
                Path(path).expanduser(),
                name,
                pack if isinstance(pack, str) else self.packs[0][0],
                preferred,
            )
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True)
class NewWarrior:
    """A warrior as the add-warrior dialog returns them."""

    name: str
    kind: str
    stats: dict[str, int] = field(default_factory=dict)
    equipment: tuple[str, ...] = ()


class AddWarriorDialog(ModalScreen[NewWarrior | None]):
    """Name, kind, starting stats and equipment of a new warrior."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="warrior-new.cancel")]

    def __init__(
        self,
        kinds: list[tuple[str, str]],
        stats: list[tuple[str, str]],
        last: NewWarrior | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        self.kinds = kinds
        self.stats = stats
        self.last = last
        """The previous warrior added: its kind and stats are offered again."""

    def compose(self) -> ComposeResult:
        last_stats = self.last.stats if self.last else {}
        with Vertical(classes="dialog-box", id="warrior-new-box"):
            yield Label("Add a warrior", classes="dialog-title")
            with Horizontal(classes="dialog-row"):
                yield FocusInput(placeholder="Name", id="warrior-name")
                yield FocusSelect(
                    [(label, kind_id) for kind_id, label in self.kinds],
                    value=self.last.kind if self.last else self.kinds[0][0],
                    allow_blank=False,
                    id="warrior-kind",
                )
            with Grid(id="warrior-stats"):
                for stat_id, label in self.stats:
                    yield Label(label, classes="stat-label")
                    value = last_stats.get(stat_id)
                    yield FocusInput(
                        value="" if value is None else str(value),
                        type="integer",
                        id=f"stat-{stat_id}",
                        classes="stat-input",
                    )
            yield FocusInput(placeholder="Equipment, comma separated", id="warrior-equipment")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Add", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#warrior-name", Input).focus()

    @on(Select.Changed, "#warrior-kind")
    def _kind_chosen(self, event: Select.Changed) -> None:
        # Enter on a Select would open it again: go on to the first stat instead.
        if event.select.has_focus:
            self.focus_next()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        name = self.query_one("#warrior-name", Input).value.strip()
        if not name:
            self.notify("The warrior needs a name.", severity="warning")
            self.query_one("#warrior-name", Input).focus()
            return
        values: dict[str, int] = {}
        for stat_id, _label in self.stats:
            text = self.query_one(f"#stat-{stat_id}", Input).value.strip()
            if text:
                try:
                    values[stat_id] = int(text)
                except ValueError:
                    self.notify(f"{stat_id}: {text!r} is not a number.", severity="warning")
                    return
        kind = self.query_one("#warrior-kind", Select).value
        equipment = self.query_one("#warrior-equipment", Input).value
        self.dismiss(
            NewWarrior(
                name,
                kind if isinstance(kind, str) else self.kinds[0][0],
                values,
                tuple(e.strip() for e in equipment.split(",") if e.strip()),
            )
        )

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceDialog(ModalScreen[str | None]):
    """A question a table asks (``+1 Strength or +1 Fighting``); dismisses with the key."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="campaign-choice.cancel")]

    def __init__(self, title: str, prompt: str, options: tuple[tuple[str, str], ...]) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.prompt = prompt
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield Label(self.prompt)
            yield OptionList(
                *(
                    Option(f"{n}. {label}", id=key)
                    for n, (key, label) in enumerate(self.options, start=1)
                ),
                id="choice-options",
            )
            yield Label("Enter or a number: choose   Esc: stop (nothing is saved)", classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_key(self, event: events.Key) -> None:
        key = event.character or ""
        if key.isdigit() and 1 <= int(key) <= len(self.options):
            self.dismiss(self.options[int(key) - 1][0])

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DiceDialog(ModalScreen[str | None]):
    """Asks for dice the player rolled at the table; checks each is a face of the die."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="campaign-dice.cancel")]

    def __init__(self, title: str, need: MoreDiceNeeded) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.expr = parse_dice(need.expr)
        self.have = need.have

    @property
    def missing(self) -> int:
        """How many dice the player still has to type."""
        return self.expr.dice_needed - len(self.have)

    def compose(self) -> ComposeResult:
        faces = self.expr.die_faces
        how = (
            "tens die, then units die (35 or 3 5)"
            if self.expr.is_d66
            else f"{self.missing} D{faces}"
        )
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            already = f" (already entered: {list(self.have)})" if self.have else ""
            yield Label(f"Roll {self.expr}: type {how}{already}")
            yield FocusInput(id="dice-entry", placeholder="e.g. 3 5")
            yield Label("Enter: use these dice   Esc: stop (nothing is saved)", classes="hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submit(self, event: Input.Submitted) -> None:
        try:
            values = parse_entered(event.value)
        except DiceError as exc:
            self.notify(exc.message, severity="warning")
            return
        bad = [v for v in values if not 1 <= v <= self.expr.die_faces]
        if bad:
            self.notify(f"{bad[0]} is not a face of a D{self.expr.die_faces}.", severity="warning")
            return
        if len(values) < self.missing:
            self.notify(f"{self.expr} needs {self.missing} dice.", severity="warning")
            return
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question (undoing a log entry cannot itself be undone)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="campaign-confirm.yes"),
        Binding("escape,n", "answer(False)", "No", id="campaign-confirm.no"),
    ]

    def __init__(self, title: str, text: str, yes: str = "Yes") -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.text = text
        self.yes = yes

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield Label(self.text)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="primary", id="yes")
                yield Button("No (n)", id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class CampaignPrintDialog(PrintDialog):
    """Where to write the roster sheet PDF, and on which paper."""

    def __init__(self, default_path: Path) -> None:
        super().__init__(default_path, title="Print the roster sheet", sheet_options=False)
