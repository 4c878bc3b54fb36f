"""Provides text fitting with reportlab's font metrics: shrink, wrap, shorten from the middle.

Every printed string goes through one of these, so nothing spills out of its box: text
shrinks first, then wraps (roster cells, specials), and only a one-line box that still
cannot hold it is shortened, from the middle, keeping the end that tells units apart
(variant, squad size).  They are pure, so their answers are remembered: a print fits
the same labels and values on every card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth as _measure

ELLIPSIS = "…"


@lru_cache(maxsize=16384)
def stringWidth(text: str, font: str, size: float) -> float:
    """Width of ``text`` in points, remembered: a print measures the same labels, values
    and target numbers on every card, and fitting text measures them again and again."""
    return float(_measure(text, font, size))


@lru_cache(maxsize=8192)
def fit_size(text: str, font: str, size: float, min_size: float, width_pt: float) -> float:
    """The largest size from ``size`` down to ``min_size`` (0.5 pt steps) at which text fits."""
    floor = min_size or size
    while size > floor and stringWidth(text, font, size) > width_pt:
        size = max(floor, size - 0.5)
    return size


@lru_cache(maxsize=4096)
def clip_text(text: str, font: str, size: float, width_pt: float) -> str:
    """``text`` cut at the end with an ellipsis so that it fits ``width_pt``."""
    if stringWidth(text, font, size) <= width_pt:
        return text
    while text and stringWidth(text + ELLIPSIS, font, size) > width_pt:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


#: The end of a unit name that tells it from its siblings: a run of bracketed parts
#: (``[Laser] (Sqd4)``), else the last word (``Prime``, ``GRF-1N``).
_TAIL = re.compile(r"(?:\s*[\[(][^\[\]()]*[\])])+\s*$|\S+\s*$")


def distinguishing_tail(name: str, variant: str = "") -> str:
    """The end of ``name`` a shortened label must keep: the variant, else brackets or last word."""
    variant = variant.strip()
    if variant and name.rstrip().endswith(variant) and len(variant) < len(name.strip()):
        return variant
    found = _TAIL.search(name.rstrip())
    return found.group(0).strip() if found else ""


@lru_cache(maxsize=4096)
def shorten_middle(text: str, font: str, size: float, width_pt: float, tail: str = "") -> str:
    """``text`` shortened from the middle (``Achileus Light… [Laser] (Sqd4)``) to fit.

    The head keeps as many whole words as fit (letters when no word does) and ``tail``
    (by default the distinguishing end of the name) is kept whole when it fits at all.
    """
    if stringWidth(text, font, size) <= width_pt:
        return text
    tail = tail or distinguishing_tail(text)
    if not tail or stringWidth(ELLIPSIS + " " + tail, font, size) > width_pt:
        return clip_text(text, font, size, width_pt)
    head_text = text.rstrip()[: len(text.rstrip()) - len(tail)].rstrip()
    words = head_text.split()
    head = ""
    for word in words:
        candidate = f"{head} {word}" if head else word
        if stringWidth(f"{candidate}{ELLIPSIS} {tail}", font, size) > width_pt:
            break
        head = candidate
    if not head:
        # Not even the first word fits whole: keep its first letters.
        for length in range(len(head_text), 0, -1):
            if stringWidth(f"{head_text[:length]}{ELLIPSIS} {tail}", font, size) <= width_pt:
                head = head_text[:length]
                break
    return f"{head}{ELLIPSIS} {tail}" if head else f"{ELLIPSIS} {tail}"


def wrap_items(
    items: Sequence[str], font: str, size: float, width_pt: float, first_indent: float = 0.0
) -> list[str]:
    """Greedy wrap of comma-separated items into lines no wider than ``width_pt``."""
    pieces = [item + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]
    return wrap_pieces(pieces, font, size, width_pt, first_indent)


def wrap_pieces(
    pieces: Iterable[str], font: str, size: float, width_pt: float, first_indent: float = 0.0
) -> list[str]:
    """Greedy wrap of space-joined pieces into lines no wider than ``width_pt``.

    The first line is ``first_indent`` narrower; a piece wider than a line keeps a line
    of its own.
    """
    lines: list[str] = []
    current = ""
    limit = width_pt - first_indent
    for piece in pieces:
        candidate = f"{current} {piece}" if current else piece
        if current and stringWidth(candidate, font, size) > limit:
            lines.append(current)
            current = piece
            limit = width_pt
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def wrap_text(text: str, font: str, size: float, width_pt: float) -> list[str]:
    """``text`` wrapped at spaces into lines that fit ``width_pt``; a word too long for a
    line is broken between letters, so nothing is ever cut off."""
    return list(_wrap_text(text, font, size, width_pt))


@lru_cache(maxsize=4096)
def _wrap_text(text: str, font: str, size: float, width_pt: float) -> tuple[str, ...]:
    lines: list[str] = []
    for line in wrap_pieces(text.split(), font, size, width_pt):
        while stringWidth(line, font, size) > width_pt and len(line) > 1:
            cut = len(line) - 1
            while cut > 1 and stringWidth(line[:cut], font, size) > width_pt:
                cut -= 1
            # Break after a hyphen or slash that fits, before breaking between letters.
            soft = max(line.rfind("-", 0, cut), line.rfind("/", 0, cut))
            if soft > 0:
                cut = soft + 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return tuple(lines) or ("",)
