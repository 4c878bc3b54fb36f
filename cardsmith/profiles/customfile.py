"""Provides custom unit files: units that are not in the MUL, with one or more profiles.

A file (TOML or JSON) holds ``format = "cardsmith-units"``, ``version = 1`` and a list of
``unit`` tables.  Each unit names its game system (``alpha-strike`` or one under
``templates/systems/``), its profiles, and — with two or more profiles — a switch rule
and how it is priced.  Every problem is collected with its key before anything is used.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import cast

from cardsmith import limits
from cardsmith.errors import CatalogueDataError, TemplateError
from cardsmith.fileio import parse_json, parse_toml, read_bytes
from cardsmith.models import Unit, UnitType
from cardsmith.models.profiles import ALPHA_STRIKE, PRICING_RULES, Profile, ProfileSet
from cardsmith.models.record_fields import text_too_long
from cardsmith.models.stats import parse_move
from cardsmith.problems import Problem
from cardsmith.profiles.catalogues import GameSystem, load_switch_rules, load_system
from cardsmith.wording import count

FORMAT = "cardsmith-units"
VERSION = 1
MAX_FILE_BYTES = limits.MAX_CUSTOM_UNITS_BYTES

#: Alpha Strike profile keys and their kinds (as in cardsmith's own unit JSON).
_AS_INT_KEYS = ("size", "armor", "structure", "threshold", "overheat", "pv", "tmm")


def custom_id(name: str) -> int:
    """A stable negative id for a custom unit (MUL ids are positive)."""
    return -(zlib.crc32(name.casefold().encode("utf-8")) % 1_000_000_000 + 1)


def read_custom_units(path: Path) -> list[Unit]:
    """Read and validate a custom unit file.

    Raises:
        CatalogueDataError: the file cannot be read or parsed, nests too deeply, or any
            unit is invalid; ``problems`` lists each with its key (``unit[N].key``).
    """
    return parse_custom_units(read_unit_data(path), origin=str(path))


def read_unit_data(path: Path) -> object:
    """The decoded content of a custom unit file (TOML, or JSON by its name), unjudged.

    Files that are too large, FIFOs and devices, and data nested deeper or holding
    numbers outside the shared limits are refused.

    Raises:
        CatalogueDataError: the file cannot be read or decoded.
    """
    raw = read_bytes(
        path, what="custom unit file", max_bytes=MAX_FILE_BYTES, error=CatalogueDataError
    )
    if path.suffix.lower() == ".json":
        return parse_json(raw, where=str(path), what="custom unit file", error=CatalogueDataError)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CatalogueDataError(f"{path} is not UTF-8 text") from None
    return parse_toml(text, where=str(path), error=CatalogueDataError)


@dataclass(frozen=True, slots=True)
class Place:
    """Where in a custom unit file: a unit, and maybe one of its profiles (1-based)."""

    unit: int
    profile: int | None = None

    def __str__(self) -> str:
        text = f"unit[{self.unit}]"
        return text if self.profile is None else f"{text}.profile[{self.profile}]"

    def profile_at(self, number: int) -> Place:
        """The place of profile ``number`` of this unit."""
        return Place(self.unit, number)

    def at(self, key: str, message: str) -> UnitProblem:
        """A problem with ``key`` (a unit field or a profile column; "" for the whole)."""
        return UnitProblem(message, place=self, key=key)


class UnitProblem(Problem):
    """A problem of a custom unit file that knows its unit, profile row and key, so the
    editor can point at the cell without reading the text back."""

    unit: int
    row: int | None
    """1-based profile row, or None for a unit field."""
    key: str

    def __new__(cls, message: str, *, place: Place, key: str = "") -> UnitProblem:
        where = f"{place}.{key}" if key else str(place)
        # Problem.__new__ builds an instance of cls; its annotation names the base class.
        problem = cast(UnitProblem, super().__new__(cls, message, where=where))
        problem.unit = place.unit
        problem.row = place.profile
        problem.key = key
        return problem

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.message, self.unit, self.row, self.key))


def _rebuild(message: str, unit: int, row: int | None, key: str) -> UnitProblem:
    return UnitProblem(message, place=Place(unit, row), key=key)


def parse_custom_units(data: object, *, origin: str) -> list[Unit]:
    """Validate decoded custom-unit data (see ``read_custom_units``)."""
    problems: list[UnitProblem] = []
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise CatalogueDataError(f'{origin}: not a custom unit file (it needs format = "{FORMAT}")')
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise CatalogueDataError(
            f"{origin}: unit file version {data.get('version')!r}; this cardsmith reads up to {VERSION}"
        )
    items = data.get("unit")
    if not isinstance(items, list) or not items:
        raise CatalogueDataError(f"{origin}: no [[unit]] tables")
    units: list[Unit] = []
    for position, item in enumerate(items, start=1):
        where = Place(position)
        try:
            units.append(_unit(item, where, problems))
        except _Invalid:
            continue
    if problems:
        raise CatalogueDataError(f"{origin}: {count(len(problems), 'problem')}", problems=problems)
    return units


class _Invalid(Exception):
    """A unit that cannot be built; its problems are already listed."""


def _unit(item: object, where: Place, problems: list[UnitProblem]) -> Unit:
    if not isinstance(item, Mapping):
        problems.append(where.at("", "must be a table"))
        raise _Invalid
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(where.at("name", "required text"))
        raise _Invalid
    # As Unit.from_dict refuses such text: a force holding this unit must read back.
    too_long = text_too_long({key: item.get(key) for key in ("name", "chassis", "technology")})
    if too_long is not None:
        key, length = too_long
        limit = f"at most {limits.MAX_UNIT_TEXT:,} characters, not {length:,}"
        problems.append(where.at(key, limit))
        raise _Invalid
    system_id = str(item.get("system", ALPHA_STRIKE))
    raw_profiles = item.get("profile")
    if not isinstance(raw_profiles, list) or not raw_profiles:
        problems.append(where.at("profile", "needs at least one [[unit.profile]]"))
        raise _Invalid
    mul_id = item.get("id", custom_id(name))
    if not isinstance(mul_id, int) or mul_id >= 0:
        problems.append(
            where.at("id", "custom unit ids must be negative whole numbers (MUL ids are positive)")
        )
        raise _Invalid
    system: GameSystem | None = None
    if system_id != ALPHA_STRIKE:
        try:
            system = load_system(system_id)
        except TemplateError as exc:
            problems.append(where.at("system", f"{exc.message}"))
            raise _Invalid from None
    count_before = len(problems)
    profiles = [
        _profile(p, where.profile_at(i), name, mul_id, system, problems)
        for i, p in enumerate(raw_profiles, start=1)
    ]
    switch_rule, switch_value, pricing, points = _switching(item, where, len(profiles), problems)
    if len(problems) > count_before:
        raise _Invalid
    first = profiles[0]
    profile_set = None
    if len(profiles) > 1:
        profile_set = ProfileSet(
            tuple(profiles), switch_rule, switch_value, system_id, pricing, points
        )
    price = _price(profiles, pricing, points, system)
    base = first.stats if first.stats is not None else Unit(mul_id=mul_id, name=name.strip())
    return replace(
        base,
        mul_id=mul_id,
        name=name.strip(),
        chassis=str(item.get("chassis", name)).strip(),
        pv=price,
        profiles=profile_set,
        technology=str(item.get("technology", "Custom")),
        rules="Custom",
    )


def _profile(
    item: object,
    where: Place,
    unit_name: str,
    mul_id: int,
    system: GameSystem | None,
    problems: list[UnitProblem],
) -> Profile:
    if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
        problems.append(where.at("name", "required text"))
        return Profile("?")
    if system is None:
        return Profile(
            item["name"],
            _as_stats(item, where, unit_name, mul_id, problems),
            notes=str(item.get("notes", "")),
        )
    values: list[tuple[str, str]] = []
    given = {str(k): v for k, v in item.items() if k not in ("name", "notes")}
    for key, value in given.items():
        column = system.column(key)
        if column is None:
            problems.append(
                where.at(
                    key,
                    f"not a column of {system.title} ({', '.join(c.id for c in system.columns)})",
                )
            )
            continue
        text = str(value)
        if column.pattern and not re.match(column.pattern, text):
            problems.append(where.at(key, f"{text!r} is not a valid {column.name}"))
            continue
        values.append((column.id, text))
    present = {c for c, _ in values}
    for column in system.columns:
        if (
            not column.optional
            and column.id not in present
            and not any(system.column(k) is column for k in given)
        ):
            problems.append(where.at(column.id, f"missing ({column.name})"))
    order = {c.id: i for i, c in enumerate(system.columns)}
    values.sort(key=lambda kv: order[kv[0]])
    return Profile(item["name"], values=tuple(values), notes=str(item.get("notes", "")))


def _as_stats(
    item: Mapping[str, object],
    where: Place,
    unit_name: str,
    mul_id: int,
    problems: list[UnitProblem],
) -> Unit | None:
    start = len(problems)
    type_code = str(item.get("type", "")).upper()
    if type_code not in UnitType.__members__:
        problems.append(
            where.at(
                "type", f"{type_code or 'missing'}; use one of {', '.join(UnitType.__members__)}"
            )
        )
    for key in _AS_INT_KEYS:
        value = item.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(where.at(key, "must be a whole number ≥ 0"))
    for key in ("size", "armor", "structure", "pv"):
        if key not in item:
            problems.append(where.at(key, "missing"))
    move = item.get("move", "")
    if not isinstance(move, str) or not parse_move(move):
        problems.append(where.at("move", f'{move!r} is not a movement like 8" or 8"/6"j or 5a'))
    damage = item.get("damage")
    if not (
        isinstance(damage, list)
        and len(damage) in (3, 4)
        and all(re.fullmatch(r"\d+\*?|-", str(d)) for d in damage)
    ):
        problems.append(where.at("damage", 'must list 3 or 4 values like ["3", "2", "0*"]'))
    specials = item.get("specials", [])
    if not isinstance(specials, list) or not all(isinstance(s, str) for s in specials):
        problems.append(where.at("specials", "must be a list of text"))
    if len(problems) > start:
        return None
    data = {k: v for k, v in item.items() if k not in ("name", "notes")}
    data.update(mul_id=mul_id, name=unit_name.strip())
    try:
        return Unit.from_dict(data)
    except CatalogueDataError as exc:
        problems.append(where.at("", f"{exc.message}"))
        return None


def _switching(
    item: Mapping[str, object], where: Place, profile_count: int, problems: list[UnitProblem]
) -> tuple[str, int | None, str, int | None]:
    switch_rule = str(item.get("switch_rule", ""))
    switch_value = item.get("switch_value")
    pricing = str(item.get("pricing", "first"))
    points = item.get("points")
    if profile_count > 1:
        rules = load_switch_rules()
        rule = rules.get(switch_rule)
        if rule is None:
            problems.append(
                where.at(
                    "switch_rule", f"{switch_rule or 'missing'}; one of {', '.join(sorted(rules))}"
                )
            )
        elif rule.value and not isinstance(switch_value, int):
            problems.append(
                where.at("switch_value", f"{rule.name} needs a whole number ({rule.value})")
            )
    if pricing not in PRICING_RULES:
        problems.append(where.at("pricing", f"one of {', '.join(PRICING_RULES)}"))
    if pricing == "fixed" and not isinstance(points, int):
        problems.append(where.at("points", "a fixed price needs whole-number points"))
    return (
        switch_rule,
        switch_value if isinstance(switch_value, int) else None,
        pricing,
        points if isinstance(points, int) else None,
    )


def _profile_points(profile: Profile, system: GameSystem | None) -> int:
    if profile.stats is not None:
        return profile.stats.pv
    if system is not None and system.points:
        value = profile.value(system.points)
        return int(value) if value and value.isdigit() else 0
    return 0


def _price(
    profiles: list[Profile], pricing: str, points: int | None, system: GameSystem | None
) -> int:
    """Points of the unit by its pricing rule: first profile, the maximum, or a fixed value."""
    if pricing == "fixed" and points is not None:
        return points
    values = [_profile_points(p, system) for p in profiles]
    return max(values) if pricing == "max" else values[0]
