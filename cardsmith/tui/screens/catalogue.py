"""Provides ``CatalogueScreen``: search the local catalogue, preview cards, add units."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from cardsmith.catalogue.search import SearchFilters, SearchIndex
from cardsmith.forces.pricing import force_pv
from cardsmith.tui.messages import ForceChanged
from cardsmith.tui.widgets.filters import FilterBar
from cardsmith.tui.widgets.results import ResultsTable
from cardsmith.tui.widgets.unit_card import UnitCard
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.tui.app import CardsmithApp


class SearchBox(Input):
    """The search field: Enter or Down moves to the results."""

    # Bindings rather than the Submitted message: the focus moves before the next key
    # is handled, so "atlas⏎↓↓⏎" typed fast lands where it should.
    BINDINGS = [
        Binding("enter", "app.focus_results", "Results", id="search.enter"),
        Binding("down", "app.focus_results", "Results", show=False, id="search.down"),
    ]


class CatalogueScreen(Screen[None]):
    """The unit browser: type to search, filter, sort, preview, press Enter to add."""

    BINDINGS = [
        Binding(
            "a", "add", "Add to force", tooltip="Add the highlighted unit to the force", id="add"
        ),
        Binding(
            "slash,ctrl+f", "focus_search", "Search", tooltip="Go to the search box", id="search"
        ),
        Binding("ctrl+l", "clear_filters", "Clear filters", id="clear-filters"),
        Binding(
            "f5",
            "fetch",
            "Fetch MUL",
            tooltip="Fetch units matching the search from the MUL",
            id="fetch",
        ),
        Binding("escape", "focus_search", show=False, id="back-to-search"),
    ]

    def __init__(self) -> None:
        super().__init__(id="catalogue")
        self.index: SearchIndex | None = None
        self.matches = 0
        self.last_query: tuple[str, SearchFilters] | None = None
        self._addable: bool | None = None
        self.load_error = False

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="search-row"):
            yield SearchBox(
                placeholder="Search units by name, chassis or variant — typos are fine",
                id="search",
            )
            yield Static("", id="net-state")
        yield FilterBar(id="filters")
        with Horizontal(id="body"):
            yield ResultsTable(id="results")
            with VerticalScroll(id="preview-pane"):
                yield UnitCard(id="preview")
        yield Static("Loading the catalogue…", id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Catalogue"
        self.query_one("#search", Input).focus()
        self.query_one("#preview", UnitCard).show(None)
        self.query_one("#preview-pane").border_title = "Card"
        self._show_net_state()

    def on_screen_resume(self) -> None:
        self._update_status()

    def on_force_changed(self, _message: ForceChanged) -> None:
        self._update_status()

    # -- searching -------------------------------------------------------------------

    def index_ready(self, index: SearchIndex) -> None:
        """Take the freshly loaded index and run the current search."""
        self.index = index
        roles = {row.role for row in index.rows if row.role}
        self.query_one(FilterBar).set_roles(roles)
        self.last_query = None
        self.run_search()

    def load_failed(self) -> None:
        """Say that the catalogue could not be opened (the notification says why)."""
        self.load_error = True
        self._update_status()

    def run_search(self) -> None:
        """Search with the box and the filters as they are now, and show the hits."""
        if self.index is None:
            return
        query = self.query_one("#search", Input).value
        filters = self.query_one(FilterBar).filters
        if (query, filters) == self.last_query:
            return
        self.last_query = (query, filters)
        hits = self.index.search(query, filters, limit=0)
        self.matches = len(hits)
        self.query_one(ResultsTable).show_hits(hits)
        self._update_status()
        if not hits:
            self.query_one("#preview", UnitCard).show(None)

    @on(Input.Changed, "#search")
    def _search_changed(self) -> None:
        self.run_search()

    @on(FilterBar.Changed)
    def _filters_changed(self) -> None:
        self.run_search()

    @on(ResultsTable.Highlighted, "#results")
    def _row_highlighted(self, event: ResultsTable.Highlighted) -> None:
        row = event.row
        unit = self.cs_app.units.get(row.mul_id) if row is not None else None
        self.query_one("#preview", UnitCard).show(unit)
        addable = None if row is None else _addable(row)
        if addable != self._addable:
            # Only when "Add" changes state: redrawing the footer costs a frame.
            self._addable = addable
            self.refresh_bindings()

    @on(ResultsTable.Selected, "#results")
    def _row_selected(self) -> None:
        self.action_add()

    # -- actions ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add":
            row = self.query_one(ResultsTable).highlighted_row()
            if row is None:
                return False
            return True if _addable(row) else None
        if action == "fetch":
            return self.cs_app.can_fetch
        return True

    def action_add(self) -> None:
        row = self.query_one(ResultsTable).highlighted_row()
        if row is None:
            return
        if not _addable(row):
            self.notify(
                f"{row.name} has no Alpha Strike stats, so it cannot join a force.",
                title="Not addable",
                severity="warning",
            )
            return
        unit = self.cs_app.units.get(row.mul_id)
        if unit is not None:
            self.cs_app.add_unit(unit)

    def action_focus_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_focus_results(self) -> None:
        self.query_one(ResultsTable).focus()

    def action_clear_filters(self) -> None:
        self.query_one(FilterBar).clear()

    def action_fetch(self) -> None:
        self.cs_app.start_fetch(self.query_one("#search", Input).value)

    # -- status -----------------------------------------------------------------------

    def _update_status(self) -> None:
        if not self.is_mounted:
            return
        parts: list[str] = []
        if self.index is not None:
            table = self.query_one(ResultsTable)
            parts.append(
                f"{count(len(self.index), 'unit')} · {count(self.matches, 'match', 'matches')} · "
                f"sorted by {table.sort_label}"
            )
        elif self.load_error:
            parts.append("The local catalogue could not be opened (see the message)")
        else:
            parts.append("Loading the catalogue…")
        document = self.cs_app.document
        force = document.force
        cap = f" / {force.cap}" if force.cap else ""
        parts.append(
            f"Force “{document.title}”: {count(len(force.entries), 'unit')}, {force_pv(force)}{cap} PV"
        )
        self.query_one("#status", Static).update("   │   ".join(parts))

    def _show_net_state(self) -> None:
        self.set_net_state(self.cs_app.net_state)

    def set_net_state(self, state: str) -> None:
        """Show ``online``, ``offline`` or a fetch progress text beside the search box."""
        label = self.query_one("#net-state", Static)
        label.update(f"● {state}")
        label.set_class(state == "offline", "-offline")
        label.tooltip = (
            "The MUL is not used: search works on the local catalogue"
            if state == "offline"
            else "F5 fetches units matching the search from the Master Unit List"
        )


def _addable(row: Any) -> bool:
    """Alpha Strike stats, or a custom unit (negative id) of another system with points."""
    return bool(row.has_stats) or (row.mul_id < 0 and row.pv > 0)
