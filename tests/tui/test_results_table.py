"""The catalogue's results table: rows fill it, and its scrollbar follows the rows found."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

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
