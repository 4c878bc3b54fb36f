"""Campaign parity: the same post-game through ``cardsmith campaign post-game`` and the app.

Seed 002, serious injury 32: a warrior with an old battle wound rolls a D6 before each
game and sits it out on a 1.  Such a warrior gains no XP from the game, in either shell,
and both shells save the same campaign file from the same dice.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from textual.widgets import Input, RadioButton
from tui.conftest import SIZE

from cardsmith import campaign as cp
from cardsmith.campaign.campaign_file import save_campaign
from cardsmith.tables import Dice, ScriptedChooser, load_tables
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.campaign import CampaignScreen
from cardsmith.tui.screens.campaign_postgame import PostGameDialog, ReviewDialog

STATS = {"move": 6, "shooting": 4, "fighting": 3, "courage": 2}
#: Slim's pre-game D6 (1: the old wound keeps him out), then Док's injury D66 44
#: (full recovery).
DICE = "1 4 4"


def _campaign(path: Path) -> None:
    """Two heroes after one game; Slim carries an old battle wound (D66 32)."""
    tables = load_tables()
    state = cp.new_campaign("Red Gang", "old-west", tables, ["shooting"])
    state, _ = cp.add_warrior(state, tables, "Док", "hero", STATS)
    state, _ = cp.add_warrior(state, tables, "Slim", "hero", STATS)
    state = cp.record_game(state, "Los Bandidos", "loss", tables=tables, dice=Dice.own())
    rolled = cp.roll_for(state, tables, "Slim", "injury", Dice.own([3, 2]), ScriptedChooser())
    assert rolled.outcome.entry == "old-battle-wound"
    save_campaign(rolled.campaign, path)


def _saved(path: Path) -> dict[str, Any]:
    """The campaign file without the clock times of its entries."""
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    for entry in data["log"]:
        entry.pop("at")
    return data


async def _post_game_in_app(path: Path) -> None:
    app = CardsmithApp(recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("f7")
        await pilot.pause()
        screen = app.get_screen("campaign")
        assert isinstance(screen, CampaignScreen) and screen.open_path(path)
        await pilot.press("p")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, PostGameDialog)
        await pilot.press(*"Rivals", "enter")  # on to the warriors: Док, then Slim
        await pilot.press("o", "1", "down", "2")
        form.query_one("#mode-own", RadioButton).value = True
        form.query_one("#dice-entered", Input).value = DICE
        await pilot.press("ctrl+r")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ReviewDialog), app.screen
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()


async def test_post_game_gives_the_same_xp_and_file_in_both_shells(
    cli_run: Any, tmp_path: Path
) -> None:
    start = tmp_path / "start.json"
    _campaign(start)
    by_cli, by_app = tmp_path / "cli.json", tmp_path / "app.json"
    shutil.copy(start, by_cli)
    shutil.copy(start, by_app)

    result = cli_run(
        "campaign", "post-game", str(by_cli), "--opponent", "Rivals", "--out", "Док",
        "--xp", "Док=1", "--xp", "Slim=2", "--dice", DICE.replace(" ", ","), "--yes",
    )  # fmt: skip
    assert result.code == 0, result
    assert "Slim did not play game 2" in result.stdout
    await _post_game_in_app(by_app)

    for path in (by_cli, by_app):
        roster = cp.replay(cp.load_campaign(path))
        assert (roster.find("Док").xp, roster.find("Slim").xp) == (1, 0), path.name
        assert roster.games[-1].absent == ("w2",)
    assert _saved(by_app) == _saved(by_cli)
    assert _saved(by_cli) != _saved(start)
