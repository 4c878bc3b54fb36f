"""The campaign screen: create, add warriors, post-game with real dice, undo, re-roll, print."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from kit import paste
from pypdf import PdfReader
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton, Select, SelectionList

from cardsmith import campaign as cp
from cardsmith.services import campaign as svc
from cardsmith.services import campaign_view as view
from cardsmith.tables.model import StatChange
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.campaign import CampaignScreen
from cardsmith.tui.screens.campaign_dialogs import (
    AddWarriorDialog,
    CampaignPrintDialog,
    ChoiceDialog,
    ConfirmDialog,
    DiceDialog,
    NewCampaignDialog,
)
from cardsmith.tui.screens.campaign_postgame import (
    DiceModeDialog,
    PostGameDialog,
    ReviewDialog,
)
from cardsmith.tui.widgets.campaign_log import CampaignLog
from cardsmith.tui.widgets.campaign_roster import RosterGrid

from .conftest import SIZE, file_error, ready

START = {
    "move": 6,
    "shooting": 4,
    "fighting": 3,
    "strength": 3,
    "toughness": 3,
    "attacks": 1,
    "wounds": 1,
    "courage": 2,
    "glory": 0,
    "luck": 0,
}
WARRIORS = (("Док", "hero"), ("Slim", "hired-gun"), ("Shorty", "hired-gun"))


def _notes(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


def _screen(app: CardsmithApp) -> CampaignScreen:
    screen = app.get_screen("campaign")
    assert isinstance(screen, CampaignScreen)
    return screen


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.pause()


async def _create(pilot: Pilot[None], path: Path) -> None:
    """F7, n: a Wild West campaign at ``path`` with the three warriors of WARRIORS."""
    app = pilot.app
    await pilot.press("f7", "n")
    await _settle(pilot)
    assert isinstance(app.screen, NewCampaignDialog)
    app.screen.query_one("#campaign-path", Input).value = str(path)
    # An Alpha Strike tool starts an Alpha Strike campaign; the Wild West pack is picked.
    pack = app.screen.query_one("#campaign-pack", Select)
    assert pack.value == "alpha-strike-pilots"
    pack.value = "old-west"
    await pilot.press(*"Red Gang", "enter")
    await _settle(pilot)
    for name, kind in WARRIORS:
        await pilot.press("w")
        await _settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, AddWarriorDialog)
        dialog.query_one("#warrior-kind", Select).value = kind
        for stat, value in START.items():
            dialog.query_one(f"#stat-{stat}", Input).value = str(value)
        dialog.query_one("#warrior-name", Input).focus()
        await pilot.press(*name, "enter")
        await _settle(pilot)


async def _type(pilot: Pilot[None], text: str) -> None:
    await pilot.press(*text.replace(" ", ""), "enter")
    await _settle(pilot)


async def test_create_post_game_with_real_dice_undo_reroll_and_print(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = tmp_path / "gang.json"
    pdf = tmp_path / "roster.pdf"
    tables = svc.tables()
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await _create(pilot, path)
        screen = _screen(app)
        assert app.screen is screen
        assert [w.name for w in cp.replay(cp.load_campaign(path)).warriors] == [
            n for n, _ in WARRIORS
        ]

        # Post-game: Док taken out (+2 XP), Slim and Shorty roll advances, own dice.
        await pilot.press("p")
        await _settle(pilot)
        form = app.screen
        assert isinstance(form, PostGameDialog)
        assert form.focused is form.query_one("#opponent")  # the first field, at once
        await pilot.press(*"Los Bandidos", "enter")  # on to the warriors
        await pilot.press("o", "2", "down", "a", "down", "a")
        form.query_one("#mode-own", RadioButton).value = True
        form.query_one("#dice-entered", Input).value = "2 2 6"
        await pilot.press("ctrl+r")
        await _settle(pilot)
        # Док D66 22 = Leg wound; Slim D6 6 = promoted.  Shorty's die is asked for: a 6
        # is re-rolled (one promotion per game), so a second die is asked for: 3.
        assert isinstance(app.screen, DiceDialog)
        await _type(pilot, "6")
        assert isinstance(app.screen, DiceDialog)
        await _type(pilot, "3")
        assert isinstance(app.screen, ChoiceDialog)
        assert "+1 Shooting or +1 Fighting" in app.screen.prompt
        await pilot.press("2")  # +1 Fighting
        await _settle(pilot)
        review = app.screen
        assert isinstance(review, ReviewDialog)
        assert "Leg wound" in review.text and "Move 6 → 5" in review.text
        assert review.focused is review.query_one("#yes")
        await pilot.press("y")
        await _settle(pilot)
        roster = cp.replay(cp.load_campaign(path))
        doc, slim, shorty = (roster.find(n) for n, _ in WARRIORS)
        assert doc.stat("move") == 5 and doc.xp == 2
        assert slim.kind == "hero" and slim.stat("glory") == 1
        assert shorty.kind == "hired-gun" and shorty.stat("fighting") == 4
        injury_roll = next(
            e for e in cp.load_campaign(path).log if e.action == "roll" and e.warrior == doc.id
        )
        assert injury_roll.data["outcome"]["roll"]["source"] == "entered"

        # Undo Shorty's advancement (the last entry; the log cursor sits on it).
        await pilot.press("l", "u")
        await _settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await _settle(pilot)
        assert cp.replay(cp.load_campaign(path)).find("Shorty").stat("fighting") == 3

        # Replace Док's injury roll with the dice really rolled: 34.
        log = screen.query_one(CampaignLog)
        log.move_cursor(row=[line.seq for line in log.lines].index(injury_roll.seq))
        await pilot.press("r")
        await _settle(pilot)
        assert isinstance(app.screen, DiceModeDialog)
        app.screen.query_one("#mode-own", RadioButton).value = True
        await _type(pilot, "3 4")
        assert isinstance(app.screen, ReviewDialog)
        await pilot.press("y")
        await _settle(pilot)

        # The roster on screen is the roster the saved log replays to.
        saved = cp.load_campaign(path)
        grid = screen.query_one(RosterGrid)
        assert grid.shown == view.roster_rows(saved)
        assert [row[1] for row in grid.cells()] == [w.name for w in grid.shown]
        doc_after = cp.replay(saved).find("Док")
        arm = tables.tables["serious-injury"].entry_for(34)
        (effect,) = arm.effects
        assert isinstance(effect, StatChange)
        assert doc_after.stat("move") == START["move"]
        assert doc_after.stat(effect.stat) == START[effect.stat] + effect.delta.fixed

        # Print the roster sheet in a worker; the notification says where it went.
        await pilot.press("f6")
        await _settle(pilot)
        assert isinstance(app.screen, CampaignPrintDialog)
        app.screen.query_one("#pdf-path", Input).value = str(pdf)
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await screen.workers.wait_for_complete()
        await _settle(pilot)
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Red Gang" in text and "Shorty" in text
    assert any(str(pdf) in note for note in _notes(messages))


async def test_unreadable_campaign_is_explained_in_a_panel(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardsmith-campaign", "version": 1, "log": [', "utf-8")
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f7", "o")
        await _settle(pilot)
        await paste(pilot, str(broken))
        await pilot.press("enter")
        await _settle(pilot)
        assert app.is_running
        assert _screen(app).campaign is None
        assert "broken.json" in file_error(app)  # kept until dismissed, not a toast
        await pilot.press("enter")
        await _settle(pilot)
        assert not file_error(app)
        # With no campaign open, the actions on a campaign say why they do nothing.
        assert "No campaign open" in (_screen(app).why_not("post_game") or "")


async def test_stopping_midway_saves_nothing(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = tmp_path / "gang.json"
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await _create(pilot, path)
        before = path.read_bytes()
        await pilot.press("p")
        await _settle(pilot)
        form = app.screen
        assert isinstance(form, PostGameDialog)
        await pilot.press("enter", "down", "a")  # Slim advances
        form.query_one("#mode-own", RadioButton).value = True
        await pilot.press("ctrl+r")
        await _settle(pilot)
        assert isinstance(app.screen, DiceDialog)
        await pilot.press("escape")
        await _settle(pilot)
        assert cast(object, app.screen) is _screen(app)
        assert path.read_bytes() == before


def _captive_campaign(path: Path) -> None:
    """A Wild West campaign on disk whose hero (w1) was captured in game 1 (injury 62)."""
    from cardsmith.campaign.campaign_file import save_campaign
    from cardsmith.tables import Dice, ScriptedChooser

    tables = svc.tables()
    # An outlaw gang: seed 002 offers the bounty only for a captured Outlaw.
    state = cp.new_campaign("Red Gang", "old-west", tables, ["shooting"], team="outlaws")
    state, _ = cp.add_warrior(state, tables, "Док", "hero", START, ["Revolver"])
    state, _ = cp.add_warrior(state, tables, "Slim", "hired-gun", START)
    state = cp.record_game(state, "Los Bandidos", "loss")
    state = cp.roll_for(
        state, tables, "w1", "injury", Dice.own([6, 2]), ScriptedChooser(())
    ).campaign
    assert cp.replay(state).find("w1").status == "captured"
    save_campaign(state, path)


async def test_release_a_captured_warrior(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = tmp_path / "gang.json"
    _captive_campaign(path)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f7")
        await _settle(pilot)
        screen = _screen(app)
        assert screen.open_path(path)
        await _settle(pilot)
        grid = screen.query_one(RosterGrid)
        grid.focus()
        grid.move_cursor(row=[row.id for row in grid.shown].index("w2"))
        await _settle(pilot)
        assert "Slim is not captured" in (screen.why_not("release") or "")
        grid.move_cursor(row=[row.id for row in grid.shown].index("w1"))
        await _settle(pilot)
        assert screen.why_not("release") is None
        await pilot.press("x")
        await _settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press(str(cp.RELEASES.index("ransom") + 1))
        await _settle(pilot)
        doc = cp.replay(cp.load_campaign(path)).find("w1")
        assert doc.status == "active" and doc.equipment
        assert cp.load_campaign(path).log[-1].action == "release"
        assert screen.why_not("release") is not None  # free again


async def test_hand_a_captive_to_the_law_with_own_dice(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    path = tmp_path / "gang.json"
    _captive_campaign(path)
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f7")
        await _settle(pilot)
        screen = _screen(app)
        assert screen.open_path(path)
        grid = screen.query_one(RosterGrid)
        grid.focus()
        grid.move_cursor(row=[row.id for row in grid.shown].index("w1"))
        await _settle(pilot)
        await pilot.press("x", str(cp.RELEASES.index("bounty") + 1))
        await _settle(pilot)
        assert isinstance(app.screen, DiceModeDialog)
        app.screen.query_one("#mode-own", RadioButton).value = True
        await _type(pilot, "")  # no dice typed yet: they are asked for
        assert isinstance(app.screen, DiceDialog)
        await _type(pilot, "4")
        doc = cp.replay(cp.load_campaign(path)).find("w1")
        assert doc.status == "gone" and not doc.equipment
        assert any("$20" in note for note in _notes(messages))  # D6x5 with a 4


async def test_new_campaign_offers_skill_tables_only_for_a_pack_that_has_them(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f7", "n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewCampaignDialog)
        heading = dialog.query_one("#campaign-preferred-label")
        tables = dialog.query_one("#campaign-preferred", SelectionList)
        for pack, _title in view.pack_choices():
            dialog.query_one("#campaign-pack", Select).value = pack
            await pilot.pause()
            offered = bool(view.skill_table_choices(pack))
            # The Alpha Strike pack has none: no heading over an empty list.
            assert heading.display is offered and tables.display is offered, pack
            assert tables.option_count == len(view.skill_table_choices(pack))
        assert {p for p, _ in view.pack_choices() if not view.skill_table_choices(p)}
