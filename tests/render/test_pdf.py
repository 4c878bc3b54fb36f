"""The printed PDF read back: stats inside their boxes, pips and crit boxes, pages, fonts."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
import pytest
from render.conftest import MM, card_rect, in_box

from cardsmith.models import Force, ForceEntry, Pilot, Unit
from cardsmith.render.content.card import CardData, cards_for_force
from cardsmith.render.content.sheets import SheetOptions, sections
from cardsmith.render.layout.paper import sheet_layout
from cardsmith.render.pdf.record_sheets import render_sheets

PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory, mixed_force: Force) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pdf")
    return {
        paper: render_sheets([mixed_force], folder / f"{paper}.pdf", SheetOptions(paper=paper))
        for paper in PAPERS
    }


def _words_in(page: Any, rect: tuple[float, float, float, float]) -> list[dict[str, Any]]:
    return [w for w in page.extract_words() if in_box(w, rect, slack=0)]


def _card_page_and_slot(force: Force, index: int) -> tuple[int, int]:
    """Page and slot of the card of entry ``index`` (0-based): page 0 is the roster, then
    each group's cards start a page of their own, eight to a page."""
    page = 1
    for section in sections(force):
        positions = [i - 1 for i, _ in section.entries]
        if index in positions:
            at = positions.index(index)
            return page + at // 8, at % 8
        page += math.ceil(len(positions) / 8)
    raise AssertionError(f"entry {index} is on no page")


@pytest.mark.parametrize("paper", PAPERS)
def test_page_sizes_and_count(printed: dict[str, Path], mixed_force: Force, paper: str) -> None:
    reader = pypdf.PdfReader(printed[paper])
    card_pages = sum(math.ceil(len(s.entries) / 8) for s in sections(mixed_force))
    # Roster, cards, then the reference pages (two: the crit, motive, heat, to-hit,
    # range and turn tables).
    assert len(reader.pages) == 1 + card_pages + 2
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (width, height) == pytest.approx(PAPERS[paper], abs=0.5)


def _stat_words(card: CardData) -> dict[str, list[str]]:
    """Box name → words that must appear inside that box."""
    damage = [c.value for c in card.damage] + [f"{c.target}+" for c in card.damage]
    stats = {
        "name": card.name.split()[:2],
        "pv": [str(card.pv)],
        "info": [card.type_code, str(card.size), card.role.split()[0], str(card.skill)],
        "damage": damage,
        "specials": [s.rstrip(",") for s in card.specials[:2]],
    }
    stats["info"].append(card.thrust or card.move)
    if card.pilot:
        stats["pilot"] = card.pilot.split()
    if card.heat_scale:
        stats["heat"] = ["OV", str(card.overheat), "1", "2", "3", "S"]
    if card.threshold is not None:
        stats["threshold"] = ["TH", str(card.threshold)]
    if card.squad is not None:
        stats["squad"] = [str(card.squad)]
    return stats


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_every_stat_is_printed_inside_its_box(
    printed: dict[str, Path], mixed_force: Force, paper: str, box_on_page: Any
) -> None:
    layout = sheet_layout(paper)
    cards = cards_for_force(mixed_force.entries)
    with pdfplumber.open(printed[paper]) as pdf:
        for index, card in enumerate(cards):
            page_no, slot = _card_page_and_slot(mixed_force, index)
            page = pdf.pages[page_no]
            for box_name, expected in _stat_words(card).items():
                box = card.template.boxes[box_name]
                words = [w["text"] for w in _words_in(page, box_on_page(layout, slot, box))]
                for word in expected:
                    assert any(word in w for w in words), (
                        f"{card.name}: {word!r} not in box {box_name}: {words}"
                    )
            inside = _words_in(page, card_rect(layout, slot))
            assert all(in_box(w, card_rect(layout, slot), slack=0) for w in inside)


def _shapes(page: Any, rect: tuple[float, float, float, float]) -> tuple[list[Any], list[Any]]:
    curves = [c for c in page.curves if in_box(c, rect, slack=0.5)]
    rects = [r for r in page.rects if in_box(r, rect, slack=0.5)]
    return curves, rects


@pytest.mark.parametrize("paper", PAPERS)
def test_pips_crit_boxes_and_heat_boxes_per_type(
    printed: dict[str, Path], mixed_force: Force, paper: str, box_on_page: Any
) -> None:
    layout = sheet_layout(paper)
    cards = cards_for_force(mixed_force.entries)
    with pdfplumber.open(printed[paper]) as pdf:
        for index, card in enumerate(cards):
            page_no, slot = _card_page_and_slot(mixed_force, index)
            page = pdf.pages[page_no]
            armor_box = box_on_page(layout, slot, card.template.boxes["armor"])
            pips, _ = _shapes(page, armor_box)
            assert len([p for p in pips if not p["fill"]]) == card.armor, card.name
            assert len([p for p in pips if p["fill"]]) == card.structure, card.name
            crit_box = card.template.box("crits")
            crit_squares = []
            if crit_box is not None:
                _, rects = _shapes(page, box_on_page(layout, slot, crit_box))
                crit_squares = [r for r in rects if abs(r["width"] - 2.2 * MM) < 0.2]
            assert len(crit_squares) == sum(t.boxes for t in card.crits), card.name
            heat_box = card.template.box("heat")
            heat_squares = []
            if heat_box is not None:
                _, rects = _shapes(page, box_on_page(layout, slot, heat_box))
                heat_squares = [r for r in rects if abs(r["width"] - 5.2 * MM) < 0.2]
            expected_heat = 4 if card.type_code in ("BM", "IM", "AF") else 0
            assert len(heat_squares) == expected_heat, card.name


@pytest.mark.slow
def test_unicode_pilot_names_come_back(printed: dict[str, Path], mixed_force: Force) -> None:
    with pdfplumber.open(printed["letter"]) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    for entry in mixed_force.entries:
        if entry.pilot.name:
            assert entry.pilot.name in text
    assert "Steel Tigers — Сталь" in text
    assert "Mówáng-class Courier" in text


def test_roster_lists_every_entry_with_pv_and_fingerprint(
    printed: dict[str, Path], mixed_force: Force
) -> None:
    from cardsmith.forces.fingerprint import force_fingerprint
    from cardsmith.forces.pricing import entry_pv, force_pv

    with pdfplumber.open(printed["letter"]) as pdf:
        roster = pdf.pages[0].extract_text()
    assert "not checked" in roster
    assert force_fingerprint(mixed_force) in roster
    assert f"Total PV {force_pv(mixed_force)}" in roster
    lines = roster.splitlines()
    for i, entry in enumerate(mixed_force.entries, start=1):
        row = next(line for line in lines if line.startswith(f"{i} {entry.unit.name.split()[0]}"))
        assert f" {entry.unit.type_code} " in row
        assert row.endswith(f" {entry.skill} {entry.unit.pv} {entry_pv(entry)}") or (
            f" {entry.skill} {entry.unit.pv} {entry_pv(entry)} " in row
        ), row


def test_reference_page_has_the_tables(printed: dict[str, Path]) -> None:
    with pdfplumber.open(printed["a4"]) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages[-2:])
    for title in (
        "Critical hits (2D6)",
        "Large craft critical hits (2D6)",
        "Vehicle motive damage",
        "Heat ('Mechs and aerospace fighters)",
        "To-hit modifiers",
        "Turn sequence",
    ):
        assert title in text
    # Seed 004's 'Mech column: 2 ammo … 12 destroyed.
    assert "2 Ammo hit" in text and "12 Unit destroyed" in text


def test_no_reference_page(tmp_path: Path, mixed_force: Force) -> None:
    out = render_sheets([mixed_force], tmp_path / "x.pdf", SheetOptions(reference=False))
    assert len(pypdf.PdfReader(out).pages) == 1 + math.ceil(len(mixed_force.entries) / 8)


def test_reprint_is_byte_identical(tmp_path: Path, mixed_force: Force) -> None:
    first = render_sheets(
        [mixed_force], tmp_path / "a.pdf", SheetOptions(paper="a4", mono=True)
    ).read_bytes()
    second = render_sheets(
        [mixed_force], tmp_path / "b.pdf", SheetOptions(paper="a4", mono=True)
    ).read_bytes()
    assert first == second
    assert b"CreationDate" not in first or first.count(b"D:2000") >= 1


@pytest.mark.slow
def test_mono_draws_no_filled_areas(tmp_path: Path, mixed_force: Force) -> None:
    out = render_sheets([mixed_force], tmp_path / "mono.pdf", SheetOptions(mono=True))
    with pdfplumber.open(out) as pdf:
        for page in pdf.pages:
            assert not [r for r in page.rects if r["fill"]]
            assert not [c for c in page.curves if c["fill"]]
    colour = render_sheets([mixed_force], tmp_path / "colour.pdf")
    with pdfplumber.open(colour) as pdf:
        assert any(r["fill"] for r in pdf.pages[1].rects)


@pytest.mark.slow
def test_a_force_of_a_hundred_units(tmp_path: Path, starter_units: dict[int, Unit]) -> None:
    printable = [u for u in starter_units.values() if u.has_stats]
    entries = tuple(
        ForceEntry(printable[i % len(printable)], skill=i % 8, pilot=Pilot(f"Pilot {i} Ж"))
        for i in range(100)
    )
    force = Force(name="Big", entries=entries)
    out = render_sheets([force], tmp_path / "big.pdf", SheetOptions(cards_per_page=8))
    with pdfplumber.open(out) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
        pages = len(pdf.pages)
    assert pages >= 1 + 13 + 1
    for i in range(100):
        assert f"Pilot {i} Ж" in text
    assert text.count("PV ") >= 100


@pytest.mark.slow
def test_several_forces_each_get_a_roster(tmp_path: Path, mixed_force: Force) -> None:
    other = mixed_force.with_changes(name="Second Force", entries=mixed_force.entries[:3])
    from cardsmith.render.content.roster import Verdict

    out = render_sheets(
        [mixed_force, other],
        tmp_path / "two.pdf",
        verdicts=[
            None,
            Verdict(pack="standard", legal=False, problems=("error: too many units",), errors=1),
        ],
    )
    with pdfplumber.open(out) as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    assert texts[0].startswith("Steel Tigers")
    second = next(t for t in texts if t.startswith("Second Force"))
    assert "NOT LEGAL (1 error)" in second and "too many units" in second


def _diagonals(page: Any) -> list[dict[str, Any]]:
    return [
        line
        for line in page.lines
        if abs(line["x1"] - line["x0"]) > 0.5 and abs(line["bottom"] - line["top"]) > 0.5
    ]


def test_mono_pips_look_marked_only_when_marked(
    tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    """An unmarked card in mono has no filled and no crossed pip: structure is a double ring."""
    atlas = starter_units[140]
    assert atlas.structure > 0
    force = Force(name="One", entries=(ForceEntry(atlas, skill=4),))
    out = render_sheets([force], tmp_path / "mono.pdf", SheetOptions(mono=True, reference=False))
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[1]
        assert _diagonals(page) == []
        assert not [c for c in page.curves if c["fill"]]
        rings = sorted(round(c["width"], 1) for c in page.curves)
    outer = max(rings)
    assert rings.count(outer) == atlas.armor + atlas.structure
    assert len(rings) == atlas.armor + 2 * atlas.structure  # an inner ring per structure pip


def test_roster_prints_long_unit_names_whole(
    tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    # The longest names of the starter catalogue under 40 characters: battle armor squads.
    longest = sorted(
        (u for u in starter_units.values() if u.has_stats and len(u.name) < 40),
        key=lambda u: len(u.name),
    )[-3:]
    force = Force(name="Long", entries=tuple(ForceEntry(u, skill=4) for u in longest))
    out = render_sheets([force], tmp_path / "long.pdf", SheetOptions(reference=False))
    with pdfplumber.open(out) as pdf:
        roster = pdf.pages[0].extract_text()
    assert "# Unit Type Role Skill Base PV PV Pilot SPAs" in roster
    for unit in longest:
        assert unit.name in roster


def test_no_font_change_that_does_not_change_the_font(
    monkeypatch: pytest.MonkeyPatch, mixed_force: Force
) -> None:
    """Every setFont a print makes changes the face or the size (issue 17: no per-string
    font changes that change nothing), on the roster, the cards and the reference page."""
    from reportlab.pdfgen.canvas import Canvas

    from cardsmith.render.content.sheets import SheetOptions
    from cardsmith.render.pdf.record_sheets import render_bytes

    original = Canvas.setFont
    calls: list[bool] = []

    def counting(self: Canvas, name: str, size: float, *args: Any) -> None:
        calls.append(self._fontname == name and self._fontsize == size)
        original(self, name, size, *args)

    monkeypatch.setattr(Canvas, "setFont", counting)
    render_bytes([mixed_force], SheetOptions(extras=("pilot", "spa", "token")))
    assert len(calls) > 100
    assert sum(calls) == 0, f"{sum(calls)} of {len(calls)} font changes change nothing"


def test_roster_names_the_era_and_faction_played(tmp_path: Path, mixed_force: Force) -> None:
    from dataclasses import replace

    from cardsmith.models.force import MulRef

    played = replace(mixed_force, era=MulRef(13, "Clan Invasion"), faction=MulRef(24, "Clan Wolf"))
    for force, shown in ((played, True), (mixed_force, False)):
        out = render_sheets([force], tmp_path / f"{shown}.pdf", SheetOptions(reference=False))
        with pdfplumber.open(out) as pdf:
            lines = pdf.pages[0].extract_text().splitlines()
        assert ("Era Clan Invasion" in lines) is shown, lines[:12]
        assert ("Faction Clan Wolf" in lines) is shown, lines[:12]
        assert not any(line.startswith(("Era ", "Faction ")) for line in lines) or shown


@pytest.mark.slow
def test_names_cannot_carry_control_or_bidi_characters_into_the_pdf(
    tmp_path: Path, mixed_force: Force
) -> None:
    from dataclasses import replace

    first = mixed_force.entries[0]
    hostile = replace(
        mixed_force,
        name="Lance\x1b]0;PWNED\x07",
        entries=(replace(first, pilot=Pilot(name="Kai\u202eLLIK")), *mixed_force.entries[1:]),
    )
    out = render_sheets([hostile], tmp_path / "hostile.pdf", SheetOptions(reference=False))
    with pdfplumber.open(out) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
        title = pdf.metadata.get("Title", "")
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "\x1b" not in title
    # Shown as visible escapes, so the reader sees that the name carries them.
    assert "Lance\\u001b]0;PWNED\\u0007" in text
    assert "Kai\\u202eLLIK" in text
    assert hostile.name == "Lance\x1b]0;PWNED\x07"  # the force itself is not changed
