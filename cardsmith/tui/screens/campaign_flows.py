"""Provides the campaign screen's multi-step flows: the post-game, a re-roll, an undo.

Each asks the player what it needs, runs one use case of ``cardsmith.services.campaign``
and returns what to save with a line saying what happened, or None when the player
stopped (nothing is saved then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith import campaign as cp
from cardsmith.render.content.campaign_sheet import WarriorRow
from cardsmith.services import campaign as svc
from cardsmith.services import campaign_view as view
from cardsmith.tui.screens.campaign_ask import run_asking
from cardsmith.tui.screens.campaign_dialogs import ConfirmDialog
from cardsmith.tui.screens.campaign_postgame import DiceModeDialog, PostGameDialog, ReviewDialog

if TYPE_CHECKING:
    from textual.app import App


async def ask_post_game(
    app: App[object], before: cp.Campaign, rows: tuple[WarriorRow, ...]
) -> tuple[cp.Campaign, str] | None:
    """Mark the game's casualties, XP and advances; roll; review.

    Raises:
        CardsmithError: the campaign core refuses (an unknown warrior, a bad battle file).
    """
    game = cp.replay(before).current_game + 1
    form = await app.push_screen_wait(PostGameDialog(before, game, rows, svc.new_seed()))
    if form is None:
        return None
    dice = form.dice.source()
    done = await run_asking(
        app,
        f"After game {game}",
        dice,
        lambda answers: svc.post_game(before, form.plan, dice, answers),
    )
    if done is None:
        app.notify("Post-game stopped; nothing was saved.", severity="warning")
        return None
    notes = [f"Not done: {line}" for line in done.skipped]
    if dice.remaining:
        left = dice.remaining
        notes.append(f"{len(left)} entered dice were not needed: {list(left)}")
    if form.dice.seed is not None:
        notes.append(f"Generator seed {form.dice.seed} (the log keeps every die).")
    against = f" against {form.plan.opponent}" if form.plan.opponent else ""
    review = ReviewDialog(
        f"Game {game}{against}: save these results?",
        view.post_game_lines(done),
        view.changes(before, done.campaign),
        notes,
    )
    if not await app.push_screen_wait(review):
        app.notify("Nothing saved.")
        return None
    return done.campaign, f"Game {game} recorded"


async def ask_reroll(
    app: App[object], before: cp.Campaign, seq: int
) -> tuple[cp.Campaign, str] | None:
    """Replace logged roll ``seq`` with a new roll or the dice really rolled, after review.

    Raises:
        CardsmithError: the entry cannot be replaced.
    """
    line = next(x.text for x in view.log_rows(before) if x.seq == seq)
    asked = await app.push_screen_wait(DiceModeDialog(f"Replace entry {seq}", line, svc.new_seed()))
    if asked is None:
        return None
    dice = asked.source()
    rolled = await run_asking(
        app, f"Replace entry {seq}", dice, lambda answers: svc.reroll(before, seq, dice, answers)
    )
    if rolled is None:
        app.notify("Nothing was replaced.", severity="warning")
        return None
    review = ReviewDialog(
        f"Entry {seq} replaced by entry {rolled.entry.seq}: save?",
        rolled.outcome.describe(),
        view.changes(before, rolled.campaign),
        [],
    )
    if not await app.push_screen_wait(review):
        app.notify("Nothing was replaced.")
        return None
    return rolled.campaign, f"Entry {seq} replaced"


async def ask_undo(
    app: App[object], campaign: cp.Campaign, seq: int | None
) -> tuple[cp.Campaign, str] | None:
    """Undo entry ``seq`` (the last in force by default) once the player confirms.

    Raises:
        CardsmithError: the entry cannot be undone.
    """
    undone = svc.undo(campaign, seq)
    target = undone.target
    line = next(x.text for x in view.log_rows(campaign) if x.seq == target.seq)
    question = ConfirmDialog(
        f"Undo entry {target.seq}?",
        f"{line}\n\nThe entry stays in the log, marked undone; an undo cannot be undone.",
        "Undo",
    )
    if not await app.push_screen_wait(question):
        app.notify("Nothing undone.")
        return None
    return undone.campaign, f"Entry {target.seq} undone"
