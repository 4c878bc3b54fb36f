"""Provides ``BattleGrid``: every unit in a battle, one row each, with its state and current values."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import DataTable

from cardsmith.services.battle import UnitView

#: Grid columns: key, header, width.
COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("key", "Key", 3),
    ("unit", "Unit", 16),
    ("side", "Side", 8),
    ("armor", "Armor", 10),
    ("structure", "Struct", 8),
    ("heat", "Heat", 4),
    ("crits", "Crits", 8),
    ("move", "MV", 7),
    ("tmm", "TMM", 3),
    ("damage", "Dmg", 7),
    ("hit", "TN S/M/L", 8),
    ("status", "Status", 12),
)

#: Pips: left, lost in the End Phase (staged), lost.
PIP_LEFT, PIP_STAGED, PIP_LOST = "●", "◐", "○"


def pips(total: int, left: int, staged: int, width: int) -> Text:
    """A pip track: what is left, what staged damage will take, what is gone.

    A track longer than ``width`` is written as numbers (``7−2/10``) instead.
    """
    lost = total - left
    if total > width:
        text = Text(str(left - staged), style="bold")
        if staged:
            text.append(f"(−{staged})", style="yellow")
        text.append(f"/{total}", style="dim")
        return text
    return Text.assemble(
        (PIP_LEFT * (left - staged), "bold"),
        (PIP_STAGED * staged, "bold yellow"),
        (PIP_LOST * lost, "dim"),
    )


def cells(view: UnitView) -> tuple[object, ...]:
    """The row of one unit."""
    gone = any(word in view.flags for word in ("destroyed", "withdrawn"))
    name_style = "dim strike" if gone else ("bold magenta" if view.turned else "")
    side = Text(view.controller_name, style="bold magenta" if view.turned else "")
    if view.turned:
        side = Text("⇄ ", style="bold magenta") + side
    crits = Text(" ".join(f"{n}×{c}" if c > 1 else n for n, c in view.crits) or "—")
    if not view.crits:
        crits.stylize("dim")
    status = [_short(word) for word in view.flags]
    if view.staged:
        status.insert(0, f"{view.staged} staged")
    status_text = Text(", ".join(status) or "ok", style="" if status else "dim")
    if view.staged:
        status_text.stylize("yellow", 0, len(f"{view.staged} staged"))
    heat_style = "bold red" if view.heat == "S" else ("yellow" if view.heat in "123" else "dim")
    return (
        Text(view.key, style="dim"),
        Text(view.name, style=name_style),
        side,
        pips(view.armor, view.armor_left, view.armor_staged, 10),
        pips(view.structure, view.structure_left, view.structure_staged, 8),
        Text(view.heat, style=heat_style, justify="center"),
        crits,
        Text(view.move),
        Text(str(view.tmm), justify="right"),
        Text(view.damage),
        Text(view.to_hit),
        status_text,
    )


def _short(word: str) -> str:
    """A status word cut to fit the grid (the detail panel spells it out)."""
    if word.startswith("skill "):
        return "skill" + word.removeprefix("skill ").split("/")[0]
    if word.startswith("objective "):
        return word.removeprefix("objective ")
    return {"crew stunned": "stunned", "pilotless": "no pilot"}.get(word, word)


class BattleGrid(DataTable[Any]):
    """The battle's units; rows are rebuilt on every change and the cursor stays on its unit."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.keys: list[str] = []

    def on_mount(self) -> None:
        for key, label, width in COLUMNS:
            self.add_column(label, key=key, width=width)

    def show_units(self, views: list[UnitView]) -> None:
        """Redraw every row, keeping the cursor on the same unit."""
        current = self.unit_key
        self.clear()
        self.keys = [view.key for view in views]
        for view in views:
            self.add_row(*cells(view), key=view.key)
        if current in self.keys:
            self.move_cursor(row=self.keys.index(current))

    @property
    def unit_key(self) -> str | None:
        """Key of the unit under the cursor (``1.3``)."""
        if not self.row_count or not 0 <= self.cursor_row < len(self.keys):
            return None
        return self.keys[self.cursor_row]

    def go_to(self, key: str) -> None:
        """Put the cursor on a unit."""
        if key in self.keys:
            self.move_cursor(row=self.keys.index(key))
