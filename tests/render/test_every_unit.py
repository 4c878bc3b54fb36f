"""Every unit of the real MUL data with Alpha Strike stats prints on the card its type needs.

Read back from the PDF, card by card: the name (whole, or shortened keeping its end),
PV, damage and target numbers, armor and structure pips, the crit boxes of the tracks
the battle engine gives the unit, the heat scale only where the unit keeps heat, THR
(never inches) for units that move by thrust, and nothing outside the card.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from render.conftest import MM, card_rect, in_box

from cardsmith.battle.crits import crit_tracks
from cardsmith.battle.effects import moves_by_thrust, tracks_heat
from cardsmith.catalogue.dump import read_unit_file
from cardsmith.models import Force, ForceEntry, Unit
from cardsmith.render.content.card import CardData
from cardsmith.render.content.multi_profile import MultiCardData, SheetCard, sheet_card
from cardsmith.render.content.sheets import SheetOptions
from cardsmith.render.layout.card import pip_rows
from cardsmith.render.layout.paper import SheetLayout, sheet_layout
from cardsmith.render.pdf.record_sheets import render_sheets

pytestmark = pytest.mark.slow

#: Cards per PDF: 60 pages at a time keeps memory low and failures local.
CHUNK = int(__import__("os").environ.get("CARDSMITH_PRINT_CHUNK", "480"))


@pytest.fixture(scope="module")
def printable(mul_units_path: Path) -> list[Unit]:
    units = [r.unit for r in read_unit_file(mul_units_path)]
    return [u for u in units if u.type is not None or u.profiles is not None]


def _chunks(units: list[Unit]) -> Iterator[list[Unit]]:
    for start in range(0, len(units), CHUNK):
        yield units[start : start + CHUNK]


def _inside(page: _Page, rect: tuple[float, float, float, float], kind: str) -> list[Any]:
    return [o for o in getattr(page, kind) if in_box(o, rect, slack=0.5)]


def _box_rect(layout: SheetLayout, slot: int, box: Any) -> tuple[float, float, float, float]:
    left, top = layout.card_origin(slot)
    return (
        (left + box.x) * MM,
        (top + box.y) * MM,
        (left + box.right) * MM,
        (top + box.bottom) * MM,
    )


class _Page:
    """One PDF page with its words, rectangles and curves read once."""

    def __init__(self, page: Any) -> None:
        self.words = page.extract_words()
        self.rects = page.rects
        self.curves = page.curves


def _check_card(page: _Page, layout: SheetLayout, slot: int, card: SheetCard, unit: Unit) -> None:
    rect = card_rect(layout, slot)
    words = [w for w in page.words if in_box(w, rect, slack=2.0)]
    text = " ".join(w["text"] for w in words)
    assert all(in_box(w, rect, slack=0.3) for w in words), f"{unit.name}: text leaves the card"
    assert f"PV {card.pv}" in text, unit.name
    last_word = unit.name.split()[-1]
    assert unit.name in text or last_word in text, f"{unit.name}: name lost its end"
    squares = [r for r in _inside(page, rect, "rects") if r["width"] < 2.5 * MM]
    crit_boxes = [r for r in squares if abs(r["width"] - r["height"]) < 0.2]
    expected_crits = sum(t.boxes for t in crit_tracks(unit))
    assert len(crit_boxes) == expected_crits, f"{unit.name}: crit boxes"
    if isinstance(card, MultiCardData):
        return
    _check_single(page, layout, slot, card, unit, text)


def _check_single(
    page: _Page, layout: SheetLayout, slot: int, card: CardData, unit: Unit, text: str
) -> None:
    for column in card.damage:
        assert f"TN {column.target}+" in text, f"{unit.name}: {column.label} target"
    info = _box_rect(layout, slot, card.template.boxes["info"])
    info_text = " ".join(w["text"] for w in page.words if in_box(w, info, slack=0.5))
    if moves_by_thrust(unit):
        assert "THR" in info_text and '"' not in info_text and "TMM" not in info_text, unit.name
    else:
        assert "MV" in info_text and "TMM" in info_text, unit.name
    assert ("E (+" in text) is ("E" in card.template.ranges), unit.name
    heat_squares = [
        r
        for r in _inside(page, card_rect(layout, slot), "rects")
        if abs(r["width"] - 5.2 * MM) < 0.2
    ]
    assert len(heat_squares) == (4 if tracks_heat(unit) else 0), f"{unit.name}: heat"
    armor = card.template.boxes["armor"]
    grid = pip_rows(card.armor, card.structure, armor.w - 5.0, armor.h - 1.2)
    pips = _inside(page, _box_rect(layout, slot, armor), "curves")
    if grid.fits:
        assert len([p for p in pips if not p["fill"]]) == card.armor, f"{unit.name}: armor"
        assert len([p for p in pips if p["fill"]]) == card.structure, f"{unit.name}: structure"
    else:
        assert f"A {card.armor}" in text and f"S {card.structure}" in text, unit.name


def test_every_unit_prints_on_its_card(tmp_path: Path, printable: list[Unit]) -> None:
    layout = sheet_layout("letter")
    options = SheetOptions(reference=False, sort="force", group_breaks=False)
    labels: dict[str, str] = {}
    for number, chunk in enumerate(_chunks(printable)):
        force = Force(name=f"All units {number}", entries=tuple(ForceEntry(u) for u in chunk))
        out = render_sheets([force], tmp_path / f"all-{number}.pdf", options)
        cards = [sheet_card(e, index=i) for i, e in enumerate(force.entries, start=1)]
        with pdfplumber.open(out) as pdf:
            card_pages = -(-len(cards) // layout.per_page)
            pages = pdf.pages[len(pdf.pages) - card_pages :]  # after the roster's pages
            for number_on_page, page in enumerate(pages):
                read = _Page(page)
                start = number_on_page * layout.per_page
                for slot, index in enumerate(
                    range(start, min(start + layout.per_page, len(cards)))
                ):
                    card, unit = cards[index], chunk[index]
                    _check_card(read, layout, slot, card, unit)
                    title = _title(read, layout, slot, card)
                    seen = labels.setdefault(title, unit.name)
                    assert seen == unit.name, f"{unit.name!r} and {seen!r} both print as {title!r}"
                page.flush_cache()


def _title(page: _Page, layout: SheetLayout, slot: int, card: SheetCard) -> str:
    box = card.template.boxes["name"]
    rect = _box_rect(layout, slot, box)
    words = [w for w in page.words if in_box(w, rect, slack=0.5)]
    return re.sub(r"\s+", " ", " ".join(w["text"] for w in words))
