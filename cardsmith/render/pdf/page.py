"""Provides what every printed sheet shares: a deterministic canvas and a top-down page writer.

The record sheets, the battle sheet and the campaign roster all print the same way: a
canvas with ``invariant=True`` and fixed metadata (so the same input gives the same
bytes), text written downwards from the top margin, and a new page when the next block
does not fit.
"""

from __future__ import annotations

from typing import Any, BinaryIO

from reportlab.pdfgen.canvas import Canvas

from cardsmith import __version__
from cardsmith.errors import TemplateError
from cardsmith.render.layout.paper import SheetSpec, load_sheet
from cardsmith.render.pdf.fonts import FontSet, register_fonts
from cardsmith.safetext import safe_text

MM = 72 / 25.4
"""PDF points per millimetre."""


def set_font(canvas: Canvas, font: str, size: float) -> None:
    """Select ``font`` at ``size`` unless the canvas already has it (no empty font change)."""
    if canvas._fontname != font or canvas._fontsize != size:
        canvas.setFont(font, size)


def paper_size(paper: str, spec: SheetSpec | None = None) -> tuple[str, float, float]:
    """The paper's key and its width and height (mm), from ``sheet.toml``.

    Raises:
        TemplateError: a paper ``sheet.toml`` does not list.
    """
    papers = (spec or load_sheet()).papers
    key = paper.lower()
    if key not in papers:
        raise TemplateError(f"unknown paper {paper!r}; choose one of {', '.join(papers)}")
    width, height = papers[key]
    return key, width, height


class _SafeCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no type hints
    """A canvas that shows control and bidi characters in the text it draws as ``\\uXXXX``.

    Names on a sheet come from files other people share; every string drawn passes one of
    these three methods, so no name can carry a control character or a right-to-left
    override into the PDF (the stored name is not changed).
    """

    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        super().drawString(x, y, safe_text(text), *args, **kwargs)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        super().drawCentredString(x, y, safe_text(text), *args, **kwargs)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:
        super().drawRightString(x, y, safe_text(text), *args, **kwargs)


def new_canvas(
    buffer: BinaryIO, width_mm: float, height_mm: float, *, title: str, subject: str
) -> Canvas:
    """A canvas that writes the same bytes for the same drawing (no dates, fixed metadata).

    Its initial font is cardsmith's embedded face, so no page refers to a built-in
    Helvetica that the PDF does not carry.
    """
    canvas = _SafeCanvas(
        buffer,
        pagesize=(width_mm * MM, height_mm * MM),
        invariant=True,
        pageCompression=1,
        initialFontName=register_fonts().regular,
        initialFontSize=8,
    )
    canvas.setTitle(safe_text(title))
    canvas.setAuthor("cardsmith")
    canvas.setSubject(subject)
    canvas.setCreator(f"cardsmith {__version__}")
    canvas.setProducer("cardsmith (reportlab)")
    return canvas


class PageFlow:
    """Writes top to bottom (``top`` in mm from the page's top), breaking pages as needed.

    Subclasses draw their footer in ``footer``; ``footer_mm`` is kept free for it.
    """

    def __init__(
        self,
        canvas: Canvas,
        fonts: FontSet,
        width: float,
        height: float,
        margin: float,
        *,
        footer_mm: float = 0.0,
    ) -> None:
        self.c = canvas
        self.fonts = fonts
        self.width = width
        self.height = height
        self.margin = margin
        self.left = margin
        self.top = margin
        self.usable = width - 2 * margin
        self.bottom = height - margin - footer_mm
        """Lowest point (mm from the top) the content may reach."""
        self.number = 1

    def room(self, mm: float) -> bool:
        """True when ``mm`` more fit on this page."""
        return self.top + mm <= self.bottom

    def new_page(self) -> None:
        """Finish this page (footer) and start writing at the top of the next."""
        self.footer()
        self.c.showPage()
        self.number += 1
        self.top = self.margin

    def finish(self) -> None:
        """Finish the last page."""
        self.footer()
        self.c.showPage()

    def footer(self) -> None:
        """Draw the page's footer (none by default)."""

    def y(self, top_mm: float) -> float:
        """Canvas y (points from the bottom) of a position ``top_mm`` from the page's top."""
        return (self.height - top_mm) * MM
