"""Provides ``ForceGrid``: the force as a spreadsheet, one row per entry."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.coordinate import Coordinate
from textual.geometry import Region
from textual.widgets import DataTable

from cardsmith import services
from cardsmith.forces.pricing import entry_pv
from cardsmith.models import Force, ForceEntry

#: Grid columns: key, header, width.
COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("index", "#", 2),
    ("unit", "Unit", 26),
    ("type", "Type", 4),
    ("pilot", "Pilot", 14),
    ("skill", "Skill", 5),
    ("base", "Base", 4),
    ("pv", "PV", 4),
    ("hit", "To-hit S/M/L", 12),
    ("spas", "SPAs", 20),
    ("group", "Group", 12),
)

#: Columns the player can edit in place.
EDITABLE = frozenset({"pilot", "skill", "spas", "group"})


class ForceGrid(DataTable[Any]):
    """The force's entries with their computed columns; rows are rebuilt on every change."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="cell", zebra_stripes=True, **kwargs)
        self.rows_flagged: set[int] = set()
        """1-based indices of entries named by a violation (drawn in the error colour)."""

    def on_mount(self) -> None:
        for key, label, width in COLUMNS:
            self.add_column(label, key=key, width=width)

    def show_force(self, force: Force, flagged: set[int] | None = None) -> None:
        """Redraw every row from ``force``, keeping the cursor where it was."""
        self.rows_flagged = flagged or set()
        cursor = self.cursor_coordinate
        self.clear()
        for index, entry in enumerate(force.entries, start=1):
            self.add_row(*_cells(index, entry, index in self.rows_flagged), key=str(index))
        if force.entries:
            row = min(cursor.row, len(force.entries) - 1)
            self.cursor_coordinate = Coordinate(row, cursor.column)

    @property
    def entry_index(self) -> int | None:
        """1-based index of the entry under the cursor."""
        return self.cursor_row + 1 if self.row_count else None

    @property
    def column_key(self) -> str:
        """Key of the column under the cursor."""
        return COLUMNS[self.cursor_column][0] if self.cursor_column < len(COLUMNS) else ""

    def go_to(self, index: int, column: str | None = None) -> None:
        """Put the cursor on entry ``index`` (1-based), optionally in ``column``."""
        if not 1 <= index <= self.row_count:
            return
        col = self.cursor_column
        if column is not None:
            col = next((i for i, (key, _, _) in enumerate(COLUMNS) if key == column), col)
        self.cursor_coordinate = Coordinate(index - 1, col)

    def cell_screen_region(self) -> Region:
        """Where the cursor cell is on the screen (for the in-place editor)."""
        try:
            cell = self._get_cell_region(self.cursor_coordinate)
        except Exception:  # a private Textual helper; fall back to the row start
            cell = Region(0, self.cursor_row + 1, 20, 1)
        origin = self.content_region
        x = origin.x + cell.x - int(self.scroll_x)
        y = origin.y + cell.y - int(self.scroll_y)
        return Region(x, y, cell.width, 1)


def _cells(index: int, entry: ForceEntry, flagged: bool) -> tuple[object, ...]:
    unit = entry.unit
    s, m, long = services.to_hit(entry.skill, unit, entry.spas)
    name = ("★ " if entry.commander else "") + unit.name
    spas = ", ".join(services.spa_name(spa) for spa in entry.spas)
    style = "bold $error" if flagged else ""
    return (
        Text(str(index), style="bold red" if flagged else "dim", justify="right"),
        Text(name, style=style.replace("$error", "red")),
        unit.type_code,
        entry.pilot.name or Text("—", style="dim"),
        Text(str(entry.skill), justify="center"),
        Text(str(unit.pv), justify="right"),
        Text(str(entry_pv(entry)), style="bold", justify="right"),
        Text(f"{s}+ {m}+ {long}+", justify="center"),
        spas or Text("—", style="dim"),
        entry.group or Text("—", style="dim"),
    )
