"""Provides ``UnitLookupDialog``: add a unit by its MUL id or exact name, as ``force add`` does.

The lookup is ``services.catalogue.find_unit`` (through ``UnitSource.find``): the same
message and the same close names as the command line when nothing, or several, fit.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from cardsmith.errors import UnitNotFound
from cardsmith.models import Unit
from cardsmith.safetext import safe_text
from cardsmith.tui.widgets.forwarding import FocusInput


class UnitLookupDialog(ModalScreen[Unit | None]):
    """Type a MUL id (or a custom unit's negative id) or an exact name; Enter adds it."""

    DEFAULT_CSS = """
    UnitLookupDialog { align: center middle; }
    UnitLookupDialog > Vertical {
        width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    UnitLookupDialog #lookup-problem { color: $warning; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="lookup.cancel")]

    def __init__(self, find: Callable[[str], Unit]) -> None:
        super().__init__(id="unit-lookup")
        self.find = find
        self.problem = ""
        """The last lookup's message and close names, as shown."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("[b]Add by MUL id or exact name[/b]  Enter adds, Esc cancels")
            yield FocusInput(placeholder="140, -3 or Atlas AS7-D", id="lookup")
            yield Static("", id="lookup-problem")

    def on_mount(self) -> None:
        self.query_one("#lookup", Input).focus()

    @on(Input.Submitted, "#lookup")
    def _look_up(self, event: Input.Submitted) -> None:
        if not event.value.strip():
            self._say("Type a MUL id or a unit's exact name.")
            return
        try:
            unit = self.find(event.value)
        except UnitNotFound as exc:
            lines = [exc.message]
            if exc.candidates:
                lines += ["Did you mean:", *(f"  {c}" for c in exc.candidates)]
            self._say("\n".join(lines))
            return
        self.dismiss(unit)

    def _say(self, text: str) -> None:
        self.problem = text
        self.query_one("#lookup-problem", Static).update(Text(safe_text(text, keep_layout=True)))

    def action_cancel(self) -> None:
        self.dismiss(None)
