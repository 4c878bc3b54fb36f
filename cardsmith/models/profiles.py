"""Provides ``Profile`` and ``ProfileSet`` of units: several stat profiles, one damage track.

The containers are defined generically in ``models.profile_base`` and named for
``Unit`` stats in ``models.unit``; this module offers the names players' code uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith.models.profile_base import ALPHA_STRIKE, PRICING_RULES

if TYPE_CHECKING:
    from cardsmith.models.unit import Profile, ProfileSet
else:
    # At run time the plain classes: calling a subscripted frozen slots dataclass fails
    # (typing sets __orig_class__ through the frozen __setattr__).
    from cardsmith.models.profile_base import Profile, ProfileSet

__all__ = ["ALPHA_STRIKE", "PRICING_RULES", "Profile", "ProfileSet"]
