"""Provides ``IndexRow``: the columns search needs for one unit, the SQL that reads them,
and ``name_order``, the order units are listed in.

Apart from the search index so that the app's first rows, read before the index is
built, load only this and SQLite.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_DIGITS = re.compile(r"(\d+)")


class IndexRow(NamedTuple):
    """The columns search needs for one unit (a row of the catalogue's index query)."""

    mul_id: int
    name: str
    norm: str
    type: str | None
    role: str | None
    size: int
    pv: int
    max_move: float
    specials: str
    """Ability codes as ``,AC,IF,LRM,`` for fast membership tests."""
    era_id: int | None
    technology: str
    rules: str
    has_stats: int


#: The columns of an ``IndexRow``, in order, as a ``SELECT`` names them.
INDEX_COLUMNS = ", ".join(IndexRow._fields)


def name_order(row: IndexRow) -> tuple[bool, list[list[str | int]], int]:
    """How rows of equal score are ordered: with stats first, then natural name order, then id.

    Natural order compares word by word, numbers inside a word as numbers: ``GRF-1E``
    before ``GRF-1E2`` before ``GRF-2N``, and ``IIC`` before ``IIC 2``.
    """
    words: list[list[str | int]] = []
    for word in row.name.casefold().split():
        parts: list[str | int] = []
        for position, piece in enumerate(_DIGITS.split(word)):
            # re.split alternates text and digit runs, so text always meets text.
            parts.append(int(piece) if position % 2 else piece)
        words.append(parts)
    return (not row.has_stats, words, row.mul_id)
