"""Provides the pilot checks: skill range and extremes, SPA budgets (by skill) and SPA units (1 in 12)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from cardsmith.rules.model import Fix, Rule, Severity, Violation
from cardsmith.rules.registry import (
    CheckSet,
    ForceView,
    Param,
    labels,
    range_problems,
    refs,
    shared,
)
from cardsmith.wording import count

CHECKS = CheckSet()
check = CHECKS.add


# -- pilot skill ----------------------------------------------------------------------


@check(
    "skill-range",
    Param("min", "int", "best allowed skill (lowest number)", default=0, minimum=0),
    Param("max", "int", "worst allowed skill (highest number)", default=7, minimum=0),
    validate=range_problems,
)
def skill_range(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Every pilot's skill within a range (ASCE p.29: 0 Legendary … 7 Wet Behind the Ears)."""
    low, high = rule.params["min"], rule.params["max"]
    outside = [r for r in view.rows if not low <= r.entry.skill <= high]
    if outside:
        skills = ", ".join(str(r.entry.skill) for r in outside)
        yield rule.violation(
            f"{count(len(outside), 'unit')} with a skill outside {low}-{high} ({skills})",
            entries=refs(outside),
            expected=f"{low}-{high}",
            actual=skills,
            hint=f"set a skill from {low} to {high} for {labels(outside)}",
            fix=Fix.CHANGE_SKILL,
        )


def _extremes_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    if params["max_at_best"] is None and params["max_at_worst"] is None:
        return [("max_at_best", "set max_at_best, max_at_worst or both")]
    if params["max_at_worst"] is not None and params["worst"] is None:
        return [("worst", "max_at_worst needs the worst skill it counts")]
    return []


@check(
    "skill-extremes",
    Param(
        "best", "int", "the best skill counted; unset = the pack's skill-range min", default=None
    ),
    Param("max_at_best", "int", "most units at that skill or better", default=None, minimum=0),
    Param("worst", "int", "the worst skill counted (optional)", default=None),
    Param("max_at_worst", "int", "most units at that skill or worse", default=None, minimum=0),
    validate=_extremes_problems,
)
def skill_extremes(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """How many units may sit at the best allowed skill, and optionally at the worst."""
    best = rule.params["best"]
    if best is None:
        ranges = [r for r in view.pack.rules if r.check == "skill-range"]
        best = ranges[0].params["min"] if ranges else 0
    worst = rule.params["worst"]
    at_best = [r for r in view.rows if r.entry.skill <= best]
    at_worst = [r for r in view.rows if worst is not None and r.entry.skill >= worst]
    for skill, most, at, side, fix in (
        (best, rule.params["max_at_best"], at_best, "or better", "a worse skill (higher number)"),
        (worst, rule.params["max_at_worst"], at_worst, "or worse", "a better skill (lower number)"),
    ):
        if most is not None and len(at) > most:
            yield rule.violation(
                f"{len(at)} units at skill {skill} {side}, at most {most} allowed",
                entries=refs(at),
                expected=f"≤ {most}",
                actual=len(at),
                hint=f"give {len(at) - most} of {labels(at)} {fix}",
                fix=Fix.CHANGE_SKILL,
            )


# -- special pilot abilities ----------------------------------------------------------


@check(
    "spa-budget",
    Param("unit_types", "bool", "also check each SPA suits the unit's type", default=True),
)
def spa_budget(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Each pilot's purchased SPAs within the allowance for its skill (ASCE p.92, p.111 step 6).

    Green or worse (5+): none; Regular (4): 1 SPA, 2 points; Veteran/Elite (3/2): 2, 4;
    Heroic/Legendary (1/0): 3, 6.  Unknown SPA ids are errors; a pilot takes one level of
    an ability family (Lucky 1-4) at most.  Formation bonus SPAs are free and are not
    listed on the entry, so they do not count here.
    """
    with_spas = [r for r in view.rows if r.entry.spas]
    if not with_spas:
        return  # no SPA catalogue needed at all
    from cardsmith.forces.spas import load_spas
    from cardsmith.forces.spas import spa_budget as budget_for

    catalogue = shared("spas", load_spas)
    for row in with_spas:
        entry = row.entry
        known = [catalogue.get(spa_id) for spa_id in entry.spas]
        unknown = [spa_id for spa_id, spa in zip(entry.spas, known, strict=True) if spa is None]
        if unknown:
            yield rule.violation(
                f"{row.label}: unknown SPA id(s) {', '.join(unknown)}",
                entries=[row.ref],
                expected="SPA ids from the catalogue",
                actual=", ".join(unknown),
                hint="use SPA ids from the SPA list (templates/spas.toml)",
                fix=Fix.EDIT_SPAS,
            )
        spas = [spa for spa in known if spa is not None]
        for spa_id, spa in zip(entry.spas, known, strict=True):
            choice = spa_id.partition(":")[2].strip()
            problem = spa.choice_problem(choice) if spa is not None else ""
            if problem:
                # A choice the SPA does not offer is an error; a missing one is only a
                # reminder: the player picks it before the game (ASCE p.95, p.98).
                yield rule.violation(
                    f"{row.label}: {problem}",
                    entries=[row.ref],
                    expected=", ".join(spa.choices) if spa is not None else "",
                    actual=choice or "none",
                    hint=f"choose for {row.label}: {spa.id}:CHOICE" if spa is not None else "",
                    fix=Fix.EDIT_SPAS,
                    severity=Severity.WARNING if not choice else None,
                )
        budget = budget_for(entry.skill)
        cost = sum(spa.cost for spa in spas)
        if len(entry.spas) > budget.max_count or cost > budget.max_cost:
            yield rule.violation(
                f"{row.label}: {count(len(entry.spas), 'SPA')} costing {cost} points; skill"
                f" {entry.skill} allows {count(budget.max_count, 'SPA')}, {count(budget.max_cost, 'point')}",
                entries=[row.ref],
                expected=f"≤ {count(budget.max_count, 'SPA')}, ≤ {count(budget.max_cost, 'point')}",
                actual=f"{count(len(entry.spas), 'SPA')}, {count(cost, 'point')}",
                hint=_budget_hint(entry.skill, budget.max_count, row.label),
                fix=Fix.EDIT_SPAS,
            )
        families: dict[str, list[str]] = {}
        for spa in spas:
            if spa.family:
                families.setdefault(spa.family, []).append(spa.name)
        for family, names in families.items():
            if len(names) > 1:
                yield rule.violation(
                    f"{row.label}: several levels of {family} ({', '.join(names)})",
                    entries=[row.ref],
                    expected="one level",
                    actual=len(names),
                    hint=f"keep one of: {', '.join(names)}",
                    fix=Fix.EDIT_SPAS,
                )
        if rule.params["unit_types"]:
            for spa in spas:
                if not spa.allows(entry.unit):
                    yield rule.violation(
                        f"{row.label}: {spa.name} is for {spa.unit_types_text},"
                        f" not {entry.unit.type_code}",
                        entries=[row.ref],
                        expected=spa.unit_types_text,
                        actual=entry.unit.type_code,
                        hint=f"remove {spa.name} from {row.label}",
                        fix=Fix.EDIT_SPAS,
                    )


def _budget_hint(skill: int, max_count: int, label: str) -> str:
    if max_count == 0:
        return f"remove the SPAs of {label}: skill {skill} (Green or worse) may not buy any"
    return f"remove SPAs from {label}, or give it a better skill (lower number)"


@check(
    "spa-units",
    Param("per", "int", "units per SPA-bearing unit (a company)", default=12, minimum=1),
    Param("round_up", "bool", "a part-company counts as a company (13 units → 2)", default=True),
)
def spa_units(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Only one unit in ``per`` (12, a company) may buy SPAs (ASCE p.92, p.111 step 6).

    With ``round_up`` a force of 13-24 units may give SPAs to two units; without it,
    to one.  Every force may give them to at least one unit.
    """
    buyers = [r for r in view.rows if r.entry.spas]
    per: int = rule.params["per"]
    blocks = len(view.rows) / per
    allowed = max(1, math.ceil(blocks) if rule.params["round_up"] else math.floor(blocks))
    if len(buyers) > allowed:
        yield rule.violation(
            f"{len(buyers)} units have purchased SPAs; a force of {len(view.rows)} may give"
            f" them to {allowed} (one per {per} units)",
            entries=refs(buyers),
            expected=f"≤ {allowed}",
            actual=len(buyers),
            hint=f"remove the SPAs of {len(buyers) - allowed} of: {labels(buyers)}",
            fix=Fix.EDIT_SPAS,
        )
