"""Keys typed faster than the app follow the focus in every dialog, not only the catalogue's."""

from __future__ import annotations

from collections.abc import Callable

from cardsmith.tui.app import CardsmithApp

from .conftest import add_by_search, ready
from .test_catalogue_screen import type_fast


async def test_tab_typed_fast_in_the_force_settings_reaches_the_cap(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await pilot.press("f3")
        await ready(pilot)
        await pilot.press("f")
        await pilot.pause()
        # Name, Tab to the pack, Tab to the cap, 100, Enter: all before the app reads one.
        type_fast(app, "tab", "tab", "1", "0", "0", "enter")
        for _ in range(30):  # not ready(): a dialog left open would keep its worker waiting
            await pilot.pause()
        assert app.screen.id == "force"
        force = app.document.force
        assert (force.name, force.cap) == ("New force", 100)
