"""The force editor: skill keys, in-place edits, SPAs, remove/duplicate/reorder, undo/redo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.coordinate import Coordinate
from textual.widgets import Input, SelectionList

from cardsmith.forces.pricing import adjusted_pv, force_pv
from cardsmith.models.force import MulRef
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.force import ForceScreen
from cardsmith.tui.screens.spa_picker import SpaPicker
from cardsmith.tui.widgets.force_grid import COLUMNS, ForceGrid

from .conftest import SIZE, add_by_search, ready


def _grid(app: CardsmithApp) -> ForceGrid:
    return app.screen.query_one(ForceGrid)


def _cell(app: CardsmithApp, row: int, key: str) -> str:
    grid = _grid(app)
    return str(grid.get_cell_at(Coordinate(row, [c.key for c in COLUMNS].index(key))))


def _totals(app: CardsmithApp) -> str:
    return str(app.screen.query_one("#totals").render())


async def test_skill_keys_change_pv_and_totals(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, ForceScreen)
        base = app.document.force.entries[0].unit.pv
        await pilot.press("minus")  # better pilot: skill 3
        await pilot.pause()
        entry = app.document.force.entries[0]
        assert entry.skill == 3
        assert _cell(app, 0, "pv") == str(adjusted_pv(base, 3))
        assert f"Total {adjusted_pv(base, 3)}" in _totals(app)
        await pilot.press("plus", "plus")  # skill 5
        await pilot.pause()
        assert app.document.force.entries[0].skill == 5
        assert f"Total {adjusted_pv(base, 5)}" in _totals(app)
        assert _cell(app, 0, "hit") == "5+ 7+ 9+"


async def test_undo_and_redo_walk_the_history(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await pilot.press("f3")
        await pilot.press("minus", "minus")
        await pilot.pause()
        assert app.document.force.entries[0].skill == 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.document.force.entries[0].skill == 3
        assert _cell(app, 0, "skill") == "3"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.document.force.entries[0].skill == 4
        await pilot.press("ctrl+z")  # undo the add itself
        await pilot.pause()
        assert not app.document.force.entries
        assert not app.document.dirty
        await pilot.press("ctrl+y", "ctrl+y", "ctrl+y")
        await pilot.pause()
        assert app.document.force.entries[0].skill == 2
        assert _grid(app).row_count == 1


async def test_remove_duplicate_and_reorder(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await add_by_search(pilot, "atlas")
        await pilot.press("f3")
        await pilot.pause()

        def names() -> list[str]:
            return [e.name for e in app.document.force.entries]

        assert names() == ["Locust LCT-1V", "Atlas AS7-D"]
        await pilot.press("c")  # duplicate the Locust
        await pilot.pause()
        assert names() == ["Locust LCT-1V", "Locust LCT-1V", "Atlas AS7-D"]
        assert _grid(app).entry_index == 2  # the cursor follows the copy
        await pilot.press("down", "shift+up")  # the Atlas moves up one place
        await pilot.pause()
        assert names() == ["Locust LCT-1V", "Atlas AS7-D", "Locust LCT-1V"]
        assert _grid(app).entry_index == 2  # and the cursor moves with it
        await pilot.press("shift+down")
        await pilot.pause()
        assert names() == ["Locust LCT-1V", "Locust LCT-1V", "Atlas AS7-D"]
        await pilot.press("delete")
        await pilot.pause()
        assert names() == ["Locust LCT-1V", "Locust LCT-1V"]
        assert _grid(app).row_count == 2
        assert "2 units" in _totals(app)


async def test_enter_edits_pilot_and_group_in_place(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "griffin grf-1e")
        await pilot.press("f3")
        await pilot.pause()
        _grid(app).go_to(1, "pilot")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"Gabriel", "enter")
        await pilot.pause()
        assert app.document.force.entries[0].pilot.name == "Gabriel"
        _grid(app).go_to(1, "group")
        await pilot.press("enter")
        await pilot.press(*"Alpha", "enter")
        await pilot.pause()
        assert app.document.force.entries[0].group == "Alpha"
        _grid(app).go_to(1, "skill")
        await pilot.press("enter")
        await pilot.press("ctrl+u", "2", "enter")
        await pilot.pause()
        assert app.document.force.entries[0].skill == 2
        _grid(app).go_to(1, "pilot")
        await pilot.press("enter", "x", "escape")  # Escape drops the edit
        await pilot.pause()
        assert app.document.force.entries[0].pilot.name == "Gabriel"


async def test_spa_picker_shows_budget_and_sets_spas(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        await pilot.press("f3", "s")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, SpaPicker)
        budget = str(picker.query_one("#budget").render())
        assert "1 SPA, 2 points" in budget  # skill 4 (ASCE p.92)
        spas = picker.query_one(SelectionList)
        marksman = next(
            i for i in range(spas.option_count) if spas.get_option_at_index(i).value == "marksman"
        )
        spas.highlighted = marksman
        await pilot.press("space")
        await pilot.pause()
        assert "Left: 0 SPAs, 0 points" in str(picker.query_one("#budget").render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.document.force.entries[0].spas == ("marksman",)
        assert "Marksman" in _cell(app, 0, "spas")
        assert f"Total {force_pv(app.document.force)}" in _totals(app)


async def test_sniper_changes_the_to_hit_column(make_app: Callable[..., CardsmithApp]) -> None:
    from cardsmith.forces.editing import set_entry
    from cardsmith.forces.spas import card_numbers

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        await pilot.press("f3")
        await pilot.pause()
        assert _cell(app, 0, "hit") == "4+ 6+ 8+"
        app.apply_force(set_entry(app.document.force, 1, spas=["sniper"]), "SPAs")
        await pilot.pause()
        entry = app.document.force.entries[0]
        numbers = card_numbers(entry.unit, entry.skill, entry.spas).target_numbers
        expected = f"{numbers['S']}+ {numbers['M']}+ {numbers['L']}+"
        assert expected != "4+ 6+ 8+"
        assert _cell(app, 0, "hit") == expected


# -- every size, no colour-only state, editors that explain -----------------------------


def _long_force(tmp_path: Path) -> Path:
    """Units with long names, a long group name and an illegal skill (for tournament-300)."""
    from forces.conftest import make_unit

    from cardsmith.forces.editing import add_entry, new_force, set_group
    from cardsmith.forces.force_file import save_force

    force = new_force("Wide", pack="tournament-300")
    names = [
        "Achileus Light Battle Armor [Laser] (Sqd4)",
        "Achileus Light Battle Armor [Laser] (Sqd5)",
        "Mad Cat (Timber Wolf) Prime",
    ]
    for number, name in enumerate(names, start=1):
        unit = make_unit(mul_id=number, name=name, pv=30)
        force = add_entry(force, unit, group="Alpha Lance Long", skill=0 if number == 3 else 4)
    force = set_group(force, "Alpha Lance Long")
    path = tmp_path / "wide.json"
    save_force(force, path)
    return path


def _row_text(grid: ForceGrid, row: int) -> str:
    """What the grid shows on a row (header is line 0), as a player reads it."""
    return "".join(segment.text for segment in grid.render_line(row + 1))


async def test_small_terminal_pins_number_and_name_and_marks_problems(
    make_app: Callable[..., CardsmithApp], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # markers are text: they read without colour
    app = make_app(force_path=_long_force(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        grid = _grid(app)
        first = _row_text(grid, 0)
        # A name too long for its cell keeps its distinguishing end (the squad size).
        assert "(Sqd4)" in first and "(Sqd5)" in _row_text(grid, 1)
        third = _row_text(grid, 2)
        assert "✗3" in third and "✗ skill-range" in third  # marker and rule id
        grid.go_to(1, "group")
        await pilot.pause()
        assert grid.scroll_x > 0  # scrolled sideways to reach Group …
        shown = _row_text(grid, 0)
        assert "1" in shown[:6] and "(Sqd4)" in shown  # … with # and the name still there
        assert "Alpha Lance Long" in shown  # and the group not cut


async def test_wide_terminals_show_every_column_whole(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    app = make_app(force_path=_long_force(tmp_path))
    async with app.run_test(size=(200, 50)) as pilot:
        await ready(pilot)
        row = _row_text(_grid(app), 0)
        assert "Achileus Light Battle Armor [Laser] (Sqd4)" in row  # the whole name
        assert "Alpha Lance Long" in row and _grid(app).scroll_x == 0
    app = make_app(force_path=_long_force(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert "Alpha Lance Long" in _row_text(_grid(app), 0)  # 120 wide: Group not cut


async def test_the_spa_dialog_fits_a_small_terminal(
    make_app: Callable[..., CardsmithApp],
) -> None:
    from textual.widgets import Button

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        await pilot.press("f3", "s")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, SpaPicker)
        screen = picker.region
        for button in picker.query(Button):
            assert screen.contains_region(button.region), (button.id, button.region)
        # Ticked and unticked boxes differ by glyph, not by colour alone.
        spas = picker.query_one(SelectionList)
        spas.highlighted = 0
        await pilot.press("space")
        await pilot.pause()
        ticked = "".join(s.text for s in spas.render_line(0))
        unticked = "".join(s.text for s in spas.render_line(1))
        assert "✓" in ticked and "✓" not in unticked


async def test_the_skill_editor_never_touches_the_skill_behind_it(
    make_app: Callable[..., CardsmithApp],
) -> None:
    from cardsmith.tui.screens.dialogs import CellEditor

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await pilot.press("f3")
        await pilot.pause()
        _grid(app).go_to(1, "skill")
        await pilot.press("enter")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, CellEditor)
        for text, said in (("-", "'-' is not"), ("3.5", "'3.5' is not"), ("abc", "'abc' is not")):
            await pilot.press("ctrl+u", *text)
            await pilot.pause()
            assert app.document.force.entries[0].skill == 4  # nothing reached the force
            assert said in str(editor.query_one("#cell-error").render())
            await pilot.press("enter")  # refused: the editor stays, with its reason
            await pilot.pause()
            assert app.screen is editor
        await pilot.press("ctrl+u", "9")
        await pilot.pause()
        assert "from 0 (best) to 7, not 9" in str(editor.query_one("#cell-error").render())
        await pilot.press("ctrl+u", "2", "enter")
        await pilot.pause()
        assert app.document.force.entries[0].skill == 2
        assert not app.document.can_redo and app.document.undo() == "skill 2"


async def test_one_group_for_several_marked_rows(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust")
        await add_by_search(pilot, "atlas")
        await add_by_search(pilot, "griffin grf-1n")
        await pilot.press("f3")
        await pilot.pause()
        grid = _grid(app)
        grid.go_to(1, "unit")
        await pilot.press("space", "down", "down", "space")  # mark #1 and #3
        await pilot.pause()
        assert grid.selected == {1, 3} and "●1" in _row_text(grid, 0)
        grid.go_to(3, "group")
        await pilot.press("enter")
        await pilot.pause()
        assert "#1, #3" in str(app.screen.query_one("#cell-error").render())
        await pilot.press(*"Strike", "enter")
        await pilot.pause()
        assert [e.group for e in app.document.force.entries] == ["Strike", "", "Strike"]
        assert grid.selected == set()


async def test_the_formation_picker_says_what_the_group_fits(
    make_app: Callable[..., CardsmithApp],
) -> None:
    from textual.widgets import OptionList

    from cardsmith.tui.screens.formation_picker import FormationDialog

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        for name in ("locust", "atlas", "griffin grf-1n", "stalker"):
            await add_by_search(pilot, name)
        await pilot.press("f3")
        await pilot.pause()
        grid = _grid(app)
        for row in range(1, 5):
            grid.go_to(row, "unit")
            await pilot.press("space")
        grid.go_to(1, "group")
        await pilot.press("enter", *"Alpha", "enter")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, FormationDialog)
        prompts = [str(o.prompt) for o in dialog.query_one(OptionList).options if o.id]
        fitting = [p for p in prompts if p.startswith("✓")]
        missing = [p for p in prompts if p.startswith("✗")]
        assert fitting and missing
        assert prompts.index(fitting[-1]) < prompts.index(missing[0])  # fits come first
        assert all("needs" in p for p in missing)  # and why not
        # The marks follow the formation rules as the check evaluates them.
        from cardsmith.forces.formations import evaluate, load_formations

        members = app.document.force.members("Alpha")
        fits = {
            f.name
            for f in load_formations().all()
            if evaluate(f, members, group="Alpha", force=app.document.force).qualifies
        }
        assert {p[2:].split("\n")[0] for p in fitting} == fits


async def test_keys_that_do_nothing_say_so(make_app: Callable[..., CardsmithApp]) -> None:
    from textual.message import Message
    from textual.notifications import Notify

    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f3")
        await pilot.pause()
        for key in ("plus", "d", "c", "s", "g", "space", "x", "v"):
            await pilot.press(key)
            await pilot.pause()
        said = [m.notification.message for m in messages if isinstance(m, Notify)]
        assert sum("no units yet" in s for s in said) >= 6, said
        assert any("'x' does nothing here" in s for s in said), said
        assert any("No problems to go to" in s for s in said), said


async def test_settings_take_era_and_faction_and_explain_bad_ones(
    make_app: Callable[..., CardsmithApp],
) -> None:
    import os

    from cardsmith.catalogue.factions import Faction
    from cardsmith.catalogue.store import Catalogue
    from cardsmith.tui.screens.force_settings import ForceSettingsDialog

    with Catalogue.open(Path(os.environ["CARDSMITH_CACHE_DIR"])) as catalogue:
        # SYNTHETIC factions, made up for the test: real MUL lists cannot be reached here.
        catalogue.add_factions(
            [Faction(24, "Clan Wolf"), Faction(25, "Clan Wolf (in Exile)")], source="synthetic"
        )
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("f3", "f")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ForceSettingsDialog)

        async def attempt(field: str, text: str) -> str:
            dialog.query_one(f"#{field}", Input).value = text
            dialog.query_one(f"#{field}", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            return str(dialog.query_one("#settings-error").render())

        assert "Did you mean: Clan Invasion" in await attempt("era", "Clan Invasoin")
        dialog.query_one("#era", Input).value = "Clan Invasion"
        assert "not '3.5'" in await attempt("cap", "3.5")
        assert app.screen is dialog  # refused values keep the dialog open
        dialog.query_one("#cap", Input).value = "250"
        assert "fits 2 factions" in await attempt("faction", "wolf")
        dialog.query_one("#faction", Input).value = "Clan Wolf"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not dialog
        force = app.document.force
        assert (force.cap, force.era, force.faction) == (
            250,
            MulRef(13, "Clan Invasion"),
            MulRef(24, "Clan Wolf"),
        )
        title = str(app.screen.query_one("#force-title").render())
        assert "era Clan Invasion" in title and "faction Clan Wolf" in title
