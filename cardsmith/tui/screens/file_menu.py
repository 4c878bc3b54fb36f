"""Provides ``FileMenu``: the File menu (new, open, save, import, export, custom units, print)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

#: Menu items: (app action, letter, label, key shown).  The letter picks the item at once.
ITEMS: tuple[tuple[str, str, str, str], ...] = (
    ("new", "n", "New force", "Ctrl+N"),
    ("open", "o", "Open force…", "Ctrl+O"),
    ("save", "s", "Save", "Ctrl+S"),
    ("save_as", "a", "Save as…", "F12"),
    ("import_force", "i", "Import from MegaMek, JBT, CSV, TTS…", "Ctrl+R"),
    ("export_force", "e", "Export as MUL, CSV, TTS, text, Markdown…", "Ctrl+T"),
    ("unit_editor", "u", "Custom units (grid editor)", "F9"),
    ("print", "p", "Print record sheets…", "F6"),
    ("quit", "q", "Quit", "Ctrl+Q"),
)


class FileMenu(ModalScreen[str | None]):
    """Dismisses with the app action to run (``import_force`` …) or None."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #file-menu OptionList {
        height: auto;
    }
    """

    BINDINGS = [
        Binding("escape,f10", "cancel", "Close", id="menu.close"),
        *(
            Binding(letter, f"choose('{action}')", label, show=False, id=f"menu.{action}")
            for action, letter, label, _key in ITEMS
        ),
    ]

    def __init__(self, enabled: dict[str, bool] | None = None) -> None:
        super().__init__(classes="dialog")
        self.enabled = enabled or {}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="file-menu"):
            yield Label("File", classes="dialog-title")
            options = []
            for action, letter, label, key in ITEMS:
                prompt = Text.assemble(
                    (letter.upper(), "bold underline"), "  ", label.ljust(44), (key, "dim")
                )
                options.append(
                    Option(prompt, id=action, disabled=not self.enabled.get(action, True))
                )
            yield OptionList(*options, id="file-menu-list")
            yield Static("Letter or Enter: choose   Esc: close", classes="hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_choose(self, action: str) -> None:
        if self.enabled.get(action, True):
            self.dismiss(action)
        else:
            self.notify("Not available now.", severity="warning", timeout=2)

    def action_cancel(self) -> None:
        self.dismiss(None)
