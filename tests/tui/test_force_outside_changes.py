"""The force editor and a second program writing the same force file (a real CLI process)."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button

from cardsmith.forces.force_file import load_force
from cardsmith.tui import force_sync
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.dialogs import PathDialog
from cardsmith.tui.screens.force_conflict import OutsideChangeDialog

from .conftest import SIZE, ready


def _cli(*args: str) -> None:
    """Run cardsmith as its own process, as a second shell would."""
    done = subprocess.run(
        [sys.executable, "-m", "cardsmith", *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done


async def _until(pilot: Pilot[None], condition: Callable[[], bool]) -> None:
    """Wait until ``condition`` holds (a save's fsync can take a while on a busy disk)."""
    deadline = time.monotonic() + 60
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the app never got there")
        await pilot.pause(0.02)


@pytest.fixture(autouse=True)
def _watch_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The periodic check would race the keys below; each test asks for the check it tests."""
    monkeypatch.setattr(force_sync, "WATCH_SECONDS", 3600.0)


def _lance(tmp_path: Path) -> Path:
    path = tmp_path / "lance.json"
    _cli("force", "new", "Lance", "-o", str(path))
    _cli("force", "add", str(path), "Locust LCT-1V")
    return path


async def test_save_after_an_outside_add_offers_a_merge(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _lance(tmp_path)
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("plus")  # my edit: the Locust's skill 4 → 5
        await pilot.pause()
        _cli("force", "add", str(path), "140")  # theirs: an Atlas
        await pilot.press("ctrl+s")
        await _until(pilot, lambda: isinstance(app.screen, OutsideChangeDialog))
        dialog = app.screen
        assert "it added 1 unit (Atlas AS7-D)" in str(dialog.query_one("#outside-text").render())
        await pilot.press("m")
        await app.workers.wait_for_complete()
        await _until(pilot, lambda: not app.document.dirty)
    saved = load_force(path)
    assert [(e.name, e.skill) for e in saved.entries] == [("Locust LCT-1V", 5), ("Atlas AS7-D", 4)]


async def test_a_clean_force_reloads_when_the_terminal_regains_focus(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _lance(tmp_path)
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        _cli("force", "add", str(path), "140")
        app.post_message(events.AppFocus())
        await _until(pilot, lambda: len(app.document.force.entries) == 2)
        assert not app.document.dirty
        assert app.document.force == load_force(path)
        assert app.screen.query_one("#grid").row_count == 2  # type: ignore[attr-defined]


async def test_the_file_is_watched_while_the_app_runs(
    make_app: Callable[..., CardsmithApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(force_sync, "WATCH_SECONDS", 0.1)
    path = _lance(tmp_path)
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("plus")
        await pilot.pause()
        _cli("force", "add", str(path), "140")
        # No key pressed: the check finds the change and asks.
        await _until(pilot, lambda: isinstance(app.screen, OutsideChangeDialog))
        await pilot.press("m")
        await _until(pilot, lambda: len(app.document.force.entries) == 2)
        assert app.document.dirty  # merged here; the player saves when ready
        await pilot.press("ctrl+s")
        await _until(pilot, lambda: not app.document.dirty)
    assert [e.skill for e in load_force(path).entries] == [5, 4]


async def test_other_changes_cannot_merge_and_reload_takes_the_file(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _lance(tmp_path)
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("minus")  # my edit: skill 3
        await pilot.pause()
        _cli("force", "set", str(path), "1", "--pilot", "Theirs")
        app.post_message(events.AppFocus())
        await _until(pilot, lambda: isinstance(app.screen, OutsideChangeDialog))
        assert not app.screen.query("#merge")  # nothing to merge: it changed an entry
        assert "changed more than adding units" in str(
            app.screen.query_one("#outside-text").render()
        )
        await pilot.press("m")  # refused with a message, the dialog stays
        await pilot.pause()
        assert isinstance(app.screen, OutsideChangeDialog)
        await pilot.press("r")
        await _until(pilot, lambda: app.document.force.entries[0].pilot.name == "Theirs")
        assert app.document.force.entries[0].skill == 4
        assert not app.document.dirty


async def test_keep_mine_saves_under_another_name(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _lance(tmp_path)
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("minus")
        await pilot.pause()
        _cli("force", "remove", str(path), "1")
        await pilot.press("ctrl+s")
        await _until(pilot, lambda: isinstance(app.screen, OutsideChangeDialog))
        buttons = [b.id for b in app.screen.query(Button)]
        assert buttons == ["reload", "keep", "cancel"]
        await pilot.press("k")
        await _until(pilot, lambda: isinstance(app.screen, PathDialog))
        await pilot.press("enter")  # the suggested lance-mine.json
        await app.workers.wait_for_complete()
        await _until(pilot, lambda: not app.document.dirty)
    assert load_force(path).entries == ()  # theirs is untouched
    mine = load_force(tmp_path / "lance-mine.json")
    assert [(e.name, e.skill) for e in mine.entries] == [("Locust LCT-1V", 3)]
