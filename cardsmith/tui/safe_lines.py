"""Provides ``SafeLines``: the app's last guard that no name read from a file steers the terminal.

Names from shared files are shown through ``safe_text`` where a screen lays them out; this
filter runs on every line the app draws, after layout, so a control character or a bidi
override that reached a widget any other way is drawn as a visible symbol instead of
being sent to the terminal (an escape sequence could set the window title or, where a
terminal honours OSC 52, the clipboard).
"""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from cardsmith.safetext import is_safe, one_cell


class SafeLines(LineFilter):
    """Draws control and bidi characters in a line's text as visible symbols."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        if all(segment.control or is_safe(segment.text) for segment in segments):
            return segments
        return [
            segment
            if segment.control or is_safe(segment.text)
            else Segment(one_cell(segment.text), segment.style)
            for segment in segments
        ]
