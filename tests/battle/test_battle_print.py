"""The battle sheet: the Betrayal reference card read back from the PDF, and `battle print`."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from battle.conftest import BattleFile, entry, make_unit, two_sides
from cardsmith.battle import actions
from cardsmith.battle.betrayal import load_betrayal_rule
from cardsmith.battle.crits import CritKind
from cardsmith.errors import TemplateError
from cardsmith.paths import templates_dir
from cardsmith.render.content.battle_sheet import condition_text
from cardsmith.render.layout.battle_sheet import (
    PT_MM,
    load_battle_layout,
    parse_battle_layout,
)
from cardsmith.render.pdf.battle_sheet import battle_sheet_bytes
from cardsmith.templates import read_toml  # the shipped file as data

MM = 72 / 25.4


def _lines(pdf_bytes: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        return [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]


def _card_words(pdf_bytes: bytes) -> list[dict[str, Any]]:
    """Words drawn inside a card face (the rectangles the size of a card)."""
    layout = load_battle_layout()
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        page = pdf.pages[0]
        faces = [
            r
            for r in page.rects
            if abs(r["width"] - layout.card_width * MM) < 1
            and abs(r["height"] - layout.card_height * MM) < 1
        ]
        assert faces, "no card-sized face on the page"
        words = page.extract_words()
    return [
        w
        for w in words
        if any(
            f["x0"] <= w["x0"] and w["x1"] <= f["x1"] and f["top"] <= w["top"] <= f["bottom"]
            for f in faces
        )
    ]


def test_card_shows_every_modifier_with_its_value_and_condition() -> None:
    rule = load_betrayal_rule()
    lines = _lines(battle_sheet_bytes(two_sides()))
    for modifier in rule.modifiers:
        row = next((ln for ln in lines if modifier.label in ln), None)
        assert row is not None, f"modifier {modifier.label!r} missing from the card"
        assert row.endswith(f"{modifier.value:+d}"), row
        assert condition_text(modifier) in row
    text = "\n".join(lines)
    assert f"Base TN {rule.base_tn}" in text
    assert f"turn {rule.from_turn}" in text and f"{rule.range_hexes} hexes" in text
    assert "not shut down, not pilotless, not" in text  # eligibility, wrapped
    for objective in rule.objectives:
        assert f"{objective.alias} {objective.label}" in text
    assert f"Skill +{rule.skill_penalty} for weapon attacks" in text
    assert "No new test on this unit" in text


def test_card_text_stays_inside_card_sized_faces() -> None:
    words = _card_words(battle_sheet_bytes(two_sides()))
    drawn = " ".join(w["text"] for w in words)
    for modifier in load_betrayal_rule().modifiers:
        assert modifier.label.split()[0] in drawn
        assert f"{modifier.value:+d}" in drawn


def test_modifier_values_come_from_the_pack(tmp_path: Path) -> None:
    # A group's copy of the pack with the commander read as +2 prints +2.
    text = (templates_dir() / "rules" / "betrayal.toml").read_text(encoding="utf-8")
    edited = text.replace('id = "betrayal"', 'id = "betrayal-house"', 1)
    edited = edited.replace("value = -2\nlabel = \"The unit is the force commander\"",
                            "value = 2\nlabel = \"Commander (house reading)\"")  # fmt: skip
    pack = tmp_path / "betrayal-house.toml"
    pack.write_text(edited, encoding="utf-8")
    lines = _lines(battle_sheet_bytes(two_sides(packs=(str(pack),))))
    row = next(ln for ln in lines if "Commander (house reading)" in ln)
    assert row.endswith("+2")


def test_state_table_shows_current_values_and_betrayal_penalties() -> None:
    battle = two_sides()
    battle = actions.damage(battle, "Red Mech", 7, now=True)  # 5 armor, 2 structure
    battle = actions.crit(battle, "Red Mech", CritKind.MP, now=True)
    battle = actions.crit(battle, "Blue Mech", CritKind.WEAPON, now=True)
    battle = actions.set_heat(battle, "Blue Mech", 2)
    lines = _lines(battle_sheet_bytes(battle))
    red = next(ln for ln in lines if ln.startswith("2.1 Red Mech"))
    # MV 10" → MP hit 5" ; TMM 2 → 1 ; armor 0/5, structure 2/4.
    assert '0/5 2/4 0 5" 1 3/3/2 4/6/8 4/4' in red
    blue = next(ln for ln in lines if ln.startswith("1.1 Blue Mech"))
    # heat 2: 10 − 4 = 6", TMM 1; damage 2/2/1; to-hit 4 + 2 heat = 6/8/10.
    assert '2 6" 1 2/2/1 6/8/10 4/4' in blue
    assert any("MP hit" in ln for ln in lines)


def test_layout_file_validates_with_every_problem_named() -> None:
    data = read_toml(Path(load_battle_layout().source))
    data["card"]["text_size"] = 40
    data["table"]["columns"].append(["armour", 9])
    data["rules"]["betrayal"]["text"]["tn"] = "TN {base_tn} on {dice_count}"
    data["rules"]["betrayal"]["sections"].append("weather")
    data["spacing"] = {}
    with pytest.raises(TemplateError) as caught:
        parse_battle_layout(data, source="battle-sheet.toml")
    problems = "\n".join(caught.value.problems)
    for needle in (
        "[card] text_size must be 4-12",
        "unknown column 'armour'",
        "{dice_count} is not a rule number",
        "unknown section 'weather'",
        "[spacing]: unknown section",
    ):
        assert needle in problems
    assert "battle-sheet.toml" in caught.value.message


def test_a_card_that_needs_more_faces_than_allowed_is_refused() -> None:
    data = read_toml(Path(load_battle_layout().source))
    data["card"]["max_faces"] = 1
    layout = parse_battle_layout(data, source="tight.toml")
    with pytest.raises(TemplateError, match=r"needs 2 faces.*max_faces is 1"):
        battle_sheet_bytes(two_sides(), layout=layout)
    data["card"]["line_mm"] = 1.5  # lower than the card's 6.2 pt headings
    with pytest.raises(TemplateError) as caught:
        parse_battle_layout(data, source="tight.toml")
    assert data["card"]["heading_size"] * PT_MM > 1.5
    assert caught.value.problems == ("[card] line_mm is 1.5 mm, too low for 6.2 pt text",)


def test_cli_battle_print_one_page_deterministic(
    cli_run: Any, tmp_path: Path, battle_file: BattleFile
) -> None:
    path = battle_file(
        blue=(entry(make_unit("Blue Mech", specials="IF1")), entry(make_unit("Жук Mech"))),
    )
    assert cli_run("battle", "damage", str(path), "Blue Mech", "3").code == 0
    assert cli_run("battle", "crit", str(path), "Blue Mech", "weapon").code == 0
    assert cli_run("battle", "end-round", str(path)).code == 0
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    result = cli_run("battle", "print", str(path), "-o", str(first))
    assert result.code == 0, result
    assert "turn 2" in result.stdout and "betrayal" in result.stdout
    assert cli_run("battle", "print", str(path), "-o", str(second)).code == 0
    assert first.read_bytes() == second.read_bytes()
    with pdfplumber.open(first) as pdf:
        # The sheet is one page; each side's marked cards follow on a page of their own.
        assert len(pdf.pages) == 1 + 2
        assert round(pdf.pages[0].width) == 612  # Letter
        text = pdf.pages[0].extract_text()
    assert "Жук Mech" in text and "Betrayal" in text
    assert "2/5" in text  # Blue Mech's armor after 3 damage
    assert "specials now: IF0*" in text
    assert not list(tmp_path.glob(".*.tmp"))  # the atomic write left no temp file


def test_cli_battle_print_a4_mono_and_bad_input(
    cli_run: Any, tmp_path: Path, battle_file: BattleFile
) -> None:
    path = battle_file(packs=())
    out = tmp_path / "mono.pdf"
    result = cli_run("battle", "print", str(path), "-o", str(out), "--paper", "a4", "--mono")
    assert result.code == 0, result
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        assert (round(page.width), round(page.height)) == (595, 842)
        assert "Optional rules: none" in (page.extract_text() or "")
        assert not page.rects  # mono: no filled header bands, and no rule cards here
    bad_paper = cli_run("battle", "print", str(path), "-o", str(out), "--paper", "legal")
    assert bad_paper.code == 2
    missing = cli_run("battle", "print", str(tmp_path / "none.json"), "-o", str(out))
    assert missing.code == 2 and "Traceback" not in missing.stderr


def test_the_betrayal_card_carries_the_packs_commander_caveat() -> None:
    # Seed 000 II.C calls the commander's -2 "harder"; the pack's description says why a
    # lower TN makes the turn easier, and the printed card carries that caveat.
    from cardsmith.rules.engine import load_pack

    description = " ".join(load_pack("betrayal").description.split())
    assert "Commander:" in description
    text = " ".join(" ".join(_lines(battle_sheet_bytes(two_sides()))).split())
    for words in ("Commander:", "lower TN makes it easier", "+2 edits"):
        assert words in description and words in text, words
