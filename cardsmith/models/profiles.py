"""Provides ``Profile`` and ``ProfileSet`` of units: several stat profiles, one damage track.

The containers are defined generically in ``models.profile_base`` and named for
``Unit`` stats in ``models.unit``; this module offers the names players' code uses.
"""

from __future__ import annotations

from cardsmith.models.profile_base import ALPHA_STRIKE, PRICING_RULES
from cardsmith.models.unit import Profile, ProfileSet

__all__ = ["ALPHA_STRIKE", "PRICING_RULES", "Profile", "ProfileSet"]
