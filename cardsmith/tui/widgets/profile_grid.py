"""Provides ``ProfileGrid``: a custom unit's profiles as a spreadsheet, one row per profile."""

from __future__ import annotations

from rich.text import Text
from textual.coordinate import Coordinate
from textual.geometry import Region
from textual.widgets import DataTable

from cardsmith.services.custom_units import GridColumn, UnitDraft

#: Columns before and after the stat columns: key, header, width.
_LEAD = (("#", "#", 2), ("name", "Profile", 18))
_TAIL = (("notes", "Notes", 20),)


class ProfileGrid(DataTable[str | Text]):
    """Profiles with one column per stat; cells with a problem are drawn in the error colour."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(cursor_type="cell", zebra_stripes=True, id=id)
        self.keys: list[str] = []
        self.columns_shown: tuple[GridColumn, ...] = ()

    def set_columns(self, columns: tuple[GridColumn, ...]) -> None:
        """Lay the grid out for a game system's stat columns."""
        if columns == self.columns_shown and self.keys:
            return
        self.columns_shown = columns
        self.clear(columns=True)
        layout = [*_LEAD, *((c.key, c.header, c.width) for c in columns), *_TAIL]
        self.keys = [key for key, _, _ in layout]
        for key, header, width in layout:
            self.add_column(header, key=key, width=width)

    def show(self, draft: UnitDraft, bad: set[tuple[int, str]]) -> None:
        """Redraw every row; ``bad`` holds (row, key) cells that have a problem."""
        cursor = self.cursor_coordinate
        self.clear()
        bad_rows = {row for row, key in bad if not key}
        for row, profile in enumerate(draft.profiles, start=1):
            cells: list[str | Text] = [
                Text(str(row), style="bold red" if row in bad_rows else "dim", justify="right")
            ]
            for key in self.keys[1:]:
                text = profile.cell(key)
                if (row, key) in bad:
                    cells.append(Text(text or "?", style="bold red reverse"))
                elif text:
                    cells.append(text)
                else:
                    cells.append(Text("·", style="dim"))
            self.add_row(*cells, key=str(row))
        if draft.profiles:
            row = min(cursor.row, len(draft.profiles) - 1)
            self.cursor_coordinate = Coordinate(row, max(1, cursor.column))

    @property
    def row_index(self) -> int | None:
        """1-based profile under the cursor."""
        return self.cursor_row + 1 if self.row_count else None

    @property
    def column_key(self) -> str:
        """Key of the column under the cursor."""
        return self.keys[self.cursor_column] if self.cursor_column < len(self.keys) else ""

    def go_to(self, row: int, key: str | None = None) -> None:
        """Put the cursor on profile ``row`` (1-based), in column ``key`` when given."""
        if not 1 <= row <= self.row_count:
            return
        column = self.cursor_column
        if key is not None and key in self.keys:
            column = self.keys.index(key)
        self.cursor_coordinate = Coordinate(row - 1, column)

    def step_right(self) -> None:
        """Move to the next cell, as a spreadsheet does after an entry."""
        if self.cursor_column + 1 < len(self.keys):
            self.cursor_coordinate = Coordinate(self.cursor_row, self.cursor_column + 1)

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
