"""Start-up: only the catalogue screen is loaded; every other screen loads when first opened;
the cycle collector is held off until the first screen is drawn."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from cardsmith.tui import collector

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
