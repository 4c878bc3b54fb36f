"""Provides the formation catalogue (ASCE p.116-123) and the evaluation of a group against it."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith import paths
from cardsmith.errors import ForceEditError, TemplateError
from cardsmith.models.force import Force, ForceEntry

FORMATION_FILE = "formations.toml"

#: ASCE p.116: a formation needs at least three units for its bonus.
MIN_UNITS = 3

QUANTITIES = ("all", "none", "at_least", "percent")
_CONDITION_KEYS = frozenset(
    {
        "size_min",
        "size_max",
        "move_min",
        "jump_min",
        "roles",
        "short_min",
        "medium_min",
        "long_min",
        "armor_min",
        "specials",
        "commander",
        "any_of",
    }
)
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class FormationNotFound(ForceEditError, LookupError):
    """An unknown formation id, or a group that has no formation to evaluate."""


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
    any_of: tuple[Condition, ...] = ()
    """Alternatives: at least one must hold."""

    def holds(self, entry: ForceEntry) -> bool:
        """True when the entry meets every part of the condition."""
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
        if self.any_of:
            checks.append(any(c.holds(entry) for c in self.any_of))
        return all(checks)


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
    """``all``, ``none``, ``at_least`` or ``percent`` (QUANTITIES)."""
    amount: int = 0
    """Units for ``at_least``; percent of the group (rounded up) for ``percent``."""
    where: Condition = Condition()
    any_of: tuple[Requirement, ...] = ()
    """Alternatives: the requirement passes when one of them passes."""


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
    requirement: Requirement, members: Sequence[tuple[int, ForceEntry]]
) -> RequirementResult:
    """Check one requirement against a group's (index, entry) pairs."""
    if requirement.any_of:
        results = [evaluate_requirement(alt, members) for alt in requirement.any_of]
        passing = [r for r in results if r.passed]
        chosen = passing[0] if passing else results[0]
        return RequirementResult(
            id=requirement.id,
            text=requirement.text,
            passed=bool(passing),
            expected=" or ".join(r.expected for r in results),
            actual=" / ".join(r.actual for r in results),
            entries=chosen.entries,
        )
    matching = tuple(i for i, entry in members if requirement.where.holds(entry))
    count, total = len(matching), len(members)
    if requirement.quantity == "all":
        passed, expected = count == total, f"all {total}"
    elif requirement.quantity == "none":
        passed, expected = count == 0, "none"
    elif requirement.quantity == "at_least":
        passed, expected = count >= requirement.amount, f"at least {requirement.amount}"
    else:
        needed = required_count(requirement.amount, total)
        passed = count >= needed
        expected = f"at least {needed} of {total} ({requirement.amount}%)"
    return RequirementResult(
        id=requirement.id,
        text=requirement.text,
        passed=passed,
        expected=expected,
        actual=f"{count} of {total}",
        entries=matching,
    )


def evaluate(
    formation: Formation, members: Sequence[tuple[int, ForceEntry]], *, group: str = ""
) -> FormationResult:
    """Check a group's (index, entry) pairs against a formation.

    Every requirement is evaluated and reported, even when the ideal-role waiver applies.
    """
    size = RequirementResult(
        id="min-units",
        text=f"At least {formation.min_units} units",
        passed=len(members) >= formation.min_units,
        expected=f"at least {formation.min_units}",
        actual=str(len(members)),
        entries=tuple(i for i, _ in members),
    )
    results = tuple(evaluate_requirement(r, members) for r in formation.requirements)
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
    return evaluate(formation, force.members(group), group=group)


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
        candidates = [folder / FORMATION_FILE for folder in paths.template_search_path()]
        path = next((p for p in candidates if p.is_file()), candidates[-1])
    try:
        mtime = path.stat().st_mtime_ns
    except OSError as exc:
        raise TemplateError(f"cannot read the formations {path}: {exc.strerror or exc}") from exc
    return _load_cached(path, mtime)


def load_formation_file(path: Path) -> FormationCatalogue:
    """Read one formations TOML file, checking every entry.

    Raises:
        TemplateError: unreadable file or bad entries; ``problems`` lists each.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TemplateError(f"cannot read the formations {path}: {exc.strerror or exc}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TemplateError(f"{path} is not valid TOML: {exc}") from exc
    problems: list[str] = []
    raw = data.get("formation", [])
    if not isinstance(raw, list):
        raise TemplateError(f"{path}: 'formation' must be an array of tables")
    formations: dict[str, Formation] = {}
    for number, item in enumerate(raw):
        where = f"{path.name}: formation[{number}]"
        formation = _parse_formation(item, where, formations, problems)
        if formation is None:
            continue
        if formation.id in formations:
            problems.append(f"{where}.id: duplicate id {formation.id!r}")
        formations[formation.id] = formation
    sizes = []
    for number, item in enumerate(data.get("group_size", [])):
        where = f"{path.name}: group_size[{number}]"
        if (
            not isinstance(item, Mapping)
            or not isinstance(item.get("id"), str)
            or not isinstance(item.get("units"), int)
        ):
            problems.append(f"{where}: needs an id and a whole number of units")
            continue
        sizes.append(GroupSize(item["id"], str(item.get("name", item["id"])), item["units"]))
    if problems:
        raise TemplateError(f"the formations file {path} has errors", problems=tuple(problems))
    return FormationCatalogue(formations.values(), sizes)


def _parse_formation(
    item: object, where: str, known: Mapping[str, Formation], problems: list[str]
) -> Formation | None:
    if not isinstance(item, Mapping):
        problems.append(f"{where}: must be a table")
        return None
    before = len(problems)
    formation_id = item.get("id")
    if not isinstance(formation_id, str) or not _ID.match(formation_id):
        problems.append(f"{where}.id: must be kebab-case text, not {formation_id!r}")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(f"{where}.name: must be non-empty text")
    requirements: list[Requirement] = []
    parent = item.get("extends")
    if parent is not None:
        if not isinstance(parent, str) or parent not in known:
            problems.append(f"{where}.extends: {parent!r} is not a formation defined above")
        else:
            requirements.extend(known[parent].requirements)
    raw_reqs = item.get("requirement", [])
    if not isinstance(raw_reqs, list):
        problems.append(f"{where}.requirement: must be an array of tables")
        raw_reqs = []
    for number, raw in enumerate(raw_reqs):
        requirement = _parse_requirement(raw, f"{where}.requirement[{number}]", problems)
        if requirement is not None:
            requirements.append(requirement)
    ideal = item.get("ideal_role")
    if ideal is not None and not isinstance(ideal, str):
        problems.append(f"{where}.ideal_role: must be text")
    aliases = item.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        problems.append(f"{where}.aliases: must be a list of text")
    min_units = item.get("min_units", MIN_UNITS)
    if not isinstance(min_units, int) or isinstance(min_units, bool) or min_units < 1:
        problems.append(f"{where}.min_units: must be a positive whole number")
    if len(problems) > before:
        return None
    return Formation(
        id=str(formation_id),
        name=str(name).strip(),
        requirements=tuple(requirements),
        ideal_role=ideal,
        bonus=str(item.get("bonus", "")),
        aliases=tuple(aliases),
        min_units=int(min_units),
        page=int(item.get("page", 0) or 0),
    )


def _parse_requirement(raw: object, where: str, problems: list[str]) -> Requirement | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be a table")
        return None
    before = len(problems)
    req_id = raw.get("id", "")
    text = raw.get("text", "")
    if not isinstance(req_id, str) or not isinstance(text, str):
        problems.append(f"{where}: id and text must be text")
        req_id, text = "", ""
    alternatives: list[Requirement] = []
    if "any_of" in raw:
        options = raw["any_of"]
        if not isinstance(options, list) or not options:
            problems.append(f"{where}.any_of: must be a non-empty list of requirements")
        else:
            for number, option in enumerate(options):
                option_where = f"{where}.any_of[{number}]"
                if isinstance(option, Mapping):
                    option = {"id": f"{req_id}-{number + 1}", "text": text, **option}
                parsed = _parse_requirement(option, option_where, problems)
                if parsed is not None:
                    alternatives.append(parsed)
        return (
            None
            if len(problems) > before
            else Requirement(req_id, text, any_of=tuple(alternatives))
        )
    quantity = raw.get("quantity", "all")
    if quantity not in QUANTITIES:
        problems.append(f"{where}.quantity: must be one of {', '.join(QUANTITIES)}")
    amount = raw.get("amount", 0)
    if quantity in ("at_least", "percent") and (
        not isinstance(amount, int) or isinstance(amount, bool) or amount < 1
    ):
        problems.append(f"{where}.amount: must be a positive whole number")
    condition = _parse_condition(raw.get("where", {}), f"{where}.where", problems)
    if len(problems) > before or condition is None:
        return None
    return Requirement(req_id, text, str(quantity), int(amount), condition)


def _parse_condition(raw: object, where: str, problems: list[str]) -> Condition | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{where}: must be a table")
        return None
    unknown = set(raw) - _CONDITION_KEYS
    if unknown:
        problems.append(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        return None
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("roles", "specials"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                problems.append(f"{where}.{key}: must be a list of text")
                return None
            values[key] = tuple(value)
        elif key == "commander":
            if not isinstance(value, bool):
                problems.append(f"{where}.commander: must be true or false")
                return None
            values[key] = value
        elif key == "any_of":
            if not isinstance(value, list) or not value:
                problems.append(f"{where}.any_of: must be a non-empty list of conditions")
                return None
            parts = [_parse_condition(v, f"{where}.any_of", problems) for v in value]
            if any(p is None for p in parts):
                return None
            values[key] = tuple(p for p in parts if p is not None)
        else:
            if not isinstance(value, int | float) or isinstance(value, bool):
                problems.append(f"{where}.{key}: must be a number")
                return None
            values[key] = value
    return Condition(**values)
