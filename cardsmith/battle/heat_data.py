"""Provides the heat scale data read from ``templates/battle/heat.toml`` (ASCE p.52–53).

Which unit types keep a heat scale and what each level does to to-hit numbers, ground
Move and TMM: the engine computes with these numbers and the reference page prints them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardsmith.templates import Problems, file_mtime, read_toml, template_path

HEAT_FILE = ("battle", "heat.toml")


@dataclass(frozen=True, slots=True)
class HeatLevel:
    """What one heat level does (level 4 is S, shutdown)."""

    level: int
    to_hit: int
    ground_move: int
    """Inches of ground Move lost."""
    tmm: int
    other: str = ""


@dataclass(frozen=True, slots=True)
class HeatData:
    """The heat scale: who keeps one, the shutdown level, each level's effects."""

    title: str
    note: str
    types: frozenset[str]
    shutdown: int
    max_external: int
    levels: Mapping[int, HeatLevel]

    def at(self, level: int) -> HeatLevel:
        """The effects of a heat level (level 0 and unknown levels: none)."""
        return self.levels.get(level, HeatLevel(level, 0, 0, 0))


def heat_data(path: Path | None = None) -> HeatData:
    """The heat data: ``path``, else the user's ``battle/heat.toml``, else the built-in.

    Raises:
        TemplateError: unreadable, or entries that do not fit (all listed).
    """
    path = path or template_path(*HEAT_FILE)
    return _cached(path, file_mtime(path, what="the heat scale"))


@lru_cache(maxsize=4)
def _cached(path: Path, mtime_ns: int) -> HeatData:
    return load_heat_file(path)


def _int(raw: Mapping[str, object], key: str, where: str, problems: Problems) -> int:
    value = raw.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        problems.at(f"{where}.{key}", f"must be a whole number, not {value!r}")
        return 0
    return value


def load_heat_file(path: Path) -> HeatData:
    """Read and check one heat data file.

    Raises:
        TemplateError: unreadable or bad entries; ``problems`` lists each.
    """
    data = read_toml(path, what="the heat scale")
    problems = Problems(path)
    types = data.get("types", [])
    if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
        problems.at("types", "must be a list of unit type codes")
        types = []
    levels: dict[int, HeatLevel] = {}
    raw_levels = data.get("level", [])
    for number, raw in enumerate(raw_levels if isinstance(raw_levels, list) else []):
        where = f"level[{number}]"
        if not isinstance(raw, Mapping):
            problems.at(where, "must be a table")
            continue
        level = HeatLevel(
            _int(raw, "level", where, problems),
            _int(raw, "to_hit", where, problems),
            _int(raw, "ground_move", where, problems),
            _int(raw, "tmm", where, problems),
            str(raw.get("other", "")),
        )
        levels[level.level] = level
    shutdown = _int(data, "shutdown", "heat", problems)
    if shutdown not in levels:
        problems.at("shutdown", f"level {shutdown} has no [[level]] entry")
    problems.raise_if_any("heat scale")
    return HeatData(
        title=str(data.get("title", "Heat")),
        note=str(data.get("note", "")),
        types=frozenset(types),
        shutdown=shutdown,
        max_external=_int(data, "max_external", "heat", problems),
        levels=levels,
    )
