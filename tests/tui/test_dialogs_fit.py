"""Every dialog fits an 80×24 terminal, and each of its fields and buttons can be reached."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Input, OptionList, Select

from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.campaign_dialogs import NewCampaignDialog

from .conftest import add_by_search, ready

CONTROLS = (Button, Input, Select, OptionList, DataTable)  # a SelectionList is an OptionList

#: Dialog → the keys that open it from the catalogue (a force of one unit loaded first).
DIALOGS = {
    "filters": ("ctrl+g",),
    "lookup": ("enter", "i"),
    "file menu": ("f10",),
    "open file": ("ctrl+o",),
    "help": ("f1",),
    "print": ("f6",),
    "force settings": ("f3", "f"),
    "new campaign": ("f7", "n"),
    "open campaign": ("f7", "o"),
    "open battle": ("f8", "o"),
}


async def test_every_dialog_fits_80x24_and_every_control_comes_into_view(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas as7-d")
        for name, keys in DIALOGS.items():  # one app for all: a launch costs more than a look
            if app.screen.id != "catalogue":
                await pilot.press("f2")
            await pilot.press("ctrl+f", *keys)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, ModalScreen), (name, dialog)
            await _every_control_in_view(pilot, dialog, name)
            dialog.dismiss(None)
            await pilot.pause()
            assert not isinstance(app.screen, ModalScreen), name


async def test_a_dialog_taller_than_the_terminal_scrolls_to_each_control(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("f7", "n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewCampaignDialog)
        # The Wild West pack brings its skill tables: more than 24 lines in all.
        dialog.query_one("#campaign-pack", Select).value = "old-west"
        await pilot.pause()
        (box,) = dialog.children
        assert box.virtual_size.height > box.scrollable_content_region.height
        await _every_control_in_view(pilot, dialog, "new campaign, Wild West")


async def _every_control_in_view(pilot: Pilot[None], dialog: Screen[Any], name: str) -> None:
    """The dialog's frame is on screen, and focus brings each control fully into it."""
    (box,) = dialog.children  # the dialog's frame
    assert dialog.region.contains_region(box.region), (name, box.region)
    controls = [w for w in box.query("*") if isinstance(w, CONTROLS) and w.display]
    assert controls, name
    for control in controls:
        control.focus()
        # The scroll to it is scheduled after the next refresh: wait for it, not a time.
        for _ in range(20):
            await pilot.wait_for_scheduled_animations()
            if box.region.contains_region(control.region):
                break
            await pilot.pause()
        assert box.region.contains_region(control.region), (name, control, control.region)
        assert control.region.height > 0 and control.region.width > 0, (name, control)
