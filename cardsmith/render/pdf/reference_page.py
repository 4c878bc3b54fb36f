"""Provides ``draw_reference``: the quick-reference page, its tables from ``reference.toml``.

Each table keeps together on a page; columns take their natural width and share what
is left; a note or a cell too long for its width wraps rather than being cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from cardsmith.render.content.reference import RefTable
from cardsmith.render.layout.paper import SheetLayout
from cardsmith.render.pdf.fonts import FontSet
from cardsmith.render.pdf.page import MM, set_font
from cardsmith.render.pdf.roster import PAGE_MARGIN, RosterPage
from cardsmith.render.pdf.text import stringWidth, wrap_text

#: Text size (pt) of the tables and the height (mm) of one line.
SIZE = 7.0
LINE_MM = 3.1


def draw_reference(
    canvas: Canvas, tables: Sequence[RefTable], layout: SheetLayout, fonts: FontSet, mono: bool
) -> None:
    """Draw the reference tables on as many pages as they need."""
    page = RosterPage(canvas, layout, fonts)
    usable = page.usable
    page.top += 6
    page.text(PAGE_MARGIN, "Alpha Strike quick reference", fonts.bold, 14)
    page.top += 6
    for table in tables:
        widths = _column_widths(table, fonts, usable)
        note = wrap_text(table.note, fonts.regular, SIZE, usable * MM) if table.note else []
        heights = [_height(row, widths, fonts.regular) for row in table.rows]
        header = _height(table.columns, widths, fonts.bold)
        needed = 6 + len(note) * 3.4 + header + sum(heights)
        if not page.room(needed):
            page.new_page()
        page.top += 2.5
        page.text(PAGE_MARGIN, table.title, fonts.bold, 9.5)
        page.top += 1.2
        for line in note:
            page.top += 3.4
            page.text(PAGE_MARGIN, line, fonts.regular, SIZE)
        page.top += 1.2
        if not mono:
            page.band(header, 0.9)
        _table_row(page, table.columns, widths, fonts.bold)
        page.top += header
        page.rule(0.3)
        for row, height in zip(table.rows, heights, strict=True):
            if not page.room(height):
                page.new_page()
            _table_row(page, row, widths, fonts.regular)
            page.top += height
            page.rule(0.85)
        page.top += 1.5
    canvas.showPage()


def _height(cells: Sequence[str], widths: Sequence[float], font: str) -> float:
    lines = max(
        len(wrap_text(c, font, SIZE, (w - 2.0) * MM)) for c, w in zip(cells, widths, strict=True)
    )
    return lines * LINE_MM + 1.0


def _column_widths(table: RefTable, fonts: FontSet, usable: float) -> list[float]:
    natural = [
        max(
            stringWidth(cell, fonts.bold if r == 0 else fonts.regular, SIZE) / MM + 3.0
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


def _table_row(page: RosterPage, cells: Sequence[str], widths: Sequence[float], font: str) -> None:
    """One row whose first baseline sits a line below ``top``; wrapped cells run downwards."""
    x = PAGE_MARGIN
    for cell, width in zip(cells, widths, strict=True):
        for n, line in enumerate(wrap_text(cell, font, SIZE, (width - 2.0) * MM)):
            set_font(page.c, font, SIZE)
            page.c.drawString((x + 1.0) * MM, page.y(page.top + LINE_MM * (n + 1) - 0.4), line)
        x += width
