"""Every unit of the real MUL data with Alpha Strike stats prints on the card its type needs.

Read back from the PDF, card by card: the name (whole, or shortened keeping its end),
PV, damage and target numbers, armor and structure pips, the crit boxes of the tracks
the battle engine gives the unit, the heat scale only where the unit keeps heat, THR
(never inches) for units that move by thrust, and nothing outside the card.

A run prints every unit of the rarer card types, every eighth of the common ones and the
common ones with the longest names and specials lines; ``CARDSMITH_EVERY_UNIT=all``
prints all of them (README, Development).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
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
from cardsmith.render.pdf.fonts import register_fonts
from cardsmith.render.pdf.pen import fit_line
from cardsmith.render.pdf.record_sheets import render_sheets

pytestmark = pytest.mark.slow

#: The card family each MUL ``BFType`` prints on (ASCE p.28, p.184-187; alpha-strike-facts §3),
#: written out here rather than read from the templates the code uses.
FAMILY = {
    "BM": "mech", "IM": "mech", "PM": "protomech", "CV": "vehicle", "SV": "vehicle",
    "BA": "infantry", "CI": "infantry", "AF": "fighter", "CF": "aerospace",
    "SC": "large-craft", "DS": "large-craft", "DA": "large-craft", "JS": "large-craft",
    "WS": "large-craft", "SS": "large-craft", "BD": "building", "MS": "building",
}  # fmt: skip
#: Crit tracks every card of a family carries (ASCE p.50-51, p.187; large craft: facts §4).
TRACKS = {
    "mech": {"ENGINE", "FIRE CONTROL", "MP", "WEAPONS"},
    "vehicle": {"ENGINE", "FIRE CONTROL", "WEAPONS", "MOTIVE"},
    "fighter": {"ENGINE", "FIRE CONTROL", "WEAPONS"},
    "aerospace": {"ENGINE", "FIRE CONTROL", "WEAPONS"},
    "large-craft": {"CREW", "ENGINE", "FIRE CONTROL", "THRUSTER", "WEAPONS"},
    "multi-profile": {"ENGINE", "FIRE CONTROL", "MP", "WEAPONS"},
}
#: Tracks a family's card must not carry (an aerospace craft has no ground motive).
NO_TRACKS = {"aerospace": {"MOTIVE", "MP"}, "fighter": {"MOTIVE", "MP"}, "large-craft": {"MOTIVE"}}
THRUST_FAMILIES = {"fighter", "aerospace", "large-craft"}
#: The card a record without a BFType needs, by its MUL type (5 records; ASCE p.28).
MUL_TYPE_CARD = {"Aerospace": "AF", "Combat Vehicle": "CV", "Support Vehicle": "SV"}
#: The units are printed in this many parts, so that parallel test workers share them.
PARTS = 8
#: Card types common enough that a sample of them covers their layouts.
COMMON = {"BM", "CV", "BA", "CI", "AF"}


def expected_family(record: dict[str, Any]) -> str:
    """The card a raw MUL record needs: LAMs and QuadVees get one card for their modes;
    a fixed-wing (a) or airship (i) support vehicle is an aerospace unit (ASCE p.184)."""
    abilities = str(record.get("BFAbilities") or "")
    if re.search(r"\b(LAM|BIM)\(|\bQV\b", abilities):
        return "multi-profile"
    kind = str(record["BFType"] or MUL_TYPE_CARD.get(record["Type"]["Name"], "")).upper()
    modes = set(re.findall(r"[a-z]+", str(record.get("BFMove") or "")))
    if kind == "SV" and modes & {"a", "i"}:
        return "aerospace"
    return FAMILY[kind]


def _family(card: SheetCard) -> str:
    return "multi-profile" if isinstance(card, MultiCardData) else card.template.family


def expected_damage(record: dict[str, Any], ranges: tuple[str, ...]) -> list[str]:
    """The damage values the MUL gives, as a card prints them (``0*`` for minimal damage)."""
    fields = {"S": "Short", "M": "Medium", "L": "Long", "E": "Extreme"}
    out = []
    for label in ranges:
        value = int(record[f"BFDamage{fields[label]}"] or 0)
        minimal = record.get(f"BFDamage{fields[label]}Min", record.get("BFDamageExtemeMin"))
        out.append("0*" if value == 0 and minimal else str(value))
    return out


#: Cards per PDF: 60 pages at a time keeps memory low and failures local.
CHUNK = int(os.environ.get("CARDSMITH_PRINT_CHUNK", "480"))


@pytest.fixture(scope="module")
def printable(mul_units_path: Path) -> list[Unit]:
    units = [r.unit for r in read_unit_file(mul_units_path)]
    return [u for u in units if u.type is not None or u.profiles is not None]


def selected(units: list[Unit]) -> list[Unit]:
    """The units a run prints: all of them with ``CARDSMITH_EVERY_UNIT=all`` (README,
    Development); otherwise every unit of the rarer card types (LAM, QuadVee, aerospace
    support vehicles, large craft, buildings …), every eighth of the common ones, and
    the common ones whose name or specials line is among the longest (where text must
    be shortened to fit, the part of a card most likely to go wrong)."""
    if os.environ.get("CARDSMITH_EVERY_UNIT") == "all":
        return units
    long_name = _longest(len(u.name) for u in units)
    long_specials = _longest(len(u.specials_text) for u in units)
    return [
        u
        for i, u in enumerate(units)
        if i % 8 == 0
        or u.profiles is not None
        or u.type_code not in COMMON
        or len(u.name) >= long_name
        or len(u.specials_text) >= long_specials
    ]


def _longest(lengths: Iterable[int], share: float = 0.03) -> int:
    """The length from which a text is among the longest ``share`` of them."""
    ordered = sorted(lengths, reverse=True)
    return ordered[int(len(ordered) * share)] if ordered else 0


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
        self.words = page.extract_words(extra_attrs=["size"])
        self.rects = page.rects
        self.curves = page.curves


def _check_record(
    page: _Page, layout: SheetLayout, slot: int, card: SheetCard, record: dict[str, Any]
) -> None:
    """What the raw MUL record says the card must show, without the card code's help."""
    name = record["Name"]
    family = expected_family(record)
    assert _family(card) == family, f"{name}: {_family(card)} card, needs {family}"
    crit_box = card.template.boxes.get("crits")
    crit_text = ""
    if crit_box is not None:
        rect = _box_rect(layout, slot, crit_box)
        crit_text = " ".join(w["text"] for w in page.words if in_box(w, rect, slack=0.5))
    for track in TRACKS.get(family, set()):
        assert track in crit_text, f"{name}: no {track} track"
    for track in NO_TRACKS.get(family, set()):
        assert not re.search(rf"\b{track}\b", crit_text), f"{name}: a {track} track"
    if family == "multi-profile" and re.search(r"\bQV\b", str(record["BFAbilities"])):
        assert "MOTIVE" in crit_text, f"{name}: QuadVee without its motive track"
    abilities = str(record.get("BFAbilities") or "")
    if family == "large-craft" and re.search(r"\bDT\d", abilities):
        assert "DOCK" in crit_text, f"{name}: DT without a dock track"
    if family == "large-craft" and re.search(r"\bKF\b", abilities):
        assert "KF DRIVE" in crit_text, f"{name}: KF without a KF drive track"
    rect = card_rect(layout, slot)
    name_rect = _box_rect(layout, slot, card.template.boxes["name"])
    cut = [
        w["text"]
        for w in page.words
        if in_box(w, rect, slack=0.3) and "…" in w["text"] and not in_box(w, name_rect, slack=0.5)
    ]
    assert not cut, f"{name}: text cut outside the name: {cut}"
    if isinstance(card, MultiCardData):
        _check_profile_sizes(page, layout, slot, card)
        return
    _check_sizes(page, layout, slot, card)
    assert (card.armor, card.structure) == (record["BFArmor"], record["BFStructure"]), name
    ranges = tuple(c.label for c in card.damage)
    aerospace = family in THRUST_FAMILIES
    assert ranges == (("S", "M", "L", "E") if aerospace else ("S", "M", "L")), name
    assert [c.value for c in card.damage] == expected_damage(record, ranges), name
    box = _box_rect(layout, slot, card.template.boxes["damage"])
    printed = [
        w["text"]
        for w in page.words
        if in_box(w, box, slack=0.5) and re.fullmatch(r"\d+\*?|—|-", w["text"])
    ]
    assert printed == expected_damage(record, ranges), f"{name}: damage {printed}"
    modifiers = {"S": 0, "M": 2, "L": 4, "E": 6}
    assert [c.target for c in card.damage] == [4 + modifiers[r] for r in ranges], name
    info = _box_rect(layout, slot, card.template.boxes["info"])
    info_text = " ".join(w["text"] for w in page.words if in_box(w, info, slack=0.5))
    assert ("THR" in info_text) is aerospace, f"{name}: THR/MV"
    if aerospace and family != "fighter":
        assert "TH" in " ".join(w["text"] for w in page.words if in_box(w, rect, slack=0.3))
        assert card.threshold == (record["BFThreshold"] or 0), f"{name}: threshold"


#: Smallest sizes (pt) of the stat line and of the target numbers (issue 17: an official
#: card's stat line is about 8-9 pt).
STAT_PT, TARGET_PT = 8.0, 7.0


def _check_sizes(page: _Page, layout: SheetLayout, slot: int, card: CardData) -> None:
    """The TP/SZ/TMM/MV (or THR) and role/skill lines and every target number, measured."""
    info = _box_rect(layout, slot, card.template.boxes["info"])
    stat = [w["size"] for w in page.words if in_box(w, info, slack=0.5)]
    assert stat and min(stat) >= STAT_PT - 1e-6, f"{card.name}: stat line at {min(stat)} pt"
    damage = _box_rect(layout, slot, card.template.boxes["damage"])
    targets = [
        w["size"]
        for w in page.words
        if in_box(w, damage, slack=0.5) and re.fullmatch(r"\d+\+", w["text"])
    ]
    assert len(targets) == len(card.damage), f"{card.name}: target numbers"
    assert min(targets) >= TARGET_PT - 1e-6, f"{card.name}: target numbers at {min(targets)} pt"


def _check_profile_sizes(page: _Page, layout: SheetLayout, slot: int, card: MultiCardData) -> None:
    """Each profile's TP, MV/THR, TMM and damage at STAT_PT or more; target numbers at TARGET_PT."""
    from cardsmith.render.pdf.multi_profile import column_widths

    box = card.template.boxes["profiles"]
    widths = column_widths(card, box)
    _, end = card.damage_columns
    left, top = layout.card_origin(slot)
    header = (top + box.y + card.template.table.header_h) * MM
    stats = (
        (left + box.x + widths[0]) * MM,
        header,
        (left + box.x + sum(widths[: end + 1])) * MM,
        (top + box.bottom) * MM,
    )
    sizes = [w["size"] for w in page.words if in_box(w, stats, slack=0.3)]
    assert len(sizes) >= len(card.rows) * end, f"{card.name}: profile stats"
    assert min(sizes) >= STAT_PT - 1e-6, f"{card.name}: profile stats at {min(sizes)} pt"
    rect = _box_rect(layout, slot, box)
    targets = [
        w["size"]
        for w in page.words
        if in_box(w, rect, slack=0.3) and re.fullmatch(r"\d+\+", w["text"]) and w["top"] < header
    ]
    assert len(targets) == end - card.damage_columns[0], f"{card.name}: target numbers"
    assert min(targets) >= TARGET_PT - 1e-6, f"{card.name}: target numbers at {min(targets)} pt"


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


def shown_name(card: SheetCard) -> str:
    """The name line a card prints, worked out by the pen's own fitting (no PDF needed)."""
    box = card.template.boxes["name"]
    tail = card.variant if isinstance(card, CardData) else ""
    text, _size = fit_line(box, card.name, register_fonts().face(box.font), tail)
    return re.sub(r"\s+", " ", text).strip()


def test_no_two_units_print_the_same_name(printable: list[Unit]) -> None:
    """A name shortened to fit keeps what tells it apart: no label covers two units."""
    labels: dict[str, str] = {}
    for index, unit in enumerate(printable, start=1):
        label = shown_name(sheet_card(ForceEntry(unit), index=index))
        seen = labels.setdefault(label, unit.name)
        assert seen == unit.name, f"{unit.name!r} and {seen!r} both print as {label!r}"
    assert len(labels) == len({u.name for u in printable})


@pytest.mark.parametrize("part", range(PARTS))
def test_every_unit_prints_on_its_card(
    tmp_path: Path, printable: list[Unit], mul_by_id: dict[int, dict[str, Any]], part: int
) -> None:
    layout = sheet_layout("letter")
    failures: list[str] = []
    families: dict[str, int] = {}
    options = SheetOptions(reference=False, sort="force", group_breaks=False)
    units = selected(printable)
    share = units[part * len(units) // PARTS : (part + 1) * len(units) // PARTS]
    for number, chunk in enumerate(_chunks(share)):
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
                    families[_family(card)] = families.get(_family(card), 0) + 1
                    failures += _failed(_check_card, read, layout, slot, card, unit)
                    record = mul_by_id[unit.mul_id]
                    failures += _failed(_check_record, read, layout, slot, card, record)
                    title = _title(read, layout, slot, card)
                    if title != shown_name(card):
                        failures.append(f"{unit.name}: prints {title!r}, not {shown_name(card)!r}")
                page.flush_cache()
    print(f"cards by family: {families}")
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures[:40])
    assert sum(families.values()) == len(share)


def _failed(check: Callable[..., None], *args: Any) -> list[str]:
    """The first line of the check's assertion, or nothing when it passes."""
    try:
        check(*args)
    except AssertionError as exc:
        return [str(exc).splitlines()[0]]
    return []


def _title(page: _Page, layout: SheetLayout, slot: int, card: SheetCard) -> str:
    box = card.template.boxes["name"]
    rect = _box_rect(layout, slot, box)
    words = [w for w in page.words if in_box(w, rect, slack=0.5)]
    return re.sub(r"\s+", " ", " ".join(w["text"] for w in words))
