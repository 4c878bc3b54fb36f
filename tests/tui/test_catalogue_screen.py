"""The catalogue screen: search as you type, filters, sorting, preview, adding."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input, Select
from textual.worker import WorkerFailed

from cardsmith.catalogue.dump import record
from cardsmith.catalogue.store import Catalogue
from cardsmith.models import Unit
from cardsmith.paths import cache_dir
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.widgets.filters import FilterBar
from cardsmith.tui.widgets.results import ResultsTable, cell_text
from cardsmith.tui.widgets.unit_card import UnitCard

from .conftest import SIZE, add_by_search, ready, search


def _names(app: CardsmithApp) -> list[str]:
    return [row.name for row in app.screen.query_one(ResultsTable).shown]


async def test_starts_on_catalogue_with_search_focused(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert isinstance(app.screen, CatalogueScreen)
        assert isinstance(app.focused, Input) and app.focused.id == "search"
        assert len(_names(app)) > 20  # the starter catalogue, listed before any typing


async def test_typing_shows_matching_rows_and_preview(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await search(pilot, "atlas")
        assert _names(app) == ["Atlas AS7-D"]
        card = app.screen.query_one("#preview", UnitCard)
        assert "Atlas AS7-D" in str(card.render())
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace")
        await search(pilot, "grifin")  # a typo still finds the Griffins
        assert any(name.startswith("Griffin") for name in _names(app))


async def test_filters_narrow_the_results(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        bar = app.screen.query_one(FilterBar)
        bar.query_one("#type", Select).value = "CV"
        await pilot.pause()
        names = _names(app)
        assert names and all(row.type == "CV" for row in app.screen.query_one(ResultsTable).shown)
        await pilot.click("#pv-min")
        await pilot.press("2", "0")
        await pilot.pause()
        shown = app.screen.query_one(ResultsTable).shown
        assert shown and all(row.pv >= 20 and row.type == "CV" for row in shown)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert len(_names(app)) > len(names)


async def test_sorting_by_pv(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")  # to the results
        table = app.screen.query_one(ResultsTable)
        while table.sort_column != "pv":
            await pilot.press("s")
        pvs = [row.pv for row in table.shown]
        assert pvs == sorted(pvs)
        await pilot.press("r")
        pvs = [row.pv for row in table.shown]
        assert pvs == sorted(pvs, reverse=True)
        # A click on a column header sorts by that column.
        x = next(x for x in range(table.size.width) if table._column_at(x) == "size")
        await pilot.click(ResultsTable, offset=(x, 0))
        sizes = [row.size for row in table.shown]
        assert table.sort_column == "size" and sizes == sorted(sizes)


async def test_enter_adds_the_highlighted_unit(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust", presses=2)
        assert [e.name for e in app.document.force.entries] == ["Locust LCT-1V"] * 2
        assert app.document.dirty


async def test_unit_without_stats_is_marked_and_not_added(
    make_app: Callable[..., CardsmithApp],
) -> None:
    folder = cache_dir()
    with Catalogue.open(folder) as catalogue:
        catalogue.add([record(Unit(mul_id=999_001, name="Zzyzx Training Rig"))], source="test")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await search(pilot, "zzyzx")
        table = app.screen.query_one(ResultsTable)
        assert [row.name for row in table.shown] == ["Zzyzx Training Rig"]
        assert "no AS stats" in cell_text(table.shown[0], "name")
        await pilot.press("enter", "enter")  # to the results, then try to add
        await pilot.pause()
        assert app.document.force.entries == ()
        preview = str(app.screen.query_one("#preview", UnitCard).render())
        assert "no alpha strike stats" in preview.casefold()


async def test_fetch_failure_is_a_notification(make_app: Callable[..., CardsmithApp]) -> None:
    from textual.message import Message
    from textual.notifications import Notify

    messages: list[Message] = []
    app = make_app()  # CARDSMITH_MUL_URL points at a closed local port (tests/conftest.py)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await search(pilot, "atlas")
        await pilot.press("f5")
        with pytest.raises(WorkerFailed):  # the worker fails; the app must not
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running
        errors = [
            m.notification
            for m in messages
            if isinstance(m, Notify) and m.notification.severity == "error"
        ]
        assert errors, "a failed fetch must say so"
        assert app.net_state in ("unreachable", "online")
        assert "unreachable" in str(app.screen.query_one("#net-state").render())


async def test_offline_mode_does_not_fetch(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app(offline=True)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert "offline" in str(app.screen.query_one("#net-state").render())
        assert app.screen.check_action("fetch", ()) is False


async def test_a_catalogue_that_cannot_open_is_reported(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    from textual.message import Message
    from textual.notifications import Notify

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    messages: list[Message] = []
    app = make_app(cache_dir=blocker / "cache")
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        with contextlib.suppress(WorkerFailed):  # it may have failed already
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running
        assert "could not be opened" in str(app.screen.query_one("#status").render())
        assert any(isinstance(m, Notify) and m.notification.severity == "error" for m in messages)
