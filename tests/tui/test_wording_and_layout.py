"""Small things a player reads: counts in the singular, the new-force state, help and cards that fit."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import DataTable

from cardsmith import services
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.help import HelpScreen
from cardsmith.tui.widgets.unit_card import UnitCard

from .conftest import SIZE, add_by_search, ready


def _text(app: CardsmithApp, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_one_unit_is_counted_in_the_singular(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        force_part = _text(app, "#status").split("│")[-1]
        assert "1 unit," in force_part and "units" not in force_part
        await pilot.press("f3")
        await pilot.pause()
        totals = _text(app, "#totals")
        assert "1 unit" in totals and "unit(s)" not in totals


async def test_a_new_force_is_new_not_saved(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f3")
        await pilot.pause()
        title = _text(app, "#force-title")
        assert "not saved yet" in title and "(new)" in title and "(saved)" not in title


async def test_long_help_details_wrap_instead_of_being_cut(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        table = app.screen.query_one(DataTable)
        (battle,) = [row for row in app.screen.rows if row[1] == "Battle"]
        assert len(battle[2]) > list(table.columns.values())[2].width
        heights = [row.height for row in table.rows.values()]
        assert max(heights) > 1


async def test_reference_explains_its_marker(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f4")
        await pilot.pause()
        legend = _text(app, "#specials-legend")
        assert "marked •" in legend and "reference list" in legend and "catalogue" in legend
        # The marker stands exactly on the codes the reference list explains, and on no code
        # that was only found in the catalogue.
        table = app.screen.query_one("#specials", DataTable)
        marked = {
            str(table.get_row_at(row)[0]).removesuffix(" •"): str(table.get_row_at(row)[0])
            for row in range(table.row_count)
        }
        listed = {code for code, row in services.glossary().items() if row.seed}
        assert listed and {code for code, cell in marked.items() if cell.endswith(" •")} == listed
        assert set(marked) - listed, "codes found only in the catalogue are listed unmarked"


async def test_force_card_fits_its_damage_line(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=(200, 50)) as pilot:  # wide enough to show the card
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        await pilot.press("f3")
        await pilot.pause()
        card = app.screen.query_one("#entry-card", UnitCard)
        assert card.display and card.parent is not None and card.parent.display
        lines = str(card.render()).splitlines()
        (damage,) = [line for line in lines if "DMG" in line]
        assert "L " in damage and damage.count("(TN") == 3
