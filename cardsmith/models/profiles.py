"""Provides ``Profile`` and ``ProfileSet``: units with several stat profiles and one damage track.

Seed 001's Transmutation troopers, Alpha Strike land-air 'Mechs and QuadVees all switch
between full stat blocks while damage and states stay with the unit, not the profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsmith.models.unit import Unit

#: The game system of Alpha Strike profiles; other systems are defined under templates/systems/.
ALPHA_STRIKE = "alpha-strike"

#: How a multi-profile unit is priced (issue: points are data).
PRICING_RULES = ("first", "max", "fixed")


@dataclass(frozen=True, slots=True)
class Profile:
    """One stat profile of a unit: an Alpha Strike stat block or a generic system's columns."""

    name: str
    """Profile name (``BattleMech``, ``AirMech``, ``Fighter``, ``Developed Form`` …)."""
    stats: Unit | None = None
    """The Alpha Strike stats of this profile (None for other game systems)."""
    values: tuple[tuple[str, str], ...] = ()
    """Column → value for a generic system (``MOV`` → ``10-10``, ``W`` → ``2`` …)."""
    notes: str = ""

    def value(self, column: str) -> str | None:
        """A generic column's value, if the profile has it."""
        return dict(self.values).get(column)


@dataclass(frozen=True, slots=True)
class ProfileSet:
    """A unit's profiles, the rule that switches between them and how it is priced."""

    profiles: tuple[Profile, ...]
    switch_rule: str
    """Switch rule id from ``templates/profiles/switch-rules.toml`` (``transmutation-x`` …)."""
    switch_value: int | None = None
    """The rule's number: X wounds, or the willpower modifier."""
    system: str = ALPHA_STRIKE
    pricing: str = "first"
    """``first`` profile's points, the ``max`` of all, or a ``fixed`` value."""
    points: int | None = None
    """Points when ``pricing`` is ``fixed``."""

    @property
    def first(self) -> Profile:
        """The profile the unit deploys with (unless its rule lets it choose)."""
        return self.profiles[0]
