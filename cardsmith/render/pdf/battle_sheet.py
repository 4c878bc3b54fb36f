"""Provides ``render_battle_sheet``: rule reference cards, every unit's state now, marked cards.

A card-sized reference card (88.9 × 63.5 mm faces, flowing onto a second face when the
text needs it) for each optional rule switched on, a compact table of every unit's
current values, then the units' cards marked (``battle_cards``).  Sizes and wording come
from ``battle-sheet.toml``; deterministic and saved atomically.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardsmith import __version__
from cardsmith.battle.state import Battle
from cardsmith.errors import RenderError, TemplateError
from cardsmith.fileio import save_bytes
from cardsmith.render.content.battle_sheet import (
    CardSection,
    RuleCard,
    UnitRow,
    rule_cards,
    unit_rows,
)
from cardsmith.render.layout.battle_sheet import PT_MM, BattleSheetLayout, load_battle_layout
from cardsmith.render.pdf.battle_cards import draw_marked_cards
from cardsmith.render.pdf.fonts import FontSet, register_fonts
from cardsmith.render.pdf.page import MM, PageFlow, new_canvas, paper_size, set_font
from cardsmith.render.pdf.text import clip_text, shorten_middle
from cardsmith.wording import count

#: Grey levels: table header fill, rules between rows, detail text, units out of play.
_HEADER_FILL, _RULE_GREY, _DETAIL_GREY, _OUT_GREY = 0.88, 0.8, 0.3, 0.55

#: Characters the built-in fallback fonts (Latin-1) cannot print, and their stand-ins.
_LATIN1 = {"≥": ">=", "≤": "<=", "−": "-", "×": "x", "·": "-", "—": "-", "½": "1/2"}


def render_battle_sheet(
    battle: Battle,
    out_path: Path,
    *,
    title: str = "",
    paper: str = "letter",
    mono: bool = False,
    layout: BattleSheetLayout | None = None,
    cards_too: bool = True,
) -> Path:
    """Print the battle sheet to ``out_path`` (replaced atomically), then every unit's card
    with the damage, heat and crits so far marked (unless ``cards_too`` is off).

    Raises:
        TemplateError: unknown paper, or a layout that does not fit (a rule needing more
            faces than allowed, columns wider than the page).
        RulePackError: a pack switched on in the battle does not load.
        RenderError: the file cannot be written.
    """
    data = battle_sheet_bytes(
        battle, title=title, paper=paper, mono=mono, layout=layout, cards_too=cards_too
    )
    save_bytes(out_path, data, RenderError)
    return out_path


def battle_sheet_bytes(
    battle: Battle,
    *,
    title: str = "",
    paper: str = "letter",
    mono: bool = False,
    layout: BattleSheetLayout | None = None,
    cards_too: bool = True,
) -> bytes:
    """The PDF of ``render_battle_sheet`` as bytes (nothing written)."""
    layout = layout or load_battle_layout()
    key, width, height = paper_size(paper)
    unit_width = layout.unit_width(width, key)
    fonts = register_fonts()
    cards = rule_cards(battle, layout)
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer,
        width,
        height,
        title=f"Battle sheet: {title or 'battle'}, turn {battle.turn}",
        subject="Optional-rule reference cards and every unit's state in play",
    )
    page = _Page(canvas, fonts, layout, width, height, mono)
    _draw_header(page, battle, title)
    if cards:
        page.heading("Optional rules")
        _draw_cards(page, cards)
    page.heading("Units now")
    _draw_table(page, unit_rows(battle), unit_width)
    page.finish()
    if cards_too:
        draw_marked_cards(canvas, battle, paper, fonts, mono)
    canvas.save()
    return buffer.getvalue()


class _Page(PageFlow):
    """The battle sheet's pages: text made safe for the fallback fonts, a page-number footer."""

    def __init__(
        self,
        canvas: Canvas,
        fonts: FontSet,
        layout: BattleSheetLayout,
        width: float,
        height: float,
        mono: bool,
    ) -> None:
        super().__init__(canvas, fonts, width, height, layout.margin, footer_mm=4.0)
        self.layout = layout
        self.mono = mono

    def safe(self, text: str) -> str:
        """The text, with stand-ins for characters the fallback font lacks."""
        if self.fonts.unicode:
            return text
        for char, stand_in in _LATIN1.items():
            text = text.replace(char, stand_in)
        return text.encode("latin-1", "replace").decode("latin-1")

    def write(
        self, x: float, baseline: float, text: str, font: str, size: float, right: bool = False
    ) -> None:
        """Draw text with its baseline ``baseline`` mm from the page's top."""
        set_font(self.c, font, size)
        y = (self.height - baseline) * MM
        if right:
            self.c.drawRightString(x * MM, y, self.safe(text))
        else:
            self.c.drawString(x * MM, y, self.safe(text))

    def width_of(self, text: str, font: str, size: float) -> float:
        """Width of ``text`` in mm."""
        return float(stringWidth(self.safe(text), font, size)) / MM

    def clip(self, text: str, font: str, size: float, width: float, middle: bool = False) -> str:
        """``text`` shortened to fit ``width`` mm: at the end, or from the middle keeping
        a unit name's distinguishing end (variant, squad size)."""
        return (shorten_middle if middle else clip_text)(self.safe(text), font, size, width * MM)

    def wrap(self, text: str, font: str, size: float, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width`` mm."""
        return simpleSplit(self.safe(text), font, size, width * MM) or [""]

    def heading(self, text: str) -> None:
        size = self.layout.heading_size
        if not self.room(size * PT_MM * 2.5):
            self.new_page()
        self.top += size * PT_MM * 1.6
        self.write(self.layout.margin, self.top, text, self.fonts.bold, size)
        self.top += 1.5

    def footer(self) -> None:
        text = f"cardsmith {__version__} · page {self.number}"
        self.c.setFillGray(0.4)
        self.write(self.width - self.layout.margin, self.height - self.layout.margin + 1,
                   text, self.fonts.regular, 6.0, right=True)  # fmt: skip
        self.c.setFillGray(0)


def _draw_header(page: _Page, battle: Battle, title: str) -> None:
    layout = page.layout
    page.top += layout.title_size * PT_MM
    name = f"{title}: turn {battle.turn}" if title else f"Battle: turn {battle.turn}"
    page.write(layout.margin, page.top, name, page.fonts.bold, layout.title_size)
    sides = ", ".join(f"{n} {s.name}" for n, s in enumerate(battle.sides, start=1))
    facts = [f"Sides: {sides}"]
    facts.append(f"Optional rules: {', '.join(battle.packs) if battle.packs else 'none'}")
    if battle.pending:
        facts.append(f"{count(len(battle.pending), 'change')} waiting for the End Phase")
    page.top += 4.0
    page.write(layout.margin, page.top, "   ·   ".join(facts), page.fonts.regular, 7.5)
    page.top += 1.0


# -- rule cards ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Seg:
    """A piece of text on a card line, ``x`` mm from the face's inner left edge."""

    x: float
    text: str
    bold: bool = False
    right: bool = False


@dataclass(frozen=True, slots=True)
class _Line:
    segs: tuple[_Seg, ...]
    height: float
    heading: bool = False


def _section_lines(page: _Page, section: CardSection, inner: float) -> list[_Line]:
    layout, fonts = page.layout, page.fonts
    size, line = layout.card_text_size, layout.line
    lines = [_Line((_Seg(0, section.heading, bold=True),), line, heading=True)]
    if section.text:
        for text in page.wrap(section.text, fonts.regular, size, inner):
            lines.append(_Line((_Seg(0, text),), line))
    if section.id == "objectives":
        lead = max(page.width_of(f"{r[0]} {r[1]}", fonts.bold, size) for r in section.rows) + 1.5
        for letter, name, summary in section.rows:
            wrapped = page.wrap(summary, fonts.regular, size, inner - lead)
            lines.append(
                _Line((_Seg(0, f"{letter} {name}", bold=True), _Seg(lead, wrapped[0])), line)
            )
            lines.extend(_Line((_Seg(lead, more),), line) for more in wrapped[1:])
    elif section.rows:
        value_w = max(page.width_of(r[-1], fonts.bold, size) for r in section.rows) + 1.0
        cond_w = min(
            inner * 0.4,
            max(page.width_of(r[1], fonts.regular, size) for r in section.rows) + 1.5,
        )
        label_w = inner - value_w - cond_w
        for label, condition, value in section.rows:
            left = page.wrap(label, fonts.regular, size, label_w - 1.0)
            middle = page.wrap(condition, fonts.regular, size, cond_w - 1.0)
            for n in range(max(len(left), len(middle))):
                segs = []
                if n < len(left):
                    segs.append(_Seg(0, left[n]))
                if n < len(middle):
                    segs.append(_Seg(label_w, middle[n]))
                if n == 0:
                    segs.append(_Seg(inner, value, bold=True, right=True))
                lines.append(_Line(tuple(segs), line))
    lines.append(_Line((), layout.section_gap))
    return lines


def _faces(page: _Page, card: RuleCard) -> list[list[_Line]]:
    """The card's lines packed onto faces: a section moves whole to the next face if it can."""
    layout = page.layout
    inner = layout.card_width - 2 * layout.padding
    space = layout.card_height - 2 * layout.padding - _title_height(layout, card)
    faces: list[list[_Line]] = [[]]
    used = 0.0
    for section in card.sections:
        lines = _section_lines(page, section, inner)
        total = sum(ln.height for ln in lines)
        if used + total > space + 1e-6 and faces[-1] and total <= space:
            faces.append([])
            used = 0.0
        for ln in lines:
            if used + ln.height > space + 1e-6:
                faces.append([])
                used = 0.0
            faces[-1].append(ln)
            used += ln.height
    faces = [f for f in faces if any(ln.segs for ln in f)]
    if len(faces) > layout.max_faces:
        raise TemplateError(
            f"{layout.source}: the {card.title!r} card needs {len(faces)} faces of "
            f"{layout.card_width} × {layout.card_height} mm, max_faces is {layout.max_faces}; "
            "lower [card] text_size or line_mm, or raise max_faces"
        )
    return faces


def _title_height(layout: BattleSheetLayout, card: RuleCard) -> float:
    height = layout.card_title_size * PT_MM * 1.3
    return height + (layout.line if card.subtitle else 0.0) + 0.8


def _draw_cards(page: _Page, cards: Sequence[RuleCard]) -> None:
    layout = page.layout
    x = layout.margin
    page.top += 1.0
    row_top = page.top
    for card in cards:
        faces = _faces(page, card)
        for number, face in enumerate(faces, start=1):
            if x + layout.card_width > page.width - layout.margin + 1e-6:
                x = layout.margin
                row_top += layout.card_height + layout.face_gap
            if row_top + layout.card_height > page.bottom:
                page.new_page()
                row_top = page.top
            _draw_face(
                page, card, face, x, row_top, f"{number}/{len(faces)}" if len(faces) > 1 else ""
            )
            x += layout.card_width + layout.face_gap
    page.top = row_top + layout.card_height + layout.gap


def _draw_face(
    page: _Page, card: RuleCard, lines: Sequence[_Line], left: float, top: float, marker: str
) -> None:
    layout, fonts, c = page.layout, page.fonts, page.c
    c.setLineWidth(0.5)
    c.setStrokeGray(0 if page.mono else 0.45)
    c.rect(left * MM, (page.height - top - layout.card_height) * MM,
           layout.card_width * MM, layout.card_height * MM, stroke=1, fill=0)  # fmt: skip
    c.setStrokeGray(0)
    inner_left = left + layout.padding
    inner_right = left + layout.card_width - layout.padding
    y = top + layout.padding + layout.card_title_size * PT_MM
    page.write(inner_left, y, page.clip(card.title, fonts.bold, layout.card_title_size,
               layout.card_width - 2 * layout.padding - 8), fonts.bold, layout.card_title_size)  # fmt: skip
    if marker:
        page.write(inner_right, y, marker, fonts.regular, layout.card_text_size, right=True)
    if card.subtitle:
        y += layout.line
        c.setFillGray(_DETAIL_GREY)
        page.write(inner_left, y, card.subtitle, fonts.regular, layout.card_text_size)
        c.setFillGray(0)
    y += 0.8 + (layout.card_title_size * PT_MM * 0.3)
    for line in lines:
        y += line.height
        if line.heading and not page.mono:
            c.setFillGray(_HEADER_FILL)
            c.rect((inner_left - 0.5) * MM, (page.height - y - 0.6) * MM,
                   (inner_right - inner_left + 1.0) * MM, (line.height) * MM, stroke=0, fill=1)  # fmt: skip
            c.setFillGray(0)
        size = layout.card_heading_size if line.heading else layout.card_text_size
        for seg in line.segs:
            font = fonts.bold if seg.bold or line.heading else fonts.regular
            page.write(inner_left + seg.x, y, seg.text, font, size, right=seg.right)


# -- state table -----------------------------------------------------------------------


def _draw_table(page: _Page, rows: Sequence[UnitRow], unit_width: float) -> None:
    layout = page.layout
    widths = [(c, unit_width if c == "unit" else w) for c, w in layout.columns]
    _table_header(page, widths)
    for row in rows:
        needed = layout.row + (layout.detail if row.detail else 0.0) + 0.6
        if not page.room(needed):
            page.new_page()
            _table_header(page, widths)
        _table_row(page, row, widths)


def _table_header(page: _Page, widths: Sequence[tuple[str, float]]) -> None:
    layout, c = page.layout, page.c
    if not page.mono:
        c.setFillGray(_HEADER_FILL)
        c.rect(layout.margin * MM, (page.height - page.top - layout.row) * MM,
               page.usable * MM, layout.row * MM, stroke=0, fill=1)  # fmt: skip
        c.setFillGray(0)
    _cells(page, {c: page.layout.headers.get(c, c) for c, _ in widths}, widths, page.fonts.bold)
    _rule(page, 0.3)


def _table_row(page: _Page, row: UnitRow, widths: Sequence[tuple[str, float]]) -> None:
    layout, c = page.layout, page.c
    if row.out_of_play:
        c.setFillGray(_OUT_GREY)
    _cells(page, row.cells, widths, page.fonts.regular)
    if row.detail:
        c.setFillGray(_OUT_GREY if row.out_of_play else _DETAIL_GREY)
        page.top += layout.detail
        indent = layout.margin + widths[0][1] + 1.0
        text = page.clip(row.detail, page.fonts.regular, layout.detail_size,
                         page.width - layout.margin - indent)  # fmt: skip
        page.write(indent, page.top - 0.7, text, page.fonts.regular, layout.detail_size)
    c.setFillGray(0)
    _rule(page, _RULE_GREY)


def _cells(
    page: _Page, values: Mapping[str, str], widths: Sequence[tuple[str, float]], font: str
) -> None:
    layout = page.layout
    page.top += layout.row
    x = layout.margin
    for column, width in widths:
        cell = str(values.get(column, ""))
        text = page.clip(cell, font, layout.table_size, width - 1.2, middle=column == "unit")
        page.write(x + 0.6, page.top - 0.9, text, font, layout.table_size)
        x += width


def _rule(page: _Page, grey: float) -> None:
    c = page.c
    c.setStrokeGray(grey)
    c.setLineWidth(0.3)
    y = (page.height - page.top - 0.3) * MM
    c.line(page.layout.margin * MM, y, (page.width - page.layout.margin) * MM, y)
    c.setStrokeGray(0)
    page.top += 0.6
