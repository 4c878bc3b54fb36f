"""Provides reading availability from raw MUL answers: the list a captured answer holds."""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.catalogue.availability import ANY_FACTION, AvailabilityList, scope_of_search
from cardsmith.catalogue.dump import UnitDocument
from cardsmith.catalogue.factions import Faction
from cardsmith.errors import CatalogueDataError


@dataclass(frozen=True, slots=True)
class ImportedAvailability:
    """What a raw ``AvailableEras`` answer adds: a list, or why it is not one."""

    origin: str
    list: AvailabilityList | None
    factions: tuple[Faction, ...] = ()
    """The faction the answer names in its crumbs (the MUL's own name for the id)."""
    note: str = ""
    """Why the units were imported but no list was stored (an answer narrowed by name …)."""


def availability_of(document: UnitDocument, *, origin: str) -> ImportedAvailability | None:
    """The availability list of a raw QuickList answer; None when it asks no ``AvailableEras``."""
    if document.search is None:
        return None
    try:
        scope = scope_of_search(document.search, origin=origin)
    except CatalogueDataError as exc:
        return ImportedAvailability(origin, None, note=exc.message)
    if scope is None:
        return None
    members = frozenset(record.unit.mul_id for record in document.records)
    factions: tuple[Faction, ...] = ()
    if scope.faction_id != ANY_FACTION:
        names = [value for name, value in document.crumbs if name.casefold().startswith("faction")]
        if len(names) == 1 and names[0].strip() and "," not in names[0]:
            factions = (Faction(scope.faction_id, " ".join(names[0].split())),)
    return ImportedAvailability(origin, AvailabilityList(scope, members), factions)
