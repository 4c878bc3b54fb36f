"""Provides the domain types: units and their stats, forces, pilots (frozen dataclasses, no I/O)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsmith.models.force import SKILL_NAMES, Force, ForceEntry, Group, Pilot
    from cardsmith.models.stats import DamageValue, Movement, Special
    from cardsmith.models.unit import RANGES, RULES_LEVELS, Unit, UnitType

#: The module each name comes from.  They load on first use, so a command that needs only
#: units (``cardsmith search``) does not import forces and pilots too.
_HOMES = {
    "SKILL_NAMES": "force",
    "Force": "force",
    "ForceEntry": "force",
    "Group": "force",
    "Pilot": "force",
    "DamageValue": "stats",
    "Movement": "stats",
    "Special": "stats",
    "RANGES": "unit",
    "RULES_LEVELS": "unit",
    "Unit": "unit",
    "UnitType": "unit",
}

__all__ = [
    "RANGES",
    "RULES_LEVELS",
    "SKILL_NAMES",
    "DamageValue",
    "Force",
    "ForceEntry",
    "Group",
    "Movement",
    "Pilot",
    "Special",
    "Unit",
    "UnitType",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value  # later lookups skip this function
    return value
