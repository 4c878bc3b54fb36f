"""The campaign roster sheet: its layout data, its rows (no drawing) and the printed PDF."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from cardsmith import campaign as cp
from cardsmith.errors import TemplateError
from cardsmith.render.content.campaign_sheet import campaign_sheet_data
from cardsmith.render.layout.campaign_sheet import (
    CampaignSheetLayout,
    load_campaign_layout,
    parse_campaign_layout,
)
from cardsmith.render.pdf.campaign_sheet import campaign_sheet_bytes, render_campaign_sheet
from cardsmith.tables import Change, Dice, ScriptedChooser, TableSet, load_tables

STATS = {"move": 6, "shooting": 4, "fighting": 3, "courage": 2, "glory": 0}


@pytest.fixture(scope="module")
def tables() -> TableSet:
    return load_tables()


def _roll(state: cp.Campaign, tables: TableSet, who: str, table: str, dice: str) -> cp.Campaign:
    entered = Dice.own(tuple(int(d) for d in dice.split(",")))
    return cp.roll_for(state, tables, who, table, entered, ScriptedChooser()).campaign


@pytest.fixture
def posse(tables: TableSet) -> cp.Campaign:
    """Heroes in every state the sheet shows (the injury table is the heroes', seed 002)
    and a hired gun, built with fixed dice."""
    state = cp.new_campaign("Дикая банда", "old-west", tables, ["shooting"])
    for name, kind in (
        ("Жанна", "hero"),
        ("Slim", "hero"),
        ("Rosa", "hero"),
        ("Kid", "hero"),
        ("Shorty", "hired-gun"),
    ):
        state, _ = cp.add_warrior(state, tables, name, kind, STATS, ["Rifle"])
    state = cp.record_game(state, "Outlaws", "loss")
    state = _roll(state, tables, "Жанна", "injury", "3,3,6")  # snake oil: real tonic
    state = _roll(state, tables, "Rosa", "injury", "1,2")  # dead
    state = _roll(state, tables, "Kid", "injury", "6,2")  # captured
    state = _roll(state, tables, "Slim", "injury", "3,5,2")  # deep wound, D3 → 2 games
    trick = Change("skill", "Skill: Trick Shooter", value="trick-shooter")
    state = cp.adjust(state, "Жанна", [trick, trick], "two skill rolls")
    state = cp.adjust(state, "Slim", [Change("xp", "+3 XP", amount=3)], "mistake")
    state, _ = cp.undo(state)
    return state


def test_rows_show_roles_stats_skills_conditions_and_status(
    posse: cp.Campaign, tables: TableSet
) -> None:
    sheet = campaign_sheet_data(posse, tables, log_entries=3, stat_headers={"shooting": "Sht"})
    assert sheet.games_played == 1 and sheet.games == ("1 vs Outlaws (loss)",)
    assert [c.header for c in sheet.stat_columns][:2] == ["Move", "Sht"]
    rows = {r.name: r for r in sheet.warriors}
    # Heroes before hired guns, those no longer on the team last.
    assert [r.name for r in sheet.warriors] == ["Жанна", "Slim", "Kid", "Shorty", "Rosa"]
    assert rows["Жанна"].role == "Hero" and rows["Shorty"].role == "Hired gun"
    assert rows["Жанна"].stats[:2] == ("6", "4+")
    details = dict(rows["Жанна"].details)
    assert details["Skills"] == "Trick Shooter ×2"
    assert details["Conditions"] == "Snake-oil tonic (1 game left)"
    assert details["Injuries"] == "game 1: Snake-oil salesman (Real tonic)"
    assert details["Equipment"] == "Rifle"
    assert (rows["Slim"].status, rows["Slim"].state) == ("missing 2 games", "missing")
    assert rows["Slim"].xp == 0  # the +3 was undone
    assert (rows["Kid"].status, rows["Kid"].state) == ("captured", "captured")
    assert "$D6x5" in dict(rows["Kid"].details)["Note"]
    assert (rows["Rosa"].status, rows["Rosa"].state) == ("dead", "fallen")
    assert "Equipment" not in dict(rows["Rosa"].details)
    assert [line.seq for line in sheet.log] == [11, 12, 13] and sheet.log_total == 13
    assert sheet.log[1].text.endswith("(undone)") and sheet.log[2].text.startswith("Undo #12")


def test_sheet_prints_every_warrior_on_letter_and_a4(
    posse: cp.Campaign, tables: TableSet, tmp_path: Path
) -> None:
    for paper in ("letter", "a4"):
        out = render_campaign_sheet(posse, tables, tmp_path / f"{paper}.pdf", paper=paper)
        with pdfplumber.open(out) as pdf:
            text = "\n".join(p.extract_text() or "" for p in pdf.pages)
        for name in ("Дикая банда", "Жанна", "Slim", "Kid", "Rosa", "Trick Shooter ×2"):
            assert name in text
        assert "missing 2 games" in text and "captured" in text and "dead" in text


def test_a_long_roster_breaks_pages_and_repeats_the_header(
    tables: TableSet, tmp_path: Path
) -> None:
    state = cp.new_campaign("Пилоты", "alpha-strike-pilots", tables)
    names = [f"Пилот {n:02d} Иванович" for n in range(1, 61)]
    for name in names:
        state, _ = cp.add_warrior(state, tables, name, "pilot", {"skill": 4})
    out = render_campaign_sheet(state, tables, tmp_path / "pilots.pdf", log_entries=0)
    with pdfplumber.open(out) as pdf:
        assert len(pdf.pages) > 1
        pages = [p.extract_text() or "" for p in pdf.pages]
    for number, page in enumerate(pages, start=1):
        assert "Name Role Skill XP Status" in page and f"page {number}" in page
    text = "\n".join(pages)
    assert all(name in text for name in names)
    assert "house default" in text and "Recent log" not in text


def test_same_campaign_same_bytes(posse: cp.Campaign, tables: TableSet) -> None:
    assert campaign_sheet_bytes(posse, tables) == campaign_sheet_bytes(posse, tables)


def test_unknown_paper_and_columns_that_do_not_fit(posse: cp.Campaign, tables: TableSet) -> None:
    with pytest.raises(TemplateError, match="unknown paper 'b5'"):
        campaign_sheet_bytes(posse, tables, paper="b5")
    wide = CampaignSheetLayout(stat=20.0, source="wide.toml")
    with pytest.raises(TemplateError, match=r"wide\.toml: 10 stat columns of 20\.0 mm"):
        campaign_sheet_bytes(posse, tables, layout=wide)


def test_built_in_layout_loads() -> None:
    layout = load_campaign_layout()
    assert layout.log_entries > 0 and layout.stat_headers["shooting"]


def test_bad_layout_lists_every_problem() -> None:
    with pytest.raises(TemplateError) as caught:
        parse_campaign_layout(
            {
                "page": {"margin_mm": "wide", "text_size": 40},
                "warriors": {"row_mm": 1.0, "colour": "red"},
                "log": {"entries": 2.5},
                "footer": {},
                "stat_headers": {"move": ""},
            },
            source="mine.toml",
        )
    error = caught.value
    assert error.message.startswith("mine.toml: ")
    problems = "\n".join(getattr(error, "problems", ()))
    for expected in (
        "[footer]: unknown section",
        "[page] margin_mm must be a number, got 'wide'",
        "[page] text_size must be 5-14, got 40",
        "[warriors] colour: unknown setting",
        "[warriors] row_mm must be 2.5-20, got 1.0",
        "[log] entries must be a whole number, got 2.5",
        "[stat_headers] move must be non-empty text",
    ):
        assert expected in problems
    with pytest.raises(TemplateError) as low:
        parse_campaign_layout({"warriors": {"row_mm": 2.6}})
    assert low.value.problems == ("[warriors] row_mm is 2.6 mm, too low for 8.5 pt text",)


def _table_row(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"{name} "))


def test_an_advance_prints_as_what_it_is(tables: TableSet, tmp_path: Path) -> None:
    # A hired gun joined with Move and Courage only; a +1 Strength advance (seed 002,
    # hired-gun advancement 1) is one step on a stat never recorded: "+1", not "Str 1".
    state = cp.new_campaign("Банда", "old-west", tables, ["shooting"])
    state, _ = cp.add_warrior(state, tables, "Slim", "hired-gun", {"move": 6, "courage": 2})
    state = cp.record_game(state, "Rivals", "win", tables=tables, dice=Dice.own())
    state = cp.roll_for(
        state, tables, "Slim", "advancement", Dice.own([1]), ScriptedChooser(["strength"])
    ).campaign
    state = cp.roll_for(
        state, tables, "Slim", "advancement", Dice.own([5]), ScriptedChooser()
    ).campaign  # +1 Courage on a recorded stat: 2 → 3
    (row,) = campaign_sheet_data(state, tables).warriors
    columns = [c.id for c in campaign_sheet_data(state, tables).stat_columns]
    cells = dict(zip(columns, row.stats, strict=True))
    assert (cells["strength"], cells["courage"], cells["move"]) == ("+1", "3", "6")
    out = render_campaign_sheet(state, tables, tmp_path / "roster.pdf")
    with pdfplumber.open(out) as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
    assert _table_row(text, "Slim").split()[3:6] == ["6", "+1", "3"]  # Mv, Str, Cou
    assert "+1 Strength or +1 Toughness: +1 Strength" in text
    assert "+N = N steps better than at the start" in text


def test_only_real_injuries_are_listed_as_injuries(tables: TableSet) -> None:
    # The pilot pack's 7-12 "Shaken but fine" and seed 002's 41-56 "Full recovery"
    # change nothing: they stay in the log but are not injuries.
    state = cp.new_campaign("Lance", "alpha-strike-pilots", tables)
    for name in ("Kai", "Rin"):
        state, _ = cp.add_warrior(state, tables, name, "pilot", {"skill": 4})
    state = cp.record_game(state, "Clan", "loss", tables=tables, dice=Dice.own())
    state = _roll(state, tables, "Kai", "injury", "4,4")  # 8: shaken but fine
    state = _roll(state, tables, "Rin", "injury", "3,3")  # 6: wounded, misses a game
    rows = {r.name: dict(r.details) for r in campaign_sheet_data(state, tables).warriors}
    assert "Injuries" not in rows["Kai"]
    assert rows["Rin"]["Injuries"] == "game 1: Wounded"
    lines = [line.text for line in campaign_sheet_data(state, tables).log]
    assert any("Shaken but fine" in line for line in lines)
