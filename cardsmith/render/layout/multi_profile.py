"""Provides the multi-profile card template (``templates/cards/multi-profile.toml``), validated.

Boxes are checked with the same rules as the per-type cards (``layout.box_problems``,
no overlaps); the profile table's rows and columns must fit their box.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardsmith.render.layout.card import Box, parse_boxes, read_number
from cardsmith.templates import Problems, find_template, read_toml

FAMILY = "multi-profile"
#: Boxes every multi-profile card has, and the optional ones.
REQUIRED_BOXES = ("name", "pv", "pilot", "info", "profiles", "track", "specials", "rule", "spas")
KNOWN_BOXES = (*REQUIRED_BOXES, "heat", "crits", "footer")


@dataclass(frozen=True, slots=True)
class TableSpec:
    """How the PROFILES table is laid out (mm, points)."""

    rows: int
    """Profile rows the table is laid out for; more rows are drawn lower and smaller."""
    header_h: float
    row_h: float
    name_w: float
    size: float
    min_size: float
    as_columns: tuple[tuple[str, float], ...]
    """Alpha Strike columns before the damage brackets: (header, width)."""
    damage_w: float
    min_special_w: float


@dataclass(frozen=True, slots=True)
class MultiTemplate:
    """The multi-profile card: its size, boxes and profile table."""

    title: str
    width: float
    height: float
    boxes: Mapping[str, Box]
    table: TableSpec
    source: str

    def box(self, name: str) -> Box | None:
        """The box called ``name``, if the template has it."""
        return self.boxes.get(name)


@cache
def load_multi_template() -> MultiTemplate:
    """The multi-profile card template (cached; ``cache_clear()`` reloads).

    Raises:
        TemplateError: unreadable file or any layout problem (all listed).
    """
    path = find_template("cards", f"{FAMILY}.toml")
    return parse_multi_template(read_toml(path), source=str(path))


def parse_multi_template(data: Mapping[str, Any], *, source: str = "<template>") -> MultiTemplate:
    """Build and validate the multi-profile template from decoded TOML.

    Raises:
        TemplateError: listing every problem (boxes off the card or overlapping, missing
            boxes, a table whose rows or columns do not fit the PROFILES box …).
    """
    problems = Problems(source)
    if data.get("family") != FAMILY:
        problems.add(f"family must be {FAMILY!r}, got {data.get('family')!r}")
    width = read_number(data, "width_mm", "card", problems)
    height = read_number(data, "height_mm", "card", problems)
    boxes = parse_boxes(data.get("box", {}), width, height, problems, KNOWN_BOXES)
    for name in REQUIRED_BOXES:
        if name not in boxes:
            problems.add(f"box {name!r} is missing; every multi-profile card needs it")
    raw = data.get("table")
    table = _parse_table(raw if isinstance(raw, Mapping) else {}, problems)
    if not isinstance(raw, Mapping):
        problems.add("[table] is missing: the profile table needs its row and column sizes")
    profiles = boxes.get("profiles")
    if profiles is not None and isinstance(raw, Mapping):
        _check_table_fits(table, profiles, problems)
    problems.raise_if_any("multi-profile card template")
    return MultiTemplate(
        title=str(data.get("title", FAMILY)),
        width=width,
        height=height,
        boxes=boxes,
        table=table,
        source=source,
    )


def _parse_table(raw: Mapping[str, Any], problems: Problems) -> TableSpec:
    where = "table"
    rows = raw.get("rows", 3)
    if isinstance(rows, bool) or not isinstance(rows, int) or not 2 <= rows <= 8:
        problems.add(f"{where}: rows must be a whole number 2-8, got {rows!r}")
        rows = 3
    columns: list[tuple[str, float]] = []
    raw_columns = raw.get("as_columns", {})
    if not isinstance(raw_columns, Mapping) or not raw_columns:
        problems.add(f"{where}: as_columns must name the Alpha Strike columns and their widths")
    else:
        for header, value in raw_columns.items():
            if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
                problems.add(f"{where}.as_columns.{header}: width must be a positive number")
                continue
            columns.append((str(header), float(value)))
    spec = TableSpec(
        rows=rows,
        header_h=read_number(raw, "header_h_mm", where, problems) if raw else 0.0,
        row_h=read_number(raw, "row_h_mm", where, problems) if raw else 0.0,
        name_w=read_number(raw, "name_w_mm", where, problems) if raw else 0.0,
        size=read_number(raw, "size", where, problems) if raw else 0.0,
        min_size=read_number(raw, "min_size", where, problems) if raw else 0.0,
        as_columns=tuple(columns),
        damage_w=read_number(raw, "damage_w_mm", where, problems) if raw else 0.0,
        min_special_w=read_number(raw, "min_special_w_mm", where, problems) if raw else 0.0,
    )
    if raw and not 3.0 <= spec.min_size <= spec.size <= 30.0:
        problems.add(f"{where}: need 3 ≤ min_size ≤ size ≤ 30 pt, got {spec.min_size}/{spec.size}")
    return spec


def _check_table_fits(table: TableSpec, box: Box, problems: Problems) -> None:
    needed = table.header_h + table.rows * table.row_h
    if needed > box.h + 1e-6:
        problems.add(
            f"box 'profiles' is {box.h} mm tall but a header and {table.rows} rows need "
            f"{needed:.1f} mm"
        )
    if table.size * 25.4 / 72 > table.row_h + 1e-6:
        problems.add(f"table: row_h_mm {table.row_h} is too low for {table.size} pt text")
    # Four damage brackets: a land-air 'Mech's fighter mode adds Extreme range.
    fixed = table.name_w + sum(w for _, w in table.as_columns) + 4 * table.damage_w
    if fixed + table.min_special_w > box.w + 1e-6:
        problems.add(
            f"table: columns need {fixed + table.min_special_w:.1f} mm but box 'profiles' "
            f"is {box.w} mm wide"
        )
