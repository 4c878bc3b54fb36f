"""CSV export and import: round trips, spreadsheet quirks and row-numbered problems."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import FormatError
from cardsmith.forces.pricing import entry_pv
from cardsmith.formats.csv_io import COLUMNS, export_csv
from cardsmith.formats.exchange import FormatProblems, ImportReport, import_data
from cardsmith.models.force import Force, Pilot


def _import(text: str, catalogue: Catalogue, encoding: str = "utf-8") -> ImportReport:
    return import_data(text.encode(encoding), catalogue, fmt="csv", name="t", origin="t.csv")


def _full(force: Force) -> list[tuple[object, ...]]:
    return [
        (e.unit.mul_id, e.skill, e.pilot.name, e.spas, e.group, e.commander) for e in force.entries
    ]


def test_round_trip_keeps_every_entry_field(starter_force: Force, catalogue: Catalogue) -> None:
    report = _import(export_csv(starter_force), catalogue)
    assert report.complete and not report.warnings, report.warnings
    assert _full(report.force) == _full(starter_force)
    assert {g.name for g in report.force.groups} == {"Alpha", "Bravo"}


def test_export_has_a_header_and_a_row_per_unit_with_stats(starter_force: Force) -> None:
    rows = list(csv.DictReader(io.StringIO(export_csv(starter_force))))
    assert tuple(rows[0]) == COLUMNS
    assert len(rows) == len(starter_force.entries)
    for row, entry in zip(rows, starter_force.entries, strict=True):
        assert int(row["mul_id"]) == entry.unit.mul_id
        assert int(row["pv"]) == entry_pv(entry)
        assert int(row["base_pv"]) == entry.unit.pv
        assert row["specials"] == entry.unit.specials_text
        assert row["move"] == entry.unit.move_text
        assert [row[f"damage_{b}"] for b in "smle"] == [str(d) for d in entry.unit.damage]


def test_excel_style_file_with_bom_semicolons_and_other_headers(catalogue: Catalogue) -> None:
    text = "Unit;MUL ID;Skill;Pilot Name;Lance\r\nLocust LCT-1V;;3;Ёжик;Recon\r\n;140;5;;Recon\r\n"
    report = _import(text, catalogue, encoding="utf-8-sig")
    assert [(e.unit.mul_id, e.skill, e.pilot.name, e.group) for e in report.force.entries] == [
        (1901, 3, "Ёжик", "Recon"),
        (140, 5, "", "Recon"),
    ]


def test_formula_like_names_are_defused_and_come_back_unchanged(
    starter_force: Force, catalogue: Catalogue
) -> None:
    entry = starter_force.entries[0].with_changes(pilot=Pilot("=HYPERLINK(1)"))
    force = starter_force.with_changes(entries=(entry,))
    text = export_csv(force)
    assert ",'=HYPERLINK(1)," in text
    assert _import(text, catalogue).force.entries[0].pilot.name == "=HYPERLINK(1)"


def test_bad_rows_are_all_reported_with_their_spreadsheet_row_numbers(
    catalogue: Catalogue,
) -> None:
    text = (
        "mul_id,name,skill,pilot,commander\n"  # row 1
        "140,,3,ok,false\n"  # row 2
        'abc,,4,"two\nlines",false\n'  # rows 3-4: a quoted cell spans two lines
        "140,,9,,false\n"  # row 5
        "140,,x,,false\n"  # row 6
        ",,4,,false\n"  # row 7
        "140,,4,,maybe\n"  # row 8
        "140,,4,,false,extra\n"  # row 9
    )
    with pytest.raises(FormatProblems) as caught:
        _import(text, catalogue)
    problems = caught.value.problems
    assert [p.split(":")[0] for p in problems] == [
        "row 3",
        "row 5",
        "row 6",
        "row 7",
        "row 8",
        "row 9",
    ]
    assert "mul_id must be a whole number" in problems[0]
    assert "skill must be a whole number 0-7" in problems[1]
    assert "needs a mul_id or a name" in problems[3]
    assert "commander must be true or false" in problems[4]
    assert "cells but the header has" in problems[5]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "is empty"),
        ("pilot,skill\nBob,4\n", "needs a 'mul_id' or a 'name' column"),
        ("mul_id,skill\n", "no units"),
    ],
)
def test_files_that_are_not_a_force_are_refused(
    text: str, expected: str, catalogue: Catalogue
) -> None:
    with pytest.raises(FormatError, match=expected):
        _import(text, catalogue)


def test_unknown_units_and_spas_are_reported_not_dropped(catalogue: Catalogue) -> None:
    text = (
        "mul_id,name,skill,spas\n"
        "999999,Atlas AS7-RS,3,\n"
        ",Locust LCT-1V,3,Sniper; No Such Ability\n"
        "140,Atlas AS7-K,4,\n"
    )
    report = _import(text, catalogue)
    (unknown,) = report.unknown
    assert unknown.where == "row 2" and unknown.mul_id == 999999
    assert any("Atlas AS7-D (MUL 140)" in s for s in unknown.suggestions)
    locust, atlas = report.force.entries
    assert locust.spas == ("sniper",)
    assert any("row 3" in w and "No Such Ability" in w for w in report.warnings)
    assert atlas.unit.name == "Atlas AS7-D"
    assert any("row 4" in w and "used the MUL id" in w for w in report.warnings)


def test_cli_bad_csv_exits_2_lists_rows_and_writes_nothing(cli_run, tmp_path: Path) -> None:
    source = tmp_path / "bad.csv"
    source.write_text("mul_id,skill\n140,4\n140,eleven\n", encoding="utf-8")
    out = tmp_path / "f.json"
    result = cli_run("import", str(source), "-o", str(out))
    assert result.code == 2, result
    assert "row 3" in result.stderr
    assert not out.exists()


def test_cli_csv_export_file_round_trips_through_import(
    cli_run, tmp_path: Path, starter_force: Force
) -> None:
    from cardsmith.forces.force_file import load_force, save_force

    force_path = tmp_path / "force.json"
    save_force(starter_force, force_path)
    csv_path = tmp_path / "force.csv"
    assert cli_run("export", str(force_path), "--format", "csv", "-o", str(csv_path)).code == 0
    assert csv_path.read_bytes().startswith(b"\xef\xbb\xbf")  # spreadsheets read it as UTF-8
    back = tmp_path / "back.json"
    result = cli_run("import", str(csv_path), "-o", str(back))
    assert result.code == 0, result
    assert _full(load_force(back)) == _full(starter_force)
