"""The app on the full Master Unit List (8.6k units): search, no-stats units, adding."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardsmith.catalogue.dump import read_unit_file
from cardsmith.catalogue.store import Catalogue
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.widgets.result_columns import cell_text
from cardsmith.tui.widgets.results import ResultsTable

from .conftest import SIZE, ready, search


@pytest.fixture
def full_cache(mul_dir: Path, tmp_path: Path) -> Path:
    """A cache folder holding every real MUL record."""
    folder = tmp_path / "full-cache"
    with Catalogue.open(folder) as catalogue:
        catalogue.add(read_unit_file(mul_dir / "units.json"), source="test")
    return folder


async def test_search_the_full_catalogue(
    make_app: Callable[..., CardsmithApp], full_cache: Path
) -> None:
    app = make_app(cache_dir=full_cache)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app.index is not None and len(app.index) >= 8605
        await search(pilot, "atlas")
        table = app.screen.query_one(ResultsTable)
        names = [row.name for row in table.shown]
        assert "Atlas AS7-D" in names
        position = names.index("Atlas AS7-D")
        await pilot.press("enter", *["down"] * position, "enter")
        await pilot.pause()
        assert [e.name for e in app.document.force.entries] == ["Atlas AS7-D"]


async def test_units_without_stats_are_shown_but_marked(
    make_app: Callable[..., CardsmithApp], full_cache: Path
) -> None:
    app = make_app(cache_dir=full_cache)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert app.index is not None
        no_stats = next(row for row in app.index.rows if not row.has_stats)
        await search(pilot, no_stats.name)
        table = app.screen.query_one(ResultsTable)
        row = next(i for i, r in enumerate(table.shown) if r.mul_id == no_stats.mul_id)
        assert "no AS stats" in cell_text(table.shown[row], "name")
        await pilot.press("enter", *["down"] * row, "enter")
        await pilot.pause()
        assert app.document.force.entries == ()
