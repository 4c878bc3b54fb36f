"""Provides ``draw_card``: one unit card drawn on a reportlab canvas from its ``CardData``.

Everything is drawn straight on the canvas (frames, pips, boxes and short strings);
variable text (specials, SPAs) is wrapped and shrunk here with reportlab's font metrics
rather than through platypus frames, which keeps a 100-card print well under a second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardsmith.render.content.card import CardData
from cardsmith.render.layout.card import Box, CritTrack, pip_rows
from cardsmith.render.pdf.fonts import FontSet

MM = 72 / 25.4
"""PDF points per millimetre."""

#: Grey levels and colours (colour mode); mono mode draws outlines only.
FRAME_GREY = 0.35
LABEL_GREY = 0.3
HEADER_FILL = 0.9
PV_FILL = 0.18
STRUCTURE_FILL = 0.72
HEAT_FILLS = {
    "1": (1.0, 0.93, 0.55),
    "2": (1.0, 0.78, 0.45),
    "3": (0.97, 0.55, 0.45),
    "S": (0.75, 0.15, 0.15),
}


def fit_size(text: str, font: str, size: float, min_size: float, width_pt: float) -> float:
    """The largest size from ``size`` down to ``min_size`` (0.5 pt steps) at which text fits."""
    floor = min_size or size
    while size > floor and stringWidth(text, font, size) > width_pt:
        size = max(floor, size - 0.5)
    return size


def clip_text(text: str, font: str, size: float, width_pt: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``width_pt``."""
    if stringWidth(text, font, size) <= width_pt:
        return text
    while text and stringWidth(text + "…", font, size) > width_pt:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_items(
    items: Sequence[str], font: str, size: float, width_pt: float, first_indent: float = 0.0
) -> list[str]:
    """Greedy wrap of comma-separated items into lines no wider than ``width_pt``."""
    pieces = [item + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]
    return wrap_pieces(pieces, font, size, width_pt, first_indent)


def wrap_pieces(
    pieces: Iterable[str], font: str, size: float, width_pt: float, first_indent: float = 0.0
) -> list[str]:
    """Greedy wrap of space-joined pieces into lines no wider than ``width_pt``.

    The first line is ``first_indent`` narrower; a piece wider than a line keeps a line
    of its own.
    """
    lines: list[str] = []
    current = ""
    limit = width_pt - first_indent
    for piece in pieces:
        candidate = f"{current} {piece}" if current else piece
        if current and stringWidth(candidate, font, size) > limit:
            lines.append(current)
            current = piece
            limit = width_pt
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


class Pen:
    """Draws into one card area: converts mm (top-left origin) to canvas points."""

    def __init__(
        self,
        canvas: Canvas,
        fonts: FontSet,
        mono: bool,
        origin_pt: tuple[float, float],
        height_mm: float,
    ) -> None:
        self.c = canvas
        self.fonts = fonts
        self.mono = mono
        self.ox, self.oy = origin_pt
        """Bottom-left corner of the card on the page, in points."""
        self.height_mm = height_mm

    # -- coordinates ----------------------------------------------------------------

    def x(self, mm: float) -> float:
        return self.ox + mm * MM

    def y(self, mm_from_top: float) -> float:
        return self.oy + (self.height_mm - mm_from_top) * MM

    # -- primitives -----------------------------------------------------------------

    def text(
        self,
        x_mm: float,
        baseline_mm: float,
        text: str,
        font: str,
        size: float,
        align: str = "left",
    ) -> None:
        self.c.setFont(font, size)
        if align == "right":
            self.c.drawRightString(self.x(x_mm), self.y(baseline_mm), text)
        elif align == "center":
            self.c.drawCentredString(self.x(x_mm), self.y(baseline_mm), text)
        else:
            self.c.drawString(self.x(x_mm), self.y(baseline_mm), text)

    def frame(self, box: Box, fill: float | None = None) -> None:
        self.c.setLineWidth(0.4)
        self.c.setStrokeGray(FRAME_GREY)
        if fill is not None and not self.mono:
            self.c.setFillGray(fill)
            self.c.rect(self.x(box.x), self.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=1)
            self.c.setFillGray(0)
        else:
            self.c.rect(self.x(box.x), self.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=0)

    def label(
        self, x_mm: float, baseline_mm: float, text: str, size: float = 5.0, align: str = "left"
    ) -> None:
        if not self.mono:
            self.c.setFillGray(LABEL_GREY)
        self.text(x_mm, baseline_mm, text, self.fonts.bold, size, align)
        self.c.setFillGray(0)

    def line_text(self, box: Box, text: str, style: str | None = None) -> None:
        """One line of text in a box, shrunk (then clipped) to fit, vertically centred."""
        font = self.fonts.face(style or box.font)
        width = (box.w - 1.0) * MM
        size = fit_size(text, font, box.size, box.min_size, width)
        text = clip_text(text, font, size, width)
        baseline = box.y + box.h / 2 + size * 0.35 / MM
        anchor = {"left": box.x + 0.5, "center": box.x + box.w / 2, "right": box.right - 0.5}
        self.text(anchor[box.align], baseline, text, font, size, box.align)


class CardPen(Pen):
    """A pen for one per-type card (its ``CardData`` at hand)."""

    def __init__(
        self,
        canvas: Canvas,
        card: CardData,
        fonts: FontSet,
        mono: bool,
        origin_pt: tuple[float, float],
    ) -> None:
        super().__init__(canvas, fonts, mono, origin_pt, card.template.height)
        self.card = card


def draw_card(
    canvas: Canvas, card: CardData, fonts: FontSet, origin_pt: tuple[float, float], *, mono: bool
) -> None:
    """Draw ``card`` with its bottom-left corner at ``origin_pt`` (points)."""
    pen = CardPen(canvas, card, fonts, mono, origin_pt)
    t = card.template
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(0.25)
    if not mono:
        canvas.setFillGray(HEADER_FILL)
        canvas.rect(pen.x(0), pen.y(12.4), t.width * MM, 12.4 * MM, stroke=0, fill=1)
        canvas.setFillGray(0)
    canvas.rect(pen.x(0), pen.y(t.height), t.width * MM, t.height * MM, stroke=1, fill=0)
    boxes = t.boxes
    pen.line_text(boxes["name"], card.name)
    _draw_pv(pen, boxes["pv"])
    pen.line_text(boxes["pilot"], card.pilot_line)
    _draw_info(pen, boxes["info"])
    _draw_damage(pen, boxes["damage"])
    if "heat" in boxes and card.heat_scale:
        _draw_heat(pen, boxes["heat"])
    _draw_armor(pen, boxes["armor"])
    if "threshold" in boxes:
        _draw_threshold(pen, boxes["threshold"])
    if "squad" in boxes:
        _draw_squad(pen, boxes["squad"])
    if "notes" in boxes:
        pen.frame(boxes["notes"])
        pen.label(boxes["notes"].x + 1.0, boxes["notes"].y + 3.0, "NOTES", 5.5)
    _draw_specials(pen, boxes["specials"])
    if "crits" in boxes and card.crits:
        _draw_crits(pen, boxes["crits"], card.crits)
    if card.spas:
        pen.line_text(boxes["spas"], card.spa_line)
    if "footer" in boxes and card.footer:
        if not mono:
            canvas.setFillGray(0.4)
        pen.line_text(boxes["footer"], card.footer)
        canvas.setFillGray(0)


def _draw_pv(pen: CardPen, box: Box) -> None:
    c = pen.c
    c.setLineWidth(0.6)
    c.setStrokeGray(0)
    if pen.mono:
        c.rect(pen.x(box.x), pen.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=0)
    else:
        c.setFillGray(PV_FILL)
        c.rect(pen.x(box.x), pen.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=1)
        c.setFillGray(1)
    text = f"PV {pen.card.pv}"
    font = pen.fonts.face(box.font)
    size = fit_size(text, font, box.size, box.size * 0.7, (box.w - 1) * MM)
    pen.text(box.x + box.w / 2, box.y + box.h / 2 + size * 0.35 / MM, text, font, size, "center")
    c.setFillGray(0)


def _draw_info(pen: CardPen, box: Box) -> None:
    bold, regular = pen.fonts.bold, pen.fonts.regular
    for row, pairs in enumerate(pen.card.info_pairs):
        size = box.size
        # Shrink the whole line if needed so that labels and values stay aligned.
        total = sum(
            stringWidth(k + " ", bold, size) + stringWidth(v, regular, size) for k, v in pairs
        )
        gap = 3.0 * MM
        while size > (box.min_size or size) and total + gap * (len(pairs) - 1) > (box.w - 1) * MM:
            size -= 0.5
            total = sum(
                stringWidth(k + " ", bold, size) + stringWidth(v, regular, size) for k, v in pairs
            )
        baseline = box.y + (row + 1) * box.h / 2 - 1.0
        x = pen.x(box.x + 0.5)
        for label, value in pairs:
            pen.c.setFont(bold, size)
            pen.c.drawString(x, pen.y(baseline), label)
            x += stringWidth(label + " ", bold, size)
            pen.c.setFont(regular, size)
            pen.c.drawString(x, pen.y(baseline), value)
            x += stringWidth(value, regular, size) + gap


def _draw_damage(pen: CardPen, box: Box) -> None:
    pen.frame(box)
    columns = pen.card.damage
    width = box.w / len(columns)
    value_font = pen.fonts.face(box.font)
    for i, col in enumerate(columns):
        centre = box.x + width * (i + 0.5)
        header = f"{col.label} (+{col.modifier})"
        header_size = fit_size(header, pen.fonts.bold, 5.5, 4.5, (width - 0.8) * MM)
        pen.label(centre, box.y + 3.0, header, header_size, "center")
        pen.text(centre, box.y + 8.3, col.value, value_font, box.size, "center")
        pen.text(centre, box.y + box.h - 1.2, f"TN {col.target}+", pen.fonts.regular, 5.5, "center")
        if i:
            pen.c.setStrokeGray(0.75)
            pen.c.line(
                pen.x(box.x + width * i),
                pen.y(box.y + 1.2),
                pen.x(box.x + width * i),
                pen.y(box.bottom - 1.2),
            )


def _draw_heat(pen: CardPen, box: Box) -> None:
    draw_heat(pen, box, str(pen.card.overheat), pen.card.heat_scale)


def draw_heat(pen: Pen, box: Box, overheat: str, heat_scale: Sequence[str]) -> None:
    """OV and the heat scale boxes."""
    pen.frame(box)
    pen.label(box.x + 1.0, box.y + 3.0, "OV", 5.5)
    ov_size = fit_size(overheat, pen.fonts.bold, 11.0, 6.0, 8.0 * MM)
    pen.text(box.x + 4.6, box.y + 9.3, overheat, pen.fonts.bold, ov_size, "center")
    pen.label(box.x + 10.0, box.y + 3.0, "HEAT SCALE", 5.5)
    side, gap = 5.2, 0.9
    top = box.y + 4.6
    for i, level in enumerate(heat_scale):
        left = box.x + 10.0 + i * (side + gap)
        fill = HEAT_FILLS.get(level)
        pen.c.setLineWidth(0.5)
        pen.c.setStrokeGray(0)
        if fill is not None and not pen.mono:
            pen.c.setFillColorRGB(*fill)
            pen.c.rect(pen.x(left), pen.y(top + side), side * MM, side * MM, stroke=1, fill=1)
        else:
            pen.c.rect(pen.x(left), pen.y(top + side), side * MM, side * MM, stroke=1, fill=0)
        pen.c.setFillGray(1 if level == "S" and not pen.mono else 0)
        pen.text(left + side / 2, top + side / 2 + 1.1, level, pen.fonts.bold, 7.0, "center")
        pen.c.setFillGray(0)


def _draw_armor(pen: CardPen, box: Box) -> None:
    draw_pips(pen, box, pen.card.armor, pen.card.structure)


def draw_pips(pen: Pen, box: Box, armor: int, structure: int) -> None:
    """Armor (open) and structure (filled; slashed in mono) pips, or numbers if pips would be too small."""
    pen.frame(box)
    label_w = 4.0
    area_w, area_h = box.w - label_w - 1.0, box.h - 1.2
    grid = pip_rows(armor, structure, area_w, area_h)
    if not grid.fits:
        _draw_armor_numbers(pen, box, armor, structure)
        return
    pitch = grid.pitch
    radius = pitch * 0.36 * MM
    top = box.y + 0.6 + (area_h - (grid.armor_rows + grid.structure_rows) * pitch) / 2
    for label, count, rows, filled in (
        ("A", armor, grid.armor_rows, False),
        ("S", structure, grid.structure_rows, True),
    ):
        pen.text(box.x + 1.0, top + pitch * 0.5 + 1.0, label, pen.fonts.bold, 7.0)
        if count == 0:
            pen.label(box.x + label_w, top + pitch * 0.5 + 0.9, "none", 5.5)
        pen.c.setStrokeGray(0)
        pen.c.setLineWidth(0.9 if filled and pen.mono else 0.5)
        if filled and not pen.mono:
            pen.c.setFillGray(STRUCTURE_FILL)
        for n in range(count):
            row, col = divmod(n, grid.per_row)
            cx = box.x + label_w + col * pitch + pitch / 2
            cy = top + row * pitch + pitch / 2
            pen.c.circle(
                pen.x(cx), pen.y(cy), radius, stroke=1, fill=1 if filled and not pen.mono else 0
            )
            if filled and pen.mono:
                # Mono fills nothing, so a structure pip carries a diagonal stroke: it reads
                # apart from an armor pip on any printer, and a pencil cross still marks it.
                d = radius * 0.7
                pen.c.line(pen.x(cx) - d, pen.y(cy) - d, pen.x(cx) + d, pen.y(cy) + d)
        pen.c.setFillGray(0)
        top += rows * pitch
    pen.c.setLineWidth(0.4)


def _draw_armor_numbers(pen: Pen, box: Box, armor: int, structure: int) -> None:
    """Too many points for pips: the numbers, each with a line to write damage on."""
    for row, (label, value) in enumerate((("A", armor), ("S", structure))):
        baseline = box.y + (row + 1) * box.h / 2 - 1.5
        pen.text(box.x + 1.0, baseline, f"{label} {value}", pen.fonts.bold, 8.0)
        pen.label(box.x + 13.0, baseline, "DAMAGE", 5.0)
        pen.c.setStrokeGray(0.5)
        pen.c.line(pen.x(box.x + 22.0), pen.y(baseline), pen.x(box.right - 1.0), pen.y(baseline))


def _draw_threshold(pen: CardPen, box: Box) -> None:
    pen.frame(box)
    pen.label(box.x + box.w / 2, box.y + 3.0, "TH", 5.5, "center")
    value = "-" if pen.card.threshold is None else str(pen.card.threshold)
    pen.text(
        box.x + box.w / 2,
        box.y + box.h / 2 + 2.8,
        value,
        pen.fonts.face(box.font),
        box.size,
        "center",
    )


def _draw_squad(pen: CardPen, box: Box) -> None:
    pen.frame(box)
    if pen.card.squad is None:
        pen.label(box.x + 1.0, box.y + 3.0, "NOTES", 5.5)
        return
    pen.label(box.x + 1.0, box.y + 3.0, "SQUAD", 5.5)
    pen.text(
        box.x + box.w / 2,
        box.y + box.h / 2 + 2.5,
        f"{pen.card.squad} troopers",
        pen.fonts.face(box.font),
        box.size,
        "center",
    )


def _draw_specials(pen: CardPen, box: Box) -> None:
    pen.frame(box)
    items = list(pen.card.specials) or ["—"]
    regular, bold = pen.fonts.regular, pen.fonts.bold
    width = (box.w - 1.6) * MM
    size = box.size
    floor = box.min_size or size
    while True:
        indent = stringWidth("SPECIAL ", bold, size)
        lines = wrap_items(items, regular, size, width, indent)
        capacity = max(1, int((box.h - 0.6) * MM // (size * 1.15)))
        if len(lines) <= capacity or size <= floor:
            break
        size = max(floor, size - 0.5)
    if len(lines) > capacity:
        lines = lines[:capacity]
        lines[-1] = clip_text(lines[-1] + " …", regular, size, width)
    step = size * 1.15 / MM
    baseline = box.y + 0.4 + step * 0.85
    pen.label(box.x + 0.8, baseline, "SPECIAL", size)
    for i, line in enumerate(lines):
        x = box.x + 0.8 + (indent / MM if i == 0 else 0)
        pen.text(x, baseline + i * step, line, regular, size)


def _draw_crits(pen: CardPen, box: Box, tracks: Sequence[CritTrack]) -> None:
    pen.frame(box)
    rows = 1 + sum(2 if len(t.groups) > 1 else 1 for t in tracks)
    row_h = min(box.h / rows, 4.6)
    size = box.size
    bold, regular = pen.fonts.bold, pen.fonts.regular
    pen.label(box.x + 1.0, box.y + row_h * 0.75, "CRITICAL HITS", size + 0.5)
    side, pitch = 2.2, 2.8
    label_w = 15.6
    row = 1
    pen.c.setLineWidth(0.5)
    for track in tracks:
        baseline = box.y + row * row_h + row_h * 0.72
        name_size = fit_size(track.name, bold, size, 4.5, (label_w - 1.4) * MM)
        pen.text(box.x + 1.0, baseline, track.name, bold, name_size)
        if len(track.groups) > 1:
            row += 1
            baseline = box.y + row * row_h + row_h * 0.72
            x = box.x + 2.0
        else:
            x = box.x + label_w
        for group in track.groups:
            for _ in range(group.boxes):
                pen.c.setStrokeGray(0)
                pen.c.rect(pen.x(x), pen.y(baseline + 0.2), side * MM, side * MM, stroke=1, fill=0)
                x += pitch
            room = (box.right - x - 0.8) * MM
            effect_size = fit_size(group.effect, regular, size - 0.3, 4.0, room)
            effect = clip_text(group.effect, regular, effect_size, room)
            pen.text(x + 0.3, baseline, effect, regular, effect_size)
            x += stringWidth(effect, regular, effect_size) / MM + 1.8
        row += 1
