"""Provides ``RosterGrid``: a campaign's warriors with role, stats, XP, injuries and status."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from cardsmith.render.content.campaign_sheet import CampaignSheet, WarriorRow
from cardsmith.services import campaign_view as svc

#: Row styles by the sheet's state of a warrior.
_STATE_STYLE = {"available": "", "missing": "yellow", "captured": "magenta", "fallen": "dim"}


class RosterGrid(DataTable[object]):
    """One row per warrior, in the printed sheet's order; rebuilt from the log on each change."""

    def __init__(self, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, id=id, classes=classes)
        self.shown: tuple[WarriorRow, ...] = ()
        """The rows on screen (tests compare them with a fresh replay of the file)."""

    def show_sheet(self, sheet: CampaignSheet) -> None:
        """Redraw columns and rows, keeping the cursor on the same warrior."""
        current = self.warrior_id
        self.clear(columns=True)
        self.add_column("Id", key="id", width=3)
        self.add_column("Name", key="name", width=16)
        self.add_column("Role", key="role", width=9)
        for column in sheet.stat_columns:
            width = max(3, len(column.header))
            self.add_column(column.header, key=f"stat:{column.id}", width=width)
        self.add_column("XP", key="xp", width=3)
        # Status before the free-text injuries: at 80 columns it stays on screen.
        self.add_column("Status", key="status", width=15)
        self.add_column("Injuries", key="injuries", width=24)
        self.shown = sheet.warriors
        for row in sheet.warriors:
            style = _STATE_STYLE.get(row.state, "")
            self.add_row(
                Text(row.id, style="dim"),
                Text(row.name, style=f"bold {style}".strip()),
                row.role,
                *(Text(cell, justify="center") for cell in row.stats),
                Text(str(row.xp), justify="right"),
                Text(row.status, style=style),
                svc.injuries_text(row) or Text("—", style="dim"),
                key=row.id,
            )
        ids = [row.id for row in self.shown]
        if current in ids:
            self.move_cursor(row=ids.index(current))

    @property
    def warrior_id(self) -> str | None:
        """Id of the warrior under the cursor."""
        if not self.row_count or not 0 <= self.cursor_row < len(self.shown):
            return None
        return self.shown[self.cursor_row].id

    @property
    def current(self) -> WarriorRow | None:
        """The row under the cursor."""
        if not self.row_count or not 0 <= self.cursor_row < len(self.shown):
            return None
        return self.shown[self.cursor_row]

    def cells(self) -> list[list[str]]:
        """Plain text of every cell, row by row."""
        return [[str(cell) for cell in self.get_row_at(i)] for i in range(self.row_count)]
