"""Snapshots of the main screens (pytest-textual-snapshot); review every update's SVG diff."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsmith.tui.app import CardsmithApp

from .conftest import SIZE, add_by_search, ready

pytest.importorskip("pytest_textual_snapshot", reason="pytest-textual-snapshot is not installed")


async def _catalogue(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press(*"griffin")
    await ready(pilot)  # the search runs in a worker


async def _force(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await add_by_search(pilot, "griffin grf-1e")
    await add_by_search(pilot, "locust", presses=2)
    await pilot.press("f3", "minus")
    await pilot.pause()
    app: Any = pilot.app
    app.clear_notifications()
    await pilot.pause()


async def _reference(pilot: Pilot[None]) -> None:
    await ready(pilot)
    await pilot.press("f4", "slash", *"ECM")
    await pilot.pause()


def test_catalogue_screen(snap_compare: Any, make_app: Callable[..., CardsmithApp]) -> None:
    assert snap_compare(make_app(), run_before=_catalogue, terminal_size=SIZE)


def test_force_screen(snap_compare: Any, make_app: Callable[..., CardsmithApp]) -> None:
    assert snap_compare(make_app(), run_before=_force, terminal_size=SIZE)


def test_reference_screen(snap_compare: Any, make_app: Callable[..., CardsmithApp]) -> None:
    assert snap_compare(make_app(), run_before=_reference, terminal_size=SIZE)
