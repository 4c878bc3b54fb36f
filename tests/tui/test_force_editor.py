"""The force editor: skill keys, in-place edits, SPAs, remove/duplicate/reorder, undo/redo."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import SelectionList

from cardsmith.forces.pricing import adjusted_pv, force_pv
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.force import ForceScreen
from cardsmith.tui.screens.spa_picker import SpaPicker
from cardsmith.tui.widgets.force_grid import ForceGrid

from .conftest import SIZE, add_by_search, ready


def _grid(app: CardsmithApp) -> ForceGrid:
    return app.screen.query_one(ForceGrid)


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
        assert str(_grid(app).get_cell_at((0, 6))) == str(adjusted_pv(base, 3))
        assert f"Total {adjusted_pv(base, 3)}" in _totals(app)
        await pilot.press("plus", "plus")  # skill 5
        await pilot.pause()
        assert app.document.force.entries[0].skill == 5
        assert f"Total {adjusted_pv(base, 5)}" in _totals(app)
        assert str(_grid(app).get_cell_at((0, 7))) == "5+ 7+ 9+"


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
        assert str(_grid(app).get_cell_at((0, 4))) == "3"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.document.force.entries[0].skill == 4
        await pilot.press("ctrl+z")  # undo the add itself
        await pilot.pause()
        assert app.document.force.entries == ()
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
        names = lambda: [e.name for e in app.document.force.entries]  # noqa: E731
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
        assert "Marksman" in str(_grid(app).get_cell_at((0, 8)))
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
        assert str(_grid(app).get_cell_at((0, 7))) == "4+ 6+ 8+"
        app.apply_force(set_entry(app.document.force, 1, spas=["sniper"]), "SPAs")
        await pilot.pause()
        entry = app.document.force.entries[0]
        numbers = card_numbers(entry.unit, entry.skill, entry.spas).target_numbers
        expected = f"{numbers['S']}+ {numbers['M']}+ {numbers['L']}+"
        assert expected != "4+ 6+ 8+"
        assert str(_grid(app).get_cell_at((0, 7))) == expected
