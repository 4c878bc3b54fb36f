"""Provides ``draw_multi_card``: a multi-profile card drawn on a reportlab canvas.

The profiles are rows of one table; the damage track (pips, or wound boxes for a
generic system) is drawn once; the switch rule is a wrapped line at the bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from cardsmith.battle.crits import CritTrack
from cardsmith.render.content.card import CardMarks
from cardsmith.render.content.multi_profile import MultiCardData
from cardsmith.render.layout.card import Box
from cardsmith.render.pdf.fonts import FontSet
from cardsmith.render.pdf.pen import (
    HEADER_FILL,
    MM,
    PV_FILL,
    Pen,
    draw_heat,
    draw_pips,
    draw_pv_table,
)
from cardsmith.render.pdf.text import clip_text, fit_size, stringWidth, wrap_pieces

#: Grey of the table's header row and of every other profile row (colour mode).
TABLE_HEADER_FILL = 0.86
ROW_FILL = 0.955
#: Largest wound box (mm) and the gap between boxes.
WOUND_BOX_MM = 5.0
WOUND_GAP_MM = 1.0


def draw_multi_card(
    canvas: Canvas,
    card: MultiCardData,
    fonts: FontSet,
    origin_pt: tuple[float, float],
    *,
    mono: bool,
) -> None:
    """Draw ``card`` with its bottom-left corner at ``origin_pt`` (points)."""
    t = card.template
    pen = Pen(canvas, fonts, mono, origin_pt, t.height)
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(0.25)
    if not mono:
        canvas.setFillGray(HEADER_FILL)
        canvas.rect(pen.x(0), pen.y(12.4), t.width * MM, 12.4 * MM, stroke=0, fill=1)
        canvas.setFillGray(0)
    canvas.rect(pen.x(0), pen.y(t.height), t.width * MM, t.height * MM, stroke=1, fill=0)
    boxes = t.boxes
    pen.line_text(boxes["name"], card.name)
    marks = card.marks or CardMarks()
    if card.pv_table:
        _draw_write_in(pen, boxes["pv"], card.points_label)
    else:
        _draw_points(pen, boxes["pv"], f"{card.points_label} {card.pv}")
    pen.line_text(boxes["pilot"], card.pilot_line)
    # A system's line names the system and its pricing, not Alpha Strike stats: it may shrink.
    _draw_pairs(pen, boxes["info"], card.info, 5.5 if card.track_name else None)
    _draw_table(pen, boxes["profiles"], card)
    if card.track_name:
        _draw_wounds(pen, boxes["track"], card.track_name, card.wounds)
    else:
        draw_pips(pen, boxes["track"], card.armor, card.structure, marks.armor, marks.structure)
    side = boxes.get("heat")
    if side is not None:
        if card.heat_scale:
            draw_heat(pen, side, card.overheat, card.heat_scale, marks.heat)
        else:
            pen.frame(side)
            pen.label(side.x + 1.0, side.y + 3.0, "STATES (kept on a switch)", 5.5)
    label = "NOTES" if card.track_name else "SPECIAL"
    specials, rule, crits = boxes["specials"], boxes["rule"], boxes.get("crits")
    if crits is not None and card.crits:
        _draw_compact_crits(pen, crits, card, marks)
    elif crits is not None:
        # No crit tracks (a generic system): the prose takes the whole width.
        specials = replace(specials, w=crits.right - specials.x)
        rule = replace(rule, w=crits.right - rule.x)
    _draw_prose(pen, specials, label, ", ".join(card.specials) or "—")
    _draw_prose(pen, rule, "SWITCH", card.rule_line, bold_lead=card.rule_name)
    if card.pv_table:
        # Below every box above it, down to the card's edge (at most 5 mm tall).
        spas = boxes["spas"]
        top = max(spas.y - 0.8, *(b.bottom + 0.2 for b in (specials, rule, crits) if b))
        height = min(5.0, t.height - 0.3 - top)
        draw_pv_table(
            pen, Box("pv-table", spas.x, top, t.width - 2 * spas.x, height), card.pv_table
        )
        return
    if card.spas:
        pen.line_text(boxes["spas"], card.spa_line)
    footer = boxes.get("footer")
    if footer is not None and card.footer:
        if not mono:
            canvas.setFillGray(0.4)
        pen.line_text(footer, card.footer)
        canvas.setFillGray(0)


#: Crit box side and pitch (mm) on the compact multi-profile track.
_SIDE, _PITCH = 1.9, 2.3


def _draw_compact_crits(pen: Pen, box: Box, card: MultiCardData, marks: CardMarks) -> None:
    """The shared crit tracks, two to a row (a several-group track takes a whole row).

    The card has no room for each effect: the reference page lists them.
    """
    pen.frame(box)
    bold, regular = pen.fonts.bold, pen.fonts.regular
    cells: list[list[CritTrack]] = []
    for track in card.crits:
        if (
            len(track.groups) > 1
            or not cells
            or len(cells[-1]) == 2
            or len(cells[-1][0].groups) > 1
        ):
            cells.append([track])
        else:
            cells[-1].append(track)
    row_h = min(3.2, (box.h - 2.6) / max(1, len(cells)))
    title = card.crits_title
    pen.label(box.x + 1.0, box.y + 2.2, title, fit_size(title, bold, 4.5, 3.6, (box.w - 2) * MM))
    half = box.w / 2
    for n, row in enumerate(cells):
        baseline = box.y + 2.6 + (n + 1) * row_h - 0.6
        for column, track in enumerate(row):
            left = box.x + 0.8 + column * half
            span = box.w - 1.6 if len(track.groups) > 1 else half - 0.8
            if len(track.groups) > 1:
                size = fit_size(track.name, bold, 4.5, 3.6, 12.0 * MM)
                x = left + stringWidth(track.name, bold, size) / MM + 0.8
            else:
                # Boxes flush right in their half, the name shrunk into what is left.
                x = left + span - track.boxes * _PITCH
                size = fit_size(track.name, bold, 4.5, 3.2, (x - left - 0.6) * MM)
            pen.text(left, baseline, track.name, bold, size)
            for number, group in enumerate(track.groups):
                ticked = marks.ticked(track.name, number)
                for k in range(group.boxes):
                    pen.c.setStrokeGray(0)
                    pen.c.setLineWidth(0.4)
                    top = baseline + 0.25 - _SIDE
                    pen.c.rect(pen.x(x), pen.y(baseline + 0.25), _SIDE * MM, _SIDE * MM, 1, 0)
                    if k < ticked:
                        pen.tick(x, top, _SIDE)
                    x += _PITCH
                if len(track.groups) > 1:
                    short = group.effect.split()[0] if group.effect else ""
                    pen.text(x, baseline, short, regular, 3.8)
                    x += stringWidth(short, regular, 3.8) / MM + 1.2


def _draw_write_in(pen: Pen, box: Box, label: str) -> None:
    """An open box to write the points in (blank-skill card)."""
    pen.c.setLineWidth(0.6)
    pen.c.setStrokeGray(0)
    pen.c.rect(pen.x(box.x), pen.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=0)
    pen.text(box.x + 1.2, box.y + box.h / 2 + 1.2, label, pen.fonts.face(box.font), 8.0)


def _draw_points(pen: Pen, box: Box, text: str) -> None:
    c = pen.c
    c.setLineWidth(0.6)
    c.setStrokeGray(0)
    fill = 0 if pen.mono else 1
    if not pen.mono:
        c.setFillGray(PV_FILL)
    c.rect(pen.x(box.x), pen.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=fill)
    if not pen.mono:
        c.setFillGray(1)
    font = pen.fonts.face(box.font)
    size = fit_size(text, font, box.size, box.size * 0.7, (box.w - 1) * MM)
    pen.text(box.x + box.w / 2, box.y + box.h / 2 + size * 0.35 / MM, text, font, size, "center")
    c.setFillGray(0)


def _draw_pairs(
    pen: Pen, box: Box, pairs: Sequence[tuple[str, str]], floor: float | None = None
) -> None:
    """Bold labels with regular values on one line, shrunk (to ``floor`` when given, else
    the box's smallest size), then clipped, to fit."""
    bold, regular = pen.fonts.bold, pen.fonts.regular
    gap = 3.0 * MM
    width = (box.w - 1) * MM

    def total(size: float) -> float:
        return sum(
            stringWidth(k + " ", bold, size) + stringWidth(v, regular, size) for k, v in pairs
        ) + gap * (len(pairs) - 1)

    size = box.size
    while size > (floor or box.min_size or size) and total(size) > width:
        size -= 0.5
    baseline = box.y + box.h / 2 + size * 0.35 / MM
    x = pen.x(box.x + 0.5)
    right = pen.x(box.right - 0.5)
    for label, value in pairs:
        pen.font(bold, size)
        pen.c.drawString(x, pen.y(baseline), label)
        x += stringWidth(label + " ", bold, size)
        value = clip_text(value, regular, size, max(0.0, right - x))
        pen.font(regular, size)
        pen.c.drawString(x, pen.y(baseline), value)
        x += stringWidth(value, regular, size) + gap


#: Size (pt) of the target numbers in the profile table's header.
TARGET_PT = 7.0
#: Largest text (pt) of a generic system's table: its many value columns are narrow.
GENERIC_PT = 6.5


def table_size(card: MultiCardData) -> float:
    """Text size of the profile rows: the template's, or at most GENERIC_PT for a system."""
    size = card.template.table.size
    return min(size, GENERIC_PT) if card.track_name else size


#: Narrowest column (mm) a generic system's value gets when the name column widens.
MIN_GENERIC_COLUMN_MM = 5.6


def column_widths(card: MultiCardData, box: Box, name_font: str = "") -> list[float]:
    """Width (mm) of the name column and of each of ``card.columns``.

    With ``name_font`` a generic system's name column widens to its longest profile
    name, as far as its value columns can spare (they share the rest evenly).
    """
    table = card.template.table
    widths = [table.name_w]
    if card.track_name:
        count = max(1, len(card.columns))
        if name_font:
            size = table_size(card)
            longest = max(stringWidth(r.name, name_font, size) for r in card.rows) / MM
            spare = box.w - count * MIN_GENERIC_COLUMN_MM
            widths = [max(table.name_w, min(longest + 1.4, spare))]
        share = (box.w - widths[0]) / count
        return widths + [share] * len(card.columns)
    fixed = dict(table.as_columns)
    start, end = card.damage_columns
    for i, header in enumerate(card.columns[:-1]):
        widths.append(table.damage_w if start <= i < end else fixed.get(header, table.damage_w))
    widths.append(box.w - sum(widths))  # SPECIAL takes what is left
    return widths


def _draw_table(pen: Pen, box: Box, card: MultiCardData) -> None:
    table = card.template.table
    pen.frame(box)
    count = len(card.rows)
    # More profiles than the layout's rows: rows get lower and the text smaller.
    row_h = min(table.row_h, (box.h - table.header_h) / max(1, count))
    scale = min(1.0, row_h / table.row_h)
    size = max(table.min_size, table_size(card) * scale)
    widths = column_widths(card, box, pen.fonts.bold)
    bold, regular = pen.fonts.bold, pen.fonts.regular
    if not pen.mono:
        pen.c.setFillGray(TABLE_HEADER_FILL)
        pen.c.rect(
            pen.x(box.x), pen.y(box.y + table.header_h), box.w * MM, table.header_h * MM, 0, 1
        )
        for n in range(1, count, 2):
            top = box.y + table.header_h + n * row_h
            pen.c.setFillGray(ROW_FILL)
            pen.c.rect(pen.x(box.x), pen.y(top + row_h), box.w * MM, row_h * MM, 0, 1)
        pen.c.setFillGray(0)
    header_size = max(table.min_size, min(5.5, table_size(card) - 1.0))
    start, end = card.damage_columns
    headers = ["PROFILE", *card.columns]
    # A damage bracket's header is two lines: the bracket, then its target number in
    # TARGET_PT; the other headers sit on the line between them.
    brackets = {i + 1: headers[i + 1].partition(" ") for i in range(start, end)}
    for i in brackets:
        headers[i] = ""
    middle = box.y + table.header_h / 2 + header_size * 0.35 / MM
    _row(pen, box.x, middle, headers, widths, bold, header_size, header=True)
    x = box.x + sum(widths[: start + 1])
    for i, (band, _, target) in brackets.items():
        centre = x + widths[i] / 2
        pen.text(centre, box.y + table.header_h * 0.4, band, bold, header_size, "center")
        size_tn = fit_size(target, bold, TARGET_PT, 5.0, (widths[i] - 0.6) * MM)
        pen.text(centre, box.y + table.header_h - 0.6, target, bold, size_tn, "center")
        x += widths[i]
    for n, row in enumerate(card.rows):
        baseline = box.y + table.header_h + n * row_h + row_h / 2 + size * 0.35 / MM
        pen.c.setFillGray(0)
        _row(
            pen,
            box.x,
            baseline,
            [row.name, *row.cells],
            widths,
            regular,
            size,
            bold_cells={0} | set(range(start + 1, end + 1)),
            bold_font=bold,
        )
    pen.c.setStrokeGray(0.6)
    pen.c.setLineWidth(0.3)
    y = box.y + table.header_h
    pen.c.line(pen.x(box.x), pen.y(y), pen.x(box.right), pen.y(y))
    x = box.x
    for width in widths[:-1]:
        x += width
        pen.c.line(pen.x(x), pen.y(box.y + 0.4), pen.x(x), pen.y(box.bottom - 0.4))


def _row(
    pen: Pen,
    left: float,
    baseline: float,
    cells: Sequence[str],
    widths: Sequence[float],
    font: str,
    size: float,
    *,
    header: bool = False,
    bold_cells: set[int] | None = None,
    bold_font: str = "",
) -> None:
    x = left
    for i, (cell, width) in enumerate(zip(cells, widths, strict=True)):
        face = bold_font if bold_cells and i in bold_cells else font
        room = (width - 1.0) * MM
        cell_size = fit_size(cell, face, size, max(3.5, size - 1.5), room)
        text = clip_text(cell, face, cell_size, room)
        if i == 0 or (not header and i == len(cells) - 1 and width > 12):
            pen.text(x + 0.6, baseline, text, face, cell_size)
        else:
            pen.text(x + width / 2, baseline, text, face, cell_size, "center")
        x += width


def _draw_wounds(pen: Pen, box: Box, name: str, wounds: int) -> None:
    """One row of boxes for the shared wound track, labelled with the system's column."""
    pen.frame(box)
    pen.label(box.x + 1.0, box.y + 3.0, f"{name} — SHARED BY EVERY PROFILE", 5.5)
    if wounds <= 0:
        pen.label(box.x + 1.0, box.y + 8.0, "no wound column given", 5.5)
        return
    room = box.w - 2.0
    side = min(WOUND_BOX_MM, box.h - 5.2, room / wounds - WOUND_GAP_MM)
    if side < 2.0:
        pen.text(box.x + 1.0, box.y + 8.5, f"{name} {wounds}", pen.fonts.bold, 8.0)
        pen.c.setStrokeGray(0.5)
        pen.c.line(
            pen.x(box.x + 12.0), pen.y(box.y + 8.5), pen.x(box.right - 1.0), pen.y(box.y + 8.5)
        )
        return
    top = box.y + 4.4
    pen.c.setStrokeGray(0)
    pen.c.setLineWidth(0.6)
    for n in range(wounds):
        left = box.x + 1.0 + n * (side + WOUND_GAP_MM)
        pen.c.rect(pen.x(left), pen.y(top + side), side * MM, side * MM, stroke=1, fill=0)
    pen.c.setLineWidth(0.4)


def _draw_prose(pen: Pen, box: Box, label: str, text: str, bold_lead: str = "") -> None:
    """A framed box of wrapped prose after a grey label, shrunk to fit, cut with … if needed."""
    pen.frame(box)
    regular, bold = pen.fonts.regular, pen.fonts.bold
    width = (box.w - 1.6) * MM
    size = box.size
    floor = box.min_size or size
    while True:
        indent = stringWidth(label + " ", bold, size)
        # The bold lead is wider than its regular measure: keep the first line inside.
        extra = stringWidth(bold_lead, bold, size) - stringWidth(bold_lead, regular, size)
        lines = wrap_pieces(text.split(), regular, size, width, indent + extra)
        capacity = max(1, int((box.h - 0.6) * MM // (size * 1.15)))
        if len(lines) <= capacity or size <= floor:
            break
        size = max(floor, size - 0.25)
    if len(lines) > capacity:
        lines = lines[:capacity]
        lines[-1] = clip_text(lines[-1] + " …", regular, size, width)
    step = size * 1.15 / MM
    baseline = box.y + 0.4 + step * 0.85
    pen.label(box.x + 0.8, baseline, label, size)
    for i, line in enumerate(lines):
        x = box.x + 0.8 + (indent / MM if i == 0 else 0)
        if i == 0 and bold_lead and line.startswith(bold_lead):
            pen.text(x, baseline, bold_lead, bold, size)
            x += stringWidth(bold_lead, bold, size) / MM
            line = line[len(bold_lead) :]
        pen.text(x, baseline + i * step, line, regular, size)
