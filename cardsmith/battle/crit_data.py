"""Provides the crit kinds and the crit data read from ``templates/battle/crits.toml``.

The file holds every 2D6 crit table, the tracks each kind of unit keeps, what each result
does and the vehicle motive table; the engine, the reference page and the cards read it
through ``crit_data()``, so a table lives in one place only (ASCE p.50–51, p.187).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith.templates import Problems, file_mtime, read_toml, template_path

CRIT_FILE = ("battle", "crits.toml")


class CritKind(StrEnum):
    """One critical-hit result a unit can take (ASCE p.50–51, p.187; facts §4)."""

    AMMO = "ammo"
    ENGINE = "engine"
    FIRE_CONTROL = "fire-control"
    MP = "mp"
    WEAPON = "weapon"
    MOTIVE_MINUS2 = "motive-2"
    """Motive table 9–10: −2" Move, −1 TMM."""
    MOTIVE_HALF = "motive-half"
    """Motive table 11: half Move and TMM (at least 2" and 1 TMM lost)."""
    MOTIVE_STOP = "motive-0"
    """Motive table 12+: immobilized."""
    CREW_STUNNED = "crew-stunned"
    CREW_KILLED = "crew-killed"
    DESTROYED = "destroyed"
    FUEL = "fuel"
    """Aerospace table 2: a fuel hit, the unit crashes."""
    CREW = "crew"
    """Large craft: +2 to weapon attacks per hit, the second kills the crew."""
    THRUSTER = "thruster"
    KF_BOOM = "kf-boom"
    DOCKING_COLLAR = "docking-collar"
    DOOR = "door"
    DOCK = "dock"
    KF_DRIVE = "kf-drive"

    @property
    def label(self) -> str:
        """A short name for players (from the crit data)."""
        return crit_data().results[self].label

    @property
    def short(self) -> str:
        """A name that fits a grid cell (``FC``, ``M½``)."""
        return crit_data().results[self].short


@dataclass(frozen=True, slots=True)
class ResultInfo:
    """How one crit result reads: a label, a short form and its effect."""

    label: str
    short: str
    effect: str


@dataclass(frozen=True, slots=True)
class BoxSpec:
    """One group of boxes on a track as the data gives it (``boxes`` may depend on the unit)."""

    kind: CritKind
    boxes: int | str
    """A number, ``"size"`` or ``"special:CODE"``."""
    effect: str


@dataclass(frozen=True, slots=True)
class TrackSpec:
    """One crit track of a kind of unit: a name, its box groups, and the special it needs."""

    name: str
    groups: tuple[BoxSpec, ...]
    only_with: str = ""


@dataclass(frozen=True, slots=True)
class CritTable:
    """One column of the Determining Critical Hits table: roll 2..12 → result."""

    family: str
    title: str
    rolls: tuple[CritKind | None, ...]


@dataclass(frozen=True, slots=True)
class MotiveResult:
    """One line of the motive table: the lowest total that gives it."""

    at_least: int
    kind: CritKind
    text: str


@dataclass(frozen=True, slots=True)
class MotiveTable:
    """The Motive Systems Damage table (ASCE p.51)."""

    title: str
    modifiers: Mapping[str, int]
    modifier_text: str
    results: tuple[MotiveResult, ...]


@dataclass(frozen=True, slots=True)
class CritData:
    """Everything ``templates/battle/crits.toml`` holds."""

    results: Mapping[CritKind, ResultInfo]
    effects: Mapping[str, Mapping[CritKind, str]]
    """Per table family, the effect text of results that differ for it."""
    tables: Mapping[str, CritTable]
    extra: Mapping[str, frozenset[CritKind]]
    """Results that may be marked by hand although no roll gives them (``all`` or a family)."""
    tracks: Mapping[str, tuple[TrackSpec, ...]]
    motive: MotiveTable

    def effect(self, kind: CritKind, family: str = "") -> str:
        """The effect of a result for a table family (its own line when it has one)."""
        return self.effects.get(family, {}).get(kind, self.results[kind].effect)


def crit_data(path: Path | None = None) -> CritData:
    """The crit data: ``path``, else the user's copy of ``battle/crits.toml``, else the built-in.

    Raises:
        TemplateError: the file is unreadable or has bad entries (all listed).
    """
    path = path or template_path(*CRIT_FILE)
    return _cached(path, file_mtime(path, what="the crit tables"))


@lru_cache(maxsize=4)
def _cached(path: Path, mtime_ns: int) -> CritData:
    return load_crit_file(path)


def load_crit_file(path: Path) -> CritData:
    """Read and check one crit data file.

    Raises:
        TemplateError: unreadable, or entries that do not fit; ``problems`` lists each.
    """
    data = read_toml(path, what="the crit tables")
    problems = Problems(path)
    results = _results(data.get("result", {}), problems)
    effects = {
        str(family): {
            kind: str(text)
            for name, text in _table(raw, f"effect.{family}", problems).items()
            if (kind := _kind(name, f"effect.{family}", problems)) is not None
        }
        for family, raw in _table(data.get("effect", {}), "effect", problems).items()
    }
    tables = {
        str(family): _crit_table(str(family), raw, problems)
        for family, raw in _table(data.get("table", {}), "table", problems).items()
    }
    extra = {
        str(family): frozenset(
            k
            for n in _list(names, f"extra.{family}", problems)
            if (k := _kind(n, "extra", problems))
        )
        for family, names in _table(data.get("extra", {}), "extra", problems).items()
    }
    tracks = {
        str(family): tuple(
            _track(raw, f"track.{family}", problems)
            for raw in _list(items, f"track.{family}", problems)
        )
        for family, items in _table(data.get("track", {}), "track", problems).items()
    }
    motive = _motive(_table(data.get("motive", {}), "motive", problems), problems)
    missing = [k.value for k in CritKind if k not in results]
    if missing:
        problems.at("result", f"no entry for {', '.join(missing)}")
    problems.raise_if_any("crit tables")
    return CritData(results, effects, tables, extra, tracks, motive)


def _table(raw: object, key: str, problems: Problems) -> dict[str, Any]:
    if isinstance(raw, Mapping):
        return dict(raw)
    problems.at(key, "must be a table")
    return {}


def _list(raw: object, key: str, problems: Problems) -> list[Any]:
    if isinstance(raw, list):
        return raw
    problems.at(key, "must be a list")
    return []


def _kind(name: object, key: str, problems: Problems) -> CritKind | None:
    try:
        return CritKind(str(name))
    except ValueError:
        problems.at(key, f"unknown crit result {name!r}")
        return None


def _results(raw: object, problems: Problems) -> dict[CritKind, ResultInfo]:
    out: dict[CritKind, ResultInfo] = {}
    for name, item in _table(raw, "result", problems).items():
        kind = _kind(name, "result", problems)
        entry = _table(item, f"result.{name}", problems)
        texts = [entry.get(k) for k in ("label", "short", "effect")]
        if not all(isinstance(t, str) and t for t in texts):
            problems.at(f"result.{name}", "needs label, short and effect as text")
        elif kind is not None:
            out[kind] = ResultInfo(*(str(t) for t in texts))
    return out


def _crit_table(family: str, raw: object, problems: Problems) -> CritTable:
    key = f"table.{family}"
    entry = _table(raw, key, problems)
    names = _list(entry.get("rolls"), f"{key}.rolls", problems)
    if len(names) != 11:
        problems.at(f"{key}.rolls", f"needs 11 results (rolls 2-12), has {len(names)}")
    rolls = tuple(None if n == "none" else _kind(n, f"{key}.rolls", problems) for n in names)
    return CritTable(family, str(entry.get("title", family)), rolls)


def _track(raw: object, key: str, problems: Problems) -> TrackSpec:
    entry = _table(raw, key, problems)
    groups: list[BoxSpec] = []
    for group in _list(entry.get("groups"), f"{key}.groups", problems):
        item = _table(group, f"{key}.groups", problems)
        kind = _kind(item.get("kind"), f"{key}.groups", problems)
        boxes = item.get("boxes")
        fixed = isinstance(boxes, int) and not isinstance(boxes, bool) and 1 <= boxes <= 10
        if not fixed and not (boxes == "size" or str(boxes).startswith("special:")):
            problems.at(f"{key}.groups", f"boxes must be 1-10, size or special:CODE, not {boxes!r}")
        elif kind is not None:
            groups.append(BoxSpec(kind, boxes, str(item.get("effect", ""))))  # type: ignore[arg-type]
    return TrackSpec(str(entry.get("name", "?")), tuple(groups), str(entry.get("only_with", "")))


def _motive(raw: Mapping[str, Any], problems: Problems) -> MotiveTable:
    modifiers = {
        str(mode): value
        for mode, value in _table(raw.get("modifiers", {}), "motive.modifiers", problems).items()
        if isinstance(value, int) and not isinstance(value, bool)
    }
    results: list[MotiveResult] = []
    for item in _list(raw.get("results"), "motive.results", problems):
        entry = _table(item, "motive.results", problems)
        kind = _kind(entry.get("kind"), "motive.results", problems)
        lowest = entry.get("from")
        if not isinstance(lowest, int) or isinstance(lowest, bool):
            problems.at("motive.results", f"from must be a whole number, not {lowest!r}")
        elif kind is not None:
            results.append(MotiveResult(lowest, kind, str(entry.get("text", ""))))
    ordered = tuple(sorted(results, key=lambda r: r.at_least))
    return MotiveTable(
        str(raw.get("title", "Motive damage")),
        modifiers,
        str(raw.get("modifier_text", "")),
        ordered,
    )
