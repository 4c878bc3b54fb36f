"""Provides ``HelpScreen``: every key that works on the screen below, with what it does."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Label, Static


class HelpScreen(ModalScreen[None]):
    """A key-binding overlay for the screen it was opened on; any of F1/Esc/q closes it."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #help-box DataTable {
        height: 1fr;
    }
    """

    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close", id="help.close")]

    def __init__(self, under: Screen[object]) -> None:
        super().__init__(classes="dialog")
        # Read the bindings now: once this screen is on top they are no longer active.
        # Keys of one action are shown together; the screen's and the app's come first,
        # and Textual's own cursor keys (no tooltip) are left out as noise.
        grouped: dict[tuple[int, str], list[Any]] = {}
        for key, active in under.app.active_bindings.items():
            binding = active.binding
            builtin = type(active.node).__module__.startswith("textual.")
            if binding.action == "dismiss" or (builtin and not binding.tooltip):
                continue
            grouped.setdefault((id(active.node), binding.action), []).append((key, active))
        rank = {id(under): 0, id(under.app): 1}
        self.rows: list[tuple[str, str, str, bool]] = []
        for _key, items in sorted(grouped.items(), key=lambda item: rank.get(item[0][0], 2)):
            active = items[0][1]
            keys = " ".join(under.app.get_key_display(a.binding) for _, a in items)
            binding = active.binding
            self.rows.append(
                (
                    keys,
                    binding.description or binding.action,
                    active.tooltip or binding.tooltip,
                    active.enabled,
                )
            )
        self.screen_name = under.sub_title or under.id or "screen"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="help-box"):
            yield Label(f"Keys — {self.screen_name}", classes="dialog-title")
            table: DataTable[object] = DataTable(cursor_type="row", zebra_stripes=True)
            table.add_column("Key", width=14)
            table.add_column("Does", width=18)
            table.add_column("Details", width=52)
            for key, description, tooltip, enabled in self.rows:
                style = "" if enabled else "dim"
                # Long details wrap inside their column instead of being cut off.
                table.add_row(
                    Text(key, style=f"bold {style}"),
                    Text(description, style=style),
                    Text(
                        tooltip + ("" if enabled else " (not available now)"),
                        style=style,
                        overflow="fold",
                    ),
                    height=None,
                )
            yield table
            yield Static(
                "Dimmed keys do nothing at the moment. Esc or F1 closes this list.", classes="hint"
            )
