"""Provides ``ResultsTable``: catalogue search hits as a fast, sortable, scrolling table.

Textual's DataTable measures and renders every cell through Rich, which costs about
25 ms a screenful and grows with the rows added; search-as-you-type redraws the table
on every keystroke and must show results within 50 ms (design §10).  This widget uses
the Line API instead: fixed columns, plain formatted text, and only the visible rows
are drawn, and of those only the lines whose row or cursor changed.  It shows rows in
the order it is given: the catalogue screen's search worker ranks and sorts them
(``order_rows``, with sort keys the index works out once).
A name too long for its cell keeps its distinguishing end (``wording.shorten``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from cardsmith.tui.widgets.forwarding import act_now, pass_on_if_left
from cardsmith.tui.widgets.result_columns import (
    COLUMNS,
    MIN_NAME,
    NO_STATS,
    cell_text,
    order_rows,
    sort_label,
)
from cardsmith.wording import first_words, shorten

if TYPE_CHECKING:  # the search module loads after the first frame
    from cardsmith.catalogue.search import Hit, IndexRow


class ResultsTable(ScrollView, can_focus=True):
    """Every search hit; ↑↓ move, Enter selects, ``s`` cycles the sort, a header click sorts."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "results--header",
        "results--cursor",
        "results--odd",
        "results--unusable",
    }
    DEFAULT_CSS = """
    ResultsTable {
        background: $surface;
        /* Columns shrink to the width: there is nothing to scroll sideways to. */
        overflow-x: hidden;
        & > .results--header { text-style: bold; background: $panel; color: $text-primary; }
        & > .results--cursor { background: $block-cursor-blurred-background; }
        & > .results--odd { background: $surface-lighten-1; }
        & > .results--unusable { color: $text-muted; text-style: italic; }
    }
    ResultsTable:focus > .results--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    """
    BINDINGS: ClassVar[list[Any]] = [
        Binding("up", "move(-1)", show=False, id="results.up"),
        Binding("down", "move(1)", show=False, id="results.down"),
        Binding("pageup", "page(-1)", show=False, id="results.page-up"),
        Binding("pagedown", "page(1)", show=False, id="results.page-down"),
        Binding("home", "jump(0)", show=False, id="results.first"),
        Binding("end", "jump(-1)", show=False, id="results.last"),
        Binding("enter", "select", "Add", show=False, id="results.select"),
        Binding("s", "cycle_sort", "Sort", tooltip="Sort by the next column", id="results.sort"),
        Binding("r", "reverse_sort", "Reverse", tooltip="Reverse the order", id="results.reverse"),
    ]

    # repaint=False: a cursor move draws only the two lines its bar leaves and reaches.
    cursor_row: reactive[int] = reactive(0, always_update=True, repaint=False)

    @dataclass
    class Highlighted(Message):
        """The cursor moved to ``row`` (None when the table is empty)."""

        table: ResultsTable
        row: IndexRow | None

        @property
        def control(self) -> ResultsTable:
            """The table the cursor moved in."""
            return self.table

    @dataclass
    class SortChanged(Message):
        """The player chose another order; the rows must be ordered again."""

        table: ResultsTable

        @property
        def control(self) -> ResultsTable:
            """The table whose order changed."""
            return self.table

    @dataclass
    class Selected(Message):
        """Enter was pressed on ``row``."""

        table: ResultsTable
        row: IndexRow

        @property
        def control(self) -> ResultsTable:
            """The table the row was chosen in."""
            return self.table

    # Textual's own has layout=True: each new row count reflowed the whole screen, half a
    # key's frame.  ``_fit_height`` moves the thumb, and lays out only if the bar shows or
    # hides; ``show_rows`` draws the lines whose rows changed, so no repaint of them all.
    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.hits: list[Hit] = []
        self.shown: list[IndexRow] = []
        """Every hit in display order."""
        self.sort_column: str | None = None
        """Column key the rows are sorted by; None keeps search relevance."""
        self.sort_reverse = False
        self.stale: Callable[[], bool] = lambda: False
        """True while the rows shown answer an older search than the one asked for."""
        self._held: list[events.Key] = []
        self._frame: tuple[int, list[int]] | None = None
        """While a frame's lines are drawn: the content width and the column widths."""

    # -- data ------------------------------------------------------------------------

    def show_hits(self, hits: Sequence[Hit]) -> None:
        """Replace the rows with ``hits`` (sorted as chosen), cursor on the first."""
        self.hits = list(hits)
        self.show_rows(order_rows(self.hits, self.sort_column, self.sort_reverse, None))

    def show_rows(self, rows: list[IndexRow]) -> None:
        """Replace the rows with ``rows``, already in display order; cursor on the first.

        Only the lines whose row changed are drawn again: a letter that narrows the
        search often keeps the screenful ("atla" → "atlas"), and then the key costs the
        frame the box and the status line need, not a whole table's.
        """
        before, top = self.shown, int(self.scroll_y)
        self.shown = rows
        self._fit_height()
        if top:  # scrolling back to the top draws every line anyway
            self.scroll_to(y=0, animate=False, immediate=True)
        else:
            self._refresh_changed(before, rows)
        self.cursor_row = 0

    def _refresh_changed(self, before: Sequence[IndexRow], after: Sequence[IndexRow]) -> None:
        """Mark for drawing the visible lines whose row is not the one drawn there."""
        visible = self.scrollable_content_region.height - 1  # under the header
        for index in range(max(0, visible)):
            old = before[index] if index < len(before) else None
            new = after[index] if index < len(after) else None
            if old is not new:  # the index hands out the same row objects
                self.refresh_lines(index + 1)

    def release_keys(self) -> None:
        """Handle the keys held while the rows were stale, in the order they were typed.

        Keys already queued behind the release see keys still held and join them.
        """
        if self._held:
            self.call_later(self._replay)

    async def _replay(self) -> None:
        while self._held and not self.stale():
            event = self._held.pop(0)
            if pass_on_if_left(self, event) or await act_now(self, event):
                continue
            await super()._on_key(event)

    async def _on_key(self, event: events.Key) -> None:
        # A key typed after the focus moved on (to the search box) belongs there.
        if pass_on_if_left(self, event):
            return
        if self._held or self.stale():
            # "griffin⏎⏎" typed faster than the search: the second ⏎ waits for the
            # griffins, or it would add whatever the older rows had at the top.
            event.stop()
            event.prevent_default()
            self._held.append(event)
            return
        if await act_now(self, event):
            return
        await super()._on_key(event)

    @property
    def row_count(self) -> int:
        """Rows in the table."""
        return len(self.shown)

    @property
    def sort_label(self) -> str:
        """How the rows are ordered, for the status line."""
        return sort_label(self.sort_column, self.sort_reverse)

    def highlighted_row(self) -> IndexRow | None:
        """The index row under the cursor."""
        return self.shown[self.cursor_row] if 0 <= self.cursor_row < len(self.shown) else None

    def _reorder(self) -> None:
        # The screen orders the rows (in its search worker) and calls ``show_rows``.
        self.refresh()
        self.post_message(self.SortChanged(self))

    # -- cursor and sorting ------------------------------------------------------------

    def watch_cursor_row(self, old: int, row: int) -> None:
        visible = max(1, self.scrollable_content_region.height - 1)
        top = int(self.scroll_y)
        if row < top:
            self.scroll_to(y=row, animate=False, immediate=True)
        elif row >= top + visible:
            self.scroll_to(y=row - visible + 1, animate=False, immediate=True)
        if int(self.scroll_y) == top and old != row:  # (a scroll draws every line)
            # The cursor's bar leaves one line for another.
            self.refresh_lines(old + 1)
            self.refresh_lines(row + 1)
        self.post_message(self.Highlighted(self, self.highlighted_row()))

    def action_move(self, delta: int) -> None:
        if self.shown:
            self.cursor_row = max(0, min(len(self.shown) - 1, self.cursor_row + delta))

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(1, self.scrollable_content_region.height - 2))

    def action_jump(self, where: int) -> None:
        if self.shown:
            self.cursor_row = where % len(self.shown)

    def action_select(self) -> None:
        row = self.highlighted_row()
        if row is not None:
            self.post_message(self.Selected(self, row))

    def action_cycle_sort(self) -> None:
        keys = [c.key for c in COLUMNS if c.sort is not None]
        if self.sort_column is None:
            self.sort_column = keys[0]
        else:
            position = keys.index(self.sort_column) + 1
            self.sort_column = keys[position] if position < len(keys) else None
        self.sort_reverse = False
        self._reorder()

    def action_reverse_sort(self) -> None:
        self.sort_reverse = not self.sort_reverse
        self._reorder()

    def sort_by(self, key: str) -> None:
        """Sort by column ``key``; sorting by the same column again reverses it."""
        if self.sort_column == key:
            self.sort_reverse = not self.sort_reverse
        else:
            self.sort_column, self.sort_reverse = key, False
        self._reorder()

    def on_click(self, event: events.Click) -> None:
        if event.y == 0:
            key = self._column_at(event.x)
            if key is not None and any(c.key == key and c.sort for c in COLUMNS):
                self.sort_by(key)
            return
        row = int(self.scroll_y) + event.y - 1
        if 0 <= row < len(self.shown):
            if row == self.cursor_row and event.chain >= 2:
                self.action_select()
            self.cursor_row = row

    def _column_at(self, x: int) -> str | None:
        position = 0
        for column, width in zip(COLUMNS, self._widths(), strict=True):
            if position <= x < position + width + 1:
                return column.key
            position += width + 1
        return None

    # -- drawing -------------------------------------------------------------------------

    def on_resize(self) -> None:
        self._fit_height()

    def _fit_height(self) -> None:
        """Size the scrolling area to the rows; the scrollbar follows."""
        size = Size(self.size.width, len(self.shown) + 1)
        if size != self.virtual_size:  # most keys keep the count (TOP rows): no thumb to move
            self.virtual_size = size
            self._scroll_update(size)

    def _widths(self) -> list[int]:
        width = self.scrollable_content_region.width or self.size.width
        fixed = [c.width for c in COLUMNS]
        specials = fixed[-1]
        name = width - (sum(fixed) + len(COLUMNS) + 1)
        role = fixed[2]
        if name < MIN_NAME:  # narrow terminal: the specials column gives up its room first
            specials = max(0, specials - (MIN_NAME - name))
            name = width - (sum(fixed[:-1]) + specials + len(COLUMNS) + 1)
        if name < MIN_NAME:  # … then the role column
            role = max(0, role - (MIN_NAME - name))
            name = width - (sum(fixed[:-1]) - fixed[2] + role + specials + len(COLUMNS) + 1)
        return [max(8, name), fixed[1], role, *fixed[3:-1], specials]

    def _line(self, texts: Sequence[str], widths: Sequence[int]) -> str:
        cells = []
        for column, text, width in zip(COLUMNS, texts, widths, strict=True):
            if len(text) > width:
                if column.key == "name" and text.endswith(NO_STATS) and width > 2 * len(NO_STATS):
                    # The mark stays whole; the name gives up its middle.
                    text = shorten(text[: -len(NO_STATS)], width - len(NO_STATS)) + NO_STATS
                elif column.key == "specials":  # read from the start: whole specials, then …
                    text = first_words(text, width)
                else:
                    text = shorten(text, width)
            cells.append(f"{text:{column.align}{width}}")
        return " " + " ".join(cells) + " "

    def render_lines(self, crop: Region) -> list[Strip]:
        # The content width and the column widths, worked out once for all the lines of a
        # frame: per line they were most of what drawing a row cost.
        self._frame = (self.scrollable_content_region.width, self._widths())
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def render_line(self, y: int) -> Strip:
        width, widths = self._frame or (self.scrollable_content_region.width, self._widths())
        if y == 0:
            headers = []
            for column in COLUMNS:
                mark = ""
                if column.key == self.sort_column:
                    mark = "↓" if self.sort_reverse else "↑"
                headers.append(column.header + mark)
            style = self.get_component_rich_style("results--header")
            return Strip([Segment(self._line(headers, widths), style)]).adjust_cell_length(
                width, style
            )
        index = int(self.scroll_y) + y - 1
        base = self.rich_style
        if not 0 <= index < len(self.shown):
            return Strip.blank(width, base)
        row = self.shown[index]
        style = base
        if index % 2:
            style += self.get_component_rich_style("results--odd")
        if not row.has_stats:
            style += self.get_component_rich_style("results--unusable")
        if index == self.cursor_row:
            style += self.get_component_rich_style("results--cursor")
        text = self._line([cell_text(row, c.key) for c in COLUMNS], widths)
        return Strip([Segment(text, style)]).adjust_cell_length(width, style)

    @property
    def rich_style(self) -> Style:
        """The widget's own style as a Rich style."""
        return self.visual_style.rich_style
