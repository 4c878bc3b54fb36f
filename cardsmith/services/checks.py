"""Provides rule checks, rule packs and formation status for the app."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardsmith.errors import CardsmithError, ForceEditError
from cardsmith.models import Force
from cardsmith.services._optional import optional_module as _module

# -- checks and formations --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """One violation as the validation panel lists it."""

    rule: str
    check: str
    """The check behind the rule (``pv-cap`` …), for the app's own fixing hints."""
    severity: str
    message: str
    hint: str
    entries: tuple[int, ...]
    """1-based indices of the entries involved."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The result of checking a force: legal or not, and why."""

    available: bool
    """False when no rules engine is installed or the pack does not load."""
    legal: bool
    problems: tuple[Problem, ...]
    note: str = ""
    """Why the verdict is unavailable (pack load error and so on)."""
    cap: int | None = None


def pack_choices() -> list[tuple[str, str]]:
    """(id, title) of every rule pack that can be chosen."""
    engine = _module("cardsmith.rules.engine")
    if engine is None:
        return [("standard", "standard")]
    choices: list[tuple[str, str]] = []
    for pack_id in sorted(engine.available_packs()):
        try:
            choices.append((pack_id, str(engine.load_pack(pack_id).title)))
        except CardsmithError:
            choices.append((pack_id, f"{pack_id} (does not load)"))
    return choices


def _pack(pack_id: str) -> Any:
    engine = _module("cardsmith.rules.engine")
    return None if engine is None else engine.load_pack(pack_id)


def check(force: Force) -> Verdict:
    """Check ``force`` against its rule pack; never raises for a pack or engine problem."""
    engine = _module("cardsmith.rules.engine")
    if engine is None:
        return Verdict(False, True, (), note="rule checks are not available in this build")
    try:
        pack = _pack(force.pack)
        result = engine.check_force(force, pack)
    except CardsmithError as exc:
        return Verdict(False, True, (), note=f"pack {force.pack!r}: {exc.message}")
    problems = tuple(
        Problem(
            rule=str(v.rule_id),
            check=_check_name(pack, str(v.rule_id)),
            severity=str(v.severity),
            message=str(v.message),
            hint=str(v.hint or ""),
            entries=tuple(int(item[0]) for item in v.entries),
        )
        for v in result.violations
    )
    return Verdict(True, bool(result.legal), problems, cap=pv_cap(force, pack))


def _check_name(pack: Any, rule_id: str) -> str:
    rule = pack.rule(rule_id) if hasattr(pack, "rule") else None
    return str(rule.check) if rule is not None else rule_id


def pv_cap(force: Force, pack: Any) -> int | None:
    """The cap the pack's ``pv-cap`` rule applies (its ``max``, else the force's own)."""
    for rule in getattr(pack, "rules", ()):
        if rule.check == "pv-cap":
            cap = rule.params.get("max") or force.cap
            return int(cap) if cap else None
    return force.cap


@dataclass(frozen=True, slots=True)
class GroupStatus:
    """A group's formation and whether it qualifies."""

    group: str
    formation: str
    """Formation name, or empty when the group declares none."""
    qualifies: bool | None
    """None when no formation is declared or formations are unavailable."""
    failed: tuple[str, ...] = ()
    """Texts of requirements that failed."""


def formation_status(force: Force) -> list[GroupStatus]:
    """One status per group in use."""
    formations = _module("cardsmith.forces.formations")
    statuses: list[GroupStatus] = []
    for name in force.group_names():
        group = force.group(name)
        if formations is None or group is None or not group.formation:
            formation = group.formation if group is not None and group.formation else ""
            statuses.append(GroupStatus(name, formation, None))
            continue
        try:
            result = formations.evaluate_group(force, name)
        except CardsmithError as exc:
            statuses.append(GroupStatus(name, group.formation, False, (exc.message,)))
            continue
        failed = tuple(
            f"{r.text}: {r.actual} (needs {r.expected})"
            for r in result.requirements
            if not r.passed
        )
        statuses.append(GroupStatus(name, str(result.name), bool(result.qualifies), failed))
    return statuses


def formation_choices() -> list[tuple[str, str, str]]:
    """(id, name, bonus) of every formation, by name (empty when unavailable)."""
    formations = _module("cardsmith.forces.formations")
    if formations is None:
        return []
    try:
        catalogue = formations.load_formations()
    except CardsmithError:
        return []
    found = [(f.id, str(f.name), str(f.bonus)) for f in catalogue.all()]
    return sorted(found, key=lambda item: item[1].casefold())


def set_formation(force: Force, group: str, formation: str | None) -> Force:
    """Declare ``group`` with ``formation`` (None: no formation).

    Raises:
        ForceEditError: a bad group name or an unknown formation.
    """
    forces = _module("cardsmith.forces.editing")
    if forces is None:
        raise ForceEditError("this build of cardsmith cannot set formations")
    changed: Force = forces.set_group(force, group, formation=formation)
    return changed
