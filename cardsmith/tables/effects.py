"""Provides the reader that turns an effect written in TOML into an effect object."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardsmith.tables.dice import DiceError, parse_dice
from cardsmith.tables.model import (
    Amount,
    Captured,
    Choice,
    Condition,
    Effect,
    Enmity,
    Funds,
    GainSkill,
    GainXp,
    LoseEquipment,
    MissGames,
    Note,
    Option,
    Pay,
    Promote,
    Remove,
    RollAgain,
    StatChange,
    SubTable,
)

Report = Callable[[str, str], None]
"""Records a problem: (dotted key, reason)."""

REMOVE_STATUSES = ("dead", "gone")
_KEY = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class _Reader:
    """Reads one effect table, reporting unknown keys and wrong types."""

    def __init__(self, raw: dict[str, Any], where: str, report: Report) -> None:
        self.raw = raw
        self.where = where
        self.report = report
        self.seen = {"kind"}

    def get(self, key: str, kind: type, default: Any = None, *, required: bool = False) -> Any:
        self.seen.add(key)
        if key not in self.raw:
            if required:
                self.report(f"{self.where}.{key}", "is required")
            return default
        value = self.raw[key]
        if kind is int and isinstance(value, bool):
            self.report(f"{self.where}.{key}", "must be a whole number")
            return default
        if not isinstance(value, kind):
            self.report(f"{self.where}.{key}", f"must be {_type_name(kind)}")
            return default
        return value

    def amount(self, key: str, *, required: bool = True, default: int = 0) -> Amount:
        self.seen.add(key)
        if key not in self.raw:
            if required:
                self.report(f"{self.where}.{key}", "is required")
            return Amount(default)
        return parse_amount(self.raw[key], f"{self.where}.{key}", self.report)

    def finish(self) -> None:
        for extra in sorted(set(self.raw) - self.seen):
            self.report(f"{self.where}.{extra}", "is not a setting of this effect kind")


def _type_name(kind: type) -> str:
    names: dict[type, str] = {
        str: "text",
        int: "a whole number",
        bool: "true or false",
        list: "a list",
    }
    return names.get(kind, "a table")


def parse_amount(value: object, where: str, report: Report) -> Amount:
    """Read ``1``, ``-1``, ``"D3"`` or ``"-D6"``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Amount(value)
    if isinstance(value, str):
        text = value.strip()
        negative = text.startswith("-")
        try:
            return Amount(dice=parse_dice(text.lstrip("-")), negative=negative)
        except DiceError as exc:
            report(where, str(exc))
            return Amount()
    report(where, "must be a whole number or a dice expression such as D3")
    return Amount()


def parse_effects(raw: object, where: str, report: Report) -> tuple[Effect, ...]:
    """Read a list of effect tables; problems go to ``report``, bad effects are skipped."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        report(where, "must be a list of effects")
        return ()
    effects: list[Effect] = []
    for i, item in enumerate(raw):
        spot = f"{where}[{i}]"
        if not isinstance(item, dict):
            report(spot, "must be a table with a 'kind'")
            continue
        effect = parse_effect(item, spot, report)
        if effect is not None:
            effects.append(effect)
    return tuple(effects)


def parse_effect(raw: dict[str, Any], where: str, report: Report) -> Effect | None:
    """Read one effect table such as ``{ kind = "stat", stat = "courage", delta = -1 }``."""
    kind = raw.get("kind")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        report(f"{where}.kind", f"unknown effect kind {kind!r}; known: {', '.join(_READERS)}")
        return None
    r = _Reader(raw, where, report)
    effect = reader(r)
    r.finish()
    return effect


def _stat(r: _Reader) -> Effect:
    return StatChange(
        stat=r.get("stat", str, "", required=True),
        delta=r.amount("delta"),
        minimum=r.get("min", int),
        maximum=r.get("max", int),
        label=r.get("label", str, ""),
    )


def _remove(r: _Reader) -> Effect:
    status = r.get("status", str, "dead", required=True)
    if status not in REMOVE_STATUSES:
        r.report(f"{r.where}.status", f"must be one of {', '.join(REMOVE_STATUSES)}")
    return Remove(status=status, reason=r.get("reason", str, ""))


def _roll_again(r: _Reader) -> Effect:
    ignore = r.get("ignore", list, [])
    if not all(isinstance(k, str) for k in ignore):
        r.report(f"{r.where}.ignore", "must be a list of entry keys")
        ignore = []
    return RollAgain(times=r.amount("times"), table=r.get("table", str, ""), ignore=tuple(ignore))


def _choice(r: _Reader) -> Effect:
    options: list[Option] = []
    raw_options = r.get("options", list, [], required=True)
    for i, raw in enumerate(raw_options):
        spot = f"{r.where}.options[{i}]"
        if not isinstance(raw, dict):
            r.report(spot, "must be a table with key, label and effects")
            continue
        key = raw.get("key")
        label = raw.get("label")
        if not isinstance(key, str) or not _KEY.match(key):
            r.report(f"{spot}.key", "is required: lower-case letters, digits and dashes")
            key = f"option-{i + 1}"
        if not isinstance(label, str) or not label:
            r.report(f"{spot}.label", "is required text")
            label = key
        for extra in sorted(set(raw) - {"key", "label", "effects"}):
            r.report(f"{spot}.{extra}", "is not a setting of a choice option")
        options.append(
            Option(key, label, parse_effects(raw.get("effects"), f"{spot}.effects", r.report))
        )
    if len(options) < 2 and raw_options:
        r.report(f"{r.where}.options", "a choice needs at least two options")
    keys = [o.key for o in options]
    if len(set(keys)) != len(keys):
        r.report(f"{r.where}.options", "option keys must be different")
    return Choice(prompt=r.get("prompt", str, "Choose one"), options=tuple(options))


def _captured(r: _Reader) -> Effect:
    text = r.get("bounty", str)
    bounty = None
    if text is not None:
        try:
            bounty = parse_dice(text)
        except DiceError as exc:
            r.report(f"{r.where}.bounty", str(exc))
    return Captured(bounty=bounty)


def _condition(r: _Reader) -> Effect:
    cond_id = r.get("id", str, "", required=True)
    if cond_id and not _KEY.match(cond_id):
        r.report(f"{r.where}.id", "must be lower-case letters, digits and dashes")
    games = r.get("games", int)
    if games is not None and games < 1:
        r.report(f"{r.where}.games", "must be at least 1")
    r.seen.add("if_present")
    return Condition(
        id=cond_id,
        label=r.get("label", str, cond_id, required=True),
        text=r.get("text", str, ""),
        games=games,
        if_present=parse_effects(r.raw.get("if_present"), f"{r.where}.if_present", r.report),
    )


def _pay(r: _Reader) -> Effect:
    r.seen.add("otherwise")
    return Pay(
        amount=r.amount("amount"),
        prompt=r.get("prompt", str, "Pay", required=True),
        otherwise_label=r.get("otherwise_label", str, "Do not pay", required=True),
        otherwise=parse_effects(r.raw.get("otherwise"), f"{r.where}.otherwise", r.report),
    )


_READERS: dict[str, Callable[[_Reader], Effect]] = {
    "stat": _stat,
    "miss-games": lambda r: MissGames(r.amount("games")),
    "remove": _remove,
    "lose-equipment": lambda r: LoseEquipment(),
    "xp": lambda r: GainXp(r.amount("amount")),
    "skill": lambda r: GainSkill(
        source=r.get("from", str, "any", required=True),
        reroll_duplicates=r.get("reroll_duplicates", bool, True),
    ),
    "promote": lambda r: Promote(
        to=r.get("to", str, "", required=True), once_per_game=r.get("once_per_game", bool, False)
    ),
    "roll-again": _roll_again,
    "subtable": lambda r: SubTable(r.get("table", str, "", required=True)),
    "choice": _choice,
    "captured": _captured,
    "enmity": lambda r: Enmity(),
    "condition": _condition,
    "funds": lambda r: Funds(r.amount("delta")),
    "pay": _pay,
    "note": lambda r: Note(r.get("text", str, "", required=True)),
}

EFFECT_KINDS = tuple(_READERS)
"""Every effect kind a table file may use."""
