"""Provides Tabletop Simulator unit lists: JSON lists of ``{mulId, skill}`` pairs, read and written."""

from __future__ import annotations

import json
from typing import Any

from cardsmith.errors import FormatError
from cardsmith.forces.spas import SpaCatalogue
from cardsmith.formats.common import (
    FormatProblems,
    ImportReport,
    ImportState,
    UnitMatcher,
    checked_skill,
    load_json,
    make_entry,
)
from cardsmith.models.force import DEFAULT_SKILL, Force
from cardsmith.wording import count

#: Keys accepted for the MUL id (the TTS mods write ``mulId``; hand-made lists vary).
ID_KEYS = ("mulId", "mulID", "mul_id", "MulId", "id")


def export_tts(force: Force) -> str:
    """The force as a JSON list of ``{"mulId": …, "skill": …}``; custom units (no MUL id) are left out."""
    items = [
        {"mulId": entry.unit.mul_id, "skill": entry.skill}
        for entry in force.entries
        if entry.unit.mul_id > 0
    ]
    # One pair a line: short enough to paste, easy to read and to diff.
    lines = ",\n".join(f" {json.dumps(item)}" for item in items)
    return f"[\n{lines}\n]\n" if items else "[]\n"


def _whole(value: Any) -> int | None:
    """An integer from a JSON number or digit string (``140``, ``"140"``), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None


def import_tts(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    spa_catalogue: SpaCatalogue | None = None,  # TTS lists carry no SPAs
) -> ImportReport:
    """A force from a TTS list (a JSON array, or an object with a ``units`` array).

    Raises:
        FormatError: not JSON, not a list, or items without a usable id or skill
            (every bad item is listed with its number).
    """
    value = load_json(data, origin)
    if isinstance(value, dict) and isinstance(value.get("units"), list):
        value = value["units"]
    if not isinstance(value, list):
        raise FormatError(f"{origin}: a TTS list must be a JSON array of {{mulId, skill}} objects")
    if not value:
        raise FormatError(f"{origin} holds no units")
    problems: list[str] = []
    state = ImportState()
    for number, item in enumerate(value, start=1):
        where = f"item {number}"
        if not isinstance(item, dict):
            problems.append(f'{where}: must be an object like {{"mulId": 140, "skill": 4}}')
            continue
        raw_id = next((item[k] for k in ID_KEYS if k in item), None)
        mul_id = _whole(raw_id)
        if mul_id is None or mul_id <= 0:
            problems.append(f'{where}: "mulId" must be a positive whole number, not {raw_id!r}')
            continue
        raw_skill = item.get("skill", DEFAULT_SKILL)
        skill = _whole(raw_skill)
        if skill is None:
            problems.append(f'{where}: "skill" must be a whole number, not {raw_skill!r}')
            continue
        if problems:
            continue  # the file is refused anyway; keep collecting problems only
        unit = matcher.by_id(mul_id)
        if unit is None:
            hint = str(item.get("name") or "")
            state.unknown.append(matcher.unknown(where, hint, mul_id=mul_id))
            continue
        state.entries.append(make_entry(unit, skill=checked_skill(skill, where, state.warnings)))
    if problems:
        raise FormatProblems(f"{origin} has {count(len(problems), 'bad item')}", problems)
    return state.report("tts", name, matcher)
