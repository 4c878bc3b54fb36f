"""Provides the ``formations`` check: each group that names a formation meets its requirements."""

from __future__ import annotations

from collections.abc import Iterator

from cardsmith.errors import CardsmithError
from cardsmith.rules.model import EntryRef, Fix, Rule, Violation
from cardsmith.rules.registry import CheckSet, ForceView, shared

CHECKS = CheckSet()
check = CHECKS.add


@check("formations")
def formations(view: ForceView, rule: Rule) -> Iterator[Violation]:
    """Groups that name a formation meet its requirements (ASCE p.116-123).

    One violation per failed requirement, with the units it counted.  Requirements are
    waived when every unit has the formation's ideal role (ASCE p.116).  Groups without
    a formation are not checked, so the formation catalogue is only read when needed.
    """
    named = [g for g in view.force.groups if g.formation]
    if not named:
        return
    from cardsmith.forces.formations import evaluate_group, load_formations

    catalogue = shared("formations", load_formations)
    names = {row.index: row.entry.unit.name for row in view.rows}
    for group in named:
        members = [(i, e) for i, e in view.force.members(group.name)]
        member_refs = tuple((i, names[i]) for i, _ in members)
        try:
            result = evaluate_group(view.force, group.name, catalogue)
        except CardsmithError as exc:
            yield rule.violation(
                exc.message,
                entries=member_refs,
                expected="a known formation",
                actual=group.formation,
                hint="choose a formation from the formation list (templates/formations.toml)",
                fix=Fix.SET_FORMATION,
            )
            continue
        if result.qualifies:
            continue
        formation = catalogue.get(result.formation_id)
        quantities = {r.id: r.quantity for r in formation.requirements} if formation else {}
        for req in result.requirements:
            if req.passed:
                continue
            meeting = set(req.entries)
            if req.offending:
                # The formation names the units to change (unpaired vehicles, extra
                # commanders): they may sit outside this group.
                offending = [(i, names[i]) for i in req.offending if i in names]
            elif quantities.get(req.id) == "none":
                offending = [ref for ref in member_refs if ref[0] in meeting]
            else:
                offending = [ref for ref in member_refs if ref[0] not in meeting]
            yield rule.violation(
                f"group {group.name!r} is not a {result.name}: {req.text}",
                entries=offending or member_refs,
                expected=req.expected,
                actual=req.actual,
                hint=_hint(group.name, req.id, quantities.get(req.id), offending),
                fix=_fix(req.id, quantities.get(req.id), offending),
            )


def _hint(group: str, req_id: str, quantity: str | None, offending: list[EntryRef]) -> str:
    units = ", ".join(f"#{i} {n}" for i, n in offending)
    if req_id == "min-units":
        return f"add units to group {group!r} or drop its formation"
    if quantity == "none":
        return f"move or replace {units}"
    if offending:
        return f"replace some of {units} with units that meet it, or choose another formation"
    return f"change the units of group {group!r} or choose another formation"


def _fix(req_id: str, quantity: str | None, offending: list[EntryRef]) -> Fix:
    if req_id == "min-units":
        return Fix.ADD_UNITS
    if quantity == "none" or offending:
        return Fix.REPLACE_UNITS
    return Fix.SET_FORMATION
