"""The footer: one line of the keys that act now, whole keys only, clickable, with tooltips,
redrawn only when its keys change."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.text import Text
from textual.screen import Screen

from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.help import HelpScreen
from cardsmith.tui.widgets.key_footer import KeyFooter

from .conftest import SIZE, add_by_search, ready


def _footer(screen: Screen[object]) -> KeyFooter:
    return screen.query_one(KeyFooter)


def _print_key_acts(screen: Screen[object]) -> bool:
    (key,) = [key for key in _footer(screen).keys()[0] if key.action == "print"]
    return key.enabled


def _drawn(footer: KeyFooter, label: str) -> tuple[int, Text]:
    """Where ``label`` (``f1 Help``) is on the footer's line, and the line itself."""
    line = footer.render()
    at = line.plain.index(label)
    return at, line


#: Wide enough for every key of the catalogue (at 120 columns "f6 Print" does not fit).
WIDE = (200, 40)


async def test_the_footer_follows_the_keys_and_is_redrawn_only_when_they_change(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await ready(pilot)
        catalogue = app.screen
        assert not _print_key_acts(catalogue)  # nothing to print in an empty force
        at, line = _drawn(_footer(catalogue), "f6 Print")
        assert line.get_style_at_offset(app.console, at).dim  # drawn, but dim
        await add_by_search(pilot, "atlas as7-d")
        await ready(pilot)
        assert _print_key_acts(catalogue)
        at, line = _drawn(_footer(catalogue), "f6 Print")
        assert not line.get_style_at_offset(app.console, at).dim

        # To the force and back, then once more: the catalogue's keys are the same as the
        # first time back, so its footer asks for no new drawing.
        await pilot.press("f3")
        await ready(pilot)
        force = app.screen
        assert force is not catalogue and _print_key_acts(force)
        await pilot.press("f2")
        await ready(pilot)
        refreshed: list[KeyFooter] = []
        refresh = KeyFooter.refresh

        def counted(footer: KeyFooter, *args: object, **kwargs: object) -> KeyFooter:
            refreshed.append(footer)
            return refresh(footer, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(KeyFooter, "refresh", counted)
        await pilot.press("f3")
        await ready(pilot)
        await pilot.press("f2")
        await ready(pilot)
        assert app.screen is catalogue
        assert _footer(catalogue) not in refreshed and _footer(force) not in refreshed

        # A change made on another screen shows when the catalogue comes back.
        await pilot.press("f3", "d")
        await ready(pilot)
        assert not app.document.force.entries
        assert not _print_key_acts(force)
        await pilot.press("f2")
        await ready(pilot)
        assert not _print_key_acts(catalogue)
        assert _footer(catalogue) in refreshed


async def test_only_whole_keys_are_drawn_and_the_palette_key_keeps_the_right_edge(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        footer = _footer(app.screen)
        line = footer.render().plain
        keys, palette = footer.keys()
        assert palette is not None and line.endswith(f"▏{palette.shown} {palette.description}")
        assert len(line) == 80
        drawn = [key for key in keys if f"{key.shown} {key.description} " in line]
        assert 4 <= len(drawn) < len(keys)  # 80 columns hold some keys, not all
        # What is drawn is the keys in order, whole, one space apart: no key cut in two.
        shown = " ".join(f"{key.shown} {key.description}" for key in drawn)
        assert line.startswith(shown + " ")
        assert (
            line[len(shown) + 1 : -len(palette.shown) - len(palette.description) - 2].strip() == ""
        )


async def test_a_click_on_a_key_presses_it_and_a_key_that_does_nothing_rings(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    rung: list[str] = []
    monkeypatch.setattr(app, "bell", lambda: rung.append("bell"))
    async with app.run_test(size=WIDE) as pilot:
        await ready(pilot)
        footer = _footer(app.screen)
        at, _line = _drawn(footer, "f6 Print")  # the force is empty: printing is off
        await pilot.click(KeyFooter, offset=(at + 1, 0))
        await pilot.pause()
        assert rung == ["bell"] and not isinstance(app.screen, HelpScreen)
        at, _line = _drawn(footer, "f1 Help")
        await pilot.click(KeyFooter, offset=(at + 1, 0))
        await ready(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_the_key_under_the_mouse_is_lit_and_says_what_it_does(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        footer = _footer(app.screen)
        at, before = _drawn(footer, "f1 Help")
        await pilot.hover(KeyFooter, offset=(at + 3, 0))
        await pilot.pause()
        assert footer.tooltip == "Show every key binding"
        at, after = _drawn(footer, "f1 Help")
        assert after.get_style_at_offset(app.console, at) != before.get_style_at_offset(
            app.console, at
        )
        await pilot.hover(KeyFooter, offset=(footer.size.width - 1 - len(" palette"), 0))
        await pilot.pause()
        assert footer.tooltip != "Show every key binding"
