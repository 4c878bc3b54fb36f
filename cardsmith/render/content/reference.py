"""Provides the reference page's tables (crit tables, motive, heat, to-hit) read from data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cardsmith.templates import Problems, find_template, read_toml


@dataclass(frozen=True, slots=True)
class RefTable:
    """One reference table: a title, column headers, rows of cells and an optional note."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@lru_cache(maxsize=1)
def load_reference() -> tuple[RefTable, ...]:
    """The tables of ``templates/cards/reference.toml`` (a user copy overrides it).

    Raises:
        TemplateError: the file is missing, not TOML, or a table's rows do not match its
            columns (the message names the table and the row).
    """
    path = find_template("cards", "reference.toml")
    data = read_toml(path)
    tables: list[RefTable] = []
    problems = Problems(path)
    for number, raw in enumerate(data.get("table", []), start=1):
        title = str(raw.get("title", f"table #{number}"))
        columns = tuple(str(c) for c in raw.get("columns", []))
        rows = tuple(tuple(str(c) for c in row) for row in raw.get("rows", []))
        if not columns:
            problems.add(f"table {title!r}: columns are missing")
        for i, row in enumerate(rows, start=1):
            if len(row) != len(columns):
                problems.add(
                    f"table {title!r}: row {i} has {len(row)} cells for {len(columns)} columns"
                )
        tables.append(RefTable(title, columns, rows, str(raw.get("note", ""))))
    problems.raise_if_any("reference tables")
    return tuple(tables)
