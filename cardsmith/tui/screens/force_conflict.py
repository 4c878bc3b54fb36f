"""Provides ``OutsideChangeDialog``: the force file changed on disk; reload, keep mine or merge."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from cardsmith.safetext import safe_text
from cardsmith.wording import count


class OutsideChangeDialog(ModalScreen[str]):
    """Dismisses with ``reload``, ``keep`` (save mine under another name), ``merge`` or ``cancel``."""

    BINDINGS = [
        Binding("r", "choose('reload')", "Reload", id="outside.reload"),
        Binding("k", "choose('keep')", "Keep mine", id="outside.keep"),
        Binding("m", "choose('merge')", "Merge", id="outside.merge"),
        Binding("escape,c", "choose('cancel')", "Cancel", id="outside.cancel"),
    ]

    def __init__(self, file_name: str, added: tuple[str, ...] | None, *, saving: bool) -> None:
        super().__init__(classes="dialog")
        self.file_name = file_name
        self.added = added
        """Names of the units the other program added, when that is all it changed."""
        self.saving = saving

    def compose(self) -> ComposeResult:
        # The file's and the units' names are data: shown, never read as markup or
        # passed to the terminal as control sequences.
        with Vertical(classes="dialog-box", id="outside-box"):
            yield Label(
                f"{safe_text(self.file_name)} changed on disk", classes="dialog-title", markup=False
            )
            what = "Another program saved this force file after you opened it"
            if self.added is not None:
                shown = [safe_text(name) for name in self.added[:4]]
                names = ", ".join(shown) + (" …" if len(self.added) > 4 else "")
                what += f": it added {count(len(self.added), 'unit')} ({names})."
            else:
                what += ", and changed more than adding units."
            if self.saving:
                what += " Nothing has been saved yet."
            yield Static(what, id="outside-text", markup=False)
            yield Static(
                "r: reload the file (your unsaved edits go)   k: keep mine, save as…"
                + ("   m: merge its new units into yours" if self.added is not None else ""),
                classes="hint",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Reload", id="reload")
                yield Button("Keep mine…", id="keep")
                if self.added is not None:
                    yield Button("Merge", variant="primary", id="merge")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#merge" if self.added is not None else "#keep", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.action_choose(event.button.id or "cancel")

    def action_choose(self, choice: str) -> None:
        if choice == "merge" and self.added is None:
            self.notify("The file changed in more ways than added units: it cannot be merged.")
            return
        self.dismiss(choice)
