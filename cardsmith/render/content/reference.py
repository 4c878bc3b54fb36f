"""Provides the reference page's tables: crits, motive and heat from the engine's data, the rest from ``reference.toml``.

``templates/cards/reference.toml`` lists the tables in page order.  A table marked
``generated`` is filled from the battle engine's data (``templates/battle/crits.toml``
and ``heat.toml``), so the page prints exactly what play computes with.  A house pack
(``<config>/templates/cards/reference-house.toml``, an example ships in
``templates/cards/house/``) may replace or remove written rows by id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith.battle.crit_data import CRIT_FILE, CritData, CritKind, crit_data
from cardsmith.battle.heat_data import HEAT_FILE, HeatData, heat_data
from cardsmith.errors import TemplateError
from cardsmith.templates import Problems, file_mtime, find_template, read_toml, template_path

HOUSE_FILE = ("cards", "reference-house.toml")

#: How a table family reads in an effect row's name (``Engine (vehicle)``).
_FAMILY_WORDS = {"vehicle": "vehicle", "aerospace": "aerospace", "large-craft": "large craft"}


@dataclass(frozen=True, slots=True)
class RefTable:
    """One reference table: a title, column headers, rows of cells and an optional note."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""
    id: str = ""
    tab: str = ""
    """The tab of the app's reference screen the table shows on (tables share tabs)."""


def load_reference() -> tuple[RefTable, ...]:
    """The reference page's tables, in page order, with a house pack applied if there is one.

    Raises:
        TemplateError: a file is missing, not TOML, or a table's rows do not match its
            columns (the message names the table and the row).
    """
    path = find_template("cards", "reference.toml")
    house = template_path(*HOUSE_FILE)
    house_stamp = file_mtime(house) if house.is_file() else 0
    # The engine's data files are part of the key: the page follows an edit of them.
    data_stamps = tuple(file_mtime(template_path(*f)) for f in (CRIT_FILE, HEAT_FILE))
    return _load(path, file_mtime(path), house if house_stamp else None, house_stamp, data_stamps)


@lru_cache(maxsize=4)
def _load(
    path: Path, stamp: int, house: Path | None, house_stamp: int, data_stamps: tuple[int, ...]
) -> tuple[RefTable, ...]:
    crits, heat = crit_data(), heat_data()
    data = read_toml(path, what="the reference tables")
    problems = Problems(path)
    tables: list[RefTable] = []
    raw_tables = data.get("table", [])
    for number, raw in enumerate(raw_tables if isinstance(raw_tables, list) else [], start=1):
        if not isinstance(raw, Mapping):
            problems.add(f"table #{number}: must be a table")
            continue
        title = str(raw.get("title", f"table #{number}"))
        generated = raw.get("generated")
        if generated is not None:
            table = _generated(str(generated), raw, title, crits, heat, problems)
        else:
            table = _written(raw, title, problems)
        if table is not None:
            tables.append(replace(table, tab=str(raw.get("tab", "")) or title.split(" (")[0]))
    problems.raise_if_any("reference tables")
    if house is not None:
        tables = _apply_house(tables, path, house)
    return tuple(tables)


def _written(raw: Mapping[str, Any], title: str, problems: Problems) -> RefTable:
    columns = tuple(str(c) for c in raw.get("columns", []))
    rows = tuple(tuple(str(c) for c in row) for row in raw.get("rows", []))
    if not columns:
        problems.add(f"table {title!r}: columns are missing")
    for i, row in enumerate(rows, start=1):
        if len(row) != len(columns):
            problems.add(
                f"table {title!r}: row {i} has {len(row)} cells for {len(columns)} columns"
            )
    return RefTable(title, columns, rows, str(raw.get("note", "")), str(raw.get("id", "")))


def _generated(
    kind: str,
    raw: Mapping[str, Any],
    title: str,
    crits: CritData,
    heat: HeatData,
    problems: Problems,
) -> RefTable | None:
    table_id, note = str(raw.get("id", "")), str(raw.get("note", ""))
    if kind == "crit-table":
        families = [str(f) for f in raw.get("families", [])]
        unknown = [f for f in families if f not in crits.tables]
        if unknown or not families:
            problems.add(f"table {title!r}: no crit table for {', '.join(unknown) or 'any family'}")
            return None
        return RefTable(title, *crit_table_cells(crits, families), note=note, id=table_id)
    if kind == "crit-effects":
        rows = []
        for name in raw.get("results", []):
            result, _, family = str(name).partition("@")
            try:
                crit = CritKind(result)
            except ValueError:
                problems.add(f"table {title!r}: unknown crit result {result!r}")
                continue
            label = crits.results[crit].label.removesuffix(" hit")
            if family:
                label += f" ({_FAMILY_WORDS.get(family, family)})"
            rows.append((label, crits.effect(crit, family)))
        return RefTable(title, ("Hit", "Effect"), tuple(rows), note, table_id)
    if kind == "motive":
        motive = crits.motive
        first = motive.results[0].at_least if motive.results else 13
        rows = [("2–" + str(first - 1), "No effect")]
        for line, after in zip(motive.results, (*motive.results[1:], None), strict=True):
            top = after.at_least - 1 if after is not None else None
            span = (
                f"{line.at_least}+"
                if top is None
                else (str(line.at_least) if top == line.at_least else f"{line.at_least}–{top}")
            )
            rows.append((span, line.text))
        return RefTable(
            title, ("2D6", "Effect"), tuple(rows), note or motive.modifier_text, table_id
        )
    if kind == "heat":
        heat_rows: list[tuple[str, ...]] = []
        for level in sorted(heat.levels.values(), key=lambda h: h.level):
            shutdown = level.level >= heat.shutdown
            heat_rows.append(
                (
                    "S" if shutdown else str(level.level),
                    "—" if shutdown else f"+{level.to_hit}",
                    "none" if shutdown else f'−{level.ground_move}"',
                    "−4 (immobile)" if shutdown else (f"−{abs(level.tmm)}" if level.tmm else "—"),
                    level.other,
                )
            )
        columns = ("Heat", "To-hit", "Ground MV", "TMM", "Other")
        return RefTable(title, columns, tuple(heat_rows), note or heat.note, table_id)
    problems.add(f"table {title!r}: unknown generated table {kind!r}")
    return None


def crit_table_cells(
    crits: CritData, families: list[str]
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The columns and rows of a crit table page section: one column per table family."""
    columns = ("2D6", *(crits.tables[f].title for f in families))
    rows = tuple(
        (
            str(roll),
            *(
                crits.results[k].label
                if (k := crits.tables[f].rolls[roll - 2])
                else "No critical hit"
                for f in families
            ),
        )
        for roll in range(2, 13)
    )
    return columns, rows


def _apply_house(tables: list[RefTable], path: Path, house: Path) -> list[RefTable]:
    """Replace or remove rows by id as the house pack says (its problems are all listed)."""
    data = read_toml(house, what="the house reference pack")
    problems = Problems(house)
    by_id = {t.id: i for i, t in enumerate(tables) if t.id}
    ids = _row_ids(path)
    rows = {t.id: dict(zip(ids.get(t.id, ()), t.rows, strict=False)) for t in tables}
    raw_rows = data.get("row", [])
    for number, change in enumerate(raw_rows if isinstance(raw_rows, list) else [], start=1):
        where = f"row #{number}"
        if not isinstance(change, Mapping):
            problems.add(f"{where}: must be a table")
            continue
        table_id, row = str(change.get("table", "")), str(change.get("id", ""))
        if table_id not in by_id or row not in rows[table_id]:
            problems.add(f"{where}: no row {row!r} in table {table_id!r}")
            continue
        if change.get("remove") is True:
            del rows[table_id][row]
            continue
        cells = tuple(str(c) for c in change.get("cells", []))
        columns = len(tables[by_id[table_id]].columns)
        if len(cells) != columns:
            problems.add(f"{where}: {len(cells)} cells for {columns} columns")
            continue
        rows[table_id][row] = cells
    problems.raise_if_any("house reference pack")
    out: list[RefTable] = []
    for table in tables:
        if table.id in ids:
            kept = tuple(rows[table.id][i] for i in ids[table.id] if i in rows[table.id])
            table = replace(table, rows=kept)
        out.append(table)
    return out


def _row_ids(path: Path) -> dict[str, tuple[str, ...]]:
    """Row ids per written table (``ids`` in reference.toml), checked to match the rows."""
    data = read_toml(path, what="the reference tables")
    out: dict[str, tuple[str, ...]] = {}
    for raw in data.get("table", []):
        ids = tuple(str(i) for i in raw.get("ids", []))
        if ids and len(ids) != len(raw.get("rows", [])):
            raise TemplateError(
                f"{path}: table {raw.get('title')!r}: ids and rows differ in number"
            )
        if ids:
            out[str(raw.get("id", ""))] = ids
    return out
