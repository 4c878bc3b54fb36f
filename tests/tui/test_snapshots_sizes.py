"""Snapshots of every screen and main dialog at 80×24 and 120×40 (pytest-textual-snapshot).

Review every update's SVG diff: a column that vanishes or a dialog cut short shows there.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from cardsmith.battle.battle_file import save_battle, start_battle
from cardsmith.forces.force_file import save_force
from cardsmith.tui.app import CardsmithApp

from .conftest import add_by_search, ready

pytest.importorskip("pytest_textual_snapshot", reason="pytest-textual-snapshot is not installed")

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


async def _quiet(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await _settled(pilot)


async def _settled(pilot: Pilot[None]) -> None:
    """No toasts, every message handled (not ready(): an open dialog keeps its worker)."""
    app: Any = pilot.app
    for _ in range(3):
        await pilot.wait_for_scheduled_animations()
    app.clear_notifications()
    await pilot.pause()


async def _two_units(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await add_by_search(pilot, "griffin grf-1e")
    await add_by_search(pilot, "locust", presses=2)


async def catalogue(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press(*"griffin")
    await _quiet(pilot)


async def filters(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press("ctrl+g")
    await _settled(pilot)


async def force(pilot: Pilot[None]) -> None:
    await _two_units(pilot)
    await pilot.press("f3", "minus")
    await _quiet(pilot)


async def settings(pilot: Pilot[None]) -> None:
    await _two_units(pilot)
    await _quiet(pilot)  # the toasts of the adds go before the dialog opens
    await pilot.press("f3", "f")
    await _settled(pilot)


async def printing(pilot: Pilot[None]) -> None:
    await _two_units(pilot)
    await _quiet(pilot)
    await pilot.press("f6")
    await _settled(pilot)
    # The suggested file is in the test's own folder: show a name that is the same each run.
    pilot.app.screen.query_one("#pdf-path", Input).value = "new-force.pdf"
    await _settled(pilot)


async def reference(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press("f4", "slash", *"ECM")
    await _quiet(pilot)


async def help_keys(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press("f3", "f1")
    await _settled(pilot)


async def campaign(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press("f7")
    await _quiet(pilot)


async def battle(pilot: Pilot[None]) -> None:
    await ready(pilot)
    app: Any = pilot.app
    await pilot.press("f8")
    await ready(pilot)
    app.screen.open_battle(Path("battle.json"))
    await _quiet(pilot)


async def units(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press("f9")
    await _quiet(pilot)


async def open_file(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press("ctrl+o")
    await _settled(pilot)


SCREENS: dict[str, Callable[[Pilot[None]], Awaitable[None]]] = {
    "catalogue": catalogue,
    "filters": filters,
    "force": force,
    "settings": settings,
    "print": printing,
    "reference": reference,
    "help": help_keys,
    "campaign": campaign,
    "battle": battle,
    "units": units,
    "open-file": open_file,
}


@pytest.fixture
def in_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder named the same in every run, holding a two-sided battle (current folder)."""
    from battle.conftest import two_sides

    folder = tmp_path / "game-night"
    folder.mkdir()
    monkeypatch.chdir(folder)
    sample = two_sides(packs=("betrayal",))
    sides = []
    for side in sample.sides:
        path = Path(f"{side.name.lower()}.json")
        save_force(side.force, path)
        sides.append(path)
    save_battle(start_battle(sides, Path("battle.json"), ("betrayal",)), Path("battle.json"))
    return folder


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen(
    snap_compare: Any,
    make_app: Callable[..., CardsmithApp],
    in_folder: Path,
    screen: str,
    size: str,
) -> None:
    assert snap_compare(make_app(), run_before=SCREENS[screen], terminal_size=SIZES[size])
