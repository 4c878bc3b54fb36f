"""The card, ``battle show``, the app's battle screen and the battle sheet agree on a unit in play.

The divergence pinned here: a skill-0 Atlas with Sniper and Speed Demon.  Its card shows
TN 0+/1+/2+ and MV 8" (Sniper: +0/+1/+2 range modifiers, Speed Demon: +2", ASCE p.99);
the battle showed TN 0/2/4 and MV 6", and after a fire-control hit the sheet said 2/4/6
where Sniper gives 2/3/4 (+2 per fire-control hit, ASCE p.50).  The change use cases are
pinned too: a change made in the app and the same change made on the command line save
the same battle file.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pdfplumber

from cardsmith.forces.force_file import load_force
from cardsmith.render.content.card import card_for
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.battle import BattleScreen
from cardsmith.tui.screens.battle_dialogs import AmountDialog
from cardsmith.tui.widgets.battle_grid import BattleGrid

ATLAS = "140"  # Atlas AS7-D in the starter catalogue: MV 6", damage 5/5/2


def _battle(cli_run: Any, tmp_path: Path) -> Path:
    own, foe, out = (tmp_path / n for n in ("atlas.json", "foe.json", "battle.json"))
    for args in (
        ("force", "new", "Sniper Lance", "-o", str(own)),
        (
            "force",
            "add",
            str(own),
            ATLAS,
            "--skill",
            "0",
            "--spa",
            "sniper",
            "--spa",
            "speed-demon",
        ),
        ("force", "new", "Foes", "-o", str(foe)),
        ("force", "add", str(foe), ATLAS),
        ("battle", "start", str(own), str(foe), "-o", str(out)),
    ):
        result = cli_run(*args)
        assert result.code == 0, (args, result)
    return out


def _card(tmp_path: Path) -> tuple[str, str]:
    card = card_for(load_force(tmp_path / "atlas.json").entries[0])
    return card.move, "/".join(f"{c.target}+" for c in card.damage)


def _show(cli_run: Any, path: Path) -> dict[str, Any]:
    result = cli_run("battle", "show", str(path), "--format", "json")
    assert result.code == 0, result
    unit = json.loads(result.stdout)["units"][0]
    to_hit = "/".join(str(unit["to_hit"][b]) for b in "SML")
    return {"move": unit["move"], "to_hit": to_hit}


def _sheet(cli_run: Any, path: Path) -> str:
    pdf = path.with_suffix(".pdf")
    result = cli_run("battle", "print", str(path), "-o", str(pdf))
    assert result.code == 0, result
    with pdfplumber.open(pdf) as sheet:
        text = "\n".join(page.extract_text() for page in sheet.pages)
    return next(line for line in text.splitlines() if line.startswith("1.1 "))


async def _screen(path: Path) -> tuple[str, str]:
    app = CardsmithApp(recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("f8")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.open_battle(path)
        await app.workers.wait_for_complete()
        await pilot.pause()
        grid = screen.query_one(BattleGrid)
        return str(grid.get_cell("1.1", "move")), str(grid.get_cell("1.1", "hit"))


async def test_card_show_screen_and_sheet_agree_on_sniper_and_speed_demon(
    cli_run: Any, tmp_path: Path
) -> None:
    path = _battle(cli_run, tmp_path)
    assert _card(tmp_path) == ('8"', "0+/1+/2+")
    assert _show(cli_run, path) == {"move": '8"', "to_hit": "0/1/2"}
    assert await _screen(path) == ('8"', "0/1/2")
    row = _sheet(cli_run, path)
    assert ' 8" ' in row and " 0/1/2 " in row, row
    # A fire-control hit: +2 to every band, on top of Sniper's modifiers (2/3/4).
    hit = cli_run("battle", "crit", str(path), "1.1", "fire-control", "--now")
    assert hit.code == 0, hit
    assert _show(cli_run, path) == {"move": '8"', "to_hit": "2/3/4"}
    assert await _screen(path) == ('8"', "2/3/4")
    row = _sheet(cli_run, path)
    assert " 2/3/4 " in row and "2/4/6" not in row, row


async def test_a_change_in_the_app_saves_what_the_cli_saves(cli_run: Any, tmp_path: Path) -> None:
    by_cli = _battle(cli_run, tmp_path)
    by_app = tmp_path / "battle-app.json"
    shutil.copy(by_cli, by_app)
    result = cli_run("battle", "damage", str(by_cli), "2.1", "12")
    assert result.code == 0 and "roll 1 critical hit" in result.stdout, result
    app = CardsmithApp(recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("f8")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        screen.open_battle(by_app)
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen.query_one(BattleGrid).go_to("2.1")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog)
        await pilot.press("1", "2", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()

    def saved(path: Path) -> dict[str, Any]:
        data = json.loads(path.read_text(encoding="utf-8"))
        return {"log": data["log"], "state": data["state"]}

    assert saved(by_app) == saved(by_cli)
    assert saved(by_app)["log"][0]["amount"] == 12
