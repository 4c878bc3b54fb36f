"""Provides optional rules carried by packs as data: Betrayal (seed 000) and its TN calculator.

A pack switches an optional rule on with an ``[optional.<id>]`` table; the loader
validates it here so play-state screens get typed data, not raw TOML.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

#: Unit state a modifier can test.  ``piloting`` is the unit's skill in Alpha Strike,
#: which has one skill where the seed's sheet has separate piloting and gunnery.
STATE_FIELDS = ("structure_exposed", "pilot_wounds", "heat", "piloting", "commander")

Problem = Callable[[str, str], None]


@dataclass(frozen=True, slots=True)
class TnModifier:
    """One modifier to a target number, applied when the unit's state matches."""

    id: str
    value: int
    """Added to the TN (negative lowers it)."""
    label: str
    when: str
    """The state field tested (one of ``STATE_FIELDS``)."""
    equals: int | None = None
    at_least: int | None = None
    """For number fields: the state must equal / reach this; a flag field just needs true."""
    note: str = ""

    def applies(self, state: Mapping[str, int | bool]) -> bool:
        """True when ``state`` meets this modifier's condition."""
        value = state.get(self.when)
        if value is None or value is False:
            return False
        if self.equals is not None:
            return int(value) == self.equals
        if self.at_least is not None:
            return int(value) >= self.at_least
        return bool(value)


@dataclass(frozen=True, slots=True)
class Objective:
    """What a turned unit must do (seed 000, section III.B)."""

    id: str
    label: str
    summary: str
    alias: str = ""
    """The seed's own letter (B, C, D)."""


@dataclass(frozen=True, slots=True)
class BetrayalRule:
    """The Betrayal optional rule ("Teste de Lealdade Sinistra"): numbers and table as data."""

    base_tn: int
    dice: str
    from_turn: int
    """First turn (its Initiative Phase) a test may be declared."""
    range_hexes: int
    """The target must be this close to one of the instigator's active units."""
    skill_penalty: int
    """Added permanently to piloting and gunnery of a unit that turns."""
    retry_wait_turns: int
    """Turns the instigator waits after a failed test on the same unit."""
    modifiers: tuple[TnModifier, ...]
    objectives: tuple[Objective, ...]
    aliases: tuple[str, ...] = ()

    def target_number(self, state: Mapping[str, int | bool]) -> tuple[int, tuple[TnModifier, ...]]:
        """The modified TN for a unit's tracked state and the modifiers that applied.

        All modifiers are cumulative (seed 000, II.C).  A roll ≥ TN turns the unit.
        """
        applied = tuple(m for m in self.modifiers if m.applies(state))
        return self.base_tn + sum(m.value for m in applied), applied


def _int(
    table: Mapping[str, Any], key: str, where: str, problem: Problem, default: int | None = None
) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        problem(f"{where}.{key}", f"expected an integer, got {value!r}")
        return 0
    return value


def _str(
    table: Mapping[str, Any], key: str, where: str, problem: Problem, default: str | None = None
) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        problem(f"{where}.{key}", f"expected text, got {value!r}")
        return ""
    return value


def _tables(
    table: Mapping[str, Any], key: str, where: str, problem: Problem
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each table of the array ``table[key]`` with its dotted key; others are problems."""
    raw = table.get(key, [])
    if not isinstance(raw, list):
        problem(f"{where}.{key}", f"must be an array of tables ([[...{key}]])")
        return
    for number, item in enumerate(raw, start=1):
        at = f"{where}.{key}[{number}]"
        if isinstance(item, dict):
            yield at, item
        else:
            problem(at, "must be a table")


def parse_betrayal(table: Mapping[str, Any], where: str, problem: Problem) -> BetrayalRule | None:
    """Validate an ``[optional.betrayal]`` table; report each problem by dotted key."""
    known = {
        "base_tn", "dice", "from_turn", "range_hexes", "skill_penalty", "retry_wait_turns",
        "aliases", "modifier", "objective", "summary",
    }  # fmt: skip
    for key in table:
        if key not in known:
            problem(f"{where}.{key}", f"unknown key; expected one of: {', '.join(sorted(known))}")
    modifiers: list[TnModifier] = []
    for at, raw in _tables(table, "modifier", where, problem):
        when = _str(raw, "when", at, problem, default=None)
        if when and when not in STATE_FIELDS:
            problem(f"{at}.when", f"{when!r} is not one of: {', '.join(STATE_FIELDS)}")
        equals = raw.get("equals")
        at_least = raw.get("at_least")
        for key, value in (("equals", equals), ("at_least", at_least)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                problem(f"{at}.{key}", f"expected an integer, got {value!r}")
        modifiers.append(
            TnModifier(
                id=_str(raw, "id", at, problem, default=None),
                value=_int(raw, "value", at, problem),
                label=_str(raw, "label", at, problem, default=""),
                when=when,
                equals=equals if isinstance(equals, int) else None,
                at_least=at_least if isinstance(at_least, int) else None,
                note=_str(raw, "note", at, problem, default=""),
            )
        )
    objectives = [
        Objective(
            id=_str(raw, "id", at, problem, default=None),
            label=_str(raw, "label", at, problem, default=""),
            summary=_str(raw, "summary", at, problem, default=""),
            alias=_str(raw, "alias", at, problem, default=""),
        )
        for at, raw in _tables(table, "objective", where, problem)
    ]
    aliases = table.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        problem(f"{where}.aliases", "must be a list of text")
        aliases = []
    _str(table, "summary", where, problem, default="")
    return BetrayalRule(
        base_tn=_int(table, "base_tn", where, problem),
        dice=_str(table, "dice", where, problem, default="2d6"),
        from_turn=_int(table, "from_turn", where, problem, default=1),
        range_hexes=_int(table, "range_hexes", where, problem),
        skill_penalty=_int(table, "skill_penalty", where, problem, default=0),
        retry_wait_turns=_int(table, "retry_wait_turns", where, problem, default=0),
        modifiers=tuple(modifiers),
        objectives=tuple(objectives),
        aliases=tuple(aliases),
    )


#: Optional rule id → parser of its ``[optional.<id>]`` table.
OPTIONAL_RULES: dict[str, Callable[[Mapping[str, Any], str, Problem], Any]] = {
    "betrayal": parse_betrayal,
}
