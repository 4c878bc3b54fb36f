"""Provides ``run_asking``: run a campaign use case, asking the player what it needs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from cardsmith.services import campaign as svc
from cardsmith.tables import ChoiceNeeded, MoreDiceNeeded
from cardsmith.tui.screens.campaign_dialogs import ChoiceDialog, DiceDialog

if TYPE_CHECKING:
    from textual.app import App

T = TypeVar("T")


async def run_asking(
    app: App[object], title: str, dice: svc.Dice, step: Callable[[Sequence[str]], T]
) -> T | None:
    """Run ``step(answers)`` until it needs nothing more; None when the player stops (Esc).

    A table's question opens a choice, the player's own dice running out opens the dice
    dialog; the step then runs again from the same dice (rewound) with the answer, so the
    result is what the command line gives for the same dice and ``--choose`` answers.
    """
    answers: list[str] = []
    mark = dice.mark()
    while True:
        dice.rewind(mark)
        try:
            return step(tuple(answers))
        except ChoiceNeeded as need:
            key = await app.push_screen_wait(
                ChoiceDialog(need.title or title, need.prompt, need.options)
            )
            if key is None:
                return None
            answers.append(key)
        except MoreDiceNeeded as need:
            text = await app.push_screen_wait(
                DiceDialog(f"{need.title or title} — {need.purpose}", need)
            )
            if text is None:
                return None
            dice.add(text)
