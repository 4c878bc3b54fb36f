"""The key footer every screen shows, rebuilt only when the keys it shows change."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen


class KeyFooter(Footer):
    """Textual's compact footer, without the rebuilds that change nothing.

    Textual rebuilds a footer each time its screen says its bindings may have changed:
    several times on a move of the focus or a switch of screens, and for screens out of
    sight too.  A rebuild mounts and styles every key again (about a millisecond a key).
    This footer gathers those calls into one, made after the next refresh, and only when
    its screen is in sight and shows other keys than it did; a screen coming back into
    sight is looked at again.
    """

    def __init__(self) -> None:
        super().__init__(compact=True)
        self._shown: Hashable = None
        self._rebuild_asked = False

    def on_mount(self) -> None:
        super().on_mount()
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def _keys(self) -> Hashable:
        """What the footer would show now: each key, its label, tooltip and whether it acts."""
        shown = tuple(
            (binding.key, binding.action, binding.description, enabled, tooltip)
            for _node, binding, enabled, tooltip in self.screen.active_bindings.values()
            if binding.show
        )
        return (shown, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE)

    def compose(self) -> ComposeResult:
        self._shown = self._keys() if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._ask_rebuild()

    def _screen_changed(self, screen: Screen[object]) -> None:
        if self._bindings_ready and self.is_attached and screen is self.screen:
            self._ask_rebuild()

    def _ask_rebuild(self) -> None:
        if not self._rebuild_asked:
            self._rebuild_asked = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_asked = False
        if not self.is_attached or not self.screen.is_current:
            return  # looked at again when its screen comes back
        if self._keys() != self._shown:
            await self.recompose()
