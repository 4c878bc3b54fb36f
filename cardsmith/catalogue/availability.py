"""Provides era and faction availability: the MUL's lists, and what they say about one unit.

The MUL answers ``QuickList?AvailableEras=<era>&Factions=<faction>`` (with the usual
``Types`` and ``Technologies`` filters) with every unit the faction can field in that era
(facts §1.1-1.2); without ``Factions`` it answers for any faction.  Each such answer is
stored whole as an ``AvailabilityList``: its *scope* (era, faction, the MUL types and tech
bases it was narrowed to) and the MUL ids on it.  Because a list is complete for its
scope, a unit of that scope missing from it is *not* available; a unit outside every
stored scope is unknown.

The question ``available(mul_id, era, faction)`` has three answers (``AvailabilityView``):

- ``True``: the unit is on a list for that era and faction (or, with no faction asked,
  on any list of the era);
- ``False``: a list whose scope covers the unit leaves it out: the faction's own list, or
  the era's any-faction list (nobody fields it then);
- ``None``: no stored list covers the unit; the data has no answer (sync or import it).

The *data version* of the availability data is a hash over every stored list (their
scopes and members): two catalogues with the same version give the same answers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import parse_qsl

from cardsmith.catalogue.eras import MUL_TYPE_IDS, TECH_IDS, era_name
from cardsmith.errors import CatalogueDataError

#: The faction id of a list that answers for every faction (no ``Factions`` filter).
ANY_FACTION = 0

#: MUL ``Type.Name`` (case-folded) → ``Types`` id, with the names seen in real records.
_TYPE_ID_BY_NAME: dict[str, int] = {
    **MUL_TYPE_IDS,
    "protomech": 23,
    "advanced aerospace": 81,
    "advanced support": 79,
    "building": 97,
    "unknown": 76,
}
_TYPE_NAME_BY_ID: dict[int, str] = {
    17: "Aerospace",
    18: "BattleMech",
    19: "Combat Vehicle",
    20: "IndustrialMech",
    21: "Infantry",
    23: "ProtoMech",
    24: "Support Vehicle",
    79: "Advanced Support",
    81: "Advanced Aerospace",
    97: "Building",
}
_TECH_NAME_BY_ID: dict[int, str] = {1: "Inner Sphere", 2: "Clan", 3: "Mixed", 57: "Primitive"}

#: QuickList keys that narrow an availability answer without making it partial.
_SCOPE_KEYS = frozenset({"availableeras", "factions", "types", "technologies"})


def type_id(mul_type: str) -> int | None:
    """The MUL ``Types`` id of a unit's MUL type name (``BattleMech`` → 18)."""
    return _TYPE_ID_BY_NAME.get(mul_type.strip().casefold())


def tech_id(technology: str) -> int | None:
    """The MUL ``Technologies`` id of a tech base name (``Clan`` → 2)."""
    return TECH_IDS.get(technology.strip().casefold())


@dataclass(frozen=True, slots=True)
class Scope:
    """What one availability list answers for: an era, a faction, some types and techs."""

    era_id: int
    faction_id: int = ANY_FACTION
    type_ids: frozenset[int] = frozenset()
    """MUL ``Types`` ids the answer was narrowed to; empty means every type."""
    tech_ids: frozenset[int] = frozenset()
    """MUL ``Technologies`` ids; empty means every tech base."""

    def covers(self, mul_type: str, technology: str) -> bool:
        """True when a unit of this MUL type and tech base would be on the list if available."""
        if self.type_ids and type_id(mul_type) not in self.type_ids:
            return False
        return not self.tech_ids or tech_id(technology) in self.tech_ids

    @property
    def key(self) -> tuple[int, int, str, str]:
        """The columns that identify the list in the store."""
        return (self.era_id, self.faction_id, _ids_text(self.type_ids), _ids_text(self.tech_ids))

    @classmethod
    def from_key(cls, era_id: int, faction_id: int, types: str, techs: str) -> Scope:
        """The scope stored as ``key``."""
        return cls(era_id, faction_id, _ids_of(types), _ids_of(techs))

    def describe(self, faction_names: Mapping[int, str] | None = None) -> str:
        """``BattleMech (Inner Sphere) in Clan Invasion for any faction``."""
        types = ", ".join(_TYPE_NAME_BY_ID.get(i, f"type {i}") for i in sorted(self.type_ids))
        techs = ", ".join(_TECH_NAME_BY_ID.get(i, f"tech {i}") for i in sorted(self.tech_ids))
        what = types or "every type"
        if techs:
            what += f" ({techs})"
        return (
            f"{what} in {era_name(self.era_id)} for {faction_label(self.faction_id, faction_names)}"
        )


def faction_label(faction_id: int, names: Mapping[int, str] | None = None) -> str:
    """A faction's name for messages (``any faction`` for lists that answer for all)."""
    if faction_id == ANY_FACTION:
        return "any faction"
    name = (names or {}).get(faction_id)
    return name if name else f"faction {faction_id}"


@dataclass(frozen=True, slots=True)
class AvailabilityList:
    """One complete MUL answer: the units available within ``scope``."""

    scope: Scope
    mul_ids: frozenset[int]

    @property
    def content_hash(self) -> str:
        """A short fingerprint of the scope and its members."""
        from hashlib import sha256  # here: OpenSSL loads only when a list is stored

        text = repr(self.scope.key) + ":" + ",".join(str(i) for i in sorted(self.mul_ids))
        return sha256(text.encode("ascii")).hexdigest()[:16]


def data_version(hashes: Iterable[str]) -> str | None:
    """The availability data version over every stored list's hash (None when there is none)."""
    ordered = sorted(hashes)
    if not ordered:
        return None
    from hashlib import sha256

    return "av-" + sha256(",".join(ordered).encode("ascii")).hexdigest()[:12]


def scope_of_search(search: str, *, origin: str) -> Scope | None:
    """The scope of a raw QuickList answer from its echoed ``Search`` string.

    None when the answer is not an availability answer (no ``AvailableEras``).

    Raises:
        CatalogueDataError: an availability answer that cannot be stored as one list: it
            asks several eras or factions at once, or is narrowed by other filters
            (``Name``, ``MinPV`` …), so it is not complete for any scope.
    """
    pairs = [(k.casefold(), v.strip()) for k, v in parse_qsl(search.lstrip("?")) if v.strip()]
    eras = [v for k, v in pairs if k == "availableeras"]
    if not eras:
        return None
    others = sorted({k for k, _ in pairs} - _SCOPE_KEYS)
    factions = [v for k, v in pairs if k == "factions"]
    if len(set(eras)) != 1:
        raise CatalogueDataError(f"{origin} asks for several availability eras at once")
    if len(set(factions)) > 1:
        raise CatalogueDataError(f"{origin} asks for several factions at once")
    if others:
        raise CatalogueDataError(
            f"{origin} is narrowed by {', '.join(others)}, so it is not a complete availability list"
        )
    try:
        return Scope(
            era_id=int(eras[0]),
            faction_id=int(factions[0]) if factions else ANY_FACTION,
            type_ids=frozenset(int(v) for k, v in pairs if k == "types"),
            tech_ids=frozenset(int(v) for k, v in pairs if k == "technologies"),
        )
    except ValueError:
        raise CatalogueDataError(f"{origin}: its Search {search!r} has a non-numeric id") from None


@dataclass(frozen=True, slots=True)
class Coverage:
    """One stored list, for ``catalogue info``: its scope, size and origin."""

    scope: Scope
    units: int
    source: str
    fetched_at: str


class AvailabilityView:
    """Every stored list of one era, ready to answer for many units (a check, a search).

    Built by ``Catalogue.availability_view``; it holds no connection.
    """

    def __init__(
        self,
        era_id: int,
        faction_id: int | None,
        lists: Sequence[AvailabilityList],
        version: str | None,
        faction_names: Mapping[int, str] | None = None,
    ) -> None:
        self.era_id = era_id
        self.faction_id = faction_id
        """The faction asked about; None asks "available to anybody in the era"."""
        self.version = version
        """The data version of the availability data (``data_version``)."""
        self._lists = tuple(lists)
        self._names = dict(faction_names or {})
        self._answers: dict[tuple[int, str, str], bool | None] = {}

    def answer(self, mul_id: int, mul_type: str, technology: str) -> bool | None:
        """Whether the unit is available (see the module docstring for the three answers).

        Each unit is answered once: the lists of an event repeat the same units.
        """
        key = (mul_id, mul_type, technology)
        try:
            return self._answers[key]
        except KeyError:
            found = self._answers[key] = self._answer(mul_id, mul_type, technology)
            return found

    def _answer(self, mul_id: int, mul_type: str, technology: str) -> bool | None:
        lists = self._lists
        if self.faction_id is None:
            if any(mul_id in item.mul_ids for item in lists):
                return True
            covering = (
                item
                for item in lists
                if item.scope.faction_id == ANY_FACTION and item.scope.covers(mul_type, technology)
            )
            return False if any(True for _ in covering) else None
        wanted = (self.faction_id, ANY_FACTION)
        own = [item for item in lists if item.scope.faction_id == self.faction_id]
        if any(mul_id in item.mul_ids for item in own):
            return True
        for item in lists:
            scope = item.scope
            if (
                scope.faction_id in wanted
                and scope.covers(mul_type, technology)
                and mul_id not in item.mul_ids
            ):
                return False
        return None

    @property
    def stored(self) -> bool:
        """True when some list of this era (for the faction asked about) is stored."""
        if self.faction_id is None:
            return bool(self._lists)
        return any(i.scope.faction_id == self.faction_id for i in self._lists)

    def available_ids(self) -> frozenset[int]:
        """Every MUL id the stored lists say is available (``True`` answers)."""
        if self.faction_id is None:
            chosen = self._lists
        else:
            chosen = tuple(i for i in self._lists if i.scope.faction_id == self.faction_id)
        return frozenset().union(*(item.mul_ids for item in chosen))

    def nobody_fields(self, mul_id: int, mul_type: str, technology: str) -> bool:
        """True when the era's any-faction list covers the unit and leaves it out."""
        return any(
            item.scope.faction_id == ANY_FACTION
            and item.scope.covers(mul_type, technology)
            and mul_id not in item.mul_ids
            for item in self._lists
        )

    def general_lists_with(self, mul_id: int) -> list[str]:
        """The names of the MUL's general lists (``Inner Sphere General`` …) that hold the unit.

        A faction's own list leaves out what its general list holds; a pack counts a
        general list only where it names it, so a reason can say which one to name.
        """
        found = {
            self._names.get(item.scope.faction_id, "")
            for item in self._lists
            if item.scope.faction_id != ANY_FACTION and mul_id in item.mul_ids
        }
        return sorted(name for name in found if "general" in name.casefold())

    def missing(self, mul_type: str, technology: str, faction_name: str = "") -> str:
        """What list would answer for a unit of this type and tech base (for "cannot verify").

        ``faction_name`` names a faction the catalogue does not know by name.
        """
        faction = ANY_FACTION if self.faction_id is None else self.faction_id
        what = mul_type or "this unit type"
        if technology:
            what += f" ({technology})"
        names = {**self._names, faction: faction_name} if faction_name else self._names
        return (
            f"no availability list for {what} in {era_name(self.era_id)} for "
            f"{faction_label(faction, names)}"
        )


def _ids_text(ids: frozenset[int]) -> str:
    return "," + ",".join(str(i) for i in sorted(ids)) + "," if ids else ""


def _ids_of(text: str) -> frozenset[int]:
    return frozenset(int(part) for part in text.split(",") if part)
