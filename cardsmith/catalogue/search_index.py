"""Provides ``SearchIndex``: the in-memory unit search, typo-tolerant, for the app and typos.

Names are normalised and joined into one string, so a plain substring query is a single
C-level scan.  Only when no name holds the query does rapidfuzz score every name (the typo
path: "atlsa" → Atlas); it is imported there and nowhere else.  A plain command line search
never builds this index: ``cardsmith.catalogue.sql_search`` answers it from SQLite and comes
here only for a typo.

The rows are kept in display order (``name_order``), worked out once when the index is
built, so a search only has to group its hits by score: no sort per keystroke.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardsmith.catalogue.search import (
    EXACT,
    PREFIX,
    SUBSTRING,
    Hit,
    IndexRow,
    SearchFilters,
    SearchResult,
    name_order,
    query_tokens,
    substring_score,
)
from cardsmith.limits import MAX_UNIT_TEXT

#: Lowest rapidfuzz partial-ratio score a typo match needs (0-100).
FUZZY_CUTOFF = 75.0
#: The same for queries of three or four letters.
SHORT_FUZZY_CUTOFF = 85.0


@dataclass(slots=True)
class SearchIndex:
    """Search over index rows; build once per catalogue, query many times."""

    rows: list[IndexRow]
    starter_only: bool = False
    """True when every unit came from the shipped starter catalogue (the app says so)."""
    _haystack: str = field(init=False)
    _starts: list[int] = field(init=False)
    _norms: list[str] = field(init=False)
    _by_norm: dict[str, list[int]] = field(init=False)
    _sorted_norms: list[str] = field(init=False)
    _sorted_rows: list[int] = field(init=False)
    _ranks: dict[str, list[int]] = field(init=False)
    _where: dict[int, int] = field(init=False)

    def __post_init__(self) -> None:
        self.rows = sorted(self.rows, key=name_order)
        self._norms = [row.norm for row in self.rows]
        starts: list[int] = []
        position = 0
        for norm in self._norms:
            starts.append(position)
            position += len(norm) + 1
        self._starts = starts
        # "\n" never occurs in a normalised name, so a match cannot span two names.
        self._haystack = "\n".join(self._norms)
        self._by_norm = {}
        for position, norm in enumerate(self._norms):
            self._by_norm.setdefault(norm, []).append(position)
        order = sorted(range(len(self._norms)), key=self._norms.__getitem__)
        self._sorted_norms = [self._norms[i] for i in order]
        self._sorted_rows = order
        self._ranks = {}
        self._where = {row.mul_id: i for i, row in enumerate(self.rows)}

    def rank_of(self, key: str, sort_key: Callable[[IndexRow], Any]) -> Callable[[IndexRow], int]:
        """A sort key for column ``key``, worked out once per index: sorting is then by int."""
        ranks = self._ranks.get(key)
        if ranks is None:
            order = sorted(range(len(self.rows)), key=lambda i: sort_key(self.rows[i]))
            ranks = [0] * len(order)
            for rank, row_position in enumerate(order):
                ranks[row_position] = rank
            self._ranks[key] = ranks
        where = self._where
        return lambda row: ranks[where[row.mul_id]]

    def first(
        self, query: str, filters: SearchFilters | None = None, *, limit: int
    ) -> SearchResult:
        """The ``limit`` best hits, in the order of ``find``, without counting the rest.

        What a keystroke needs: exact names come from a dictionary, prefixes from a sorted
        list, and the scan for names holding the query stops once ``limit`` are found, so a
        one-letter query costs about what a five-letter one costs at any catalogue size.
        """
        found = self.first_without_typos(query, filters, limit=limit)
        if found is None:
            return self.find(query, filters, limit=limit)  # the typo path, as ``find`` takes it
        return found

    def first_without_typos(
        self, query: str, filters: SearchFilters | None = None, *, limit: int
    ) -> SearchResult | None:
        """``first``, or None when no name holds the query and only the typo path can answer."""
        filters = filters or SearchFilters()
        tokens = query_tokens(query)
        accepts = None if filters.empty else filters.accepts
        if not tokens:
            if accepts is None:
                shown = self.rows[:limit]
                return SearchResult([Hit(r, 0.0) for r in shown], len(self.rows))
            hits: list[Hit] = []
            for row in self.rows:
                if accepts(row):
                    if len(hits) == limit:
                        return SearchResult(hits, limit, more=True)
                    hits.append(Hit(row, 0.0))
            return SearchResult(hits, len(hits))
        joined = "".join(tokens)
        rows = self.rows
        exact = [
            Hit(rows[i], EXACT)
            for i in self._by_norm.get(joined, ())
            if accepts is None or accepts(rows[i])
        ]
        head = tokens[0]
        start = bisect.bisect_left(self._sorted_norms, head)
        end = bisect.bisect_left(self._sorted_norms, head + "\x7f", start)
        prefixed = sorted(
            i
            for i in self._sorted_rows[start:end]
            if substring_score(self._norms[i], tokens) == PREFIX
            and (accepts is None or accepts(rows[i]))
        )
        found = exact + [Hit(rows[i], PREFIX) for i in prefixed]
        if len(found) >= limit:
            return SearchResult(found[:limit], len(found), more=True)
        needle = max(tokens, key=len)
        starts, find, end_of = self._starts, self._haystack.find, len(self._haystack)
        position = find(needle)
        while position != -1:
            index = bisect.bisect_right(starts, position) - 1
            row = rows[index]
            if substring_score(row.norm, tokens) == SUBSTRING and (accepts is None or accepts(row)):
                if len(found) == limit:
                    return SearchResult(found, limit, more=True)
                found.append(Hit(row, SUBSTRING))
            position = find(needle, starts[index + 1] if index + 1 < len(starts) else end_of)
        if found:
            return SearchResult(found, len(found))
        return None

    def __len__(self) -> int:
        return len(self.rows)

    def search(
        self, query: str, filters: SearchFilters | None = None, *, limit: int = 25
    ) -> list[Hit]:
        """Best matches first: exact, then prefix, then substring, then typo matches.

        An empty query lists units passing the filters, by name.
        """
        return self.find(query, filters, limit=limit).hits

    def find(
        self, query: str, filters: SearchFilters | None = None, *, limit: int = 25
    ) -> SearchResult:
        """Like ``search``, with the number of matches in all (``limit`` 0: every hit)."""
        filters = filters or SearchFilters()
        tokens = query_tokens(query)
        if not tokens:
            if filters.empty:
                rows = self.rows
            else:
                accepts = filters.accepts
                rows = [row for row in self.rows if accepts(row)]
            shown = rows[:limit] if limit > 0 else rows
            return SearchResult([Hit(row, 0.0) for row in shown], len(rows))
        hits = self._substring_hits(tokens, filters)
        if not hits:
            # Only a query no name contains is taken for a typo; otherwise near misses
            # would crowd out what the player typed correctly (or filtered out).
            if not filters.empty and self._substring_hits(tokens, SearchFilters()):
                return SearchResult([], 0)
            hits = fuzzy_hits("".join(tokens), self.rows, self._norms, filters, limit)
            hits.sort(key=lambda hit: -hit.score)  # stable: rows are already in name order
        return SearchResult(hits[:limit] if limit > 0 else hits, len(hits))

    def _substring_hits(self, tokens: list[str], filters: SearchFilters) -> list[Hit]:
        """Names holding every word of the query (scan for the longest, test the rest)."""
        needle = max(tokens, key=len)
        buckets: dict[float, list[Hit]] = {EXACT: [], PREFIX: [], SUBSTRING: []}
        accepts = None if filters.empty else filters.accepts
        starts = self._starts
        rows = self.rows
        find = self._haystack.find
        end = len(self._haystack)
        position = find(needle)
        while position != -1:
            index = bisect.bisect_right(starts, position) - 1
            row = rows[index]
            score = substring_score(row.norm, tokens)
            if score is not None and (accepts is None or accepts(row)):
                buckets[score].append(Hit(row, score))
            # Continue after this name: further matches inside it add nothing.
            position = find(needle, starts[index + 1] if index + 1 < len(starts) else end)
        return buckets[EXACT] + buckets[PREFIX] + buckets[SUBSTRING]


def fuzzy_hits(
    needle: str,
    rows: Sequence[IndexRow],
    norms: Sequence[str],
    filters: SearchFilters,
    limit: int,
) -> list[Hit]:
    """Typo matches of ``needle`` among ``norms`` (parallel to ``rows``), in row order."""
    if not 3 <= len(needle) <= MAX_UNIT_TEXT:
        # Two letters match almost anything; a text longer than any unit's is no typo of
        # one, and aligning megabytes against every name would take minutes.
        return []
    from rapidfuzz import fuzz, process

    # One wrong letter in four is already 75%: short queries must be closer.
    cutoff = FUZZY_CUTOFF if len(needle) >= 5 else SHORT_FUZZY_CUTOFF
    found = process.extract(
        needle,
        norms,
        scorer=fuzz.partial_ratio,
        score_cutoff=cutoff,
        limit=max(limit, 25) * 4 if limit > 0 else None,
    )
    hits: list[tuple[int, Hit]] = []
    for _choice, score, index in found:
        row = rows[index]
        if filters.accepts(row):
            # Below every substring match, ordered by closeness.
            hits.append((index, Hit(row, min(float(score), 90.0) * 0.9)))
    hits.sort(key=lambda pair: pair[0])
    return [hit for _, hit in hits]
