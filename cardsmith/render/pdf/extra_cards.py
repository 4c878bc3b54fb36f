"""Provides the drawing of pilot cards, SPA reference cards and token sheets.

Pilot and SPA cards share the unit cards' size and grid (so they cut the same way);
their text is laid out as paragraphs that shrink together until they fit the card.
Tokens are one-inch counters on a grid of their own with cut lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from cardsmith.render.content.extra_cards import PilotCard, SpaCard, Token
from cardsmith.render.layout.card import Box
from cardsmith.render.pdf.fonts import FontSet
from cardsmith.render.pdf.pen import HEADER_FILL, MM, PV_FILL, Pen
from cardsmith.render.pdf.text import fit_size, shorten_middle, wrap_text

#: Card size (mm): the unit cards' (ASCE p.26, poker size).
CARD_W, CARD_H = 88.9, 63.5
#: Token side (mm) and the margin kept free on a token page.
TOKEN_MM = 25.4
TOKEN_MARGIN_MM = 10.0


@dataclass(frozen=True, slots=True)
class Para:
    """A paragraph to lay out: text, ``bold`` or not, size relative to the base, space after."""

    text: str
    bold: bool = False
    scale: float = 1.0
    after: float = 0.6


def _draw_paras(pen: Pen, box: Box, paras: Sequence[Para], size: float, floor: float) -> None:
    """Paragraphs wrapped in ``box``, all shrunk by one factor until they fit its height."""
    width = (box.w - 1.6) * MM
    while True:
        laid: list[tuple[str, str, float, float]] = []
        height = 0.0
        for para in paras:
            font = pen.fonts.bold if para.bold else pen.fonts.regular
            step = size * para.scale * 1.18 / MM
            for line in wrap_text(para.text, font, size * para.scale, width):
                laid.append((line, font, size * para.scale, height + step * 0.8))
                height += step
            height += para.after
        if height <= box.h - 0.8 or size <= floor:
            break
        size = max(floor, size - 0.25)
    for line, font, line_size, offset in laid:
        if offset > box.h:
            break  # only reached at the smallest size: the rest would spill off the card
        pen.text(box.x + 0.8, box.y + 0.4 + offset, line, font, line_size)


def _frame_card(pen: Pen, mono: bool) -> None:
    c = pen.c
    c.setLineWidth(0.6)
    c.setStrokeGray(0.25)
    if not mono:
        c.setFillGray(HEADER_FILL)
        c.rect(pen.x(0), pen.y(12.4), CARD_W * MM, 12.4 * MM, stroke=0, fill=1)
        c.setFillGray(0)
    c.rect(pen.x(0), pen.y(CARD_H), CARD_W * MM, CARD_H * MM, stroke=1, fill=0)


def _badge(pen: Pen, text: str, mono: bool) -> None:
    """The dark box in the top right corner (SKILL 3, 2 PTS), as the unit card's PV box."""
    box = Box("badge", 67.0, 2.0, 19.4, 7.5, font="bold", size=9.5)
    c = pen.c
    c.setLineWidth(0.6)
    c.setStrokeGray(0)
    if not mono:
        c.setFillGray(PV_FILL)
    c.rect(pen.x(box.x), pen.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=0 if mono else 1)
    c.setFillGray(0 if mono else 1)
    size = fit_size(text, pen.fonts.bold, box.size, 6.0, (box.w - 1) * MM)
    pen.text(
        box.x + box.w / 2,
        box.y + box.h / 2 + size * 0.35 / MM,
        text,
        pen.fonts.bold,
        size,
        "center",
    )
    c.setFillGray(0)


def draw_pilot_card(
    canvas: Canvas, card: PilotCard, fonts: FontSet, origin: tuple[float, float], *, mono: bool
) -> None:
    """A pilot card with its bottom-left corner at ``origin`` (points)."""
    pen = Pen(canvas, fonts, mono, origin, CARD_H)
    _frame_card(pen, mono)
    pen.label(3.0, 4.2, "PILOT", 5.5)
    name = card.pilot or "______________________"
    pen.line_text(Box("name", 3.0, 4.8, 62.5, 5.5, font="bold", size=11.0, min_size=6.5), name)
    _badge(pen, f"SKILL {card.skill}", mono)
    where = [f"#{card.index} {card.unit}"]
    if card.group:
        where.append(f"group {card.group}")
    if card.commander:
        where.append("force commander")
    pen.line_text(Box("unit", 3.0, 10.0, 83.4, 3.6, size=7.0, min_size=5.0), " · ".join(where))
    paras = [Para(f"Skill {card.skill} — {card.skill_name} (ASCE p.29)", bold=True)]
    if not card.spas:
        paras.append(Para("No special pilot abilities."))
    for spa in card.spas:
        cost = f" ({spa.cost} pt{'s' if spa.cost != 1 else ''})" if spa.cost is not None else ""
        paras.append(Para(f"{spa.name}{cost}", bold=True, after=0.1))
        if spa.effect:
            paras.append(Para(f"On the card: {spa.effect}", after=0.1))
        if spa.summary:
            paras.append(Para(spa.summary, scale=0.92))
    body = Box("body", 3.0, 14.4, 82.9, 45.0)
    pen.frame(body)
    _draw_paras(pen, body, paras, 9.0, 4.5)
    _footer(pen, f"#{card.index} · pilot card", mono)


def draw_spa_card(
    canvas: Canvas, card: SpaCard, fonts: FontSet, origin: tuple[float, float], *, mono: bool
) -> None:
    """An SPA reference card with its bottom-left corner at ``origin`` (points)."""
    pen = Pen(canvas, fonts, mono, origin, CARD_H)
    _frame_card(pen, mono)
    pen.label(3.0, 4.2, "SPECIAL PILOT ABILITY", 5.5)
    pen.line_text(Box("name", 3.0, 4.8, 62.5, 5.5, font="bold", size=11.0, min_size=6.5), card.name)
    cost = "—" if card.cost is None else f"{card.cost} PT{'S' if card.cost != 1 else ''}"
    _badge(pen, cost, mono)
    page = f"ASCE p.{card.page}" if card.page else "not in the SPA table"
    pen.line_text(Box("page", 3.0, 10.0, 83.4, 3.6, size=7.0, min_size=5.0), page)
    paras = [Para(card.summary or "This SPA is not in cardsmith's SPA table.")]
    if card.effect:
        paras.append(Para(f"On the unit's card: {card.effect}", bold=True))
    if card.note:
        paras.append(Para(f"Only: {card.note}", scale=0.92))
    paras.append(Para("Taken by:", bold=True, after=0.1))
    paras.extend(Para(who, scale=0.92, after=0.1) for who in card.taken_by)
    body = Box("body", 3.0, 14.4, 82.9, 45.0)
    pen.frame(body)
    _draw_paras(pen, body, paras, 9.0, 4.5)
    _footer(pen, "SPA card", mono)


def _footer(pen: Pen, text: str, mono: bool) -> None:
    if not mono:
        pen.c.setFillGray(0.4)
    pen.line_text(Box("footer", 56.0, 59.6, 30.4, 3.2, size=4.5, align="right"), text)
    pen.c.setFillGray(0)


# -- tokens ----------------------------------------------------------------------------


def token_grid(page_w: float, page_h: float) -> tuple[int, int, float, float]:
    """(columns, rows, left, top) of the token grid on a page (mm), centred in the margin."""
    columns = int((page_w - 2 * TOKEN_MARGIN_MM) // TOKEN_MM)
    rows = int((page_h - 2 * TOKEN_MARGIN_MM) // TOKEN_MM)
    return columns, rows, (page_w - columns * TOKEN_MM) / 2, (page_h - rows * TOKEN_MM) / 2


def draw_tokens(
    canvas: Canvas,
    tokens: Sequence[Token],
    fonts: FontSet,
    page_w: float,
    page_h: float,
    *,
    mono: bool,
) -> None:
    """Every token on as many pages as they need, each page closed."""
    columns, rows, left, top = token_grid(page_w, page_h)
    per_page = columns * rows
    for start in range(0, len(tokens), per_page):
        page_tokens = tokens[start : start + per_page]
        canvas.setLineWidth(0.3)
        canvas.setStrokeGray(0.5)
        for slot, token in enumerate(page_tokens):
            row, column = divmod(slot, columns)
            x, y = left + column * TOKEN_MM, top + row * TOKEN_MM
            origin = (x * MM, (page_h - y - TOKEN_MM) * MM)
            _draw_token(Pen(canvas, fonts, mono, origin, TOKEN_MM), token, mono)
        canvas.showPage()


def _draw_token(pen: Pen, token: Token, mono: bool) -> None:
    c = pen.c
    c.setLineWidth(0.4)
    c.setStrokeGray(0.3)
    c.rect(pen.x(0), pen.y(TOKEN_MM), TOKEN_MM * MM, TOKEN_MM * MM, stroke=1, fill=0)
    if not mono:
        c.setFillGray(HEADER_FILL)
        c.rect(pen.x(0.6), pen.y(10.6), (TOKEN_MM - 1.2) * MM, 10.0 * MM, stroke=0, fill=1)
        c.setFillGray(0)
    number = f"#{token.index}"
    size = fit_size(number, pen.fonts.bold, 20.0, 9.0, (TOKEN_MM - 2) * MM)
    pen.text(TOKEN_MM / 2, 8.6, number, pen.fonts.bold, size, "center")
    width = (TOKEN_MM - 1.6) * MM
    regular = pen.fonts.regular
    # Up to three lines, smaller before shorter; only then shortened from the middle.
    for size in (5.5, 5.0, 4.5):
        lines = wrap_text(token.name, regular, size, width)
        if len(lines) <= 3:
            break
    if len(lines) > 3:
        lines = [*lines[:2], shorten_middle(" ".join(lines[2:]), regular, size, width)]
    for n, line in enumerate(lines):
        pen.text(TOKEN_MM / 2, 13.8 + n * size * 0.42, line, regular, size, "center")
    tail = f"PV {token.pv}" + (f" · {token.group}" if token.group else "")
    tail = shorten_middle(tail, pen.fonts.bold, 5.0, width)
    pen.text(TOKEN_MM / 2, TOKEN_MM - 1.6, tail, pen.fonts.bold, 5.0, "center")
