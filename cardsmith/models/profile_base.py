"""Provides the generic ``Profile`` and ``ProfileSet`` containers, typed by their stat block.

Seed 001's Transmutation troopers, Alpha Strike land-air 'Mechs and QuadVees all switch
between full stat blocks while damage and states stay with the unit, not the profile.
A profile's stats are a ``Unit``, and a ``Unit`` holds its profiles; the containers are
generic so this module needs no ``Unit``, and ``models.unit`` names them for ``Unit``
(``models.profiles`` offers those names), with no import cycle between the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

#: The game system of Alpha Strike profiles; other systems are defined under templates/systems/.
ALPHA_STRIKE = "alpha-strike"

#: How a multi-profile unit is priced (issue: points are data).
PRICING_RULES = ("first", "max", "fixed")

S = TypeVar("S")
"""The stat block of a profile (a ``Unit``)."""


@dataclass(frozen=True, slots=True)
class Profile(Generic[S]):
    """One stat profile of a unit: an Alpha Strike stat block or a generic system's columns."""

    name: str
    """Profile name (``BattleMech``, ``AirMech``, ``Fighter``, ``Developed Form`` …)."""
    stats: S | None = None
    """The Alpha Strike stats of this profile (None for other game systems)."""
    values: tuple[tuple[str, str], ...] = ()
    """Column → value for a generic system (``MOV`` → ``10-10``, ``W`` → ``2`` …)."""
    notes: str = ""

    def value(self, column: str) -> str | None:
        """A generic column's value, if the profile has it."""
        return dict(self.values).get(column)


@dataclass(frozen=True, slots=True)
class ProfileSet(Generic[S]):
    """A unit's profiles, the rule that switches between them and how it is priced."""

    profiles: tuple[Profile[S], ...]
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
    def first(self) -> Profile[S]:
        """The profile the unit deploys with (unless its rule lets it choose)."""
        return self.profiles[0]
