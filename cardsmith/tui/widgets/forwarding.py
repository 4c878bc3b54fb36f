"""Provides keys that follow the focus: no key typed fast is lost to a widget just left.

Textual hands each key to the widget that has the focus when the key is read, and runs
a key's binding only once the key has bubbled up from that widget, one message later.
When a player types faster than the app handles keys (a slow frame, a busy machine),
the keys typed after a Tab are handled before the Tab moves the focus: ``30`` Tab ``50``
in two PV fields left ``3050`` in the first.  Two things mend it: a widget runs the
binding of a key at once (``act_now``), so the focus has moved before the next key is
read, and a key still queued for a widget the focus has left is passed on to the widget
that has the focus now (``pass_on_if_left``), in the order it was typed.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

from textual import events
from textual.widget import Widget
from textual.widgets import Input, Select

SelectType = TypeVar("SelectType", bound=Hashable)


def pass_on_if_left(widget: Widget, event: events.Key) -> bool:
    """Send ``event`` on to the focused widget when ``widget`` lost the focus; True if sent."""
    try:
        focused = widget.screen.focused
    except Exception:  # not on a screen (being removed): nothing to pass on to
        return False
    if focused is None or focused is widget or not widget.is_attached:
        return False
    if widget in focused.ancestors:
        return False  # a key bubbling up from a part of the widget (a Select's list)
    event.stop()
    event.prevent_default()
    again = events.Key(event.key, event.character)
    again.set_sender(widget.app)
    focused.post_message(again)
    return True


async def act_now(widget: Widget, event: events.Key) -> bool:
    """Run the binding ``event`` has now, before the keys queued behind it; True if one ran."""
    # App._check_bindings is what Textual (pinned at 8.2.8) runs when the key bubbles up;
    # running it here, in the widget's own turn, keeps Tab ahead of the keys after it.
    if await widget.app._check_bindings(event.key):
        event.stop()
        event.prevent_default()
        return True
    return False


class FocusInput(Input):
    """An ``Input`` whose Tab, Enter … act at once, and that passes on keys typed after it lost the focus."""

    async def _on_key(self, event: events.Key) -> None:
        if pass_on_if_left(self, event):
            return
        if not event.is_printable and await act_now(self, event):
            return
        await super()._on_key(event)


class FocusSelect(Select[SelectType], Generic[SelectType]):
    """A ``Select`` whose Tab acts at once, and that passes on keys typed after it lost the focus."""

    async def _on_key(self, event: events.Key) -> None:
        if pass_on_if_left(self, event):
            return
        if event.key in ("tab", "shift+tab") and await act_now(self, event):
            return
        await super()._on_key(event)
