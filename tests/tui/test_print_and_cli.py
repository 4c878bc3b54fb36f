"""Printing from the app, the reference screen and help overlay, and the app's CLI commands."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from kit import paste
from pypdf import PdfReader
from textual.coordinate import Coordinate
from textual.message import Message
from textual.notifications import Notify
from textual.widgets import DataTable, Input

from cardsmith.cli.group import cli
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.messages import PrintFinished
from cardsmith.tui.screens.help import HelpScreen
from cardsmith.tui.screens.print_dialog import PrintDialog
from cardsmith.tui.screens.reference import ReferenceScreen

from .conftest import SIZE, add_by_search, ready


async def test_print_writes_a_pdf_and_says_where(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    out = tmp_path / "sheets.pdf"
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "griffin grf-1e")
        await add_by_search(pilot, "scorpion")
        await pilot.press("f3", "f6")
        await pilot.pause()
        assert isinstance(app.screen, PrintDialog)
        await paste(pilot, str(out))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
    finished = [m for m in messages if isinstance(m, PrintFinished)]
    assert [m.path for m in finished] == [out]
    assert any(str(out) in m.notification.message for m in messages if isinstance(m, Notify))
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Griffin" in text and "Scorpion" in text


async def test_print_is_disabled_for_an_empty_force(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f3", "f6")
        await pilot.pause()
        assert not isinstance(app.screen, PrintDialog)
        assert app.check_action("print", ()) is None  # shown greyed out


async def test_reference_screen_lists_specials_and_tables(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, ReferenceScreen)
        specials = app.screen.query_one("#specials", DataTable)
        everything = specials.row_count
        assert everything > 50
        await pilot.press("slash")
        assert isinstance(app.focused, Input)
        await pilot.press(*"ECM")
        await pilot.pause()
        assert 0 < specials.row_count < everything
        codes = [str(specials.get_cell_at(Coordinate(row, 0))) for row in range(specials.row_count)]
        assert any(code.startswith("ECM") for code in codes)
        assert len(app.screen.query(DataTable)) > 2  # crit, motive, heat, to-hit tables


async def test_help_lists_the_keys_of_the_screen(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f3", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        described = {row[1] for row in app.screen.rows}
        assert {"Skill+", "Skill−", "SPAs", "Undo", "Save", "Quit"} <= described
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


def test_locate_prints_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "my config"
    monkeypatch.setenv("CARDSMITH_CONFIG_DIR", str(config))
    runner = CliRunner()
    printed: dict[str, Path] = {}
    for what in ("cache", "config", "templates"):
        result = runner.invoke(cli, ["--cache-dir", str(tmp_path / "c"), "locate", what])
        assert result.exit_code == 0, result.output
        printed[what] = Path(result.output.rstrip("\n"))
    assert printed["cache"] == tmp_path / "c"
    assert printed["config"] == config
    # The templates folder is the one holding the shipped files (the repository's copy).
    shipped = Path(__file__).resolve().parents[2] / "templates" / "cards" / "mech.toml"
    assert (printed["templates"] / "cards" / "mech.toml").read_bytes() == shipped.read_bytes()
    both = runner.invoke(cli, ["--cache-dir", str(tmp_path / "c"), "locate"])
    assert both.output.splitlines() == [f"{name}\t{printed[name]}" for name in sorted(printed)]


def test_open_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    for args in (["open", str(missing)], [str(missing)]):
        done = subprocess.run(
            [sys.executable, "-m", "cardsmith", *args], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 2
        assert "nowhere.json" in done.stderr
        assert "Traceback" not in done.stderr


def test_cli_opens_the_app_on_a_force_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsmith.forces.editing import new_force
    from cardsmith.forces.force_file import save_force

    path = tmp_path / "lance.json"
    save_force(new_force("Lance"), path)
    launched: list[tuple[Path | None, Path, bool]] = []
    monkeypatch.setattr("cardsmith.cli.misc_cmds.has_terminal", lambda: True)
    monkeypatch.setattr(
        CardsmithApp,
        "run",
        lambda self: launched.append((self.force_path, self.cache_dir, gc.isenabled())),
    )
    runner = CliRunner()
    for args in (["open", str(path)], [str(path)], []):
        result = runner.invoke(cli, ["--cache-dir", str(tmp_path / "c"), *args])
        assert result.exit_code == 0, result.output
        assert gc.isenabled()  # given back when the app stops, drawn or not
    # The app runs with the collector held (until its first frame).
    cache = tmp_path / "c"
    assert launched == [(path, cache, False), (path, cache, False), (None, cache, False)]
