"""Provides ``paste``: text put into the focused input the way a terminal paste puts it."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input


async def paste(pilot: Pilot[Any], text: str) -> None:
    """Clear the focused input and paste ``text`` into it (one event, not one key a letter).

    Typing a long path key by key costs a tenth of a second a letter under Pilot; tests
    whose subject is not the typing itself paste instead, which the app must take as well.
    """
    await pilot.pause()  # a focus asked for just now takes effect
    focused = pilot.app.focused
    assert isinstance(focused, Input), f"no input has the focus ({focused!r})"
    await pilot.press("ctrl+u")
    focused.post_message(events.Paste(text))
    await pilot.pause()
    assert focused.value == text, (focused.value, text)
