"""Files from the app: save, save as, reopen, unreadable files, quitting with unsaved work."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kit import paste
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot

from cardsmith.forces.force_file import load_force
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.screens.dialogs import PathDialog, QuitDialog
from cardsmith.tui.screens.force import ForceScreen

from .conftest import SIZE, add_by_search, file_error, ready
from .test_exchange_screen import until


def _notes(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


async def _type_path(pilot: Pilot[None], path: Path) -> None:
    await paste(pilot, str(path))
    await pilot.press("enter")
    await pilot.pause()


async def test_save_then_reopen(make_app: Callable[..., CardsmithApp], tmp_path: Path) -> None:
    target = tmp_path / "saved.json"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "griffin grf-1e")
        await pilot.press("f3", "minus")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PathDialog)
        await _type_path(pilot, target)
        await app.workers.wait_for_complete()
        assert not app.document.dirty
        assert app.document.path == target
        saved = app.document.force
    reread = load_force(target)
    assert reread == saved
    assert reread.entries[0].skill == 3

    again = make_app(force_path=target)
    async with again.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert isinstance(again.screen, ForceScreen)
        assert again.document.force == saved
        # A second save goes to the same file without asking.
        await pilot.press("plus", "ctrl+s")
        await again.workers.wait_for_complete()
        await pilot.pause()
        assert not again.document.dirty
    assert load_force(target).entries[0].skill == 4


async def test_unreadable_file_is_reported(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardsmith-force", "version": 1, "entries": [', encoding="utf-8")
    messages: list[Message] = []
    app = make_app(force_path=broken)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        assert "broken.json" in file_error(app)  # kept until dismissed, not a toast
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CatalogueScreen)  # nothing opened, nothing lost
        assert app.document.force.entries == ()


async def test_quit_with_unsaved_changes_asks_first(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("escape")  # cancel: keep working
        await pilot.pause()
        assert not isinstance(app.screen, QuitDialog)
        assert app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("s")  # save first: asks where, then quits
        await pilot.pause()
        assert isinstance(app.screen, PathDialog)
        await _type_path(pilot, tmp_path / "kept.json")
        # Checked while the block runs: leaving it would stop the app anyway.
        await until(pilot, lambda: app.return_code is not None)
    assert [e.name for e in load_force(tmp_path / "kept.json").entries] == ["Locust LCT-1V"]


async def test_quit_without_changes_does_not_ask(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+q")
        # Checked while the block runs: leaving it would stop the app anyway.
        await until(pilot, lambda: app.return_code is not None)
        assert not isinstance(app.screen, QuitDialog)


async def test_unsaved_work_is_recovered_after_a_crash(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app(recovery=True)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        app._write_recovery()  # the timer would do this a second after the edit
        assert app.recovery_path.is_file()
        edited = app.document.force
    # The app ended without saving (as a crash would): the next start brings it back.
    again = make_app(recovery=True)
    async with again.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert again.document.force == edited
        assert again.document.dirty


async def test_open_and_new_ask_about_unsaved_work(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    from cardsmith.forces.editing import add_entry, new_force
    from cardsmith.forces.force_file import save_force

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        unit = app.units.get(1901)  # Locust LCT-1V, in the starter catalogue
        assert unit is not None
        other = tmp_path / "other.json"
        save_force(add_entry(new_force("Other"), unit, skill=3), other)
        await add_by_search(pilot, "atlas")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)  # unsaved work: asked first
        await pilot.press("d")  # discard it
        await pilot.pause()
        assert isinstance(app.screen, PathDialog)
        await _type_path(pilot, other)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ForceScreen)
        assert app.document.force.name == "Other"
        assert app.document.path == other and not app.document.dirty
        await pilot.press("ctrl+n")  # clean: no question
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.document.force.entries == () and app.document.path is None
        await pilot.press("ctrl+z")  # a new force starts a new history
        assert app.document.force.entries == ()
