"""Provides ``ask_release``: a captured warrior is ransomed, exchanged or handed to the law."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith import campaign as cp
from cardsmith.render.content.campaign_sheet import WarriorRow
from cardsmith.services import campaign as svc
from cardsmith.tui.screens.campaign_dialogs import ChoiceDialog, DiceDialog
from cardsmith.tui.screens.campaign_postgame import DiceModeDialog

if TYPE_CHECKING:
    from textual.app import App

#: How a captive can leave, in the words the player picks from (seed 002, injury 62).
RELEASE_LABELS: dict[str, str] = {
    "ransom": "Ransomed: comes back with all equipment",
    "exchange": "Exchanged for a prisoner: comes back with all equipment",
    "bounty": "Handed to the law: the captors roll the bounty and keep the equipment",
}


async def ask_release(
    app: App[object], campaign: cp.Campaign, row: WarriorRow
) -> tuple[cp.Campaign, str] | None:
    """Ask how ``row``'s warrior is released (and the bounty dice); None when stopped.

    Returns the campaign with the release logged and a line saying what happened.

    Raises:
        CardsmithError: the campaign core refuses (the warrior is not captured).
    """
    options = tuple((how, RELEASE_LABELS.get(how, how)) for how in cp.RELEASES)
    how = await app.push_screen_wait(
        ChoiceDialog(f"Release {row.name}", f"How does {row.name} leave captivity?", options)
    )
    if how is None:
        return None
    if how != "bounty":
        released, _ = cp.release(campaign, row.id, how, svc.Dice.seeded(svc.new_seed()))
        return released, f"{row.name} released ({how}), back with all equipment"
    mode = await app.push_screen_wait(
        DiceModeDialog(f"Bounty for {row.name}", "Roll the bounty the captors get.", svc.new_seed())
    )
    if mode is None:
        return None
    dice = mode.source()
    while True:
        mark = dice.mark()
        try:
            released, reward = cp.release(campaign, row.id, how, dice)
        except svc.MoreDiceNeeded as need:
            text = await app.push_screen_wait(DiceDialog(f"Bounty for {row.name}", need))
            if text is None:
                return None
            dice.rewind(mark)
            dice.add(text)
            continue
        return released, f"{row.name} handed to the law: the captors get ${reward}"
