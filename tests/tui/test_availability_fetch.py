"""The app fetches an era's availability list from the MUL as the CLI's sync does: F5 in the
catalogue's filters for the era chosen there, ``m`` on the force screen for the force's.

The app and ``cardsmith catalogue sync --availability`` run the same sync against a fake
MUL on loopback; afterwards both shells list the same units as available in that era.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from kit import CliRun
from mulserver.server import FakeMul, add_synthetic_factions
from textual.message import Message
from textual.notifications import Notify
from textual.widgets import Input, OptionList, Select
from textual.worker import WorkerFailed

from cardsmith.catalogue.factions import Faction
from cardsmith.catalogue.store import Catalogue
from cardsmith.models import ForceEntry
from cardsmith.services.catalogue import FilterText
from cardsmith.services.force_settings import era_ref, faction_ref
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.widgets.filters import FilterDialog
from cardsmith.tui.widgets.results import ResultsTable
from cardsmith.tui.widgets.validation import ValidationPanel
from tui.conftest import SIZE, ready, search


def _said(messages: list[Message], title: str | None = None) -> list[str]:
    return [
        m.notification.message
        for m in messages
        if isinstance(m, Notify) and (title is None or m.notification.title == title)
    ]


async def test_f5_in_the_filters_fetches_the_era_and_both_shells_list_the_same_units(
    make_app: Callable[..., CardsmithApp], mul_env: FakeMul, cli_run: CliRun, tmp_path: Path
) -> None:
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        screen.set_filters(FilterText(available_in="13"))  # Clan Invasion
        await ready(pilot)
        assert screen.matches == 0  # no list stored yet: nothing can match
        assert any("F5 in the filters" in m for m in _said(messages, "Availability"))
        asked = mul_env.hits()
        await pilot.press("ctrl+g")
        assert isinstance(app.screen, FilterDialog)
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await ready(pilot)
        assert mul_env.hits() == asked + 1  # one request: one era, any faction
        (stored,) = [m for m in _said(messages, "Availability") if m.startswith("Stored")]
        assert "Clan Invasion" in stored
        assert screen.matches > 0
        await search(pilot, "wolf")  # fewer than the app lists in relevance order
        from_app = sorted(row.mul_id for row in screen.query_one(ResultsTable).shown)
        assert screen.matches == len(from_app) > 0
    other = ("--cache-dir", str(tmp_path / "cli-cache"))
    synced = cli_run(*other, "catalogue", "sync", "--availability", "--eras", "Clan Invasion")
    assert synced.code == 0, synced
    units = re.search(r"\(([\d,]+) units\)", synced.stdout)
    assert units is not None and f"{units[1]} units" in stored  # the same list
    found = cli_run(*other, "search", "wolf", "--available-in", "Clan Invasion", "--limit", "0",
                    "--format", "json")  # fmt: skip
    assert found.code == 0, found
    assert from_app == sorted(unit["mul_id"] for unit in json.loads(found.stdout))


async def test_f5_looks_a_faction_up_on_the_mul_and_applies_the_filters_once_the_list_is_in(
    make_app: Callable[..., CardsmithApp], mul_env: FakeMul, cli_run: CliRun, tmp_path: Path
) -> None:
    """On a fresh catalogue no faction is known: Apply says how to get it in the app's
    keys, and F5 looks the name up on the MUL as the CLI's sync does."""
    add_synthetic_factions(mul_env.data)
    faction = "Synthetic Faction B"
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        await pilot.press("ctrl+g")
        dialog = app.screen
        assert isinstance(dialog, FilterDialog)
        dialog.query_one("#available", Select).value = "13"
        dialog.query_one("#faction", Input).value = faction
        await pilot.press("ctrl+s")
        await pilot.pause()
        said = str(dialog.query_one("#filter-error").render())
        assert app.screen is dialog and "press F5" in said and "cardsmith" not in said, said
        await pilot.press("f5")
        await app.workers.wait_for_complete()
        await ready(pilot)
        (stored,) = [m for m in _said(messages, "Availability") if m.startswith("Stored")]
        assert "Clan Invasion" in stored and f"{faction} (test data)" in stored
        assert (screen.filter_text.available_in, screen.filter_text.faction) == ("13", faction)
        await search(pilot, "wolf")
        from_app = sorted(row.mul_id for row in screen.query_one(ResultsTable).shown)
        assert screen.matches == len(from_app) > 0
    other = ("--cache-dir", str(tmp_path / "cli-cache"))
    synced = cli_run(*other, "catalogue", "sync", "--availability", "--eras", "13",
                     "--factions", faction)  # fmt: skip
    assert synced.code == 0, synced
    found = cli_run(*other, "search", "wolf", "--available-in", "13", "--faction", faction,
                    "--limit", "0", "--format", "json")  # fmt: skip
    assert found.code == 0, found
    assert from_app == sorted(unit["mul_id"] for unit in json.loads(found.stdout))


async def test_without_an_era_or_offline_it_says_why_nothing_is_fetched(
    make_app: Callable[..., CardsmithApp], mul_env: FakeMul
) -> None:
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+g", "f5")  # no era under 'Available in'
        dialog = app.screen
        assert isinstance(dialog, FilterDialog)
        assert "Pick an era under 'Available in'" in str(dialog.query_one("#filter-error").render())
        await pilot.press("escape", "f3", "m")  # the force has no era either
        await pilot.pause()
        assert any("The force has no era" in m and "f sets its era" in m for m in _said(messages))
    messages.clear()
    app = make_app(offline=True)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        app.document.apply(replace(app.document.force, era=era_ref("13")), "era")
        await pilot.press("f3", "m")
        await pilot.pause()
        assert any("Fetching is off" in m for m in _said(messages)), _said(messages)
        assert app.net_state == "offline"  # nothing was started
        assert not any(worker.group == "fetch" for worker in app.workers)
    assert mul_env.hits() == 0


async def test_m_on_the_force_screen_fetches_the_list_a_check_could_not_verify(
    make_app: Callable[..., CardsmithApp], mul_env: FakeMul
) -> None:
    """A GM's flow: the force's era and faction are set, the availability check cannot
    verify a unit, the panel says which key fetches the list, and after it the unit is
    checked against the list."""
    made = add_synthetic_factions(mul_env.data)
    messages: list[Message] = []
    app = make_app()
    with Catalogue.open(app.cache_dir) as catalogue:  # as an earlier lookup stored them
        catalogue.add_factions([Faction(i, name) for i, name in made.items()], source="test")
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        faction = faction_ref(app.cache_dir, "Synthetic Faction A")  # as settings (f) do
        entries = (ForceEntry(app.units.find("Atlas AS7-D")),)
        force = replace(
            app.document.force, pack="era-faction-350", era=era_ref("13"), faction=faction,
            entries=entries,
        )  # fmt: skip
        app.document.apply(force, "settings")  # as the force settings (f) set them
        await pilot.press("f3")
        await ready(pilot)
        panel = app.screen.query_one(ValidationPanel)

        def availability() -> list[str]:
            assert panel.verdict is not None
            return [v.message for v in panel.verdict.violations if v.rule_id == "availability"]

        (unverified,) = availability()
        assert "cannot verify" in unverified
        problems = panel.query_one("#problems", OptionList)
        prompts = [
            str(problems.get_option_at_index(i).prompt) for i in range(problems.option_count)
        ]
        assert any("m fetches the MUL's availability list" in p for p in prompts), prompts
        # The core's hint names a command line; the panel says it in the app's words.
        assert not any("cardsmith " in p or "--eras" in p for p in prompts), prompts
        assert any("this era and faction is not in the catalogue yet" in p for p in prompts)
        await pilot.press("m")
        await app.workers.wait_for_complete()
        await ready(pilot)
        (stored,) = [m for m in _said(messages, "Availability") if m.startswith("Stored")]
        assert "Clan Invasion" in stored and "Synthetic Faction A" in stored
        assert availability() == []  # on the list now: nothing left to verify
        assert app.net_state == "online"


async def test_an_unreachable_mul_is_said_and_the_app_goes_on(
    make_app: Callable[..., CardsmithApp],
) -> None:
    messages: list[Message] = []
    app = make_app()  # CARDSMITH_MUL_URL points at a closed local port (tests/conftest.py)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        app.document.apply(replace(app.document.force, era=era_ref("13")), "era")
        await pilot.press("f3", "m")
        with pytest.raises(WorkerFailed):  # the worker fails; the app must not
            await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.is_running and app.net_state == "unreachable"
        errors = [
            m.notification.message
            for m in messages
            if isinstance(m, Notify) and m.notification.severity == "error"
        ]
        assert len(errors) == 1 and "could not be reached" in errors[0]


async def test_the_force_settings_say_how_to_get_factions_in_the_apps_keys(
    make_app: Callable[..., CardsmithApp],
) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f3", "f")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#faction", Input).value = "Clan Wolf"
        await pilot.press("enter")
        await pilot.pause()
        said = str(dialog.query_one("#settings-error").render())
        assert app.screen is dialog
        assert "Unknown faction 'Clan Wolf'" in said and "press F5" in said, said
        assert "cardsmith catalogue sync" not in said
