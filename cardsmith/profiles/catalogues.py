"""Provides the switch-rule and game-system catalogues read from ``templates/``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardsmith.errors import TemplateError
from cardsmith.templates import Problems, find_template, read_toml

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


@cache
def load_switch_rules(path: Path | None = None) -> dict[str, SwitchRule]:
    """Switch rules by id (the user's templates first).

    Raises:
        TemplateError: bad TOML, a rule without id/name/trigger/summary, an unknown trigger.
    """
    source = path or find_template("profiles", "switch-rules.toml")
    data = read_toml(source)
    rules: dict[str, SwitchRule] = {}
    problems = Problems(source)
    for position, item in enumerate(data.get("rule", []), start=1):
        where = f"{source}: rule[{position}]"
        missing = [
            k for k in ("id", "name", "trigger", "summary") if not isinstance(item.get(k), str)
        ]
        if missing:
            problems.add(f"{where}: missing or not text: {', '.join(missing)}")
            continue
        if item["trigger"] not in TRIGGERS:
            problems.add(
                f"{where}.trigger: unknown trigger {item['trigger']!r}; known: {', '.join(TRIGGERS)}"
            )
            continue
        if item.get("deploys_with", "first") not in ("first", "any"):
            problems.add(f"{where}.deploys_with: must be 'first' or 'any'")
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
    problems.raise_if_any("switch rules")
    return rules


@cache
def load_system(system_id: str, path: Path | None = None) -> GameSystem:
    """A generic game system from ``templates/systems/<id>.toml``.

    Raises:
        TemplateError: unknown system, bad TOML, columns without an id or a bad pattern.
    """
    try:
        source = path or find_template("systems", f"{system_id}.toml")
    except TemplateError:
        raise TemplateError(
            f"unknown game system {system_id!r} (no templates/systems/{system_id}.toml)"
        ) from None
    data = read_toml(source)
    problems = Problems(source)
    columns: list[Column] = []
    for position, item in enumerate(data.get("column", []), start=1):
        where = f"{source}: column[{position}]"
        if not isinstance(item.get("id"), str) or not isinstance(item.get("name"), str):
            problems.add(f"{where}: needs text 'id' and 'name'")
            continue
        pattern = str(item.get("pattern", ""))
        try:
            re.compile(pattern)
        except re.error as exc:
            problems.add(f"{where}.pattern: not a regular expression ({exc})")
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
        problems.add(f"{source}: track: {track!r} is not one of the columns")
    points = data.get("points")
    if points is not None and not any(c.id == points for c in columns):
        problems.add(f"{source}: points: {points!r} is not one of the columns")
    problems.raise_if_any("game system")
    return GameSystem(
        str(data.get("id", system_id)),
        str(data.get("title", system_id)),
        tuple(columns),
        str(track),
        points,
    )
