"""The validation panel: live violations with hints, jumping to rows, formation status."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import OptionList

from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.editing import add_entry, new_force, set_group
from cardsmith.forces.force_file import save_force
from cardsmith.paths import cache_dir
from cardsmith.rules.engine import check_force, load_pack
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.force import ForceScreen
from cardsmith.tui.widgets.force_grid import ForceGrid
from cardsmith.tui.widgets.validation import ValidationPanel

from .conftest import SIZE, ready


def _tournament_file(tmp_path: Path, names: list[str]) -> Path:
    force = new_force("Iron Fist", pack="tournament-300")
    with Catalogue.open(cache_dir()) as catalogue:
        for name in names:
            force = add_entry(force, catalogue.find_by_name(name)[0])
    path = tmp_path / "iron-fist.json"
    save_force(force, path)
    return path


async def test_violations_are_listed_and_jump_to_their_row(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    # Three Locusts break the two-per-chassis limit; the third one is entry 4.
    path = _tournament_file(
        tmp_path, ["Atlas AS7-D", "Locust LCT-1V", "Locust LCT-1V", "Locust LCT-1V"]
    )
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert isinstance(app.screen, ForceScreen)
        panel = app.screen.query_one(ValidationPanel)
        assert panel.verdict is not None and not panel.verdict.legal
        expected = check_force(app.document.force, load_pack("tournament-300"))
        assert [v.rule_id for v in panel.verdict.violations] == [
            v.rule_id for v in expected.violations
        ]
        problems = panel.query_one("#problems", OptionList)
        assert problems.option_count == len(expected.violations)
        copies = next(
            i for i, v in enumerate(panel.verdict.violations) if v.rule_id == "chassis-copies"
        )
        target = panel.verdict.violations[copies].entries[0][0]
        assert "chassis-copies" in str(problems.get_option_at_index(copies).prompt)
        await pilot.press("v")  # to the panel
        problems.highlighted = copies
        await pilot.press("enter")
        await pilot.pause()
        grid = app.screen.query_one(ForceGrid)
        assert app.focused is grid
        assert grid.entry_index == target


async def test_panel_follows_edits(make_app: Callable[..., CardsmithApp], tmp_path: Path) -> None:
    path = _tournament_file(
        tmp_path, ["Atlas AS7-D", "Locust LCT-1V", "Locust LCT-1V", "Locust LCT-1V"]
    )
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        panel = app.screen.query_one(ValidationPanel)

        def rules() -> set[str]:
            assert panel.verdict is not None
            return {v.rule_id for v in panel.verdict.violations}

        assert "chassis-copies" in rules()
        app.screen.query_one(ForceGrid).go_to(4)
        await pilot.press("delete")
        await pilot.pause()
        assert "chassis-copies" not in rules()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "chassis-copies" in rules()
        # Skill 7 is outside the pack's 2-6 range: a new problem appears at once.
        app.screen.query_one(ForceGrid).go_to(1)
        await pilot.press("plus", "plus", "plus")
        await pilot.pause()
        assert "skill-range" in rules()
        assert "not legal" in str(panel.query_one("#verdict").render()).casefold()


async def test_formation_status_per_group(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    force = new_force("Lance", pack="standard")
    with Catalogue.open(cache_dir()) as catalogue:
        for name in ["Atlas AS7-D", "Awesome AWS-8Q", "Stalker STK-3F", "Highlander HGN-732"]:
            force = add_entry(force, catalogue.find_by_name(name)[0], group="Command")
    force = set_group(force, "Command", formation="battle")
    path = tmp_path / "lance.json"
    save_force(force, path)
    app = make_app(force_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        text = str(app.screen.query_one("#formations").render())
        assert "Command" in text
        assert "Battle" in text


async def test_group_and_formation_from_the_keyboard(
    make_app: Callable[..., CardsmithApp],
) -> None:
    from cardsmith.tui.screens.formation_picker import FormationDialog

    from .conftest import add_by_search

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "atlas")
        await pilot.press("f3")
        grid = app.screen.query_one(ForceGrid)
        grid.go_to(1, "group")
        await pilot.press("enter", *"Alpha", "enter")
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, FormationDialog)
        options = dialog.query_one(OptionList)
        battle = next(
            i for i in range(options.option_count) if options.get_option_at_index(i).id == "battle"
        )
        options.highlighted = battle
        await pilot.press("enter")
        await pilot.pause()
        alpha = app.document.force.group("Alpha")
        assert alpha is not None
        assert alpha.formation == "battle"
        text = str(app.screen.query_one("#formations").render())
        assert "Alpha" in text and "✗" in text  # one unit is not a formation yet
