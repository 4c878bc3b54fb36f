"""Provides ``TickBox`` and ``TickRadio``: toggles whose glyph says their state without colour.

Textual draws the same ``X`` (or ``●``) in a checked and an unchecked toggle and tells
them apart by colour only, which ``NO_COLOR`` and some terminals lose.  These draw ``✓``
or ``●`` when on and a blank when off.
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox, RadioButton


def _button(widget: Checkbox | RadioButton, on: str) -> Content:
    """The toggle's button with ``on`` inside when its value is set, a blank otherwise."""
    button_style = widget.get_visual_style("toggle--button")
    side_style = Style(foreground=button_style.background, background=widget.background_colors[1])
    return Content.assemble(
        (widget.BUTTON_LEFT, side_style),
        (on if widget.value else " ", button_style),
        (widget.BUTTON_RIGHT, side_style),
    )


class TickBox(Checkbox):
    """A checkbox that shows ``✓`` when ticked and a blank when not."""

    @property
    def _button(self) -> Content:
        return _button(self, "✓")


class TickRadio(RadioButton):
    """A radio button that shows ``●`` when chosen and a blank when not."""

    @property
    def _button(self) -> Content:
        return _button(self, "●")
