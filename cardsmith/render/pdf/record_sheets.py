"""Provides ``render_sheets``: record sheets as a deterministic vector PDF (reportlab).

Per force: a roster page, then its cards (a centred grid with cut marks); at the end,
unless turned off, a reference page.  The same input gives the same bytes: the canvas
runs with ``invariant=True`` and every metadata field is fixed.  The file is written
to a temporary name in the target folder and moved into place, so a failed print never
leaves half a PDF behind.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardsmith.errors import CardsmithError, RenderError
from cardsmith.fileio import save_bytes
from cardsmith.models import Force
from cardsmith.render.content.multi_profile import MultiCardData, SheetCard, sheet_cards
from cardsmith.render.content.reference import RefTable, load_reference
from cardsmith.render.content.roster import RosterData, Verdict, roster_for
from cardsmith.render.content.sheets import SheetOptions
from cardsmith.render.layout.paper import SheetLayout, sheet_layout
from cardsmith.render.pdf.card import MM, clip_text, draw_card
from cardsmith.render.pdf.fonts import FontSet, register_fonts
from cardsmith.render.pdf.multi_profile import draw_multi_card
from cardsmith.render.pdf.page import PageFlow, new_canvas
from cardsmith.wording import count

#: Page margin (mm) of the roster and reference pages.
PAGE_MARGIN = 15.0


def render_sheets(
    forces: Sequence[Force],
    out_path: Path,
    options: SheetOptions | None = None,
    verdicts: Sequence[Verdict | None] | None = None,
) -> Path:
    """Print the forces' rosters and cards (and a reference page) to ``out_path``.

    ``verdicts`` gives, per force, the rule-check verdict for its roster (None or
    missing: "not checked").

    Raises:
        TemplateError: bad paper, card count or template data.
        RenderError: a unit that cannot be printed, or the file cannot be written.
    """
    data = render_bytes(forces, options, verdicts)
    save_bytes(out_path, data, RenderError)
    return out_path


def render_bytes(
    forces: Sequence[Force],
    options: SheetOptions | None = None,
    verdicts: Sequence[Verdict | None] | None = None,
) -> bytes:
    """The PDF of ``render_sheets`` as bytes (nothing written)."""
    options = options or SheetOptions()
    if not forces:
        raise RenderError("nothing to print: no force given")
    layout = sheet_layout(options.paper, options.cards_per_page)
    fonts = register_fonts()
    prepared = [(f, sheet_cards(f.entries)) for f in forces]
    buffer = io.BytesIO()
    names = ", ".join(f.name for f in forces)
    canvas = new_canvas(
        buffer,
        layout.page_width,
        layout.page_height,
        title=f"Alpha Strike record sheets: {names}",
        subject="Alpha Strike unit cards, roster and reference",
    )
    mono = options.mono
    for number, (force, cards) in enumerate(prepared):
        verdict = verdicts[number] if verdicts is not None and number < len(verdicts) else None
        _draw_roster(canvas, roster_for(force, verdict), layout, fonts, mono)
        if not options.roster_only:
            _draw_cards(canvas, cards, layout, fonts, mono)
    if options.reference:
        _draw_reference(canvas, load_reference(), layout, fonts, mono)
    canvas.save()
    return buffer.getvalue()


# -- cards ---------------------------------------------------------------------------


def _draw_cards(
    canvas: Canvas, cards: Sequence[SheetCard], layout: SheetLayout, fonts: FontSet, mono: bool
) -> None:
    page_h = layout.page_height
    for start in range(0, len(cards), layout.per_page):
        _draw_cut_marks(canvas, layout, len(cards[start : start + layout.per_page]))
        for slot, card in enumerate(cards[start : start + layout.per_page]):
            left, top = layout.card_origin(slot)
            origin = (left * MM, (page_h - top - layout.card_height) * MM)
            try:
                if isinstance(card, MultiCardData):
                    draw_multi_card(canvas, card, fonts, origin, mono=mono)
                else:
                    draw_card(canvas, card, fonts, origin, mono=mono)
            except CardsmithError:
                raise
            except (KeyError, ValueError) as exc:
                raise RenderError(f"card of {card.name} could not be drawn: {exc}") from exc
        canvas.showPage()


def _draw_cut_marks(canvas: Canvas, layout: SheetLayout, cards: int) -> None:
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0)
    page_h = layout.page_height
    for x1, y1, x2, y2 in layout.cut_marks(cards):
        canvas.line(x1 * MM, (page_h - y1) * MM, x2 * MM, (page_h - y2) * MM)


# -- roster --------------------------------------------------------------------------

#: Roster columns: header, share of the width, right-aligned.
#: Unit names run long (``Elemental Battle Armor [Laser] (Sqd5)``), type codes are two letters.
_ROSTER_COLUMNS: tuple[tuple[str, float, bool], ...] = (
    ("#", 0.04, True),
    ("Unit", 0.33, False),
    ("Type", 0.06, False),
    ("Skill", 0.05, True),
    ("Base PV", 0.08, True),
    ("PV", 0.05, True),
    ("Pilot", 0.17, False),
    ("SPAs", 0.14, False),
    ("Group", 0.08, False),
)
_ROW_MM = 5.0


class _Page(PageFlow):
    """A roster or reference page (no footer)."""

    def __init__(self, canvas: Canvas, layout: SheetLayout, fonts: FontSet) -> None:
        super().__init__(canvas, fonts, layout.page_width, layout.page_height, PAGE_MARGIN)

    def text(self, x_mm: float, text: str, font: str, size: float, align: str = "left") -> None:
        y = (self.height - self.top) * MM
        self.c.setFont(font, size)
        if align == "right":
            self.c.drawRightString(x_mm * MM, y, text)
        else:
            self.c.drawString(x_mm * MM, y, text)

    def rule(self, grey: float = 0.6) -> None:
        self.c.setStrokeGray(grey)
        self.c.setLineWidth(0.4)
        y = (self.height - self.top) * MM
        self.c.line(PAGE_MARGIN * MM, y, (self.width - PAGE_MARGIN) * MM, y)


def _draw_roster(
    canvas: Canvas, roster: RosterData, layout: SheetLayout, fonts: FontSet, mono: bool
) -> None:
    page = _Page(canvas, layout, fonts)
    usable = layout.page_width - 2 * PAGE_MARGIN
    page.top += 6
    page.text(PAGE_MARGIN, clip_text(roster.name, fonts.bold, 16, usable * MM), fonts.bold, 16)
    page.top += 7
    cap = f" of {roster.cap}" if roster.cap else ""
    facts = (
        ("Rule pack", f"{roster.pack} — {roster.verdict}"),
        (
            "Total PV",
            f"{roster.total_pv}{cap} (base {roster.total_base_pv}) · {count(len(roster.rows), 'unit')}",
        ),
        ("Data version", roster.data_version),
        ("Fingerprint", f"{roster.fingerprint}  (cardsmith force show / check print the same)"),
    )
    for label, value in facts:
        page.text(PAGE_MARGIN, label, fonts.bold, 9)
        page.text(
            PAGE_MARGIN + 28,
            clip_text(value, fonts.regular, 9, (usable - 28) * MM),
            fonts.regular,
            9,
        )
        page.top += 4.6
    for problem in roster.problems[:8]:
        page.text(
            PAGE_MARGIN + 28,
            clip_text(f"• {problem}", fonts.regular, 8, (usable - 28) * MM),
            fonts.regular,
            8,
        )
        page.top += 4.0
    if len(roster.problems) > 8:
        page.text(
            PAGE_MARGIN + 28,
            f"… and {len(roster.problems) - 8} more (cardsmith check)",
            fonts.regular,
            8,
        )
        page.top += 4.0
    page.top += 4
    _roster_header(page, usable, mono)
    for row in roster.rows:
        if not page.room(_ROW_MM * 2):
            page.new_page()
            _roster_header(page, usable, mono)
        name = f"{row.name} ★" if row.commander else row.name
        cells = (
            str(row.index),
            name,
            row.type_code,
            str(row.skill),
            str(row.base_pv),
            str(row.pv),
            row.pilot,
            row.spas,
            row.group,
        )
        _roster_cells(page, cells, usable, fonts.regular)
        page.top += 1.4
        page.rule(0.85)
        page.top += _ROW_MM - 1.4
    page.top += 0.5
    totals = ("", "Total", "", "", str(roster.total_base_pv), str(roster.total_pv), "", "", "")
    _roster_cells(page, totals, usable, fonts.bold)
    if any(row.commander for row in roster.rows):
        page.top += 6
        page.text(PAGE_MARGIN, "★ force commander", fonts.regular, 7)
    if roster.profile_notes:
        page.top += 6
        page.text(PAGE_MARGIN, "Several profiles, one card each:", fonts.bold, 7)
        for note in roster.profile_notes:
            if not page.room(4.0):
                page.new_page()
            page.top += 3.6
            page.text(
                PAGE_MARGIN + 2, clip_text(note, fonts.regular, 7, usable * MM), fonts.regular, 7
            )
    canvas.showPage()


def _roster_header(page: _Page, usable: float, mono: bool) -> None:
    if not mono:
        page.c.setFillGray(0.9)
        y = (page.height - page.top - 1.6) * MM
        page.c.rect(PAGE_MARGIN * MM, y, usable * MM, 5.2 * MM, stroke=0, fill=1)
        page.c.setFillGray(0)
    page.top += 2.2
    _roster_cells(page, tuple(h for h, _, _ in _ROSTER_COLUMNS), usable, page.fonts.bold)
    page.top += 1.6
    page.rule(0.3)
    page.top += _ROW_MM - 1.2


def _roster_cells(page: _Page, cells: Sequence[str], usable: float, font: str) -> None:
    x = PAGE_MARGIN
    for (_header, share, right), cell in zip(_ROSTER_COLUMNS, cells, strict=True):
        width = usable * share
        text = clip_text(cell, font, 8, (width - 2.5) * MM)
        if right:
            page.text(x + width - 1.5, text, font, 8, "right")
        else:
            page.text(x + 1.0, text, font, 8)
        x += width


# -- reference -----------------------------------------------------------------------


def _draw_reference(
    canvas: Canvas, tables: Sequence[RefTable], layout: SheetLayout, fonts: FontSet, mono: bool
) -> None:
    page = _Page(canvas, layout, fonts)
    usable = layout.page_width - 2 * PAGE_MARGIN
    page.top += 6
    page.text(PAGE_MARGIN, "Alpha Strike quick reference", fonts.bold, 14)
    page.top += 6
    size = 7.0
    for table in tables:
        widths = _column_widths(table, fonts, size, usable)
        needed = 9 + (len(table.rows) + 1) * 3.7 + (3.4 if table.note else 0)
        if not page.room(needed):
            page.new_page()
        page.top += 2.5
        page.text(PAGE_MARGIN, table.title, fonts.bold, 9.5)
        page.top += 1.2
        if table.note:
            page.top += 3.4
            page.text(
                PAGE_MARGIN, clip_text(table.note, fonts.regular, 7, usable * MM), fonts.regular, 7
            )
        page.top += 1.2
        if not mono:
            canvas.setFillGray(0.9)
            canvas.rect(
                PAGE_MARGIN * MM,
                (page.height - page.top - 3.7) * MM,
                usable * MM,
                3.7 * MM,
                stroke=0,
                fill=1,
            )
            canvas.setFillGray(0)
        page.top += 2.7
        _table_row(page, table.columns, widths, fonts.bold, size)
        page.top += 1.0
        page.rule(0.3)
        for row in table.rows:
            page.top += 2.7
            _table_row(page, row, widths, fonts.regular, size)
            page.top += 1.0
            page.rule(0.85)
        page.top += 1.5


def _column_widths(table: RefTable, fonts: FontSet, size: float, usable: float) -> list[float]:
    natural = [
        max(
            stringWidth(cell, fonts.bold if r == 0 else fonts.regular, size) / MM + 3.0
            for r, cell in enumerate(column)
        )
        for column in zip(table.columns, *table.rows, strict=True)
    ]
    total = sum(natural)
    if total <= usable:
        # Spread the spare width evenly over the text columns (not the leading roll column).
        text_columns = range(1, len(natural)) if len(natural) > 1 else range(len(natural))
        extra = (usable - total) / len(text_columns)
        return [w + extra if i in text_columns else w for i, w in enumerate(natural)]
    return [w * usable / total for w in natural]


def _table_row(
    page: _Page, cells: Sequence[str], widths: Sequence[float], font: str, size: float
) -> None:
    x = PAGE_MARGIN
    for cell, width in zip(cells, widths, strict=True):
        page.text(x + 1.0, clip_text(cell, font, size, (width - 2.0) * MM), font, size)
        x += width
