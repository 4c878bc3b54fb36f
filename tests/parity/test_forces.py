"""Force edits through the CLI and through the app leave the same saved file."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from kit import paste
from textual.widgets import Input, OptionList
from tui.conftest import SIZE, add_by_search, ready

from cardsmith.forces.editing import data_version
from cardsmith.forces.force_file import load_force
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.widgets.force_grid import ForceGrid


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda _self: None)
    yield


def _saved(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


async def _edit_cell(pilot: Any, grid: ForceGrid, row: int, column: str, text: str) -> None:
    grid.go_to(row, column)
    await pilot.press("enter")
    await pilot.pause()
    await paste(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def test_same_edits_give_the_same_file(cli_run: Callable[..., Any], tmp_path: Path) -> None:
    by_cli = tmp_path / "cli.json"
    by_app = tmp_path / "app.json"
    created = cli_run("force", "new", "Parity Lance", "--cap", "300", "-o", str(by_cli))
    assert created.code == 0, created
    shutil.copyfile(by_cli, by_app)

    # The app: add three units, edit and duplicate, save; then remove, group, formation, save.
    app = CardsmithApp(force_path=by_app, recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for name in ("locust lct-1v", "atlas as7-d", "griffin grf-1n"):
            await add_by_search(pilot, name)
        ids = [e.unit.mul_id for e in app.document.force.entries]
        await pilot.press("f3")
        await pilot.pause()
        grid = app.screen.query_one(ForceGrid)
        grid.go_to(1, "skill")
        await pilot.press("minus")  # skill 3
        await _edit_cell(pilot, grid, 1, "pilot", "Gabriel")
        grid.go_to(1, "unit")
        await pilot.press("c")  # a copy of #1 as #2
        await _save(pilot, app)
        after_duplicate = _saved(by_app)
        shutil.copyfile(by_app, tmp_path / "app-after-duplicate.json")

        grid.go_to(4, "unit")
        await pilot.press("d")  # the Griffin goes
        await pilot.pause()
        await _edit_cell(pilot, grid, 1, "group", "Alpha")
        await _edit_cell(pilot, grid, 2, "group", "Alpha")
        grid.go_to(1, "unit")
        await pilot.press("g")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        options.highlighted = next(
            i for i in range(options.option_count) if options.get_option_at_index(i).id == "battle"
        )
        await pilot.press("enter")
        await _save(pilot, app)

    # The roster prints the data version: a copy of an entry counts in it.
    copied = load_force(tmp_path / "app-after-duplicate.json")
    assert after_duplicate["data_version"] == data_version(copied.entries) != ""

    # The command line: the same edits, one command each.
    first = [
        ("add", str(by_cli), str(ids[0])),
        ("add", str(by_cli), str(ids[1])),
        ("add", str(by_cli), str(ids[2])),
        ("set", str(by_cli), "1", "--skill", "3", "--pilot", "Gabriel"),
        ("duplicate", str(by_cli), "1"),
    ]
    then = [
        ("remove", str(by_cli), "4"),
        ("set", str(by_cli), "1", "--group", "Alpha"),
        ("set", str(by_cli), "2", "--group", "Alpha"),
        ("group", str(by_cli), "Alpha", "--formation", "battle"),
    ]
    _run_all(cli_run, first)
    cli_doc = _saved(by_cli)
    assert [e["unit"]["name"] for e in cli_doc["entries"]] == [
        "Locust LCT-1V",
        "Locust LCT-1V",
        "Atlas AS7-D",
        "Griffin GRF-1N",
    ]
    assert after_duplicate["data_version"] == cli_doc["data_version"]
    assert after_duplicate == cli_doc

    _run_all(cli_run, then)
    cli_doc, app_doc = _saved(by_cli), _saved(by_app)
    assert [e["group"] for e in app_doc["entries"]] == ["Alpha", "Alpha", ""]
    assert app_doc["groups"] == [{"name": "Alpha", "formation": "battle"}]
    assert app_doc == cli_doc


async def _save(pilot: Any, app: CardsmithApp) -> None:
    await pilot.pause()
    await pilot.press("ctrl+s")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert not app.document.dirty


def _run_all(cli_run: Callable[..., Any], steps: list[tuple[str, ...]]) -> None:
    for step in steps:
        result = cli_run("force", *step)
        assert result.code == 0, (step, result)
