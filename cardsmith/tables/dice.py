"""Provides dice expressions (D3, D6, 2D6, D66, D6x5, 2D6+1), rolled or entered by hand."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardsmith.errors import DiceError as DiceError
from cardsmith.errors import MoreDiceNeeded as MoreDiceNeeded

_EXPR = re.compile(
    r"^\s*(?P<count>\d*)\s*[dD](?P<sides>\d+)\s*(?:[x×*]\s*(?P<mult>\d+))?\s*"
    r"(?:(?P<sign>[+-])\s*(?P<mod>\d+))?\s*$"
)
_MAX_DICE = 100
ROLLED = "rolled"
"""Source of dice drawn from a random generator."""
ENTERED = "entered"
"""Source of dice a player rolled at the table and typed in."""


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A dice expression such as ``2D6+1``: how many dice, what kind, and what to add."""

    count: int
    """Number of dice rolled (a D66 counts as one expression of two D6)."""
    sides: int
    """Faces of each die; 66 means a D66 (a tens die and a units die, results 11–66)."""
    multiplier: int = 1
    """The sum is multiplied by this (``D6x5`` for a bounty in dollars)."""
    modifier: int = 0
    """Added after multiplying."""

    @property
    def is_d66(self) -> bool:
        """True for a D66: two D6 read as tens and units, not summed."""
        return self.sides == 66

    @property
    def dice_needed(self) -> int:
        """How many physical dice a player rolls for this expression."""
        return 2 * self.count if self.is_d66 else self.count

    @property
    def die_faces(self) -> int:
        """Faces of each physical die (a D66 is rolled with D6s)."""
        return 6 if self.is_d66 else self.sides

    def total(self, dice: Sequence[int]) -> int:
        """The result of these physical dice under this expression."""
        if self.is_d66:
            raw = sum(10 * dice[i] + dice[i + 1] for i in range(0, len(dice), 2))
        else:
            raw = sum(dice)
        return raw * self.multiplier + self.modifier

    def results(self) -> frozenset[int]:
        """Every total this expression can produce (used to check table coverage)."""
        totals = {0}
        if self.is_d66:
            faces = [10 * t + u for t in range(1, 7) for u in range(1, 7)]
        else:
            faces = list(range(1, self.sides + 1))
        for _ in range(self.count):
            totals = {t + f for t in totals for f in faces}
        return frozenset(t * self.multiplier + self.modifier for t in totals)

    def __str__(self) -> str:
        text = f"{self.count if self.count != 1 else ''}D{self.sides}"
        if self.multiplier != 1:
            text += f"x{self.multiplier}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """One roll of an expression: the physical dice, where they came from, the total."""

    expr: DiceExpr
    dice: tuple[int, ...]
    """Each physical die in the order rolled (a D66 gives tens then units)."""
    source: str = ROLLED
    """``rolled`` (random generator) or ``entered`` (typed in by a player)."""
    total: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.expr.total(self.dice))

    def describe(self) -> str:
        """Short text: ``D66 [3, 5] = 35``."""
        return f"{self.expr} {list(self.dice)} = {self.total}"

    def to_json(self) -> dict[str, object]:
        """Plain data for the campaign log."""
        return {
            "expr": str(self.expr),
            "dice": list(self.dice),
            "total": self.total,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> DiceRoll:
        """Rebuild a logged roll (the total is recomputed from the dice)."""
        dice = data.get("dice")
        if not isinstance(dice, list) or not all(isinstance(d, int) for d in dice):
            raise DiceError(f"logged roll has bad dice: {dice!r}")
        return cls(
            parse_dice(str(data.get("expr", ""))), tuple(dice), str(data.get("source", ROLLED))
        )


def parse_dice(text: str) -> DiceExpr:
    """Read ``D3``, ``D6``, ``2D6``, ``D66``, ``D6x5`` or ``2D6+1`` (case does not matter).

    Raises:
        DiceError: the text is not a dice expression cardsmith can roll.
    """
    match = _EXPR.match(text)
    if match is None:
        raise DiceError(f"not a dice expression: {text!r} (try D6, 2D6, D66 or 2D6+1)")
    count = int(match["count"]) if match["count"] else 1
    sides = int(match["sides"])
    if not 1 <= count <= _MAX_DICE:
        raise DiceError(f"{text!r}: roll between 1 and {_MAX_DICE} dice")
    if sides < 2:
        raise DiceError(f"{text!r}: a die needs at least 2 faces")
    mult = int(match["mult"]) if match["mult"] else 1
    mod = int(match["mod"]) if match["mod"] else 0
    if match["sign"] == "-":
        mod = -mod
    return DiceExpr(count=count, sides=sides, multiplier=mult, modifier=mod)


def parse_entered(text: str) -> tuple[int, ...]:
    """Read dice a player typed: ``3,5`` or ``3 5`` or ``35`` for one D66.

    A run of digits longer than one character is split into single dice, so ``35`` is the
    D66 tens die 3 and units die 5.  That is how players say a D66 aloud.
    """
    values: list[int] = []
    for part in re.split(r"[\s,;]+", text.strip()):
        if not part:
            continue
        if not part.isdigit():
            raise DiceError(f"entered dice must be numbers: {part!r} in {text!r}")
        values.extend(int(ch) for ch in part)
    if not values:
        raise DiceError("no dice entered")
    return tuple(values)


@dataclass(frozen=True, slots=True)
class DiceMark:
    """Where a dice source stood: so a step that stopped to ask can run on the same dice."""

    used: int
    state: tuple[Any, ...] | None


class Dice:
    """The one dice source: dice a player entered first, in order; then a generator.

    ``Dice.seeded(seed)`` rolls with its own ``random.Random`` (never the module-global
    generator; ``None`` seeds from the system).  ``Dice.own(values)`` has no generator: when
    the entered dice run out it raises :class:`MoreDiceNeeded`, naming the roll, so the
    player can roll it at the table.  Both can be given: entered dice first, then the
    generator for whatever they do not cover.
    """

    def __init__(self, entered: Iterable[int] = (), rng: random.Random | None = None) -> None:
        self.values = list(entered)
        self.used = 0
        self.rng = rng

    @classmethod
    def seeded(cls, seed: int | str | None = None, entered: Iterable[int] = ()) -> Dice:
        """Entered dice, then a generator seeded with ``seed`` (same seed, same rolls)."""
        return cls(entered, random.Random(seed))

    @classmethod
    def own(cls, entered: Iterable[int] = ()) -> Dice:
        """Only the player's own dice: more are asked for when they run out."""
        return cls(entered, None)

    @property
    def remaining(self) -> tuple[int, ...]:
        """Entered dice not used (yet)."""
        return tuple(self.values[self.used :])

    def add(self, text: str) -> None:
        """More dice typed by the player (``3 5``, ``35`` for a D66, ``4``)."""
        self.values.extend(parse_entered(text))

    def mark(self) -> DiceMark:
        """Where the dice stand now."""
        return DiceMark(self.used, self.rng.getstate() if self.rng is not None else None)

    def rewind(self, mark: DiceMark) -> None:
        """Go back to a mark: the same dice come again."""
        self.used = mark.used
        if self.rng is not None and mark.state is not None:
            self.rng.setstate(mark.state)

    def roll(self, expr: DiceExpr, purpose: str = "") -> DiceRoll:
        """Roll the expression once; ``purpose`` names the roll in messages.

        Raises:
            DiceError: an entered die is not a face of the die rolled.
            MoreDiceNeeded: the entered dice ran out and there is no generator, or the
                dice left are too few for this roll.
        """
        need = expr.dice_needed
        left = self.values[self.used :]
        if len(left) >= need:
            dice = tuple(left[:need])
            for value in dice:
                if not 1 <= value <= expr.die_faces:
                    raise DiceError(
                        f"{value} is not a face of a D{expr.die_faces} ({purpose or expr})"
                    )
            self.used += need
            return DiceRoll(expr, dice, ENTERED)
        if self.rng is None or left:
            raise MoreDiceNeeded(str(expr), need, purpose, tuple(left))
        dice = tuple(self.rng.randint(1, expr.die_faces) for _ in range(need))
        return DiceRoll(expr, dice, ROLLED)


def roll(text: str, dice: Dice) -> DiceRoll:
    """Roll a dice expression with the given dice source."""
    return dice.roll(parse_dice(text))
