"""The catalogue screen: search as you type, filters, sorting, preview, adding."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from kit import paste
from textual.widgets import Input, Select
from textual.worker import WorkerFailed

from cardsmith.catalogue.dump import record
from cardsmith.catalogue.store import Catalogue
from cardsmith.models import Unit
from cardsmith.paths import cache_dir
from cardsmith.services.catalogue import FilterText
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.widgets.filters import FilterDialog, open_filters
from cardsmith.tui.widgets.result_columns import cell_text
from cardsmith.tui.widgets.results import ResultsTable
from cardsmith.tui.widgets.unit_card import UnitCard

from .conftest import SIZE, add_by_search, ready, search


def _names(app: CardsmithApp) -> list[str]:
    return [row.name for row in app.screen.query_one(ResultsTable).shown]


async def test_starts_on_catalogue_with_search_focused(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert isinstance(app.screen, CatalogueScreen)
        assert isinstance(app.focused, Input) and app.focused.id == "search"
        assert len(_names(app)) > 20  # the starter catalogue, listed before any typing


async def test_typing_shows_matching_rows_and_preview(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await search(pilot, "atlas")
        assert _names(app) == ["Atlas AS7-D"]
        card = app.screen.query_one("#preview", UnitCard)
        assert "Atlas AS7-D" in str(card.render())
        await pilot.press("backspace", "backspace", "backspace", "backspace", "backspace")
        await search(pilot, "grifin")  # a typo still finds the Griffins
        assert any(name.startswith("Griffin") for name in _names(app))


def _cards_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the name of each unit whose card the preview draws ("None": no unit)."""
    drawn: list[str] = []
    show = UnitCard.show

    def counted(card: UnitCard, item: object) -> None:
        drawn.append(getattr(item, "name", str(item)))
        show(card, item)  # type: ignore[arg-type]

    monkeypatch.setattr(UnitCard, "show", counted)
    return drawn


async def test_the_card_is_drawn_once_the_cursor_rests(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Holding ↓ through the results does not draw a card for every row it passes."""
    from cardsmith.tui.screens import catalogue

    # Longer than the keys take even on a loaded machine (the app's own rest is 60 ms).
    monkeypatch.setattr(catalogue, "PREVIEW_DELAY", 1.0)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")  # to the results
        drawn = _cards_drawn(monkeypatch)
        await pilot.press(*["down"] * 8)
        assert drawn == []
        for _ in range(400):
            if drawn:
                break
            await pilot.pause(0.01)
        await pilot.pause(0.05)
        table = app.screen.query_one(ResultsTable)
        assert table.cursor_row == 8
        assert drawn == [table.shown[8].name]


async def test_a_letter_that_keeps_the_top_row_keeps_its_card(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The card under the first row is not read and laid out again when a letter keeps it."""
    from cardsmith.tui.screens import catalogue

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await search(pilot, "griff")
        card = app.screen.query_one("#preview", UnitCard)
        first = _names(app)[0]
        assert first.startswith("Griffin") and first in str(card.render())
        drawn = _cards_drawn(monkeypatch)
        await search(pilot, "in")  # "griffin": the same first row
        assert _names(app)[0] == first
        assert drawn == []
        await pilot.press("ctrl+u")  # every unit: another first row, another card
        await ready(pilot)
        other = _names(app)[0]
        assert other != first
        assert drawn == [other]
        await search(pilot, "griffin")
        assert drawn[0] == other and drawn[-1] == first  # the Griffin's card is back
        # Straight from the Griffin to nothing found, and back: no card rests in between.
        monkeypatch.setattr(catalogue, "PREVIEW_DELAY", 1.0)
        drawn.clear()
        for text in ("zzyzx", "griffin"):
            await pilot.press("ctrl+u")
            await paste(pilot, text)
            await ready(pilot)
        assert drawn == ["None", first]  # the card said so once, then showed the Griffin
        assert first in str(card.render())


async def test_filters_narrow_the_results(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        everything = len(_names(app))
        await pilot.press("ctrl+g")
        dialog = app.screen
        assert isinstance(dialog, FilterDialog)
        assert dialog.focused is dialog.query_one("#type", Select)  # the first field, at once
        dialog.query_one("#type", Select).value = "CV"
        dialog.query_one("#pv-min", Input).focus()
        await pilot.press("2", "0", "enter")  # Enter applies
        await ready(pilot)
        shown = app.screen.query_one(ResultsTable).shown
        assert shown and all(row.pv >= 20 and row.type == "CV" for row in shown)
        summary = str(app.screen.query_one("#filter-summary").render())
        assert "CV" in summary and "PV 20–…" in summary
        await pilot.press("ctrl+l")
        await ready(pilot)
        assert len(_names(app)) == everything


async def test_sorting_by_pv(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")  # to the results
        table = app.screen.query_one(ResultsTable)
        while table.sort_column != "pv":
            await pilot.press("s")
        pvs = [row.pv for row in table.shown]
        assert pvs == sorted(pvs)
        await pilot.press("r")
        pvs = [row.pv for row in table.shown]
        assert pvs == sorted(pvs, reverse=True)
        # A click on a column header sorts by that column.
        x = next(x for x in range(table.size.width) if table._column_at(x) == "size")
        await pilot.click(ResultsTable, offset=(x, 0))
        sizes = [row.size for row in table.shown]
        assert table.sort_column == "size" and sizes == sorted(sizes)


async def test_enter_adds_the_highlighted_unit(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await add_by_search(pilot, "locust", presses=2)
        assert [e.name for e in app.document.force.entries] == ["Locust LCT-1V"] * 2
        assert app.document.dirty


async def test_unit_without_stats_is_marked_and_not_added(
    make_app: Callable[..., CardsmithApp],
) -> None:
    folder = cache_dir()
    with Catalogue.open(folder) as catalogue:
        catalogue.add([record(Unit(mul_id=999_001, name="Zzyzx Training Rig"))], source="test")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await search(pilot, "zzyzx")
        table = app.screen.query_one(ResultsTable)
        assert [row.name for row in table.shown] == ["Zzyzx Training Rig"]
        assert "no AS stats" in cell_text(table.shown[0], "name")
        await pilot.press("enter", "enter")  # to the results, then try to add
        await pilot.pause()
        assert app.document.force.entries == ()
        preview = str(app.screen.query_one("#preview", UnitCard).render())
        assert "no alpha strike stats" in preview.casefold()


async def test_fetch_failure_is_a_notification(make_app: Callable[..., CardsmithApp]) -> None:
    from textual.message import Message
    from textual.notifications import Notify

    messages: list[Message] = []
    app = make_app()  # CARDSMITH_MUL_URL points at a closed local port (tests/conftest.py)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await search(pilot, "atlas")
        await pilot.press("f5")
        with pytest.raises(WorkerFailed):  # the worker fails; the app must not
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running
        errors = [
            m.notification
            for m in messages
            if isinstance(m, Notify) and m.notification.severity == "error"
        ]
        assert errors, "a failed fetch must say so"
        assert app.net_state == "unreachable"
        assert "unreachable" in str(app.screen.query_one("#net-state").render())
        (error,) = errors
        assert "could not be reached" in error.message


async def test_offline_mode_does_not_fetch(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app(offline=True)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert "offline" in str(app.screen.query_one("#net-state").render())
        assert app.screen.check_action("fetch", ()) is False


async def test_a_catalogue_that_cannot_open_is_reported(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    from textual.message import Message
    from textual.notifications import Notify

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be", encoding="utf-8")
    messages: list[Message] = []
    app = make_app(cache_dir=blocker / "cache")
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        catalogue = app.get_screen("catalogue")
        assert isinstance(catalogue, CatalogueScreen)
        for _ in range(100):  # the load starts after the first frame
            with contextlib.suppress(WorkerFailed):  # it may have failed already
                await app.workers.wait_for_complete()
            await pilot.pause()
            if catalogue.load_error:
                break
        assert app.is_running
        assert "could not be opened" in str(app.screen.query_one("#status").render())
        assert any(isinstance(m, Notify) and m.notification.severity == "error" for m in messages)


# -- a player's pace --------------------------------------------------------------------------


def type_fast(app: CardsmithApp, *keys: str) -> None:
    """Hand the app every key at once, as a terminal does when the app falls behind."""
    from textual import events

    assert app._driver is not None
    for key in keys:
        char = key if len(key) == 1 else None
        event = events.Key({" ": "space", "/": "slash"}.get(key, key), char)
        event.set_sender(app)
        app._driver.send_message(event)


async def test_keys_typed_fast_follow_the_focus_in_the_pv_fields(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+g")
        app.screen.query_one("#pv-min", Input).focus()
        await pilot.pause()
        type_fast(app, "3", "0", "tab", "5", "0")
        await ready(pilot)
        dialog = app.screen
        assert isinstance(dialog, FilterDialog)
        assert (
            dialog.query_one("#pv-min", Input).value,
            dialog.query_one("#pv-max", Input).value,
        ) == ("30", "50")
        await pilot.press("enter")
        await ready(pilot)
        shown = app.screen.query_one(ResultsTable).shown
        assert shown and all(30 <= row.pv <= 50 for row in shown)


async def test_keys_typed_fast_after_leaving_the_results_reach_the_search_box(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter")  # to the results
        assert isinstance(app.focused, ResultsTable)
        type_fast(app, "/", "a", "t", "l", "a", "s")  # "a" adds and "s" sorts in the results
        await ready(pilot)
        assert app.screen.query_one("#search", Input).value == "atlas"
        assert app.document.force.entries == ()
        assert _names(app) == ["Atlas AS7-D"]


async def test_every_filter_can_be_reached_at_80x24(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        assert "Ctrl+G" in str(app.screen.query_one("#filter-summary").render())
        await pilot.press("ctrl+g")
        dialog = app.screen
        assert isinstance(dialog, FilterDialog)
        wanted = [
            "type",
            "role",
            "size",
            "pv-min",
            "pv-max",
            "special",
            "era",
            "tech",
            "rules",
            "available",
            "faction",
            "usable",
        ]
        reached = []
        for _ in range(len(wanted) + 3):
            focused = app.focused
            assert focused is not None
            if focused.id in wanted and focused.id not in reached:
                reached.append(focused.id)
                region = focused.region
                # Scrolled into view and inside the 80×24 screen.
                assert region.width > 0 and 0 <= region.y < 24 and region.right <= 80, focused.id
            await pilot.press("tab")
        assert reached == wanted
        buttons = [b.region for b in dialog.query("Button")]
        assert all(r.bottom <= 24 and r.right <= 80 for r in buttons)


async def test_a_long_name_keeps_its_distinguishing_end(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await search(pilot, "achileus")
        table = app.screen.query_one(ResultsTable)
        line = "".join(segment.text for segment in table.render_line(1))
        assert "Achileus" in line and "(Sqd4)" in line  # the squad size is not cut off


async def test_add_on_a_unit_without_stats_says_why(make_app: Callable[..., CardsmithApp]) -> None:
    from textual.message import Message
    from textual.notifications import Notify

    with Catalogue.open(cache_dir()) as catalogue:
        catalogue.add([record(Unit(mul_id=999_002, name="Zzyzx Survey Rig"))], source="test")
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await search(pilot, "zzyzx")
        await pilot.press("enter", "a")
        await pilot.pause()
        said = [m.notification.message for m in messages if isinstance(m, Notify)]
        assert any("has no Alpha Strike stats" in text for text in said), said
        assert app.document.force.entries == ()


async def test_the_status_bar_names_the_order_shown(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)

        def status() -> str:
            return str(app.screen.query_one("#status").render())

        assert "sorted by best match" in status()
        await pilot.press("enter", "s")
        await ready(pilot)
        assert "sorted by Unit ↑" in status()
        await pilot.press("s", "s", "s", "s")  # Type, Role, Sz, then PV
        await ready(pilot)
        assert "sorted by PV ↑" in status()
        await pilot.press("r")
        await ready(pilot)
        assert "sorted by PV ↓" in status()
        pvs = [row.pv for row in app.screen.query_one(ResultsTable).shown]
        assert pvs == sorted(pvs, reverse=True)


async def test_tech_rules_and_availability_filters(make_app: Callable[..., CardsmithApp]) -> None:
    from cardsmith.catalogue.availability import AvailabilityList, Scope

    with Catalogue.open(cache_dir()) as catalogue:
        catalogue.add_availability(
            [AvailabilityList(Scope(13, 0, frozenset({18})), frozenset({140, 1295, 1985}))],
            source="test",
        )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        screen.set_filters(FilterText(techs=("clan",), rules=("standard",)))
        await ready(pilot)
        shown = screen.query_one(ResultsTable).shown
        assert shown and all(r.technology == "Clan" and r.rules == "Standard" for r in shown)
        screen.set_filters(FilterText(available_in="13"))
        await ready(pilot)
        assert {r.mul_id for r in screen.query_one(ResultsTable).shown} == {140, 1295, 1985}
        assert "available in Clan Invasion" in str(screen.query_one("#filter-summary").render())
        # A faction the catalogue does not know is explained in the dialog, not applied.
        await pilot.press("ctrl+g")
        dialog = app.screen
        assert isinstance(dialog, FilterDialog)
        dialog.query_one("#faction", Input).value = "Clan Nobody"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is dialog
        assert "unknown faction 'Clan Nobody'" in str(dialog.query_one("#filter-error").render())

        # Escape keeps the filters; the dialog is kept too, and opens again on the filters
        # in force: no typed faction, no problem said, the first field focused.
        await pilot.press("escape")
        await ready(pilot)
        assert screen.filter_text == FilterText(available_in="13")
        await pilot.press("ctrl+g")
        assert app.screen is dialog
        assert dialog.query_one("#faction", Input).value == ""
        assert dialog.query_one("#available", Select).value == "13"
        assert str(dialog.query_one("#filter-error").render()) == ""
        assert dialog.focused is dialog.query_one("#type", Select)
        dialog.query_one("#pv-min", Input).value = "20"
        await pilot.press("ctrl+s")
        await ready(pilot)
        assert screen.filter_text.pv_min == "20" and screen.filter_text.available_in == "13"
        await pilot.press("ctrl+l")  # clear every filter
        await ready(pilot)
        await pilot.press("ctrl+g")
        assert app.screen is dialog
        assert dialog.query_one("#pv-min", Input).value == ""
        assert dialog.query_one("#available", Select).value == Select.NULL


async def test_add_by_mul_id_or_name(make_app: Callable[..., CardsmithApp]) -> None:
    from cardsmith.tui.screens.unit_lookup import UnitLookupDialog

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter", "i")
        dialog = app.screen
        assert isinstance(dialog, UnitLookupDialog)
        await pilot.press(*"Atlas AS7-Z", "enter")
        await pilot.pause()
        assert "no unit named exactly 'Atlas AS7-Z'" in dialog.problem
        assert "Atlas AS7-D" in dialog.problem  # a close name offered
        await pilot.press("ctrl+u", "1", "4", "0", "enter")
        await pilot.pause()
        assert [e.name for e in app.document.force.entries] == ["Atlas AS7-D"]
        assert isinstance(app.screen, CatalogueScreen)


async def test_the_starter_set_says_so(make_app: Callable[..., CardsmithApp]) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        status = str(app.screen.query_one("#status").render())
        assert "61 units (the starter set only: F5 fetches more from the MUL)" in status


async def test_enter_typed_before_the_results_acts_on_them(
    make_app: Callable[..., CardsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from cardsmith.catalogue.search_index import SearchIndex

    first = SearchIndex.first

    def slow_first(self: SearchIndex, *args: object, **kwargs: object) -> object:
        time.sleep(0.2)  # a busy machine: the search lags behind the keys
        return first(self, *args, **kwargs)  # type: ignore[arg-type]

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        # With a filter set the search runs in its worker (a letter alone is answered in
        # the key's own turn, and then nothing can lag).
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        screen.set_filters(FilterText(types=("BM",)))
        await ready(pilot)
        monkeypatch.setattr(SearchIndex, "first", slow_first)
        type_fast(app, *"griffin", "enter", "down", "enter")
        await ready(pilot)
        names = [entry.unit.name for entry in app.document.force.entries]
        rows = _names(app)
        assert names == [rows[1]] and rows[1] == "Griffin GRF-1N"


async def test_a_typed_letter_and_its_results_are_drawn_in_one_frame(
    make_app: Callable[..., CardsmithApp],
) -> None:
    # A frame showing "atl" over the rows of "at" costs the player a frame (17 ms or
    # more) per key and shows rows that do not answer the box.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        box = screen.query_one("#search", Input)
        drawn: list[tuple[str, str | None]] = []
        display = app._display

        def spy(on: object, update: object) -> None:
            if update is not None:
                answered = screen.last_query[0] if screen.last_query else None
                drawn.append((box.value, answered))
            display(on, update)  # type: ignore[arg-type]

        app._display = spy  # type: ignore[method-assign,assignment]
        for key in "atlas":
            await pilot.press(key)
        await ready(pilot)
        typed = {value for value, _ in drawn if value}
        assert "atlas" in typed and len(typed) >= 3  # frames were drawn while typing
        assert [pair for pair in drawn if pair[0] != pair[1]] == []
        assert _names(app) == ["Atlas AS7-D"]


async def test_a_query_longer_than_the_box_shows_its_end_then_its_start(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        box = app.screen.query_one("#search", Input)
        text = "abcdefghij" * 9 + "xyz"
        await paste(pilot, text[:-3])
        await pilot.press(*text[-3:])  # the last letters typed: each one a change of the box
        await pilot.pause()
        assert box.value == text
        shown = "".join(segment.text for segment in box.render_line(0)).rstrip()
        assert shown.endswith("xyz") and len(shown) < len(text)
        await pilot.press("home")
        await pilot.pause()
        shown = "".join(segment.text for segment in box.render_line(0))
        assert shown.startswith("abcdefghij")


async def test_a_screenful_of_units_is_listed_before_the_index_is_built(
    make_app: Callable[..., CardsmithApp],
) -> None:
    # The index takes a few hundred ms on a full catalogue; a player should not look at
    # an empty table meanwhile.  (On the very first run there is no store to read yet.)
    with Catalogue.open(cache_dir()):
        pass
    app = make_app()
    first: list[tuple[list[str], bool, int]] = []
    display = app._display

    def spy(on: object, update: object) -> None:
        tables = app.screen.query(ResultsTable)
        if update is not None and not first and tables and tables.first().shown:
            table = tables.first()
            first.append(([row.name for row in table.shown], app.index is None, table.size.height))
        display(on, update)  # type: ignore[arg-type]

    app._display = spy  # type: ignore[method-assign,assignment]
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        names, before_the_index, height = first[0]
        assert before_the_index
        assert names == _names(app)[: len(names)] and len(names) == height >= 20


async def test_the_kept_filter_dialog_is_built_anew_when_the_roles_change(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        chosen: list[FilterText | None] = []

        async def opened(text: FilterText, roles: list[str]) -> FilterDialog:
            open_filters(app, text, roles, screen.check_filters, chosen.append)
            await pilot.pause()
            dialog = app.screen
            assert isinstance(dialog, FilterDialog)
            return dialog

        first = await opened(FilterText(), ["Brawler"])
        await pilot.press("escape")
        assert await opened(FilterText(), ["Brawler"]) is first
        await pilot.press("escape")
        # A catalogue that has gained a role (an import, a fetch) offers it.
        other = await opened(FilterText(roles=("Scout",)), ["Brawler", "Scout"])
        assert other is not first and other.query_one("#role", Select).value == "Scout"
        await pilot.press("escape")
        assert chosen == [None, None, None]
