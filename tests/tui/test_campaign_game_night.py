"""The campaign screen on game night: the pilot pack by default, pilots from a force, a
battle's results in the post-game, and a word for every key that does nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from kit import paste
from rules.rulekit import build_unit
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton, Select, Static

from cardsmith import campaign as cp
from cardsmith.battle import actions
from cardsmith.battle.battle_file import save_battle, start_battle
from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry
from cardsmith.models import Pilot as ForcePilot
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.campaign import CampaignScreen
from cardsmith.tui.screens.campaign_dialogs import NewCampaignDialog
from cardsmith.tui.screens.campaign_postgame import PostGameDialog, ReviewDialog
from cardsmith.tui.screens.dialogs import PathDialog

from .conftest import ready


def _notes(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


def _files(folder: Path) -> tuple[Path, Path]:
    """Our force (Kai, Rin) and a battle against one Atlas: Kai's Griffin destroyed."""
    ours = folder / "ours.json"
    theirs = folder / "theirs.json"
    save_force(
        Force(
            "Kell Hounds",
            entries=(
                ForceEntry(build_unit("Griffin GRF-1N"), 3, ForcePilot("Kai")),
                ForceEntry(build_unit("Wolverine WVR-6R"), 5, ForcePilot("Rin")),
            ),
        ),
        ours,
    )
    save_force(Force("Raiders", entries=(ForceEntry(build_unit("Atlas AS7-D")),)), theirs)
    battle_path = folder / "night.battle.json"
    battle = start_battle([ours, theirs], battle_path)
    save_battle(actions.set_flag(battle, battle.units[0].key, "destroyed"), battle_path)
    return ours, battle_path


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_game_night_in_the_app(
    make_app: Callable[..., CardsmithApp], tmp_path: Path, size: tuple[int, int]
) -> None:
    force, battle = _files(tmp_path)
    path = tmp_path / "hounds.json"
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=size, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f7")
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, CampaignScreen)

        # Keys that need a campaign say so instead of doing nothing.
        for key in ("w", "f", "p", "u", "r", "x", "f6"):
            messages.clear()
            await pilot.press(key)
            await _settle(pilot)
            assert app.screen is screen, key
            assert any("No campaign open" in n for n in _notes(messages)), key

        # A new campaign starts with the Alpha Strike pilot pack.
        await pilot.press("n")
        await _settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewCampaignDialog)
        assert dialog.query_one("#campaign-pack", Select).value == "alpha-strike-pilots"
        dialog.query_one("#campaign-path", Input).value = str(path)
        await pilot.press(*"Hounds", "enter")
        await _settle(pilot)
        assert cp.load_campaign(path).pack == "alpha-strike-pilots"

        # No pilots yet: the post-game says how to get some.
        messages.clear()
        await pilot.press("p")
        await _settle(pilot)
        assert any("press w to add one or f" in n for n in _notes(messages))

        # f: the pilots of a force file.
        await pilot.press("f")
        await _settle(pilot)
        assert isinstance(app.screen, PathDialog)
        await paste(pilot, str(force))
        await pilot.press("enter")
        await _settle(pilot)
        roster = cp.replay(cp.load_campaign(path))
        assert [(w.name, w.stat("skill")) for w in roster.warriors] == [("Kai", 3), ("Rin", 5)]

        # Re-roll and release explain themselves when the cursor is not on their target.
        for key, words in (("r", "Put the log cursor on a roll"), ("x", "is not captured")):
            messages.clear()
            await pilot.press(key)
            await _settle(pilot)
            assert any(words in n for n in _notes(messages)), key

        # p: the battle file marks Kai (destroyed) as taken out.
        await pilot.press("p")
        await _settle(pilot)
        form = app.screen
        assert isinstance(form, PostGameDialog)
        form.query_one("#battle", Input).focus()
        await paste(pilot, str(battle))
        await pilot.press("enter")
        await _settle(pilot)
        found = str(form.query_one("#battle-results", Static).render())
        assert "Kai (Griffin GRF-1N): unit destroyed" in found
        assert form.out == {"w1"}
        form.query_one("#mode-own", RadioButton).value = True
        form.query_one("#dice-entered", Input).value = "3 3"  # pilot injury 6: wounded
        await pilot.press("ctrl+r")
        await _settle(pilot)
        assert isinstance(app.screen, ReviewDialog)
        await pilot.press("y")
        await _settle(pilot)
    kai = cp.replay(cp.load_campaign(path)).find("Kai")
    assert kai.miss_games == 1
