"""Names from a shared force file reach the screen as visible symbols, never as terminal codes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.geometry import Region
from textual.widget import Widget

from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry, Pilot
from cardsmith.services.catalogue import open_catalogue
from cardsmith.tui.app import CardsmithApp

from .conftest import SIZE, ready

#: Sets the window title, then writes the clipboard where a terminal honours OSC 52.
TITLE = "\x1b]0;PWNED\x07"
CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4=\x07"


def _drawn(app: CardsmithApp) -> str:
    """Every line every visible widget draws, after the app's line filters."""
    lines = []
    for widget in app.screen.walk_children(Widget, with_self=True):
        width, height = widget.size
        if widget.display and width and height:
            for strip in widget.render_lines(Region(0, 0, width, height)):
                lines.append("".join(s.text for s in strip if not s.control))
    return "\n".join(lines)


async def test_control_codes_in_names_are_drawn_as_symbols(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    with open_catalogue(make_app().cache_dir) as catalogue:
        atlas = catalogue.get(140)
    assert atlas is not None
    pilot_name = f"Kai{CLIPBOARD}\u202eLLIK"
    force = Force(name=f"Lance{TITLE}", entries=(ForceEntry(atlas, pilot=Pilot(name=pilot_name)),))
    path = tmp_path / "shared.json"
    save_force(force, path)
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f3")
        await pilot.pause()
        drawn = _drawn(app)
    assert "\x1b" not in drawn and "\x07" not in drawn and "\u202e" not in drawn
    # The names are there, their codes shown as symbols (ESC as ␛), not dropped silently.
    # (Rich drops BEL on its own; ESC and the bidi override it would pass on.)
    assert "Kai␛]52;c;cm0gLXJmIH4=" in drawn and "Lance␛]0;PWNED" in drawn, drawn
