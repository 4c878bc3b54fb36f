"""Provides small helpers for messages and cells: counts with the right noun, shortening."""

from __future__ import annotations

ELLIPSIS = "…"


def count(n: int, noun: str, plural: str = "") -> str:
    """``count(1, "unit")`` → "1 unit", ``count(8605, "unit")`` → "8,605 units".

    Irregular plurals are given: ``count(2, "fish", "fish")``.
    """
    return f"{n:,} {noun if n == 1 else (plural or noun + 's')}"


def shorten(text: str, width: int) -> str:
    """``text`` in at most ``width`` characters, cut from the middle with ``…``.

    The end is what tells units apart (the variant ``AS7-D``, the squad size ``(Sqd5)``),
    so it is kept whole where it fits: the tail gets the larger half of the room, or its
    last word if that is longer and still leaves the start three characters.

    ``shorten("Atlas AS7-D-DC Dragoon Compact", 20)`` → ``"Atlas AS7…on Compact"``.
    """
    if len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    room = width - 1
    tail = room - room // 2
    last_word = len(text.rstrip().rsplit(" ", 1)[-1])
    if tail < last_word <= room - 3:
        tail = last_word
    head = room - tail
    return text[:head].rstrip() + ELLIPSIS + text[len(text) - tail :].lstrip()


def first_words(text: str, width: int) -> str:
    """As many whole words of ``text`` as fit in ``width`` with ``…`` after them.

    For lists read from the start, such as a unit's specials: ``CASE…`` says more than
    ``CA…MPS``.  A first word too long for the room is cut.

    ``first_words("CASE JMPS1 MHQ", 9)`` → ``"CASE…"``.
    """
    if len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:width]
    kept = text[:width].rsplit(" ", 1)[0] if " " in text[:width] else ""
    return (kept.rstrip() or text[: width - 1]) + ELLIPSIS
