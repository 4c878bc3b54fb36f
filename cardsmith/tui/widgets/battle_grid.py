"""Provides ``BattleGrid``: every unit in a battle, one row each, from the one view of a unit in play.

The ``#`` and unit columns stay in place while the grid scrolls sideways, and the column
widths follow the terminal: compact at 80 columns (armor and structure as numbers), the
pip tracks and longer names from 120, and wider name, crit and status columns on a wide
terminal (200 columns).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import events
from textual.widgets import DataTable

from cardsmith.services.battle import UnitInPlay

#: Pips: left, lost in the End Phase (staged), lost.
PIP_LEFT, PIP_STAGED, PIP_LOST = "●", "◐", "○"

#: Columns pinned while scrolling sideways: ``#`` and the unit's name.
PINNED = 2


@dataclass(frozen=True, slots=True)
class Widths:
    """Column widths for one terminal width; a track longer than its pips is written as numbers."""

    name: int
    side: int
    armor: int
    structure: int
    crits: int
    status: int

    def columns(self) -> tuple[tuple[str, str, int], ...]:
        """(key, header, width) of every column, in order."""
        return (
            ("key", "#", 3),
            ("unit", "Unit", self.name),
            ("side", "Side", self.side),
            ("armor", "Armor", self.armor),
            ("structure", "Struct", self.structure),
            ("heat", "Heat", 4),
            ("crits", "Crits", self.crits),
            ("move", "MV", 7),
            ("tmm", "TMM", 3),
            ("damage", "Dmg", 7),
            ("hit", "TN", 8),
            ("status", "Status", self.status),
        )


#: Layouts by the least terminal width they need.
LAYOUTS: tuple[tuple[int, Widths], ...] = (
    (0, Widths(name=14, side=6, armor=6, structure=6, crits=6, status=10)),
    (110, Widths(name=16, side=8, armor=10, structure=8, crits=8, status=12)),
    (180, Widths(name=38, side=14, armor=16, structure=10, crits=16, status=42)),
)


def layout_for(width: int) -> Widths:
    """The widest layout a terminal of ``width`` columns takes."""
    return [layout for least, layout in LAYOUTS if width >= least][-1]


def pips(total: int, left: int, staged: int, width: int) -> Text:
    """A pip track: what is left, what staged damage will take, what is gone.

    A track longer than ``width`` is written as numbers (``7(−2)/10``) instead.
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


def cells(view: UnitInPlay, layout: Widths) -> tuple[object, ...]:
    """The row of one unit."""
    name_style = "dim strike" if view.out_of_play else ("bold magenta" if view.turned else "")
    side = Text(view.controller_name, style="bold magenta" if view.turned else "")
    if view.turned:
        side = Text("⇄ ", style="bold magenta") + side
    crits = Text(view.crits_short or "—")
    if not view.crits:
        crits.stylize("dim")
    status = [_short(word) for word in view.flags]
    if view.staged:
        status.insert(0, f"{view.staged} staged")
    status_text = Text(", ".join(status) or "ok", style="" if status else "dim")
    if view.staged:
        status_text.stylize("yellow", 0, len(f"{view.staged} staged"))
    heat = view.heat_text
    heat_style = "bold red" if heat == "S" else ("yellow" if heat in "123" else "dim")
    if view.generic:
        armor, structure = Text("—", style="dim"), Text(view.generic_track)
    else:
        armor = pips(view.armor, view.armor_left, view.armor_staged, layout.armor)
        structure = pips(
            view.structure, view.structure_left, view.structure_staged, layout.structure
        )
    return (
        Text(view.key, style="dim"),
        Text(shorten(view.name, layout.name), style=name_style),
        side,
        armor,
        structure,
        Text(heat, style=heat_style, justify="center"),
        crits,
        Text(view.generic_move if view.generic else view.move_text),
        Text("" if view.generic else str(view.tmm), justify="right"),
        Text("" if view.generic else view.damage_text),
        Text("" if view.generic else view.to_hit_text),
        status_text,
    )


def shorten(name: str, width: int) -> str:
    """A name cut from the middle so its distinguishing end (variant, squad size) stays."""
    if len(name) <= width:
        return name
    tail = max(4, width // 2)
    return name[: width - tail - 1].rstrip() + "…" + name[-tail:]


def _short(word: str) -> str:
    """A status word cut to fit the grid (the detail panel spells it out)."""
    if word.startswith("skill "):
        return "skill" + word.removeprefix("skill ").split(" ")[0]
    if word.startswith("objective "):
        return word.removeprefix("objective ")
    if word.startswith("turned from "):
        return "turned"
    return {"crew stunned": "stunned", "pilotless": "no pilot"}.get(word, word)


class BattleGrid(DataTable[Any]):
    """The battle's units; rows are rebuilt on every change and the cursor stays on its unit."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, fixed_columns=PINNED, **kwargs)
        self.keys: list[str] = []
        self.views: list[UnitInPlay] = []
        self.widths = layout_for(0)

    def on_mount(self) -> None:
        self._build_columns(layout_for(self.app.size.width))

    def on_resize(self, event: events.Resize) -> None:
        wanted = layout_for(self.app.size.width)
        if wanted != self.widths or not self.columns:
            self._build_columns(wanted)
            self.show_units(self.views)

    def _build_columns(self, layout: Widths) -> None:
        current = self.unit_key
        self.widths = layout
        self.clear(columns=True)
        for key, label, width in layout.columns():
            self.add_column(label, key=key, width=width)
        if current is not None:
            self.go_to(current)

    def show_units(self, views: list[UnitInPlay]) -> None:
        """Redraw every row, keeping the cursor on the same unit."""
        current = self.unit_key
        self.clear()
        self.views = list(views)
        self.keys = [view.key for view in views]
        for view in views:
            self.add_row(*cells(view, self.widths), key=view.key)
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
