"""Provides MUL factions and the resolution of a faction name a player types.

The MUL lists its factions at ``Faction/Autocomplete?term=`` as ``{label, value}`` pairs
(facts §1.1); cardsmith keeps every faction it has seen there, or in the crumbs of an
imported availability answer, in the local catalogue.  Names resolve the way eras do:
a MUL id, the exact name (case, spacing and punctuation ignored), or a part of a name
that fits one faction only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardsmith.catalogue.eras import closest
from cardsmith.catalogue.search import normalise
from cardsmith.errors import CatalogueDataError, UnknownName
from cardsmith.hints import NO_FACTIONS_HINT


@dataclass(frozen=True, slots=True)
class Faction:
    """A MUL faction: its id and its name as the MUL writes it."""

    id: int
    name: str

    @property
    def label(self) -> str:
        """``Clan Wolf (MUL id 24)``."""
        return f"{self.name} (MUL id {self.id})"


def parse_autocomplete(data: Any, *, origin: str) -> list[Faction]:
    """Factions from a ``Faction/Autocomplete`` answer: a list of ``{label, value}``.

    Raises:
        CatalogueDataError: the answer is not such a list.
    """
    if not isinstance(data, list):
        raise CatalogueDataError(f"{origin} is not a list of factions")
    found: dict[int, Faction] = {}
    for position, item in enumerate(data, start=1):
        if not isinstance(item, Mapping):
            raise CatalogueDataError(f"{origin}: faction {position} is not an object")
        name = item.get("label", item.get("Name"))
        value = item.get("value", item.get("Id"))
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if not isinstance(name, str) or not name.strip() or not isinstance(value, int):
            raise CatalogueDataError(
                f"{origin}: faction {position} needs a name ('label') and a numeric id ('value')"
            )
        if isinstance(value, bool) or not 0 < value < 2**31:
            raise CatalogueDataError(f"{origin}: faction {position} has an id out of range")
        found[value] = Faction(value, " ".join(name.split()))
    return list(found.values())


def resolve_faction(text: str, factions: Sequence[Faction]) -> Faction:
    """The one faction ``text`` means among ``factions``.

    Raises:
        UnknownName: no faction or several fit; ``candidates`` lists close ones.
    """
    text = text.strip()
    if text.isdigit():
        wanted = int(text)
        for faction in factions:
            if faction.id == wanted:
                return faction
        # With no faction known, how to get them is the message, not a name to pick.
        raise UnknownName(f"no known faction has MUL id {wanted}" + _hint(factions))
    key = normalise(text)
    if not key:
        raise UnknownName("give a faction: its name or its MUL id")
    exact = [f for f in factions if normalise(f.name) == key]
    if len(exact) == 1:
        return exact[0]
    matches = exact or [f for f in factions if key in normalise(f.name)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        shown = sorted(matches, key=lambda f: f.name.casefold())[:8]
        raise UnknownName(
            f"faction {text!r} fits {len(matches)} factions; say which",
            candidates=tuple(f.label for f in shown),
        )
    if not factions:
        raise UnknownName(f"unknown faction {text!r}" + _hint(factions))
    by_name = {f.name: f for f in factions}
    close = closest(text, list(by_name))
    raise UnknownName(
        f"unknown faction {text!r}", candidates=tuple(by_name[name].label for name in close)
    )


def _hint(factions: Sequence[Faction]) -> str:
    return "" if factions else f": {NO_FACTIONS_HINT}"


def names_by_id(factions: Iterable[Faction]) -> dict[int, str]:
    """Faction id → name."""
    return {f.id: f.name for f in factions}
