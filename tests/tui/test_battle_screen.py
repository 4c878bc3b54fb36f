"""The battle screen: open a battle, mark damage and crits, end the round, undo, and Betrayal."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from battle.conftest import entry, make_unit, two_sides
from kit import paste
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Static

from cardsmith.battle import actions, effects
from cardsmith.battle.battle_file import load_battle, save_battle, start_battle
from cardsmith.battle.betrayal import betrayal_target, roll_2d6
from cardsmith.battle.crits import CritKind
from cardsmith.forces.force_file import save_force
from cardsmith.models import ForceEntry
from cardsmith.services.betrayal import roll_seed
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.battle import BattleScreen
from cardsmith.tui.screens.battle_dialogs import AmountDialog, ChoiceDialog, CritDialog
from cardsmith.tui.widgets.battle_grid import PIP_LEFT, PIP_LOST, PIP_STAGED, BattleGrid

from .conftest import SIZE, file_error, ready

RED = "2.1"


def _write_battle(
    tmp_path: Path,
    *,
    red: tuple[ForceEntry, ...] | None = None,
    turn: int = 1,
    packs: tuple[str, ...] = ("betrayal",),
) -> Path:
    """Two force files and a battle file on them, advanced to ``turn``."""
    sample = two_sides(red=red, packs=packs)
    paths = []
    for side in sample.sides:
        path = tmp_path / f"{side.name.lower()}.json"
        save_force(side.force, path)
        paths.append(path)
    out = tmp_path / "battle.json"
    battle = start_battle(paths, out, packs)
    for _ in range(turn - 1):
        battle = actions.end_round(battle)
    save_battle(battle, out)
    return out


def _notes(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


def _cell(app: CardsmithApp, key: str, column: str) -> str:
    return str(app.screen.query_one(BattleGrid).get_cell(key, column))


async def _open(pilot: Pilot[None], path: Path) -> BattleScreen:
    await ready(pilot)
    await pilot.press("f8", "o")
    await pilot.pause()
    await paste(pilot, str(path))
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, BattleScreen)
    return screen


async def _go_to(pilot: Pilot[None], key: str) -> None:
    pilot.app.screen.query_one(BattleGrid).go_to(key)
    await pilot.pause()


async def test_open_a_battle_shows_every_unit(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, path)
        battle = load_battle(path)
        grid = screen.query_one(BattleGrid)
        assert grid.keys == [u.key for u in battle.units]
        blue = battle.units[0]
        unit = battle.entry(blue).unit
        assert _cell(app, blue.key, "armor") == PIP_LEFT * unit.armor
        assert _cell(app, blue.key, "hit") == "/".join(
            str(effects.to_hit(battle.entry(blue), blue, band)) for band in "SML"
        )
        assert "Turn 1" in str(screen.query_one("#battle-title", Static).render())


async def test_an_unreadable_battle_is_explained_in_a_panel(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f8", "o")
        await pilot.pause()
        await paste(pilot, str(broken))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "broken.json" in file_error(app)  # kept until dismissed, not a toast
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen) and screen.session is None


async def test_damage_and_crit_are_staged_then_applied_at_end_of_round(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, path)
        before = load_battle(path)
        unit = before.entry(before.unit(RED)).unit
        move_before = _cell(app, RED, "move")
        await _go_to(pilot, RED)

        # 2 more than the armor: the armor pips and two structure pips turn "staged".
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog)
        await paste(pilot, str(unit.armor + 2))
        await pilot.press("enter")
        await pilot.pause()
        assert _cell(app, RED, "armor") == PIP_STAGED * unit.armor
        assert _cell(app, RED, "structure") == PIP_LEFT * (unit.structure - 2) + PIP_STAGED * 2
        assert "1 staged" in _cell(app, RED, "status")

        # An MP hit: the move halves only once the End Phase has run.
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CritDialog)
        options = [o.id for o in app.screen.query_one("#choices").options]  # type: ignore[attr-defined]
        await pilot.press(*["down"] * options.index(CritKind.MP.value), "enter")
        await pilot.pause()
        assert _cell(app, RED, "move") == move_before
        assert "End Phase" in str(screen.query_one("#battle-detail", Static).render())
        on_disk = load_battle(path)
        assert [c.kind for c in on_disk.pending] == ["damage", "crit"]

        await pilot.press("e")
        await pilot.pause()
        after = load_battle(path)
        state = after.unit(RED)
        assert after.turn == 2 and not after.pending
        assert _cell(app, RED, "armor") == PIP_LOST * unit.armor
        assert _cell(app, RED, "structure") == PIP_LEFT * (unit.structure - 2) + PIP_LOST * 2
        move = effects.current_move(after.entry(state), state, turn=after.turn)
        assert _cell(app, RED, "move") == move.text != move_before
        assert _cell(app, RED, "tmm") == str(move.tmm)
        assert _cell(app, RED, "crits") == "MP"


async def test_undo_takes_back_the_end_of_round_then_the_damage(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot, path)
        await _go_to(pilot, RED)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("3", "enter", "e")
        await pilot.pause()
        assert load_battle(path).turn == 2
        await pilot.press("u")
        await pilot.pause()
        undone = load_battle(path)
        assert (undone.turn, len(undone.pending)) == (1, 1)
        assert _cell(app, RED, "armor").count(PIP_STAGED) == 3
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert load_battle(path).log == ()
        assert PIP_STAGED not in _cell(app, RED, "armor")


async def test_heat_picker_stages_overheat(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot, path)
        await _go_to(pilot, RED)
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("down", "enter")  # "Fired with OV 1"
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert _cell(app, RED, "heat") == "1"
        assert load_battle(path).unit(RED).heat == 1


async def test_betrayal_shows_the_tn_and_a_success_moves_control(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    red = (entry(make_unit("Red Mech", mul_id=-2), skill=5, commander=True),)
    path = _write_battle(tmp_path, red=red, turn=3)
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        screen = await _open(pilot, path)
        await _go_to(pilot, RED)
        expected = betrayal_target(load_battle(path), RED, True)
        assert len(expected.modifiers) == 2  # piloting 5 and commander

        panel_text = str(screen.query_one("#betrayal-text", Static).render())
        assert f"base TN {expected.base_tn}" in panel_text
        for mod in expected.modifiers:
            assert f"{mod.value:+d}  {mod.label}" in panel_text
        assert f"TN {expected.tn}" in panel_text
        assert "not within 10 hexes" in panel_text

        await pilot.press("t", "g")  # within 10 hexes; objective: the first (flee)
        await pilot.pause()
        panel_text = str(screen.query_one("#betrayal-text", Static).render())
        assert "May be tested now" in panel_text

        await pilot.press("b", "1", "2", "enter")
        await pilot.pause()
        after = load_battle(path)
        state = after.unit(RED)
        assert state.controller == 1 and state.side == 2
        assert (state.weapon_penalty, state.piloting_penalty) == (1, 1)
        assert state.objective == "flee"
        assert _cell(app, RED, "side").startswith("⇄")
        assert any("success" in note for note in _notes(messages))


async def test_seeded_betrayal_roll_is_recorded(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path, turn=3)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot, path)
        await _go_to(pilot, RED)
        seed = roll_seed(path, load_battle(path), RED)
        await pilot.press("t", "g", "r")
        await pilot.pause()
        change = load_battle(path).log[-1]
        assert change.kind == "betrayal"
        assert change.get("roll") == roll_2d6(seed)


async def test_betrayal_too_early_is_refused_with_reasons(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path, turn=2)
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await _open(pilot, path)
        await _go_to(pilot, RED)
        await pilot.press("t", "g", "b", "1", "2", "enter")
        await pilot.pause()
        assert load_battle(path).log[-1].kind == "end-round"  # nothing recorded
        assert any("turn 2" in note for note in _notes(messages))


async def test_start_a_battle_from_the_open_force(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    sample = two_sides()
    blue, red = tmp_path / "blue.json", tmp_path / "red.json"
    save_force(sample.sides[0].force, blue)
    save_force(sample.sides[1].force, red)
    app = make_app(force_path=blue)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f8", "n")
        await pilot.pause()
        await paste(pilot, str(red))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        out = tmp_path / "blue-battle.json"
        battle = load_battle(out)
        assert [s.name for s in battle.sides] == ["Blue", "Red"]
        assert app.screen.query_one(BattleGrid).keys == [u.key for u in battle.units]


async def test_changes_made_outside_are_read_again_on_return(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = _write_battle(tmp_path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot, path)
        await pilot.press("f4")  # away to another screen, while the CLI marks a wound
        save_battle(actions.wound(load_battle(path), RED, now=True), path)
        await pilot.press("f8")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "wounds 1" in _cell(app, RED, "status")
