"""Provides the custom unit editor's dialogs: unsaved changes, and which unit of a file."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList
from textual.widgets.option_list import Option


class UnsavedUnitDialog(ModalScreen[str]):
    """Save, discard or keep editing a custom unit with unsaved changes."""

    BINDINGS = [
        Binding("s", "choose('save')", "Save", id="unit-unsaved.save"),
        Binding("d", "choose('discard')", "Discard", id="unit-unsaved.discard"),
        Binding("escape,c", "choose('cancel')", "Cancel", id="unit-unsaved.cancel"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__(classes="dialog")
        self.unit_name = name or "The custom unit"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(f"“{self.unit_name}” has unsaved changes.", classes="dialog-title")
            yield Label("Save the unit file first?")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save", variant="primary", id="save")
                yield Button("Discard", variant="error", id="discard")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#save", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)


class UnitPicker(ModalScreen[int | None]):
    """Which unit of a file to edit; dismisses with its position (len: a new one) or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="unit-picker.cancel")]

    def __init__(self, names: list[str]) -> None:
        super().__init__(classes="dialog")
        self.names = names

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label("The file holds several units: which one?", classes="dialog-title")
            options = [Option(name or "(no name)", id=str(i)) for i, name in enumerate(self.names)]
            options.append(Option(Text("+ a new unit in this file", style="italic"), id="new"))
            yield OptionList(*options)

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        chosen = event.option.id or "new"
        self.dismiss(len(self.names) if chosen == "new" else int(chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)
