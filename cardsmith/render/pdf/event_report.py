"""Provides ``event_report_pdf``: the event report as one page an organiser can pin up.

A headline, the counts, then a table of the lists (those with problems first), each row
one line: cells shrink, then shorten from the middle, never spill.  Rows beyond the page
are counted in its last line; the CSV and Markdown reports hold every one.
"""

from __future__ import annotations

import io

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardsmith.render.content.event_report import LEGAL, NOT_LEGAL, ReportPage
from cardsmith.render.pdf.fonts import register_fonts
from cardsmith.render.pdf.page import MM, new_canvas, paper_size
from cardsmith.render.pdf.text import fit_size, shorten_middle

MARGIN_MM = 12.0
#: Share of the usable width per column (File … Fingerprint).
WIDTHS = (0.16, 0.15, 0.085, 0.165, 0.06, 0.11, 0.15, 0.12)
#: Row height (mm) and the text sizes (pt) a row starts at and may shrink to.
ROW_MM = 4.2
CELL_PT, MIN_PT = 7.5, 5.5
HEAD_MM = 30.0
"""Room (mm) the headline, counts and notes take above the table."""


def rows_that_fit(paper: str) -> int:
    """How many table rows one page of ``paper`` holds."""
    _key, _width, height = paper_size(paper)
    return int((height - 2 * MARGIN_MM - HEAD_MM - 2 * ROW_MM) // ROW_MM)


def event_report_pdf(page: ReportPage, paper: str = "a4") -> bytes:
    """The one-page PDF of ``page`` (the same bytes for the same report).

    Raises:
        TemplateError: an unknown paper.
    """
    _key, width, height = paper_size(paper)
    fonts = register_fonts()
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, width, height, title=page.title, subject="cardsmith event report")
    usable = width - 2 * MARGIN_MM
    left = MARGIN_MM * MM

    def y(top_mm: float) -> float:
        return (height - top_mm) * MM

    top = MARGIN_MM + 6
    size = fit_size(page.title, fonts.bold, 15, 9, usable * MM)
    canvas.setFont(fonts.bold, size)
    canvas.drawString(left, y(top), shorten_middle(page.title, fonts.bold, size, usable * MM))
    top += 7
    canvas.setFont(fonts.bold, 10)
    canvas.drawString(left, y(top), page.summary)
    canvas.setFont(fonts.regular, 8)
    for note in page.notes[:3]:
        top += 4.5
        canvas.drawString(left, y(top), shorten_middle(note, fonts.regular, 8, usable * MM))
    top = MARGIN_MM + HEAD_MM
    columns = [w * usable for w in WIDTHS]
    _row(canvas, page.columns, columns, left, y(top), fonts.bold, shade=0.85, row_mm=ROW_MM)
    for cells, verdict in zip(page.rows, page.verdicts, strict=True):
        top += ROW_MM
        shade = 1.0 if verdict == LEGAL else (0.93 if verdict == NOT_LEGAL else 0.88)
        _row(canvas, cells, columns, left, y(top), fonts.regular, shade=shade, row_mm=ROW_MM)
    if page.more:
        top += ROW_MM + 1
        canvas.setFont(fonts.bold, 8)
        more = "list" if page.more == 1 else "lists"
        canvas.drawString(
            left,
            y(top),
            f"… and {page.more} more {more}: every list is in the CSV or Markdown report",
        )
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _row(
    canvas: Canvas,
    cells: tuple[str, ...],
    widths: list[float],
    left: float,
    baseline: float,
    font: str,
    *,
    shade: float,
    row_mm: float,
) -> None:
    total = sum(widths) * MM
    if shade < 1.0:
        canvas.setFillGray(shade)
        canvas.rect(left, baseline - 1.2 * MM, total, row_mm * MM, stroke=0, fill=1)
        canvas.setFillGray(0)
    x = left
    for text, width in zip(cells, widths, strict=True):
        room = (width - 1.2) * MM
        size = fit_size(text, font, CELL_PT, MIN_PT, room)
        shown = (
            text
            if stringWidth(text, font, size) <= room
            else shorten_middle(text, font, size, room)
        )
        canvas.setFont(font, size)
        canvas.drawString(x + 0.6 * MM, baseline, shown)
        x += width * MM
