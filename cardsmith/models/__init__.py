"""Provides the domain types: units and their stats, forces, pilots (frozen dataclasses, no I/O)."""

from cardsmith.models.force import SKILL_NAMES, Force, ForceEntry, Group, Pilot
from cardsmith.models.stats import DamageValue, Movement, Special
from cardsmith.models.unit import RANGES, RULES_LEVELS, Unit, UnitType

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
