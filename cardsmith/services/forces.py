"""Provides force files, force edits and special pilot abilities for the app."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardsmith.errors import ForceEditError, ForceFileError
from cardsmith.forces.pricing import adjusted_pv
from cardsmith.models import Force, ForceEntry, Unit
from cardsmith.models.force import MAX_SKILL, MIN_SKILL
from cardsmith.services._optional import optional_module as _module

# -- force files ---------------------------------------------------------------------


def load_force(path: Path) -> Force:
    """Read a force file.

    Raises:
        ForceFileError: the file is missing, unreadable or not a cardsmith force.
    """
    forcefile = _module("cardsmith.forces.force_file")
    if forcefile is None:
        raise ForceFileError("this build of cardsmith cannot read force files yet")
    if not path.is_file():
        raise ForceFileError(f"{path}: no such file")
    force: Force = forcefile.load_force(path)
    return force


def save_force(force: Force, path: Path) -> None:
    """Write a force file atomically (the previous file is kept as ``.bak``)."""
    forcefile = _module("cardsmith.forces.force_file")
    if forcefile is None:
        raise ForceFileError("this build of cardsmith cannot write force files yet")
    forcefile.save_force(force, path)


# -- editing ---------------------------------------------------------------------------


def add_unit(force: Force, unit: Unit, *, skill: int = 4) -> Force:
    """Append ``unit`` at ``skill``.

    Raises:
        ForceEditError: the unit has no Alpha Strike stats.
    """
    forces = _module("cardsmith.forces.editing")
    # A custom unit of another game system (templates/systems) joins with its own points.
    if not (unit.has_stats or (forces is not None and forces.can_join(unit))):
        raise ForceEditError(f"{unit.name} has no Alpha Strike stats and cannot join a force")
    if forces is not None:
        added: Force = forces.add_entry(force, unit, skill=skill)
        return added
    return force.with_changes(entries=(*force.entries, ForceEntry(unit=unit, skill=skill)))


def set_entry(force: Force, index: int, **changes: Any) -> Force:
    """Change fields of entry ``index`` (1-based): skill, pilot (a name), spas, group.

    Raises:
        ForceEditError: the index or a value is not acceptable.
    """
    _check_index(force, index)
    forces = _module("cardsmith.forces.editing")
    if forces is not None:
        changed: Force = forces.set_entry(force, index, **changes)
        return changed
    if "skill" in changes and not MIN_SKILL <= int(changes["skill"]) <= MAX_SKILL:
        raise ForceEditError(f"skill must be {MIN_SKILL}-{MAX_SKILL}, not {changes['skill']}")
    entry = force.entries[index - 1]
    if "pilot" in changes:
        changes["pilot"] = entry.pilot.__class__(name=str(changes["pilot"]))
    if "spas" in changes:
        changes["spas"] = tuple(changes["spas"])
    entries = list(force.entries)
    entries[index - 1] = entry.with_changes(**changes)
    return force.with_changes(entries=tuple(entries))


def remove_entry(force: Force, index: int) -> Force:
    """Drop entry ``index`` (1-based)."""
    _check_index(force, index)
    forces = _module("cardsmith.forces.editing")
    if forces is not None:
        removed: Force = forces.remove_entry(force, index)
        return removed
    return force.with_changes(entries=force.entries[: index - 1] + force.entries[index:])


def duplicate_entry(force: Force, index: int) -> Force:
    """Insert a copy of entry ``index`` right after it (same skill, SPAs and group)."""
    _check_index(force, index)
    entries = list(force.entries)
    entries.insert(index, entries[index - 1])
    return force.with_changes(entries=tuple(entries))


def move_entry(force: Force, index: int, delta: int) -> Force:
    """Move entry ``index`` up (delta < 0) or down; stops at either end."""
    _check_index(force, index)
    target = max(1, min(len(force.entries), index + delta))
    entries = list(force.entries)
    entry = entries.pop(index - 1)
    entries.insert(target - 1, entry)
    return force.with_changes(entries=tuple(entries))


def _check_index(force: Force, index: int) -> None:
    if not 1 <= index <= len(force.entries):
        raise ForceEditError(f"there is no unit #{index} (the force has {len(force.entries)})")


def to_hit(skill: int, unit: Unit | None = None, spas: Sequence[str] = ()) -> tuple[int, int, int]:
    """Target numbers at short, medium and long range: skill +0/+2/+4 (ASCE p.26-27,
    the card's damage box), or less where an SPA such as Sniper changes a band."""
    spa_module = _module("cardsmith.forces.spas")
    if unit is not None and spas and spa_module is not None:
        numbers = spa_module.card_numbers(unit, skill, spas, _spa_catalogue())
        return (
            int(numbers.target_numbers["S"]),
            int(numbers.target_numbers["M"]),
            int(numbers.target_numbers["L"]),
        )
    return (skill, skill + 2, skill + 4)


def skill_pv(unit: Unit, skill: int) -> int:
    """The unit's PV at ``skill`` (0 when the skill is out of range)."""
    try:
        return adjusted_pv(unit.pv, skill)
    except ValueError:
        return 0


# -- special pilot abilities ----------------------------------------------------------------

#: SPA allowance by skill when the SPA catalogue is absent (ASCE p.92): (count, cost).
_SPA_BUDGET = {0: (3, 6), 1: (3, 6), 2: (2, 4), 3: (2, 4), 4: (1, 2)}


@dataclass(frozen=True, slots=True)
class SpaChoice:
    """One SPA as the picker shows it."""

    id: str
    name: str
    cost: int
    summary: str
    unit_types: tuple[str, ...] = ()


def spa_choices(unit: Unit | None = None) -> list[SpaChoice]:
    """SPAs the unit may take (every SPA without a unit), by name; empty when unavailable."""
    catalogue = _spa_catalogue()
    if catalogue is None:
        return []
    spas = catalogue.all() if unit is None else catalogue.allowed_for(unit)
    choices = [
        SpaChoice(
            id=spa.id,
            name=spa.name,
            cost=int(spa.cost),
            summary=str(getattr(spa, "summary", "")),
            unit_types=tuple(getattr(spa, "unit_types", ()) or ()),
        )
        for spa in spas
    ]
    return sorted(choices, key=lambda c: c.name.casefold())


@cache
def _spa_catalogue() -> Any:
    spas = _module("cardsmith.forces.spas")
    return spas.load_spas() if spas is not None else None


def spa_cost(spa_id: str) -> int:
    """The cost of one SPA (0 when unknown)."""
    catalogue = _spa_catalogue()
    spa = catalogue.get(spa_id) if catalogue is not None else None
    return int(spa.cost) if spa is not None else 0


def spa_name(spa_id: str) -> str:
    """The display name of an SPA id (the id itself when unknown)."""
    catalogue = _spa_catalogue()
    spa = catalogue.get(spa_id) if catalogue is not None else None
    return str(spa.name) if spa is not None else spa_id


def spa_budget(skill: int) -> tuple[int, int]:
    """How many SPAs, and how many points of them, a pilot of ``skill`` may take."""
    spas = _module("cardsmith.forces.spas")
    if spas is not None:
        budget = spas.spa_budget(skill)
        return int(budget.max_count), int(budget.max_cost)
    return _SPA_BUDGET.get(skill, (0, 0))
