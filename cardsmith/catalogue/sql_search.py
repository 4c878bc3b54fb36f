"""Provides search straight from SQLite: what ``cardsmith search`` runs, without the index.

A command line search reads only the rows that hold every word of the query (``instr``
over the normalised names, filters in the ``WHERE`` clause), so it costs about what the
bare SQL query costs.  When no name holds the query it is taken for a typo and the
in-memory index (``search_index.SearchIndex``) answers, with rapidfuzz.  Both rank with
``rank_key``, so the command line and the app list the same hits in the same order.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardsmith.catalogue.index_rows import INDEX_COLUMNS as INDEX_COLUMNS
from cardsmith.catalogue.search import (
    Hit,
    IndexRow,
    SearchFilters,
    SearchResult,
    name_order,
    query_tokens,
    rank_key,
    substring_score,
)
from cardsmith.limits import SQLITE_MAX, SQLITE_MIN

if TYPE_CHECKING:
    from cardsmith.catalogue.search_index import SearchIndex


def where_clause(filters: SearchFilters, tokens: list[str]) -> tuple[str, list[object]]:
    """The ``WHERE`` text and its parameters for the filters and the query's words."""
    parts: list[str] = []
    args: list[object] = []

    def among(column: str, values: frozenset[str] | frozenset[int]) -> None:
        if values:
            parts.append(f"{column} IN ({','.join('?' * len(values))})")
            args.extend(sorted(values, key=str))

    for token in tokens:
        parts.append("instr(norm, ?) > 0")
        args.append(token)
    if filters.usable_only:
        parts.append("has_stats = 1")
    among("type", filters.types)
    # lower() is ASCII-only in SQLite: roles, tech bases and rules levels are ASCII.
    among("lower(coalesce(role, ''))", filters.roles)
    among("size", filters.sizes)
    if filters.pv_min is not None:
        parts.append("pv >= ?")
        args.append(filters.pv_min)
    if filters.pv_max is not None:
        parts.append("pv <= ?")
        args.append(filters.pv_max)
    if filters.move_min is not None:
        parts.append("max_move >= ?")
        args.append(filters.move_min)
    for code in sorted(filters.specials):
        parts.append("instr(specials, ?) > 0")
        args.append(f",{code},")
    among("era_id", filters.eras)
    among("lower(technology)", filters.techs)
    among("lower(rules)", filters.rules)
    if filters.available is not None:
        parts.append("mul_id IN (SELECT value FROM json_each(?))")
        args.append(json.dumps(sorted(filters.available)))
    return (" WHERE " + " AND ".join(parts)) if parts else "", args


def search_sql(
    db: sqlite3.Connection,
    query: str,
    filters: SearchFilters,
    *,
    limit: int,
    index: Callable[[], SearchIndex],
) -> SearchResult:
    """Search the store; ``index`` builds the in-memory index for the typo path."""
    tokens = query_tokens(query)
    where, args = where_clause(filters, tokens)
    rows = [IndexRow(*row) for row in db.execute(f"SELECT {INDEX_COLUMNS} FROM units{where}", args)]
    if not tokens:
        rows.sort(key=name_order)
        shown = rows[:limit] if limit > 0 else rows
        return SearchResult([Hit(row, 0.0) for row in shown], len(rows))
    if not rows:
        # Typo path: no name holds the query (whatever the filters), so score every name.
        unfiltered, unfiltered_args = where_clause(SearchFilters(), tokens)
        found = db.execute(f"SELECT 1 FROM units{unfiltered} LIMIT 1", unfiltered_args)
        if found.fetchone() is None:
            return index().find(query, filters, limit=limit)
        return SearchResult([], 0)
    hits = []
    for row in rows:
        score = substring_score(row.norm, tokens)
        if score is not None:
            hits.append(Hit(row, score))
    hits.sort(key=rank_key)
    return SearchResult(hits[:limit] if limit > 0 else hits, len(hits))


def within_sqlite(filters: SearchFilters | None) -> SearchFilters:
    """The filters with every whole number moved into SQLite's range (the answer is the same:
    no stored value lies beyond it), so ``--pv 10**23`` finds nothing instead of failing."""
    if filters is None:
        return SearchFilters()

    def clamp(value: int) -> int:
        return min(max(value, SQLITE_MIN), SQLITE_MAX)

    return filters._replace(
        sizes=frozenset(clamp(v) for v in filters.sizes),
        eras=frozenset(clamp(v) for v in filters.eras),
        pv_min=None if filters.pv_min is None else clamp(filters.pv_min),
        pv_max=None if filters.pv_max is None else clamp(filters.pv_max),
    )
