"""Provides the campaign screen's doorway into the campaign core: files, rows, dice, diffs.

Nothing here imports Textual.  Rolls are made step by step so the screen can ask the
player (a choice, or more of their own dice) and then run the same step again from the
same starting point: the dice source can be rewound, so a retry sees identical dice.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from cardsmith import campaign as cp
from cardsmith.campaign.flow import table_for
from cardsmith.errors import CardsmithError
from cardsmith.render.content.campaign_sheet import (
    CampaignSheet,
    LogLine,
    WarriorRow,
    campaign_sheet_data,
    log_lines,
)
from cardsmith.render.layout.campaign_sheet import load_campaign_layout
from cardsmith.tables import Change, TableSet, load_tables

# The one dice source, re-exported for the shells.
from cardsmith.tables.dice import Dice as Dice
from cardsmith.tables.dice import MoreDiceNeeded as MoreDiceNeeded
from cardsmith.tables.model import Pack
from cardsmith.tables.resolver import ScriptedChooser

#: Log entries shown on the printed sheet (the layout's own default).
PRINT_LOG_ENTRIES = 12


@cache
def tables() -> TableSet:
    """Every installed table pack (loaded once; the loader validates coverage)."""
    return load_tables()


def pack_choices() -> list[tuple[str, str]]:
    """(pack id, title) of every table pack; published tables before house defaults."""
    packs = sorted(tables().packs.values(), key=lambda p: (p.house_default, p.title))
    return [(p.id, p.title) for p in packs]


def skill_table_choices(pack_id: str) -> list[tuple[str, str]]:
    """(table id, title) of the pack's skill tables (a team's preferred ones are picked here)."""
    return [(t.id, t.title) for t in tables().skill_tables(pack_id)]


def stat_fields(pack_id: str) -> list[tuple[str, str]]:
    """(stat id, label) of the pack's stats, for the add-warrior form."""
    return [(s.id, s.label) for s in tables().packs[pack_id].stats]


def kind_choices(pack_id: str) -> list[tuple[str, str]]:
    """(kind id, label) of the pack's warrior kinds."""
    return [(k.id, k.label) for k in tables().packs[pack_id].kinds]


# -- files -------------------------------------------------------------------------------


def load(path: Path) -> cp.Campaign:
    """Read a campaign file (CampaignFileError with a clear message when it cannot)."""
    return cp.load_campaign(path)


def create(path: Path, name: str, pack: str, preferred: Sequence[str] = ()) -> cp.Campaign:
    """A new campaign written to ``path``; an existing file is never overwritten."""
    if path.exists():
        raise cp.CampaignError(f"{path} already exists; open it instead (o)")
    campaign = cp.new_campaign(name, pack, tables(), preferred)
    cp.save_campaign(campaign, path)
    return campaign


def save(campaign: cp.Campaign, path: Path) -> None:
    """Write atomically, keeping the previous file as ``.bak``."""
    cp.save_campaign(campaign, path)


def print_sheet(campaign: cp.Campaign, path: Path, paper: str = "letter") -> Path:
    """Print the roster sheet (imports reportlab only when called: run it in a thread)."""
    from cardsmith.render.pdf.campaign_sheet import render_campaign_sheet

    return render_campaign_sheet(campaign, tables(), path, paper=paper)


# -- what the screen shows ---------------------------------------------------------------


def sheet(campaign: cp.Campaign) -> CampaignSheet:
    """Header facts and warrior rows, in the printed sheet's order (same source as the PDF)."""
    return campaign_sheet_data(campaign, tables(), log_entries=0, stat_headers=_stat_headers())


@cache
def _stat_headers() -> dict[str, str]:
    """The printed sheet's short stat headers (``Sht``), so screen and paper agree."""
    try:
        return dict(load_campaign_layout().stat_headers)
    except CardsmithError:
        return {}


def roster_rows(campaign: cp.Campaign) -> tuple[WarriorRow, ...]:
    """The warriors as the roster grid shows them, rebuilt from the log."""
    return sheet(campaign).warriors


def injuries_text(row: WarriorRow) -> str:
    """Injuries and lasting conditions of a row, shortly (``Leg wound; Nervous strain``)."""
    parts: list[str] = []
    for heading, text in row.details:
        if heading == "Injuries":
            parts.extend(p.split(": ", 1)[-1] for p in text.split("; game "))
        elif heading == "Conditions":
            parts.append(text)
    return "; ".join(parts)


def log_rows(campaign: cp.Campaign) -> list[LogLine]:
    """Every log entry in words, newest last, corrections marked."""
    pack = tables().packs.get(campaign.pack)
    return log_lines(campaign, None, {k.id: k.label for k in pack.kinds} if pack else {})


def is_live_roll(campaign: cp.Campaign, seq: int) -> bool:
    """True when entry ``seq`` is a roll (or a replacement) still in force."""
    undone = {int(e.data["target"]) for e in campaign.log if e.action == "undo"}
    entry = campaign.entry(seq)
    return entry.action in ("roll", "replace") and seq not in undone


def undoable(campaign: cp.Campaign, seq: int) -> bool:
    """True when entry ``seq`` can still be undone (not an undo, not undone already)."""
    undone = {int(e.data["target"]) for e in campaign.log if e.action == "undo"}
    return campaign.entry(seq).action != "undo" and seq not in undone


# -- dice ---------------------------------------------------------------------------------


def new_seed() -> int:
    """A fresh seed for "roll for me" (shown to the player so rolls can be repeated)."""
    return random.SystemRandom().randrange(1, 1_000_000)


# -- post-game steps ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PostGamePlan:
    """What the player marked after a game."""

    opponent: str = ""
    result: str = ""
    casualties: tuple[str, ...] = ()
    """Warrior ids taken out of action: they roll on the injury table."""
    xp: Mapping[str, int] = field(default_factory=dict)
    advance: tuple[str, ...] = ()
    """Warrior ids that roll an advancement."""

    @property
    def empty(self) -> bool:
        """True when nothing but the game itself would be logged."""
        return not (self.casualties or any(self.xp.values()) or self.advance)


@dataclass(frozen=True, slots=True)
class Step:
    """One roll of a post-game or a correction: whose, on which table."""

    warrior: str
    table: str
    """``injury`` or ``advancement`` (the pack says which table that is)."""
    replaces: int | None = None
    """For a correction: the log entry replaced."""


def steps(plan: PostGamePlan) -> list[Step]:
    """Injuries first, then advancements, as the CLI's ``post-game`` does."""
    return [Step(w, "injury") for w in plan.casualties] + [
        Step(w, "advancement") for w in plan.advance
    ]


def step_title(campaign: cp.Campaign, step: Step) -> str:
    """``Док — Serious injuries (heroes)`` for prompts."""
    roster = cp.replay(campaign)
    warrior = roster.find(step.warrior)
    if step.replaces is not None:
        table_id = str(campaign.entry(step.replaces).data.get("table", ""))
        title = tables().tables[table_id].title if table_id in tables().tables else table_id
    else:
        title = table_for(tables(), campaign, warrior, step.table).title
    return f"{warrior.name} — {title}"


def start_game(campaign: cp.Campaign, plan: PostGamePlan, dice: Dice) -> cp.Campaign:
    """Log the game itself: pre-game rolls (old battle wounds) with the player's dice
    source, then sit-out counters run down.

    Raises:
        MoreDiceNeeded: own dice ran out (ask, add them, call again after ``rewind``).
    """
    return cp.record_game(campaign, plan.opponent, plan.result, tables=tables(), dice=dice)


def skip_reason(campaign: cp.Campaign, step: Step) -> str | None:
    """Why a step cannot be rolled now (the warrior died or was captured earlier on)."""
    if step.replaces is not None:
        return None
    warrior = cp.replay(campaign).find(step.warrior)
    if warrior.status != "active":
        return f"{warrior.name} is {warrior.status}: no {step.table} roll"
    return None


def run_step(
    campaign: cp.Campaign, step: Step, dice: Dice, answers: Sequence[str], opponent: str = ""
) -> cp.Rolled:
    """Roll one step with the answers given so far.

    Raises:
        ChoiceNeeded: the table asks a question not answered yet.
        MoreDiceNeeded: the player's own dice ran out.
        CampaignError, DiceError: the roll cannot be made.
    """
    chooser = ScriptedChooser(list(answers))
    if step.replaces is not None:
        return cp.replace_roll(campaign, tables(), step.replaces, dice, chooser, opponent=opponent)
    return cp.roll_for(
        campaign, tables(), step.warrior, step.table, dice, chooser, opponent=opponent
    )


def award_xp(campaign: cp.Campaign, plan: PostGamePlan) -> cp.Campaign:
    """Experience for the game, logged for every warrior still active."""
    for ref, points in plan.xp.items():
        if not points:
            continue
        warrior = cp.replay(campaign).find(ref)
        if warrior.status == "active":
            change = Change("xp", f"{points:+d} XP", amount=points)
            campaign = cp.adjust(campaign, ref, [change], "experience for the game")
    return campaign


# -- what changed -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WarriorChanges:
    """One warrior's record before and after, as lines of text."""

    name: str
    lines: tuple[str, ...]


def changes(before: cp.Campaign, after: cp.Campaign) -> list[WarriorChanges]:
    """What the new log entries did to each warrior (only warriors that changed)."""
    old = {w.id: w for w in cp.replay(before).warriors}
    pack = tables().packs.get(after.pack)
    found = []
    for warrior in cp.replay(after).warriors:
        was = old.get(warrior.id)
        if was is None:
            found.append(WarriorChanges(warrior.name, ("joins the roster",)))
            continue
        lines: list[str] = []
        if was.kind != warrior.kind:
            lines.append(f"{_kind(pack, was.kind)} → {_kind(pack, warrior.kind)}")
        for stat_id, value in warrior.stats:
            previous = was.stat(stat_id)
            if previous != value:
                stat = pack.stat(stat_id) if pack else None
                label, suffix = (stat.label, stat.suffix) if stat else (stat_id, "")
                was_text = "—" if previous is None else f"{previous}{suffix}"
                lines.append(f"{label} {was_text} → {value}{suffix}")
        if was.xp != warrior.xp:
            lines.append(f"XP {was.xp} → {warrior.xp}")
        lines.extend(f"new skill: {s}" for s in _added(was.skills, warrior.skills))
        old_conditions = {c.id for c in was.conditions}
        lines.extend(
            f"condition: {c.label}" for c in warrior.conditions if c.id not in old_conditions
        )
        new_conditions = {c.id for c in warrior.conditions}
        lines.extend(
            f"condition ended: {c.label}" for c in was.conditions if c.id not in new_conditions
        )
        if was.equipment and not warrior.equipment:
            lines.append("loses all weapons and equipment")
        lines.extend(f"hates {e}" for e in warrior.enmities if e not in was.enmities)
        if was.standing != warrior.standing:
            lines.append(f"status {was.standing} → {warrior.standing}")
        if lines:
            found.append(WarriorChanges(warrior.name, tuple(lines)))
    return found


def _kind(pack: Pack | None, kind_id: str) -> str:
    kind = pack.kind(kind_id) if pack is not None else None
    return kind.label if kind else kind_id


def _added(before: Sequence[str], after: Sequence[str]) -> list[str]:
    left = list(before)
    added = []
    for skill in after:
        if skill in left:
            left.remove(skill)
        else:
            added.append(skill)
    return added


def describe(rolled: cp.Rolled) -> list[str]:
    """The roll in words, every die shown (``Serious injuries — D66 [2, 2] = 22: Leg wound``)."""
    return rolled.outcome.describe()
