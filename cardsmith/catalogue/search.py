"""Provides the in-memory unit search: typo-tolerant names plus stat filters.

Names are normalised (lower case, accents and punctuation dropped) and joined into one
string, so a plain substring query is a single C-level scan.  Only when that finds too
few units does rapidfuzz score every name (the typo path: "atlsa" → Atlas).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, field
from typing import NamedTuple

from rapidfuzz import fuzz, process

#: Lowest rapidfuzz partial-ratio score a typo match needs (0-100).
FUZZY_CUTOFF = 75.0
#: The same for queries of three or four letters.
SHORT_FUZZY_CUTOFF = 85.0

_NON_ALNUM = re.compile(r"[^0-9a-z]+")


def normalise(text: str) -> str:
    """Lower case, no accents, letters and digits only: ``Mad Cat (Timber Wolf)`` → ``madcattimberwolf``."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_ALNUM.sub("", stripped)


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


@dataclass(frozen=True, slots=True)
class SearchFilters:
    """Field filters; every given filter must match (values within one filter are ORed)."""

    types: frozenset[str] = frozenset()
    roles: frozenset[str] = frozenset()
    sizes: frozenset[int] = frozenset()
    pv_min: int | None = None
    pv_max: int | None = None
    move_min: float | None = None
    specials: frozenset[str] = frozenset()
    """Ability codes that must all be present (``IF``, ``ECM`` …)."""
    eras: frozenset[int] = frozenset()
    techs: frozenset[str] = frozenset()
    rules: frozenset[str] = frozenset()
    usable_only: bool = False
    """Leave out records without Alpha Strike stats."""

    def accepts(self, row: IndexRow) -> bool:
        """True when the row passes every filter."""
        if self.usable_only and not row.has_stats:
            return False
        if self.types and row.type not in self.types:
            return False
        if self.roles and (row.role or "").casefold() not in self.roles:
            return False
        if self.sizes and row.size not in self.sizes:
            return False
        if self.pv_min is not None and row.pv < self.pv_min:
            return False
        if self.pv_max is not None and row.pv > self.pv_max:
            return False
        if self.move_min is not None and row.max_move < self.move_min:
            return False
        if self.specials and not all(f",{code}," in row.specials for code in self.specials):
            return False
        if self.eras and row.era_id not in self.eras:
            return False
        if self.techs and row.technology.casefold() not in self.techs:
            return False
        return not (self.rules and row.rules.casefold() not in self.rules)

    @property
    def empty(self) -> bool:
        """True when no filter is set."""
        return self == SearchFilters()


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result: the index row and how well its name matched (0-100)."""

    row: IndexRow
    score: float


@dataclass(slots=True)
class SearchIndex:
    """Search over index rows; build once per catalogue, query many times."""

    rows: list[IndexRow]
    _haystack: str = field(init=False)
    _starts: list[int] = field(init=False)
    _norms: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self._norms = [row.norm for row in self.rows]
        starts: list[int] = []
        position = 0
        for norm in self._norms:
            starts.append(position)
            position += len(norm) + 1
        self._starts = starts
        # "\n" never occurs in a normalised name, so a match cannot span two names.
        self._haystack = "\n".join(self._norms)

    def __len__(self) -> int:
        return len(self.rows)

    def search(
        self, query: str, filters: SearchFilters | None = None, *, limit: int = 25
    ) -> list[Hit]:
        """Best matches first: exact, then prefix, then substring, then typo matches.

        An empty query lists units passing the filters, by name.
        """
        filters = filters or SearchFilters()
        tokens = [t for t in (normalise(word) for word in query.split()) if t]
        needle = "".join(tokens)
        if not needle:
            hits = [Hit(row, 0.0) for row in self.rows if filters.accepts(row)]
            hits.sort(key=lambda h: (not h.row.has_stats, h.row.name.casefold()))
            return hits[:limit] if limit > 0 else hits
        hits = self._substring_hits(tokens, filters)
        if not hits:
            # Only a query no name contains is taken for a typo; otherwise near misses
            # would crowd out what the player typed correctly.
            hits = self._fuzzy_hits(needle, filters, limit)
        hits.sort(key=_rank)
        return hits[:limit] if limit > 0 else hits

    def _substring_hits(self, tokens: list[str], filters: SearchFilters) -> list[Hit]:
        """Names holding every word of the query (scan for the longest, test the rest)."""
        needle = max(tokens, key=len)
        others = [t for t in tokens if t is not needle]
        joined = "".join(tokens)
        hits: list[Hit] = []
        seen_rows: set[int] = set()
        find = self._haystack.find
        position = find(needle)
        while position != -1:
            index = bisect.bisect_right(self._starts, position) - 1
            if index not in seen_rows:
                seen_rows.add(index)
                row = self.rows[index]
                if all(t in row.norm for t in others) and filters.accepts(row):
                    if row.norm == joined:
                        score = 100.0
                    elif row.norm.startswith(tokens[0]):
                        score = 96.0
                    else:
                        score = 92.0
                    hits.append(Hit(row, score))
            # Continue after this name: further matches inside it add nothing.
            next_start = (
                self._starts[index + 1] if index + 1 < len(self._starts) else len(self._haystack)
            )
            position = find(needle, next_start)
        return hits

    def _fuzzy_hits(self, needle: str, filters: SearchFilters, limit: int) -> list[Hit]:
        if len(needle) < 3:
            return []  # two letters match almost anything
        # One wrong letter in four is already 75%: short queries must be closer.
        cutoff = FUZZY_CUTOFF if len(needle) >= 5 else SHORT_FUZZY_CUTOFF
        found = process.extract(
            needle,
            self._norms,
            scorer=fuzz.partial_ratio,
            score_cutoff=cutoff,
            limit=max(limit, 25) * 4 if limit > 0 else None,
        )
        hits: list[Hit] = []
        for _choice, score, index in found:
            row = self.rows[index]
            if filters.accepts(row):
                # Below every substring match, ordered by closeness.
                hits.append(Hit(row, min(float(score), 90.0) * 0.9))
        return hits


def _rank(hit: Hit) -> tuple[float, bool, int, str]:
    # Better score first; units with stats before those without; shorter names (the
    # base model) before longer variants; then alphabetical.
    return (-hit.score, not hit.row.has_stats, len(hit.row.norm), hit.row.name.casefold())
