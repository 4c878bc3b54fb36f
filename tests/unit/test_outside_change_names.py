"""The app's outside-change dialog shows file and unit names as data, never as markup or escapes."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cardsmith.tui import force_sync
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.force_conflict import OutsideChangeDialog

#: Markup that would style (and hide) text, and an escape sequence that sets the window title.
HOSTILE = "l[bold]x\x1b]0;T\x07"


def _cli(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardsmith", *args], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done


async def _until_dialog(pilot: Pilot[None]) -> OutsideChangeDialog:
    deadline = time.monotonic() + 60
    while not isinstance(pilot.app.screen, OutsideChangeDialog):
        assert time.monotonic() < deadline, "the dialog never came"
        await pilot.pause(0.02)
    return pilot.app.screen


async def test_a_hostile_file_name_is_shown_not_obeyed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(force_sync, "WATCH_SECONDS", 3600.0)
    path = tmp_path / f"{HOSTILE}.json"
    _cli("force", "new", "Lance", "-o", str(path))
    _cli("force", "add", str(path), "Locust LCT-1V")
    app = CardsmithApp(force_path=path, recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.press("plus")
        await pilot.pause()
        _cli("force", "add", str(path), "140")
        await pilot.press("ctrl+s")
        dialog = await _until_dialog(pilot)
        await pilot.pause()
        title = str(dialog.query_one(".dialog-title").render())
        assert title == "l[bold]x\\u001b]0;T\\u0007.json changed on disk"
        text = str(dialog.query_one("#outside-text").render())
        assert "it added 1 unit (Atlas AS7-D)" in text
        await pilot.press("m")
        await app.workers.wait_for_complete()
    assert app.return_code in (None, 0)
