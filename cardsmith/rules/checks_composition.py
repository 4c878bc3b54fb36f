"""Provides the composition checks: PV cap, unit count, copies, unit types, rules level, commander."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator

from cardsmith.models import RULES_LEVELS, Unit, UnitType
from cardsmith.rules.model import Fix, Rule, Severity, Violation
from cardsmith.rules.registry import (
    CheckSet,
    ForceView,
    Param,
    Row,
    labels,
    range_problems,
    refs,
)
from cardsmith.wording import count as plural

CHECKS = CheckSet()
check = CHECKS.add

#: Alpha Strike type codes (ASCE p.28), for parameters that name unit types.
TYPE_CODES = tuple(t.value for t in UnitType)


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
        fix=Fix.REMOVE_UNITS,
    )


@check(
    "unit-count",
    Param("min", "int", "fewest units", default=1, minimum=0),
    Param("max", "int", "most units; unset means no limit", default=None, minimum=1),
    validate=range_problems,
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
            fix=Fix.REMOVE_UNITS,
        )
    elif count < low:
        yield rule.violation(
            f"{count} units, at least {low} needed",
            expected=expected,
            actual=count,
            hint=f"add {plural(low - count, 'unit')}",
            fix=Fix.ADD_UNITS,
        )


# -- composition ----------------------------------------------------------------------


def _copies(
    view: ForceView, rule: Rule, key: Callable[[Unit], Hashable], what: str
) -> Iterator[Violation]:
    most: int = rule.params["max"]
    types: tuple[str, ...] = rule.params["types"]
    groups: dict[Hashable, list[Row]] = {}
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
                fix=Fix.REMOVE_UNITS,
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
            fix=Fix.REPLACE_UNITS,
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
            fix=Fix.REMOVE_UNITS,
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
        rank = _rank(row.entry.unit.rules)
        if rank is None:
            unknown.append(row)
        elif rank > allowed:
            over.append(row)
    if over:
        found = ", ".join(sorted({r.entry.unit.rules for r in over}))
        yield rule.violation(
            f"{plural(len(over), 'unit')} above the {rule.params['max']} rules level ({found})",
            entries=refs(over),
            expected=f"≤ {rule.params['max']}",
            actual=found,
            hint=f"replace {labels(over)}",
            fix=Fix.REPLACE_UNITS,
        )
    if unknown:
        yield rule.violation(
            f"cannot verify the rules level of {plural(len(unknown), 'unit')}: the data does not give it",
            entries=refs(unknown),
            expected=f"≤ {rule.params['max']}",
            actual="unknown",
            hint="check these units on the Master Unit List",
            fix=Fix.LOOK_UP,
            severity=Severity.WARNING,
        )


@functools.lru_cache(maxsize=256)
def _rank(rules: str) -> int | None:
    """The place of a unit's rules level in RULES_LEVELS; None when the data gives none."""
    level = rules.strip().title()
    return RULES_LEVELS.index(level) if level in RULES_LEVELS else None


# -- people ---------------------------------------------------------------------------


@check(
    "commander",
    Param("min", "int", "fewest units marked commander", default=1, minimum=0),
    Param("max", "int", "most units marked commander", default=1, minimum=0),
    validate=range_problems,
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
            hint="mark one unit as the force commander",
            fix=Fix.SET_COMMANDER,
        )
    elif len(marked) > high:
        yield rule.violation(
            f"{len(marked)} units are marked commander, at most {high} allowed",
            entries=refs(marked),
            expected=f"{low}-{high}",
            actual=len(marked),
            hint=f"keep one commander among {labels(marked)}",
            fix=Fix.CLEAR_COMMANDER,
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
            fix=Fix.REPLACE_UNITS,
        )
