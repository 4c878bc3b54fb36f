"""Provides ``draw_roster``: a force's roster page, a section per group, every cell wrapped, never cut.

The head of the page gives the rule-pack verdict, totals, data version and fingerprint,
with the force's share code beside them as a QR code.  Then one table: per group a
heading line (its formation, whether the group qualifies, and the bonus), the group's
rows, and the totals.  A cell that does not fit its column wraps onto more lines; numbers
shrink instead.  Pages break between rows, repeating the header.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

from cardsmith.render.content.roster import RosterData, RosterRow, RosterSection
from cardsmith.render.layout.paper import SheetLayout
from cardsmith.render.pdf.fonts import FontSet
from cardsmith.render.pdf.page import MM, PageFlow, set_font
from cardsmith.render.pdf.text import fit_size, wrap_text
from cardsmith.wording import count

#: Page margin (mm) of the roster and reference pages.
PAGE_MARGIN = 15.0
#: Roster columns: header, share of the width, right-aligned (numbers).
COLUMNS: tuple[tuple[str, float, bool], ...] = (
    ("#", 0.04, True),
    ("Unit", 0.29, False),
    ("Type", 0.06, False),
    ("Role", 0.11, False),
    ("Skill", 0.05, True),
    ("Base PV", 0.07, True),
    ("PV", 0.07, True),
    ("Pilot", 0.15, False),
    ("SPAs", 0.16, False),
)
#: Text size (pt) of table cells and the height (mm) of one line of them.
CELL_SIZE = 8.0
LINE_MM = 3.6
#: Space (mm) above and below a row's lines.
ROW_PAD_MM = 0.9
#: Side (mm) of the share-code QR code.
QR_MM = 30.0
HEADER_FILL = 0.9
SECTION_FILL = 0.96


class RosterPage(PageFlow):
    """A roster or reference page (no footer): text placed at ``top``, mm from the top."""

    def __init__(self, canvas: Canvas, layout: SheetLayout, fonts: FontSet) -> None:
        super().__init__(canvas, fonts, layout.page_width, layout.page_height, PAGE_MARGIN)

    def text(self, x_mm: float, text: str, font: str, size: float, align: str = "left") -> None:
        """One string with its baseline at ``top``."""
        y = (self.height - self.top) * MM
        set_font(self.c, font, size)
        if align == "right":
            self.c.drawRightString(x_mm * MM, y, text)
        else:
            self.c.drawString(x_mm * MM, y, text)

    def rule(self, grey: float = 0.6) -> None:
        """A hairline across the page at ``top``."""
        self.c.setStrokeGray(grey)
        self.c.setLineWidth(0.4)
        y = (self.height - self.top) * MM
        self.c.line(PAGE_MARGIN * MM, y, (self.width - PAGE_MARGIN) * MM, y)

    def band(self, height_mm: float, grey: float) -> None:
        """A grey band ``height_mm`` tall whose top edge is at ``top``."""
        self.c.setFillGray(grey)
        self.c.rect(
            PAGE_MARGIN * MM,
            (self.height - self.top - height_mm) * MM,
            self.usable * MM,
            height_mm * MM,
            stroke=0,
            fill=1,
        )
        self.c.setFillGray(0)

    def paragraph(
        self, x_mm: float, width_mm: float, text: str, font: str, size: float, step: float
    ) -> None:
        """``text`` wrapped to ``width_mm``, one line every ``step`` mm (``top``: first baseline)."""
        lines = wrap_text(text, font, size, width_mm * MM)
        for n, line in enumerate(lines):
            if n:
                self.top += step
            self.text(x_mm, line, font, size)


def draw_roster(
    canvas: Canvas, roster: RosterData, layout: SheetLayout, fonts: FontSet, mono: bool
) -> None:
    """Draw the roster of one force on as many pages as it needs."""
    page = RosterPage(canvas, layout, fonts)
    usable = page.usable
    head_top = page.top
    qr = bool(roster.share_code)
    text_w = usable - (QR_MM + 4 if qr else 0)
    page.top += 6
    title_size = fit_size(roster.name, fonts.bold, 16, 12, text_w * MM)
    page.paragraph(PAGE_MARGIN, text_w, roster.name, fonts.bold, title_size, 6.0)
    page.top += 7
    for label, value in _facts(roster):
        page.text(PAGE_MARGIN, label, fonts.bold, 9)
        page.paragraph(PAGE_MARGIN + 28, text_w - 28, value, fonts.regular, 9, 4.0)
        page.top += 4.6
    if qr:
        _draw_qr(canvas, roster.share_code, page, head_top, fonts)
        page.top = max(page.top, head_top + QR_MM + 8)
    for problem in roster.problems[:8]:
        page.paragraph(PAGE_MARGIN + 28, usable - 28, f"• {problem}", fonts.regular, 8, 3.6)
        page.top += 4.0
    if len(roster.problems) > 8:
        more = f"… and {len(roster.problems) - 8} more (cardsmith check lists them all)"
        page.text(PAGE_MARGIN + 28, more, fonts.regular, 8)
        page.top += 4.0
    page.top += 3
    widths = [usable * share for _, share, _ in COLUMNS]
    _header(page, widths, mono)
    for section in roster.sections:
        if roster.grouped:
            _section_heading(page, section, widths, mono)
        for row in section.rows:
            _row(page, _cells(row), widths, fonts.regular, mono)
    page.top += 0.8
    totals = ("", f"Total ({count(len(roster.rows), 'unit')})", "", "", "")
    cells = (*totals, str(roster.total_base_pv), str(roster.total_pv), "", "")
    _row(page, cells, widths, fonts.bold, mono)
    _notes(page, roster)
    canvas.showPage()


def _facts(roster: RosterData) -> list[tuple[str, str]]:
    cap = f" of {roster.cap}" if roster.cap else ""
    played = [("Era", roster.era)] if roster.era else []
    played += [("Faction", roster.faction)] if roster.faction else []
    return [
        ("Rule pack", f"{roster.pack} — {roster.verdict}"),
        *played,
        ("Total PV", f"{roster.total_pv}{cap} (base {roster.total_base_pv})"),
        ("Data version", roster.data_version),
        ("Fingerprint", f"{roster.fingerprint}   (cardsmith check and force show print the same)"),
    ]


def _draw_qr(canvas: Canvas, code: str, page: RosterPage, top: float, fonts: FontSet) -> None:
    """The share code as a QR code in the top right corner, labelled underneath."""
    widget = QrCodeWidget(code, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    side = QR_MM * MM
    drawing = Drawing(side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0])
    drawing.add(widget)
    # reportlab's graphics start from Helvetica; the embedded face keeps it out of the PDF.
    drawing.initialFontName = fonts.regular
    left = (page.width - PAGE_MARGIN - QR_MM) * MM
    renderPDF.draw(drawing, canvas, left, (page.height - top - QR_MM) * MM)
    set_font(canvas, fonts.regular, 6.5)
    canvas.drawCentredString(
        left + side / 2, (page.height - top - QR_MM - 3.2) * MM, "Share code (cardsmith import)"
    )


def _cells(row: RosterRow) -> tuple[str, ...]:
    name = f"{row.name} ★" if row.commander else row.name
    return (
        str(row.index),
        name,
        row.type_code,
        row.role,
        str(row.skill),
        str(row.base_pv),
        str(row.pv),
        row.pilot,
        row.spas,
    )


def _header(page: RosterPage, widths: Sequence[float], mono: bool) -> None:
    """The column headings on a grey band that frames them (band top 1 mm above the caps)."""
    headings = [h for h, _, _ in COLUMNS]
    height = _row_height(headings, widths, page.fonts.bold)
    if not mono:
        page.band(height, HEADER_FILL)
    _cells_at(page, headings, widths, page.fonts.bold, page.top + ROW_PAD_MM)
    page.top += height
    page.rule(0.3)


def _lines(cell: str, font: str, width: float, right: bool) -> tuple[list[str], float]:
    """A cell's lines and size: text wraps at the column, numbers shrink to fit it."""
    room = (width - 2.5) * MM
    if right:
        return [cell], fit_size(cell, font, CELL_SIZE, 5.0, room)
    return wrap_text(cell, font, CELL_SIZE, room), CELL_SIZE


def _cells_at(
    page: RosterPage, cells: Sequence[str], widths: Sequence[float], font: str, top: float
) -> float:
    """Draw one table row whose first line box starts at ``top``; returns its height (mm)."""
    x = PAGE_MARGIN
    lines_used = 1
    for (_header_text, _share, right), cell, width in zip(COLUMNS, cells, widths, strict=True):
        lines, size = _lines(cell, font, width, right)
        for n, line in enumerate(lines):
            baseline = (page.height - top - LINE_MM * (n + 1) + 0.9) * MM
            set_font(page.c, font, size)
            if right:
                page.c.drawRightString((x + width - 1.5) * MM, baseline, line)
            else:
                page.c.drawString((x + 1.0) * MM, baseline, line)
        lines_used = max(lines_used, len(lines))
        x += width
    return lines_used * LINE_MM


def _row_height(cells: Sequence[str], widths: Sequence[float], font: str) -> float:
    most = max(
        len(_lines(cell, font, width, right)[0])
        for (_h, _s, right), cell, width in zip(COLUMNS, cells, widths, strict=True)
    )
    return most * LINE_MM + 2 * ROW_PAD_MM


def _row(
    page: RosterPage, cells: Sequence[str], widths: Sequence[float], font: str, mono: bool
) -> None:
    height = _row_height(cells, widths, font)
    if not page.room(height):
        page.new_page()
        _header(page, widths, mono)
    _cells_at(page, cells, widths, font, page.top + ROW_PAD_MM)
    page.top += height
    page.rule(0.85)


def _section_heading(
    page: RosterPage, section: RosterSection, widths: Sequence[float], mono: bool
) -> None:
    """The group's name and formation verdict in bold, its bonus wrapped underneath."""
    bold, regular = page.fonts.bold, page.fonts.regular
    width = (page.usable - 2.0) * MM
    head_lines = wrap_text(section.heading, bold, 8.5, width)
    bonus_lines = wrap_text(f"Bonus: {section.bonus}", regular, 7.5, width) if section.bonus else []
    height = (len(head_lines) + len(bonus_lines)) * LINE_MM + 2 * ROW_PAD_MM
    first_row = _row_height(_cells(section.rows[0]), widths, regular) if section.rows else 0.0
    if not page.room(height + first_row):
        page.new_page()
        _header(page, widths, mono)
    if not mono:
        page.band(height, SECTION_FILL)
    top = page.top + ROW_PAD_MM
    for n, line in enumerate([*head_lines, *bonus_lines]):
        font, size = (bold, 8.5) if n < len(head_lines) else (regular, 7.5)
        set_font(page.c, font, size)
        page.c.drawString(
            (PAGE_MARGIN + 1.0) * MM, (page.height - top - LINE_MM * (n + 1) + 0.9) * MM, line
        )
    page.top += height
    page.rule(0.6)


def _notes(page: RosterPage, roster: RosterData) -> None:
    fonts = page.fonts
    if any(row.commander for row in roster.rows):
        page.top += 6
        page.text(PAGE_MARGIN, "★ force commander", fonts.regular, 7)
    if roster.profile_notes:
        page.top += 6
        page.text(PAGE_MARGIN, "Several profiles, one card each:", fonts.bold, 7)
        for note in roster.profile_notes:
            lines = wrap_text(note, fonts.regular, 7, (page.usable - 2) * MM)
            if not page.room(3.6 * len(lines) + 0.4):
                page.new_page()
            for line in lines:
                page.top += 3.6
                page.text(PAGE_MARGIN + 2, line, fonts.regular, 7)
