"""Provides what every unit search shares: normalised names, match scores and ranking.

Names are normalised (lower case, accents and punctuation dropped) and a name holding every
word of the query scores as an exact, prefix or substring match.  Hits rank by score, then
in display order (units with stats first, then natural name order: ``Griffin C``,
``GRF-1A`` … ``GRF-1N``, ``IIC``, ``IIC 2``).  The SQL search of
``cardsmith.catalogue.sql_search`` (the command line) and the in-memory index of
``cardsmith.catalogue.search_index`` (the app, and every typo) both rank with ``rank_key``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from cardsmith.catalogue.index_rows import IndexRow as IndexRow
from cardsmith.catalogue.index_rows import name_order as name_order
from cardsmith.catalogue.row_filters import SearchFilters as SearchFilters

_NON_ALNUM = re.compile(r"[^0-9a-z]+")

#: Scores of the three kinds of substring match.
EXACT, PREFIX, SUBSTRING = 100.0, 96.0, 92.0


def normalise(text: str) -> str:
    """Lower case, no accents, letters and digits only: ``Mad Cat (Timber Wolf)`` → ``madcattimberwolf``."""
    if text.isascii():
        # ASCII has no accents or compatibility forms, and lower() is casefold() for it:
        # most names and queries, answered without loading the Unicode tables.
        return _NON_ALNUM.sub("", text.lower())
    return normalise_unicode(text)


def normalise_unicode(text: str) -> str:
    """``normalise`` for any text: compatibility forms decomposed, combining marks dropped."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_ALNUM.sub("", stripped)


class Hit(NamedTuple):
    """One search result: the index row and how well its name matched (0-100)."""

    row: IndexRow
    score: float


def query_tokens(query: str) -> list[str]:
    """The normalised words of a query (empty words dropped)."""
    return [t for t in (normalise(word) for word in query.split()) if t]


def substring_score(norm: str, tokens: Sequence[str]) -> float | None:
    """The score of a name holding every token, or None when it does not."""
    if not all(t in norm for t in tokens):
        return None
    if norm == "".join(tokens):
        return EXACT
    if norm.startswith(tokens[0]):
        return PREFIX
    return SUBSTRING


class SearchResult(NamedTuple):
    """The best hits of a search and how many units matched in all."""

    hits: list[Hit]
    total: int
    more: bool = False
    """True when the search stopped at its limit: ``total`` is then a lower bound."""


def rank_key(hit: Hit) -> tuple[float, tuple[bool, list[list[str | int]], int]]:
    """Better score first, then ``name_order``: the order of every search."""
    return (-hit.score, name_order(hit.row))
