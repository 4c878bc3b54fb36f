"""Provides ``CHECKS``, the registry of force checks: name → generator of violations.

Each check is a small generator ``(view, rule) -> Iterator[Violation]`` (the jsonschema
keyword pattern, style guide §6 "Rules engine"); its docstring and ``Param`` specs are
what ``cardsmith rules list`` prints and what the pack loader validates against.
Checks that need other data (SPAs, formations, eras) import it inside the function, so
the registry loads fast and on its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardsmith.models import RULES_LEVELS, UnitType
from cardsmith.rules.model import Rule, Severity, Violation
from cardsmith.rules.registry import CheckSpec, ForceView, Param, Row, labels, refs, register
from cardsmith.wording import count as plural

CHECKS: dict[str, CheckSpec] = {}

#: Alpha Strike type codes (ASCE p.28), for parameters that name unit types.
TYPE_CODES = tuple(t.value for t in UnitType)


def check(name: str, *params: Param, validate: Any = None) -> Any:
    """Register a check in ``CHECKS``."""
    return register(CHECKS, name, *params, validate=validate)


# -- size of the force ----------------------------------------------------------------


@check(
    "pv-cap",
    Param("max", "int", "the PV cap; unset means the force's own cap", default=None, minimum=1),
)
def pv_cap(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Total skill-adjusted PV at most a cap.

    The cap is, first found: ``--cap`` on the command line, the rule's ``max``, the
    force's own cap.  With none set the check passes: players agree a total before
    building (ASCE p.110, step 1).
    """
    cap = view.cap_override or rule.params["max"] or view.force.cap
    if cap is None or view.total_pv <= cap:
        return
    excess = view.total_pv - cap
    by_pv = sorted(view.rows, key=lambda r: (-r.pv, r.index))
    enough = sorted((r for r in by_pv if r.pv >= excess), key=lambda r: (r.pv, r.index))
    if enough:
        named = enough
        hint = f"{excess} PV over: remove one of: {labels(enough[:5])}" + (
            " …" if len(enough) > 5 else ""
        )
    else:
        named, total = [], 0
        for row in by_pv:
            named.append(row)
            total += row.pv
            if total >= excess:
                break
        hint = f"{excess} PV over and no single unit covers it: remove {labels(named)}"
    yield rule.violation(
        f"total {view.total_pv} PV is over the cap of {cap} PV",
        entries=refs(named),
        expected=f"≤ {cap}",
        actual=view.total_pv,
        hint=hint + ", or give pilots a worse skill (a higher number costs less PV)",
    )


def _range_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    low, high = params.get("min"), params.get("max")
    if low is not None and high is not None and low > high:
        return [("min", f"min ({low}) is larger than max ({high})")]
    return []


@check(
    "unit-count",
    Param("min", "int", "fewest units", default=1, minimum=0),
    Param("max", "int", "most units; unset means no limit", default=None, minimum=1),
    validate=_range_problems,
)
def unit_count(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Number of units within a range."""
    low, high = rule.params["min"], rule.params["max"]
    count = len(view.rows)
    expected = f"{low}-{high}" if high is not None else f"≥ {low}"
    if high is not None and count > high:
        extra = view.rows[high:]
        yield rule.violation(
            f"{count} units, at most {high} allowed",
            entries=refs(extra),
            expected=expected,
            actual=count,
            hint=f"remove {plural(count - high, 'unit')}, for example {labels(extra)}",
        )
    elif count < low:
        yield rule.violation(
            f"{count} units, at least {low} needed",
            expected=expected,
            actual=count,
            hint=f"add {plural(low - count, 'unit')}",
        )


# -- pilot skill ----------------------------------------------------------------------


@check(
    "skill-range",
    Param("min", "int", "best allowed skill (lowest number)", default=0, minimum=0),
    Param("max", "int", "worst allowed skill (highest number)", default=7, minimum=0),
    validate=_range_problems,
)
def skill_range(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Every pilot's skill within a range (ASCE p.29: 0 Legendary … 7 Wet Behind the Ears)."""
    low, high = rule.params["min"], rule.params["max"]
    outside = [r for r in view.rows if not low <= r.entry.skill <= high]
    if outside:
        skills = ", ".join(str(r.entry.skill) for r in outside)
        yield rule.violation(
            f"{plural(len(outside), 'unit')} with a skill outside {low}-{high} ({skills})",
            entries=refs(outside),
            expected=f"{low}-{high}",
            actual=skills,
            hint=f"set a skill from {low} to {high} for {labels(outside)}",
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
            )


# -- composition ----------------------------------------------------------------------


def _copies(view: ForceView, rule: Rule, key: Any, what: str) -> Iterator[Violation]:
    most: int = rule.params["max"]
    types: tuple[str, ...] = rule.params["types"]
    groups: dict[Any, list[Row]] = {}
    for row in view.rows:
        unit = row.entry.unit
        if types and unit.type_code not in types:
            continue
        groups.setdefault(key(unit), []).append(row)
    for rows in groups.values():
        if len(rows) > most:
            shown = _copy_name(rows[0], what)
            yield rule.violation(
                f"{len(rows)} copies of the {what} {shown}, at most {most} allowed",
                entries=refs(rows),
                expected=f"≤ {most}",
                actual=len(rows),
                hint=f"remove {len(rows) - most} of: {labels(rows)}",
            )


def _copy_name(row: Row, what: str) -> str:
    unit = row.entry.unit
    return unit.chassis or unit.name if what == "chassis" else unit.name


_TYPES_PARAM = Param(
    "types", "str-list", "unit types counted; empty = every type", default=(), choices=TYPE_CODES
)


@check(
    "chassis-copies",
    Param("max", "int", "most units of one chassis", minimum=1),
    _TYPES_PARAM,
)
def chassis_copies(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Copies of one chassis (MUL ``Class``, e.g. every Atlas variant) at most ``max``."""
    yield from _copies(view, rule, lambda u: (u.chassis or u.name).strip().casefold(), "chassis")


@check(
    "variant-copies",
    Param("max", "int", "most units of one exact variant", minimum=1),
    _TYPES_PARAM,
)
def variant_copies(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Copies of one exact variant (same MUL Id) at most ``max``."""
    yield from _copies(view, rule, lambda u: u.mul_id if u.mul_id > 0 else u.name, "variant")


@check(
    "unit-types",
    Param("allowed", "str-list", "type codes allowed (ASCE p.28)", choices=TYPE_CODES),
)
def unit_types(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Only units of the allowed types (BM, IM, PM, CV, SV, CI, BA …).

    Units without Alpha Strike stats have no type; units-without-stats reports them.
    """
    allowed: tuple[str, ...] = rule.params["allowed"]
    other = [
        r
        for r in view.rows
        if r.entry.unit.type is not None and r.entry.unit.type.value not in allowed
    ]
    if other:
        found = ", ".join(sorted({r.entry.unit.type_code for r in other}))
        yield rule.violation(
            f"{plural(len(other), 'unit')} of a type not allowed ({found})",
            entries=refs(other),
            expected=", ".join(allowed),
            actual=found,
            hint=f"remove or replace {labels(other)}",
        )


@check(
    "type-count",
    Param("types", "str-list", "the unit types counted together", choices=TYPE_CODES),
    Param("max", "int", "most units of those types", minimum=0),
)
def type_count(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """At most ``max`` units of some types together (e.g. ≤ 8 vehicles: CV, SV)."""
    types: tuple[str, ...] = rule.params["types"]
    most: int = rule.params["max"]
    counted = [r for r in view.rows if r.entry.unit.type_code in types]
    if len(counted) > most:
        yield rule.violation(
            f"{len(counted)} units of type {'/'.join(types)}, at most {most} allowed",
            entries=refs(counted),
            expected=f"≤ {most}",
            actual=len(counted),
            hint=f"remove {len(counted) - most} of: {labels(counted)}",
        )


@check(
    "rules-level",
    Param(
        "max",
        "str",
        "the most advanced rules level allowed",
        default="Standard",
        choices=RULES_LEVELS,
    ),
)
def rules_level(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Units at or below a rules level: Introductory < Standard < Advanced < Experimental.

    Units whose level the data does not give (``Unknown``, ``Era Specific``) get a
    "cannot verify" warning.
    """
    allowed = RULES_LEVELS.index(rule.params["max"])
    over: list[Row] = []
    unknown: list[Row] = []
    for row in view.rows:
        level = row.entry.unit.rules.strip().title()
        if level not in RULES_LEVELS:
            unknown.append(row)
        elif RULES_LEVELS.index(level) > allowed:
            over.append(row)
    if over:
        found = ", ".join(sorted({r.entry.unit.rules for r in over}))
        yield rule.violation(
            f"{plural(len(over), 'unit')} above the {rule.params['max']} rules level ({found})",
            entries=refs(over),
            expected=f"≤ {rule.params['max']}",
            actual=found,
            hint=f"replace {labels(over)}",
        )
    if unknown:
        yield rule.violation(
            f"cannot verify the rules level of {plural(len(unknown), 'unit')}: the data does not give it",
            entries=refs(unknown),
            expected=f"≤ {rule.params['max']}",
            actual="unknown",
            hint="check these units on the Master Unit List",
            severity=Severity.WARNING,
        )


# -- people ---------------------------------------------------------------------------


def _count_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    return _range_problems(params)


@check(
    "commander",
    Param("min", "int", "fewest units marked commander", default=1, minimum=0),
    Param("max", "int", "most units marked commander", default=1, minimum=0),
    validate=_count_problems,
)
def commander(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """A force commander is named (and no more than ``max``); an empty force is not checked."""
    if not view.rows:
        return
    marked = [r for r in view.rows if r.entry.commander]
    low, high = rule.params["min"], rule.params["max"]
    if len(marked) < low:
        yield rule.violation(
            "no force commander is set"
            if not marked
            else f"{plural(len(marked), 'commander')}, {low} needed",
            expected=f"{low}-{high}",
            actual=len(marked),
            hint="mark one unit as commander (cardsmith force set FILE INDEX --commander)",
        )
    elif len(marked) > high:
        yield rule.violation(
            f"{len(marked)} units are marked commander, at most {high} allowed",
            entries=refs(marked),
            expected=f"{low}-{high}",
            actual=len(marked),
            hint=f"keep one commander among {labels(marked)}",
        )


@check("units-without-stats")
def units_without_stats(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Every unit has Alpha Strike stats (a type and a PV); records without them cannot play."""
    bare = [r for r in view.rows if not r.entry.unit.has_stats]
    if bare:
        yield rule.violation(
            f"{plural(len(bare), 'unit')} without Alpha Strike stats",
            entries=refs(bare),
            expected="type and PV",
            actual="missing",
            hint=f"replace {labels(bare)} with units that have Alpha Strike cards",
        )


# Availability, SPA and formation checks register themselves into CHECKS from their
# own modules; importing them here keeps "CHECKS" the one registry to look at.
from cardsmith.rules import (  # noqa: E402, F401
    checks_availability,
    checks_formations,
    checks_pilots,
)
