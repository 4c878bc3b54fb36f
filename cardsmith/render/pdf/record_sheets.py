"""Provides ``render_sheets``: record sheets as a deterministic vector PDF (reportlab).

Per force: a roster page, then its unit cards (a centred grid with cut marks), each
group's on pages of their own unless group breaks are off, then any extra cards
(pilots, SPAs, tokens); at the end, unless turned off, a reference page.  The same
input gives the same bytes: the canvas runs with ``invariant=True`` and every metadata
field is fixed.  The file is written to a temporary name in the target folder and
moved into place, so a failed print never leaves half a PDF behind.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from cardsmith.errors import CardsmithError, RenderError, TemplateError
from cardsmith.fileio import save_bytes
from cardsmith.models import Force
from cardsmith.render.content.card import one_print
from cardsmith.render.content.extra_cards import (
    PilotCard,
    SpaCard,
    pilot_cards,
    spa_cards,
    tokens,
)
from cardsmith.render.content.multi_profile import MultiCardData, SheetCard, sheet_card
from cardsmith.render.content.reference import load_reference
from cardsmith.render.content.roster import Verdict, roster_for
from cardsmith.render.content.sheets import SheetOptions, extras_wanted, print_order, sections
from cardsmith.render.layout.paper import ENLARGED_SCALE, SheetLayout, sheet_layout
from cardsmith.render.pdf.card import draw_card
from cardsmith.render.pdf.extra_cards import draw_pilot_card, draw_spa_card, draw_tokens
from cardsmith.render.pdf.fonts import FontSet, register_fonts
from cardsmith.render.pdf.multi_profile import draw_multi_card
from cardsmith.render.pdf.page import MM, new_canvas, set_font
from cardsmith.render.pdf.reference_page import draw_reference
from cardsmith.render.pdf.roster import draw_roster

SlotCard = SheetCard | PilotCard | SpaCard
"""Anything drawn in one card slot of a sheet."""


def render_sheets(
    forces: Sequence[Force],
    out_path: Path,
    options: SheetOptions | None = None,
    verdicts: Sequence[Verdict | None] | None = None,
    share_codes: Sequence[str] | None = None,
) -> Path:
    """Print the forces' rosters and cards (and a reference page) to ``out_path``.

    ``verdicts`` gives, per force, the rule-check verdict for its roster (None or
    missing: "not checked"); ``share_codes`` the code its roster draws as a QR code.

    Raises:
        TemplateError: bad paper, card count or template data.
        RenderError: a unit that cannot be printed, or the file cannot be written.
    """
    data = render_bytes(forces, options, verdicts, share_codes)
    save_bytes(out_path, data, RenderError)
    return out_path


def render_bytes(
    forces: Sequence[Force],
    options: SheetOptions | None = None,
    verdicts: Sequence[Verdict | None] | None = None,
    share_codes: Sequence[str] | None = None,
) -> bytes:
    """The PDF of ``render_sheets`` as bytes (nothing written)."""
    with one_print():
        return _render(forces, options, verdicts, share_codes)


def _render(
    forces: Sequence[Force],
    options: SheetOptions | None,
    verdicts: Sequence[Verdict | None] | None,
    share_codes: Sequence[str] | None,
) -> bytes:
    options = options or SheetOptions()
    problems = options.problems()
    if problems:
        raise TemplateError("; ".join(problems))
    if not forces:
        raise RenderError("nothing to print: no force given")
    portrait = sheet_layout(options.paper, None if options.enlarged else options.cards_per_page)
    if options.enlarged:
        cards_layout = sheet_layout(
            options.paper, options.cards_per_page, scale=ENLARGED_SCALE, landscape=True
        )
    else:
        cards_layout = portrait
    fonts = register_fonts()
    buffer = io.BytesIO()
    names = ", ".join(f.name for f in forces)
    canvas = new_canvas(
        buffer,
        portrait.page_width,
        portrait.page_height,
        title=f"Alpha Strike record sheets: {names}",
        subject="Alpha Strike unit cards, roster and reference",
    )
    mono = options.mono
    for number, force in enumerate(forces):
        verdict = verdicts[number] if verdicts is not None and number < len(verdicts) else None
        code = share_codes[number] if share_codes is not None and number < len(share_codes) else ""
        roster = roster_for(force, verdict, sort=options.sort, share_code=code)
        _page_size(canvas, portrait)
        draw_roster(canvas, roster, portrait, fonts, mono)
        if options.roster_only:
            continue
        _draw_unit_cards(canvas, force, options, cards_layout, fonts)
        _draw_extras(canvas, force, options, portrait, fonts)
    if options.reference:
        _page_size(canvas, portrait)
        draw_reference(canvas, load_reference(), portrait, fonts, mono)
    canvas.save()
    return buffer.getvalue()


def _page_size(canvas: Canvas, layout: SheetLayout) -> None:
    canvas.setPageSize((layout.page_width * MM, layout.page_height * MM))


def _draw_unit_cards(
    canvas: Canvas, force: Force, options: SheetOptions, layout: SheetLayout, fonts: FontSet
) -> None:
    """The force's unit cards, a new page for each group when groups break pages."""
    for section in sections(force, options.sort, options.group_breaks):
        cards: list[SlotCard] = [
            sheet_card(entry, index=index, blank_skill=options.blank_skill)
            for index, entry in section.entries
        ]
        label = force.name + (f" · group {section.group}" if section.group else "")
        draw_grid(canvas, cards, layout, fonts, options.mono, label)


def _draw_extras(
    canvas: Canvas, force: Force, options: SheetOptions, layout: SheetLayout, fonts: FontSet
) -> None:
    """Pilot cards, SPA cards and tokens, as asked for, in the cards' order."""
    wanted = extras_wanted(options)
    if not wanted:
        return
    numbered = print_order(force, options.sort)
    if "pilot" in wanted:
        pilots: list[SlotCard] = list(pilot_cards(numbered))
        draw_grid(canvas, pilots, layout, fonts, options.mono, f"{force.name} · pilots")
    if "spa" in wanted:
        spas: list[SlotCard] = list(spa_cards(numbered))
        draw_grid(canvas, spas, layout, fonts, options.mono, f"{force.name} · SPAs")
    if "token" in wanted:
        draw_tokens(
            canvas,
            tokens(numbered),
            fonts,
            layout.page_width,
            layout.page_height,
            mono=options.mono,
        )


def _draw_one(
    canvas: Canvas, card: SlotCard, fonts: FontSet, origin: tuple[float, float], mono: bool
) -> None:
    if isinstance(card, MultiCardData):
        draw_multi_card(canvas, card, fonts, origin, mono=mono)
    elif isinstance(card, PilotCard):
        draw_pilot_card(canvas, card, fonts, origin, mono=mono)
    elif isinstance(card, SpaCard):
        draw_spa_card(canvas, card, fonts, origin, mono=mono)
    else:
        draw_card(canvas, card, fonts, origin, mono=mono)


def draw_grid(
    canvas: Canvas,
    cards: Sequence[SlotCard],
    layout: SheetLayout,
    fonts: FontSet,
    mono: bool,
    label: str,
) -> None:
    """Cards in the layout's grid, ``per_page`` to a page, with cut marks and a page label.

    ``battle print`` uses it too, for the cards it re-prints with their marks.
    """
    page_h = layout.page_height
    for start in range(0, len(cards), layout.per_page):
        _page_size(canvas, layout)
        page_cards = cards[start : start + layout.per_page]
        _draw_cut_marks(canvas, layout, len(page_cards))
        _draw_label(canvas, layout, fonts, label, mono)
        for slot, card in enumerate(page_cards):
            left, top = layout.card_origin(slot)
            origin = (left * MM, (page_h - top - layout.card_height) * MM)
            try:
                if layout.scale != 1.0:
                    # Enlarged: the same vector card, drawn scaled about its corner.
                    canvas.saveState()
                    canvas.translate(*origin)
                    canvas.scale(layout.scale, layout.scale)
                    _draw_one(canvas, card, fonts, (0.0, 0.0), mono)
                    canvas.restoreState()
                else:
                    _draw_one(canvas, card, fonts, origin, mono)
            except CardsmithError:
                raise
            except (KeyError, ValueError) as exc:
                raise RenderError(f"card of {card.name} could not be drawn: {exc}") from exc
        canvas.showPage()


def _draw_label(
    canvas: Canvas, layout: SheetLayout, fonts: FontSet, label: str, mono: bool
) -> None:
    """Whose cards these are, in the top margin outside the cut marks (for sorting the cut cards)."""
    top = layout.top - layout.cut_mark_offset - layout.cut_mark - 1.6
    if top < 4.0:
        return  # no room above the marks on this paper
    if not mono:
        canvas.setFillGray(0.35)
    set_font(canvas, fonts.regular, 7)
    canvas.drawString(layout.left * MM, (layout.page_height - top) * MM, label)
    canvas.setFillGray(0)


def _draw_cut_marks(canvas: Canvas, layout: SheetLayout, cards: int) -> None:
    canvas.setLineWidth(0.3)
    canvas.setStrokeGray(0)
    page_h = layout.page_height
    for x1, y1, x2, y2 in layout.cut_marks(cards):
        canvas.line(x1 * MM, (page_h - y1) * MM, x2 * MM, (page_h - y2) * MM)
