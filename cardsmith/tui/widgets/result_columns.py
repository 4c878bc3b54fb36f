"""Provides the catalogue table's columns and rows as text: widths, order, cells, labels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the search module loads after the first frame
    from cardsmith.catalogue.search import Hit, IndexRow
    from cardsmith.catalogue.search_index import SearchIndex

_SortKey = Callable[["IndexRow"], Any]


@dataclass(frozen=True, slots=True)
class Column:
    """One column: key, header, width (0: takes the space left) and sort key."""

    key: str
    header: str
    width: int
    sort: _SortKey | None
    align: str = "<"


COLUMNS: tuple[Column, ...] = (
    Column("name", "Unit", 0, lambda r: r.name.casefold()),
    Column("type", "Type", 4, lambda r: r.type or "~"),
    Column("role", "Role", 14, lambda r: (r.role or "~").casefold()),
    Column("size", "Sz", 2, lambda r: r.size, ">"),
    Column("pv", "PV", 4, lambda r: r.pv, ">"),
    Column("move", "MV", 4, lambda r: r.max_move, ">"),
    Column("specials", "Specials", 24, None),
)

#: Narrowest the unit-name column gets before the specials column gives way.
MIN_NAME = 28

#: What a unit without Alpha Strike stats says after its name.
NO_STATS = " (no AS stats)"


def order_rows(
    hits: Sequence[Hit], column: str | None, reverse: bool, index: SearchIndex | None
) -> list[IndexRow]:
    """The hits' rows in display order: by relevance, or by ``column`` (ranks from ``index``)."""
    rows = [hit.row for hit in hits]
    sort = next((c.sort for c in COLUMNS if c.key == column), None)
    if column is not None and sort is not None:
        key = index.rank_of(column, sort) if index is not None else sort
        rows.sort(key=key, reverse=reverse)
    elif reverse:
        rows.reverse()
    return rows


def addable(row: IndexRow) -> bool:
    """Alpha Strike stats, or a custom unit (negative id) of another system with points."""
    return bool(row.has_stats) or (row.mul_id < 0 and row.pv > 0)


def sort_label(column: str | None, reverse: bool) -> str:
    """How rows are ordered, in words: ``best match``, ``PV ↑``."""
    if column is None:
        return "best match" + (" (reversed)" if reverse else "")
    header = next(c.header for c in COLUMNS if c.key == column)
    return f"{header} {'↓' if reverse else '↑'}"


def cell_text(row: IndexRow, key: str) -> str:
    """The text of one cell, as drawn."""
    if key == "name":
        return row.name if row.has_stats else f"{row.name}{NO_STATS}"
    if not row.has_stats:
        return {"type": "--", "pv": "—"}.get(key, "")
    if key == "type":
        return row.type or "--"
    if key == "role":
        return row.role or ""
    if key == "size":
        return str(row.size)
    if key == "pv":
        return str(row.pv)
    if key == "move":
        return f'{row.max_move:g}"' if row.max_move else ""
    return row.specials.strip(",").replace(",", " ")
