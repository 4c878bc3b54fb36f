"""The footer shows the keys that act now, and is not rebuilt when they stay the same."""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen
from textual.widgets._footer import FooterKey

from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.widgets.key_footer import KeyFooter

from .conftest import SIZE, add_by_search, ready


def _keys(screen: Screen[object]) -> list[FooterKey]:
    return list(screen.query_one(KeyFooter).query(FooterKey))


def _print_key_acts(screen: Screen[object]) -> bool:
    (key,) = [key for key in _keys(screen) if key.action == "print"]
    return not key.has_class("-disabled")


async def test_the_footer_follows_the_keys_and_is_rebuilt_only_when_they_change(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        catalogue = app.screen
        assert not _print_key_acts(catalogue)  # nothing to print in an empty force
        await add_by_search(pilot, "atlas as7-d")
        await ready(pilot)
        assert _print_key_acts(catalogue)

        # To the force and back (focus comes back to the search box), then once more: the
        # catalogue shows the same keys as the first time back, with the same widgets.
        await pilot.press("f3")
        await ready(pilot)
        force = app.screen
        assert force is not catalogue and _print_key_acts(force)
        await pilot.press("f2")
        await ready(pilot)
        shown, force_shown = _keys(catalogue), _keys(force)
        await pilot.press("f3")
        await ready(pilot)
        assert _keys(force) == force_shown
        await pilot.press("f2")
        await ready(pilot)
        assert app.screen is catalogue
        assert _keys(catalogue) == shown
        assert all(key.is_attached for key in shown)

        # A change made on another screen shows when the catalogue comes back.
        await pilot.press("f3", "d")
        await ready(pilot)
        assert not app.document.force.entries
        assert not _print_key_acts(force)
        await pilot.press("f2")
        await ready(pilot)
        assert not _print_key_acts(catalogue)
