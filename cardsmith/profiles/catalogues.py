"""Provides the switch-rule and game-system catalogues read from ``templates/``."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardsmith import paths
from cardsmith.errors import TemplateError

#: Trigger mechanisms implemented in cardsmith.profiles.switching.
TRIGGERS = ("wounds-at-least", "movement-or-dodge", "movement-start", "willpower-roll", "declared")


@dataclass(frozen=True, slots=True)
class SwitchRule:
    """A profile-switch rule: when a unit changes profile, and what it deploys as."""

    id: str
    name: str
    trigger: str
    summary: str
    deploys_with: str = "first"
    """``first`` profile, or ``any`` profile the player picks."""
    value: str | None = None
    """What the rule's number means: ``wounds`` (X) or ``modifier`` (WIP MOD)."""
    timing: str = ""
    permanent: bool = True
    """True when the unit never switches back."""
    marker: str = ""
    deploy_as: str = ""
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Column:
    """One stat column of a generic game system."""

    id: str
    name: str
    pattern: str = ""
    optional: bool = False
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameSystem:
    """A generic profile layout: its columns, which one is the damage track and the points."""

    id: str
    title: str
    columns: tuple[Column, ...]
    track: str
    points: str | None = None

    def column(self, name: str) -> Column | None:
        """The column with this id or alias (case-insensitive)."""
        wanted = name.casefold()
        for column in self.columns:
            if column.id.casefold() == wanted or wanted in (a.casefold() for a in column.aliases):
                return column
        return None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise TemplateError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise TemplateError(f"{path} is not valid TOML: {exc}") from exc


def _find(*parts: str) -> Path:
    for folder in paths.template_search_path(*parts[:-1]):
        candidate = folder / parts[-1]
        if candidate.is_file():
            return candidate
    raise TemplateError(f"no {'/'.join(parts)} in the templates folders")


@cache
def load_switch_rules(path: Path | None = None) -> dict[str, SwitchRule]:
    """Switch rules by id (the user's templates first).

    Raises:
        TemplateError: bad TOML, a rule without id/name/trigger/summary, an unknown trigger.
    """
    source = path or _find("profiles", "switch-rules.toml")
    data = _read_toml(source)
    rules: dict[str, SwitchRule] = {}
    problems: list[str] = []
    for position, item in enumerate(data.get("rule", []), start=1):
        where = f"{source}: rule[{position}]"
        missing = [
            k for k in ("id", "name", "trigger", "summary") if not isinstance(item.get(k), str)
        ]
        if missing:
            problems.append(f"{where}: missing or not text: {', '.join(missing)}")
            continue
        if item["trigger"] not in TRIGGERS:
            problems.append(
                f"{where}.trigger: unknown trigger {item['trigger']!r}; known: {', '.join(TRIGGERS)}"
            )
            continue
        if item.get("deploys_with", "first") not in ("first", "any"):
            problems.append(f"{where}.deploys_with: must be 'first' or 'any'")
            continue
        rules[item["id"]] = SwitchRule(
            id=item["id"],
            name=item["name"],
            trigger=item["trigger"],
            summary=item["summary"],
            deploys_with=item.get("deploys_with", "first"),
            value=item.get("value"),
            timing=str(item.get("timing", "")),
            permanent=bool(item.get("permanent", True)),
            marker=str(item.get("marker", "")),
            deploy_as=str(item.get("deploy_as", "")),
            aliases=tuple(item.get("aliases", ())),
        )
    if problems:
        raise TemplateError(f"{source} has {len(problems)} problem(s)", problems=tuple(problems))
    return rules


@cache
def load_system(system_id: str, path: Path | None = None) -> GameSystem:
    """A generic game system from ``templates/systems/<id>.toml``.

    Raises:
        TemplateError: unknown system, bad TOML, columns without an id or a bad pattern.
    """
    try:
        source = path or _find("systems", f"{system_id}.toml")
    except TemplateError:
        raise TemplateError(
            f"unknown game system {system_id!r} (no templates/systems/{system_id}.toml)"
        ) from None
    data = _read_toml(source)
    problems: list[str] = []
    columns: list[Column] = []
    for position, item in enumerate(data.get("column", []), start=1):
        where = f"{source}: column[{position}]"
        if not isinstance(item.get("id"), str) or not isinstance(item.get("name"), str):
            problems.append(f"{where}: needs text 'id' and 'name'")
            continue
        pattern = str(item.get("pattern", ""))
        try:
            re.compile(pattern)
        except re.error as exc:
            problems.append(f"{where}.pattern: not a regular expression ({exc})")
            continue
        columns.append(
            Column(
                item["id"],
                item["name"],
                pattern,
                bool(item.get("optional", False)),
                tuple(item.get("aliases", ())),
            )
        )
    track = data.get("track")
    if not any(c.id == track for c in columns):
        problems.append(f"{source}: track: {track!r} is not one of the columns")
    points = data.get("points")
    if points is not None and not any(c.id == points for c in columns):
        problems.append(f"{source}: points: {points!r} is not one of the columns")
    if problems:
        raise TemplateError(f"{source} has {len(problems)} problem(s)", problems=tuple(problems))
    return GameSystem(
        str(data.get("id", system_id)),
        str(data.get("title", system_id)),
        tuple(columns),
        str(track),
        points,
    )
