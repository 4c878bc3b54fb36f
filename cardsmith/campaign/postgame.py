"""Provides ``post_game``: after a game, injuries, experience and advances in one step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardsmith.campaign.flow import Rolled, adjust, game_checks, record_game, roll_for, table_for
from cardsmith.campaign.model import ACTIVE, Campaign, CampaignError, Warrior
from cardsmith.campaign.pregame import PregameCheck
from cardsmith.campaign.replay import replay
from cardsmith.errors import CardsmithError
from cardsmith.tables.dice import Dice
from cardsmith.tables.loader import TableSet
from cardsmith.tables.outcome import Change
from cardsmith.tables.resolver import Chooser


@dataclass(frozen=True, slots=True)
class PostGamePlan:
    """What the players marked after a game."""

    opponent: str = ""
    result: str = ""
    casualties: tuple[str, ...] = ()
    """Warriors (id or name) taken out of action: they roll on the injury table."""
    xp: Mapping[str, int] = field(default_factory=dict)
    """Experience gained, by warrior (id or name)."""
    advance: tuple[str, ...] = ()
    """Warriors (id or name) that roll an advancement."""


@dataclass(frozen=True, slots=True)
class PostGame:
    """A post-game worked out: the campaign with it logged (not saved yet) and what it did."""

    before: Campaign
    campaign: Campaign
    game: int
    checks: tuple[PregameCheck, ...]
    """The pre-game rolls (old battle wounds) logged with the game."""
    rolls: tuple[Rolled, ...]
    """Injury rolls first, then advancement rolls, in the order asked."""
    xp: tuple[tuple[str, int], ...]
    """(warrior id, points) of the experience logged."""
    skipped: tuple[str, ...]
    """Why a casualty, award or advance marked was not made, one line each."""


def _absent_reason(warrior: Warrior, game: int, absent: set[str], what: str) -> str | None:
    if warrior.id in absent:
        return (
            f"{warrior.name} did not play game {game} (a pre-game roll kept them out): "
            f"no {what} from it"
        )
    if warrior.status != ACTIVE:
        return f"{warrior.name} is {warrior.status}: no {what}"
    return None


def post_game(
    campaign: Campaign,
    tables: TableSet,
    dice: Dice,
    chooser: Chooser,
    plan: PostGamePlan,
) -> PostGame:
    """After a game: log it, roll injuries for those taken out, add XP, roll advancements.

    Pre-game rolls (seed 002, serious injury 32: old battle wound) come first, with the
    same dice.  A warrior they kept out of the game is not taken out in it, gains no XP
    from it and does not advance from it; nor does a warrior an injury roll just killed,
    captured or removed.  Each such mark is listed in ``skipped`` instead, so the dice
    already rolled stand (marking the warrior again cannot roll the old wound afresh).

    Raises:
        CampaignError: a casualty, award or advance names no warrior of the roster.
        ChoiceNeeded, MoreDiceNeeded: a roll asks a question or more of the player's own
            dice; ``title`` on the error names the warrior and the table.
    """
    before = campaign
    campaign = record_game(campaign, plan.opponent, plan.result, tables=tables, dice=dice)
    roster = replay(campaign)
    game = roster.current_game
    absent = set(roster.games[-1].absent)
    for ref in (*plan.casualties, *plan.xp, *plan.advance):
        roster.find(ref)  # an unknown name is an error before any roll
    rolls: list[Rolled] = []
    skipped: list[str] = []
    awarded: list[tuple[str, int]] = []

    def roll(ref: str, table: str, what: str) -> None:
        nonlocal campaign
        warrior = replay(campaign).find(ref)
        reason = _absent_reason(warrior, game, absent, what)
        if reason is not None:
            skipped.append(reason)
            return
        try:
            title = table_for(tables, campaign, warrior, table).title
        except CampaignError as exc:  # a hired gun has no injury roll (seed 002)
            skipped.append(exc.message)
            return
        try:
            rolled = roll_for(campaign, tables, ref, table, dice, chooser, opponent=plan.opponent)
        except CardsmithError as exc:
            if exc.title is None:
                exc.title = f"{warrior.name} — {title}"
            raise
        campaign = rolled.campaign
        rolls.append(rolled)

    for ref in plan.casualties:
        roll(ref, "injury", "injury roll")
    for ref, points in plan.xp.items():
        if not points:
            continue
        warrior = replay(campaign).find(ref)
        reason = _absent_reason(warrior, game, absent, "XP")
        if reason is not None:
            skipped.append(reason)
            continue
        change = Change("xp", f"{points:+d} XP", amount=points)
        campaign = adjust(campaign, warrior.id, [change], "experience for the game")
        awarded.append((warrior.id, points))
    for ref in plan.advance:
        roll(ref, "advancement", "advancement roll")
    return PostGame(
        before=before,
        campaign=campaign,
        game=game,
        checks=tuple(game_checks(campaign)),
        rolls=tuple(rolls),
        xp=tuple(awarded),
        skipped=tuple(skipped),
    )


def plan_from(
    opponent: str = "",
    result: str = "",
    casualties: Sequence[str] = (),
    xp: Mapping[str, int] | None = None,
    advance: Sequence[str] = (),
) -> PostGamePlan:
    """A plan from loose values (the command line's options)."""
    return PostGamePlan(opponent, result, tuple(casualties), dict(xp or {}), tuple(advance))
