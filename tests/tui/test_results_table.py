"""The catalogue's results table: rows fill it, its scrollbar follows the rows found, and a
key redraws only the lines it changed while the terminal still shows every row right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pyte
import pytest
from textual._compositor import CompositorUpdate
from textual.widgets import Input

from cardsmith.catalogue.search import IndexRow
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.widgets.result_columns import cell_text
from cardsmith.tui.widgets.results import ResultsTable

from .conftest import SIZE, ready, search


def _no_preview(screen: CatalogueScreen, row: IndexRow | None) -> None:
    screen._preview_timer = None


@pytest.mark.parametrize("size", [(80, 24), SIZE])
async def test_rows_fill_the_table_and_nothing_scrolls_sideways(
    make_app: Callable[..., CardsmithApp], size: tuple[int, int]
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        table = app.screen.query_one(ResultsTable)
        # The columns shrink to the width, so a sideways scrollbar would only take a row.
        assert not table.show_horizontal_scrollbar
        assert table.scrollable_content_region.height == table.size.height
        lines = [table.render_line(y).text for y in range(table.size.height)]
        shown = table.size.height - 1  # under the header
        assert len(table.shown) > shown  # the starter catalogue fills the table
        # Every line under the header shows its row (names may be shortened in the middle).
        assert [line[1:4] for line in lines[1:]] == [row.name[:3] for row in table.shown[:shown]]


async def test_the_scrollbar_follows_the_rows_found(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    # No card preview: its own layout, a moment after each key, would set the bar right
    # whatever the table did.
    monkeypatch.setattr(CatalogueScreen, "_preview", _no_preview)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        table = app.screen.query_one(ResultsTable)
        everything = len(table.shown)
        assert table.show_vertical_scrollbar
        assert table.vertical_scrollbar.window_virtual_size == everything + 1
        await search(pilot, "a")
        fewer = len(table.shown)
        assert table.size.height < fewer < everything  # still scrolls, over fewer rows
        assert table.show_vertical_scrollbar
        assert table.vertical_scrollbar.window_virtual_size == fewer + 1
        await search(pilot, "tlas")
        assert 0 < len(table.shown) < table.size.height - 1
        # Every row fits: the bar goes and the columns take its room back.
        assert not table.show_vertical_scrollbar
        assert table.scrollable_content_region.width == table.size.width
        await pilot.press("ctrl+u")
        await ready(pilot)
        assert len(table.shown) == everything
        assert table.show_vertical_scrollbar
        assert table.vertical_scrollbar.window_virtual_size == everything + 1
        assert table.scrollable_content_region.width < table.size.width


async def test_a_key_that_keeps_the_scrollbar_asks_for_no_layout(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new row count moves the thumb; reflowing the whole screen for it doubled a key's frame."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        table = app.screen.query_one(ResultsTable)
        layouts: list[bool] = []
        refresh = ResultsTable.refresh

        def noted(self: ResultsTable, *regions: Any, **options: Any) -> Any:
            layouts.append(bool(options.get("layout")))
            return refresh(self, *regions, **options)

        monkeypatch.setattr(ResultsTable, "refresh", noted)
        before = len(table.shown)
        await search(pilot, "a")
        assert table.size.height < len(table.shown) < before  # the count moved …
        assert layouts and not any(layouts)  # … and only the table was repainted


async def test_a_narrow_specials_column_shows_whole_specials_from_the_start(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        table = app.screen.query_one(ResultsTable)
        width = table._widths()[-1]
        assert 3 < width < 12  # at 120×40 beside the card, specials get a few columns
        cut = 0
        for y, row in enumerate(table.shown[: table.size.height - 1], start=1):
            full = cell_text(row, "specials")
            cell = table.render_line(y).text[-(width + 1) : -1].rstrip()
            if cell == full:
                continue
            cut += 1
            assert cell.endswith("…") and full.startswith(cell[:-1]), (full, cell)
            assert full[len(cell) - 1] == " " or " " not in cell, (full, cell)  # at a word's end
        assert cut  # the starter catalogue has specials too long for the column


def _terminal(app: CardsmithApp) -> pyte.Screen:
    """A terminal emulator fed every frame the app draws, as a player's terminal is (the
    test's driver writes nothing, so the frames are taken where the app hands them over)."""
    terminal = pyte.Screen(*SIZE)
    stream = pyte.Stream(terminal)
    display = app._display

    def shown(screen: Any, update: Any) -> None:
        if isinstance(update, CompositorUpdate):
            stream.feed(update.render_segments(app.console))
        display(screen, update)

    app._display = shown  # type: ignore[method-assign,assignment]
    return terminal


def _redrawn(app: CardsmithApp) -> pyte.Screen:
    """What the screen shows when every line of every widget is drawn anew, cached or not."""
    for widget in app.screen.walk_children(with_self=True):
        widget._styles_cache.clear()  # type: ignore[attr-defined]
    update = app.screen._compositor.render_full_update()
    terminal = pyte.Screen(*SIZE)
    pyte.Stream(terminal).feed(update.render_segments(app.console))
    return terminal


def _cells(terminal: pyte.Screen, table: ResultsTable) -> list[list[tuple[object, ...]]]:
    """The table's part of the terminal: each cell's character, colours and weight."""
    region = table.region
    return [
        [
            (cell.data, cell.fg, cell.bg, cell.bold, cell.italics)
            for cell in (terminal.buffer[y][x] for x in range(region.x, region.right))
        ]
        for y in range(region.y, region.bottom)
    ]


async def test_the_terminal_shows_what_a_whole_redraw_shows_after_every_key(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key draws only the lines whose row or cursor changed ("atla" → "atlas" keeps the
    screenful); whatever it skips, the terminal must match a redraw of everything."""
    app = make_app()
    terminal = _terminal(app)
    drawn: list[int] = []
    render_line = ResultsTable.render_line

    def counted(self: ResultsTable, y: int) -> Any:
        drawn.append(y)
        return render_line(self, y)

    monkeypatch.setattr(ResultsTable, "render_line", counted)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        table = app.screen.query_one(ResultsTable)
        height = table.size.height - 1  # rows under the header
        steps = [
            *"griffin",  # the rows change, then stay: "griff" to "griffin" keep them
            "backspace",
            "backspace",
            "ctrl+u",  # every unit: more rows than the table shows
            "enter",  # to the results
            "down",
            "down",  # the cursor's bar moves
            "pagedown",  # scrolled: every line moves
            "slash",
            *"a",  # from a scrolled table: back to the top
            "enter",
            "end",
            "up",
        ]
        lines: dict[str, list[int]] = {}  # row lines drawn, by key and the box's text
        for number, key in enumerate(steps):
            drawn.clear()
            await pilot.press(key)
            await ready(pilot)
            text = app.screen.query_one("#search", Input).value
            lines[f"{number}:{key}:{text}"] = sorted({y for y in drawn if y > 0})
            assert _cells(terminal, table) == _cells(_redrawn(app), table), (key, text)
        # "griff" to "griffin" kept the screenful: no row line was drawn again …
        assert lines["5:i:griffi"] == lines["6:n:griffin"] == []
        # … while "g" to "griff" changed rows, and drew them.
        assert lines["1:r:gr"]
        # A cursor step draws the line the bar leaves and the one it reaches.
        assert lines["11:down:"] == [1, 2]
        assert lines["12:down:"] == [2, 3]
        assert lines["18:up:a"] == [height - 1, height]
        # Scrolled, every line moves.
        assert lines["13:pagedown:"] == lines["15:a:a"] == list(range(1, height + 1))
