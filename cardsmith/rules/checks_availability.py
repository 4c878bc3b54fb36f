"""Provides the availability checks: ``era`` (introduction dates) and ``availability``
(the MUL's era and faction lists), with ``faction`` as the older name of the second.

ASCE p.110 step 2: a force is built from what its faction fields in the era played.
The catalogue holds the MUL's availability lists (``catalogue sync --availability`` or
``catalogue import``); a unit a covering list leaves out is an error, and a unit no
stored list covers gets a "cannot verify" warning that names the list to sync.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cardsmith.errors import UsageError
from cardsmith.hints import SYNC_LIST_HINT, UNKNOWN_FACTION_HINT
from cardsmith.rules.model import Fix, Rule, Severity, Violation
from cardsmith.rules.registry import CheckSet, ForceView, Param, Row, labels, refs
from cardsmith.rules.sources import AvailabilityData
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


def _availability_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    if params["era"]:
        from cardsmith.catalogue.eras import resolve_era

        try:
            resolve_era(params["era"])
        except UsageError as exc:
            return [("era", str(exc))]
    return []


_AVAILABILITY_PARAMS = (
    Param(
        "era", "str", "the era played (MUL id, year or name); empty: the force's era", default=""
    ),
    Param(
        "faction",
        "str",
        "the faction played (MUL name or id); empty: the force's faction",
        default="",
    ),
    Param(
        "general",
        "str-list",
        "general lists that count too (e.g. the MUL's Inner Sphere General)",
        default=(),
    ),
    Param("required", "bool", "a list without an era or faction is an error", default=True),
)


@check("availability", *_AVAILABILITY_PARAMS, validate=_availability_problems)
def availability(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Every unit is available to the faction in the era, by the MUL's lists (ASCE p.110 step 2).

    An error for each unit a stored list leaves out; a "cannot verify" warning where no
    stored list covers a unit (its type and tech base in that era for that faction),
    naming the list and the command that syncs it.  The era and faction are the rule's,
    else the force's own.
    """
    yield from _availability(view, rule)


@check(
    "faction",
    Param("faction", "str", "the faction played, as the MUL names it"),
    *_AVAILABILITY_PARAMS[:1],
    *_AVAILABILITY_PARAMS[2:],
    validate=_availability_problems,
)
def faction(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """The older name of ``availability`` with the faction given: the same check."""
    yield from _availability(view, rule)


def _availability(view: ForceView, rule: Rule) -> Iterator[Violation]:
    from cardsmith.catalogue.eras import era_name, find_era
    from cardsmith.catalogue.factions import Faction
    from cardsmith.errors import UnknownName

    if not view.rows:
        return
    # The rule's era and faction (an event's), else the force's own (ASCE p.110 step 2).
    force = view.force
    named: str = rule.params["faction"]
    era_text: str = rule.params["era"] or (str(force.era.id) if force.era else "")
    faction_text: str = named or (str(force.faction.id) if force.faction else "")
    missing = [what for what, text in (("era", era_text), ("faction", faction_text)) if not text]
    if missing:
        yield rule.violation(
            f"the list names no {' and no '.join(missing)} to check availability against",
            expected="an era and a faction",
            actual="none",
            hint="give the force its era and faction",
            fix=Fix.SET_ERA_FACTION,
            severity=None if rule.params["required"] else Severity.WARNING,
        )
        return
    era = find_era(era_text)
    data = view.availability
    if data is None or data.problem:
        why = f"the catalogue cannot be read ({data.problem})" if data else "no catalogue at hand"
        yield _cannot_verify(rule, view.rows, why, era.id, None, era.name)
        return
    by_name = [text for text in (named, *rule.params["general"]) if text]
    if by_name and not data.has_factions:
        gap = f"the catalogue knows no MUL factions, so not {by_name[0]!r}"
        yield _cannot_verify(rule, view.rows, gap, era.id, None, era.name, faction=by_name[0])
        return
    try:
        # The force's own faction carries its MUL id: the lists answer for it even where
        # this catalogue does not know the faction's name (a list built elsewhere).
        own = force.faction
        first = Faction(own.id, own.name) if not named and own else data.faction(faction_text)
        factions = [first, *(data.faction(text) for text in rule.params["general"])]
    except UnknownName as exc:
        close = f" (did you mean {', '.join(exc.candidates[:3])}?)" if exc.candidates else ""
        yield rule.violation(
            f"{exc.message}{close}",
            expected="a MUL faction",
            actual=faction_text,
            hint=UNKNOWN_FACTION_HINT,
            fix=Fix.SET_ERA_FACTION,
        )
        return
    views = [data.view(era.id, f.id) for f in factions]
    version = data.version or "none"
    names = " or ".join(f.name for f in factions)
    out: list[tuple[Row, str]] = []
    unknown: dict[str, list[Row]] = {}
    for row in view.rows:
        unit = row.entry.unit
        if unit.mul_id <= 0:
            unknown.setdefault("custom units are on no MUL list", []).append(row)
            continue
        mul_type, technology = unit.mul_type, unit.technology
        if not mul_type:
            mul_type, technology = data.kind(unit.mul_id)
        answers = [v.answer(unit.mul_id, mul_type, technology) for v in views]
        if True in answers:
            continue
        if None in answers:
            gap = views[answers.index(None)].missing(mul_type, technology, factions[0].name)
            unknown.setdefault(gap, []).append(row)
        elif views[0].nobody_fields(unit.mul_id, mul_type, technology):
            out.append((row, f"no faction fields it in {era.name}"))
        else:
            out.append((row, f"not on the {names} list" + _on_general(data, era.id, unit.mul_id)))
    where = f"{names} in {era.name}"
    if out:
        rows = [row for row, _ in out]
        yield rule.violation(
            f"{count(len(out), 'unit')} not available to {where} (availability data {version}):"
            f" {', '.join(f'{row.label} ({why})' for row, why in out)}",
            entries=refs(rows),
            expected=f"on the MUL's list for {where}",
            actual="; ".join(f"{row.label}: {why}" for row, why in out),
            hint=f"replace {labels(rows)} with units {factions[0].name} fields in {era.name}",
            fix=Fix.REPLACE_UNITS,
        )
    for gap, rows in unknown.items():
        yield _cannot_verify(rule, rows, gap, era.id, factions[0].id, era_name(era.id), version)


def _on_general(data: AvailabilityData, era_id: int, mul_id: int) -> str:
    """``; it is on the Inner Sphere General list, …`` when a general list holds the unit."""
    generals = data.view(era_id, None).general_lists_with(mul_id)
    if not generals:
        return ""
    listed = " and ".join(f"the {name} list" for name in generals)
    return f"; it is on {listed}, which counts only where the rule pack names it as general"


def _cannot_verify(
    rule: Rule,
    rows: Sequence[Row],
    gap: str,
    era_id: int,
    faction_id: int | None,
    era_label: str = "",
    version: str = "none",
    *,
    faction: str = "",
) -> Violation:
    sync = f"cardsmith catalogue sync --availability --eras {era_id}"
    if faction_id is not None:
        sync += f" --factions {faction_id}"
    elif faction:
        sync += f' --factions "{faction}"'
    return rule.violation(
        f"cannot verify the availability of {count(len(rows), 'unit')}: {gap}"
        f" (availability data {version})",
        entries=refs(rows),
        expected=f"on the MUL's list{' for ' + era_label if era_label else ''}",
        actual="unknown",
        hint=SYNC_LIST_HINT.format(command=sync),
        fix=Fix.SYNC_AVAILABILITY,
        severity=Severity.WARNING,
    )
