"""Start-up: only the catalogue screen is loaded; every other screen loads when first opened;
the first frame shows rows and the search index is built after it; the cycle collector is
held off until the first screen is drawn."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import RenderableType
from textual.screen import Screen

from cardsmith import services
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


def test_a_collector_someone_else_turned_off_stays_off() -> None:
    gc.disable()
    try:
        frozen = gc.get_freeze_count()
        collector.hold()
        collector.release()
        assert not gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.enable()
    collector.release()  # nothing held: nothing to do
    assert gc.isenabled() and gc.get_freeze_count() == frozen


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


async def test_the_first_frame_shows_rows_and_the_index_is_built_after_it(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Built beside the first screen, the index worker took the interpreter from it.
    events: list[str] = []
    app = make_app()
    load_index = services.load_index
    load_index(app.cache_dir)  # the store is on disk, as on every launch after the first

    def noted_load(cache_dir: Path) -> object:
        events.append("index")
        return load_index(cache_dir)

    monkeypatch.setattr(services, "load_index", noted_load)
    display = app._display

    def noted_display(screen: Screen[object], renderable: RenderableType | None) -> None:
        if renderable is not None and "frame" not in events:
            events.append("frame")
            table = screen.query_one(ResultsTable) if isinstance(screen, CatalogueScreen) else None
            events.append(f"{type(screen).__name__} rows {table.row_count if table else 0}")
        display(screen, renderable)

    app._display = noted_display  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
    assert events[:3] == ["frame", "CatalogueScreen rows 61", "index"]


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
