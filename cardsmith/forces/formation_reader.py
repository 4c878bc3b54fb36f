"""Provides the reader of formation TOML files: every entry checked, every problem listed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardsmith.errors import TemplateError
from cardsmith.forces.formation_model import (
    MIN_UNITS,
    QUANTITIES,
    ROUNDINGS,
    SCOPES,
    Condition,
    Formation,
    FormationCatalogue,
    GroupSize,
    Requirement,
)
from cardsmith.templates import Problems, read_toml

_NUMBER_KEYS = frozenset(
    {
        "size_min",
        "size_max",
        "move_min",
        "jump_min",
        "armor_min",
        "short_min",
        "medium_min",
        "long_min",
    }
)
_TEXT_LIST_KEYS = frozenset({"roles", "specials", "unit_types", "not_unit_types"})
_FLAG_KEYS = frozenset({"commander", "paired", "aerospace"})
_CONDITION_KEYS = _NUMBER_KEYS | _TEXT_LIST_KEYS | _FLAG_KEYS | {"any_of"}
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def load_formation_file(path: Path) -> FormationCatalogue:
    """Read one formations TOML file, checking every entry.

    Raises:
        TemplateError: unreadable file or bad entries; ``problems`` lists each.
    """
    data = read_toml(path, what="the formations")
    problems = Problems(path)
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
            problems.add(f"{where}.id: duplicate id {formation.id!r}")
        formations[formation.id] = formation
    sizes = []
    for number, item in enumerate(data.get("group_size", [])):
        where = f"{path.name}: group_size[{number}]"
        if (
            not isinstance(item, Mapping)
            or not isinstance(item.get("id"), str)
            or not isinstance(item.get("units"), int)
        ):
            problems.add(f"{where}: needs an id and a whole number of units")
            continue
        sizes.append(GroupSize(item["id"], str(item.get("name", item["id"])), item["units"]))
    problems.raise_if_any("formations file")
    return FormationCatalogue(formations.values(), sizes)


def _parse_formation(
    item: object, where: str, known: Mapping[str, Formation], problems: Problems
) -> Formation | None:
    if not isinstance(item, Mapping):
        problems.add(f"{where}: must be a table")
        return None
    before = len(problems)
    formation_id = item.get("id")
    if not isinstance(formation_id, str) or not _ID.match(formation_id):
        problems.add(f"{where}.id: must be kebab-case text, not {formation_id!r}")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add(f"{where}.name: must be non-empty text")
    requirements: list[Requirement] = []
    parent = item.get("extends")
    if parent is not None:
        if not isinstance(parent, str) or parent not in known:
            problems.add(f"{where}.extends: {parent!r} is not a formation defined above")
        else:
            requirements.extend(known[parent].requirements)
    raw_reqs = item.get("requirement", [])
    if not isinstance(raw_reqs, list):
        problems.add(f"{where}.requirement: must be an array of tables")
        raw_reqs = []
    for number, raw in enumerate(raw_reqs):
        requirement = _parse_requirement(raw, f"{where}.requirement[{number}]", problems)
        if requirement is not None:
            requirements.append(requirement)
    ideal = item.get("ideal_role")
    if ideal is not None and not isinstance(ideal, str):
        problems.add(f"{where}.ideal_role: must be text")
    aliases = item.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        problems.add(f"{where}.aliases: must be a list of text")
    min_units = item.get("min_units", MIN_UNITS)
    if not _positive_int(min_units):
        problems.add(f"{where}.min_units: must be a positive whole number")
    max_units = item.get("max_units")
    if max_units is not None and (
        not _positive_int(max_units) or (_positive_int(min_units) and max_units < min_units)
    ):
        problems.add(f"{where}.max_units: must be a whole number no smaller than min_units")
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
        max_units=None if max_units is None else int(max_units),
        page=int(item.get("page", 0) or 0),
    )


def _positive_int(value: object, minimum: int = 1) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def _parse_requirement(raw: object, where: str, problems: Problems) -> Requirement | None:
    if not isinstance(raw, Mapping):
        problems.add(f"{where}: must be a table")
        return None
    before = len(problems)
    req_id = raw.get("id", "")
    text = raw.get("text", "")
    if not isinstance(req_id, str) or not isinstance(text, str):
        problems.add(f"{where}: id and text must be text")
        req_id, text = "", ""
    if "any_of" in raw:
        return _parse_alternatives(raw, req_id, text, where, problems)
    quantity = raw.get("quantity", "all")
    if quantity not in QUANTITIES:
        problems.add(f"{where}.quantity: must be one of {', '.join(QUANTITIES)}")
    amount = raw.get("amount", 0)
    if quantity in ("at_least", "percent") and not _positive_int(amount):
        problems.add(f"{where}.amount: must be a positive whole number")
    if quantity == "at_most" and not _positive_int(amount, minimum=0):
        problems.add(f"{where}.amount: must be a whole number, 0 or more")
    rounding = raw.get("rounding", "up")
    if rounding not in ROUNDINGS or (rounding != "up" and quantity != "percent"):
        problems.add(f"{where}.rounding: one of {', '.join(ROUNDINGS)}, only with percent")
    scope = raw.get("scope", "group")
    if scope not in SCOPES:
        problems.add(f"{where}.scope: must be one of {', '.join(SCOPES)}")
    per_units = raw.get("per_units", 0)
    if "per_units" in raw and (quantity != "at_most" or not _positive_int(per_units)):
        problems.add(f"{where}.per_units: a positive whole number, only with at_most")
    labels = {key: raw.get(key, "") for key in ("per_label", "only_for")}
    for key, value in labels.items():
        if not isinstance(value, str):
            problems.add(f"{where}.{key}: must be text")
    condition = _parse_condition(raw.get("where", {}), f"{where}.where", problems)
    per_where = _parse_condition(raw.get("per_where", {}), f"{where}.per_where", problems)
    only_if = None
    if "only_if" in raw:
        only_if = _parse_condition(raw["only_if"], f"{where}.only_if", problems)
    if len(problems) > before or condition is None or per_where is None:
        return None
    return Requirement(
        req_id,
        text,
        str(quantity),
        int(amount),
        rounding=str(rounding),
        where=condition,
        scope=str(scope),
        per_units=int(per_units),
        per_where=per_where,
        per_label=str(labels["per_label"] or "units"),
        only_if=only_if,
        only_for=str(labels["only_for"]),
    )


def _parse_alternatives(
    raw: Mapping[str, Any], req_id: str, text: str, where: str, problems: Problems
) -> Requirement | None:
    before = len(problems)
    options = raw["any_of"]
    alternatives: list[Requirement] = []
    if not isinstance(options, list) or not options:
        problems.add(f"{where}.any_of: must be a non-empty list of requirements")
        return None
    for number, option in enumerate(options):
        if isinstance(option, Mapping):
            option = {"id": f"{req_id}-{number + 1}", "text": text, **option}
        parsed = _parse_requirement(option, f"{where}.any_of[{number}]", problems)
        if parsed is not None:
            alternatives.append(parsed)
    if len(problems) > before:
        return None
    return Requirement(req_id, text, any_of=tuple(alternatives))


def _parse_condition(raw: object, where: str, problems: Problems) -> Condition | None:
    if not isinstance(raw, Mapping):
        problems.add(f"{where}: must be a table")
        return None
    unknown = set(raw) - _CONDITION_KEYS
    if unknown:
        problems.add(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
        return None
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key in _TEXT_LIST_KEYS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                problems.add(f"{where}.{key}: must be a list of text")
                return None
            values[key] = tuple(value)
        elif key in _FLAG_KEYS:
            if not isinstance(value, bool):
                problems.add(f"{where}.{key}: must be true or false")
                return None
            values[key] = value
        elif key == "any_of":
            if not isinstance(value, list) or not value:
                problems.add(f"{where}.any_of: must be a non-empty list of conditions")
                return None
            parts = [_parse_condition(v, f"{where}.any_of", problems) for v in value]
            if any(p is None for p in parts):
                return None
            values[key] = tuple(p for p in parts if p is not None)
        else:
            if not isinstance(value, int | float) or isinstance(value, bool):
                problems.add(f"{where}.{key}: must be a number")
                return None
            values[key] = value
    return Condition(**values)
