"""Provides ``CampaignLog``: every log entry in words, newest at the bottom."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from cardsmith.render.content.campaign_sheet import LogLine


class CampaignLog(DataTable[object]):
    """The campaign log; the cursor picks the entry to undo or replace."""

    def __init__(self, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, id=id, classes=classes)
        self.lines: list[LogLine] = []

    def on_mount(self) -> None:
        self._columns(20)

    def _columns(self, width: int) -> None:
        self.add_column("#", key="seq", width=4)
        self.add_column("Game", key="game", width=4)
        self.add_column("Entry", key="text", width=width)

    def show_lines(self, lines: list[LogLine]) -> None:
        """Redraw; the cursor goes to the newest entry when the log grew."""
        grew = len(lines) != len(self.lines)
        row = self.cursor_row
        self.lines = lines
        self.clear(columns=True)
        self._columns(max([20, *(len(line.text) for line in lines)]))
        for line in lines:
            dim = line.text.endswith("(undone)") or "(replaced by" in line.text
            self.add_row(
                Text(str(line.seq), justify="right", style="dim"),
                Text(str(line.game), justify="right"),
                Text(line.text, style="dim strike" if dim else ""),
                key=str(line.seq),
            )
        if lines:
            self.move_cursor(row=len(lines) - 1 if grew else min(row, len(lines) - 1))

    @property
    def seq(self) -> int | None:
        """Number of the entry under the cursor."""
        if not self.lines or not 0 <= self.cursor_row < len(self.lines):
            return None
        return self.lines[self.cursor_row].seq
