"""Provides ``FilterSummary``: the line under the search box that says which filters are set."""

from __future__ import annotations

from textual.widgets import Static

from cardsmith.catalogue.eras import era_name
from cardsmith.services.filter_text import FilterText
from cardsmith.wording import shorten


def describe(text: FilterText) -> str:
    """The filters in a few words: ``BM · PV 30–50 · Clan · available in Jihad``."""
    parts: list[str] = [*text.types]
    parts += [role for role in text.roles]
    if text.sizes:
        parts.append("size " + ",".join(text.sizes))
    if text.pv_min or text.pv_max:
        parts.append(f"PV {text.pv_min or '…'}–{text.pv_max or '…'}")
    parts += [f"has {code}" for code in text.specials]
    parts += [f"made in {era_name(int(e)) if e.isdigit() else e}" for e in text.eras]
    parts += list(text.techs) + list(text.rules)
    if text.available_in:
        era = era_name(int(text.available_in)) if text.available_in.isdigit() else text.available_in
        parts.append(f"available in {era}" + (f" to {text.faction}" if text.faction else ""))
    if text.usable_only:
        parts.append("with AS stats")
    return " · ".join(parts)


class FilterSummary(Static):
    """One line under the search box: the filters set, and the key that edits them."""

    DEFAULT_CSS = """
    FilterSummary { height: 1; padding: 0 1; color: $text-muted; }
    """

    def show(self, text: FilterText) -> None:
        """Say which filters are set (shortened to the width, keeping its end)."""
        said = describe(text)
        line = (
            f"Filters: {said}   (Ctrl+G change, Ctrl+L clear)"
            if said
            else "No filters — Ctrl+G filters by type, role, size, PV, specials, eras, tech, "
            "rules and availability"
        )
        width = self.content_size.width or 78
        self.update(shorten(line, width))
