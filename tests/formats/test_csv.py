"""CSV export and import: round trips, spreadsheet quirks and row-numbered problems."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from kit import CliRun

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


def test_cli_bad_csv_exits_2_lists_rows_and_writes_nothing(cli_run: CliRun, tmp_path: Path) -> None:
    source = tmp_path / "bad.csv"
    source.write_text("mul_id,skill\n140,4\n140,eleven\n", encoding="utf-8")
    out = tmp_path / "f.json"
    result = cli_run("import", str(source), "-o", str(out))
    assert result.code == 2, result
    assert "row 3" in result.stderr
    assert not out.exists()


def test_cli_csv_export_file_round_trips_through_import(
    cli_run: CliRun, tmp_path: Path, starter_force: Force
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


# -- RFC 4180, names, formations, MekBay, limits --------------------------------------------


def test_quotes_in_names_and_lam_specials_round_trip(catalogue: Catalogue) -> None:
    from cardsmith.forces.editing import add_entry, new_force, set_group

    lam = catalogue.get(4824)  # Phoenix Hawk LAM Mk I: LAM(30"g/5a)
    atlas = catalogue.get(140)
    assert lam is not None and atlas is not None and 'LAM(30"g/5a)' in lam.specials_text
    force = set_group(new_force('The "Hounds", 2nd; Beta'), "Red, One", formation="battle")
    force = add_entry(force, lam, skill=3, pilot='Shane "Icon" Irwin', group="Red, One")
    force = add_entry(
        force, atlas, pilot='"Quoted", with;semicolons\nand a break', group="Red, One"
    )
    text = export_csv(force)
    report = import_data(text.encode("utf-8"), catalogue, fmt="csv", origin="t.csv")
    assert report.complete and not report.warnings, report.warnings
    assert [e.pilot.name for e in report.force.entries] == [
        'Shane "Icon" Irwin',
        '"Quoted", with;semicolons and a break',  # one line on a card
    ]
    assert report.force.name == 'The "Hounds", 2nd; Beta'  # kept, though --name is not given
    assert [(g.name, g.formation) for g in report.force.groups] == [("Red, One", "battle")]
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["specials"] == lam.specials_text  # the quote inside survives the sheet


def _import_unnamed(text: str, catalogue: Catalogue) -> ImportReport:
    return import_data(text.encode("utf-8"), catalogue, fmt="csv", origin="t.csv")


def test_a_file_saved_by_a_spreadsheet_with_doubled_quotes_reads(catalogue: Catalogue) -> None:
    # What Excel and LibreOffice write: every cell quoted, quotes doubled.
    text = (
        '"mul_id";"name";"skill";"pilot";"specials"\r\n'
        '"4824";"Phoenix Hawk LAM Mk I PHX-HK1";"3";"Shane ""Icon"" Irwin";"ENE,FUEL4,LAM(30""g/5a)"\r\n'
    )
    (entry,) = _import_unnamed(text, catalogue).force.entries
    assert (entry.unit.mul_id, entry.pilot.name) == (4824, 'Shane "Icon" Irwin')


def test_delimiters_inside_quoted_header_cells_are_not_counted(catalogue: Catalogue) -> None:
    # Three commas inside one quoted cell, two semicolons between the cells.
    text = '"Unit, as, printed, here";mul_id;pilot\n"Atlas, the big one";140;"Kai, the Red"\n'
    (entry,) = _import_unnamed(text, catalogue).force.entries
    assert (entry.unit.mul_id, entry.pilot.name) == (140, "Kai, the Red")


def test_mekbay_force_csv_layout_with_group_and_formation(catalogue: Catalogue) -> None:
    # The columns of MekBay's "export force to CSV" (excel-export.util.ts forceUnitToASRow):
    # group is "Group - Formation", PV is the base value and adjustedPV the one at skill.
    header = (
        "group,chassis,model,pilot,skill,adjustedPV,armorDamage,structureDamage,destroyed,"
        "mul_id,year,PV,cost,level,techBase,techRating,source,publishedRS,tags,role,SZ,"
        "usesOV,OV,MV,TMM,usesTh,Th,Str,TP,Arm,usesE,dmgS,dmgM,dmgL,dmgE,specials"
    )
    rows = [
        "Alpha - Battle Lance,Atlas,AS7-D,Kai,3,62,0,0,false,140,2755,52,,,,,,,,Juggernaut,"
        '4,,1,6",1,,,8,BM,10,,5,5,2,0,"AC2/2/-,IF1,LRM1/1/1,REAR1/1/-"',
        "Alpha - Battle Lance,Locust,LCT-1V,,4,18,2,0,false,1901,2499,18,,,,,,,,Scout,"
        '1,,0,16",3,,,2,BM,2,,1,1,0,0,""',
        "Recon (Invalid Formation),Phoenix Hawk LAM Mk I,PHX-HK1,,4,,0,0,false,,,,,,,,,,,,,,"
        ',,,,,,,,,,,,,"ENE,FUEL4,LAM(30""g/5a)"',
    ]
    report = _import_unnamed("\n".join([header, *rows]) + "\n", catalogue)
    assert report.complete, [u.describe() for u in report.unknown]
    assert [(e.unit.mul_id, e.skill, e.pilot.name, e.group) for e in report.force.entries] == [
        (140, 3, "Kai", "Alpha"),
        (1901, 4, "", "Alpha"),
        (4824, 4, "", "Recon"),
    ]
    assert [(g.name, g.formation) for g in report.force.groups] == [
        ("Alpha", "battle"),
        ("Recon", None),
    ]
    assert any("row 3" in w and "is not taken over" in w for w in report.warnings)
    assert any("'Recon'" in w and "not holding" in w for w in report.warnings)
    assert not any("base PV" in w for w in report.warnings)  # PV is MekBay's base PV


@pytest.mark.slow
def test_more_rows_than_a_force_holds_are_refused_before_the_rest_is_read(
    catalogue: Catalogue, cli_run: Any, tmp_path: Path
) -> None:
    from cardsmith.formats.csv_io import MAX_ROWS

    source = tmp_path / "huge.csv"
    with source.open("w", encoding="utf-8") as out:
        out.write("mul_id,skill\n")
        out.writelines("140,4\n" for _ in range(100_000))
    out_file = tmp_path / "huge.json"
    result = cli_run("import", str(source), "-o", str(out_file))
    assert result.code == 2, result
    assert f"more than {MAX_ROWS:,} units (row {MAX_ROWS + 2:,} is one too many)" in result.stderr
    assert not out_file.exists()
    # Just under the bound imports, and the force file it writes opens again.
    source.write_text("mul_id,skill\n" + "140,4\n" * MAX_ROWS, encoding="utf-8")
    assert cli_run("import", str(source), "-o", str(out_file)).code == 0
    shown = cli_run("force", "show", str(out_file))
    assert shown.code == 0, shown
