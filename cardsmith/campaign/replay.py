"""Provides ``replay``: the roster a campaign's log adds up to, and how changes apply."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardsmith.campaign.model import (
    ACTIVE,
    CAPTURED,
    GONE,
    Campaign,
    CampaignError,
    Game,
    LogEntry,
    Warrior,
    WarriorCondition,
)
from cardsmith.campaign.pregame import PregameCheck, absent_from
from cardsmith.tables.outcome import Change, Outcome


@dataclass(frozen=True, slots=True)
class Roster:
    """The state of a campaign after its log: warriors, games, funds, promotions."""

    warriors: tuple[Warrior, ...] = ()
    games: tuple[Game, ...] = ()
    funds: int = 0
    promoted_in: frozenset[int] = frozenset()
    """Game numbers in which a once-per-game promotion already happened."""

    @property
    def current_game(self) -> int:
        """Number of the last game recorded (0 before the first)."""
        return self.games[-1].number if self.games else 0

    def find(self, ref: str) -> Warrior:
        """A warrior by id (``w2``) or name, ignoring case.

        Raises:
            CampaignError: no warrior, or the name is shared.
        """
        wanted = ref.strip().casefold()
        for warrior in self.warriors:
            if warrior.id == wanted:
                return warrior
        named = [w for w in self.warriors if w.name.casefold() == wanted]
        if len(named) == 1:
            return named[0]
        if named:
            ids = ", ".join(w.id for w in named)
            raise CampaignError(f"several warriors are called {ref!r} ({ids}); use the id")
        known = ", ".join(f"{w.id} {w.name}" for w in self.warriors) or "none yet"
        raise CampaignError(f"no warrior {ref!r} in the campaign (warriors: {known})")


def effective_entries(
    campaign: Campaign, skip: Collection[int] = ()
) -> Iterator[tuple[LogEntry, LogEntry]]:
    """(entry, entry whose data counts) for each entry still in force, in log order.

    An undone entry is left out.  A replaced roll counts at its own place in the log with
    the data of its latest replacement still in force, so corrections never reorder
    history.  ``skip`` leaves out more entries (to see the state without one roll).
    """
    undone = {int(e.data["target"]) for e in campaign.log if e.action == "undo"}
    latest: dict[int, LogEntry] = {}
    for item in campaign.log:
        if item.action == "replace" and item.seq not in undone:
            latest[int(item.data["replaces"])] = item
    for item in campaign.log:
        if item.action in ("undo", "replace") or item.seq in undone or item.seq in skip:
            continue
        yield item, latest.get(item.seq, item)


def replay(campaign: Campaign, skip: Collection[int] = ()) -> Roster:
    """Build the roster from the log.  The same log always gives the same roster."""
    roster = Roster()
    for item, source in effective_entries(campaign, skip):
        roster = _apply_entry(roster, item, source)
    return roster


def _apply_entry(roster: Roster, item: LogEntry, source: LogEntry) -> Roster:
    data = source.data
    if item.action == "add-warrior":
        return replace(roster, warriors=(*roster.warriors, warrior_from_json(data["warrior"])))
    if item.action == "game":
        checks = [PregameCheck.from_json(c) for c in data.get("pregame", [])]
        game = Game(
            int(data["number"]),
            str(data.get("opponent", "")),
            str(data.get("result", "")),
            str(data.get("notes", "")),
            absent_from(checks),
        )
        warriors = tuple(_game_played(w) for w in roster.warriors)
        for check in checks:
            story = f"game {game.number}: {check.describe()}"
            warriors = tuple(
                replace(w, history=(*w.history, story)) if w.id == check.warrior else w
                for w in warriors
            )
        return replace(roster, games=(*roster.games, game), warriors=warriors)
    if item.action == "roll":
        outcome = Outcome.from_json(data["outcome"])
        story = " → ".join(_labels(outcome))
        return apply_changes(
            roster,
            item.warrior,
            list(outcome.all_changes()),
            f"game {item.game}: {outcome.table_title}: {story}",
            item.game,
        )
    if item.action == "adjust":
        changes = [Change.from_json(c) for c in data.get("changes", [])]
        reason = data.get("reason") or "adjusted by hand"
        return apply_changes(
            roster, item.warrior, changes, f"game {item.game}: {reason}", item.game
        )
    if item.action == "release":
        return _release(roster, item, data)
    raise CampaignError(f"log entry {item.seq}: unknown action {item.action!r}")


def _labels(outcome: Outcome) -> list[str]:
    labels = [outcome.label]
    for child in outcome.children:
        labels.append("(" + " → ".join(_labels(child)) + ")")
    return labels


def _game_played(warrior: Warrior) -> Warrior:
    """A game went by: one fewer game to sit out; game-long conditions run down."""
    if warrior.status not in (ACTIVE, CAPTURED):
        return warrior
    conditions = tuple(
        c if c.games_left is None else replace(c, games_left=c.games_left - 1)
        for c in warrior.conditions
    )
    return replace(
        warrior,
        miss_games=max(0, warrior.miss_games - 1)
        if warrior.status == ACTIVE
        else warrior.miss_games,
        conditions=tuple(c for c in conditions if c.games_left is None or c.games_left > 0),
    )


def apply_changes(
    roster: Roster, warrior_id: str, changes: list[Change], story: str, game: int
) -> Roster:
    """Apply concrete changes to one warrior (and the team's funds), noting the story."""
    funds = roster.funds
    promoted = set(roster.promoted_in)
    warriors = list(roster.warriors)
    index = next((i for i, w in enumerate(warriors) if w.id == warrior_id), None)
    if index is None:
        if any(c.kind != "funds" for c in changes):
            raise CampaignError(f"log names an unknown warrior {warrior_id!r}")
        return replace(roster, funds=funds + sum(c.amount for c in changes))
    warrior = warriors[index]
    for change in changes:
        if change.kind == "funds":
            funds += change.amount
        elif change.kind == "promote":
            promoted.add(game)
        warrior = apply_change(warrior, change)
    warriors[index] = replace(warrior, history=(*warrior.history, story))
    return replace(roster, warriors=tuple(warriors), funds=funds, promoted_in=frozenset(promoted))


def apply_change(warrior: Warrior, change: Change) -> Warrior:
    """One concrete change to a warrior's record (funds are the team's: ignored here)."""
    kind = change.kind
    if kind == "stat":
        current = warrior.stat(change.stat) or 0
        new = current + change.amount
        # A floor or ceiling stops a change; it never pulls a stat that is already past
        # it back the other way (Courage 0 stays 0 under a "-1, minimum 1").
        if change.minimum is not None and change.amount < 0:
            new = max(new, min(current, change.minimum))
        if change.maximum is not None and change.amount > 0:
            new = min(new, max(current, change.maximum))
        return warrior.with_stat(change.stat, new)
    if kind == "miss-games":
        # Recovery periods run side by side: a deep wound (D3 games) and a light hand
        # wound (next game) from one multiple-injuries roll keep the longer of the two.
        return replace(warrior, miss_games=max(warrior.miss_games, change.amount))
    if kind == "remove":
        return replace(warrior, status=change.value or GONE, status_note=change.text)
    if kind == "lose-equipment":
        return replace(warrior, equipment=())
    if kind == "xp":
        return replace(warrior, xp=warrior.xp + change.amount)
    if kind == "skill":
        picks = warrior.skill_picks
        if change.pick:
            picks = (*picks, (change.value, change.pick))
        return replace(warrior, skills=(*warrior.skills, change.value), skill_picks=picks)
    if kind == "promote":
        return replace(warrior, kind=change.value)
    if kind == "condition":
        others = tuple(c for c in warrior.conditions if c.id != change.value)
        new_condition = WarriorCondition(change.value, change.label, change.text, change.games)
        return replace(warrior, conditions=(*others, new_condition))
    if kind == "captured":
        return replace(
            warrior, status=CAPTURED, bounty=change.text, status_note="held by the enemy"
        )
    if kind == "enmity":
        if change.value in warrior.enmities:
            return warrior
        return replace(warrior, enmities=(*warrior.enmities, change.value))
    if kind in ("funds", "note"):
        return warrior
    raise CampaignError(f"unknown change kind {kind!r}")


def _release(roster: Roster, item: LogEntry, data: dict[str, Any]) -> Roster:
    how = str(data.get("how", ""))
    warriors = list(roster.warriors)
    index = next((i for i, w in enumerate(warriors) if w.id == item.warrior), None)
    if index is None:
        raise CampaignError(f"log entry {item.seq}: unknown warrior {item.warrior!r}")
    warrior = warriors[index]
    if how in ("ransom", "exchange"):
        # Seed 002: ransomed or exchanged warriors come back with all their equipment.
        warrior = replace(warrior, status=ACTIVE, status_note="", bounty="")
        story = f"game {item.game}: released ({how})"
    else:
        # Handed to the law: the captors keep the equipment and the warrior is struck off.
        reward = data.get("reward", 0)
        warrior = replace(
            warrior,
            status=GONE,
            equipment=(),
            bounty="",
            status_note=f"handed to the law for a ${reward} reward",
        )
        story = f"game {item.game}: handed to the law (captors get ${reward})"
    warriors[index] = replace(warrior, history=(*warrior.history, story))
    return replace(roster, warriors=tuple(warriors))


def warrior_from_json(data: dict[str, Any]) -> Warrior:
    """A new warrior as logged by ``add-warrior``."""
    stats = data.get("stats", {})
    return Warrior(
        id=str(data["id"]),
        name=str(data["name"]),
        kind=str(data["kind"]),
        stats=tuple((str(k), int(v)) for k, v in stats.items()),
        xp=int(data.get("xp", 0)),
        skills=tuple(str(s) for s in data.get("skills", [])),
        equipment=tuple(str(e) for e in data.get("equipment", [])),
    )
