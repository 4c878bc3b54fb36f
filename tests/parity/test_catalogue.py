"""Catalogue parity: ``cardsmith search`` and the app's results, and one unit lookup everywhere.

The same query and filters list the same units in the same order in ``cardsmith search
--format json`` and in the app's results table; a unit that cannot be found gets the same
message and the same close names from ``force add``, ``unit show`` and the app's
add-by-id dialog.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from kit import paste
from textual.widgets import Input
from tui.conftest import SIZE, ready

from cardsmith.catalogue.dump import read_unit_file
from cardsmith.catalogue.store import Catalogue
from cardsmith.services.catalogue import FilterText
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.catalogue import CatalogueScreen
from cardsmith.tui.screens.unit_lookup import UnitLookupDialog
from cardsmith.tui.widgets.results import ResultsTable


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda _self: None)


@pytest.fixture(scope="module")
def full_catalogue(mul_units_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder holding every real MUL record, filled once: the searches only read it."""
    folder = tmp_path_factory.mktemp("full-mul")
    with Catalogue.open(folder) as catalogue:
        catalogue.add(read_unit_file(mul_units_path), source="import")
    return folder


CASES = [
    ("griffin", [], FilterText()),
    ("atlas", ["--type", "BM", "--pv", "40-60"], FilterText(types=("BM",), pv_min="40", pv_max="60")),
    ("", ["--tech", "Clan", "--rules", "Standard", "--role", "Sniper"],
     FilterText(techs=("clan",), rules=("standard",), roles=("Sniper",))),
    ("wolf", ["--special", "IF", "--era", "Clan Invasion", "--usable"],
     FilterText(specials=("IF",), eras=("13",), usable_only=True)),
    ("atlsa", [], FilterText()),
]  # fmt: skip


@pytest.mark.parametrize(
    ("query", "options", "typed"), CASES, ids=[c[0] or "filters" for c in CASES]
)
async def test_search_lists_the_same_units_in_both_shells(
    cli_run: Any, full_catalogue: Path, query: str, options: list[str], typed: FilterText
) -> None:
    args = ["--cache-dir", str(full_catalogue), "search", *([query] if query else []), *options]
    args += ["--limit", "0", "--format", "json"]
    result = cli_run(*args)
    assert result.code == 0, result
    from_cli = [unit["mul_id"] for unit in json.loads(result.stdout)]
    assert from_cli, "the case should find something"
    app = CardsmithApp(cache_dir=full_catalogue, recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = app.screen
        assert isinstance(screen, CatalogueScreen)
        screen.set_filters(typed)
        await pilot.press(*query)
        await ready(pilot)
        from_app = [row.mul_id for row in screen.query_one(ResultsTable).shown]
    assert from_app == from_cli


def _cli_problem(stderr: str) -> str:
    lines = [line.removeprefix("cardsmith: ") for line in stderr.strip().splitlines()]
    return "\n".join(lines)


@pytest.mark.parametrize("text", ["Atlas AS7-Z", "999999", "-42", "99999999999999999999999"])
async def test_one_unit_lookup_one_message(cli_run: Any, tmp_path: Path, text: str) -> None:
    force = tmp_path / "lance.json"
    assert cli_run("force", "new", "Lance", "-o", str(force)).code == 0
    added = cli_run("force", "add", str(force), text)
    shown = cli_run("unit", "show", "--", text)
    assert added.code == shown.code == 2
    assert _cli_problem(added.stderr) == _cli_problem(shown.stderr)
    app = CardsmithApp(recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("enter", "i")
        dialog = app.screen
        assert isinstance(dialog, UnitLookupDialog)
        await paste(pilot, text)
        await pilot.press("enter")
        await pilot.pause()
        assert app.document.force.entries == ()
        in_app = dialog.problem
    assert in_app == _cli_problem(added.stderr)
    assert "Did you mean" in in_app or text.lstrip("-").isdigit()
