"""Provides the availability checks: ``era`` (from introduction dates) and ``faction``.

The catalogue knows when a unit was introduced (MUL ``DateIntroduced`` and ``EraId``),
not when it went extinct nor which factions fielded it, so these checks verify what the
data can show and warn "cannot verify" about the rest.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from cardsmith.errors import UsageError
from cardsmith.rules.model import Fix, Rule, Severity, Violation
from cardsmith.rules.registry import CheckSet, ForceView, Param, Row, labels, refs
from cardsmith.wording import count

CHECKS = CheckSet()
check = CHECKS.add


def _era_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    if not params["era"] and params["year"] is None:
        return [("era", "set the era (MUL id, year or name) or the year")]
    if params["era"]:
        from cardsmith.catalogue.eras import resolve_era

        try:
            resolve_era(params["era"])
        except UsageError as exc:
            return [("era", str(exc))]
    return []


def _era_bounds(params: Mapping[str, Any]) -> tuple[int | None, int, str]:
    """(era index in ERAS or None, last allowed year, label) from the rule's parameters."""
    from cardsmith.catalogue.eras import ERAS, resolve_era

    if params["year"] is not None:
        year: int = params["year"]
        index = max((i for i, e in enumerate(ERAS) if e.start <= year), default=None)
        return index, year, str(year)
    era_id = resolve_era(params["era"])
    index = next(i for i, e in enumerate(ERAS) if e.id == era_id)
    # An era ends the year before the next one starts; the last era is open.
    last = ERAS[index + 1].start - 1 if index + 1 < len(ERAS) else 9999
    return index, last, f"{ERAS[index].name} (to {last})" if last < 9999 else ERAS[index].name


@check(
    "era",
    Param("era", "str", "the era played: MUL era id, a year, or part of its name", default=""),
    Param("year", "int", "the last year allowed; overrides the era's end", default=None),
    validate=_era_problems,
)
def era(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Units introduced by the era (or year) played (ASCE p.110 step 2).

    Uses the introduction year, else the MUL production era; units with neither get a
    "cannot verify" warning.  Extinction is not in the data, so it is not checked.
    """
    from cardsmith.catalogue.eras import ERAS

    index, last_year, label = _era_bounds(rule.params)
    order = {e.id: i for i, e in enumerate(ERAS)}
    late: list[Row] = []
    unknown: list[Row] = []
    for row in view.rows:
        unit = row.entry.unit
        year = unit.year
        if year is not None:
            if year > last_year:
                late.append(row)
        elif unit.era_id in order and index is not None:
            if order[unit.era_id] > index:
                late.append(row)
        else:
            unknown.append(row)
    if late:
        found = ", ".join(f"{r.label} ({r.entry.unit.introduced or 'later era'})" for r in late)
        yield rule.violation(
            f"{count(len(late), 'unit')} introduced after {label}: {found}",
            entries=refs(late),
            expected=f"introduced by {last_year}",
            actual=", ".join(r.entry.unit.introduced or "later era" for r in late),
            hint=f"replace {labels(late)} with units of the era",
            fix=Fix.REPLACE_UNITS,
        )
    if unknown:
        yield rule.violation(
            f"cannot verify the era of {count(len(unknown), 'unit')}: no introduction date in the data",
            entries=refs(unknown),
            expected=f"introduced by {last_year}",
            actual="unknown",
            hint="check these units' availability on the Master Unit List",
            fix=Fix.LOOK_UP,
            severity=Severity.WARNING,
        )


@check("faction", Param("faction", "str", "the faction played, as the MUL names it"))
def faction(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Units available to a faction: always "cannot verify" (a warning).

    The catalogue has no faction availability data (the MUL keeps it per era and faction
    behind its availability filter), so this check only reminds the organiser to look.
    """
    if view.rows:
        yield rule.violation(
            f"cannot verify availability to {rule.params['faction']}: the catalogue has no"
            " faction data",
            expected=rule.params["faction"],
            actual="unknown",
            hint="check the units on the MUL's availability list for this faction and era",
            fix=Fix.LOOK_UP,
            severity=Severity.WARNING,
        )
