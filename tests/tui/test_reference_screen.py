"""The app's F4 reference screen shows the same tables as the printed page and the engine."""

from __future__ import annotations

from collections.abc import Callable

from battle.conftest import make_unit
from textual.widgets import DataTable, TabbedContent

from cardsmith.battle.crits import crit_from_roll
from cardsmith.models import UnitType
from cardsmith.render.content.reference import load_reference
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.reference import ReferenceScreen

from .conftest import SIZE, ready


def _rows(grid: DataTable[str]) -> list[tuple[str, ...]]:
    return [tuple(str(c) for c in grid.get_row_at(i)) for i in range(grid.row_count)]


async def test_f4_shows_every_reference_table_grouped_in_tabs(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("f4")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        tables = load_reference()
        tabs = screen.query_one("#ref-tabs", TabbedContent)
        # Few enough tabs to read at 80 columns: tables share tabs.
        assert tabs.tab_count == 1 + len({t.tab for t in tables}) < len(tables)
        grids = [g for g in screen.query(DataTable) if g.id != "specials"]
        assert [_rows(g) for g in grids] == [list(t.rows) for t in tables]
        crits = _rows(grids[0])
        mech = make_unit(type_=UnitType.BM)
        assert [row[1] for row in crits] == [
            r.label if (r := crit_from_roll(mech, n)) else "No critical hit" for n in range(2, 13)
        ]
        to_hit = next(_rows(g) for g, t in zip(grids, tables, strict=True) if t.id == "to-hit")
        assert ("Partial cover", "+1") in to_hit  # ASCE p.44


async def test_f4_fits_its_tabs_at_120_columns(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f4")
        await pilot.pause()
        tabs = app.screen.query_one("#ref-tabs", TabbedContent)
        labels = list(tabs.query("ContentTabs Tab"))
        assert labels and max(tab.virtual_region.right for tab in labels) <= SIZE[0]
