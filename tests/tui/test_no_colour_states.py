"""Toggles say their state by glyph, not by colour: the filter checkbox, the post-game radio."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.widgets import Checkbox, RadioSet
from textual.widgets._toggle_button import ToggleButton

from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.widgets.ticks import TickBox, TickRadio

from .conftest import ready


def _glyph(toggle: ToggleButton) -> str:
    return str(toggle.render())[1]


async def test_the_filter_checkbox_reads_ticked_or_blank(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+g")
        await pilot.pause()
        box = app.screen.query_one("#usable", Checkbox)
        assert isinstance(box, TickBox)
        before = (box.value, _glyph(box))
        box.focus()
        await pilot.press("space")
        await pilot.pause()
        after = (box.value, _glyph(box))
        assert {before, after} == {(True, "✓"), (False, " ")}


async def test_radio_buttons_read_chosen_or_blank() -> None:
    class Radios(App[None]):
        def compose(self) -> ComposeResult:
            with RadioSet():
                yield TickRadio("Roll for me", value=True, id="one")
                yield TickRadio("I roll my own", id="two")

    app = Radios()
    async with app.run_test(size=(40, 6)) as pilot:
        one, two = app.query_one("#one", TickRadio), app.query_one("#two", TickRadio)
        assert (_glyph(one), _glyph(two)) == ("●", " ")
        await pilot.press("down", "enter")
        await pilot.pause()
        assert (one.value, two.value) == (False, True)
        assert (_glyph(one), _glyph(two)) == (" ", "●")
