"""Provides ``MulFlows``: fetching units and availability lists from the MUL in the app.

A base class of the app (on top of ``ExchangeFlows``), kept apart so ``app.py`` stays thin.
The fetches run in worker threads; their errors become notifications in the app.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import work

from cardsmith import services
from cardsmith.tui.exchange_flows import ExchangeFlows
from cardsmith.tui.messages import (
    AvailabilityFetched,
    AvailabilityWanted,
    FetchFinished,
    FetchProgress,
)
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.wording import count

if TYPE_CHECKING:
    from textual.worker import Worker

    from cardsmith.services.search_filters import FilterText


class MulFlows(ExchangeFlows):
    """F5 fetches units named like the search; F5 in the filters (or ``m`` on the force
    screen) the availability list of an era."""

    cache_dir: Path
    offline: bool
    net_state: str

    if TYPE_CHECKING:

        def load_index(self) -> Worker[None]:
            """Build the search index again (the app implements it)."""
            ...

    @property
    def can_fetch(self) -> bool:
        """True when fetching from the MUL is possible now."""
        return not self.offline

    def _offline_refused(self) -> bool:
        """Say so and return True when the app was started offline."""
        if not self.can_fetch:
            self.notify("Fetching is off: the app was started with --offline.", severity="warning")
        return not self.can_fetch

    def start_fetch(self, query: str) -> None:
        """Fetch units named like ``query`` from the MUL into the catalogue."""
        if self._offline_refused():
            return
        if len(query.strip()) < 2:
            self.notify("Type at least two letters of a unit name to fetch.", severity="warning")
            return
        self._set_net_state("fetching…")
        self.fetch_units(query.strip())

    @work(
        thread=True,
        exclusive=True,
        group="fetch",
        exit_on_error=False,
        description="Fetching from the MUL",
    )
    def fetch_units(self, query: str) -> None:
        """Ask the MUL for units named like ``query`` and store them."""
        self.post_message(FetchProgress(0, None, query))
        summary = services.fetch_units(self.cache_dir, query, offline=self.offline)
        self.post_message(FetchFinished(summary))

    def on_fetch_progress(self, message: FetchProgress) -> None:
        total = f"/{message.total}" if message.total else ""
        self._set_net_state(f"fetching “{message.note}” {message.done}{total}")

    def on_fetch_finished(self, message: FetchFinished) -> None:
        summary = message.summary
        self._set_net_state("online")
        self.notify(
            f"The MUL returned {count(summary.returned, 'unit')}: {summary.added} new, "
            f"{summary.updated} updated, {summary.unchanged} unchanged.",
            title="Fetched",
        )
        for warning in summary.warnings:
            self.notify(warning, severity="warning", timeout=10)
        if summary.added or summary.updated:
            self.load_index()

    def catalogue_screen(self) -> CatalogueScreen | None:
        """The catalogue screen; None once the app is closing and its screens are gone
        (a worker may finish after that)."""
        if not self.is_screen_installed("catalogue"):
            return None
        screen = self.get_screen("catalogue")
        return screen if isinstance(screen, CatalogueScreen) else None

    def _set_net_state(self, state: str) -> None:
        self.net_state = state
        catalogue = self.catalogue_screen()
        if catalogue is not None and catalogue.is_mounted:
            catalogue.set_net_state(state)

    def action_fetch_availability(self) -> None:
        """``m`` on the force screen: the list of the force's era (and faction)."""
        force = self.document.force
        era = str(force.era.id) if force.era else ""
        faction = str(force.faction.id) if force.faction else ""
        if not era:
            self.notify(
                "The force has no era to fetch availability for: f sets its era and faction.",
                severity="warning",
            )
            return
        self.post_message(AvailabilityWanted(era, faction))

    def on_availability_wanted(self, message: AvailabilityWanted) -> None:
        """F5 in the filters or ``m`` on the force screen: fetch the list in a worker."""
        if self._offline_refused():
            return
        self._set_net_state("fetching availability…")
        self.sync_availability(message.era, message.faction, message.then)

    @work(
        thread=True,
        exclusive=True,
        group="fetch",
        exit_on_error=False,
        description="Fetching availability from the MUL",
    )
    def sync_availability(self, era: str, faction: str, then: FilterText | None = None) -> None:
        """The same sync as ``catalogue sync --availability`` for one era (and faction)."""
        summary = services.fetch_availability(self.cache_dir, era, faction, offline=self.offline)
        self.post_message(AvailabilityFetched(summary, then))

    def on_availability_fetched(self, message: AvailabilityFetched) -> None:
        summary = message.summary
        self._set_net_state("online")
        lists = "; ".join(summary.lists) or "nothing"
        self.notify(
            f"Stored the MUL's availability of {lists}: {count(summary.units, 'unit')}.",
            title="Availability",
            timeout=8,
        )
        for warning in summary.warnings:
            self.notify(warning, severity="warning", timeout=10)
        if summary.changed:
            self.load_index()  # the lists brought units the search has not seen
        catalogue = self.catalogue_screen()
        if catalogue is not None:
            wanted = catalogue.filter_text if message.then is None else message.then
            if wanted.available_in:
                catalogue.set_filters(wanted)  # reads the stored lists again
        self._force_changed("availability")  # the force's checks read them too
