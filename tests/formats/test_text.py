"""Plain text and Markdown force lists: one line per unit, totals and the rule pack's verdict."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kit import CliRun

from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.editing import add_entry, new_force
from cardsmith.formats.text import export_text
from cardsmith.models.force import Force, Pilot


def skill_pv(base: int, skill: int) -> int:
    """Point value at a skill by ASCE p.29's table, written out here as the oracle
    (alpha-strike-facts.md §2: the step grows by one per 10 PV above 14 for worse
    skills, per 5 PV above 7 for better ones; never below 1)."""
    if skill > 4:
        step = 1 if base <= 14 else 1 + (base - 5) // 10
        return max(1, base - (skill - 4) * step)
    if skill < 4:
        step = 1 if base <= 7 else 1 + (base - 3) // 5
        return base + (4 - skill) * step
    return base


def test_the_oracle_agrees_with_the_printed_table() -> None:
    # The Atlas AS7-D row of the facts' worked table: 52 PV at skills 0-7.
    assert [skill_pv(52, s) for s in range(8)] == [92, 82, 72, 62, 52, 47, 42, 37]


def test_plain_text_has_a_line_per_unit_with_skill_pv_pilot_and_specials(
    starter_force: Force,
) -> None:
    text = export_text(starter_force)
    total = 0
    for index, entry in enumerate(starter_force.entries, start=1):
        (line,) = [ln for ln in text.splitlines() if ln.lstrip().startswith(f"{index}. ")]
        pv = skill_pv(entry.unit.pv, entry.skill)
        total += pv
        assert line.lstrip().startswith(f"{index}. {entry.name} ({entry.unit.type_code})")
        assert f"Skill {entry.skill}, {pv} PV" in line
        if entry.pilot.name:
            assert f"Pilot: {entry.pilot.name}" in line
        assert f"Specials: {','.join(s.text for s in entry.unit.specials)}" in line
    assert text.startswith(f"Test Force — 7 units, {total} PV\n")
    assert f"Total: 7 units, {total} PV" in text


def _lone(catalogue: Catalogue, mul_id: int, skill: int, **force: object) -> Force:
    unit = catalogue.get(mul_id)
    assert unit is not None
    return add_entry(new_force("Lone").with_changes(**force), unit, skill=skill)


def test_the_verdict_follows_the_rule_pack(catalogue: Catalogue) -> None:
    legal = _lone(catalogue, 1901, 4)  # one Locust, no cap, no formation
    assert "Rule pack standard: legal\n" in export_text(legal)
    over_cap = _lone(catalogue, 140, 4, cap=50)  # an Atlas is 52 PV
    text = export_text(over_cap)
    assert "Rule pack standard: NOT legal (1 error)" in text
    (problem,) = [ln for ln in text.splitlines() if ln.startswith("  - ")]
    assert "52" in problem and "50" in problem
    # tournament-300 takes skills 2-6 only: a skill-7 pilot is an error there.
    green = _lone(catalogue, 1901, 7, pack="tournament-300")
    text = export_text(green, markdown=True)
    assert "**Rule pack tournament-300: NOT legal (" in text
    assert "- 1 unit with a skill outside 2-6 (7)" in text


def test_an_unknown_pack_is_reported_as_not_checked(starter_force: Force) -> None:
    force = starter_force.with_changes(pack="no-such-pack")
    assert "Rule pack no-such-pack: not checked" in export_text(force)


def test_markdown_table_escapes_pipes_and_keeps_cyrillic(starter_force: Force) -> None:
    entry = starter_force.entries[1].with_changes(pilot=Pilot("Ян | Бродяга"))
    force = starter_force.with_changes(entries=(starter_force.entries[0], entry))
    text = export_text(force, markdown=True)
    rows = [ln for ln in text.splitlines() if ln.startswith("| ") and ln[2].isdigit()]
    assert len(rows) == 2
    assert "Ян \\| Бродяга" in rows[1]
    # Eight columns: the pipe in the name does not open a ninth.
    assert all(len(re.split(r"(?<!\\)\|", row)) == 10 for row in rows)
    assert "Кайла Петрова" in rows[0]


def test_cli_export_text_and_md_go_to_stdout(
    cli_run: CliRun, tmp_path: Path, starter_force: Force, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardsmith.forces.force_file import save_force

    path = tmp_path / "f.json"
    save_force(starter_force, path)
    for fmt in ("text", "md"):
        result = cli_run("export", str(path), "--format", fmt)
        assert result.code == 0, result
        assert "Кайла Петрова" in result.stdout
        assert ("## Test Force" in result.stdout) == (fmt == "md")
        assert ("Test Force — 7 units" in result.stdout) == (fmt == "text")
    # "-o -" is standard output too, as for most command-line tools: no file named "-".
    monkeypatch.chdir(tmp_path)
    dashed = cli_run("export", str(path), "--format", "md", "-o", "-")
    assert dashed.code == 0 and "## Test Force" in dashed.stdout, dashed
    assert not (tmp_path / "-").exists()


def test_spas_are_shown_by_name(starter_force: Force) -> None:
    text = export_text(starter_force)
    assert "SPAs: Lucky (2), Marksman" in text
    assert "SPAs: Sniper" in text
