"""Provides the roster page's content (``RosterData``) and the rule-check verdict it prints.

Pure: the PDF and any text output draw from the same rows and totals.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.errors import CardsmithError
from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.formations import evaluate_group, load_formations
from cardsmith.forces.pricing import entry_pv
from cardsmith.models import Force, ForceEntry, Unit
from cardsmith.profiles.modes import profile_set
from cardsmith.render.content.card import spa_catalogue_for, spa_lines
from cardsmith.render.content.multi_profile import PRICING_TEXT
from cardsmith.render.content.sheets import sections
from cardsmith.rules.model import CheckResult


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of checking a force against its rule pack, as the roster prints it."""

    pack: str
    legal: bool
    problems: tuple[str, ...] = ()
    """One line per violation, errors first (``error: …``, ``warning: …``)."""
    errors: int = 0
    warnings: int = 0

    @property
    def headline(self) -> str:
        """``legal``, ``legal (1 warning)`` or ``NOT LEGAL (2 errors, 1 warning)``."""
        counts = []
        if self.errors:
            counts.append(f"{self.errors} error{'s' if self.errors != 1 else ''}")
        if self.warnings:
            counts.append(f"{self.warnings} warning{'s' if self.warnings != 1 else ''}")
        tail = f" ({', '.join(counts)})" if counts else ""
        return ("legal" if self.legal else "NOT LEGAL") + tail


def verdict_from_check(result: CheckResult, pack: str = "") -> Verdict:
    """Turn a rules-engine ``CheckResult`` into the verdict a roster prints, errors first."""
    violations = sorted(result.violations, key=lambda v: 0 if v.is_error else 1)
    errors = sum(1 for v in violations if v.is_error)
    return Verdict(
        pack=pack or result.pack_id,
        legal=result.legal,
        problems=tuple(f"{v.severity}: {v.message}" for v in violations),
        errors=errors,
        warnings=len(violations) - errors,
    )


@dataclass(frozen=True, slots=True)
class RosterRow:
    """One entry of the roster table."""

    index: int
    name: str
    type_code: str
    role: str
    skill: int
    base_pv: int
    pv: int
    pilot: str
    spas: str
    group: str
    commander: bool


@dataclass(frozen=True, slots=True)
class RosterSection:
    """One group of the roster: its heading, its formation's verdict and bonus, its rows."""

    group: str
    """The group's name; empty for ungrouped units (or a force with no groups)."""
    formation: str = ""
    """The formation's name, empty when the group declares none."""
    qualifies: bool | None = None
    """None without a formation (or when it cannot be judged)."""
    status: str = ""
    """``qualifies``, or what it misses (``does not qualify: …``)."""
    bonus: str = ""
    rows: tuple[RosterRow, ...] = ()

    @property
    def heading(self) -> str:
        """``Alpha · 120 PV — Battle Lance: qualifies``, ``Beta · 64 PV``, ``No group · 30 PV``."""
        name = f"{self.group or 'No group'} · {self.pv} PV"
        if not self.formation:
            return name
        return f"{name} — {self.formation}: {self.status}" if self.status else name

    @property
    def pv(self) -> int:
        """The section's PV total."""
        return sum(r.pv for r in self.rows)


@dataclass(frozen=True, slots=True)
class RosterData:
    """Everything on a force's roster page."""

    name: str
    pack: str
    verdict: str
    problems: tuple[str, ...]
    sections: tuple[RosterSection, ...]
    total_base_pv: int
    total_pv: int
    cap: int | None
    data_version: str
    fingerprint: str
    profile_notes: tuple[str, ...] = ()
    """Units with several profiles (one card each): profiles, price rule, system."""
    share_code: str = ""
    """The force as a share code (drawn as a QR code); empty when it has none."""
    era: str = ""
    """The era the force is played in (its MUL name); empty when none is chosen."""
    faction: str = ""
    """The faction the force fields (its MUL name); empty when none is chosen."""

    @property
    def rows(self) -> tuple[RosterRow, ...]:
        """Every row in print order."""
        return tuple(r for s in self.sections for r in s.rows)

    @property
    def grouped(self) -> bool:
        """True when the force has groups: the roster then prints a heading per group."""
        return any(s.group for s in self.sections)


def profile_notes(force: Force) -> tuple[str, ...]:
    """One line per entry with several profiles: its profiles, price rule, and system."""
    lines = []
    for index, entry in enumerate(force.entries, start=1):
        modes = profile_set(entry.unit)
        if modes is None:
            continue
        names = " / ".join(p.name for p in modes.profiles)
        text = f"#{index} {entry.unit.name}: {names}; priced by {PRICING_TEXT.get(modes.pricing, modes.pricing)}"
        if entry.unit.type is None:
            # Its stats are another game's columns: Alpha Strike rule checks cannot judge it.
            text += f"; {modes.system} unit, not judged by Alpha Strike rules"
        lines.append(text)
    return tuple(lines)


def _system(unit: Unit) -> str:
    """What the Type column says for a unit without an Alpha Strike type: its game system."""
    return unit.profiles.system if unit.profiles is not None else unit.type_code


def _formation_line(force: Force, group: str) -> tuple[str, bool | None, str, str]:
    """(formation name, qualifies, status text, bonus) of ``group`` (empty when it has none)."""
    declared = force.group(group) if group else None
    if declared is None or not declared.formation:
        return "", None, "", ""
    try:
        catalogue = load_formations()
        formation = catalogue.get(declared.formation)
        if formation is None:
            return declared.formation, None, "unknown formation", ""
        result = evaluate_group(force, group, catalogue)
    except CardsmithError as exc:
        return declared.formation, None, f"not judged ({exc.message})", ""
    if result.qualifies:
        status = "qualifies (ideal role)" if result.waived_by_ideal_role else "qualifies"
    else:
        missed = [
            f"{r.text} ({r.actual}, needs {r.expected})"
            for r in result.requirements
            if not r.passed
        ]
        status = "does not qualify: " + "; ".join(missed)
    return formation.name, result.qualifies, status, formation.bonus


def roster_for(
    force: Force,
    verdict: Verdict | None = None,
    *,
    sort: str = "group",
    share_code: str = "",
) -> RosterData:
    """The roster of ``force``, a section per group; without a verdict it says "not checked"."""
    catalogue = spa_catalogue_for(tuple(s for e in force.entries for s in e.spas))

    def row(index: int, e: ForceEntry) -> RosterRow:
        return RosterRow(
            index=index,
            name=e.unit.name,
            type_code=e.unit.type_code if e.unit.type is not None else _system(e.unit),
            role=e.unit.role or "",
            skill=e.skill,
            base_pv=e.unit.pv,
            pv=entry_pv(e),
            pilot=e.pilot.name,
            spas=", ".join(s.name for s in spa_lines(e.spas, catalogue)),
            group=e.group,
            commander=e.commander,
        )

    built = []
    for section in sections(force, sort, group_breaks=True):
        formation, qualifies, status, bonus = _formation_line(force, section.group)
        rows = tuple(row(i, e) for i, e in section.entries)
        built.append(RosterSection(section.group, formation, qualifies, status, bonus, rows))
    every = [r for s in built for r in s.rows]
    return RosterData(
        name=force.name,
        pack=verdict.pack if verdict else force.pack,
        verdict=verdict.headline if verdict else "not checked",
        problems=verdict.problems if verdict else (),
        sections=tuple(built),
        total_base_pv=sum(r.base_pv for r in every),
        total_pv=sum(r.pv for r in every),
        cap=force.cap,
        data_version=force.data_version or "unrecorded",
        fingerprint=force_fingerprint(force),
        profile_notes=profile_notes(force),
        share_code=share_code,
        era=force.era.name if force.era else "",
        faction=force.faction.name if force.faction else "",
    )
