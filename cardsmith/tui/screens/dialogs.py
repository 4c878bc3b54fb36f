"""Provides the app's modal dialogs: quit prompt, cell editor (paths: ``file_picker``; printing: ``print_dialog``)."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, Static

from cardsmith.tui.screens.file_picker import PathDialog as PathDialog
from cardsmith.tui.widgets.forwarding import FocusInput


class QuitDialog(ModalScreen[str]):
    """Asks what to do with unsaved changes before ``action``; dismisses with save, discard or cancel.

    The question names what is about to happen (``quitting``, ``starting a new force`` …).
    """

    BINDINGS = [
        Binding("s", "choose('save')", "Save", id="quit.save"),
        Binding("d", "choose('discard')", "Discard", id="quit.discard"),
        Binding("escape,c", "choose('cancel')", "Cancel", id="quit.cancel"),
    ]

    def __init__(self, force_name: str, action: str = "quitting") -> None:
        super().__init__(classes="dialog")
        self.force_name = force_name
        self.action = action

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(f"“{self.force_name}” has unsaved changes.", classes="dialog-title")
            yield Label(f"Save them before {self.action}?", id="unsaved-question")
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


class CellEditor(ModalScreen[str | None]):
    """An input laid over one grid cell: Enter keeps the text, Escape drops it.

    With ``validate``, text it refuses is explained on the line under the cell and the
    editor stays open; nothing reaches the grid until Enter is accepted.
    """

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
        & #cell-error {
            position: absolute;
            height: auto;
            width: auto;
            padding: 0 1;
            background: $error 30%;
            display: none;
        }
        & #cell-error.-shown {
            display: block;
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
        validate: Callable[[str], str | None] | None = None,
        note: str = "",
    ) -> None:
        super().__init__()
        self.value = value
        self.cell = region
        self.suggestions = suggestions or []
        self.numeric = numeric
        self.validate = validate
        """Returns why the text cannot be taken, or None when it can."""
        self.note = note
        """Shown on the line under the cell, e.g. what several marked rows will get."""

    def compose(self) -> ComposeResult:
        suggester = (
            SuggestFromList(self.suggestions, case_sensitive=False) if self.suggestions else None
        )
        editor = FocusInput(
            value=self.value,
            suggester=suggester,
            # A validator explains bad text; without one an integer cell refuses it silently.
            type="integer" if self.numeric and self.validate is None else "text",
            select_on_focus=True,
            id="cell",
        )
        editor.styles.offset = (self.cell.x, self.cell.y)
        # Room for the padding too, so a value as wide as its cell is not scrolled.
        editor.styles.width = max(self.cell.width + 2, 12)
        yield editor
        note = Static(self.note, id="cell-error", classes="-shown" if self.note else "")
        # Under the cell, moved left as far as needed to stay on the screen.
        width = min(60, self.app.size.width)
        note.styles.max_width = width
        note.styles.offset = (
            max(0, min(self.cell.x, self.app.size.width - width)),
            self.cell.y + 1,
        )
        yield note

    @on(Input.Submitted)
    def _submit(self, event: Input.Submitted) -> None:
        problem = self.validate(event.value) if self.validate is not None else None
        if problem:
            self._say(problem)
            return
        self.dismiss(event.value)

    @on(Input.Changed)
    def _check_as_typed(self, event: Input.Changed) -> None:
        problem = self.validate(event.value) if self.validate is not None else None
        self._say(problem or self.note)

    def _say(self, text: str) -> None:
        note = self.query_one("#cell-error", Static)
        note.update(text)
        note.set_class(bool(text), "-shown")

    def action_cancel(self) -> None:
        self.dismiss(None)


class FileErrorPanel(ModalScreen[None]):
    """A file that could not be read or written, and why; stays until Enter or Escape."""

    DEFAULT_CSS = """
    FileErrorPanel > .dialog-box { width: 80; max-width: 100%; max-height: 100%; }
    FileErrorPanel #file-error-text { height: auto; max-height: 16; overflow-y: auto; }
    """
    BINDINGS = [
        Binding("escape,enter", "dismiss_panel", "Close", id="file-error.close"),
    ]

    def __init__(self, title: str, message: str) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(f"✗ {self.title_text}", classes="dialog-title", markup=False)
            yield Static(self.message, id="file-error-text", markup=False)
            yield Label("Enter or Esc closes this.", classes="dialog-hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close", variant="primary", id="close")

    def on_mount(self) -> None:
        self.query_one("#close", Button).focus()

    @on(Button.Pressed, "#close")
    def action_dismiss_panel(self) -> None:
        self.dismiss(None)
