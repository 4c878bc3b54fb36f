"""Provides ``Resolver``: rolls on a table and turns its entry into concrete changes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cardsmith.errors import CardsmithError, TemplateError, UsageError
from cardsmith.errors import ChoiceNeeded as ChoiceNeeded
from cardsmith.tables.dice import Dice, DiceRoll
from cardsmith.tables.loader import TableSet
from cardsmith.tables.model import (
    Amount,
    Captured,
    Choice,
    Condition,
    Effect,
    Enmity,
    Entry,
    Funds,
    GainSkill,
    GainXp,
    LoseEquipment,
    MissGames,
    Note,
    Pay,
    Promote,
    Remove,
    RollAgain,
    StatChange,
    SubTable,
    Table,
)
from cardsmith.tables.outcome import Change, Outcome, Rolled

_MAX_DEPTH = 20
_MAX_REROLLS = 200


class Chooser(Protocol):
    """Answers the questions a table asks (``+1 Strength or +1 Fighting``)."""

    def choose(self, prompt: str, options: Sequence[tuple[str, str]]) -> str:
        """Return the key of the chosen option; ``options`` are (key, label) pairs."""
        ...


class ScriptedChooser:
    """Answers from a list given in advance (``--choose strength``), in order.

    Each answer may be an option key, its label, or its number (1-based).  When the
    answers run out, ``fallback`` is asked, or ``ChoiceNeeded`` is raised.
    """

    def __init__(self, answers: Sequence[str] = (), fallback: Chooser | None = None) -> None:
        self.answers = list(answers)
        self.fallback = fallback

    def choose(self, prompt: str, options: Sequence[tuple[str, str]]) -> str:
        """Take the next answer and match it to an option."""
        if not self.answers:
            if self.fallback is not None:
                return self.fallback.choose(prompt, options)
            raise ChoiceNeeded(prompt, options)
        answer = self.answers.pop(0).strip().casefold()
        for number, (key, label) in enumerate(options, start=1):
            if answer in (key.casefold(), label.casefold(), str(number)):
                return key
        # A unique start of a key is enough ("shooting" for "shooting-skills").
        starts = [key for key, _ in options if key.casefold().startswith(answer)]
        if answer and len(starts) == 1:
            return starts[0]
        raise ChoiceNeeded(f"{prompt} ({answer!r} is not an option)", options)


@dataclass
class Context:
    """What the resolver needs to know about the warrior and the game."""

    kind: str = ""
    skills: Counter[str] = field(default_factory=Counter)
    conditions: set[str] = field(default_factory=set)
    promotion_taken: bool = False
    """True once a once-per-game promotion happened in this game (hired gun → hero)."""
    opponent: str = ""
    """The team the warrior last fought, for enmity."""
    preferred_skill_tables: tuple[str, ...] = ()
    funds: int | None = None
    """The team's funds, when known: a sum it cannot cover cannot be paid (bail)."""
    skill_picks: dict[str, set[str]] = field(default_factory=dict)
    """What the warrior chose with each skill taken so far (Trick Shooter's weapons)."""


@dataclass
class _Builder:
    changes: list[Change] = field(default_factory=list)
    extra: list[Rolled] = field(default_factory=list)
    children: list[Outcome] = field(default_factory=list)
    choices: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class Resolver:
    """Rolls on tables with a dice source and turns results into changes.

    The context is updated as results come in, so a second "blinded in one eye" in the
    same multiple-injuries roll sees the first, and a second promotion in the same game
    is re-rolled.
    """

    def __init__(
        self, tables: TableSet, dice: Dice, chooser: Chooser, context: Context | None = None
    ) -> None:
        self.tables = tables
        self.dice = dice
        self.chooser = chooser
        self.context = context or Context()

    def resolve(self, table: Table | str, *, value: int | None = None) -> Outcome:
        """Roll once on a table (or look ``value`` up on a lookup table) and resolve it.

        Raises:
            DiceError: entered dice ran out or do not fit.
            ChoiceNeeded: a choice came up and the chooser had no answer.
            TemplateError: the table needs an input, or nesting runs too deep.
        """
        target = self.tables.find(table) if isinstance(table, str) else table
        return self._resolve(target, (), 0, value)

    def _resolve(
        self, table: Table, ignore: tuple[str, ...], depth: int, value: int | None = None
    ) -> Outcome:
        if depth > _MAX_DEPTH:
            raise TemplateError(f"table {table.id}: rolls nest more than {_MAX_DEPTH} deep")
        built = _Builder()
        roll = None
        if table.dice is None:
            if value is None:
                raise TemplateError(
                    f"table {table.id} is looked up by {table.input_label or 'a number'}; "
                    "give the number"
                )
            result = value
            if not any(e.covers(value) for e in table.entries):
                # Seed 002's underdog table is read by a rating difference, 0 and up.
                ranges = ", ".join(e.range_text for e in table.entries)
                raise UsageError(
                    f"{value} is not on {table.title}: it is looked up by "
                    f"{table.input_label or 'a number'} ({ranges})"
                )
            entry = table.entry_for(result)
        else:
            roll, entry = self._pick(table, ignore, built)
            result = roll.total
        if table.skill_table:
            self._skill_entry(table, entry, built)
        for effect in entry.effects:
            self._effect(effect, table, depth, built)
        pack = self.tables.pack_of(table)
        return Outcome(
            table=table.id,
            table_title=table.title,
            pack=pack.id,
            pack_version=pack.version,
            pack_digest=pack.digest,
            roll=roll,
            input=result,
            entry=entry.key,
            label=entry.label,
            value=entry.value,
            changes=tuple(built.changes),
            extra=tuple(built.extra),
            children=tuple(built.children),
            choices=tuple(built.choices),
            notes=tuple(built.notes),
        )

    def _pick(
        self, table: Table, ignore: tuple[str, ...], built: _Builder
    ) -> tuple[DiceRoll, Entry]:
        expr = table.dice
        if expr is None:  # lookup tables are answered before this point
            raise TemplateError(f"table {table.id} has no dice to roll")
        for _ in range(_MAX_REROLLS):
            roll = self.dice.roll(expr, table.title)
            entry = table.entry_for(roll.total)
            reason = self._reject(table, entry, ignore)
            if reason is None:
                return roll, entry
            built.extra.append(Rolled(f"re-rolled {entry.label}: {reason}", roll))
        raise TemplateError(f"table {table.id}: no acceptable result in {_MAX_REROLLS} rolls")

    def _reject(self, table: Table, entry: Entry, ignore: tuple[str, ...]) -> str | None:
        if entry.key in ignore:
            return "does not count on this roll"
        if (
            table.skill_table
            and not entry.gap
            and self.context.skills[entry.key] >= (entry.repeatable)
        ):
            return "already has this skill"
        promotes = [e for e in entry.effects if isinstance(e, Promote) and e.once_per_game]
        if promotes and self.context.promotion_taken:
            return "only one promotion per game"
        return None

    def _skill_entry(self, table: Table, entry: Entry, built: _Builder) -> None:
        if entry.gap:
            built.notes.append(
                f"result {entry.range_text} is missing from the source ({table.incomplete}); "
                "no skill was given: agree one with your group and add it by hand"
            )
            return
        self.context.skills[entry.key] += 1
        pick = self._pick_for(entry, built)
        label = f"Skill: {entry.label}" + (f" ({pick})" if pick else "")
        built.changes.append(Change("skill", label, value=entry.key, text=table.id, pick=pick))

    def _pick_for(self, entry: Entry, built: _Builder) -> str:
        """What a skill taken again is for: each pick once (seed 002, Trick Shooter)."""
        if not entry.picks:
            return ""
        taken = self.context.skill_picks.setdefault(entry.key, set())
        left = [p for p in entry.picks if p not in taken]
        if not left:  # more takings than picks: the table's repeatable allows it
            return ""
        if len(left) == 1:
            chosen = left[0]
        else:
            prompt = f"{entry.label}: which weapon"
            chosen = self.chooser.choose(prompt, [(p, p) for p in left])
            built.choices.append((prompt, chosen))
        taken.add(chosen)
        return chosen

    def _pay(self, effect: Pay, table: Table, depth: int, built: _Builder) -> None:
        """Roll the sum; pay it if the team can and wants to, else the ``otherwise``."""
        amount = self._amount(effect.amount, effect.prompt.lower(), built)
        funds = self.context.funds
        if funds is not None and funds < amount:
            built.notes.append(
                f"{effect.prompt} ${amount}: the team has only ${funds}, so it cannot pay"
            )
            key = "no"
        else:
            options = [("pay", f"Pay ${amount}"), ("no", effect.otherwise_label)]
            key = self.chooser.choose(f"{effect.prompt} ${amount}", options)
            built.choices.append((effect.prompt, key))
        if key == "pay":
            if self.context.funds is not None:
                self.context.funds -= amount
            built.changes.append(
                Change("funds", f"{effect.prompt} paid: -${amount}", amount=-amount)
            )
            return
        for inner in effect.otherwise:
            self._effect(inner, table, depth, built)

    def _amount(self, amount: Amount, purpose: str, built: _Builder) -> int:
        if amount.dice is None:
            return amount.fixed
        roll = self.dice.roll(amount.dice, purpose)
        built.extra.append(Rolled(purpose, roll))
        return -roll.total if amount.negative else roll.total

    def _effect(self, effect: Effect, table: Table, depth: int, built: _Builder) -> None:
        ctx = self.context
        if isinstance(effect, StatChange):
            delta = self._amount(effect.delta, f"{effect.stat} change", built)
            stat = self.tables.packs[table.pack].stat(effect.stat)
            label = effect.label or f"{delta:+d} {stat.label if stat else effect.stat}"
            built.changes.append(
                Change(
                    "stat",
                    label,
                    stat=effect.stat,
                    amount=delta,
                    minimum=effect.minimum,
                    maximum=effect.maximum,
                )
            )
        elif isinstance(effect, MissGames):
            games = self._amount(effect.games, "games missed", built)
            plural = "s" if games != 1 else ""
            built.changes.append(Change("miss-games", f"Misses {games} game{plural}", amount=games))
        elif isinstance(effect, Remove):
            label = "Dead" if effect.status == "dead" else "Leaves the roster"
            built.changes.append(Change("remove", label, value=effect.status, text=effect.reason))
        elif isinstance(effect, LoseEquipment):
            built.changes.append(Change("lose-equipment", "Loses all weapons and equipment"))
        elif isinstance(effect, GainXp):
            xp = self._amount(effect.amount, "experience", built)
            built.changes.append(Change("xp", f"{xp:+d} XP", amount=xp))
        elif isinstance(effect, GainSkill):
            self._gain_skill(effect, table, depth, built)
        elif isinstance(effect, Promote):
            if effect.once_per_game:
                ctx.promotion_taken = True
            kind = self.tables.packs[table.pack].kind(effect.to)
            ctx.kind = effect.to
            name = kind.label if kind else effect.to
            built.changes.append(Change("promote", f"Promoted to {name}", value=effect.to))
        elif isinstance(effect, RollAgain):
            target = self.tables.tables[effect.table or table.id]
            times = self._amount(effect.times, f"rolls again on {target.title}", built)
            for _ in range(times):
                built.children.append(self._resolve(target, effect.ignore, depth + 1))
        elif isinstance(effect, SubTable):
            built.children.append(self._resolve(self.tables.tables[effect.table], (), depth + 1))
        elif isinstance(effect, Choice):
            key = self.chooser.choose(effect.prompt, [(o.key, o.label) for o in effect.options])
            option = next(o for o in effect.options if o.key == key)
            built.choices.append((effect.prompt, option.key))
            for inner in option.effects:
                self._effect(inner, table, depth, built)
        elif isinstance(effect, Captured):
            built.changes.append(
                Change("captured", "Captured by the enemy", text=str(effect.bounty or ""))
            )
        elif isinstance(effect, Enmity):
            enemy = ctx.opponent or "the team that caused the injury"
            built.changes.append(Change("enmity", f"Hates {enemy}", value=enemy))
        elif isinstance(effect, Condition):
            if effect.id in ctx.conditions and effect.if_present:
                built.notes.append(f"already has {effect.label}")
                for inner in effect.if_present:
                    self._effect(inner, table, depth, built)
                return
            ctx.conditions.add(effect.id)
            built.changes.append(
                Change(
                    "condition", effect.label, value=effect.id, games=effect.games, text=effect.text
                )
            )
        elif isinstance(effect, Funds):
            dollars = self._amount(effect.delta, "funds", built)
            built.changes.append(Change("funds", f"Funds {dollars:+d}", amount=dollars))
        elif isinstance(effect, Pay):
            self._pay(effect, table, depth, built)
        elif isinstance(effect, Note):
            built.changes.append(Change("note", effect.text))

    def _gain_skill(self, effect: GainSkill, table: Table, depth: int, built: _Builder) -> None:
        all_tables = self.tables.skill_tables(table.pack)
        if effect.source == "preferred":
            wanted = self.context.preferred_skill_tables
            if not wanted:
                raise CardsmithError(
                    "this result rolls on the team's preferred skill tables, and none are set; "
                    "set them with `campaign new --preferred` or `campaign team --preferred`"
                )
            candidates = [self.tables.find(t) for t in wanted]
        elif effect.source == "any":
            candidates = all_tables
        else:
            candidates = [self.tables.tables[effect.source]]
        # A table whose every skill the warrior already holds can never give a new one.
        open_tables = [
            t
            for t in candidates
            if any(not e.gap and self.context.skills[e.key] < e.repeatable for e in t.entries)
        ]
        if not open_tables:
            built.notes.append("already has every skill on the tables offered; nothing gained")
            return
        if len(open_tables) == 1:
            chosen = open_tables[0]
        else:
            key = self.chooser.choose("Skill table", [(t.id, t.title) for t in open_tables])
            chosen = next(t for t in open_tables if t.id == key)
            built.choices.append(("Skill table", chosen.id))
        built.children.append(self._resolve(chosen, (), depth + 1))
