"""The custom unit editor: a two-profile skirmish unit typed into the grid, checked, saved, imported."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

from kit import paste
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from cardsmith.profiles.customfile import read_custom_units
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.screens.dialogs import CellEditor, PathDialog
from cardsmith.tui.screens.unit_dialogs import UnitPicker, UnsavedUnitDialog
from cardsmith.tui.screens.unit_editor import UnitEditorScreen
from cardsmith.tui.widgets.profile_grid import ProfileGrid
from cardsmith.tui.widgets.results import ResultsTable

from .conftest import SIZE, ready, search
from .test_exchange_screen import until

SEED = ["Seed Form", "10-5", "21", "12", "14", "13", "3", "3", "2", "2", "30"]
DEVELOPED = ["Developed Form", "15-10", "lots", "13", "15", "13", "4", "6", "2", "5", "45"]


def _notes(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


async def _fill_row(pilot: Pilot[None], values: list[str]) -> None:
    """Fill a row left to right: Enter opens the cell, Enter keeps it and moves right.

    Each value is pasted into the cell (the typing itself is the cell editor's tests'
    subject): under Pilot a key costs a frame of this big screen.
    """
    for value in values:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, CellEditor)
        await paste(pilot, value)
        await pilot.press("enter")
        await pilot.pause()


async def test_two_profile_skirmish_unit_from_grid_to_catalogue(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    target = tmp_path / "troopers.toml"
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f10", "u")  # File menu → Custom units
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, UnitEditorScreen)
        await paste(pilot, "Gwailo Seed-Soldier")  # the name box has the focus
        editor.query_one("#unit-system", Select).value = "skirmish"
        editor.query_one("#unit-rule", Select).value = "transmutation-x"
        editor.query_one("#unit-pricing", Select).value = "max"
        await pilot.pause()
        x_box = editor.query_one("#unit-x", Input)
        assert not x_box.disabled and x_box.placeholder == "X wounds"
        x_box.focus()
        await pilot.press("2")
        await pilot.pause()
        assert editor.draft.switch_rule == "transmutation-x" and editor.draft.switch_value == "2"

        grid = editor.query_one(ProfileGrid)
        assert grid.keys[2:12] == ["MOV", "CC", "BS", "PH", "WIP", "ARM", "BTS", "W", "S", "PTS"]
        grid.focus()
        grid.go_to(1, "name")
        await _fill_row(pilot, SEED)
        await pilot.press("a")  # a second profile below
        await pilot.pause()
        assert grid.row_index == 2 and grid.column_key == "name"
        await _fill_row(pilot, DEVELOPED)

        # The bad value is pointed at: row 2, column CC, in customfile's own words.
        (problem,) = editor.problems
        assert (problem.row, problem.key) == (2, "CC")
        assert str(problem) == "unit[1].profile[2].CC: 'lots' is not a valid Close Combat"
        # The panel names the cell once: no key path repeated after "row 2 · CC".
        panel = editor.query_one("#unit-problems", OptionList)
        shown = str(panel.get_option_at_index(0).prompt)
        assert "row 2 · CC" in shown and "is not a valid Close Combat" in shown
        assert "unit[1]" not in shown
        assert editor.unit is None
        assert editor.check_action("import_unit", ()) is None  # greyed out until it is valid

        # Enter on the problem takes the cursor to the cell; fix it there.
        editor.query_one("#unit-problems").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert (grid.row_index, grid.column_key) == (2, "CC")
        await _fill_row(pilot, ["23"])
        assert editor.problems == [] and editor.unit is not None
        assert editor.unit.pv == 45  # priced by the higher profile

        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PathDialog)
        await paste(pilot, str(target))
        await pilot.press("enter")
        await until(pilot, lambda: not editor.dirty)
        (unit,) = read_custom_units(target)
        assert unit.profiles is not None
        assert [p.name for p in unit.profiles.profiles] == ["Seed Form", "Developed Form"]
        assert unit.profiles.switch_rule == "transmutation-x" and unit.profiles.switch_value == 2
        table = tomllib.loads(target.read_text(encoding="utf-8"))["unit"][0]
        assert table["profile"][1]["CC"] == 23 and table["profile"][0]["MOV"] == "10-5"

        await pilot.press("i")  # into the catalogue
        await until(pilot, lambda: any("in the catalogue" in n for n in _notes(messages)))
        await app.workers.wait_for_complete()
        await pilot.pause()

        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, CatalogueScreen)
        await search(pilot, "gwailo")
        row = app.screen.query_one(ResultsTable).highlighted_row()
        assert row is not None and row.name == "Gwailo Seed-Soldier" and row.mul_id < 0
        await pilot.press("enter", "enter")  # to the results, add it to the force
        await pilot.pause()
        (entry,) = app.document.force.entries
        assert entry.unit.name == "Gwailo Seed-Soldier" and entry.unit.pv == 45


async def test_open_keeps_other_units_and_unsaved_edits_are_asked_about(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:

    path = tmp_path / "units.toml"
    path.write_text(
        """format = "cardsmith-units"
version = 1

[[unit]]
name = "Scout Walker"
technology = "Homebrew"

[[unit.profile]]
name = "Walker"
type = "BM"
size = 1
move = '12"'
armor = 2
structure = 2
damage = ["2", "1", "0"]
pv = 15
specials = ["ENE"]
role = "Scout"

[[unit]]
name = "Gunner"

[[unit.profile]]
name = "Base"
type = "CV"
size = 2
move = '8"t'
armor = 3
structure = 2
damage = ["2", "2", "1"]
pv = 20
""",
        encoding="utf-8",
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f9")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, UnitEditorScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        await paste(pilot, str(path))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, UnitPicker))
        await pilot.press("down", "enter")  # the second unit
        await until(pilot, lambda: app.screen is editor)
        assert editor.draft.name == "Gunner" and editor.unit is not None
        grid = editor.query_one(ProfileGrid)
        grid.focus()
        grid.go_to(1, "pv")
        await _fill_row(pilot, ["22"])
        assert editor.dirty
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not editor.dirty)
        await pilot.press("ctrl+n")  # clean: no question
        await pilot.pause()
        assert editor.draft.name == "" and editor.path is None
        await pilot.press("f10", "q")  # quitting with a clean editor and force asks nothing
        # Checked while the app runs: leaving the block would stop it anyway.
        await until(pilot, lambda: app.return_code is not None)
        assert not isinstance(app.screen, UnsavedUnitDialog)
    first, second = read_custom_units(path)
    assert (first.name, first.role, first.technology) == ("Scout Walker", "Scout", "Homebrew")
    assert (second.name, second.pv) == ("Gunner", 22)
    assert path.with_name("units.toml.bak").is_file()  # the previous file is kept

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f9")
        await pilot.pause()
        await pilot.press(*"Half done")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, UnsavedUnitDialog))
        await pilot.press("escape")  # keep editing
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, UnitEditorScreen)
