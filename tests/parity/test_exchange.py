"""Export, import and custom-unit import through the CLI and through the app give the same result."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from kit import paste
from testdata import skirmish_units
from textual.widgets import Input, Select
from tui.conftest import SIZE, ready
from tui.test_exchange_screen import until

from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.editing import add_entry, new_force, set_group
from cardsmith.forces.force_file import force_to_dict, load_force, save_force
from cardsmith.formats.share_code import encode
from cardsmith.profiles.customfile import custom_id
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.dialogs import PathDialog
from cardsmith.tui.screens.exchange import ExportDialog, ImportReportScreen
from cardsmith.tui.screens.force import ForceScreen
from cardsmith.tui.screens.unit_editor import UnitEditorScreen

#: Every export format whose bytes depend on the force alone (JBT files carry a fresh
#: uuid and time stamp, as JBT's own export does).
FORMATS = ("mul", "csv", "tts", "text", "md", "code")


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda _self: None)
    yield


def _lance(tmp_path: Path) -> Path:
    """A force of starter units with pilots, SPAs, a group and a formation."""
    with Catalogue.open(None) as catalogue:
        force = set_group(new_force('Sparky\'s "Lance"'), "Alpha", formation="battle")
        for mul_id, skill, pilot, spas, group in (
            (140, 3, 'Shane "Icon" Irwin', ("sniper",), "Alpha"),
            (1295, 4, "Ана", (), "Alpha"),
            (4824, 2, "", ("lucky-2",), ""),
        ):
            unit = catalogue.get(mul_id)
            assert unit is not None
            force = add_entry(force, unit, skill=skill, pilot=pilot, spas=spas, group=group)
    path = tmp_path / "lance.json"
    save_force(force, path)
    return path


async def _type(pilot: Any, text: str) -> None:
    await paste(pilot, text)


async def test_export_writes_the_same_bytes(cli_run: Callable[..., Any], tmp_path: Path) -> None:
    lance = _lance(tmp_path)
    for fmt in FORMATS:
        result = cli_run("export", str(lance), "--format", fmt, "-o", str(tmp_path / f"cli.{fmt}"))
        assert result.code == 0, result
    app = CardsmithApp(force_path=lance, recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for fmt in FORMATS:
            await pilot.press("ctrl+t")
            await until(pilot, lambda: isinstance(app.screen, ExportDialog))
            dialog = app.screen
            dialog.query_one("#export-format", Select).value = fmt
            await pilot.pause()
            dialog.query_one("#export-path", Input).focus()
            await _type(pilot, str(tmp_path / f"app.{fmt}"))
            await pilot.press("enter")
            target = tmp_path / f"app.{fmt}"
            await until(pilot, target.exists)
            await until(pilot, lambda: not isinstance(app.screen, ExportDialog))
    for fmt in FORMATS:
        cli_bytes = (tmp_path / f"cli.{fmt}").read_bytes()
        assert (tmp_path / f"app.{fmt}").read_bytes() == cli_bytes, fmt


MUL = """<?xml version="1.0" encoding="UTF-8"?>
<unit version="0.49.9">
  <entity chassis="Atlas" model="AS7-D" type="Biped" commander="true">
    <pilot size="1" name="Kai &quot;Tank&quot; Allard" gunnery="3" piloting="4" advantages="sniper::iron_man"/>
    <Force force="Kell Hounds|0||Red Lance|1||"/>
  </entity>
  <entity chassis="Locust" model="LCT-1V" type="Biped">
    <pilot size="1" name="Дмитрий" gunnery="2" piloting="3"/>
    <Force force="Kell Hounds|0||Red Lance|1||"/>
  </entity>
  <entity chassis="Atlas" model="AS7-RS" type="Biped"><pilot gunnery="4" piloting="5"/></entity>
  <entity chassis="MekWarrior" model="Ejected" type="Biped"><pilot gunnery="4" piloting="5"/></entity>
</unit>
"""


async def _import_in_app(app: CardsmithApp, pilot: Any, source: str, saved: Path) -> None:
    """Import ``source`` (a file or a code) in the app, open it, and save it to ``saved``."""
    await pilot.press("ctrl+r")
    await pilot.pause()
    await _type(pilot, source)
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, ImportReportScreen))
    await pilot.press("enter")  # open it in the editor
    await until(pilot, lambda: isinstance(app.screen, ForceScreen))
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, PathDialog))
    await _type(pilot, str(saved))
    await pilot.press("enter")
    await until(pilot, lambda: saved.exists() and not app.document.dirty)


@pytest.mark.slow
async def test_import_gives_the_same_force(cli_run: Callable[..., Any], tmp_path: Path) -> None:
    source = tmp_path / "hounds.mul"
    source.write_text(MUL, encoding="utf-8")
    code = encode(load_force(_lance(tmp_path)))
    by_cli = cli_run("import", str(source), "-o", str(tmp_path / "cli-mul.json"))
    assert by_cli.code == 1, by_cli  # the AS7-RS is not in the starter catalogue
    assert cli_run("import", code, "-o", str(tmp_path / "cli-code.json")).code == 0
    app = CardsmithApp(recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await _import_in_app(app, pilot, str(source), tmp_path / "app-mul.json")
        await _import_in_app(app, pilot, code, tmp_path / "app-code.json")

    def saved(name: str) -> dict[str, Any]:
        return force_to_dict(load_force(tmp_path / name))

    from_mul = saved("cli-mul.json")
    assert from_mul["name"] == "Kell Hounds" and len(from_mul["entries"]) == 2
    assert saved("app-mul.json") == from_mul
    assert saved("app-code.json") == saved("cli-code.json") == saved("lance.json")


def _catalogue_unit(cache: Path, mul_id: int) -> dict[str, Any] | None:
    with Catalogue.open(cache) as catalogue:
        unit = catalogue.get(mul_id)
    return unit.to_dict() if unit is not None else None


@pytest.mark.slow
async def test_custom_unit_import_gives_the_same_catalogue_unit(
    cli_run: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "troopers.toml"
    source.write_text(skirmish_units(), encoding="utf-8")
    trooper = custom_id("Gwailo Seed-Soldier")
    cli_cache, app_cache = tmp_path / "cli-cache", tmp_path / "app-cache"
    monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(cli_cache))
    result = cli_run("unit", "import", str(source))
    assert result.code == 0, result
    app = CardsmithApp(cache_dir=app_cache, recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f9")
        await until(pilot, lambda: isinstance(app.screen, UnitEditorScreen))
        editor = app.screen
        assert isinstance(editor, UnitEditorScreen)
        assert await editor.open_path(source)
        await until(pilot, lambda: editor.unit is not None)
        editor.action_focus_grid()  # keys typed in the name box would be text
        await pilot.pause()
        await pilot.press("i")
        await until(pilot, lambda: _catalogue_unit(app_cache, trooper) is not None)
    unit = _catalogue_unit(cli_cache, trooper)
    assert unit is not None and unit["profiles"]["switch_rule"] == "transmutation-x"
    assert _catalogue_unit(app_cache, trooper) == unit
