"""Every dialog fits an 80×24 terminal, and each of its fields and buttons can be reached."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, OptionList, Select

from cardsmith.tui.app import CardsmithApp

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


@pytest.mark.parametrize("keys", DIALOGS.values(), ids=list(DIALOGS))
async def test_the_dialog_fits_80x24_and_every_control_comes_into_view(
    make_app: Callable[..., CardsmithApp], keys: tuple[str, ...]
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas as7-d")
        await pilot.press("f2", "ctrl+f")
        await pilot.press(*keys)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ModalScreen), dialog
        (box,) = dialog.children  # the dialog's frame
        assert dialog.region.contains_region(box.region), (box.region, dialog.region)
        controls: list[Widget] = [
            w for w in box.query("*") if isinstance(w, CONTROLS) and w.display
        ]
        assert controls
        for control in controls:
            control.focus()
            await pilot.pause()
            # Focus scrolls a control into view inside a box too tall for the terminal.
            assert box.region.contains_region(control.region), (control, control.region)
            assert control.region.height > 0 and control.region.width > 0, control
