"""Provides ``first_rows``: the catalogue's first rows in display order, before its index is built.

The app shows them while the search index loads, so a player sees units in the first
frames instead of "Loading".  The store is opened read-only and nothing is repaired,
seeded or migrated here: when the store is missing, damaged or of another layout this
answers nothing, and the full open that follows says what is wrong.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardsmith.catalogue.index_rows import INDEX_COLUMNS, IndexRow, name_order
from cardsmith.catalogue.schema import STORE_NAME

#: Rows read per row shown: SQLite orders names as text ("GRF-10" before "GRF-2"), the
#: index in natural order, so the page is picked from a wider slice in that order.
_SLICE = 4

#: The slice, in the order of the store's ``units_in_list_order`` index (layout 3).
QUERY = f"SELECT {INDEX_COLUMNS} FROM units ORDER BY has_stats DESC, name COLLATE NOCASE LIMIT ?"


def first_rows(folder: Path, count: int) -> list[IndexRow]:
    """The first ``count`` rows the index will list (units with stats first, by name)."""
    path = folder / STORE_NAME
    if count <= 0 or not path.is_file():
        return []
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            found = db.execute(QUERY, (count * _SLICE,)).fetchall()
        finally:
            db.close()
    except sqlite3.Error:
        return []
    return sorted((IndexRow(*row) for row in found), key=name_order)[:count]
