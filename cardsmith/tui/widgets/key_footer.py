"""The key footer every screen shows: one line of the keys that act now, drawn as one widget."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen


class _Key(NamedTuple):
    """One key as the footer shows it."""

    key: str
    action: str
    shown: str
    description: str
    enabled: bool
    tooltip: str


class _Place(NamedTuple):
    """Where a key was drawn on the line: cells ``start`` to ``end`` (not included)."""

    start: int
    end: int
    key: _Key


def _width(key: _Key) -> int:
    """Cells ``key`` takes: what is pressed, a space and what it does."""
    return cell_len(key.shown) + (1 + cell_len(key.description) if key.description else 0)


class KeyFooter(Widget, can_focus=False):
    """The keys of the screen's bindings that show, as Textual's compact footer draws them.

    Textual's footer mounts a widget per key and mounts them all again each time its
    screen says its bindings may have changed: about 2 ms a key, and the catalogue's first
    rows waited 25–60 ms behind it after the first frame.  This one line is drawn in the
    first frame, redrawn only when the keys it shows change, and knows where each key is
    for clicks and tooltips.
    """

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "key-footer--item",
        "key-footer--key",
        "key-footer--description",
        "key-footer--hover",
        "key-footer--separator",
    }
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .key-footer--item {
            background: $footer-item-background;
        }
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .key-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .key-footer--separator {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self._shown: Hashable = None
        self._places: list[_Place] = []
        self._hover: str | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.app.screen_change_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.screen_change_signal.unsubscribe(self)

    # -- what it shows ---------------------------------------------------------------

    def keys(self) -> tuple[list[_Key], _Key | None]:
        """The keys to show now, one per action in binding order, and the palette's key."""
        active = self.screen.active_bindings
        by_action: dict[str, _Key] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in by_action:
                shown = self.app.get_key_display(binding)
                by_action[binding.action] = _Key(
                    binding.key, binding.action, shown, binding.description, enabled, tooltip
                )
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, tooltip = found
                shown = self.app.get_key_display(binding)
                palette = _Key(
                    binding.key, binding.action, shown, binding.description, enabled, tooltip
                )
        return list(by_action.values()), palette

    def _bindings_changed(self, screen: Screen[object]) -> None:
        # Called several times on a move of the focus or a switch of screens, and for
        # screens out of sight: redraw only when this screen is in sight and its keys differ.
        if not self.is_attached or screen is not self.screen or not screen.is_current:
            return
        if self.keys() != self._shown:
            self.refresh()

    # -- drawing ---------------------------------------------------------------------

    def render(self) -> Text:
        keys, palette = self.keys()
        self._shown = (keys, palette)
        self._places = []
        width = self.size.width
        room = width - (_width(palette) + 1 if palette is not None else 0)  # "▏" and its key
        line = Text(no_wrap=True, overflow="crop", end="")
        for key in keys:
            if line.cell_len + _width(key) > room:
                break  # whole keys only: F1 lists them all
            self._draw(line, key)
            line.append(" ")
        if palette is not None:
            line.truncate(max(0, room), pad=True)
            line.append("▏", self.get_component_rich_style("key-footer--separator"))
            self._draw(line, palette)
        line.truncate(width, pad=True)
        return line

    def _draw(self, line: Text, key: _Key) -> None:
        start = line.cell_len
        item = self.get_component_rich_style("key-footer--item")
        # A key that does nothing now is drawn dim; the one under the mouse, lit.
        over = Style(dim=not key.enabled)
        if key.key == self._hover:
            over += Style(bgcolor=self.get_component_rich_style("key-footer--hover").bgcolor)
        line.append(key.shown, item + self.get_component_rich_style("key-footer--key") + over)
        if key.description:
            style = item + self.get_component_rich_style("key-footer--description") + over
            line.append(" " + key.description, style)
        self._places.append(_Place(start, line.cell_len, key))

    # -- the mouse -------------------------------------------------------------------

    def _at(self, x: int) -> _Key | None:
        return next((place.key for place in self._places if place.start <= x < place.end), None)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self._at(event.x)
        hover = key.key if key is not None else None
        if hover != self._hover:
            self._hover = hover
            self.tooltip = (key.tooltip or key.description) if key is not None else None
            self.refresh()

    def on_leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self._at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
