"""Fixtures for the app tests: a started app on the starter catalogue, no blinking cursor."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from kit import paste
from textual import _wait as textual_wait
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation
from textual.pilot import Pilot
from textual.widgets import Input

from cardsmith.tui.app import CardsmithApp

#: Terminal size every test runs at (style guide rule 41).
SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    """A blinking cursor repaints on a timer; tests do not need it."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda _self: None)


@pytest.fixture(autouse=True)
def _finer_idle_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot's ``pause`` sleeps 20 ms at a time until the process looks idle.

    A key or a pause then costs at least 20 ms even when the app was done in one; the app
    tests spent about a third of their time asleep so.  The same test (CPU time under a
    twentieth of the time slept), in 5 ms slices.  (1 ms slices were no faster with two
    test processes on two cores, and let a resize be checked before the grid had seen it.)
    """
    monkeypatch.setattr(textual_wait, "SLEEP_GRANULARITY", 0.005)
    monkeypatch.setattr(textual_wait, "SLEEP_IDLE", 0.005 / 20)


#: Rules of every stylesheet parsed in this process, by its text, place and variables.
_PARSED_CSS: dict[tuple[object, ...], list[RuleSet]] = {}


@pytest.fixture(autouse=True)
def _css_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new app parses the same stylesheets again (Textual keeps parsed rules per app):
    60-70 ms of an app's 350-480 ms of start-up.  A test process parses each one once."""
    parse = Stylesheet._parse_rules

    def parse_once(
        self: Stylesheet,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        variables = tuple(sorted(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, variables)
        if key not in _PARSED_CSS:
            _PARSED_CSS[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return _PARSED_CSS[key]

    monkeypatch.setattr(Stylesheet, "_parse_rules", parse_once)


@pytest.fixture(autouse=True)
def _quick_preview(monkeypatch: pytest.MonkeyPatch) -> None:
    """The card beside the results is drawn once the cursor has rested 60 ms; tests wait
    for it after nearly every key, so they let it rest 5 ms (its own test: a second)."""
    from cardsmith.tui.screens import catalogue

    monkeypatch.setattr(catalogue, "PREVIEW_DELAY", 0.005)


@pytest.fixture
def make_app() -> Callable[..., CardsmithApp]:
    """Build an app on the isolated cache folder (seeded with the starter catalogue)."""

    def build(**kwargs: object) -> CardsmithApp:
        kwargs.setdefault("recovery", False)
        return CardsmithApp(**kwargs)  # type: ignore[arg-type]

    return build


async def ready(pilot: Pilot[None]) -> None:
    """Wait until the catalogue has loaded, its searches have settled and every message is handled."""
    app = pilot.app
    for _ in range(200):
        await app.workers.wait_for_complete()
        await pilot.pause()
        catalogue = app.catalogue_screen() if isinstance(app, CardsmithApp) else None
        if catalogue is not None and catalogue._preview_timer is not None:
            await pilot.pause(0.01)  # the card is drawn once the cursor rests
            continue
        # The index is loaded after the first frame: until then its worker has not started.
        busy = catalogue is not None and (
            catalogue.searching or (catalogue.index is None and not catalogue.load_error)
        )
        if not busy and not any(worker.is_running for worker in app.workers):
            return


async def search(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` into the (focused) search box and wait for its results."""
    await pilot.press(*text)
    await ready(pilot)


async def add_by_search(pilot: Pilot[None], text: str, presses: int = 1) -> None:
    """From the catalogue: search, go to the results, add the first hit ``presses`` times."""
    await pilot.press("f2", "ctrl+f")  # the catalogue, then its search box
    await paste(pilot, text)  # typing it is the subject of the catalogue's own tests
    await ready(pilot)
    await pilot.press("enter")  # to the results
    for _ in range(presses):
        await pilot.press("enter")
    await pilot.pause()


def starter_force_file(tmp_path: Path, content: str, name: str = "force.json") -> Path:
    """Write ``content`` to a file under ``tmp_path``."""
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return path


def file_error(app: object) -> str:
    """The title and text of the file error panel on screen ("" when there is none)."""
    from cardsmith.tui.screens.dialogs import FileErrorPanel

    screen = getattr(app, "screen", None)
    if not isinstance(screen, FileErrorPanel):
        return ""
    return f"{screen.title_text}\n{screen.message}"
