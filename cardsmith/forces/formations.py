"""Provides the formation catalogue (ASCE p.116-123) and the evaluation of a group against it."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardsmith.errors import FormationNotFound as FormationNotFound
from cardsmith.models.force import Force, ForceEntry
from cardsmith.templates import file_mtime, template_path

FORMATION_FILE = "formations.toml"

#: ASCE p.116: a formation needs at least three units for its bonus.
MIN_UNITS = 3

QUANTITIES = ("all", "none", "at_least", "percent", "at_most")
SCOPES = ("group", "force")

Member = tuple[int, ForceEntry]
"""A unit with its 1-based force index."""


@dataclass(frozen=True, slots=True)
class Condition:
    """What a unit must be to count for a requirement; every set field must hold."""

    size_min: int | None = None
    size_max: int | None = None
    move_min: float | None = None
    """Best ground move in inches (jump and thrust do not count)."""
    jump_min: float | None = None
    roles: tuple[str, ...] = ()
    short_min: float | None = None
    medium_min: float | None = None
    long_min: float | None = None
    armor_min: int | None = None
    specials: tuple[str, ...] = ()
    """Any of these ability codes; ``ART*`` matches every code starting ``ART``."""
    commander: bool | None = None
    unit_types: tuple[str, ...] = ()
    """The Alpha Strike type code is one of these (``CV``, ``SV`` …)."""
    not_unit_types: tuple[str, ...] = ()
    """The type code is none of these (a unit without a type is none of them)."""
    paired: bool | None = None
    """The unit has an identical twin (the same unit) among the units evaluated with it."""
    any_of: tuple[Condition, ...] = ()
    """Alternatives: at least one must hold."""

    def holds(self, entry: ForceEntry, *, paired: bool = False) -> bool:
        """True when the entry meets every part of the condition.

        ``paired`` says whether the entry is one of a matched pair in its group; only the
        evaluator knows the group, see ``matched_pairs``.
        """
        unit = entry.unit
        checks: list[bool] = []
        if self.size_min is not None:
            checks.append(unit.size >= self.size_min)
        if self.size_max is not None:
            checks.append(unit.size <= self.size_max)
        if self.move_min is not None:
            checks.append(ground_move(entry) >= self.move_min)
        if self.jump_min is not None:
            checks.append(jump_move(entry) >= self.jump_min)
        if self.roles:
            role = (unit.role or "").casefold()
            checks.append(role in {r.casefold() for r in self.roles})
        for band, minimum in ((0, self.short_min), (1, self.medium_min), (2, self.long_min)):
            if minimum is not None:
                checks.append(unit.damage[band].effective >= minimum)
        if self.armor_min is not None:
            checks.append(unit.armor >= self.armor_min)
        if self.specials:
            checks.append(_has_any_special(entry, self.specials))
        if self.commander is not None:
            checks.append(entry.commander == self.commander)
        type_code = unit.type.value if unit.type is not None else ""
        if self.unit_types:
            checks.append(type_code in self.unit_types)
        if self.not_unit_types:
            checks.append(type_code not in self.not_unit_types)
        if self.paired is not None:
            checks.append(paired == self.paired)
        if self.any_of:
            checks.append(any(c.holds(entry, paired=paired) for c in self.any_of))
        return all(checks)


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


def ground_move(entry: ForceEntry) -> float:
    """The unit's best ground move in inches (not jump, not thrust)."""
    return max((m.inches for m in entry.unit.move if not m.is_jump and not m.is_thrust), default=0)


def jump_move(entry: ForceEntry) -> float:
    """The unit's jump move in inches (0 when it cannot jump)."""
    return max((m.inches for m in entry.unit.move if m.is_jump), default=0)


def _has_any_special(entry: ForceEntry, wanted: Sequence[str]) -> bool:
    codes = entry.unit.special_codes()
    for code in wanted:
        if code.endswith("*"):
            prefix = code[:-1].upper()
            if any(c.startswith(prefix) for c in codes):
                return True
        elif code.upper() in codes:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Requirement:
    """One formation requirement: how many of the units must meet a condition."""

    id: str
    text: str
    quantity: str = "all"
    """``all``, ``none``, ``at_least``, ``percent`` or ``at_most`` (QUANTITIES)."""
    amount: int = 0
    """Units for ``at_least`` and ``at_most``; percent (rounded up) for ``percent``."""
    where: Condition = Condition()
    any_of: tuple[Requirement, ...] = ()
    """Alternatives: the requirement passes when one of them passes."""
    scope: str = "group"
    """``group``: the group's units; ``force``: every unit of the force (SCOPES)."""
    per_units: int = 0
    """``at_most`` only: allow one more for every ``per_units`` units meeting ``per_where``."""
    per_where: Condition = Condition()
    per_label: str = "units"
    """What ``per_where`` counts, for the report (``non-infantry units``)."""
    only_if: Condition | None = None
    """The requirement applies only when every unit of the group meets this."""
    only_for: str = ""
    """What ``only_if`` describes, for the report (``vehicle formations``)."""


@dataclass(frozen=True, slots=True)
class Formation:
    """A formation type: requirements, ideal role and bonus (ASCE p.116-123)."""

    id: str
    name: str
    requirements: tuple[Requirement, ...] = ()
    ideal_role: str | None = None
    """All units with this role waive the requirements (ASCE p.116); None for variants."""
    bonus: str = ""
    aliases: tuple[str, ...] = ()
    min_units: int = MIN_UNITS
    page: int = 0


@dataclass(frozen=True, slots=True)
class GroupSize:
    """A standard group size (Lance 4, Star 5, Level II 6 …)."""

    id: str
    name: str
    units: int


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


def required_count(percent: int, units: int) -> int:
    """Units needed for ``percent`` of ``units``, rounded up (ASCE p.116)."""
    return -(-percent * units // 100)


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
    else:
        needed = required_count(requirement.amount, total)
        passed = count >= needed
        expected = f"at least {needed} of {total} ({requirement.amount}%)"
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
    size = RequirementResult(
        id="min-units",
        text=f"At least {formation.min_units} units",
        passed=len(members) >= formation.min_units,
        expected=f"at least {formation.min_units}",
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


class FormationCatalogue:
    """Every known formation and the standard group sizes."""

    def __init__(self, formations: Iterable[Formation], sizes: Iterable[GroupSize] = ()) -> None:
        self._by_id = {f.id: f for f in formations}
        self._keys: dict[str, Formation] = {}
        for formation in self._by_id.values():
            for key in (formation.id, formation.name, *formation.aliases):
                self._keys.setdefault(_key(key), formation)
        self.sizes = tuple(sizes)

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, formation_id: str) -> Formation | None:
        """The formation with this id, or None."""
        return self._by_id.get(formation_id)

    def find(self, text: str) -> Formation | None:
        """The formation whose id, name or alias matches (case and punctuation ignored)."""
        return self._by_id.get(text) or self._keys.get(_key(text))

    def all(self) -> list[Formation]:
        """Every formation, in file order."""
        return list(self._by_id.values())


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", text.casefold())


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
    # Imported here: the file reader builds this module's types, so it imports this module.
    from cardsmith.forces.formation_reader import load_formation_file

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
