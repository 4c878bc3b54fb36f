"""A key whose every binding is switched off says why, instead of doing nothing in silence."""

from __future__ import annotations

from collections.abc import Callable

from textual.message import Message
from textual.notifications import Notify

from cardsmith.tui.app import CardsmithApp

from .conftest import SIZE, add_by_search, ready


def _refusals(messages: list[Message]) -> list[str]:
    return [
        m.notification.message
        for m in messages
        if isinstance(m, Notify) and m.notification.title == "Nothing done"
    ]


async def test_battle_keys_with_no_battle_open_say_why(
    make_app: Callable[..., CardsmithApp],
) -> None:
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f8")
        await pilot.pause()
        for key in ("n", "d", "e", "u"):
            await pilot.press(key)
            await pilot.pause()
        assert _refusals(messages) == [
            "Save the force first (Ctrl+S): a battle starts from a force file.",
            "No battle open: o opens one, n starts one from the saved force.",
            "No battle open: o opens one, n starts one from the saved force.",
            "No battle open: o opens one, n starts one from the saved force.",
        ]


async def test_app_keys_switched_off_say_why(make_app: Callable[..., CardsmithApp]) -> None:
    messages: list[Message] = []
    app = make_app(offline=True)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f5", "f2", "ctrl+z", "ctrl+y", "f6")
        await pilot.pause()
        assert _refusals(messages) == [
            "Fetching is off: the app was started with --offline.",
            "This is the Catalogue screen already.",
            "Nothing to undo.",
            "Nothing to redo.",
            "The force has no units yet: add some from the catalogue (F2).",
        ]


async def test_a_key_another_binding_takes_says_nothing(
    make_app: Callable[..., CardsmithApp],
) -> None:
    """Ctrl+Z is the battle's undo (off: no battle) and the force's (on): the force's runs."""
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas as7-d")
        assert len(app.document.force.entries) == 1
        messages.clear()
        await pilot.press("f8", "ctrl+z")
        await pilot.pause()
        assert not app.document.force.entries  # the force's undo ran
        assert _refusals(messages) == []
        await pilot.press("o")  # a key that works opens its dialog, and says nothing either
        await pilot.pause()
        assert app.screen.__class__.__name__ == "PathDialog"
        assert _refusals(messages) == []
