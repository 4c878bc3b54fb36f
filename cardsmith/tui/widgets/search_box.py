"""Provides ``SearchBox``: the catalogue's search field, which searches in the key's own turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive

from cardsmith.tui.widgets.forwarding import FocusInput


class SearchBox(FocusInput):
    """The search field: Enter or Down moves to the results; each change searches at once."""

    # Bindings rather than the Submitted message: the focus moves before the next key
    # is handled, so "atlas⏎↓↓⏎" typed fast lands where it should.
    BINDINGS = [
        Binding("enter", "app.focus_results", "Results", id="search.enter"),
        Binding("down", "app.focus_results", "Results", show=False, id="search.down"),
    ]

    # Input sets its virtual size to the text's width on every key, and a reactive with
    # layout=True would reflow the whole screen for it: a frame's cost doubled per key.
    # The box is one line in a fixed-width row, so a repaint is all a key needs.
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, changed: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._changed = changed

    def watch_value(self) -> None:
        # Not the Changed message: it bubbles through the search row and reaches the
        # screen only after the screen has painted the letter, so the results would wait
        # for the next frame (up to 17 ms later, plus that frame's own cost).
        self._changed()
