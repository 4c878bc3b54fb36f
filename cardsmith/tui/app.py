"""Provides ``CardsmithApp``: the Textual shell that holds the screens and the force being edited."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events, on, work
from textual.binding import Binding
from textual.filter import LineFilter
from textual.screen import ModalScreen, Screen
from textual.worker import Worker, WorkerState, get_current_worker

from cardsmith import services
from cardsmith.errors import CardsmithError, CatalogueUnavailable
from cardsmith.tui import collector
from cardsmith.tui.messages import (
    ForceChanged,
    IndexLoaded,
)
from cardsmith.tui.mul_flows import MulFlows
from cardsmith.tui.refused_keys import why_refused
from cardsmith.tui.safe_lines import SafeLines
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.widgets.results import ResultsTable

if TYPE_CHECKING:
    # The catalogue and the unit model load after the first frame (``after_first_frame``).
    from cardsmith.catalogue.search_index import SearchIndex
    from cardsmith.models import Force, Unit

#: App actions that act on the force being edited (switched off when they cannot now).
_FORCE_ACTIONS = frozenset({"undo", "redo", "print", "save", "export_force"})

#: Seconds of quiet after an edit before the recovery copy is written.
RECOVERY_DELAY = 1.0

#: The main screens other than the catalogue: (module, class), imported when first shown.
LAZY_SCREENS: dict[str, tuple[str, str]] = {
    "force": ("cardsmith.tui.screens.force", "ForceScreen"),
    "reference": ("cardsmith.tui.screens.reference", "ReferenceScreen"),
    "campaign": ("cardsmith.tui.screens.campaign", "CampaignScreen"),
    "battle": ("cardsmith.tui.screens.battle", "BattleScreen"),
}


class CardsmithApp(MulFlows):
    """Catalogue browser, force editor and reference, keyboard first."""

    TITLE = "cardsmith"
    CSS_PATH = "cardsmith.tcss"
    BINDINGS = [
        Binding("f1", "help", "Help", tooltip="Show every key binding", id="help"),
        Binding(
            "f10", "file_menu", "File", tooltip="New, open, save, import, export …", id="file-menu"
        ),
        Binding(
            "f2", "show('catalogue')", "Catalogue", tooltip="Search and add units", id="catalogue"
        ),
        Binding("f3", "show('force')", "Force", tooltip="Edit the force", id="force"),
        Binding(
            "f4",
            "show('reference')",
            "Reference",
            tooltip="Specials, crits, heat, to-hit",
            id="reference",
        ),
        Binding(
            "f7",
            "show('campaign')",
            "Campaign",
            tooltip="Campaign roster, post-game rolls and the log",
            id="campaign",
        ),
        Binding(
            "f8",
            "show('battle')",
            "Battle",
            tooltip="Play a battle: damage, heat, crits, end round, Betrayal",
            id="battle",
        ),
        # Undo and redo work everywhere but stay out of the crowded footer (F1 lists them).
        Binding("ctrl+z", "undo", "Undo", show=False, tooltip="Undo the last edit", id="undo"),
        Binding(
            "ctrl+y", "redo", "Redo", show=False, tooltip="Redo the edit just undone", id="redo"
        ),
        Binding("ctrl+s", "save", "Save", tooltip="Save the force to its file", id="save"),
        Binding(
            "f12",
            "save_as",
            "Save as",
            show=False,
            tooltip="Save the force to a new file",
            id="save-as",
        ),
        Binding("ctrl+o", "open", "Open", show=False, tooltip="Open a force file", id="open"),
        Binding("ctrl+n", "new", "New", show=False, tooltip="Start a new force", id="new"),
        Binding("f6", "print", "Print", tooltip="Write record sheets to a PDF", id="print"),
        Binding(
            "ctrl+r",
            "import_force",
            "Import",
            show=False,
            tooltip="Import a force from MegaMek, JBT, CSV or TTS",
            id="import",
        ),
        Binding(
            "ctrl+t",
            "export_force",
            "Export",
            show=False,
            tooltip="Export the force as MUL, CSV, TTS, text or Markdown",
            id="export",
        ),
        Binding(
            "f9",
            "unit_editor",
            "Units",
            show=False,
            tooltip="Create and edit custom units",
            id="unit-editor",
        ),
        Binding(
            "ctrl+q",
            "quit",
            "Quit",
            tooltip="Quit (asks about unsaved changes)",
            id="quit",
            priority=True,
        ),
    ]

    def __init__(
        self,
        *,
        cache_dir: Path | None = None,
        offline: bool = False,
        force_path: Path | None = None,
        recovery: bool = True,
    ) -> None:
        super().__init__()
        from cardsmith import paths

        self.cache_dir = paths.cache_dir(cache_dir)
        self.offline = offline
        self.force_path = force_path
        self.use_recovery = recovery
        self._units: services.UnitSource | None = None
        self.index: SearchIndex | None = None
        self.net_state = "offline" if offline else "online"
        self._safe_lines = SafeLines()

    @property
    def units(self) -> services.UnitSource:
        """Full units from the local catalogue, for cards and adding; made on first use
        (its module loads the catalogue, which the first frame does without)."""
        if self._units is None:
            self._units = services.UnitSource(self.cache_dir)
        return self._units

    def close_units(self) -> None:
        if self._units is not None:
            self._units.close()

    def get_line_filters(self) -> list[LineFilter]:
        """Textual's filters (NO_COLOR …), then the guard that no name steers the terminal."""
        return [*super().get_line_filters(), self._safe_lines]

    # -- start-up ---------------------------------------------------------------------

    def on_mount(self) -> None:
        self.install_screen(CatalogueScreen(), "catalogue")
        self.push_screen("catalogue")

    def after_first_frame(self) -> None:
        """What start-up leaves until the first screen is drawn: the catalogue's first rows,
        then (after the frame that shows them) its index and the force to open.

        The first frame needs Textual and the catalogue screen's widgets only; the
        catalogue, the search index and the unit model (about 45 ms of imports) load here.
        Built beside the first screen, the index worker took the interpreter from it.
        The catalogue screen asks for this when it mounts (``CatalogueScreen.on_mount``).
        """
        collector.release()  # held from the launch to the first frame
        catalogue = self.catalogue_screen()
        if catalogue is not None:
            catalogue.read_first_rows()
        self.call_after_refresh(self.load_index)
        if self.force_path is not None:
            self.call_after_refresh(self.open_force, self.force_path)
        elif self.use_recovery:
            self.call_after_refresh(self._recover)

    @work(
        thread=True,
        exclusive=True,
        group="catalogue",
        exit_on_error=False,
        description="Loading the catalogue",
    )
    def load_index(self) -> None:
        """Open the catalogue and build its search index off the UI thread."""
        index, notices = services.load_index(self.cache_dir)
        if not get_current_worker().is_cancelled:
            self.post_message(IndexLoaded(index, notices))

    def on_index_loaded(self, message: IndexLoaded) -> None:
        self.index = message.index
        for notice in message.notices:
            self.notify(notice, title="Catalogue", severity="warning", timeout=15)
        catalogue = self.catalogue_screen()
        if catalogue is not None:
            catalogue.index_ready(message.index)

    # -- the force ----------------------------------------------------------------------

    def apply_force(self, force: Force, label: str) -> None:
        """Make ``force`` the current value (undoable) and redraw every screen."""
        if self.document.apply(force, label):
            self._force_changed(label)

    def add_unit(self, unit: Unit) -> None:
        """Add ``unit`` at skill 4 and say so."""
        try:
            force = services.add_unit(self.document.force, unit)
        except CardsmithError as exc:
            self.notify(exc.message, title="Not added", severity="warning")
            return
        self.apply_force(force, f"add {unit.name}")
        from cardsmith.forces.pricing import force_pv  # loaded after the first frame

        total = force_pv(force)
        cap = f" / {force.cap}" if force.cap else ""
        self.notify(f"Added {unit.name} as #{len(force.entries)} — force {total}{cap} PV.")

    def main_screen(self, name: str) -> Screen[Any]:
        """The main screen ``name``, imported and made the first time it is asked for."""
        if not self.is_screen_installed(name) and name in LAZY_SCREENS:
            module, cls = LAZY_SCREENS[name]
            self.install_screen(getattr(importlib.import_module(module), cls)(), name)
        return self.get_screen(name)

    def _force_changed(self, label: str) -> None:
        for name in ("catalogue", "force"):
            if not self.is_screen_installed(name):
                continue  # never shown yet: it reads the force when it first mounts
            screen = self.get_screen(name)
            if screen.is_attached:
                screen.post_message(ForceChanged(label))
        self.refresh_bindings()
        if self.use_recovery:
            self.set_timer(RECOVERY_DELAY, self._write_recovery, name="recovery")

    # -- actions ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # None shows the key greyed out in the footer: it exists but does nothing now.
        if action in _FORCE_ACTIONS:
            if not self.document_made:
                # The new, empty force, not made yet (the first frame's footer asks this):
                # it can only be saved.
                return True if action == "save" else None
            document = self.document
            enabled = {
                "undo": document.can_undo,
                "redo": document.can_redo,
                "print": bool(document.force.entries),
                "save": document.dirty or document.path is None,
                "export_force": bool(document.force.entries),
            }[action]
            return True if enabled else None
        if action == "show":
            # The screen you are on is not offered as a place to go.
            return self.screen.id != parameters[0] if parameters else True
        return True

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why an app action cannot run now: what a switched-off key says (``on_key``)."""
        empty = "The force has no units yet: add some from the catalogue (F2)."
        if action == "show" and parameters:
            return f"This is the {str(parameters[0]).capitalize()} screen already."
        return {
            "undo": "Nothing to undo.",
            "redo": "Nothing to redo.",
            "print": empty,
            "export_force": empty,
            "save": "No changes to save.",
        }.get(action)

    def on_key(self, event: events.Key) -> None:
        # A key whose every binding is switched off now would otherwise do nothing, silently.
        reason = why_refused(self, event.key)
        if reason is not None:
            self.notify(reason, title="Nothing done", severity="warning")

    def action_show(self, name: str) -> None:
        """Switch to one of the main screens."""
        if isinstance(self.screen, ModalScreen) or self.screen.id == name:
            return
        self.switch_screen(self.main_screen(name))
        self.refresh_bindings()
        if name == "catalogue":
            screen = self.catalogue_screen()
            if screen is not None:
                screen.action_focus_search()

    def action_focus_results(self) -> None:
        # set_focus, not focus(): the focus must move before the next key is read.
        self.screen.set_focus(self.screen.query_one(ResultsTable))

    def action_help(self) -> None:
        from cardsmith.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_undo(self) -> None:
        label = self.document.undo()
        if label is None:
            self.notify("Nothing to undo.")
            return
        self._force_changed(f"undo {label}")
        self.notify(f"Undone: {label}.", timeout=2)

    def action_redo(self) -> None:
        label = self.document.redo()
        if label is None:
            self.notify("Nothing to redo.")
            return
        self._force_changed(f"redo {label}")
        self.notify(f"Redone: {label}.", timeout=2)

    # -- errors -------------------------------------------------------------------------

    @on(Worker.StateChanged)
    def _worker_failed(self, event: Worker.StateChanged) -> None:
        """Every worker error becomes a notification, never a crash."""
        if event.state != WorkerState.ERROR:
            return
        error = event.worker.error
        if event.worker.group == "catalogue":
            catalogue = self.catalogue_screen()
            if catalogue is not None:
                catalogue.load_failed()
        if isinstance(error, CatalogueUnavailable):
            self._set_net_state("unreachable")
        elif event.worker.group == "fetch":
            self._set_net_state("online" if self.can_fetch else "offline")
        message = (
            error.message
            if isinstance(error, CardsmithError)
            else f"{type(error).__name__}: {error}"
        )
        title = getattr(error, "title", None) or f"{event.worker.description or 'Task'} failed"
        self.notify(message, title=title, severity="error", timeout=15)
