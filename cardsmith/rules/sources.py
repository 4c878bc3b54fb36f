"""Provides ``AvailabilityData``: what the availability check asks of the catalogue.

The rules engine never opens the catalogue itself: the services layer hands a check the
data it needs (and only when a pack asks for it), so checking a folder of lists against
a pack without an availability rule touches no database.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    # Types only: checking loads the catalogue's modules when a pack asks for availability.
    from cardsmith.catalogue.availability import AvailabilityView
    from cardsmith.catalogue.factions import Faction


class AvailabilityData(Protocol):
    """Era and faction availability as the local catalogue knows it."""

    @property
    def problem(self) -> str:
        """Why the catalogue cannot be read (empty when it can)."""
        ...

    @property
    def has_factions(self) -> bool:
        """True when the catalogue knows at least one MUL faction."""
        ...

    @property
    def version(self) -> str | None:
        """The data version of the availability data (None when there is none)."""
        ...

    def view(self, era_id: int, faction_id: int | None) -> AvailabilityView:
        """The stored lists of an era for a faction (None: for any faction)."""
        ...

    def faction(self, text: str) -> Faction:
        """The faction a name or MUL id means.

        Raises:
            UnknownName: none or several fit (with suggestions).
        """
        ...

    def kind(self, mul_id: int) -> tuple[str, str]:
        """A catalogued unit's MUL type name and tech base (``""`` each when unknown)."""
        ...
