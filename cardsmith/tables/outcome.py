"""Provides the result of resolving a table: the rolls made and concrete changes to apply."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardsmith.tables.dice import DiceRoll

CHANGE_KINDS = (
    "stat",
    "miss-games",
    "remove",
    "lose-equipment",
    "xp",
    "skill",
    "promote",
    "condition",
    "captured",
    "enmity",
    "funds",
    "note",
)
"""Every kind of concrete change a warrior's record can take."""


@dataclass(frozen=True, slots=True)
class Change:
    """One concrete change to a warrior's record: all dice already rolled, choices made."""

    kind: str
    """One of ``CHANGE_KINDS``."""
    label: str
    """Short text for history and display (``-1 Courage``, ``Leg wound``)."""
    stat: str = ""
    amount: int = 0
    """Stat delta, games missed, XP gained or dollars (negative when paid)."""
    minimum: int | None = None
    maximum: int | None = None
    value: str = ""
    """Status (``dead``/``gone``), skill id, kind promoted to, condition id or enemy team."""
    games: int | None = None
    """For conditions that last a number of games."""
    text: str = ""
    """Longer rule text (conditions) or the bounty dice (captured)."""
    pick: str = ""
    """For a skill taken with a choice: what was chosen (Trick Shooter's weapon)."""

    def to_json(self) -> dict[str, Any]:
        """Plain data for the log, leaving out empty fields."""
        data: dict[str, Any] = {"kind": self.kind, "label": self.label}
        for name in ("stat", "amount", "minimum", "maximum", "value", "games", "text", "pick"):
            value = getattr(self, name)
            # A 0 can be meaningful (a floor of 0 for Alpha Strike skill), so keep it.
            if value not in ("", None):
                data[name] = value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Change:
        """Rebuild a logged change."""
        return cls(
            kind=str(data["kind"]),
            label=str(data.get("label", "")),
            stat=str(data.get("stat", "")),
            amount=int(data.get("amount", 0)),
            minimum=data.get("minimum"),
            maximum=data.get("maximum"),
            value=str(data.get("value", "")),
            games=data.get("games"),
            text=str(data.get("text", "")),
            pick=str(data.get("pick", "")),
        )


@dataclass(frozen=True, slots=True)
class Rolled:
    """A roll made along the way: an amount (D3 games), or one thrown away and re-rolled."""

    purpose: str
    roll: DiceRoll

    def to_json(self) -> dict[str, Any]:
        """Plain data for the log."""
        return {"purpose": self.purpose, **self.roll.to_json()}


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one roll on one table came to, with the rolls it led to."""

    table: str
    table_title: str
    pack: str
    pack_version: int
    pack_digest: str
    roll: DiceRoll | None
    """The roll that picked the entry; None for a lookup table."""
    input: int | None
    """The number looked up (lookup tables) or the roll's total."""
    entry: str
    label: str
    value: int | None = None
    changes: tuple[Change, ...] = ()
    extra: tuple[Rolled, ...] = ()
    """Re-rolled results and rolls for amounts, in the order they were made."""
    children: tuple[Outcome, ...] = ()
    choices: tuple[tuple[str, str], ...] = ()
    """(question, chosen option key) for every choice made."""
    notes: tuple[str, ...] = ()

    def all_changes(self) -> Iterator[Change]:
        """This outcome's changes, then those of the rolls it led to, depth first."""
        yield from self.changes
        for child in self.children:
            yield from child.all_changes()

    def all_rolls(self) -> Iterator[DiceRoll]:
        """Every roll made, in order of the tree (entry roll, extras, then children)."""
        if self.roll is not None:
            yield self.roll
        for rolled in self.extra:
            yield rolled.roll
        for child in self.children:
            yield from child.all_rolls()

    def describe(self, indent: str = "") -> list[str]:
        """Readable lines: the roll, the entry, re-rolls and nested results."""
        head = f"{self.roll.describe()}: " if self.roll is not None else f"{self.input}: "
        lines = [f"{indent}{self.table_title} — {head}{self.label}"]
        for rolled in self.extra:
            lines.append(f"{indent}  ({rolled.purpose}: {rolled.roll.describe()})")
        for question, answer in self.choices:
            lines.append(f"{indent}  choice — {question}: {answer}")
        lines.extend(f"{indent}  → {change.label}" for change in self.changes)
        lines.extend(f"{indent}  note: {note}" for note in self.notes)
        for child in self.children:
            lines.extend(child.describe(indent + "  "))
        return lines

    def to_json(self) -> dict[str, Any]:
        """Plain data for the log and ``--format json``."""
        return {
            "table": self.table,
            "table_title": self.table_title,
            "pack": self.pack,
            "pack_version": self.pack_version,
            "pack_digest": self.pack_digest,
            "roll": self.roll.to_json() if self.roll is not None else None,
            "input": self.input,
            "entry": self.entry,
            "label": self.label,
            "value": self.value,
            "changes": [c.to_json() for c in self.changes],
            "extra": [r.to_json() for r in self.extra],
            "children": [c.to_json() for c in self.children],
            "choices": [list(c) for c in self.choices],
            "notes": list(self.notes),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """Rebuild a logged outcome."""
        roll = data.get("roll")
        return cls(
            table=str(data["table"]),
            table_title=str(data.get("table_title", data["table"])),
            pack=str(data.get("pack", "")),
            pack_version=int(data.get("pack_version", 0)),
            pack_digest=str(data.get("pack_digest", "")),
            roll=DiceRoll.from_json(roll) if isinstance(roll, dict) else None,
            input=data.get("input"),
            entry=str(data.get("entry", "")),
            label=str(data.get("label", "")),
            value=data.get("value"),
            changes=tuple(Change.from_json(c) for c in data.get("changes", [])),
            extra=tuple(
                Rolled(str(r.get("purpose", "")), DiceRoll.from_json(r))
                for r in data.get("extra", [])
            ),
            children=tuple(cls.from_json(c) for c in data.get("children", [])),
            choices=tuple((str(q), str(a)) for q, a in data.get("choices", [])),
            notes=tuple(str(n) for n in data.get("notes", [])),
        )
