"""Provides ``Pen`` and the pieces every card draws: frames, labels, fitted text, heat, pips, crits.

A pen converts a card's millimetres (origin top-left) into canvas points.  It only
changes the canvas font when the font or size actually changes, and the pieces here
draw a card's marks too: taken damage as filled pips, the current heat level and the
critical hits so far as ticked boxes (for ``battle print``).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from cardsmith.render.layout.card import Box, pip_rows
from cardsmith.render.pdf.fonts import FontSet
from cardsmith.render.pdf.text import fit_size, shorten_middle

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
#: Side (mm) of a critical-hit box and the pitch between boxes.
CRIT_SIDE_MM = 2.2
CRIT_PITCH_MM = 2.8


def fit_line(box: Box, text: str, font: str, tail: str = "") -> tuple[str, float]:
    """The text a one-line box shows, and its size: shrunk to ``box.min_size``, then
    shortened from the middle keeping ``tail`` (or the text's distinguishing end)."""
    width = (box.w - 1.0) * MM
    size = fit_size(text, font, box.size, box.min_size, width)
    return shorten_middle(text, font, size, width, tail), size


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
        """Canvas x of a position ``mm`` from the card's left edge."""
        return self.ox + mm * MM

    def y(self, mm_from_top: float) -> float:
        """Canvas y of a position ``mm_from_top`` below the card's top edge."""
        return self.oy + (self.height_mm - mm_from_top) * MM

    # -- primitives -----------------------------------------------------------------

    def font(self, font: str, size: float) -> None:
        """Select ``font`` at ``size`` unless the canvas already has it."""
        c = self.c
        if c._fontname != font or c._fontsize != size:
            c.setFont(font, size)

    def text(
        self,
        x_mm: float,
        baseline_mm: float,
        text: str,
        font: str,
        size: float,
        align: str = "left",
    ) -> None:
        """One string at a baseline (mm from the top), left, centre or right aligned."""
        c = self.c
        # Inlined font() and x()/y(): this runs for every string of every card.
        if c._fontname != font or c._fontsize != size:
            c.setFont(font, size)
        x = self.ox + x_mm * MM
        y = self.oy + (self.height_mm - baseline_mm) * MM
        if align == "right":
            c.drawRightString(x, y, text)
        elif align == "center":
            c.drawCentredString(x, y, text)
        else:
            c.drawString(x, y, text)

    def frame(self, box: Box, fill: float | None = None) -> None:
        """The thin outline of a box, filled grey in colour mode when ``fill`` is given."""
        self.c.setLineWidth(0.4)
        self.c.setStrokeGray(FRAME_GREY)
        filled = fill is not None and not self.mono
        if filled and fill is not None:
            self.c.setFillGray(fill)
        self.c.rect(
            self.x(box.x), self.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=int(filled)
        )
        if filled:
            self.c.setFillGray(0)

    def label(
        self, x_mm: float, baseline_mm: float, text: str, size: float = 5.0, align: str = "left"
    ) -> None:
        """A grey bold caption (black in mono)."""
        if not self.mono:
            self.c.setFillGray(LABEL_GREY)
        self.text(x_mm, baseline_mm, text, self.fonts.bold, size, align)
        self.c.setFillGray(0)

    def line_text(self, box: Box, text: str, style: str | None = None, tail: str = "") -> None:
        """One line in a box, vertically centred: shrunk to ``min_size``, then shortened
        from the middle keeping ``tail`` (or the text's distinguishing end)."""
        font = self.fonts.face(style or box.font)
        text, size = fit_line(box, text, font, tail)
        baseline = box.y + box.h / 2 + size * 0.35 / MM
        anchor = {"left": box.x + 0.5, "center": box.x + box.w / 2, "right": box.right - 0.5}
        self.text(anchor[box.align], baseline, text, font, size, box.align)

    def tick(self, x_mm: float, top_mm: float, side_mm: float) -> None:
        """A cross through a box (a critical hit or heat level marked in play)."""
        c = self.c
        c.setStrokeGray(0)
        c.setLineWidth(0.7)
        inset = side_mm * 0.15
        left, right = self.x(x_mm + inset), self.x(x_mm + side_mm - inset)
        upper, lower = self.y(top_mm + inset), self.y(top_mm + side_mm - inset)
        c.line(left, upper, right, lower)
        c.line(left, lower, right, upper)
        c.setLineWidth(0.5)

    def crit_boxes(self, x_mm: float, baseline_mm: float, boxes: int, ticked: int = 0) -> float:
        """``boxes`` crit boxes on a baseline, the first ``ticked`` crossed; returns the end x."""
        self.c.setLineWidth(0.5)
        for n in range(boxes):
            self.c.setStrokeGray(0)
            top = baseline_mm + 0.2 - CRIT_SIDE_MM
            self.c.rect(
                self.x(x_mm), self.y(baseline_mm + 0.2), CRIT_SIDE_MM * MM, CRIT_SIDE_MM * MM, 1, 0
            )
            if n < ticked:
                self.tick(x_mm, top, CRIT_SIDE_MM)
            x_mm += CRIT_PITCH_MM
        return x_mm


def draw_heat(
    pen: Pen, box: Box, overheat: str, heat_scale: Sequence[str], current: int = 0
) -> None:
    """OV and the heat scale boxes; the ``current`` level (1-4, 4 = S) is ticked."""
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
        if current == i + 1:
            pen.tick(left, top, side)


def draw_pips(
    pen: Pen, box: Box, armor: int, structure: int, armor_hit: int = 0, structure_hit: int = 0
) -> None:
    """Armor (open) and structure (grey; a double ring in mono) pips, or numbers when pips
    would be too small.  Pips already lost (``*_hit``) are filled black.

    Nothing but a marked pip is filled or crossed, so an unmarked card never looks damaged,
    in colour or in mono.
    """
    pen.frame(box)
    label_w = 4.0
    area_w, area_h = box.w - label_w - 1.0, box.h - 1.2
    grid = pip_rows(armor, structure, area_w, area_h)
    if not grid.fits:
        _draw_numbers(pen, box, (("A", armor, armor_hit), ("S", structure, structure_hit)))
        return
    pitch = grid.pitch
    radius = pitch * 0.36 * MM
    top = box.y + 0.6 + (area_h - (grid.armor_rows + grid.structure_rows) * pitch) / 2
    for label, count, hit, rows, structure_row in (
        ("A", armor, armor_hit, grid.armor_rows, False),
        ("S", structure, structure_hit, grid.structure_rows, True),
    ):
        pen.text(box.x + 1.0, top + pitch * 0.5 + 1.0, label, pen.fonts.bold, 7.0)
        if count == 0:
            pen.label(box.x + label_w, top + pitch * 0.5 + 0.9, "none", 5.5)
        pen.c.setStrokeGray(0)
        pen.c.setLineWidth(0.5)
        for n in range(count):
            row, col = divmod(n, grid.per_row)
            cx = pen.x(box.x + label_w + col * pitch + pitch / 2)
            cy = pen.y(top + row * pitch + pitch / 2)
            if n < hit:
                pen.c.setFillGray(0)
                pen.c.circle(cx, cy, radius, stroke=1, fill=1)
            elif structure_row and not pen.mono:
                pen.c.setFillGray(STRUCTURE_FILL)
                pen.c.circle(cx, cy, radius, stroke=1, fill=1)
            else:
                pen.c.circle(cx, cy, radius, stroke=1, fill=0)
                if structure_row:
                    # Mono has no grey: a structure pip is a double ring, which tells it
                    # from armor without looking crossed out or filled in.
                    pen.c.setLineWidth(0.3)
                    pen.c.circle(cx, cy, radius * 0.55, stroke=1, fill=0)
                    pen.c.setLineWidth(0.5)
        pen.c.setFillGray(0)
        top += rows * pitch
    pen.c.setLineWidth(0.4)


def _draw_numbers(pen: Pen, box: Box, tracks: Sequence[tuple[str, int, int]]) -> None:
    """Too many points for pips: the numbers, each with a line to write damage on."""
    for row, (label, value, hit) in enumerate(tracks):
        baseline = box.y + (row + 1) * box.h / 2 - 1.5
        pen.text(box.x + 1.0, baseline, f"{label} {value}", pen.fonts.bold, 8.0)
        pen.label(box.x + 13.0, baseline, "DAMAGE", 5.0)
        pen.c.setStrokeGray(0.5)
        pen.c.line(pen.x(box.x + 22.0), pen.y(baseline), pen.x(box.right - 1.0), pen.y(baseline))
        if hit:
            pen.text(box.x + 23.0, baseline - 0.4, str(hit), pen.fonts.bold, 8.0)


def draw_pv_table(pen: Pen, box: Box, table: Sequence[tuple[int, int]]) -> None:
    """The PV at every skill, as a two-row table (a blank-skill card's write-in aid)."""
    pen.frame(box)
    columns = len(table) + 1
    width = box.w / columns
    half = box.h / 2
    size = min(6.0, half * MM * 0.8)
    bold, regular = pen.fonts.bold, pen.fonts.regular
    pen.label(box.x + 0.8, box.y + half - 0.5, "SKILL", size)
    pen.label(box.x + 0.8, box.y + box.h - 0.5, "PV", size)
    for n, (skill, pv) in enumerate(table, start=1):
        centre = box.x + width * (n + 0.5)
        pen.text(centre, box.y + half - 0.5, str(skill), bold, size, "center")
        pen.text(centre, box.y + box.h - 0.5, str(pv), regular, size, "center")
    pen.c.setStrokeGray(0.75)
    pen.c.line(pen.x(box.x), pen.y(box.y + half), pen.x(box.right), pen.y(box.y + half))
