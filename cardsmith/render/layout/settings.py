"""Provides the checks shared by the sheet layouts' ``[section] key = number`` settings files.

``battle-sheet.toml`` and ``campaign-roster.toml`` hold plain numbers in sections, each
with an allowed range; both are read here so their problems are worded the same.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from cardsmith.templates import Problems

#: A point is 1/72 in.
PT_MM = 25.4 / 72

#: Allowed range of each numeric setting: section → key → (low, high).
Limits = Mapping[str, Mapping[str, tuple[float, float]]]


def check_sections(data: Mapping[str, Any], known: Collection[str], problems: Problems) -> None:
    """Every top-level table of ``data`` must be one of ``known``."""
    for section in data:
        if section not in known:
            problems.add(f"[{section}]: unknown section; known: {', '.join(known)}")


def bounded_numbers(
    data: Mapping[str, Any],
    limits: Limits,
    problems: Problems,
    *,
    whole: Collection[str] = (),
    extra: Mapping[str, Collection[str]] | None = None,
) -> dict[str, float]:
    """The numeric settings of ``data`` that are known, of the right type and in range.

    Args:
        data: the decoded TOML.
        limits: section → key → (low, high).
        problems: where unknown keys, wrong types and values out of range are recorded.
        whole: ``section.key`` names that must be whole numbers.
        extra: per section, keys that are not numbers but are allowed (read elsewhere).

    Returns:
        ``section.key`` → value, for every valid setting present.
    """
    extra = extra or {}
    values: dict[str, float] = {}
    for section, section_limits in limits.items():
        raw = data.get(section, {})
        if not isinstance(raw, Mapping):
            problems.add(f"[{section}] must be a table")
            continue
        allowed = (*section_limits, *extra.get(section, ()))
        for key in raw:
            if key not in allowed:
                problems.add(f"[{section}] {key}: unknown setting; known: {', '.join(allowed)}")
        for key, (low, high) in section_limits.items():
            if key not in raw:
                continue
            value = raw[key]
            is_whole = f"{section}.{key}" in whole
            if isinstance(value, bool) or not isinstance(value, int if is_whole else int | float):
                kind = "a whole number" if is_whole else "a number"
                problems.add(f"[{section}] {key} must be {kind}, got {value!r}")
            elif not low <= value <= high:
                problems.add(f"[{section}] {key} must be {low:g}-{high:g}, got {value}")
            else:
                values[f"{section}.{key}"] = value
    return values


def check_line_heights(lines: Iterable[tuple[str, float, float]], problems: Problems) -> None:
    """Each ``(label, height_mm, size_pt)``: a line lower than its text would overprint."""
    for label, height, size in lines:
        if height + 1e-6 < size * PT_MM:
            problems.add(f"{label} is {height} mm, too low for {size} pt text")
