"""Provides ``FormationDialog``: pick a group's formation, seeing which ones it fits now."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from cardsmith.services.force_groups import FormationOption

#: Marks read without colour (NO_COLOR): the group fits now, or not yet.
FITS, MISSES = "✓", "✗"


class FormationDialog(ModalScreen[str | None]):
    """Dismisses with the formation id, ``""`` for none, None to cancel."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #formation-legend {
        margin-bottom: 1;
    }
    #formation-box OptionList {
        height: 1fr;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="formation.cancel")]

    def __init__(self, group: str, current: str | None, options: Sequence[FormationOption]) -> None:
        super().__init__(classes="dialog")
        self.group = group
        self.current = current or ""
        self.options = list(options)

    def compose(self) -> ComposeResult:
        fitting = sum(o.qualifies for o in self.options)
        with Vertical(classes="dialog-box", id="formation-box"):
            yield Label(f"Formation of group “{self.group}”", classes="dialog-title")
            yield Static(
                f"{FITS} the group qualifies now ({fitting} of {len(self.options)})   "
                f"{MISSES} it does not yet, and why",
                id="formation-legend",
            )
            entries = [Option("  No formation", id="")]
            entries += [Option(_label(o), id=o.id) for o in self.options]
            yield OptionList(*entries, id="formations-list")
            yield Label("Enter: choose   Esc: cancel", classes="hint")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        ids = ["", *(o.id for o in self.options)]
        options.highlighted = ids.index(self.current) if self.current in ids else 0
        options.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "")

    def action_cancel(self) -> None:
        self.dismiss(None)


def _label(option: FormationOption) -> Text:
    if option.qualifies:
        verdict = "qualifies now" + (" (ideal role)" if option.waived_by_ideal_role else "")
        mark = (f"{FITS} ", "bold")
    else:
        verdict = option.why_not
        mark = (f"{MISSES} ", "")
    return Text.assemble(
        mark,
        (option.name, "bold"),
        "\n    ",
        (verdict, "" if option.qualifies else "italic"),
        "\n    ",
        (option.bonus, "dim"),
    )
