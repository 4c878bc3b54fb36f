"""Provides what the campaign screen and commands show: the roster, the log, what changed.

Pure views over a campaign, built from the same rows the printed sheet uses, so the
screen, ``campaign show`` and the paper agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cardsmith import campaign as cp
from cardsmith.errors import CardsmithError
from cardsmith.render.content.campaign_sheet import (
    CampaignSheet,
    LogLine,
    WarriorRow,
    campaign_sheet_data,
    log_lines,
)
from cardsmith.render.layout.campaign_sheet import load_campaign_layout
from cardsmith.services.campaign import DEFAULT_PACK, tables
from cardsmith.tables.model import Pack


def pack_choices() -> list[tuple[str, str]]:
    """(pack id, title) of every table pack: the Alpha Strike pilot pack first."""
    packs = sorted(
        tables().packs.values(), key=lambda p: (p.id != DEFAULT_PACK, p.house_default, p.title)
    )
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


def post_game_lines(done: cp.PostGame) -> list[str]:
    """Every roll of a post-game in words: pre-game rolls, then injuries and advances."""
    roster = cp.replay(done.campaign)
    lines = [f"{roster.find(c.warrior).name}: {c.describe()}" for c in done.checks]
    for rolled in done.rolls:
        lines.append(f"{roster.find(rolled.entry.warrior).name}:")
        lines.extend("  " + line for line in rolled.outcome.describe())
    lines.extend(f"{roster.find(ref).name}: {points:+d} XP" for ref, points in done.xp)
    return lines
