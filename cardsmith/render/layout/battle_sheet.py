"""Provides the battle sheet's layout as data (``battle-sheet.toml``), validated.

Numbers in millimetres and points, the state table's columns, and for each optional rule
the sections of its reference card with their wording.  Checked without drawing: every
setting must be known, of the right type and within range, and every ``{name}`` in the
wording must be a number the rule pack supplies; all problems come in one
``TemplateError`` naming the file and the setting.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardsmith.errors import TemplateError
from cardsmith.render.layout.settings import (
    PT_MM as PT_MM,  # re-exported: battle_sheet and tests use it
)
from cardsmith.render.layout.settings import bounded_numbers, check_line_heights, check_sections
from cardsmith.templates import Problems, find_template, read_toml

FILE_NAME = "battle-sheet.toml"

#: Allowed range of every numeric setting: section → key → (low, high).  The ranges keep
#: the sheet printable (text no smaller than 4 pt, a card no larger than half a page).
_LIMITS: dict[str, dict[str, tuple[float, float]]] = {
    "page": {
        "margin_mm": (3.0, 40.0),
        "title_size": (6.0, 30.0),
        "heading_size": (5.0, 20.0),
        "gap_mm": (0.0, 30.0),
    },
    "card": {
        "width_mm": (40.0, 150.0),
        "height_mm": (30.0, 150.0),
        "max_faces": (1, 4),
        "padding_mm": (0.0, 10.0),
        "gap_mm": (0.0, 20.0),
        "title_size": (4.0, 16.0),
        "heading_size": (4.0, 14.0),
        "text_size": (4.0, 12.0),
        "line_mm": (1.4, 8.0),
        "section_gap_mm": (0.0, 6.0),
    },
    "table": {
        "text_size": (4.0, 12.0),
        "detail_size": (4.0, 12.0),
        "row_mm": (1.5, 12.0),
        "detail_mm": (1.4, 12.0),
        "unit_min_mm": (10.0, 120.0),
    },
}

#: Settings that must be whole numbers.
_WHOLE = frozenset({"card.max_faces"})

#: State-table columns the renderer knows how to fill.
TABLE_COLUMNS = (
    "key", "unit", "type", "controller", "armor", "structure", "heat", "move", "tmm",
    "damage", "to_hit", "skill", "pv",
)  # fmt: skip

#: Sections a Betrayal card can show: fixed wording (``text``) or data from the pack.
TEXT_SECTIONS = ("window", "eligibility", "tn", "success", "failure")
DATA_SECTIONS = ("modifiers", "objectives")

#: Names the wording may use: the Betrayal pack's numbers (``BetrayalRule`` fields).
RULE_FIELDS = frozenset(
    {"base_tn", "dice", "from_turn", "range_hexes", "skill_penalty", "retry_wait_turns"}
)


@dataclass(frozen=True, slots=True)
class RuleCardSpec:
    """What one optional rule's reference card shows, in order, and its wording."""

    rule: str
    """Optional-rule id (``betrayal``)."""
    sections: tuple[str, ...]
    headings: Mapping[str, str] = field(default_factory=dict)
    text: Mapping[str, str] = field(default_factory=dict)
    """Wording of the text sections, with ``{name}`` filled from the rule's numbers."""


@dataclass(frozen=True, slots=True)
class BattleSheetLayout:
    """Sizes of the battle sheet, its state table and its rule cards."""

    margin: float = 10.0
    title_size: float = 12.0
    heading_size: float = 9.0
    gap: float = 4.0
    card_width: float = 88.9
    card_height: float = 63.5
    max_faces: int = 2
    padding: float = 2.2
    face_gap: float = 3.0
    card_title_size: float = 8.0
    card_heading_size: float = 6.2
    card_text_size: float = 5.6
    line: float = 2.25
    """Baseline to baseline of the card's text (mm)."""
    section_gap: float = 0.7
    table_size: float = 6.8
    detail_size: float = 5.8
    row: float = 3.4
    detail: float = 2.8
    unit_min: float = 30.0
    columns: tuple[tuple[str, float], ...] = ()
    """State-table columns in order: id and width in mm (0 for the unit column)."""
    headers: Mapping[str, str] = field(default_factory=dict)
    cards: Mapping[str, RuleCardSpec] = field(default_factory=dict)
    """Card spec by optional-rule id."""
    source: str = "<built-in defaults>"

    def card_for(self, rule: str) -> RuleCardSpec:
        """The card spec of an optional rule.

        Raises:
            TemplateError: the layout has no ``[rules.<rule>]`` table.
        """
        if rule not in self.cards:
            raise TemplateError(
                f"{self.source}: no [rules.{rule}] card layout for the optional rule {rule!r}"
            )
        return self.cards[rule]

    def unit_width(self, page_width: float, paper: str) -> float:
        """The unit column's width on a page ``page_width`` mm wide.

        Raises:
            TemplateError: the other columns leave less than ``unit_min`` for it.
        """
        rest = sum(width for column, width in self.columns if column != "unit")
        width = page_width - 2 * self.margin - rest
        if width + 1e-6 < self.unit_min:
            raise TemplateError(
                f"{self.source}: the table's columns leave {max(width, 0):.1f} mm for the unit "
                f"name on {paper} paper (unit_min_mm is {self.unit_min}); narrow some columns"
            )
        return width


@cache
def load_battle_layout() -> BattleSheetLayout:
    """The battle sheet layout (a user copy overrides the built-in file; cached).

    Raises:
        TemplateError: the file is missing, not TOML, or has bad settings (all listed).
    """
    path = find_template("cards", FILE_NAME)
    return parse_battle_layout(read_toml(path), source=str(path))


def parse_battle_layout(data: Mapping[str, Any], *, source: str = "<layout>") -> BattleSheetLayout:
    """Build and check the layout from decoded TOML.

    Raises:
        TemplateError: listing every problem (unknown section or setting, wrong type, out
            of range, unknown column or card section, a ``{name}`` the pack lacks).
    """
    problems = Problems(source)
    check_sections(data, (*_LIMITS, "rules"), problems)
    values = bounded_numbers(
        data, _LIMITS, problems, whole=_WHOLE, extra={"table": ("columns", "headers")}
    )
    table = data.get("table", {})
    columns = _columns(table.get("columns") if isinstance(table, Mapping) else None, problems)
    headers = _headers(table.get("headers", {}) if isinstance(table, Mapping) else {}, problems)
    cards = _cards(data.get("rules", {}), problems)
    d = BattleSheetLayout()
    layout = BattleSheetLayout(
        margin=float(values.get("page.margin_mm", d.margin)),
        title_size=float(values.get("page.title_size", d.title_size)),
        heading_size=float(values.get("page.heading_size", d.heading_size)),
        gap=float(values.get("page.gap_mm", d.gap)),
        card_width=float(values.get("card.width_mm", d.card_width)),
        card_height=float(values.get("card.height_mm", d.card_height)),
        max_faces=int(values.get("card.max_faces", d.max_faces)),
        padding=float(values.get("card.padding_mm", d.padding)),
        face_gap=float(values.get("card.gap_mm", d.face_gap)),
        card_title_size=float(values.get("card.title_size", d.card_title_size)),
        card_heading_size=float(values.get("card.heading_size", d.card_heading_size)),
        card_text_size=float(values.get("card.text_size", d.card_text_size)),
        line=float(values.get("card.line_mm", d.line)),
        section_gap=float(values.get("card.section_gap_mm", d.section_gap)),
        table_size=float(values.get("table.text_size", d.table_size)),
        detail_size=float(values.get("table.detail_size", d.detail_size)),
        row=float(values.get("table.row_mm", d.row)),
        detail=float(values.get("table.detail_mm", d.detail)),
        unit_min=float(values.get("table.unit_min_mm", d.unit_min)),
        columns=columns,
        headers=headers,
        cards=cards,
        source=source,
    )
    check_line_heights(
        (
            ("[card] line_mm", layout.line, max(layout.card_text_size, layout.card_heading_size)),
            ("[table] row_mm", layout.row, layout.table_size),
            ("[table] detail_mm", layout.detail, layout.detail_size),
        ),
        problems,
    )
    problems.raise_if_any("battle sheet layout")
    return layout


def _columns(raw: Any, problems: Problems) -> tuple[tuple[str, float], ...]:
    if raw is None:
        return (("key", 7.0), ("unit", 0.0), ("heat", 8.0), ("move", 16.0), ("damage", 17.0))
    if not isinstance(raw, list) or not raw:
        problems.add('[table] columns must be a list of ["id", width_mm] pairs')
        return ()
    columns: list[tuple[str, float]] = []
    for number, item in enumerate(raw, start=1):
        where = f"[table] columns[{number}]"
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not isinstance(item[0], str)
            or isinstance(item[1], bool)
            or not isinstance(item[1], int | float)
        ):
            problems.add(f'{where} must be ["id", width_mm], got {item!r}')
            continue
        name, width = item[0], float(item[1])
        if name not in TABLE_COLUMNS:
            problems.add(f"{where}: unknown column {name!r}; known: {', '.join(TABLE_COLUMNS)}")
        elif any(name == c for c, _ in columns):
            problems.add(f"{where}: column {name!r} is listed twice")
        elif name != "unit" and not 3.0 <= width <= 80.0:
            problems.add(f"{where}: width of {name!r} must be 3-80 mm, got {width:g}")
        else:
            columns.append((name, width))
    if columns and not any(c == "unit" for c, _ in columns):
        problems.add('[table] columns must include "unit" (it takes the width left over)')
    return tuple(columns)


def _headers(raw: Any, problems: Problems) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        problems.add('[table.headers] must be a table of column id = "header"')
        return {}
    headers: dict[str, str] = {}
    for key, value in raw.items():
        if key not in TABLE_COLUMNS:
            problems.add(
                f"[table.headers] {key}: unknown column; known: {', '.join(TABLE_COLUMNS)}"
            )
        elif not isinstance(value, str):
            problems.add(f"[table.headers] {key} must be text, got {value!r}")
        else:
            headers[key] = value
    return headers


def _cards(raw: Any, problems: Problems) -> dict[str, RuleCardSpec]:
    if not isinstance(raw, Mapping):
        problems.add("[rules] must hold one [rules.<rule id>] table per optional rule")
        return {}
    cards: dict[str, RuleCardSpec] = {}
    for rule, spec in raw.items():
        where = f"[rules.{rule}]"
        if not isinstance(spec, Mapping):
            problems.add(f"{where} must be a table")
            continue
        for key in spec:
            if key not in ("sections", "headings", "text"):
                problems.add(f"{where} {key}: unknown setting; known: sections, headings, text")
        sections = spec.get("sections")
        if not isinstance(sections, list) or not all(isinstance(s, str) for s in sections):
            problems.add(f"{where} sections must be a list of section names")
            sections = []
        known = (*TEXT_SECTIONS, *DATA_SECTIONS)
        for name in sections:
            if name not in known:
                problems.add(
                    f"{where} sections: unknown section {name!r}; known: {', '.join(known)}"
                )
        headings = _text_table(spec.get("headings", {}), f"[rules.{rule}.headings]", problems)
        text = _text_table(spec.get("text", {}), f"[rules.{rule}.text]", problems)
        for name in sections:
            if name in TEXT_SECTIONS and name not in text:
                problems.add(f"[rules.{rule}.text] {name}: the card shows it, but no wording given")
        for name, wording in text.items():
            _check_fields(wording, f"[rules.{rule}.text] {name}", problems)
        cards[str(rule)] = RuleCardSpec(str(rule), tuple(sections), headings, text)
    return cards


def _text_table(raw: Any, where: str, problems: Problems) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        problems.add(f'{where} must be a table of section = "text"')
        return {}
    out: dict[str, str] = {}
    for key, value in raw.items():
        if not isinstance(value, str):
            problems.add(f"{where} {key} must be text, got {value!r}")
        else:
            out[str(key)] = value
    return out


def _check_fields(wording: str, where: str, problems: Problems) -> None:
    try:
        names = [name for _, name, _, _ in string.Formatter().parse(wording) if name is not None]
    except ValueError as exc:
        problems.add(f"{where}: bad braces in the wording ({exc}); write {{{{ for a brace")
        return
    for name in names:
        if name not in RULE_FIELDS:
            problems.add(
                f"{where}: {{{name}}} is not a rule number; use one of "
                + ", ".join(f"{{{n}}}" for n in sorted(RULE_FIELDS))
            )
