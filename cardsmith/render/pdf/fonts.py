"""Provides ``register_fonts``: the embedded TrueType faces every sheet is printed with.

reportlab's built-in Helvetica covers Latin-1 only, so a Cyrillic pilot name or a
Polish unit name would print as boxes.  cardsmith ships DejaVu Sans Condensed (Bitstream
Vera licence: free to redistribute; ``templates/fonts/LICENSE-DejaVu.txt``) and embeds
a subset in each PDF.  The condensed cut keeps long unit names on one line of a
3.5 × 2.5 in card.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cardsmith.paths import template_search_path

log = logging.getLogger(__name__)

#: Names the fonts are registered under, and the files they come from.
REGULAR = "CardsmithSans"
BOLD = "CardsmithSans-Bold"
FONT_FILES = {REGULAR: "DejaVuSansCondensed.ttf", BOLD: "DejaVuSansCondensed-Bold.ttf"}

#: Built-in faces used when the TTF files are missing (Latin-1 only).
FALLBACK = {REGULAR: "Helvetica", BOLD: "Helvetica-Bold"}


@dataclass(frozen=True, slots=True)
class FontSet:
    """The registered font names to draw with."""

    regular: str
    bold: str
    unicode: bool
    """False when the fallback faces are in use (only Latin-1 prints)."""

    def face(self, style: str) -> str:
        """Font name for a template style (``regular`` or ``bold``)."""
        return self.bold if style == "bold" else self.regular


_registered: FontSet | None = None


def _font_path(file_name: str) -> Path | None:
    for folder in template_search_path("fonts"):
        candidate = folder / file_name
        if candidate.is_file():
            return candidate
    return None


def register_fonts() -> FontSet:
    """Register the card fonts with reportlab once; later calls return the same set.

    When a font file is missing or unreadable, the built-in Helvetica is used and a
    warning is logged (names outside Latin-1 will not print correctly).
    """
    global _registered
    if _registered is not None:
        return _registered
    names: dict[str, str] = {}
    unicode = True
    for name, file_name in FONT_FILES.items():
        if name in pdfmetrics.getRegisteredFontNames():
            names[name] = name
            continue
        path = _font_path(file_name)
        try:
            if path is None:
                raise FileNotFoundError(file_name)
            pdfmetrics.registerFont(TTFont(name, str(path)))
            names[name] = name
        except (OSError, TTFError) as exc:
            log.warning("font %s unavailable (%s); using %s", file_name, exc, FALLBACK[name])
            names[name] = FALLBACK[name]
            unicode = False
    _registered = FontSet(regular=names[REGULAR], bold=names[BOLD], unicode=unicode)
    return _registered
