"""Provides the table data types: packs, tables, entries and the effects an entry has."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardsmith.tables.dice import DiceExpr


@dataclass(frozen=True, slots=True)
class Amount:
    """A number in table data: fixed (``1``) or rolled (``D3``, ``-D6``)."""

    fixed: int = 0
    dice: DiceExpr | None = None
    negative: bool = False
    """For rolled amounts: the rolled total is subtracted (``-D6`` dollars)."""


@dataclass(frozen=True, slots=True)
class StatChange:
    """Add ``delta`` to a stat, kept within ``minimum``/``maximum`` when given."""

    stat: str
    delta: Amount
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    """How players say it (``+1 Shooting``), when the bare number would mislead."""


@dataclass(frozen=True, slots=True)
class MissGames:
    """The warrior sits out the next N games."""

    games: Amount


@dataclass(frozen=True, slots=True)
class Remove:
    """The warrior leaves the roster: ``dead`` or ``gone`` (retired, hanged, handed over)."""

    status: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LoseEquipment:
    """Every weapon and piece of equipment the warrior carries is lost."""


@dataclass(frozen=True, slots=True)
class GainXp:
    """Experience points added to the warrior."""

    amount: Amount


@dataclass(frozen=True, slots=True)
class GainSkill:
    """Roll for a new skill; ``source`` is ``preferred``, ``any`` or a skill table id."""

    source: str
    reroll_duplicates: bool = True


@dataclass(frozen=True, slots=True)
class Promote:
    """The warrior becomes another kind (hired gun → hero)."""

    to: str
    once_per_game: bool = False
    """Only one warrior may take this promotion per game; later ones re-roll."""


@dataclass(frozen=True, slots=True)
class RollAgain:
    """Roll ``times`` more times on a table, re-rolling results whose key is in ``ignore``."""

    times: Amount
    table: str = ""
    """Table id; empty means the table this effect belongs to."""
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SubTable:
    """Roll on another table and apply its result."""

    table: str


@dataclass(frozen=True, slots=True)
class Option:
    """One answer of a choice, with the effects it brings."""

    key: str
    label: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """The player picks one option (``+1 Strength or +1 Fighting``)."""

    prompt: str
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class Captured:
    """Taken prisoner: ransom, exchange, or (outlaws) handed in for a bounty."""

    bounty: DiceExpr | None = None
    """Dollars paid to the captors when the prisoner is handed to the law."""


@dataclass(frozen=True, slots=True)
class Enmity:
    """Lasting hatred of the team whose warrior caused the injury."""


@dataclass(frozen=True, slots=True)
class Condition:
    """A lasting mark on the record: an injury, a trait, or a bonus for the next games."""

    id: str
    label: str
    text: str = ""
    games: int | None = None
    """None for permanent; otherwise the number of games it lasts."""
    if_present: tuple[Effect, ...] = ()
    """Effects applied instead when the warrior already has this condition."""


@dataclass(frozen=True, slots=True)
class Funds:
    """Money added to (or, when negative, paid from) the team's funds."""

    delta: Amount


@dataclass(frozen=True, slots=True)
class Pay:
    """A sum the team may pay from its funds (bail), or else the ``otherwise`` effects.

    The sum is rolled first; a team whose funds do not cover it cannot pay (seed 002,
    trial table 2-5: bail of $D6, or jail for D3 games).
    """

    amount: Amount
    prompt: str
    otherwise_label: str
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Note:
    """Text written into the warrior's history, with no other effect."""

    text: str


Effect = (
    StatChange
    | MissGames
    | Remove
    | LoseEquipment
    | GainXp
    | GainSkill
    | Promote
    | RollAgain
    | SubTable
    | Choice
    | Captured
    | Enmity
    | Condition
    | Funds
    | Pay
    | Note
)


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of a table: a range of results and what they do."""

    key: str
    """Id unique within the table, used by ``ignore`` lists and the log."""
    low: int
    high: int | None
    """Inclusive upper bound; None for an open range (``101+``)."""
    label: str
    aliases: tuple[str, ...] = ()
    text: str = ""
    effects: tuple[Effect, ...] = ()
    value: int | None = None
    """A plain number the entry stands for (re-rolls on the underdog table)."""
    gap: bool = False
    """True where the source text is missing: the entry exists only to mark the hole."""
    repeatable: int = 1
    """On skill tables: how many times a warrior may hold this skill before re-rolling."""
    picks: tuple[str, ...] = ()
    """On skill tables: what each taking of the skill chooses, each once (seed 002's Trick
    Shooter: revolver, heavy pistol or rifle)."""

    def covers(self, result: int) -> bool:
        """True when the result falls in this entry's range."""
        return self.low <= result and (self.high is None or result <= self.high)

    @property
    def range_text(self) -> str:
        """``11-15``, ``22`` or ``101+``."""
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class Table:
    """A dice table (or a lookup table keyed by a number the players supply)."""

    id: str
    title: str
    pack: str
    dice: DiceExpr | None
    """None for a lookup table (the underdog table is keyed by a rating difference)."""
    entries: tuple[Entry, ...]
    aliases: tuple[str, ...] = ()
    text: str = ""
    input_label: str = ""
    """For lookup tables: what the number is (``rating difference``)."""
    skill_table: bool = False
    """A table of skills: ``skill`` effects may roll on it; each entry key is a skill id."""
    incomplete: str = ""
    """Why the table is not whole (source cut off), shown wherever the table is."""
    source: str = ""

    def entry_for(self, result: int) -> Entry:
        """The entry holding a result (coverage was checked when the table loaded)."""
        for entry in self.entries:
            if entry.covers(result):
                return entry
        raise LookupError(f"{result} is not on table {self.id}")

    def entry(self, key: str) -> Entry | None:
        """An entry by its key."""
        return next((e for e in self.entries if e.key == key), None)


@dataclass(frozen=True, slots=True)
class StatDef:
    """A stat warriors of a pack carry."""

    id: str
    label: str
    aliases: tuple[str, ...] = ()
    lower_is_better: bool = False
    """True for target numbers (Shooting 4+ improves to 3+; Alpha Strike skill)."""
    suffix: str = ""
    """Printed after the value (``+`` for a target number such as Shooting 4+)."""


@dataclass(frozen=True, slots=True)
class KindDef:
    """A kind of warrior (hero, hired gun, pilot) and the advancement table it uses."""

    id: str
    label: str
    advancement: str = ""
    aliases: tuple[str, ...] = ()
    tables: tuple[str, ...] = ()
    """The only tables this kind rolls on (empty: any); seed 002's hired guns roll on
    their own advancement table alone."""


@dataclass(frozen=True, slots=True)
class PregameRoll:
    """A roll made before every game for each warrior with a condition (seed 002, 32)."""

    condition: str
    """Id of the condition that calls for the roll (``old-battle-wound``)."""
    label: str
    dice: str
    """Dice expression rolled (``D6``)."""
    misses_on: tuple[int, ...]
    """Results on which the warrior cannot play that game."""


@dataclass(frozen=True, slots=True)
class Pack:
    """One table file: a game's stats, warrior kinds and tables."""

    id: str
    title: str
    path: Path
    version: int
    digest: str
    """Short hash of the file's bytes, logged with every roll made from it."""
    description: str = ""
    house_default: bool = False
    """True for house rules a group is meant to edit, not a published source."""
    stats: tuple[StatDef, ...] = ()
    kinds: tuple[KindDef, ...] = ()
    injury_table: str = ""
    tables: tuple[str, ...] = field(default=())
    pregame: tuple[PregameRoll, ...] = ()
    """Rolls made before every game, by condition."""
    bounty_teams: tuple[str, ...] = ()
    """Teams whose captured warriors may be handed to the law for the bounty (seed 002,
    serious injury 62: only an Outlaw); empty: no team."""

    def bounty_for(self, team: str) -> bool:
        """True when a captive of ``team`` may be handed to the law for a bounty."""
        wanted = team.strip().casefold()
        return bool(wanted) and wanted in (t.casefold() for t in self.bounty_teams)

    def stat(self, stat_id: str) -> StatDef | None:
        """A stat definition by id."""
        return next((s for s in self.stats if s.id == stat_id), None)

    def kind(self, kind_id: str) -> KindDef | None:
        """A warrior kind by id or alias (case-insensitive)."""
        wanted = kind_id.casefold()
        for kind in self.kinds:
            if wanted == kind.id or wanted in (a.casefold() for a in kind.aliases):
                return kind
        return None
