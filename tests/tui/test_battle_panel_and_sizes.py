"""The battle screen's Betrayal panel keys and texts, and its grid from 80×24 to 200×50 (issue 15)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from battle.conftest import entry, make_unit
from textual.widgets import Checkbox, DataTable, Static

from cardsmith.battle.battle_file import load_battle
from cardsmith.rules.engine import load_pack
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.help import HelpScreen
from cardsmith.tui.widgets.battle_betrayal import BetrayalPanel
from cardsmith.tui.widgets.battle_grid import BattleGrid

from .test_battle_screen import RED, _open, _write_battle


def _panel_text(app: CardsmithApp) -> str:
    return str(app.screen.query_one("#betrayal-text", Static).render())


async def test_b_puts_focus_where_t_g_and_r_keep_working(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path, turn=3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot, path)
        screen.query_one(BattleGrid).go_to(RED)
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        panel = screen.query_one(BetrayalPanel)
        assert app.focused is panel
        assert not panel.within_10 and panel.objective == ""
        await pilot.press("t", "g")
        await pilot.pause()
        assert panel.within_10 and panel.objective == "flee"
        assert app.focused is panel
        # The toggle says its state in text, not by colour alone (NO_COLOR).
        box = screen.query_one("#within-10", Checkbox)
        drawn = "".join(segment.text for segment in box.render_line(0))
        assert "✓" in drawn and "Within 10 hexes (t)" in drawn and "[x]" not in drawn
        await pilot.press("t")
        await pilot.pause()
        drawn = "".join(segment.text for segment in box.render_line(0))
        assert "✓" not in drawn and "Within 10 hexes (t)" in drawn
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("r")  # the seeded dice: a test is recorded either way
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert [c.kind for c in load_battle(path).log][-1] == "betrayal"


async def test_f1_lists_the_betrayal_keys_from_the_panel(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path, turn=3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot, path)
        screen.query_one(BattleGrid).go_to(RED)
        await pilot.press("b", "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        listed = {key: does for key, does, _tip, enabled in app.screen.rows if enabled}
        for key, does in (
            ("t", "Within 10"),
            ("g", "Objective"),
            ("a", "Designate"),
            ("r", "Roll"),
        ):
            assert listed.get(key) == does, (key, sorted(listed))
        assert "Apply roll" in listed.values()  # Enter, while the panel has focus


async def test_the_status_is_true_before_an_objective_and_after_the_turn(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path, turn=3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot, path)
        screen.query_one(BattleGrid).go_to(RED)
        await pilot.press("b", "t")
        await pilot.pause()
        assert "May be tested once an objective is chosen." in _panel_text(app)
        assert "May be tested now" not in _panel_text(app)
        await pilot.press("g")
        await pilot.pause()
        assert "May be tested now." in _panel_text(app)
        await pilot.press("1", "2", "enter")  # a 12 turns any unit here (TN 9)
        await pilot.pause()
        assert load_battle(path).unit(RED).controller == 1
        text = _panel_text(app)
        assert "Turned: fights for Blue (objective flee)." in text
        assert "May be tested" not in text


async def test_a_designated_objective_is_fixed_in_the_panel(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path, turn=1)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot, path)
        screen.query_one(BattleGrid).go_to(RED)
        await pilot.press("b", "g", "g", "g", "a")  # D sabotage, designated
        await app.workers.wait_for_complete()
        await pilot.pause()
        battle = load_battle(path)
        assert [(c.kind, c.get("objective")) for c in battle.log] == [("designate", "sabotage")]
        panel = screen.query_one(BetrayalPanel)
        await pilot.press("g")
        await pilot.pause()
        assert panel.objective == "sabotage"
        assert "Objective fixed at designation: sabotage" in _panel_text(app)


async def test_the_panel_shows_player_facing_notes_only(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    red = (entry(make_unit("Red Mech", mul_id=-2), commander=True),)
    path = _write_battle(tmp_path, red=red, turn=3)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot, path)
        screen.query_one(BattleGrid).go_to(RED)
        await pilot.pause()
        text = _panel_text(app)
        assert "lower TN makes the turn easier" in text
        for developer_words in ("pack description", "recorded as", "see the", "cardsmith"):
            assert developer_words not in text
        notes = [m.note for m in load_pack("betrayal").optional["betrayal"].modifiers]
        assert all("recorded as" not in n and "pack description" not in n for n in notes)


def _visible_headers(grid: DataTable[object]) -> list[str]:
    """Headers of the columns inside the grid's viewport (pinned ones included)."""
    left, width = grid.scroll_x, grid.scrollable_content_region.width
    pinned = sum(c.get_render_width(grid) for c in grid.ordered_columns[: grid.fixed_columns])
    shown, x = [], 0
    for index, column in enumerate(grid.ordered_columns):
        w = column.get_render_width(grid)
        if index < grid.fixed_columns or (x >= left + pinned and x + w <= left + width):
            shown.append(str(column.label))
        x += w
    return shown


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)])
async def test_the_grid_reaches_every_column_with_the_name_pinned(
    make_app: Callable[..., CardsmithApp], tmp_path: Path, size: tuple[int, int]
) -> None:
    path = _write_battle(tmp_path)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        screen = await _open(pilot, path)
        grid = screen.query_one(BattleGrid)
        headers = [str(c.label) for c in grid.ordered_columns]
        assert headers[:2] == ["#", "Unit"] and grid.fixed_columns == 2
        seen = set(_visible_headers(grid))
        for _ in range(40):  # → until the grid is scrolled as far right as it goes
            if grid.scroll_x >= grid.max_scroll_x:
                break
            await pilot.press("right")
            await pilot.pause()
            now = _visible_headers(grid)
            assert now[:2] == ["#", "Unit"]  # pinned while scrolling sideways
            seen.update(now)
        assert grid.scroll_x == grid.max_scroll_x
        assert seen == set(headers)
        if size[0] >= 120:
            assert set(_visible_headers(grid)) == set(headers)  # all at once, no scrolling
        used = sum(c.get_render_width(grid) for c in grid.ordered_columns)
        if size[0] == 200:
            assert used > 150  # it widens to use the terminal
            assert grid.ordered_columns[1].width >= 30


async def test_the_grid_widens_and_narrows_with_the_terminal(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path)
    app = make_app()
    async with app.run_test(size=(200, 50)) as pilot:
        screen = await _open(pilot, path)
        grid = screen.query_one(BattleGrid)
        wide = grid.ordered_columns[1].width
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert grid.ordered_columns[1].width < wide
        assert len(grid.keys) == grid.row_count == len(load_battle(path).units)
