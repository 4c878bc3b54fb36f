"""Printing from the app (F6) and ``cardsmith print`` give rosters with the same verdict."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from kit import paste
from pypdf import PdfReader

from cardsmith.catalogue.dump import read_unit_file
from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry, Pilot
from cardsmith.paths import starter_dir
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.print_dialog import PrintDialog

#: An experimental fighter, a conventional fighter and a small craft break two of the
#: tournament pack's rules (rules level, unit types); two 'Mechs, a tank and a platoon,
#: led by the first, keep to it.
ILLEGAL = (1295, 140, 1879, 409, 5790)
LEGAL = (1295, 140, 2735, 1144)


def _force(tmp_path: Path, ids: tuple[int, ...], name: str) -> Path:
    units = {r.unit.mul_id: r.unit for r in read_unit_file(starter_dir() / "starter.json")}
    entries = tuple(
        ForceEntry(unit=units[i], pilot=Pilot(f"Pilot {i}"), commander=n == 0)
        for n, i in enumerate(ids)
    )
    path = tmp_path / f"{name}.json"
    save_force(Force(name=name, pack="tournament-300", entries=entries), path)
    return path


def _verdict_line(pdf: Path) -> str:
    roster = PdfReader(pdf).pages[0].extract_text()
    found = re.search(r"Rule pack\s*(tournament-300 — [^\n]+)", roster)
    assert found, roster
    return found.group(1).strip()


async def _print_from_app(force_path: Path, out: Path) -> None:
    app = CardsmithApp(force_path=force_path, recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("f3", "f6")
        await pilot.pause()
        assert isinstance(app.screen, PrintDialog)
        await paste(pilot, str(out))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()


@pytest.mark.parametrize(
    ("ids", "expected"),
    [(ILLEGAL, "NOT LEGAL (2 errors)"), (LEGAL, "legal")],
    ids=["illegal", "legal"],
)
async def test_app_and_cli_rosters_carry_the_same_verdict(
    tmp_path: Path, cli_run: Any, ids: tuple[int, ...], expected: str
) -> None:
    source = _force(tmp_path, ids, "lance")
    from_cli = tmp_path / "cli.pdf"
    result = cli_run("print", str(source), "-o", str(from_cli))
    assert result.code == 0, result
    from_app = tmp_path / "app.pdf"
    await _print_from_app(source, from_app)
    assert _verdict_line(from_cli) == f"tournament-300 — {expected}"
    assert _verdict_line(from_app) == _verdict_line(from_cli)


async def test_the_app_refuses_to_print_over_its_own_force_file(tmp_path: Path) -> None:
    source = _force(tmp_path, LEGAL, "lance")
    before = source.read_bytes()
    await _print_from_app(source, source)
    assert source.read_bytes() == before


def test_the_cli_refuses_an_output_that_is_an_input(tmp_path: Path, cli_run: Any) -> None:
    source = _force(tmp_path, LEGAL, "lance")
    before = source.read_bytes()
    for output in (str(source), str(tmp_path / "." / "lance.json")):
        result = cli_run("print", str(source), "-o", output)
        assert result.code == 2, result
        assert "one of the files being printed" in result.stderr
    assert source.read_bytes() == before
    link = tmp_path / "link.pdf"
    link.symlink_to(source)
    assert cli_run("print", str(source), "-o", str(link)).code == 2
    assert source.read_bytes() == before
