"""Provides the rolls made before a game for warriors with a lasting condition (old battle wound)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardsmith.campaign.model import Warrior
from cardsmith.tables.dice import Dice, DiceRoll, parse_dice
from cardsmith.tables.model import Pack


@dataclass(frozen=True, slots=True)
class PregameCheck:
    """One warrior's roll before a game and whether they can play it."""

    warrior: str
    """The warrior's id (``w2``)."""
    condition: str
    label: str
    roll: DiceRoll
    misses: bool
    """True when the result keeps the warrior out of the game."""

    def to_json(self) -> dict[str, Any]:
        """Plain data for the ``game`` log entry."""
        return {
            "warrior": self.warrior,
            "condition": self.condition,
            "label": self.label,
            "roll": self.roll.to_json(),
            "misses": self.misses,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PregameCheck:
        """Rebuild a logged check."""
        return cls(
            warrior=str(data["warrior"]),
            condition=str(data.get("condition", "")),
            label=str(data.get("label", "")),
            roll=DiceRoll.from_json(data["roll"]),
            misses=bool(data.get("misses", False)),
        )

    def describe(self) -> str:
        """Short text: ``Old battle wound: D6 [1] = 1, cannot play this game``."""
        verdict = "cannot play this game" if self.misses else "plays"
        return f"{self.label}: {self.roll.describe()}, {verdict}"


def pregame_checks(
    pack: Pack | None, warriors: Sequence[Warrior], dice: Dice | None
) -> list[PregameCheck]:
    """Roll for every warrior who would play and has a condition the pack rolls for.

    Seed 002 (serious injury 32): the roll is made at the start of every game.  Warriors
    who are dead, gone, captured or already sitting games out are not playing anyway, so
    they do not roll.  Without ``dice`` a fresh unseeded generator rolls.
    """
    if pack is None or not pack.pregame:
        return []
    checks = []
    for warrior in warriors:
        if not warrior.available:
            continue
        held = {c.id for c in warrior.conditions}
        for rule in pack.pregame:
            if rule.condition not in held:
                continue
            if dice is None:
                dice = Dice.seeded()  # a fresh generator, never the global one
            roll = dice.roll(parse_dice(rule.dice), f"{warrior.name}'s {rule.label.lower()}")
            checks.append(
                PregameCheck(
                    warrior.id, rule.condition, rule.label, roll, roll.total in rule.misses_on
                )
            )
    return checks


def absent_from(checks: Sequence[PregameCheck]) -> tuple[str, ...]:
    """Ids of the warriors a failed pre-game roll keeps out of the game (each once)."""
    return tuple(dict.fromkeys(c.warrior for c in checks if c.misses))
