"""Provides skill-adjusted point values and force totals (ASCE p.29 "Adjusting PV for Skill")."""

from __future__ import annotations

from collections.abc import Iterable

from cardsmith.models.force import DEFAULT_SKILL, MAX_SKILL, MIN_SKILL, Force, ForceEntry


def decrease_step(base_pv: int) -> int:
    """PV lost per skill point worse than 4 (ASCE p.29 Low-Skill table).

    0-14 → 1, 15-24 → 2, … 95-104 → 10, then +1 per further 10 PV.
    """
    return 1 if base_pv <= 14 else 1 + (base_pv - 5) // 10


def increase_step(base_pv: int) -> int:
    """PV gained per skill point better than 4 (ASCE p.29 Improved-Skill table).

    0-7 → 1, 8-12 → 2, … 48-52 → 10, then +1 per further 5 PV.
    """
    return 1 if base_pv <= 7 else 1 + (base_pv - 3) // 5


def adjusted_pv(base_pv: int, skill: int) -> int:
    """Point value at ``skill``; never below 1 (ASCE p.29).

    Raises:
        ValueError: skill outside 0-7.
    """
    if not MIN_SKILL <= skill <= MAX_SKILL:
        raise ValueError(f"skill must be {MIN_SKILL}-{MAX_SKILL}, not {skill}")
    if skill > DEFAULT_SKILL:
        pv = base_pv - (skill - DEFAULT_SKILL) * decrease_step(base_pv)
    elif skill < DEFAULT_SKILL:
        pv = base_pv + (DEFAULT_SKILL - skill) * increase_step(base_pv)
    else:
        pv = base_pv
    return max(1, pv)


def entry_pv(entry: ForceEntry) -> int:
    """An entry's point value at its skill."""
    return adjusted_pv(entry.unit.pv, entry.skill)


def total_pv(entries: Iterable[ForceEntry]) -> int:
    """Sum of skill-adjusted PV."""
    return sum(entry_pv(e) for e in entries)


def force_pv(force: Force) -> int:
    """The force's total skill-adjusted PV."""
    return total_pv(force.entries)


def group_pv(force: Force) -> dict[str, int]:
    """Skill-adjusted PV per group name ("" for ungrouped entries)."""
    totals: dict[str, int] = {}
    for entry in force.entries:
        totals[entry.group] = totals.get(entry.group, 0) + entry_pv(entry)
    return totals
