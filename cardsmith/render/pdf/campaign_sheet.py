"""Provides ``render_campaign_sheet``: a campaign's roster and recent log as a printed PDF.

Draws the rows of ``campaign_rows`` with the sizes of ``campaign-roster.toml`` on Letter
or A4 (paper sizes from ``sheet.toml``).  Deterministic like the record sheets: the
canvas runs with ``invariant=True`` and fixed metadata, so the same campaign prints the
same bytes; the file is written to a temporary name and moved into place.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from cardsmith.campaign.model import Campaign
from cardsmith.errors import RenderError, TemplateError
from cardsmith.fileio import save_bytes
from cardsmith.render.content.campaign_sheet import (
    DETAIL_HEADINGS,
    CampaignSheet,
    WarriorRow,
    campaign_sheet_data,
)
from cardsmith.render.layout.campaign_sheet import CampaignSheetLayout, load_campaign_layout
from cardsmith.render.pdf.card import clip_text
from cardsmith.render.pdf.fonts import FontSet, register_fonts
from cardsmith.render.pdf.page import MM, PageFlow, new_canvas, paper_size, set_font
from cardsmith.tables.loader import TableSet

#: Grey levels: table header fill, rules between warriors, text of fallen warriors.
_HEADER_FILL = 0.88
_RULE_GREY = 0.75
_FALLEN_GREY = 0.45
#: Width (mm) of the label column of the header facts ("Table pack", "Games played" …).
_FACT_LABEL_MM = 26.0


def render_campaign_sheet(
    campaign: Campaign,
    tables: TableSet,
    out_path: Path,
    *,
    paper: str = "letter",
    log_entries: int | None = None,
    layout: CampaignSheetLayout | None = None,
) -> Path:
    """Print the campaign's roster sheet to ``out_path`` (replaced atomically).

    Raises:
        TemplateError: unknown paper, or a layout whose columns do not fit the page.
        RenderError: the file cannot be written.
    """
    data = campaign_sheet_bytes(
        campaign, tables, paper=paper, log_entries=log_entries, layout=layout
    )
    save_bytes(out_path, data, RenderError)
    return out_path


def campaign_sheet_bytes(
    campaign: Campaign,
    tables: TableSet,
    *,
    paper: str = "letter",
    log_entries: int | None = None,
    layout: CampaignSheetLayout | None = None,
) -> bytes:
    """The PDF of ``render_campaign_sheet`` as bytes (nothing written)."""
    layout = layout or load_campaign_layout()
    key, width, height = paper_size(paper)
    count = layout.log_entries if log_entries is None else log_entries
    if count < 0:
        raise TemplateError(f"the number of log entries cannot be negative, got {count}")
    sheet = campaign_sheet_data(
        campaign, tables, log_entries=count, stat_headers=layout.stat_headers
    )
    name_width = layout.check_fits(width, len(sheet.stat_columns), key)
    fonts = register_fonts()
    buffer = io.BytesIO()
    canvas = new_canvas(
        buffer,
        width,
        height,
        title=f"Campaign roster: {sheet.name}",
        subject="Campaign roster: warriors, injuries, advances and the recent log",
    )
    page = _Page(canvas, fonts, layout, width, height, sheet.name)
    _draw_header(page, sheet)
    _draw_warriors(page, sheet, name_width)
    _draw_log(page, sheet)
    page.finish()
    canvas.save()
    return buffer.getvalue()


class _Page(PageFlow):
    """The roster's pages: a footer with the campaign's name and the page number."""

    def __init__(
        self,
        canvas: Canvas,
        fonts: FontSet,
        layout: CampaignSheetLayout,
        width: float,
        height: float,
        name: str,
    ) -> None:
        super().__init__(canvas, fonts, width, height, layout.margin, footer_mm=4.0)
        self.layout = layout
        self.name = name

    def footer(self) -> None:
        size = self.layout.log_size
        y = self.margin * MM  # the footer's baseline sits on the bottom margin
        self.c.setFillGray(0.4)
        set_font(self.c, self.fonts.regular, size)
        label = clip_text(self.name, self.fonts.regular, size, self.usable * 0.7 * MM)
        self.c.drawString(self.left * MM, y, f"{label} · campaign roster")
        self.c.drawRightString((self.left + self.usable) * MM, y, f"page {self.number}")
        self.c.setFillGray(0)

    def text(
        self,
        x_mm: float,
        text: str,
        font: str,
        size: float,
        align: str = "left",
        grey: float = 0.0,
    ) -> None:
        y = (self.height - self.top) * MM
        self.c.setFillGray(grey)
        set_font(self.c, font, size)
        if align == "right":
            self.c.drawRightString(x_mm * MM, y, text)
        elif align == "center":
            self.c.drawCentredString(x_mm * MM, y, text)
        else:
            self.c.drawString(x_mm * MM, y, text)
        self.c.setFillGray(0)

    def rule(self, grey: float, width: float = 0.4) -> None:
        self.c.setStrokeGray(grey)
        self.c.setLineWidth(width)
        y = (self.height - self.top) * MM
        self.c.line(self.left * MM, y, (self.left + self.usable) * MM, y)

    def fill(self, height_mm: float, grey: float) -> None:
        """A filled band ``height_mm`` tall whose top is the current position."""
        self.c.setFillGray(grey)
        y = (self.height - self.top - height_mm) * MM
        self.c.rect(self.left * MM, y, self.usable * MM, height_mm * MM, stroke=0, fill=1)
        self.c.setFillGray(0)


def wrap(text: str, font: str, size: float, width_pt: float) -> list[str]:
    """Lines of ``text`` no wider than ``width_pt`` (a word too long for a line is cut)."""
    lines = simpleSplit(text, font, size, width_pt) or [""]
    return [clip_text(line, font, size, width_pt) for line in lines]


def _pt_mm(size: float) -> float:
    return size * 25.4 / 72


# -- header --------------------------------------------------------------------------


def _draw_header(page: _Page, sheet: CampaignSheet) -> None:
    layout, fonts = page.layout, page.fonts
    page.top += _pt_mm(layout.title_size)
    title = clip_text(sheet.name, fonts.bold, layout.title_size, page.usable * MM)
    page.text(page.left, title, fonts.bold, layout.title_size)
    page.top += 3.0
    pack = sheet.pack_title
    if sheet.house_default:
        pack += " — house default: edit it to suit your group"
    games = f"{sheet.games_played}"
    if sheet.games:
        games += ": " + "; ".join(sheet.games)
    shown = len(sheet.log)
    log = f"{sheet.log_total} entries" + (
        f" (the last {shown} below)" if 0 < shown < sheet.log_total else ""
    )
    facts = (
        ("Table pack", pack),
        ("Games played", games),
        ("Funds", f"${sheet.funds}"),
        ("Log", log),
    )
    size = layout.text_size
    line = _pt_mm(size) + 1.2
    value_width = (page.usable - _FACT_LABEL_MM) * MM
    for label, value in facts:
        for number, text in enumerate(wrap(value, fonts.regular, size, value_width)):
            page.top += line
            if number == 0:
                page.text(page.left, label, fonts.bold, size)
            page.text(page.left + _FACT_LABEL_MM, text, fonts.regular, size)
    page.top += 4.0


# -- warriors ------------------------------------------------------------------------


def _columns(page: _Page, sheet: CampaignSheet, name_width: float) -> list[tuple[float, float]]:
    """(left, width) in mm of: name, role, each stat, XP, status."""
    layout = page.layout
    widths = [
        name_width,
        layout.role,
        *([layout.stat] * len(sheet.stat_columns)),
        layout.xp,
        layout.status,
    ]
    spans = []
    x = page.left
    for width in widths:
        spans.append((x, width))
        x += width
    return spans


def _draw_table_header(
    page: _Page, sheet: CampaignSheet, spans: Sequence[tuple[float, float]]
) -> None:
    layout, fonts = page.layout, page.fonts
    size = layout.text_size
    band = layout.row
    page.fill(band, _HEADER_FILL)
    page.top += (band + _pt_mm(size)) / 2 - 0.3
    headers = ["Name", "Role", *(c.header for c in sheet.stat_columns), "XP", "Status"]
    last_stat = 1 + len(sheet.stat_columns)
    for index, (header, (x, width)) in enumerate(zip(headers, spans, strict=True)):
        text = clip_text(header, fonts.bold, size, (width - 1.5) * MM)
        if 2 <= index <= last_stat + 1:
            page.text(x + width / 2, text, fonts.bold, size, "center")
        else:
            page.text(x + 1.0, text, fonts.bold, size)
    page.top += band - (band + _pt_mm(size)) / 2 + 0.3
    page.rule(0.3, 0.6)


def _draw_warriors(page: _Page, sheet: CampaignSheet, name_width: float) -> None:
    layout, fonts = page.layout, page.fonts
    page.top += _pt_mm(layout.heading_size)
    page.text(page.left, f"Warriors ({len(sheet.warriors)})", fonts.bold, layout.heading_size)
    page.top += 2.0
    spans = _columns(page, sheet, name_width)
    _draw_table_header(page, sheet, spans)
    if not sheet.warriors:
        page.top += layout.row
        page.text(page.left + 1.0, "No warriors yet.", fonts.regular, layout.text_size)
        page.top += layout.gap
    for row in sheet.warriors:
        lines = _detail_lines(page, row)
        needed = layout.row + len(lines) * layout.detail + layout.gap
        if not page.room(needed):
            page.new_page()
            _draw_table_header(page, sheet, spans)
        _draw_warrior(page, row, spans, lines)
    legend = [f"{c.header} = {c.label}" for c in sheet.stat_columns if c.header != c.label]
    if any(cell[:1] in "+-" and cell[1:].isdigit() for w in sheet.warriors for cell in w.stats):
        legend.append("+N = N steps better than at the start (a stat not recorded on joining)")
    if legend:
        size = layout.detail_size
        for text in wrap(" · ".join(legend), fonts.regular, size, page.usable * MM):
            page.top += _pt_mm(size) + 1.0
            if not page.room(0):
                page.new_page()
                page.top += _pt_mm(size) + 1.0
            page.text(page.left, text, fonts.regular, size, grey=0.3)
    page.top += 5.0


def _detail_indent(page: _Page) -> float:
    """Width (mm) of the widest detail heading, so every warrior's details line up."""
    size = page.layout.detail_size
    return max(float(stringWidth(f"{h}:", page.fonts.bold, size)) / MM for h in DETAIL_HEADINGS)


def _detail_lines(page: _Page, row: WarriorRow) -> list[tuple[str, str]]:
    """(heading or "", text) per printed line: long details wrap under their heading."""
    layout, fonts = page.layout, page.fonts
    size = layout.detail_size
    width = (page.usable - 4.0 - _detail_indent(page) - 2.0) * MM
    lines: list[tuple[str, str]] = []
    for heading, text in row.details:
        for number, part in enumerate(wrap(text, fonts.regular, size, width)):
            lines.append((f"{heading}:" if number == 0 else "", part))
    return lines


def _draw_warrior(
    page: _Page,
    row: WarriorRow,
    spans: Sequence[tuple[float, float]],
    lines: Sequence[tuple[str, str]],
) -> None:
    layout, fonts = page.layout, page.fonts
    size = layout.text_size
    grey = _FALLEN_GREY if row.state == "fallen" else 0.0
    page.top += (layout.row + _pt_mm(size)) / 2 - 0.3
    cells = [row.name, row.role, *row.stats, str(row.xp), row.status]
    last_stat = 1 + len(row.stats)
    for index, (cell, (x, width)) in enumerate(zip(cells, spans, strict=True)):
        bold = index == 0 or (index == len(cells) - 1 and row.state != "available")
        font = fonts.bold if bold else fonts.regular
        text = clip_text(cell, font, size, (width - 1.5) * MM)
        if 2 <= index <= last_stat + 1:
            page.text(x + width / 2, text, font, size, "center", grey)
        else:
            page.text(x + 1.0, text, font, size, grey=grey)
    page.top += layout.row - (layout.row + _pt_mm(size)) / 2 + 0.3
    detail = layout.detail_size
    indent = _detail_indent(page)
    for heading, text in lines:
        page.top += layout.detail
        if heading:
            page.text(page.left + 4.0, heading, fonts.bold, detail, grey=grey)
        page.text(page.left + 4.0 + indent + 2.0, text, fonts.regular, detail, grey=grey)
    page.top += layout.gap
    page.rule(_RULE_GREY, 0.3)


# -- log -----------------------------------------------------------------------------


def _draw_log(page: _Page, sheet: CampaignSheet) -> None:
    if not sheet.log:
        return
    layout, fonts = page.layout, page.fonts
    size = layout.log_size
    title = (
        f"Recent log (last {len(sheet.log)} of {sheet.log_total} entries)"
        if len(sheet.log) < sheet.log_total
        else f"Log ({sheet.log_total} entries)"
    )
    if not page.room(_pt_mm(layout.heading_size) + 3 * layout.log_line):
        page.new_page()
    page.top += _pt_mm(layout.heading_size)
    page.text(page.left, title, fonts.bold, layout.heading_size)
    page.top += 1.0
    seq_width, game_width = 9.0, 12.0
    text_width = (page.usable - seq_width - game_width - 1.0) * MM
    for line in sheet.log:
        parts = wrap(line.text, fonts.regular, size, text_width)
        if not page.room(len(parts) * layout.log_line):
            page.new_page()
        for number, part in enumerate(parts):
            page.top += layout.log_line
            if number == 0:
                page.text(page.left + seq_width - 2.0, f"#{line.seq}", fonts.bold, size, "right")
                # Entries made before the first game (adding warriors) say "setup".
                game = f"game {line.game}" if line.game else "setup"
                page.text(page.left + seq_width, game, fonts.regular, size, grey=0.35)
            page.text(page.left + seq_width + game_width, part, fonts.regular, size)
