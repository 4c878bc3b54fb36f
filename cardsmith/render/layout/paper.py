"""Provides the sheet geometry: paper sizes, the centred card grid and its cut marks (mm).

Read from ``templates/cards/sheet.toml``; pure arithmetic, no drawing library.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardsmith.errors import TemplateError
from cardsmith.render.layout.card import read_number
from cardsmith.templates import Problems, find_template, read_toml


@dataclass(frozen=True, slots=True)
class SheetSpec:
    """Paper sizes and the card grid settings from ``sheet.toml``."""

    papers: Mapping[str, tuple[float, float]]
    """Paper name → (width, height) in mm."""
    card_width: float
    card_height: float
    gap: float
    min_margin: float
    cut_mark: float
    cut_mark_offset: float


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Where the cards of one page go: a centred grid on a named paper size (mm)."""

    paper: str
    page_width: float
    page_height: float
    card_width: float
    card_height: float
    columns: int
    rows: int
    gap: float
    left: float
    """Left edge of the grid."""
    top: float
    """Top edge of the grid."""
    cut_mark: float
    cut_mark_offset: float
    count: int = 0
    """Cards on one page as asked (the grid may have more slots: 3 cards use a 2 × 2 grid)."""
    scale: float = 1.0
    """How much larger than the template each card is drawn (1.5 for enlarged cards)."""

    @property
    def per_page(self) -> int:
        """Cards on one page: exactly the number asked for."""
        return self.count or self.columns * self.rows

    def card_origin(self, slot: int) -> tuple[float, float]:
        """Top-left corner (mm from the page's top-left) of card ``slot`` (row-major)."""
        row, column = divmod(slot % self.per_page, self.columns)
        return (
            self.left + column * (self.card_width + self.gap),
            self.top + row * (self.card_height + self.gap),
        )

    def used_grid(self, cards: int | None = None) -> tuple[int, int]:
        """(columns, rows) of the grid that ``cards`` cards occupy (all of it by default)."""
        if cards is None or cards >= self.per_page:
            return self.columns, self.rows
        cards = max(1, cards)
        return min(self.columns, cards), math.ceil(cards / self.columns)

    def cut_lines(self, cards: int | None = None) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """x positions of vertical cuts and y positions of horizontal cuts (mm)."""
        columns, rows = self.used_grid(cards)
        xs: list[float] = []
        for column in range(columns):
            x = self.left + column * (self.card_width + self.gap)
            xs.extend((x, x + self.card_width))
        ys: list[float] = []
        for row in range(rows):
            y = self.top + row * (self.card_height + self.gap)
            ys.extend((y, y + self.card_height))
        return tuple(sorted(set(round(x, 4) for x in xs))), tuple(
            sorted(set(round(y, 4) for y in ys))
        )

    def cut_marks(self, cards: int | None = None) -> list[tuple[float, float, float, float]]:
        """Cut-mark segments (x1, y1, x2, y2) in mm, outside the cards of a page.

        Marks sit in the margins around the part of the grid the cards occupy, so
        every card edge can be found with a ruler and no mark crosses a card.
        """
        xs, ys = self.cut_lines(cards)
        columns, rows = self.used_grid(cards)
        grid_right = self.left + columns * self.card_width + (columns - 1) * self.gap
        grid_bottom = self.top + rows * self.card_height + (rows - 1) * self.gap
        near, far = self.cut_mark_offset, self.cut_mark_offset + self.cut_mark
        marks: list[tuple[float, float, float, float]] = []
        for x in xs:
            marks.append((x, self.top - far, x, self.top - near))
            marks.append((x, grid_bottom + near, x, grid_bottom + far))
        for y in ys:
            marks.append((self.left - far, y, self.left - near, y))
            marks.append((grid_right + near, y, grid_right + far, y))
        return marks


@cache
def load_sheet() -> SheetSpec:
    """Paper sizes and grid settings (cached)."""
    path = find_template("cards", "sheet.toml")
    return parse_sheet(read_toml(path), source=str(path))


def parse_sheet(data: Mapping[str, Any], *, source: str = "<sheet>") -> SheetSpec:
    """Build and validate the sheet settings from decoded TOML."""
    problems = Problems(source)
    card = data.get("card", {})
    if not isinstance(card, Mapping):
        card = {}
        problems.add("[card] must be a table")
    papers: dict[str, tuple[float, float]] = {}
    raw_papers = data.get("paper", {})
    if not isinstance(raw_papers, Mapping) or not raw_papers:
        problems.add("[paper.<name>] tables are missing")
        raw_papers = {}
    for name, spec in raw_papers.items():
        where = f"paper {name!r}"
        if not isinstance(spec, Mapping):
            problems.add(f"{where}: must be a table with width_mm and height_mm")
            continue
        w = read_number(spec, "width_mm", where, problems)
        h = read_number(spec, "height_mm", where, problems)
        if w <= 0 or h <= 0:
            problems.add(f"{where}: size must be positive, got {w} × {h} mm")
        papers[str(name).lower()] = (w, h)
    spec = SheetSpec(
        papers=papers,
        card_width=read_number(card, "width_mm", "card", problems),
        card_height=read_number(card, "height_mm", "card", problems),
        gap=float(card.get("gap_mm", 0.0)),
        min_margin=float(card.get("min_margin_mm", 5.0)),
        cut_mark=float(card.get("cut_mark_mm", 4.0)),
        cut_mark_offset=float(card.get("cut_mark_offset_mm", 1.0)),
    )
    if spec.card_width <= 0 or spec.card_height <= 0:
        problems.add(f"card size must be positive, got {spec.card_width} × {spec.card_height} mm")
    if spec.gap < 0 or spec.min_margin < 0 or spec.cut_mark < 0 or spec.cut_mark_offset < 0:
        problems.add("gap_mm, min_margin_mm and the cut-mark lengths must not be negative")
    problems.raise_if_any("sheet settings")
    return spec


#: How much larger enlarged cards are drawn: 1.5 × 88.9 × 63.5 mm puts 2 × 2 on a
#: landscape Letter or A4 page.
ENLARGED_SCALE = 1.5


def sheet_layout(
    paper: str = "letter",
    cards_per_page: int | None = None,
    spec: SheetSpec | None = None,
    *,
    scale: float = 1.0,
    landscape: bool = False,
) -> SheetLayout:
    """Lay ``cards_per_page`` cards out on ``paper``, centred, within the printable margin.

    ``scale`` draws every card larger (enlarged cards); ``landscape`` turns the paper.
    Exactly ``cards_per_page`` cards go on each page (3 fill three slots of a 2 × 2 grid);
    None puts as many as fit.

    Raises:
        TemplateError: unknown paper, a count below 1, or more cards than fit.
    """
    spec = spec or load_sheet()
    key = paper.lower()
    if key not in spec.papers:
        raise TemplateError(f"unknown paper {paper!r}; choose one of {', '.join(spec.papers)}")
    page_w, page_h = spec.papers[key]
    if landscape:
        page_w, page_h = max(page_w, page_h), min(page_w, page_h)
    card_w, card_h = spec.card_width * scale, spec.card_height * scale
    usable_w, usable_h = page_w - 2 * spec.min_margin, page_h - 2 * spec.min_margin
    max_cols = int((usable_w + spec.gap) // (card_w + spec.gap))
    max_rows = int((usable_h + spec.gap) // (card_h + spec.gap))
    capacity = max_cols * max_rows
    size = f"{card_w:g} × {card_h:g} mm"
    if capacity < 1:
        raise TemplateError(
            f"cards of {size} are too big to fit on {key} paper with {spec.min_margin} mm margins"
        )
    if cards_per_page is None:
        cards_per_page = capacity
    if cards_per_page < 1:
        raise TemplateError(f"cards per page must be at least 1, got {cards_per_page}")
    if cards_per_page > capacity:
        raise TemplateError(
            f"at most {capacity} cards of {size} fit on {key} paper "
            f"({max_cols} × {max_rows}); {cards_per_page} asked for"
        )
    columns = min(max_cols, cards_per_page)
    rows = math.ceil(cards_per_page / columns)
    grid_w = columns * card_w + (columns - 1) * spec.gap
    grid_h = rows * card_h + (rows - 1) * spec.gap
    return SheetLayout(
        paper=key,
        page_width=page_w,
        page_height=page_h,
        card_width=card_w,
        card_height=card_h,
        columns=columns,
        rows=rows,
        gap=spec.gap,
        left=(page_w - grid_w) / 2,
        top=(page_h - grid_h) / 2,
        cut_mark=spec.cut_mark,
        cut_mark_offset=spec.cut_mark_offset,
        count=cards_per_page,
        scale=scale,
    )
