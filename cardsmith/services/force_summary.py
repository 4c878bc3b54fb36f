"""Provides ``summarise``: what ``force show`` and the app tell about a force, as typed data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass

from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.formations import FormationResult, evaluate_force, load_formations
from cardsmith.forces.pricing import entry_pv, force_pv
from cardsmith.forces.spas import budget_problems, load_spas
from cardsmith.forces.updates import OutdatedEntry
from cardsmith.models import Force, Unit
from cardsmith.models.force import MulRef
from cardsmith.profiles.modes import profile_set

#: How a multi-profile unit's pricing rule is worded.
PRICING_TEXT = {"first": "first profile", "max": "dearest profile", "fixed": "fixed points"}


@dataclass(frozen=True, slots=True)
class ProfilesSummary:
    """A multi-profile unit's profiles, switch rule, game system and price rule."""

    names: tuple[str, ...]
    system: str
    switch_rule: str
    switch_value: int | None
    pricing: str


@dataclass(frozen=True, slots=True)
class EntrySummary:
    """One entry as ``force show`` lists it (the field names are the JSON keys)."""

    index: int
    mul_id: int
    name: str
    type: str
    skill: int
    base_pv: int
    pv: int
    pilot: str
    spas: tuple[str, ...]
    spa_cost: int
    group: str
    commander: bool
    unit_version: str
    newer_version: bool
    """True when the catalogue holds another version of the unit."""
    profiles: ProfilesSummary | None


@dataclass(frozen=True, slots=True)
class RequirementSummary:
    """One formation requirement and how the group meets it."""

    id: str
    text: str
    passed: bool
    expected: str
    actual: str
    units: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FormationSummary:
    """A group's declared formation and whether it qualifies."""

    formation: str
    name: str
    qualifies: bool
    waived_by_ideal_role: bool
    requirements: tuple[RequirementSummary, ...]


@dataclass(frozen=True, slots=True)
class GroupSummary:
    """A group with its units, PV and formation result."""

    name: str
    formation: str | None
    units: tuple[int, ...]
    total_pv: int
    formation_result: FormationSummary | None


@dataclass(frozen=True, slots=True)
class ForceSummary:
    """Everything ``force show`` prints about a force."""

    name: str
    pack: str
    cap: int | None
    total_pv: int
    over_cap: bool
    data_version: str
    fingerprint: str
    """The roster prints the same fingerprint: a GM compares the two."""
    era: MulRef | None
    faction: MulRef | None
    units: tuple[EntrySummary, ...]
    groups: tuple[GroupSummary, ...]
    warnings: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """The JSON form (``force show --format json``)."""
        return asdict(self)


def summarise(force: Force, outdated: Sequence[OutdatedEntry] = ()) -> ForceSummary:
    """Entries, groups with formation results, totals, fingerprint and SPA budget warnings.

    Raises:
        TemplateError: the SPA or formation catalogue does not load.
    """
    spas = load_spas()
    newer = {o.index for o in outdated}
    units: list[EntrySummary] = []
    warnings: list[str] = []
    for index, entry in enumerate(force.entries, start=1):
        units.append(
            EntrySummary(
                index=index,
                mul_id=entry.unit.mul_id,
                name=entry.name,
                type=entry.unit.type_code,
                skill=entry.skill,
                base_pv=entry.unit.pv,
                pv=entry_pv(entry),
                pilot=entry.pilot.name,
                spas=entry.spas,
                spa_cost=spas.cost(entry.spas),
                group=entry.group,
                commander=entry.commander,
                unit_version=entry.unit_version,
                newer_version=index in newer,
                profiles=_profiles(entry.unit),
            )
        )
        warnings.extend(
            f"#{index} {entry.name}: {p}" for p in budget_problems(entry.skill, entry.spas, spas)
        )
    results = {r.group: r for r in evaluate_force(force, load_formations())}
    groups = []
    for name in force.group_names():
        members = force.members(name)
        declared = force.group(name)
        result = results.get(name)
        groups.append(
            GroupSummary(
                name=name,
                formation=declared.formation if declared else None,
                units=tuple(i for i, _ in members),
                total_pv=sum(entry_pv(e) for _, e in members),
                formation_result=_formation(result) if result else None,
            )
        )
    total = force_pv(force)
    return ForceSummary(
        name=force.name,
        pack=force.pack,
        cap=force.cap,
        total_pv=total,
        over_cap=force.cap is not None and total > force.cap,
        data_version=force.data_version,
        fingerprint=force_fingerprint(force),
        era=force.era,
        faction=force.faction,
        units=tuple(units),
        groups=tuple(groups),
        warnings=tuple(warnings),
    )


def _profiles(unit: Unit) -> ProfilesSummary | None:
    profiles = profile_set(unit)
    if profiles is None:
        return None
    return ProfilesSummary(
        names=tuple(p.name for p in profiles.profiles),
        system=profiles.system,
        switch_rule=profiles.switch_rule,
        switch_value=profiles.switch_value,
        pricing=profiles.pricing,
    )


def _formation(result: FormationResult) -> FormationSummary:
    return FormationSummary(
        formation=result.formation_id,
        name=result.name,
        qualifies=result.qualifies,
        waived_by_ideal_role=result.waived_by_ideal_role,
        requirements=tuple(
            RequirementSummary(
                id=r.id,
                text=r.text,
                passed=r.passed,
                expected=r.expected,
                actual=r.actual,
                units=tuple(r.entries),
            )
            for r in result.requirements
        ),
    )
