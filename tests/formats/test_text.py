"""Plain text and Markdown force lists: one line per unit, totals and the rule pack's verdict."""

from __future__ import annotations

import re

from cardsmith.forces.pricing import entry_pv, force_pv
from cardsmith.formats.text import export_text, verdict
from cardsmith.models.force import Force, Pilot
from cardsmith.rules.engine import check_force, load_pack


def test_plain_text_has_a_line_per_unit_with_skill_pv_pilot_and_specials(
    starter_force: Force,
) -> None:
    text = export_text(starter_force)
    for index, entry in enumerate(starter_force.entries, start=1):
        (line,) = [ln for ln in text.splitlines() if ln.lstrip().startswith(f"{index}. ")]
        assert entry.name in line
        assert f"Skill {entry.skill}" in line
        assert f"{entry_pv(entry)} PV" in line
        if entry.pilot.name:
            assert entry.pilot.name in line
        assert entry.unit.specials_text in line
    assert f"Total: {len(starter_force.entries)} units, {force_pv(starter_force)} PV" in text


def test_the_verdict_is_the_rule_packs(starter_force: Force) -> None:
    result = check_force(starter_force, load_pack(starter_force.pack))
    line, messages = verdict(starter_force)
    assert line.startswith(f"Rule pack {starter_force.pack}: ")
    assert ("NOT legal" in line) == (not result.legal)
    assert messages == [v.message for v in result.violations]
    assert line in export_text(starter_force)
    assert line in export_text(starter_force, markdown=True)


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


def test_cli_export_text_and_md_go_to_stdout(cli_run, tmp_path, starter_force: Force) -> None:
    from cardsmith.forces.force_file import load_force, save_force

    path = tmp_path / "f.json"
    save_force(starter_force, path)
    for fmt in ("text", "md"):
        result = cli_run("export", str(path), "--format", fmt)
        assert result.code == 0, result
        assert result.stdout == export_text(load_force(path), markdown=fmt == "md")
        assert "Кайла Петрова" in result.stdout


def test_spas_are_shown_by_name(starter_force: Force) -> None:
    text = export_text(starter_force)
    assert "SPAs: Lucky (2), Marksman" in text
    assert "SPAs: Sniper" in text
