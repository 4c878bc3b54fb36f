"""The event report (``check FOLDER --report``): every row's contents in CSV, Markdown and PDF."""

from __future__ import annotations

import csv
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from cardsmith.models import Force
from rules.rulekit import legal_entries, write_force


def _folder(tmp_path: Path, legal_force: Force, *, broken: int = 1, illegal: int = 1) -> Path:
    folder = tmp_path / "lists"
    folder.mkdir()
    write_force(legal_force, folder / "a-legal.json")
    for n in range(illegal):
        entries = list(legal_force.entries)
        entries[5] = replace(entries[5], skill=7)
        entries[2] = replace(entries[2], unit=replace(entries[2].unit, pv=120))
        write_force(replace(legal_force, name=f"Bad {n}", entries=tuple(entries)),
                    folder / f"b-bad-{n}.json")  # fmt: skip
    for n in range(broken):
        (folder / f"c-broken-{n}.json").write_text('{"format": "cardsmith-force", "ver', "utf-8")
    return folder


def _check(cli_run: Any, folder: Path, report: Path) -> tuple[int, dict[str, dict[str, Any]]]:
    result = cli_run("check", str(folder), "--report", str(report), "--format", "json")
    assert "event report written to" in result.stderr, result
    verdicts = {Path(v["file"]).name: v for v in json.loads(result.stdout)}
    return result.code, verdicts


def test_the_csv_report_has_one_row_per_list_with_every_column(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    folder = _folder(tmp_path, legal_force)
    report = tmp_path / "event.csv"
    code, verdicts = _check(cli_run, folder, report)
    assert code == 2  # one list is unreadable; the others are still reported
    with report.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == [
        "File", "Force", "Verdict", "Errors", "Total PV", "Era", "Faction", "Fingerprint"
    ]  # fmt: skip
    by_name = {Path(r["File"]).name: r for r in rows}
    assert set(by_name) == {"a-legal.json", "b-bad-0.json", "c-broken-0.json"}
    legal, bad, broken = (by_name[n] for n in ("a-legal.json", "b-bad-0.json", "c-broken-0.json"))
    assert (legal["Force"], legal["Verdict"], legal["Errors"], legal["Total PV"]) == (
        "Legal Lance", "legal", "0", "240"
    )  # fmt: skip
    assert legal["Fingerprint"] == verdicts["a-legal.json"]["fingerprint"]
    assert bad["Verdict"] == "NOT LEGAL" and bad["Errors"] == "2: pv-cap, skill-range"
    assert bad["Total PV"] == str(verdicts["b-bad-0.json"]["total_pv"])
    assert broken["Verdict"] == "UNREADABLE" and "not valid JSON" in broken["Errors"]
    assert broken["Fingerprint"] == "" and broken["Total PV"] == ""


def test_the_markdown_report_is_a_table_with_a_summary(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    folder = _folder(tmp_path, legal_force)
    report = tmp_path / "event.md"
    _code, verdicts = _check(cli_run, folder, report)
    text = report.read_text(encoding="utf-8")
    assert text.startswith("# Event report: lists\n")
    table = [line for line in text.splitlines() if line.startswith("|")]
    assert len(table) == 2 + 3  # heading, rule, one row per list
    legal_row = next(line for line in table if "a-legal.json" in line)
    cells = [c.strip() for c in legal_row.strip("|").split(" | ")]
    assert cells[1:5] == ["Legal Lance", "legal", "0", "240"]
    assert cells[7] == f"`{verdicts['a-legal.json']['fingerprint']}`"
    assert "**3 lists: 1 legal, 1 not legal, 1 unreadable.**" in text
    assert "Rule packs: tournament-300." in text


@pytest.mark.slow
def test_the_pdf_report_is_one_page_with_problems_first(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    folder = _folder(tmp_path, legal_force, broken=2, illegal=70)
    for n in range(20):
        write_force(replace(legal_force, name=f"Fine {n}"), folder / f"d-fine-{n:02}.json")
    report = tmp_path / "event.pdf"
    _code, verdicts = _check(cli_run, folder, report)
    with pdfplumber.open(report) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    assert "93 lists: 21 legal, 70 not legal, 2 unreadable" in text
    lines = text.splitlines()
    first_bad = next(i for i, line in enumerate(lines) if "NOT LEGAL" in line)
    assert not any(" legal " in f" {line} " for line in lines[:first_bad] if "b-bad" in line)
    assert verdicts["b-bad-0.json"]["fingerprint"] in text
    # The rows that do not fit are counted, not dropped silently.
    more = next(line for line in lines if line.startswith("… and "))
    shown = sum(1 for line in lines if any(v in line for v in ("legal", "LEGAL", "UNREADABLE"))
                and "lists:" not in line)  # fmt: skip
    assert more.startswith(f"… and {93 - shown} more lists")
    assert "UNREADABLE" in text  # problems come before the legal lists
    assert not any("Fine 19" in line for line in lines)


def test_the_same_folder_gives_the_same_pdf(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    folder = _folder(tmp_path, legal_force)
    first, second = tmp_path / "one.pdf", tmp_path / "two.pdf"
    _check(cli_run, folder, first)
    _check(cli_run, folder, second)
    assert first.read_bytes() == second.read_bytes()


def test_a_report_never_replaces_a_list(cli_run: Any, legal_force: Force, tmp_path: Path) -> None:
    # A force file may have any name when it is given by hand, even one ending in .csv.
    submitted = write_force(legal_force, tmp_path / "lists.csv")
    before = submitted.read_bytes()
    alias = tmp_path / "report.csv"
    alias.symlink_to(submitted)
    for output in (submitted, alias):
        refused = cli_run("check", str(submitted), "--report", str(output))
        assert refused.code == 2, refused
        assert "is an input of this command" in refused.stderr
        assert "legal" not in refused.stdout  # refused before anything was checked
    assert submitted.read_bytes() == before


def test_a_missing_list_named_as_the_report_is_refused(cli_run: Any, tmp_path: Path) -> None:
    # No file to compare: the paths themselves resolve to one place.
    (tmp_path / "sub").mkdir()
    missing = tmp_path / "gone.csv"
    refused = cli_run("check", str(missing), "--report", str(tmp_path / "sub" / ".." / "gone.csv"))
    assert refused.code == 2, refused
    assert "is an input of this command" in refused.stderr
    assert not missing.exists()


def test_an_unknown_report_kind_is_refused_before_checking(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    folder = _folder(tmp_path, legal_force, broken=0)
    result = cli_run("check", str(folder), "--report", str(tmp_path / "event.xlsx"))
    assert result.code == 2
    assert ".csv, .md, .pdf" in result.stderr
    assert "legal" not in result.stdout  # nothing was checked
    assert not (tmp_path / "event.xlsx").exists()


@pytest.mark.parametrize("name", ['=HYPERLINK("x")', "+1", "@SUM(A1)", "-2"])
def test_names_that_a_spreadsheet_would_run_stay_text(
    cli_run: Any, legal_force: Force, tmp_path: Path, name: str
) -> None:
    folder = tmp_path / "lists"
    folder.mkdir()
    write_force(replace(legal_force, name=name, entries=tuple(legal_entries())), folder / "x.json")
    report = tmp_path / "event.csv"
    _check(cli_run, folder, report)
    with report.open(encoding="utf-8", newline="") as handle:
        (row,) = list(csv.DictReader(handle))
    assert row["Force"] == "'" + name
