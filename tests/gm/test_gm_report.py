"""The event report names each list's era and faction, and the one page shows them whole."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pdfplumber
from kit import make_unit

from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry
from cardsmith.models.force import MulRef

FACTIONS = ("Federated Commonwealth", "Draconis Combine", "Free Worlds League")


def _lists(folder: Path) -> Path:
    folder.mkdir()
    unit = make_unit(name="Griffin GRF-1N", pv=29)
    for n, faction in enumerate(FACTIONS):
        force = Force(f"Lance {n}", "standard", entries=(ForceEntry(unit=unit),),
                      era=MulRef(256, "Late Succession Wars - Renaissance"),
                      faction=MulRef(40 + n, faction))  # fmt: skip
        save_force(force, folder / f"lance-{n}.json")
    return folder


def test_a_pack_without_availability_still_reports_each_lists_era_and_faction(
    cli_run: Any, tmp_path: Path
) -> None:
    folder = _lists(tmp_path / "lists")
    report = tmp_path / "event.csv"
    done = cli_run("check", str(folder), "--report", str(report))
    assert done.code == 0, done
    with report.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["Era"], r["Faction"]) for r in rows] == [
        ("Late Succession Wars - Renaissance", faction) for faction in FACTIONS
    ]


def test_the_pdf_shows_long_faction_names_whole(cli_run: Any, tmp_path: Path) -> None:
    folder = _lists(tmp_path / "lists")
    report = tmp_path / "event.pdf"
    done = cli_run("check", str(folder), "--report", str(report), "--paper", "a4")
    assert done.code == 0, done
    with pdfplumber.open(report) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    for faction in FACTIONS:
        assert faction in text
