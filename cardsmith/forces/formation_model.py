"""Provides the formation types (ASCE p.116-123): conditions, requirements, formations, catalogue.

The file reader builds these and the evaluator reads them; neither imports the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from cardsmith.errors import FormationNotFound as FormationNotFound
from cardsmith.models.force import ForceEntry

FORMATION_FILE = "formations.toml"

#: ASCE p.116: a formation needs at least three units for its bonus.
MIN_UNITS = 3

QUANTITIES = ("all", "none", "at_least", "percent", "at_most", "carried")
SCOPES = ("group", "force")

#: How a percent requirement rounds: up (ASCE p.116, the rule), to the nearest unit with
#: halves up ("round normally", the Pursuit Lance, ASCE p.120), or strictly more than the
#: share ("more than 50%", the aerospace squadrons, ASCE p.122).
ROUNDINGS = ("up", "nearest", "over")

#: Alpha Strike type codes that always fly (ASCE p.28); fixed-wing support vehicles and
#: airships are aerospace units too (ASCE p.184/187) and are known by their thrust move.
AEROSPACE_TYPES = frozenset({"AF", "CF", "SC", "DS", "DA", "JS", "WS", "SS"})

#: Infantry for the transport requirement (ASCE p.121): conventional and battle armor.
INFANTRY_TYPES = frozenset({"CI", "BA"})

Member = tuple[int, ForceEntry]
"""A unit with its 1-based force index."""


@dataclass(frozen=True, slots=True)
class Condition:
    """What a unit must be to count for a requirement; every set field must hold."""

    size_min: int | None = None
    size_max: int | None = None
    move_min: float | None = None
    """Best ground move in inches (jump and thrust do not count)."""
    jump_min: float | None = None
    roles: tuple[str, ...] = ()
    short_min: float | None = None
    medium_min: float | None = None
    long_min: float | None = None
    armor_min: int | None = None
    specials: tuple[str, ...] = ()
    """Any of these ability codes; ``ART*`` matches every code starting ``ART``."""
    commander: bool | None = None
    unit_types: tuple[str, ...] = ()
    """The Alpha Strike type code is one of these (``CV``, ``SV`` …)."""
    not_unit_types: tuple[str, ...] = ()
    """The type code is none of these (a unit without a type is none of them)."""
    paired: bool | None = None
    """The unit has an identical twin (the same unit) among the units evaluated with it."""
    aerospace: bool | None = None
    """The unit is an aerospace unit: a fighter, a large craft, or a craft that moves by thrust."""
    any_of: tuple[Condition, ...] = ()
    """Alternatives: at least one must hold."""

    def holds(self, entry: ForceEntry, *, paired: bool = False) -> bool:
        """True when the entry meets every part of the condition.

        ``paired`` says whether the entry is one of a matched pair in its group; only the
        evaluator knows the group, see ``matched_pairs``.
        """
        # Each part returns at the first that fails: a check of 1,000 lists asks this
        # for every unit of every group, and most units fail early.
        unit = entry.unit
        if self.size_min is not None and unit.size < self.size_min:
            return False
        if self.size_max is not None and unit.size > self.size_max:
            return False
        if self.move_min is not None and ground_move(entry) < self.move_min:
            return False
        if self.jump_min is not None and jump_move(entry) < self.jump_min:
            return False
        if self.roles and (unit.role or "").casefold() not in _folded(self.roles):
            return False
        for band, minimum in ((0, self.short_min), (1, self.medium_min), (2, self.long_min)):
            if minimum is not None and unit.damage[band].effective < minimum:
                return False
        if self.armor_min is not None and unit.armor < self.armor_min:
            return False
        if self.specials and not _has_any_special(entry, self.specials):
            return False
        if self.commander is not None and entry.commander != self.commander:
            return False
        if self.unit_types or self.not_unit_types:
            type_code = unit.type.value if unit.type is not None else ""
            if self.unit_types and type_code not in self.unit_types:
                return False
            if self.not_unit_types and type_code in self.not_unit_types:
                return False
        if self.paired is not None and paired != self.paired:
            return False
        if self.aerospace is not None and is_aerospace(entry) != self.aerospace:
            return False
        return not self.any_of or any(c.holds(entry, paired=paired) for c in self.any_of)


@cache
def _folded(roles: tuple[str, ...]) -> frozenset[str]:
    """A requirement's roles, case-folded once."""
    return frozenset(r.casefold() for r in roles)


def ground_move(entry: ForceEntry) -> float:
    """The unit's best ground move in inches (not jump, not thrust)."""
    return max((m.inches for m in entry.unit.move if not m.is_jump and not m.is_thrust), default=0)


def is_aerospace(entry: ForceEntry) -> bool:
    """True for fighters, large craft and any unit that moves by thrust (ASCE p.28, p.184)."""
    unit = entry.unit
    code = unit.type.value if unit.type is not None else ""
    return code in AEROSPACE_TYPES or any(m.is_thrust for m in unit.move)


def jump_move(entry: ForceEntry) -> float:
    """The unit's jump move in inches (0 when it cannot jump)."""
    return max((m.inches for m in entry.unit.move if m.is_jump), default=0)


def _has_any_special(entry: ForceEntry, wanted: Sequence[str]) -> bool:
    codes = entry.unit.special_codes()
    for code in wanted:
        if code.endswith("*"):
            prefix = code[:-1].upper()
            if any(c.startswith(prefix) for c in codes):
                return True
        elif code.upper() in codes:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Requirement:
    """One formation requirement: how many of the units must meet a condition."""

    id: str
    text: str
    quantity: str = "all"
    """``all``, ``none``, ``at_least``, ``percent`` or ``at_most`` (QUANTITIES)."""
    amount: int = 0
    """Units for ``at_least`` and ``at_most``; the share in percent for ``percent``."""
    rounding: str = "up"
    """How ``percent`` turns a share into units (ROUNDINGS)."""
    where: Condition = Condition()
    any_of: tuple[Requirement, ...] = ()
    """Alternatives: the requirement passes when one of them passes."""
    scope: str = "group"
    """``group``: the group's units; ``force``: every unit of the force (SCOPES)."""
    per_units: int = 0
    """``at_most`` only: allow one more for every ``per_units`` units meeting ``per_where``."""
    per_where: Condition = Condition()
    per_label: str = "units"
    """What ``per_where`` counts, for the report (``non-infantry units``)."""
    only_if: Condition | None = None
    """The requirement applies only when every unit of the group meets this."""
    only_for: str = ""
    """What ``only_if`` describes, for the report (``vehicle formations``)."""


@dataclass(frozen=True, slots=True)
class Formation:
    """A formation type: requirements, ideal role and bonus (ASCE p.116-123)."""

    id: str
    name: str
    requirements: tuple[Requirement, ...] = ()
    ideal_role: str | None = None
    """All units with this role waive the requirements (ASCE p.116); None for variants."""
    bonus: str = ""
    aliases: tuple[str, ...] = ()
    min_units: int = MIN_UNITS
    max_units: int | None = None
    """Most units the formation may have (a flight is one pair); None: no limit."""
    page: int = 0


@dataclass(frozen=True, slots=True)
class GroupSize:
    """A standard group size (Lance 4, Star 5, Level II 6 …)."""

    id: str
    name: str
    units: int


class FormationCatalogue:
    """Every known formation and the standard group sizes."""

    def __init__(self, formations: Iterable[Formation], sizes: Iterable[GroupSize] = ()) -> None:
        self._by_id = {f.id: f for f in formations}
        self._keys: dict[str, Formation] = {}
        for formation in self._by_id.values():
            for key in (formation.id, formation.name, *formation.aliases):
                self._keys.setdefault(_key(key), formation)
        self.sizes = tuple(sizes)

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, formation_id: str) -> Formation | None:
        """The formation with this id, or None."""
        return self._by_id.get(formation_id)

    def find(self, text: str) -> Formation | None:
        """The formation whose id, name or alias matches (case and punctuation ignored)."""
        return self._by_id.get(text) or self._keys.get(_key(text))

    def all(self) -> list[Formation]:
        """Every formation, in file order."""
        return list(self._by_id.values())


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", text.casefold())
