"""Provides ``CatalogueScreen``: search the local catalogue, preview cards, add units.

Search keeps up with typing at any catalogue size.  A letter typed with no filter set is
answered in the key's own turn, so the frame that shows the letter shows its results:
finding the best ``TOP`` names holding the query takes 0.2-4.5 ms at 8,605 units (one
and two letters cost most: they find the most names).  What can take
longer (typos, filters that scan every row, a column sort) runs in a thread worker, and
changes made meanwhile are gathered into the next search (a debounce that never waits
when the app is idle).  Nothing here writes into a field while the player types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Header, Input, Static
from textual.worker import get_current_worker

from cardsmith import services
from cardsmith.catalogue.row_filters import SearchFilters
from cardsmith.services.filter_text import FilterText
from cardsmith.tui.messages import ForceChanged
from cardsmith.tui.widgets.filter_summary import FilterSummary
from cardsmith.tui.widgets.key_footer import KeyFooter
from cardsmith.tui.widgets.result_columns import addable, order_rows
from cardsmith.tui.widgets.results import ResultsTable
from cardsmith.tui.widgets.search_box import SearchBox
from cardsmith.tui.widgets.unit_card import UnitCard
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.catalogue.search import IndexRow, SearchResult
    from cardsmith.catalogue.search_index import SearchIndex
    from cardsmith.models import Unit
    from cardsmith.tui.app import CardsmithApp

#: Rows read while the index loads when the table's height is not known yet.
FIRST_ROWS = 120

#: Most hits a search lists in relevance order (a column sort lists them all).
TOP = 1000

#: Seconds the cursor rests on a row before its card is drawn.
PREVIEW_DELAY = 0.06

_Wanted = tuple[str, SearchFilters, str | None, bool]


class CatalogueScreen(Screen[None]):
    """The unit browser: type to search, filter, sort, preview, press Enter to add."""

    BINDINGS = [
        Binding(
            "a", "add", "Add to force", tooltip="Add the highlighted unit to the force", id="add"
        ),
        Binding(
            "slash,ctrl+f", "focus_search", "Search", tooltip="Go to the search box", id="search"
        ),
        Binding(
            "ctrl+g", "filters", "Filters", tooltip="Filter by type, role, PV, eras …", id="filters"
        ),
        Binding("ctrl+l", "clear_filters", "Clear filters", show=False, id="clear-filters"),
        Binding(
            "i", "lookup", "Add by id", tooltip="Add a unit by MUL id or exact name", id="lookup"
        ),
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
        self.more = False
        self.filter_text = FilterText()
        self.filters = SearchFilters()
        self.last_query: _Wanted | None = None
        """What the rows on screen answer."""
        self._in_flight: _Wanted | None = None
        self._addable: bool | None = None
        self._preview_timer: Timer | None = None
        self._carded: IndexRow | None = None
        """The row whose card the preview shows."""
        self.load_error = False

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="search-row"):
            yield SearchBox(
                self.run_search,
                placeholder="Search units by name, chassis or variant — typos are fine",
                id="search",
            )
            yield Static("", id="net-state")
        yield FilterSummary(id="filter-summary")
        with Horizontal(id="body"):
            yield ResultsTable(id="results")
            with VerticalScroll(id="preview-pane", classes="pane"):
                yield UnitCard(id="preview")
        yield Static("Loading the catalogue…", id="status")
        yield KeyFooter()

    def on_mount(self) -> None:
        # Asked for here, not in the app's own mount: from there it ran some 90 ms later,
        # after the frames that follow the first.
        self.call_after_refresh(self.cs_app.after_first_frame)
        self.sub_title = "Catalogue"
        self.query_one(ResultsTable).stale = self._stale
        self.query_one("#search", Input).focus()
        self.query_one("#preview", UnitCard).show(None)
        self.query_one("#preview-pane").border_title = "Card"
        self.query_one(FilterSummary).show(self.filter_text)
        self.set_net_state(self.cs_app.net_state)

    def on_resize(self) -> None:
        self.query_one(FilterSummary).show(self.filter_text)

    def on_screen_resume(self) -> None:
        self._update_status()

    def on_force_changed(self, _message: ForceChanged) -> None:
        self._update_status()

    # -- searching -------------------------------------------------------------------

    def index_ready(self, index: SearchIndex) -> None:
        """Take the freshly loaded index and run the current search."""
        self.index = index
        self.last_query = None
        self.run_search()

    def read_first_rows(self) -> None:
        """Show the catalogue's first rows while the index loads (if nothing was asked yet).

        Called once the first frame is drawn: the index takes a few hundred ms on a full
        catalogue, these rows a few, read straight from the store.
        """
        asked = self.wanted() != ("", SearchFilters(), None, False)
        if self.index is None and not asked:
            from cardsmith.services.first_rows import first_rows  # the catalogue loads here

            # The table is laid out by now: read a screenful (a third of 120 at 140×45).
            height = self.query_one(ResultsTable).size.height
            rows = first_rows(self.cs_app.cache_dir, height or FIRST_ROWS)
            if rows:
                self.query_one(ResultsTable).show_rows(rows)

    def load_failed(self) -> None:
        """Say that the catalogue could not be opened (the notification says why)."""
        self.load_error = True
        self._update_status()

    def wanted(self) -> _Wanted:
        """What the rows should answer now: the box, the filters and the order."""
        table = self.query_one(ResultsTable)
        query = self.query_one("#search", Input).value
        return (query, self.filters, table.sort_column, table.sort_reverse)

    def _stale(self) -> bool:
        """True while the rows on screen do not answer the box and filters as they are."""
        return self.index is not None and self.wanted() != self.last_query

    @property
    def searching(self) -> bool:
        """True while a search worker runs."""
        return self._in_flight is not None

    def run_search(self) -> None:
        """Search with the box, the filters and the order as they are now (in a worker).

        While a search runs, changes are only noted: when it finishes, one more search
        covers all of them.
        """
        if self.index is None or self._in_flight is not None:
            return
        wanted = self.wanted()
        if wanted == self.last_query:
            return
        query, filters, column, reverse = wanted
        if column is None and filters.empty:
            # Bounded: the scan stops at TOP names, so this fits in the key's own turn.
            result = self.index.first_without_typos(query, limit=TOP)
            if result is not None:
                self._found(wanted, result, order_rows(result.hits, None, reverse, self.index))
                return
        self._in_flight = wanted
        self._search(self.index, wanted)

    @work(
        thread=True,
        group="search",
        exit_on_error=False,
        description="Searching the catalogue",
    )
    def _search(self, index: SearchIndex, wanted: _Wanted) -> None:
        """Find and order the hits off the UI thread."""
        query, filters, column, reverse = wanted
        if column is None:
            result = index.first(query, filters, limit=TOP)
        else:
            result = index.find(query, filters, limit=0)
        rows = order_rows(result.hits, column, reverse, index)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._found, wanted, result, rows)

    def _found(self, wanted: _Wanted, result: SearchResult, rows: list[IndexRow]) -> None:
        self._in_flight = None
        self.last_query = wanted
        self.matches, self.more = result.total, result.more
        self.query_one(ResultsTable).show_rows(rows)
        self._update_status()
        if not rows:
            self._carded = None
            self.query_one("#preview", UnitCard).show(None)
        if self._stale():
            self.call_later(self.run_search)  # the box or the filters changed meanwhile
        else:
            self.query_one(ResultsTable).release_keys()

    @on(ResultsTable.SortChanged)
    def _sort_changed(self) -> None:
        self._update_status()
        self.run_search()

    @on(ResultsTable.Highlighted, "#results")
    def _row_highlighted(self, event: ResultsTable.Highlighted) -> None:
        row = event.row
        # The card is drawn once the cursor rests: typing or holding ↓ does not pay for
        # a card (a catalogue read and a layout) on every row it passes.
        if self._preview_timer is not None:
            self._preview_timer.stop()
            self._preview_timer = None
        # Not over the first rows (the store may be mid-repair), nor for the card shown:
        # a letter that keeps the top row would read and lay it out again for nothing.
        if self.index is not None and row is not self._carded:
            self._preview_timer = self.set_timer(PREVIEW_DELAY, lambda: self._preview(row))
        can_add = None if row is None else addable(row)
        if can_add != self._addable:
            # Only when "Add" changes state: redrawing the footer costs a frame.
            self._addable = can_add
            self.refresh_bindings()

    def _preview(self, row: IndexRow | None) -> None:
        self._preview_timer = None
        self._carded = row
        unit = self.cs_app.units.get(row.mul_id) if row is not None else None
        self.query_one("#preview", UnitCard).show(unit)

    @on(ResultsTable.Selected, "#results")
    def _row_selected(self) -> None:
        self.action_add()

    # -- filters -----------------------------------------------------------------------

    def set_filters(self, text: FilterText) -> None:
        """Use these filters (checked), then search; the availability list loads in a worker."""
        self.filter_text = text
        self.query_one(FilterSummary).show(text)
        plain = text._replace(available_in="", faction="")
        self.filters = services.parse_filters(plain)
        if text.available_in:
            self._load_available(text.available_in, text.faction)
        self.run_search()

    @work(
        thread=True,
        exclusive=True,
        group="availability",
        exit_on_error=False,
        description="Loading availability",
    )
    def _load_available(self, era: str, faction: str) -> None:
        ids = services.available_ids(self.cs_app.cache_dir, era, faction)
        self.app.call_from_thread(self._available_loaded, era, faction, ids)

    def _available_loaded(self, era: str, faction: str, ids: frozenset[int]) -> None:
        if (self.filter_text.available_in, self.filter_text.faction) != (era, faction):
            return  # the filters changed again meanwhile
        self.filters = self.filters._replace(available=ids)
        if not ids:
            self.notify(
                "No unit is on a stored availability list of this era: F5 in the filters "
                "(Ctrl+G) fetches the list from the MUL.",
                title="Availability",
            )
        self.run_search()

    def check_filters(self, text: FilterText) -> str | None:
        """What is wrong with these filters (for the dialog), or None."""
        from cardsmith.tui.widgets.filters import filter_problem

        return filter_problem(self.cs_app.cache_dir, text)

    def action_filters(self) -> None:
        # The dialog's module is loaded when it is first opened, as the screens are.
        from cardsmith.tui.widgets.filters import open_filters

        roles = {row.role for row in self.index.rows if row.role} if self.index else set()

        def chosen(text: FilterText | None) -> None:
            if text is not None:
                self.set_filters(text)

        open_filters(self.app, self.filter_text, roles, self.check_filters, chosen)

    def action_clear_filters(self) -> None:
        self.set_filters(FilterText())

    # -- actions ----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "add":
            # Runs for a unit without stats too: it says why that unit cannot be added.
            return self.query_one(ResultsTable).highlighted_row() is not None
        if action == "fetch":
            return self.cs_app.can_fetch
        return True

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why ``action`` is switched off now (``check_action``), in the player's words."""
        if action == "fetch":
            return "Fetching is off: the app was started with --offline."
        return "No unit is highlighted: search, then pick one." if action == "add" else None

    def action_add(self) -> None:
        row = self.query_one(ResultsTable).highlighted_row()
        if row is None:  # check_action lets "add" run only over a row
            return
        if not addable(row):
            self.notify(
                f"{row.name} has no Alpha Strike stats in the Master Unit List, so it cannot "
                "join a force.",
                title="Not addable",
                severity="warning",
            )
            return
        unit = self.cs_app.units.get(row.mul_id)
        if unit is not None:
            self.cs_app.add_unit(unit)

    def action_lookup(self) -> None:
        from cardsmith.tui.screens.unit_lookup import UnitLookupDialog  # loaded when first used

        def found(unit: Unit | None) -> None:
            if unit is not None:
                self.cs_app.add_unit(unit)

        self.app.push_screen(UnitLookupDialog(self.cs_app.units.find), found)

    def action_focus_search(self) -> None:
        # set_focus, not focus(): the focus must move before the next key is read.
        self.set_focus(self.query_one("#search", Input))

    def action_focus_results(self) -> None:
        self.set_focus(self.query_one(ResultsTable))

    def action_fetch(self) -> None:
        self.cs_app.start_fetch(self.query_one("#search", Input).value)

    # -- status -----------------------------------------------------------------------

    def _update_status(self) -> None:
        if not self.is_mounted:
            return
        parts: list[str] = []
        if self.index is not None:
            found = (
                f"best {TOP:,} of {self.matches:,}+ matches"
                if self.more
                else count(self.matches, "match", "matches")
            )
            units = count(len(self.index), "unit")
            if self.index.starter_only:
                units += " (the starter set only: F5 fetches more from the MUL)"
            parts.append(f"{units} · {found} · sorted by {self.query_one(ResultsTable).sort_label}")
        elif self.load_error:
            parts.append("The local catalogue could not be opened (see the message)")
        else:
            parts.append("Loading the catalogue…")
        loading = self.index is None and not self.load_error
        if not loading or self.cs_app.document_made:
            # (While the catalogue loads, an untouched new force is not worth loading the
            # force model for: the first frame does without it.)
            from cardsmith.forces.pricing import force_pv

            document = self.cs_app.document
            force = document.force
            cap = f" / {force.cap}" if force.cap else ""
            pv = force_pv(force)
            units = count(len(force.entries), "unit")
            parts.append(f"Force “{document.title}”: {units}, {pv}{cap} PV")
        # One fixed line: no layout pass needed (it would cost every keystroke a reflow).
        self.query_one("#status", Static).update("   │   ".join(parts), layout=False)

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
