"""Provides ``draw_card``: one unit card drawn on a reportlab canvas from its ``CardData``.

Everything is drawn straight on the canvas (frames, pips, boxes and short strings);
variable text (specials, SPAs) is wrapped and shrunk here with reportlab's font metrics
rather than through platypus frames, which keeps a 100-card print well under a second.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from cardsmith.battle.crits import CritTrack
from cardsmith.render.content.card import CardData, CardMarks
from cardsmith.render.layout.card import CRIT_ROW_MIN_MM, Box
from cardsmith.render.pdf.fonts import FontSet
from cardsmith.render.pdf.pen import (
    CRIT_PITCH_MM,
    CRIT_SIDE_MM,
    HEADER_FILL,
    MM,
    PV_FILL,
    Pen,
    draw_heat,
    draw_pips,
    draw_pv_table,
)
from cardsmith.render.pdf.text import clip_text, fit_size, stringWidth, wrap_items

__all__ = ["HEADER_FILL", "MM", "PV_FILL", "CardPen", "clip_text", "draw_card"]


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
        self.marks = card.marks or CardMarks()


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
    pen.line_text(boxes["name"], card.name, tail=card.variant)
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
    if card.pv_table:
        draw_pv_table(pen, pv_table_box(boxes["spas"], t.width), card.pv_table)
        return
    if card.spas:
        pen.line_text(boxes["spas"], card.spa_line)
    if "footer" in boxes and card.footer:
        if not mono:
            canvas.setFillGray(0.4)
        pen.line_text(boxes["footer"], card.footer)
        canvas.setFillGray(0)


def pv_table_box(spas: Box, card_width: float) -> Box:
    """Where a blank-skill card's PV table goes: the SPA strip, across the card, two rows."""
    return Box("pv-table", spas.x, spas.y - 0.8, card_width - 2 * spas.x, 5.0)


def _draw_pv(pen: CardPen, box: Box) -> None:
    c = pen.c
    c.setLineWidth(0.6)
    c.setStrokeGray(0)
    if pen.card.skill is None:
        # Blank skill: an open box to write the PV in, read off the table at the foot.
        c.rect(pen.x(box.x), pen.y(box.bottom), box.w * MM, box.h * MM, stroke=1, fill=0)
        pen.text(box.x + 1.2, box.y + box.h / 2 + 1.2, "PV", pen.fonts.face(box.font), 8.0)
        return
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
    """TP/SZ/TMM/MV (or THR) and ROLE/SKILL: the gaps narrow first, then the text shrinks."""
    bold, regular = pen.fonts.bold, pen.fonts.regular
    room = (box.w - 1) * MM
    for row, pairs in enumerate(pen.card.info_pairs):

        def width(size: float, gap: float, pairs: tuple[tuple[str, str], ...] = pairs) -> float:
            words = sum(
                stringWidth(k + " ", bold, size) + stringWidth(v, regular, size) for k, v in pairs
            )
            return words + gap * (len(pairs) - 1)

        size, gap = box.size, 3.0 * MM
        while gap > 1.2 * MM and width(size, gap) > room:
            gap -= 0.3 * MM
        while size > (box.min_size or size) and width(size, gap) > room:
            size -= 0.25
        baseline = box.y + (row + 1) * box.h / 2 - 1.0
        x = box.x + 0.5
        for label, value in pairs:
            # The space is drawn, so the text reads "TP BM" when copied or extracted.
            pen.text(x, baseline, label + " ", bold, size)
            x += stringWidth(label + " ", bold, size) / MM
            pen.text(x, baseline, value, regular, size)
            x += (stringWidth(value, regular, size) + gap) / MM


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
        tn_size = fit_size(col.target_text, pen.fonts.regular, 7.0, 7.0, (width - 0.6) * MM)
        pen.text(centre, box.y + box.h - 1.0, col.target_text, pen.fonts.regular, tn_size, "center")
        if i:
            pen.c.setStrokeGray(0.75)
            pen.c.line(
                pen.x(box.x + width * i),
                pen.y(box.y + 1.2),
                pen.x(box.x + width * i),
                pen.y(box.bottom - 1.2),
            )


def _draw_heat(pen: CardPen, box: Box) -> None:
    draw_heat(pen, box, str(pen.card.overheat), pen.card.heat_scale, pen.marks.heat)


def _draw_armor(pen: CardPen, box: Box) -> None:
    marks = pen.marks
    draw_pips(pen, box, pen.card.armor, pen.card.structure, marks.armor, marks.structure)


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


#: Width (mm) of the track names' column in the CRITICAL HITS box.
CRIT_LABEL_MM = 15.6


def _plan_rows(pen: CardPen, box: Box, tracks: Sequence[CritTrack]) -> list[bool]:
    """Per track: True when its boxes go on a row of their own under its name.

    Always for several groups (MOTIVE) or more boxes than fit beside the name (a
    WarShip's KF drive); also when the effect would not fit beside the boxes, as long as
    the box has height to spare for the extra rows.
    """
    regular = pen.fonts.regular
    needed = [
        len(t.groups) > 1 or CRIT_LABEL_MM + t.boxes * CRIT_PITCH_MM + 6.0 > box.w for t in tracks
    ]
    for n, track in enumerate(tracks):
        if needed[n]:
            continue
        text = " ".join(g.effect for g in track.groups)
        beside = box.w - CRIT_LABEL_MM - track.boxes * CRIT_PITCH_MM - 1.2
        if stringWidth(text, regular, 4.5) / MM > beside:
            rows = 1 + sum(2 if own else 1 for own in needed) + 1
            if rows * CRIT_ROW_MIN_MM <= box.h:
                needed[n] = True
    return needed


def _draw_crits(pen: CardPen, box: Box, tracks: Sequence[CritTrack]) -> None:
    """CRITICAL HITS: one row per track; a track of several groups, or of many boxes (a
    WarShip's KF drive), takes a second row.  Rows share the box's height."""
    pen.frame(box)
    plan = _plan_rows(pen, box, tracks)
    rows = 1 + sum(2 if own else 1 for own in plan)
    row_h = min(box.h / rows, 4.6)
    size = box.size
    bold = pen.fonts.bold
    pen.label(box.x + 1.0, box.y + row_h * 0.75, "CRITICAL HITS", size + 0.5)
    row = 1
    for track, own in zip(tracks, plan, strict=True):
        baseline = box.y + row * row_h + row_h * 0.72
        label_w = box.w - 0.6 if own else CRIT_LABEL_MM
        name_size = fit_size(track.name, bold, size, 4.5, (label_w - 1.4) * MM)
        pen.text(box.x + 1.0, baseline, track.name, bold, name_size)
        if own:
            row += 1
            baseline = box.y + row * row_h + row_h * 0.72
            x = box.x + 2.0
        else:
            x = box.x + CRIT_LABEL_MM
        for number, group in enumerate(track.groups):
            x = pen.crit_boxes(x, baseline, group.boxes, pen.marks.ticked(track.name, number))
            room = (box.right - x - 0.8) * MM
            if room < 4 * MM:
                continue  # no room left for the effect: the reference page has it
            x = _draw_effect(pen, x, baseline, group.effect, size - 0.3, room, row_h)
        row += 1


#: Smallest type an effect beside its crit boxes is printed in.
EFFECT_MIN_PT = 4.0


def _draw_effect(
    pen: CardPen, x: float, baseline: float, effect: str, size: float, room: float, row_h: float
) -> float:
    """A crit group's effect beside its boxes: one line, else two lines centred on the
    boxes when the row is tall enough, and cut only when neither fits; returns the end x."""
    regular = pen.fonts.regular
    one = fit_size(effect, regular, size, EFFECT_MIN_PT, room)
    if stringWidth(effect, regular, one) > room:
        two = size
        while True:
            lead = two * 1.2 / MM
            lines = _two_lines(effect, regular, two)
            fits = max(stringWidth(line, regular, two) for line in lines) <= room
            if fits and lead + two * 0.7 / MM <= row_h - 0.3:
                middle = baseline + 0.2 - CRIT_SIDE_MM / 2
                first = middle - (lead - two * 0.7 / MM) / 2
                for n, line in enumerate(lines):
                    pen.text(x + 0.3, first + n * lead, line, regular, two)
                widest = max(stringWidth(line, regular, two) for line in lines)
                return x + widest / MM + CRIT_PITCH_MM - 1.0
            if two <= EFFECT_MIN_PT:
                break
            two = max(EFFECT_MIN_PT, two - 0.5)
    text = clip_text(effect, regular, one, room)
    pen.text(x + 0.3, baseline, text, regular, one)
    return x + stringWidth(text, regular, one) / MM + CRIT_PITCH_MM - 1.0


def _two_lines(text: str, font: str, size: float) -> tuple[str, str]:
    """``text`` split in two at a space or after a slash, the longer line as short as can be."""
    breaks = [i + 1 for i, ch in enumerate(text) if ch in " /" and 0 < i < len(text) - 1]
    if not breaks:
        return text, ""

    def widest(at: int) -> float:
        return max(
            stringWidth(text[:at].strip(), font, size), stringWidth(text[at:].strip(), font, size)
        )

    at = min(breaks, key=widest)
    return text[:at].strip(), text[at:].strip()
