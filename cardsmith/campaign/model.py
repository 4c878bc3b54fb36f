"""Provides the campaign records: warriors, games, log entries, and the campaign itself."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from cardsmith.errors import CampaignError as CampaignError
from cardsmith.errors import CampaignFileError as CampaignFileError

ACTIVE = "active"
CAPTURED = "captured"
DEAD = "dead"
GONE = "gone"
STATUSES = (ACTIVE, CAPTURED, DEAD, GONE)
"""A warrior's standing; "missing N games" is ``miss_games`` on an active warrior."""

ACTIONS = ("add-warrior", "game", "roll", "replace", "undo", "adjust", "release")
"""Every kind of log entry."""


@dataclass(frozen=True, slots=True)
class WarriorCondition:
    """A lasting mark on a warrior: an injury, a trait, or a bonus for the next games."""

    id: str
    label: str
    text: str = ""
    games_left: int | None = None
    """None for permanent; counts down as games are recorded."""


@dataclass(frozen=True, slots=True)
class Warrior:
    """One member of the roster, as the log has made them."""

    id: str
    """Short stable id (``w3``) used by commands and the log."""
    name: str
    kind: str
    """Warrior kind from the pack (``hero``, ``hired-gun``, ``pilot``)."""
    stats: tuple[tuple[str, int], ...] = ()
    xp: int = 0
    skills: tuple[str, ...] = ()
    """Skill ids; a skill that may be taken several times appears several times."""
    skill_picks: tuple[tuple[str, str], ...] = ()
    """(skill id, what it was taken for): each Trick Shooter's weapon (seed 002)."""
    conditions: tuple[WarriorCondition, ...] = ()
    equipment: tuple[str, ...] = ()
    status: str = ACTIVE
    status_note: str = ""
    miss_games: int = 0
    """Games still to sit out."""
    enmities: tuple[str, ...] = ()
    bounty: str = ""
    """While captured: the dice of the reward the captors may claim (``D6x5``)."""
    history: tuple[str, ...] = ()

    def stat(self, name: str) -> int | None:
        """A stat's value, or None when the warrior does not have it."""
        return next((v for k, v in self.stats if k == name), None)

    def with_stat(self, name: str, value: int) -> Warrior:
        """A copy with one stat set (added at the end when new)."""
        if self.stat(name) is None:
            return replace(self, stats=(*self.stats, (name, value)))
        return replace(self, stats=tuple((k, value if k == name else v) for k, v in self.stats))

    @property
    def available(self) -> bool:
        """True when the warrior can play the next game."""
        return self.status == ACTIVE and self.miss_games == 0

    @property
    def standing(self) -> str:
        """Status for display: ``active``, ``missing 2 games``, ``captured``, ``dead`` …"""
        if self.status == ACTIVE and self.miss_games:
            return f"missing {self.miss_games} game{'s' if self.miss_games != 1 else ''}"
        return self.status

    def to_json(self) -> dict[str, Any]:
        """Plain data (the roster snapshot in the file, ``show --format json``)."""
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "stats": dict(self.stats),
            "xp": self.xp,
            "skills": list(self.skills),
            "skill_picks": [list(p) for p in self.skill_picks],
            "conditions": [
                {"id": c.id, "label": c.label, "text": c.text, "games_left": c.games_left}
                for c in self.conditions
            ],
            "equipment": list(self.equipment),
            "status": self.status,
            "status_note": self.status_note,
            "miss_games": self.miss_games,
            "enmities": list(self.enmities),
            "bounty": self.bounty,
            "history": list(self.history),
        }


@dataclass(frozen=True, slots=True)
class Game:
    """A game the team played."""

    number: int
    opponent: str = ""
    result: str = ""
    notes: str = ""
    absent: tuple[str, ...] = ()
    """Ids of warriors a failed pre-game roll kept out of this game (old battle wound)."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One thing that happened to the campaign; entries are only ever added, never edited."""

    seq: int
    """1, 2, 3 … in the order entries were made."""
    action: str
    """One of ``ACTIONS``."""
    game: int
    """Number of the last game recorded when this entry was made (0 before the first)."""
    at: str
    """When, as an ISO 8601 UTC time."""
    warrior: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    """Action details: the roll's outcome, the target of an undo, the new warrior …"""
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        """Plain data for the file."""
        out: dict[str, Any] = {
            "seq": self.seq,
            "action": self.action,
            "game": self.game,
            "at": self.at,
        }
        if self.warrior:
            out["warrior"] = self.warrior
        out["data"] = self.data
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class Campaign:
    """A team's campaign: its pack of tables and the full log (the roster is replayed)."""

    name: str
    pack: str
    """Id of the table pack (``old-west``, ``alpha-strike-pilots``)."""
    preferred_skill_tables: tuple[str, ...] = ()
    """Skill tables the team favours (hero advancement 2-4 rolls on one of them)."""
    created: str = ""
    log: tuple[LogEntry, ...] = ()
    team: str = ""
    """What kind of team plays (seed 002: ``outlaws``, lawmen …); free text, may be empty."""

    def entry(self, seq: int) -> LogEntry:
        """A log entry by number."""
        for item in self.log:
            if item.seq == seq:
                return item
        raise CampaignError(f"there is no log entry {seq} (the log has {len(self.log)})")

    @property
    def next_seq(self) -> int:
        """The number the next log entry gets."""
        return self.log[-1].seq + 1 if self.log else 1
