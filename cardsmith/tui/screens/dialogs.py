"""Provides the app's modal dialogs: quit prompt, file path, cell editor (printing: ``print_dialog``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, OptionList, Select
from textual.widgets.option_list import Option


class QuitDialog(ModalScreen[str]):
    """Asks what to do with unsaved changes; dismisses with save, discard or cancel."""

    BINDINGS = [
        Binding("s", "choose('save')", "Save", id="quit.save"),
        Binding("d", "choose('discard')", "Discard", id="quit.discard"),
        Binding("escape,c", "choose('cancel')", "Cancel", id="quit.cancel"),
    ]

    def __init__(self, force_name: str) -> None:
        super().__init__(classes="dialog")
        self.force_name = force_name

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(f"“{self.force_name}” has unsaved changes.", classes="dialog-title")
            yield Label("Save them before quitting?")
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


class PathDialog(ModalScreen[Path | None]):
    """Asks for a file path; dismisses with the path or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="path.cancel")]

    def __init__(self, title: str, value: str = "", action: str = "OK") -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.value = value
        self.action_label = action

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(value=self.value, id="path", placeholder="path/to/force.json")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.action_label, variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        text = self.query_one("#path", Input).value.strip()
        self.dismiss(Path(text).expanduser() if text else None)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class CellEditor(ModalScreen[str | None]):
    """An input laid over one grid cell: Enter keeps the text, Escape drops it."""

    DEFAULT_CSS = """
    CellEditor {
        background: transparent;
        & Input {
            position: absolute;
            border: none;
            height: 1;
            padding: 0 1;
            background: $accent 30%;
        }
    }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cell.cancel")]

    def __init__(
        self,
        value: str,
        region: Region,
        *,
        suggestions: list[str] | None = None,
        numeric: bool = False,
    ) -> None:
        super().__init__()
        self.value = value
        self.cell = region
        self.suggestions = suggestions or []
        self.numeric = numeric

    def compose(self) -> ComposeResult:
        suggester = (
            SuggestFromList(self.suggestions, case_sensitive=False) if self.suggestions else None
        )
        editor = Input(
            value=self.value,
            suggester=suggester,
            type="integer" if self.numeric else "text",
            select_on_focus=True,
            id="cell",
        )
        editor.styles.offset = (self.cell.x, self.cell.y)
        editor.styles.width = max(self.cell.width, 12)
        yield editor

    @on(Input.Submitted)
    def _submit(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


@dataclass(frozen=True, slots=True)
class ForceSettings:
    """A force's name, rule pack and PV cap as the settings dialog returns them."""

    name: str
    pack: str
    cap: int | None


class ForceSettingsDialog(ModalScreen[ForceSettings | None]):
    """Edit the force's name, rule pack and its own PV cap."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="settings.cancel")]

    def __init__(self, current: ForceSettings, packs: list[tuple[str, str]]) -> None:
        super().__init__(classes="dialog")
        self.current = current
        self.packs = packs

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label("Force settings", classes="dialog-title")
            yield Label("Name")
            yield Input(value=self.current.name, id="name")
            yield Label("Rule pack (what the force is checked against)")
            known = {pack_id for pack_id, _ in self.packs}
            options = [(f"{title} [{pack_id}]", pack_id) for pack_id, title in self.packs]
            if self.current.pack not in known:
                options.append((f"{self.current.pack} (not installed)", self.current.pack))
            yield Select(options, value=self.current.pack, allow_blank=False, id="pack")
            yield Label("PV cap (empty: the pack's own cap, if any)")
            yield Input(
                value="" if self.current.cap is None else str(self.current.cap),
                type="integer",
                id="cap",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.notify("The force needs a name.", severity="warning")
            return
        cap_text = self.query_one("#cap", Input).value.strip()
        cap = int(cap_text) if cap_text.isdigit() and int(cap_text) > 0 else None
        pack = self.query_one("#pack", Select).value
        self.dismiss(ForceSettings(name, pack if isinstance(pack, str) else self.current.pack, cap))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class FormationDialog(ModalScreen[str | None]):
    """Pick a group's formation; dismisses with its id, ``""`` for none, None to cancel."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="formation.cancel")]

    def __init__(
        self, group: str, current: str | None, choices: Sequence[tuple[str, str, str]]
    ) -> None:
        super().__init__(classes="dialog")
        self.group = group
        self.current = current or ""
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="formation-box"):
            yield Label(f"Formation of group “{self.group}”", classes="dialog-title")
            options = [Option("No formation", id="")]
            options += [
                Option(Text.assemble((name, "bold"), "\n  ", (bonus, "italic")), id=formation_id)
                for formation_id, name, bonus in self.choices
            ]
            yield OptionList(*options, id="formations-list")
            yield Label("Enter: choose   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        ids = ["", *(c[0] for c in self.choices)]
        options.highlighted = ids.index(self.current) if self.current in ids else 0
        options.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "")

    def action_cancel(self) -> None:
        self.dismiss(None)
