"""Provides the local catalogue (search index, units) and MUL fetching for the app."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsmith.models import Unit
from cardsmith.services._optional import optional_module as _module

# -- fetching ---------------------------------------------------------------------------------


def can_fetch() -> bool:
    """True when the MUL client is installed."""
    return _module("cardsmith.catalogue.fetch") is not None


@dataclass(frozen=True, slots=True)
class FetchSummary:
    """What a fetch changed in the catalogue."""

    returned: int
    added: int
    updated: int
    unchanged: int
    warnings: tuple[str, ...] = ()


def fetch_units(cache_dir: Path, name: str, *, offline: bool = False) -> FetchSummary:
    """Ask the MUL for units named like ``name`` and store them (blocking: use a worker).

    Raises:
        CatalogueUnavailable: the MUL could not be reached and nothing cached could answer.
        CatalogueError: any other catalogue problem, with a clear message.
    """
    from cardsmith.catalogue.client import MulClient
    from cardsmith.catalogue.fetch import MulQuery, fetch_query
    from cardsmith.catalogue.http import build_session
    from cardsmith.catalogue.store import Catalogue

    session = build_session(cache_dir, offline=offline)
    client = MulClient.from_env(session)
    with Catalogue.open(cache_dir) as catalogue:
        report = fetch_query(client, catalogue, MulQuery(name=name))
    store = report.store
    warnings = (
        tuple(getattr(session, "notices", ())) + tuple(report.warnings) + tuple(report.skipped)
    )
    return FetchSummary(len(report.units), store.added, store.updated, store.unchanged, warnings)


# -- the local catalogue ------------------------------------------------------------------


class UnitSource:
    """Reads full units from the local catalogue for the main thread.

    SQLite connections belong to the thread that opened them, so the index is built by
    a worker with its own connection (``load_index``) and this object opens another, on
    first use, in the thread that asks for units.
    """

    def __init__(self, cache_dir: Path) -> None:
        self.cache_dir = cache_dir
        self._catalogue: Any = None

    def get(self, mul_id: int) -> Unit | None:
        """The stored unit with this MUL id, if any."""
        if self._catalogue is None:
            from cardsmith.catalogue.store import Catalogue

            self._catalogue = Catalogue.open(self.cache_dir, seed_starter=False)
        unit: Unit | None = self._catalogue.get(mul_id)
        return unit

    def close(self) -> None:
        """Close the connection, if one was opened."""
        if self._catalogue is not None:
            self._catalogue.close()
            self._catalogue = None


def load_index(cache_dir: Path) -> tuple[Any, list[str]]:
    """Open the catalogue (repairing and seeding it) and build its search index.

    Returns the index and the catalogue's notices for the user.  Blocking: run it in a
    thread worker.
    """
    from cardsmith.catalogue.store import Catalogue

    with Catalogue.open(cache_dir) as catalogue:
        return catalogue.index(), list(catalogue.notices)
