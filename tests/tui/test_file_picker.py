"""Files without typing paths: recent files offered on open, a folder browser, errors kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from kit import paste
from textual.pilot import Pilot
from textual.widgets import DirectoryTree, OptionList

from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.dialogs import FileErrorPanel
from cardsmith.tui.screens.file_picker import PathDialog

from .conftest import add_by_search, ready


async def _until(pilot: object, done: Callable[[], bool]) -> None:
    for _ in range(100):
        if done():
            return
        await pilot.pause()  # type: ignore[attr-defined]
    raise AssertionError("the app never got there")


async def _save(app: CardsmithApp, pilot: Pilot[None], path: Path) -> None:
    await pilot.press("ctrl+s")
    await _until(pilot, lambda: isinstance(app.screen, PathDialog))
    await paste(pilot, str(path))
    await pilot.press("enter")
    await _until(pilot, lambda: app.document.path == path)


async def test_a_saved_force_is_offered_on_open(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    target = tmp_path / "lance.json"
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await _save(app, pilot, target)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.document.path is None
        await pilot.press("ctrl+o")
        await _until(pilot, lambda: isinstance(app.screen, PathDialog))
        options = app.screen.query_one("#recent", OptionList)
        assert options.get_option_at_index(0).id == str(target.resolve())
        await pilot.press("tab", "enter")  # to the recent list, pick the first
        await _until(pilot, lambda: app.document.path is not None)
        assert app.document.path == target.resolve()
        assert [e.unit.name for e in app.document.force.entries] == ["Locust LCT-1V"]


async def test_the_browser_picks_a_file_from_the_folder(
    make_app: Callable[..., CardsmithApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "forces"
    folder.mkdir()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await _save(app, pilot, folder / "scouts.json")
        (folder / "notes.txt").write_text("not a force", encoding="utf-8")
        monkeypatch.chdir(folder)
        await pilot.press("ctrl+n")
        await pilot.press("ctrl+o")
        await _until(pilot, lambda: isinstance(app.screen, PathDialog))
        tree = app.screen.query_one(DirectoryTree)
        await _until(pilot, lambda: len(tree.root.children) > 0)
        # Only the force file is listed: the .txt does not fit an open of a force.
        assert [str(node.label) for node in tree.root.children] == ["scouts.json"]
        tree.focus()
        await pilot.pause()
        tree.move_cursor(tree.root.children[0])
        await pilot.press("enter")
        await _until(pilot, lambda: app.document.path is not None)
        assert app.document.path == folder / "scouts.json"


async def test_a_bad_file_is_explained_in_a_panel_until_dismissed(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+o")
        await _until(pilot, lambda: isinstance(app.screen, PathDialog))
        await paste(pilot, str(broken))
        await pilot.press("enter")
        await _until(pilot, lambda: isinstance(app.screen, FileErrorPanel))
        panel = app.screen
        assert isinstance(panel, FileErrorPanel) and "broken.json" in panel.title_text
        await pilot.pause(0.5)
        assert app.screen is panel  # no timeout takes it away
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, FileErrorPanel)
