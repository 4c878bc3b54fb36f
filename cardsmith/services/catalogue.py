"""Provides the catalogue's search and lookup use cases for both shells.

Every function here is the one implementation of its use case: ``cardsmith search`` and
the app's catalogue screen read filters through ``parse_filters`` and rank through the
same search; ``find_unit`` is the one "by MUL id or exact name" lookup (``force add``,
``unit show``, the app's add-by-id).  Fetching from the MUL is in
``cardsmith.services.mul``; importing files, info and clearing in
``cardsmith.services.catalogue_upkeep``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from cardsmith.catalogue.listing import UnitListing
from cardsmith.catalogue.search import Hit, SearchFilters
from cardsmith.catalogue.store import Catalogue as Catalogue
from cardsmith.errors import UnitNotFound
from cardsmith.limits import fits_sqlite
from cardsmith.services.search_filters import RULES_CHOICES as RULES_CHOICES
from cardsmith.services.search_filters import TECH_BASES as TECH_BASES
from cardsmith.services.search_filters import FilterText as FilterText
from cardsmith.services.search_filters import parse_filters as parse_filters
from cardsmith.services.search_filters import parse_range as parse_range
from cardsmith.services.search_filters import resolve_era as resolve_era
from cardsmith.services.search_filters import split_values as split_values

if TYPE_CHECKING:
    from cardsmith.catalogue.factions import Faction
    from cardsmith.catalogue.search_index import SearchIndex
    from cardsmith.models import Unit

#: Close names offered when a unit lookup fails.
CANDIDATES = 8


#: Said when the catalogue holds nothing but the starter units.
STARTER_HINT = (
    "only the starter catalogue's units are here; `cardsmith catalogue import FILE` "
    "(a MUL QuickList dump) or `cardsmith catalogue sync` adds the whole Master Unit List"
)


def open_catalogue(cache_dir: Path) -> Catalogue:
    """Open the local catalogue (its ``notices`` say what was repaired)."""
    return Catalogue.open(cache_dir)


# -- search ------------------------------------------------------------------------------


class SearchOutcome(NamedTuple):
    """A search's hits with what to show of each, and what the shells should say about it."""

    hits: list[Hit]
    listings: list[UnitListing]
    """What to show of each hit's unit, in the hits' order."""
    total: int
    """Units that matched in all (``hits`` holds at most the limit)."""
    notes: tuple[str, ...] = ()
    """Repairs, the starter-catalogue hint, an availability filter with no data."""


def search(cache_dir: Path, query: str, text: FilterText, *, limit: int = 25) -> SearchOutcome:
    """Search the local catalogue as ``cardsmith search`` does (straight from SQL)."""
    with open_catalogue(cache_dir) as catalogue:
        filters = parse_filters(text, catalogue)
        result = catalogue.search(query, filters, limit=limit)
        listings = catalogue.listings(hit.row.mul_id for hit in result.hits)
        notes = list(catalogue.notices)
        if catalogue.starter_only():
            notes.append(STARTER_HINT)
        if filters.available is not None and catalogue.availability_version() is None:
            notes.append(NO_AVAILABILITY_HINT)
        elif filters.available is not None:
            notes.extend(_missing_list_hint(catalogue, text))
    return SearchOutcome(result.hits, listings, result.total, tuple(notes))


#: Said when an availability filter finds no availability data at all.
NO_AVAILABILITY_HINT = (
    "the local catalogue has no availability data yet; `cardsmith catalogue sync "
    "--availability` fetches it, or `cardsmith catalogue import` reads captured MUL answers"
)


def _missing_list_hint(catalogue: Catalogue, text: FilterText) -> list[str]:
    """Say so when no stored list answers the era (and faction) asked about."""
    era = resolve_era(text.available_in)
    faction = catalogue.find_faction(text.faction) if text.faction.strip() else None
    if catalogue.availability_view(era.id, faction.id if faction else None).stored:
        return []
    whose = f"{faction.name} in {era.name}" if faction else era.name
    fetch = f'--eras "{era.name}"' + (f' --factions "{faction.name}"' if faction else "")
    return [
        f"no availability list for {whose} is stored, so nothing can match; "
        f"`cardsmith catalogue sync --availability {fetch}` fetches it"
    ]


def load_index(cache_dir: Path) -> tuple[SearchIndex, list[str]]:
    """Open the catalogue (repairing and seeding it) and build its search index.

    Returns the index (``starter_only`` set when that is all there is) and the repairs
    the user should be told about.  Blocking: run it in a worker.
    """
    with open_catalogue(cache_dir) as catalogue:
        index = catalogue.index()
        index.starter_only = catalogue.starter_only()
        return index, list(catalogue.notices)


def available_ids(cache_dir: Path, era: str, faction: str = "") -> frozenset[int]:
    """The MUL ids available in an era (to a faction): the app's availability filter."""
    with open_catalogue(cache_dir) as catalogue:
        filters = parse_filters(FilterText(available_in=era, faction=faction), catalogue)
    return filters.available or frozenset()


# -- unit lookup ---------------------------------------------------------------------------


def find_unit(catalogue: Catalogue, text: str, *, usable_only: bool = True) -> Unit:
    """The one unit a MUL id (negative for a custom unit) or an exact name means.

    Raises:
        UnitNotFound: no unit, or several of that name; ``candidates`` lists close ones.
    """
    text = text.strip()
    if text.lstrip("-").isdigit():
        number = int(text)
        kind = "custom unit id" if text.startswith("-") else "MUL id"
        if not fits_sqlite(number):
            raise UnitNotFound(f"{kind} {text} is far too large to name a unit")
        found = catalogue.get(number)
        if found is not None:
            return found
        raise UnitNotFound(f"no unit with {kind} {text} in the local catalogue")
    matches = catalogue.find_by_name(text)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UnitNotFound(
            f"{len(matches)} units are named {text!r}; give the MUL id instead",
            candidates=tuple(_describe(u.mul_id, u.name, u.type_code, u.pv) for u in matches),
        )
    hits = catalogue.search(text, SearchFilters(usable_only=usable_only), limit=CANDIDATES).hits
    raise UnitNotFound(
        f"no unit named exactly {text!r} in the local catalogue",
        candidates=tuple(
            _describe(h.row.mul_id, h.row.name, h.row.type or "--", h.row.pv) for h in hits
        ),
    )


def _describe(mul_id: int, name: str, type_code: str, pv: int) -> str:
    return f"{mul_id:>6}  {name} ({type_code}, {pv} PV)"


# -- factions (eras: ``resolve_era``, from ``search_filters``) -----------------------------


def resolve_faction(cache_dir: Path, text: str) -> Faction:
    """The faction a name or MUL id means, among those the catalogue knows.

    Raises:
        UnknownName: none or several fit (with suggestions, or how to get the list).
    """
    with open_catalogue(cache_dir) as catalogue:
        return catalogue.find_faction(text)


class UnitSource:
    """Reads full units from the local catalogue for the app's main thread.

    SQLite connections belong to the thread that opened them, so the index is built by
    a worker with its own connection (``load_index``) and this object opens another, on
    first use, in the thread that asks for units.
    """

    def __init__(self, cache_dir: Path) -> None:
        self.cache_dir = cache_dir
        self._catalogue: Catalogue | None = None

    def _open(self) -> Catalogue:
        if self._catalogue is None:
            self._catalogue = Catalogue.open(self.cache_dir, seed_starter=False)
        return self._catalogue

    def get(self, mul_id: int) -> Unit | None:
        """The stored unit with this MUL id, if any."""
        return self._open().get(mul_id)

    def find(self, text: str) -> Unit:
        """The unit a MUL id or exact name means (``find_unit``: one message, suggestions)."""
        return find_unit(self._open(), text)

    def close(self) -> None:
        """Close the connection, if one was opened."""
        if self._catalogue is not None:
            self._catalogue.close()
            self._catalogue = None
