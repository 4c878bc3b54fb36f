"""Provides campaign actions: add warriors, record games, roll, correct, undo, post-game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from cardsmith.campaign.model import ACTIVE, CAPTURED, Campaign, CampaignError, LogEntry, Warrior
from cardsmith.campaign.pregame import PregameCheck, pregame_checks
from cardsmith.campaign.replay import Roster, apply_change, effective_entries, replay
from cardsmith.tables.dice import Dice, parse_dice
from cardsmith.tables.loader import TableSet, load_tables
from cardsmith.tables.model import Table
from cardsmith.tables.outcome import Change, Outcome
from cardsmith.tables.resolver import Chooser, Context, Resolver

RELEASES = ("ransom", "exchange", "bounty")
"""How a captured warrior leaves captivity (seed 002, serious injury 62)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _append(
    campaign: Campaign,
    action: str,
    *,
    warrior: str = "",
    data: dict[str, Any],
    note: str = "",
    game: int | None = None,
) -> tuple[Campaign, LogEntry]:
    if game is None:
        game = replay(campaign).current_game
    entry = LogEntry(campaign.next_seq, action, game, _now(), warrior, data, note)
    return replace(campaign, log=(*campaign.log, entry)), entry


def new_campaign(
    name: str,
    pack: str,
    tables: TableSet,
    preferred_skill_tables: Sequence[str] = (),
    team: str = "",
) -> Campaign:
    """A campaign with no warriors yet.

    Raises:
        TemplateError: the pack or a preferred table is unknown.
        CampaignError: a preferred table is not a skill table of the pack.
    """
    if pack not in tables.packs:
        raise CampaignError(f"no table pack {pack!r}; packs: {', '.join(sorted(tables.packs))}")
    preferred = []
    for name_or_alias in preferred_skill_tables:
        table = tables.find(name_or_alias)
        if not table.skill_table or table.pack != pack:
            raise CampaignError(f"{name_or_alias!r} is not a skill table of pack {pack}")
        preferred.append(table.id)
    if not name.strip():
        raise CampaignError("a campaign needs a name")
    return Campaign(
        name=name.strip(),
        pack=pack,
        preferred_skill_tables=tuple(preferred),
        created=_now(),
        team=team.strip(),
    )


def add_warrior(
    campaign: Campaign,
    tables: TableSet,
    name: str,
    kind: str,
    stats: Mapping[str, int],
    equipment: Sequence[str] = (),
    skills: Sequence[str] = (),
) -> tuple[Campaign, Warrior]:
    """Add a warrior to the roster (logged).

    Raises:
        CampaignError: unknown kind or stat for the campaign's pack, or an empty name.
    """
    pack = tables.packs[campaign.pack]
    kind_def = pack.kind(kind)
    if kind_def is None:
        known = ", ".join(k.id for k in pack.kinds)
        raise CampaignError(f"{kind!r} is not a warrior kind of pack {pack.id} ({known})")
    for stat in stats:
        if pack.stat(stat) is None:
            known = ", ".join(s.id for s in pack.stats)
            raise CampaignError(f"{stat!r} is not a stat of pack {pack.id} ({known})")
    if not name.strip():
        raise CampaignError("a warrior needs a name")
    # Ids count every warrior ever added, undone ones too, so an id is never reused.
    number = 1 + sum(1 for e in campaign.log if e.action == "add-warrior")
    warrior_id = f"w{number}"
    data = {
        "warrior": {
            "id": warrior_id,
            "name": name.strip(),
            "kind": kind_def.id,
            "stats": {s.id: stats[s.id] for s in pack.stats if s.id in stats},
            "equipment": list(equipment),
            "skills": list(skills),
        }
    }
    campaign, _ = _append(campaign, "add-warrior", warrior=warrior_id, data=data)
    return campaign, replay(campaign).find(warrior_id)


def record_game(
    campaign: Campaign,
    opponent: str = "",
    result: str = "",
    notes: str = "",
    *,
    tables: TableSet | None = None,
    dice: Dice | None = None,
) -> Campaign:
    """Log a game played: pre-game rolls first, then warriors sitting games out count one down.

    Every warrior who would play and has a condition the pack rolls for before each game
    (seed 002's old battle wound: D6, a 1 keeps them out) rolls with ``dice`` (a fresh
    generator without); the rolls are logged with the game, and a failure marks the
    warrior absent from it.  ``tables`` defaults to the installed table packs.
    """
    roster = replay(campaign)
    number = roster.current_game + 1
    pack = (tables or load_tables()).packs.get(campaign.pack)
    checks = pregame_checks(pack, roster.warriors, dice)
    data: dict[str, Any] = {
        "number": number,
        "opponent": opponent,
        "result": result,
        "notes": notes,
    }
    if checks:
        data["pregame"] = [c.to_json() for c in checks]
    campaign, _ = _append(campaign, "game", data=data, game=number)
    return campaign


def game_checks(campaign: Campaign, number: int | None = None) -> list[PregameCheck]:
    """The pre-game rolls logged with a game (the last one recorded by default)."""
    games = [item for item, _ in effective_entries(campaign) if item.action == "game"]
    if number is not None:
        games = [g for g in games if int(g.data["number"]) == number]
    if not games:
        return []
    return [PregameCheck.from_json(c) for c in games[-1].data.get("pregame", [])]


def table_for(tables: TableSet, campaign: Campaign, warrior: Warrior, name: str) -> Table:
    """The table meant by ``name``: ``injury`` and ``advancement`` follow the pack."""
    pack = tables.packs[campaign.pack]
    kind = pack.kind(warrior.kind)
    if name.casefold() in ("injury", "injuries") and pack.injury_table:
        table = tables.tables[pack.injury_table]
    elif name.casefold() in ("advancement", "advance"):
        if kind is None or not kind.advancement:
            raise CampaignError(f"{warrior.name} ({warrior.kind}) has no advancement table")
        table = tables.tables[kind.advancement]
    else:
        table = tables.find(name)
    if kind is not None and kind.tables and table.id not in kind.tables:
        # Seed 002: hired guns advance on their own D6 table only; the injury and skill
        # tables are the heroes'.
        own = ", ".join(tables.tables[t].title for t in kind.tables if t in tables.tables)
        raise CampaignError(
            f"{warrior.name} is a {kind.label.lower()}: rolls only on {own}, not on {table.title}"
        )
    if table.pack != campaign.pack:
        raise CampaignError(f"{table.title} is not a table of this campaign's pack")
    return table


def _context(campaign: Campaign, roster: Roster, warrior: Warrior, opponent: str) -> Context:
    game = roster.games[-1] if roster.games else None
    return Context(
        kind=warrior.kind,
        skills=Counter(warrior.skills),
        conditions={c.id for c in warrior.conditions},
        promotion_taken=roster.current_game in roster.promoted_in,
        opponent=opponent or (game.opponent if game else ""),
        preferred_skill_tables=campaign.preferred_skill_tables,
        funds=roster.funds,
        skill_picks=_picks(warrior),
    )


def _picks(warrior: Warrior) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for skill, pick in warrior.skill_picks:
        found.setdefault(skill, set()).add(pick)
    return found


def _check_can_roll(warrior: Warrior) -> None:
    if warrior.status not in (ACTIVE,):
        raise CampaignError(f"{warrior.name} is {warrior.status}; no more rolls for them")


@dataclass(frozen=True, slots=True)
class Rolled:
    """A campaign after a roll, the log entry made, and what the roll came to."""

    campaign: Campaign
    entry: LogEntry
    outcome: Outcome


def roll_for(
    campaign: Campaign,
    tables: TableSet,
    warrior_ref: str,
    table_name: str,
    dice: Dice,
    chooser: Chooser,
    *,
    value: int | None = None,
    opponent: str = "",
) -> Rolled:
    """Roll on a table for a warrior and log the result with every die.

    Raises:
        CampaignError: unknown, dead or gone warrior; DiceError, ChoiceNeeded, TemplateError
        from the roll itself (nothing is logged then).
    """
    roster = replay(campaign)
    warrior = roster.find(warrior_ref)
    _check_can_roll(warrior)
    table = table_for(tables, campaign, warrior, table_name)
    resolver = Resolver(tables, dice, chooser, _context(campaign, roster, warrior, opponent))
    outcome = resolver.resolve(table, value=value)
    data = {"table": table.id, "outcome": outcome.to_json()}
    campaign, entry = _append(campaign, "roll", warrior=warrior.id, data=data)
    return Rolled(campaign, entry, outcome)


def replace_roll(
    campaign: Campaign,
    tables: TableSet,
    seq: int,
    dice: Dice,
    chooser: Chooser,
    *,
    opponent: str = "",
) -> Rolled:
    """Roll again (or enter the real dice) for a logged roll; the new result takes its place.

    The original stays in the log; the replacement is a new entry that counts at the
    original's place.  The warrior is judged as they were without the original roll.
    """
    target = campaign.entry(seq)
    if target.action == "replace":
        target = campaign.entry(int(target.data["replaces"]))
    if target.action != "roll":
        raise CampaignError(f"log entry {seq} is a {target.action}, not a roll")
    if not any(item.seq == target.seq for item, _ in effective_entries(campaign)):
        raise CampaignError(f"log entry {target.seq} was undone; roll afresh instead")
    roster = replay(campaign, skip={target.seq})
    warrior = roster.find(target.warrior)
    game_roster = replace(roster, games=tuple(g for g in roster.games if g.number <= target.game))
    context = _context(campaign, game_roster, warrior, opponent)
    resolver = Resolver(tables, dice, chooser, context)
    table = tables.find(str(target.data["table"]))
    # A lookup table has no dice: the replacement looks up the same number again.
    value = Outcome.from_json(target.data["outcome"]).input if table.dice is None else None
    outcome = resolver.resolve(table, value=value)
    data = {"replaces": target.seq, "table": target.data["table"], "outcome": outcome.to_json()}
    campaign, entry = _append(
        campaign, "replace", warrior=target.warrior, data=data, game=target.game
    )
    return Rolled(campaign, entry, outcome)


def undo(campaign: Campaign, seq: int | None = None) -> tuple[Campaign, LogEntry]:
    """Cancel a log entry (the last one in force by default) with a new ``undo`` entry.

    Returns:
        The campaign and the entry that was undone.
    """
    undone = {int(e.data["target"]) for e in campaign.log if e.action == "undo"}
    live = [e for e in campaign.log if e.action != "undo" and e.seq not in undone]
    if seq is None:
        if not live:
            raise CampaignError("nothing to undo")
        target = live[-1]
    else:
        target = campaign.entry(seq)
        if target.action == "undo":
            raise CampaignError(f"log entry {seq} is itself an undo")
        if target.seq in undone:
            raise CampaignError(f"log entry {seq} is already undone")
    if target.action == "add-warrior" and any(
        e.warrior == target.warrior and e.seq > target.seq for e in live
    ):
        raise CampaignError(f"undo the later entries for {target.warrior} first")
    campaign, _ = _append(
        campaign, "undo", warrior=target.warrior, data={"target": target.seq}, game=target.game
    )
    return campaign, target


def adjust(
    campaign: Campaign, warrior_ref: str, changes: Sequence[Change], reason: str
) -> Campaign:
    """Log changes made by hand (a gap in the source, a house ruling, funds)."""
    warrior_id = ""
    if warrior_ref:
        warrior_id = replay(campaign).find(warrior_ref).id
    elif any(c.kind != "funds" for c in changes):
        raise CampaignError("only funds can change without naming a warrior")
    data = {"changes": [c.to_json() for c in changes], "reason": reason}
    campaign, _ = _append(campaign, "adjust", warrior=warrior_id, data=data)
    return campaign


def release_choices(campaign: Campaign, tables: TableSet, warrior_ref: str) -> tuple[str, ...]:
    """How a captive may leave: ransom and exchange always, the bounty for Outlaws only."""
    replay(campaign).find(warrior_ref)
    pack = tables.packs.get(campaign.pack)
    bounty = pack is not None and pack.bounty_for(campaign.team)
    return tuple(how for how in RELEASES if how != "bounty" or bounty)


def release(
    campaign: Campaign, tables: TableSet, warrior_ref: str, how: str, dice: Dice
) -> tuple[Campaign, int | None]:
    """A captured warrior is ransomed, exchanged or handed to the law for a bounty.

    Returns:
        The campaign and, for a bounty, the dollars the captors receive.
    """
    if how not in RELEASES:
        raise CampaignError(f"release by {how!r}? choose {', '.join(RELEASES)}")
    warrior = replay(campaign).find(warrior_ref)
    if warrior.status != CAPTURED:
        raise CampaignError(f"{warrior.name} is not captured")
    if how not in release_choices(campaign, tables, warrior.id):
        # Seed 002, serious injury 62: only a captured Outlaw is handed to the law.
        team = f"team {campaign.team!r}" if campaign.team else "a team with no type set"
        raise CampaignError(
            f"{warrior.name} is of {team}: only an Outlaw may be handed to the law for "
            "the bounty; ransom or exchange them (set the team with campaign new --team)"
        )
    data: dict[str, Any] = {"how": how}
    reward = None
    if how == "bounty":
        expr = parse_dice(warrior.bounty or "D6x5")
        roll = dice.roll(expr, "bounty")
        reward = roll.total
        data.update(roll=roll.to_json(), reward=reward)
    campaign, _ = _append(campaign, "release", warrior=warrior.id, data=data)
    return campaign, reward


def preview(warrior: Warrior, outcome: Outcome) -> Warrior:
    """The warrior as they would be after the outcome (for showing changes before saving)."""
    for change in outcome.all_changes():
        warrior = apply_change(warrior, change)
    return warrior
