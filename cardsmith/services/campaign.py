"""Provides the campaign use cases that the command line and the app both call.

Each use case is one function over a :class:`Campaign`; :func:`edit` runs one on a file
(read, change, save, under one lock) and :func:`commit` saves a result the player looked
at first (a post-game, a re-roll), refusing when the file changed on disk meanwhile.
Rolls stop with ``ChoiceNeeded`` or ``MoreDiceNeeded`` when the player must answer; a
shell that can ask runs the same call again, after ``Dice.rewind``, with the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol, TypeVar

from cardsmith import campaign as cp
from cardsmith.battle.battle_file import load_battle
from cardsmith.campaign.campaign_file import campaign_lock, campaign_to_json
from cardsmith.campaign.links import BattleResults, PilotsAdded, pilots_from_force
from cardsmith.campaign.links import battle_results as read_battle_results
from cardsmith.campaign.postgame import PostGame, PostGamePlan
from cardsmith.errors import CardsmithError
from cardsmith.fileio import refuse_overwrite
from cardsmith.forces.force_file import load_force
from cardsmith.tables import Change, TableSet, load_tables
from cardsmith.tables.dice import Dice, DiceRoll, MoreDiceNeeded, parse_dice
from cardsmith.tables.outcome import Outcome
from cardsmith.tables.resolver import Chooser, Resolver, ScriptedChooser

DEFAULT_PACK = "alpha-strike-pilots"
"""cardsmith is an Alpha Strike tool: a new campaign starts with the pilot pack."""


class Result(Protocol):
    """What a use case returns: at least the campaign after it."""

    @property
    def campaign(self) -> cp.Campaign:
        """The campaign with the use case's entries logged."""
        ...


R = TypeVar("R", bound=Result)

__all__ = [
    "DEFAULT_PACK",
    "Added",
    "Adjusted",
    "BattleResults",
    "Dice",
    "GameRecorded",
    "MoreDiceNeeded",
    "PilotsAdded",
    "PostGame",
    "PostGamePlan",
    "Released",
    "Result",
    "Undone",
    "add_pilots",
    "add_warrior",
    "adjust",
    "battle_results",
    "commit",
    "create",
    "edit",
    "load",
    "new_seed",
    "post_game",
    "print_sheet",
    "record_game",
    "release",
    "release_choices",
    "reroll",
    "roll",
    "roll_free",
    "save",
    "show_json",
    "tables",
    "undo",
]


@cache
def tables() -> TableSet:
    """Every installed table pack (loaded once; the loader validates coverage)."""
    return load_tables()


def new_seed() -> int:
    """A fresh seed for "roll for me" (shown to the player so rolls can be repeated)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def _chooser(answers: Sequence[str], ask: Chooser | None) -> ScriptedChooser:
    return ScriptedChooser(list(answers), fallback=ask)


# -- files -------------------------------------------------------------------------------


def load(path: Path) -> cp.Campaign:
    """Read a campaign file (CampaignFileError with a clear message when it cannot)."""
    return cp.load_campaign(path)


def save(campaign: cp.Campaign, path: Path) -> None:
    """Write atomically, keeping the previous file as ``.bak``."""
    cp.save_campaign(campaign, path)


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the campaign file's lock: one edit at a time, across processes."""
    with campaign_lock(path):
        yield


def edit(path: Path, action: Callable[[cp.Campaign], R]) -> R:
    """Run ``action`` on the campaign in ``path`` and save its campaign, under the lock.

    The file is read after the lock is taken, so parallel edits each see the one before
    and none is lost.  Nothing is saved when ``action`` raises.
    """
    with _locked(path):
        result = action(load(path))
        save(result.campaign, path)
    return result


def commit(path: Path, before: cp.Campaign, after: cp.Campaign) -> None:
    """Save ``after``, worked out from ``before``, unless the file changed meanwhile.

    Raises:
        CampaignError: the file on disk is no longer ``before`` (another program or
            window wrote it): nothing is saved, so nothing of theirs is lost.
    """
    with _locked(path):
        if path.exists() and load(path).log != before.log:
            raise cp.CampaignError(
                f"{path.name} changed on disk since it was opened (another window or "
                "command wrote it); nothing was saved: open it again and redo this step"
            )
        save(after, path)


def create(
    path: Path,
    name: str,
    pack: str = DEFAULT_PACK,
    preferred: Sequence[str] = (),
    *,
    team: str = "",
    overwrite: bool = False,
) -> cp.Campaign:
    """A new campaign written to ``path``; an existing file only with ``overwrite``."""
    if path.exists() and not overwrite:
        raise cp.CampaignError(f"{path} already exists; open it instead, or overwrite it")
    campaign = cp.new_campaign(name, pack, tables(), preferred, team)
    save(campaign, path)
    return campaign


def show_json(campaign: cp.Campaign) -> dict[str, object]:
    """The roster as plain data (``campaign show --format json``): the file without its log."""
    data: dict[str, object] = dict(campaign_to_json(campaign))
    data.pop("log")
    return data


def print_sheet(
    campaign: cp.Campaign,
    path: Path,
    paper: str = "letter",
    log_entries: int | None = None,
    *,
    source: Path | None = None,
) -> Path:
    """Print the roster sheet (imports reportlab only when called: run it in a thread).

    Raises:
        UsageError: ``path`` is the campaign file ``source`` itself (through any link).
    """
    from cardsmith.render.pdf.campaign_sheet import render_campaign_sheet

    if source is not None:
        refuse_overwrite(path, [source])

    return render_campaign_sheet(campaign, tables(), path, paper=paper, log_entries=log_entries)


# -- warriors, games and rolls -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Added:
    """A warrior added to the roster."""

    campaign: cp.Campaign
    warrior: cp.Warrior


def add_warrior(
    campaign: cp.Campaign,
    name: str,
    kind: str,
    stats: Mapping[str, int],
    equipment: Sequence[str] = (),
    skills: Sequence[str] = (),
) -> Added:
    """Add a warrior to the roster (logged)."""
    return Added(*cp.add_warrior(campaign, tables(), name, kind, stats, equipment, skills))


@dataclass(frozen=True, slots=True)
class GameRecorded:
    """A game logged, with the pre-game rolls made for it."""

    campaign: cp.Campaign
    number: int
    checks: tuple[cp.PregameCheck, ...]


def record_game(campaign: cp.Campaign, opponent: str, result: str, dice: Dice) -> GameRecorded:
    """Log a game played (old battle wounds roll first); the pre-game rolls made."""
    after = cp.record_game(campaign, opponent, result, tables=tables(), dice=dice)
    return GameRecorded(after, cp.replay(after).current_game, tuple(cp.game_checks(after)))


def roll(
    campaign: cp.Campaign,
    warrior: str,
    table: str,
    dice: Dice,
    answers: Sequence[str] = (),
    *,
    ask: Chooser | None = None,
    value: int | None = None,
    opponent: str = "",
) -> cp.Rolled:
    """Roll on ``table`` (``injury``, ``advancement`` or any table) for a warrior, logged."""
    return cp.roll_for(
        campaign,
        tables(),
        warrior,
        table,
        dice,
        _chooser(answers, ask),
        value=value,
        opponent=opponent,
    )


def reroll(
    campaign: cp.Campaign,
    seq: int,
    dice: Dice,
    answers: Sequence[str] = (),
    *,
    ask: Chooser | None = None,
) -> cp.Rolled:
    """Replace logged roll ``seq`` with new dice (the real ones, or rolled again)."""
    return cp.replace_roll(campaign, tables(), seq, dice, _chooser(answers, ask))


def post_game(
    campaign: cp.Campaign,
    plan: PostGamePlan,
    dice: Dice,
    answers: Sequence[str] = (),
    *,
    ask: Chooser | None = None,
) -> PostGame:
    """Record a game and its injuries, XP and advances (not saved: see :func:`commit`).

    A warrior a pre-game roll kept out of the game gets nothing from it, in either shell.
    """
    return cp.post_game(campaign, tables(), dice, _chooser(answers, ask), plan)


@dataclass(frozen=True, slots=True)
class Undone:
    """A log entry cancelled by a new ``undo`` entry."""

    campaign: cp.Campaign
    target: cp.LogEntry


def undo(campaign: cp.Campaign, seq: int | None = None) -> Undone:
    """Cancel a log entry (the last one in force by default); the log keeps both."""
    return Undone(*cp.undo(campaign, seq))


@dataclass(frozen=True, slots=True)
class Adjusted:
    """Changes made by hand, logged with their reason."""

    campaign: cp.Campaign
    changes: tuple[Change, ...]


def adjust(
    campaign: cp.Campaign,
    warrior: str,
    *,
    stats: Mapping[str, int] | None = None,
    xp: int = 0,
    skills: Sequence[str] = (),
    funds: int = 0,
    reason: str,
) -> Adjusted:
    """Change a warrior (or the team's funds) by hand, logged with a reason."""
    pack = tables().packs.get(campaign.pack)
    changes = []
    for stat_id, amount in (stats or {}).items():
        stat = pack.stat(stat_id) if pack else None
        if pack is not None and stat is None:
            known = ", ".join(s.id for s in pack.stats)
            raise cp.CampaignError(f"{stat_id!r} is not a stat of pack {pack.id} ({known})")
        label = f"{amount:+d} {stat.label if stat else stat_id}"
        changes.append(Change("stat", label, stat=stat.id if stat else stat_id, amount=amount))
    if xp:
        changes.append(Change("xp", f"{xp:+d} XP", amount=xp))
    changes.extend(Change("skill", f"Skill: {s}", value=s) for s in skills)
    if funds:
        changes.append(Change("funds", f"Funds {funds:+d}", amount=funds))
    if not changes:
        raise cp.CampaignError("nothing to change: give a stat, XP, a skill or funds")
    return Adjusted(cp.adjust(campaign, warrior, changes, reason), tuple(changes))


@dataclass(frozen=True, slots=True)
class Released:
    """A captive's release, logged: how, and for a bounty the dollars the captors get."""

    campaign: cp.Campaign
    warrior: cp.Warrior
    how: str
    reward: int | None

    @property
    def text(self) -> str:
        """What happened, in a sentence."""
        if self.reward is None:
            return f"{self.warrior.name} released ({self.how}), back with all equipment."
        return (
            f"{self.warrior.name} handed to the law: the captors get ${self.reward} "
            "and keep the equipment."
        )


def release(campaign: cp.Campaign, warrior: str, how: str, dice: Dice) -> Released:
    """A captured warrior is ransomed, exchanged or handed to the law for a bounty."""
    released, reward = cp.release(campaign, tables(), warrior, how, dice)
    return Released(released, cp.replay(campaign).find(warrior), how, reward)


def add_pilots(campaign: cp.Campaign, force_path: Path) -> PilotsAdded:
    """One pilot per unit of a force file (read only), with its skill, SPAs and unit."""
    return pilots_from_force(campaign, tables(), load_force(force_path))


def battle_results(campaign: cp.Campaign, battle_path: Path) -> BattleResults:
    """Which pilots a battle file (read only) took out, to mark them in the post-game."""
    return read_battle_results(campaign, load_battle(battle_path))


def roll_free(
    what: str,
    dice: Dice,
    answers: Sequence[str] = (),
    *,
    ask: Chooser | None = None,
    value: int | None = None,
) -> DiceRoll | Outcome:
    """Roll dice (``2D6``, ``D66``) or a table by id or name, outside any campaign."""
    try:
        expr = parse_dice(what)
    except CardsmithError:
        return Resolver(tables(), dice, _chooser(answers, ask)).resolve(what, value=value)
    return dice.roll(expr, what)


def release_choices(campaign: cp.Campaign, warrior: str) -> tuple[str, ...]:
    """How this captive may leave captivity (the bounty only where the pack allows it)."""
    return cp.release_choices(campaign, tables(), warrior)
