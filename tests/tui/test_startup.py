"""Start-up: only the catalogue screen is loaded; every other screen loads when first opened;
the first frame is drawn before the catalogue and the models load, a screenful of rows
follows, and the search index is built after them; the cycle collector is held off until
the first screen is drawn."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import RenderableType
from textual.screen import Screen
from textual.widgets import Static

from cardsmith import services
from cardsmith.catalogue.index_rows import IndexRow
from cardsmith.tui import collector
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.messages import IndexLoaded
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.widgets.results import ResultsTable

from .conftest import ready

_CHILD = r"""
import asyncio, sys
from pathlib import Path
from cardsmith.tui.app import CardsmithApp

HEAVY = ("cardsmith.tui.screens.battle", "cardsmith.tui.screens.campaign",
         "cardsmith.tui.screens.force", "cardsmith.tui.screens.reference",
         "cardsmith.tui.screens.unit_editor", "cardsmith.tui.screens.exchange",
         "cardsmith.services.exchange", "cardsmith.services.battle",
         "cardsmith.tui.screens.print_dialog", "cardsmith.tui.screens.file_picker",
         "cardsmith.tui.screens.dialogs")

def loaded():
    return sorted(name for name in HEAVY if name in sys.modules)

async def main():
    app = CardsmithApp(cache_dir=Path(sys.argv[1]), recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        print("start", ",".join(loaded()))
        await pilot.press("f8")
        await pilot.pause()
        print("battle", app.screen.id, ",".join(loaded()))

asyncio.run(main())
"""


@pytest.mark.slow
def test_other_screens_load_when_first_opened(tmp_path: Path) -> None:
    lines = dict(line.split(" ", 1) for line in _child(_CHILD, tmp_path).splitlines())
    assert lines["start"] == ""
    screen, modules = lines["battle"].split(" ", 1)
    assert screen == "battle"
    assert "cardsmith.tui.screens.battle" in modules.split(",")
    assert "cardsmith.tui.screens.campaign" not in modules.split(",")


_HELD = r"""
import asyncio, gc, sys
from pathlib import Path
from cardsmith.catalogue.index_rows import IndexRow
from cardsmith.tui import collector

collector.hold()  # as the launcher does
held = not gc.isenabled()
from cardsmith.tui.app import CardsmithApp

async def main():
    app = CardsmithApp(cache_dir=Path(sys.argv[1]), recovery=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        print(held, gc.isenabled(), gc.get_freeze_count())

asyncio.run(main())
"""


@pytest.mark.slow
def test_the_collector_is_held_until_the_first_screen_then_what_it_built_is_frozen(
    tmp_path: Path,
) -> None:
    held, enabled, frozen = _child(_HELD, tmp_path).split()
    assert (held, enabled) == ("True", "True")
    assert int(frozen) > 50_000  # Textual, cardsmith and the first screen (about 80,000)


def test_a_collector_someone_else_turned_off_stays_off(monkeypatch: pytest.MonkeyPatch) -> None:
    # Freezes are counted by call: the frozen generation's size also drops whenever one of
    # its objects is freed, so comparing sizes failed now and then in a busy test worker.
    froze: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: froze.append(True))
    gc.disable()
    try:
        collector.hold()
        collector.release()
        assert not gc.isenabled() and not froze
    finally:
        gc.enable()
    collector.release()  # nothing held: nothing to do
    assert gc.isenabled() and not froze


def _child(script: str, tmp_path: Path) -> str:
    """What ``script`` prints, run in a new Python on a catalogue under ``tmp_path``."""
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


async def test_the_first_frame_comes_before_a_screenful_of_rows_and_the_rows_before_the_index(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first frame is the screen and its search box; a screenful of rows read straight
    # from the store follows in the next frames, then the index (built beside the first
    # screen, its worker took the interpreter from it).
    events: list[str] = []
    app = make_app()
    load_index = services.load_index
    load_index(app.cache_dir)  # the store is on disk, as on every launch after the first

    def noted_load(cache_dir: Path) -> object:
        events.append("index")
        return load_index(cache_dir)

    monkeypatch.setattr(services, "load_index", noted_load)
    show_rows = ResultsTable.show_rows

    def noted_rows(table: ResultsTable, rows: list[IndexRow]) -> None:
        events.append(f"rows {len(rows)} of height {table.size.height}")
        show_rows(table, rows)

    monkeypatch.setattr(ResultsTable, "show_rows", noted_rows)
    display = app._display

    def noted_display(screen: Screen[object], renderable: RenderableType | None) -> None:
        if renderable is not None and "frame" not in events:
            events.append("frame")
            if isinstance(screen, CatalogueScreen):
                table = screen.query_one(ResultsTable)
                status = str(screen.query_one("#status", Static).render())
                events.append(f"{type(screen).__name__} rows {table.row_count}: {status}")
        display(screen, renderable)

    app._display = noted_display  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        height = app.screen.query_one(ResultsTable).size.height
        status = str(app.screen.query_one("#status", Static).render())
    assert 10 < height < 61  # fewer rows than the starter set's 61 fit at 80×24
    assert events[:4] == [
        "frame",
        "CatalogueScreen rows 0: Loading the catalogue…",
        f"rows {height} of height {height}",
        "index",
    ]
    # Once the catalogue is in, the status line names the force as well.
    assert status.endswith("Force “New force”: 0 units, 0 PV")


_FIRST_FRAME = r"""
import asyncio, sys
from pathlib import Path
from cardsmith.tui.app import CardsmithApp

async def main():
    app = CardsmithApp(cache_dir=Path(sys.argv[1]), recovery=True)
    at_first_frame = []
    display = app._display
    def noted(screen, renderable):
        if renderable is not None and not at_first_frame:
            at_first_frame.extend(sys.modules)
        display(screen, renderable)
    app._display = noted
    async with app.run_test(size=(80, 24)) as pilot:
        while app.index is None:
            await pilot.pause()
        await pilot.pause()
        print(" ".join(sorted(at_first_frame)))
        print(" ".join(sorted(sys.modules)))

asyncio.run(main())
"""

#: What the first frame is drawn without: the catalogue, its search, the unit and force
#: models, the filter dialog, JSON and SQLite (they load after it, about 45 ms of imports).
_AFTER_FIRST_FRAME = (
    "cardsmith.catalogue.store",
    "cardsmith.catalogue.search",
    "cardsmith.catalogue.index_rows",
    "cardsmith.models.unit",
    "cardsmith.models.force",
    "cardsmith.forces.pricing",
    "cardsmith.services.catalogue",
    "cardsmith.services.search_filters",
    "cardsmith.tui.widgets.filters",
    "cardsmith.tui.screens.unit_lookup",
    "json",
    "sqlite3",
)


@pytest.mark.slow
def test_the_first_frame_is_drawn_before_the_catalogue_and_the_models_load(
    tmp_path: Path,
) -> None:
    first, last = (line.split() for line in _child(_FIRST_FRAME, tmp_path).splitlines())
    assert "cardsmith.tui.screens.catalogue" in first
    assert [name for name in _AFTER_FIRST_FRAME if name in first] == []
    # Loaded after it: the list names modules that exist and are used.
    assert [name for name in _AFTER_FIRST_FRAME[:8] if name not in last] == []


async def test_an_index_that_arrives_as_the_app_closes_is_dropped(
    make_app: Callable[..., CardsmithApp],
) -> None:
    # A player who quits at once: the index worker finishes as the screens are taken down.
    app = make_app()
    index, _notices = services.load_index(app.cache_dir)
    close_all = app._close_all

    async def closing() -> None:
        await close_all()
        app.post_message(IndexLoaded(index, []))  # handled as the app's messages close

    app._close_all = closing  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        index_before_closing = app.index
    # Handled after the screens were gone, without an error (run_test re-raises one).
    assert app.index is index and index_before_closing is not index
