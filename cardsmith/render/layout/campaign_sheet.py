"""Provides the campaign roster sheet's layout as data (``campaign-roster.toml``), validated.

Plain numbers in millimetres and points, checked without drawing: every setting must be
known, of the right type and within a sensible range, and all problems are reported
together in one ``TemplateError`` naming the file and the setting.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardsmith.errors import TemplateError
from cardsmith.render.layout.settings import bounded_numbers, check_line_heights, check_sections
from cardsmith.templates import Problems, find_template, read_toml

FILE_NAME = "campaign-roster.toml"

#: Allowed range of every numeric setting: section → key → (low, high).  The ranges keep
#: the page printable (text no smaller than 5 pt, rows at least as tall as their text).
_LIMITS: dict[str, dict[str, tuple[float, float]]] = {
    "page": {
        "margin_mm": (3.0, 40.0),
        "title_size": (8.0, 30.0),
        "heading_size": (6.0, 20.0),
        "text_size": (5.0, 14.0),
        "detail_size": (5.0, 12.0),
    },
    "warriors": {
        "row_mm": (2.5, 20.0),
        "detail_mm": (2.0, 15.0),
        "gap_mm": (0.0, 10.0),
        "name_min_mm": (10.0, 120.0),
        "role_mm": (5.0, 60.0),
        "stat_mm": (4.0, 30.0),
        "xp_mm": (4.0, 30.0),
        "status_mm": (10.0, 80.0),
    },
    "log": {
        "entries": (0, 500),
        "size": (5.0, 12.0),
        "line_mm": (2.0, 15.0),
    },
}


@dataclass(frozen=True, slots=True)
class CampaignSheetLayout:
    """Sizes and spacing of the campaign roster sheet."""

    margin: float = 14.0
    """Page margin on every side (mm)."""
    title_size: float = 16.0
    heading_size: float = 10.0
    text_size: float = 8.5
    detail_size: float = 7.5
    row: float = 5.6
    """Height of a warrior's main row (mm)."""
    detail: float = 3.5
    """Height of each detail line under a warrior (mm)."""
    gap: float = 1.6
    """Space after each warrior (mm)."""
    name_min: float = 30.0
    role: float = 17.0
    stat: float = 9.0
    """Width of each stat column (mm)."""
    xp: float = 9.0
    status: float = 30.0
    log_entries: int = 12
    """How many of the last log entries the sheet lists."""
    log_size: float = 7.0
    log_line: float = 3.3
    stat_headers: Mapping[str, str] = field(default_factory=dict)
    """Short column header by stat id."""
    source: str = "<built-in defaults>"

    def fixed_width(self, stat_count: int) -> float:
        """Width (mm) of every column but the name's, for ``stat_count`` stat columns."""
        return self.role + stat_count * self.stat + self.xp + self.status

    def check_fits(self, page_width: float, stat_count: int, paper: str) -> float:
        """The name column's width on a page ``page_width`` mm wide.

        Raises:
            TemplateError: the columns leave less than ``name_min`` for the name.
        """
        name = page_width - 2 * self.margin - self.fixed_width(stat_count)
        if name + 1e-6 < self.name_min:
            raise TemplateError(
                f"{self.source}: {stat_count} stat columns of {self.stat} mm leave "
                f"{max(name, 0):.1f} mm for the name on {paper} paper (name_min_mm is "
                f"{self.name_min}); narrow stat_mm, role_mm, xp_mm or status_mm"
            )
        return name


@cache
def load_campaign_layout() -> CampaignSheetLayout:
    """The roster sheet layout (a user copy overrides the built-in file; cached).

    Raises:
        TemplateError: the file is missing, not TOML, or has bad settings (all listed).
    """
    path = find_template("cards", FILE_NAME)
    return parse_campaign_layout(read_toml(path), source=str(path))


def parse_campaign_layout(
    data: Mapping[str, Any], *, source: str = "<layout>"
) -> CampaignSheetLayout:
    """Build and check the layout from decoded TOML.

    Raises:
        TemplateError: listing every problem (unknown section or setting, wrong type,
            out of range, rows lower than their text).
    """
    problems = Problems(source)
    check_sections(data, (*_LIMITS, "stat_headers"), problems)
    values = bounded_numbers(data, _LIMITS, problems, whole={"log.entries"})
    headers = _stat_headers(data.get("stat_headers", {}), problems)
    defaults = CampaignSheetLayout()
    layout = CampaignSheetLayout(
        margin=float(values.get("page.margin_mm", defaults.margin)),
        title_size=float(values.get("page.title_size", defaults.title_size)),
        heading_size=float(values.get("page.heading_size", defaults.heading_size)),
        text_size=float(values.get("page.text_size", defaults.text_size)),
        detail_size=float(values.get("page.detail_size", defaults.detail_size)),
        row=float(values.get("warriors.row_mm", defaults.row)),
        detail=float(values.get("warriors.detail_mm", defaults.detail)),
        gap=float(values.get("warriors.gap_mm", defaults.gap)),
        name_min=float(values.get("warriors.name_min_mm", defaults.name_min)),
        role=float(values.get("warriors.role_mm", defaults.role)),
        stat=float(values.get("warriors.stat_mm", defaults.stat)),
        xp=float(values.get("warriors.xp_mm", defaults.xp)),
        status=float(values.get("warriors.status_mm", defaults.status)),
        log_entries=int(values.get("log.entries", defaults.log_entries)),
        log_size=float(values.get("log.size", defaults.log_size)),
        log_line=float(values.get("log.line_mm", defaults.log_line)),
        stat_headers=headers,
        source=source,
    )
    check_line_heights(
        (
            ("[warriors] row_mm", layout.row, layout.text_size),
            ("[warriors] detail_mm", layout.detail, layout.detail_size),
            ("[log] line_mm", layout.log_line, layout.log_size),
        ),
        problems,
    )
    problems.raise_if_any("campaign roster layout")
    return layout


def _stat_headers(raw: Any, problems: Problems) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        problems.add('[stat_headers] must be a table of stat id = "short header"')
        return {}
    headers: dict[str, str] = {}
    for key, value in raw.items():
        if not isinstance(value, str) or not value.strip():
            problems.add(f"[stat_headers] {key} must be non-empty text, got {value!r}")
            continue
        headers[str(key)] = value.strip()
    return headers
