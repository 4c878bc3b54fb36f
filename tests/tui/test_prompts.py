"""Prompts name the action they guard: Ctrl+N with unsaved work asks about a new force."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Label

from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.dialogs import QuitDialog

from .conftest import add_by_search, ready


async def test_ctrl_n_with_unsaved_work_names_the_new_force(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        question = str(app.screen.query_one("#unsaved-question", Label).render())
        assert question == "Save them before starting a new force?"
        await pilot.press("d")  # discard
        await pilot.pause()
        assert app.document.force.entries == ()
