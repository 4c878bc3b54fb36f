"""Provides the evaluation of a group against its formation (ASCE p.116-123) and the catalogue loader."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardsmith.forces.formation_model import (
    FORMATION_FILE,
    INFANTRY_TYPES,
    MIN_UNITS,
    QUANTITIES,
    SCOPES,
    Condition,
    Formation,
    FormationCatalogue,
    FormationNotFound,
    GroupSize,
    Member,
    Requirement,
    ground_move,
    jump_move,
)
from cardsmith.forces.formation_reader import load_formation_file
from cardsmith.models.force import Force, ForceEntry
from cardsmith.templates import file_mtime, template_path

__all__ = [
    "FORMATION_FILE",
    "MIN_UNITS",
    "QUANTITIES",
    "SCOPES",
    "Condition",
    "Formation",
    "FormationCatalogue",
    "FormationNotFound",
    "FormationResult",
    "GroupSize",
    "Member",
    "Requirement",
    "RequirementResult",
    "evaluate",
    "evaluate_force",
    "evaluate_group",
    "evaluate_requirement",
    "ground_move",
    "jump_move",
    "load_formations",
    "matched_pairs",
    "required_count",
]


def matched_pairs(members: Sequence[Member]) -> frozenset[int]:
    """Indices of the units that form matched pairs: two entries of the same unit.

    ASCE p.117 (Battle Lance and its variants) asks vehicles to come in pairs of the
    same model.  Three of a kind make one pair and a spare; the spare is the one with the
    highest force index, so the result does not depend on anything but the list.
    """
    by_unit: dict[tuple[int, str], list[int]] = {}
    for index, entry in members:
        by_unit.setdefault((entry.unit.mul_id, entry.unit.name.casefold()), []).append(index)
    paired: set[int] = set()
    for indices in by_unit.values():
        indices.sort()
        paired.update(indices[: len(indices) // 2 * 2])
    return frozenset(paired)


@dataclass(frozen=True, slots=True)
class RequirementResult:
    """How a group fared against one requirement."""

    id: str
    text: str
    passed: bool
    expected: str
    """What the requirement asks for, in units (``at least 2 of 4 (50%)``)."""
    actual: str
    """How many units meet the condition."""
    entries: tuple[int, ...]
    """1-based force indices of the units that meet the condition."""
    offending: tuple[int, ...] = ()
    """When it fails: the units to change (those that break a ``none`` or ``at_most``,
    those that miss the others).  Empty when it passes."""


@dataclass(frozen=True, slots=True)
class FormationResult:
    """A group's verdict for its formation, requirement by requirement."""

    formation_id: str
    name: str
    qualifies: bool
    requirements: tuple[RequirementResult, ...]
    waived_by_ideal_role: bool
    group: str = ""
    unit_count: int = 0


def required_count(percent: int, units: int, rounding: str = "up") -> int:
    """Units needed for ``percent`` of ``units``.

    ``up`` (ASCE p.116, the rule): 50% of a 5-unit Star is 3.  ``nearest`` ("round
    normally", ASCE p.120): 75% of 3 is 2, of 7 is 5, halves round up.  ``over`` ("more
    than 50%", ASCE p.122): one more than the share rounded down.
    """
    share = percent * units
    if rounding == "nearest":
        return (2 * share + 100) // 200
    if rounding == "over":
        return share // 100 + 1
    return -(-share // 100)


def evaluate_requirement(
    requirement: Requirement, members: Sequence[Member], *, force: Force | None = None
) -> RequirementResult:
    """Check one requirement against a group's (index, entry) pairs.

    ``force`` is the whole force, for requirements with ``scope = "force"``; without it
    they look at the group alone and say so.
    """
    if requirement.any_of:
        results = [evaluate_requirement(alt, members, force=force) for alt in requirement.any_of]
        passing = [r for r in results if r.passed]
        chosen = passing[0] if passing else results[0]
        return RequirementResult(
            id=requirement.id,
            text=requirement.text,
            passed=bool(passing),
            expected=" or ".join(r.expected for r in results),
            actual=" / ".join(r.actual for r in results),
            entries=chosen.entries,
            offending=() if passing else chosen.offending,
        )
    if requirement.only_if is not None and not all(
        requirement.only_if.holds(e) for _, e in members
    ):
        scope_text = requirement.only_for or "groups whose every unit meets its condition"
        return RequirementResult(
            id=requirement.id,
            text=requirement.text,
            passed=True,
            expected=f"only for {scope_text}",
            actual="not applicable",
            entries=(),
        )
    scope, where = list(members), "group"
    if requirement.scope == "force":
        if force is not None:
            scope, where = list(enumerate(force.entries, start=1)), "force"
        else:
            where = "group (the force was not given)"
    paired = matched_pairs(scope)
    matching = tuple(i for i, e in scope if requirement.where.holds(e, paired=i in paired))
    met = set(matching)
    missing = tuple(i for i, _ in scope if i not in met)
    count, total = len(matching), len(scope)
    actual = f"{count} of {total}"
    offending = missing
    if requirement.quantity == "all":
        passed, expected = count == total, f"all {total}"
    elif requirement.quantity == "none":
        passed, expected, offending = count == 0, "none", matching
    elif requirement.quantity == "at_least":
        passed, expected = count >= requirement.amount, f"at least {requirement.amount}"
    elif requirement.quantity == "at_most":
        allowed, expected = _allowance(requirement, scope, where)
        passed, offending = count <= allowed, matching
        actual = f"{count} in the {where}"
    elif requirement.quantity == "carried":
        return _carried(requirement, scope)
    else:
        needed = required_count(requirement.amount, total, requirement.rounding)
        passed = count >= needed
        share = (
            f"more than {requirement.amount}%"
            if requirement.rounding == "over"
            else (f"{requirement.amount}%")
        )
        expected = f"at least {needed} of {total} ({share})"
    return RequirementResult(
        id=requirement.id,
        text=requirement.text,
        passed=passed,
        expected=expected,
        actual=actual,
        entries=matching,
        offending=() if passed else offending,
    )


def _allowance(requirement: Requirement, scope: Sequence[Member], where: str) -> tuple[int, str]:
    """How many an ``at_most`` requirement allows, and that number explained."""
    allowed = requirement.amount
    if requirement.per_units <= 0:
        return allowed, f"at most {allowed}"
    counted = sum(1 for _, e in scope if requirement.per_where.holds(e))
    allowed += counted // requirement.per_units
    return allowed, (
        f"at most {allowed} ({requirement.amount} + 1 per {requirement.per_units} "
        f"{requirement.per_label}; the {where} has {counted})"
    )


def _carried(requirement: Requirement, scope: Sequence[Member]) -> RequirementResult:
    """Whether the group's other units carry all its infantry at once (ASCE p.121).

    Battle armor with MEC rides an OmniMech or Omni vehicle (OMNI), one squad each; with
    XMEC it rides any 'Mech as well.  Every other infantry unit takes its CAR# tons of
    the carriers' IT# infantry bays.  Mounts go to XMEC squads on plain 'Mechs first,
    then to MEC squads on Omni units, so no seat a squad could use is given away.
    """
    infantry = [(i, e) for i, e in scope if _type(e) in INFANTRY_TYPES]
    carriers = [(i, e) for i, e in scope if _type(e) not in INFANTRY_TYPES]
    omni = sum(1 for _, e in carriers if e.unit.has_special("OMNI"))
    mechs = sum(
        1 for _, e in carriers if _type(e) in ("BM", "IM") and not e.unit.has_special("OMNI")
    )
    bays = sum(_number(e, "IT") for _, e in carriers)
    left: list[Member] = []
    for index, entry in infantry:
        xmec, mec = entry.unit.has_special("XMEC"), entry.unit.has_special("MEC")
        if _type(entry) == "BA" and xmec and mechs:
            mechs -= 1
        elif _type(entry) == "BA" and (mec or xmec) and omni:
            omni -= 1
        else:
            left.append((index, entry))
    weight = sum(_number(e, "CAR") for _, e in left)
    passed = bool(infantry) and bool(carriers) and weight <= bays
    riding = len(infantry) - len(left)
    actual = (
        f"{len(infantry)} infantry: {riding} mounted, {weight:g} t for {bays:g} t of bays"
        if infantry
        else "no infantry"
    )
    return RequirementResult(
        id=requirement.id,
        text=requirement.text,
        passed=passed,
        expected="every infantry unit carried at once (at least one)",
        actual=actual,
        entries=tuple(i for i, _ in infantry),
        offending=() if passed else tuple(i for i, _ in (left or infantry or scope)),
    )


def _type(entry: ForceEntry) -> str:
    return entry.unit.type.value if entry.unit.type is not None else ""


def _number(entry: ForceEntry, code: str) -> float:
    special = entry.unit.special(code)
    return special.number or 0 if special is not None else 0


def evaluate(
    formation: Formation,
    members: Sequence[Member],
    *,
    group: str = "",
    force: Force | None = None,
) -> FormationResult:
    """Check a group's (index, entry) pairs against a formation.

    Every requirement is evaluated and reported, even when the ideal-role waiver applies.
    ``force`` is the whole force, needed by requirements about it (commanders per units).
    """
    most = formation.max_units
    fits = formation.min_units <= len(members) and (most is None or len(members) <= most)
    if most is None:
        text, expected = f"At least {formation.min_units} units", f"at least {formation.min_units}"
    elif most == formation.min_units:
        text, expected = f"Exactly {most} units", f"exactly {most}"
    else:
        text = f"{formation.min_units} to {most} units"
        expected = f"{formation.min_units}-{most}"
    size = RequirementResult(
        id="min-units",
        text=text,
        passed=fits,
        expected=expected,
        actual=str(len(members)),
        entries=tuple(i for i, _ in members),
    )
    results = tuple(evaluate_requirement(r, members, force=force) for r in formation.requirements)
    ideal = formation.ideal_role
    waived = bool(
        ideal
        and members
        and all((e.unit.role or "").casefold() == ideal.casefold() for _, e in members)
    )
    qualifies = size.passed and (waived or all(r.passed for r in results))
    return FormationResult(
        formation_id=formation.id,
        name=formation.name,
        qualifies=qualifies,
        requirements=(size, *results),
        waived_by_ideal_role=waived,
        group=group,
        unit_count=len(members),
    )


def evaluate_group(
    force: Force, group: str, catalogue: FormationCatalogue | None = None
) -> FormationResult:
    """Check the named group of a force against the formation it declares.

    Raises:
        FormationNotFound: the group has no formation, or names one that is not known.
    """
    declared = force.group(group)
    if declared is None or not declared.formation:
        raise FormationNotFound(f"group {group!r} has no formation")
    catalogue = catalogue or load_formations()
    formation = catalogue.get(declared.formation)
    if formation is None:
        raise FormationNotFound(
            f"group {group!r} names the unknown formation {declared.formation!r}"
        )
    return evaluate(formation, force.members(group), group=group, force=force)


def evaluate_force(
    force: Force, catalogue: FormationCatalogue | None = None
) -> list[FormationResult]:
    """Results for every group that declares a known formation."""
    catalogue = catalogue or load_formations()
    results = []
    for declared in force.groups:
        if declared.formation and catalogue.get(declared.formation) is not None:
            results.append(evaluate_group(force, declared.name, catalogue))
    return results


# -- loading ----------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _load_cached(path: Path, mtime_ns: int) -> FormationCatalogue:
    return load_formation_file(path)


def load_formations(path: Path | None = None) -> FormationCatalogue:
    """The formation catalogue: ``path``, else the user's ``formations.toml``, else the built-in.

    Raises:
        TemplateError: the file is unreadable or has bad entries (all listed).
    """
    if path is None:
        path = template_path(FORMATION_FILE)
    mtime = file_mtime(path, what="the formations")
    return _load_cached(path, mtime)
