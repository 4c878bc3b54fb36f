"""Provides ``ask_release``: a captured warrior is ransomed, exchanged or handed to the law."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsmith import campaign as cp
from cardsmith.render.content.campaign_sheet import WarriorRow
from cardsmith.services import campaign as svc
from cardsmith.tui.screens.campaign_ask import run_asking
from cardsmith.tui.screens.campaign_dialogs import ChoiceDialog
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
) -> svc.Released | None:
    """Ask how ``row``'s warrior is released (and the bounty dice); None when stopped.

    Raises:
        CardsmithError: the campaign core refuses (the warrior is not captured).
    """
    ways = svc.release_choices(campaign, row.id)
    options = tuple((how, RELEASE_LABELS.get(how, how)) for how in ways)
    how = await app.push_screen_wait(
        ChoiceDialog(f"Release {row.name}", f"How does {row.name} leave captivity?", options)
    )
    if how is None:
        return None
    if how != "bounty":
        return svc.release(campaign, row.id, how, svc.Dice.seeded(svc.new_seed()))
    mode = await app.push_screen_wait(
        DiceModeDialog(f"Bounty for {row.name}", "Roll the bounty the captors get.", svc.new_seed())
    )
    if mode is None:
        return None
    dice = mode.source()
    return await run_asking(
        app, f"Bounty for {row.name}", dice, lambda _: svc.release(campaign, row.id, how, dice)
    )
