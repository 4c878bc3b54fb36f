"""Provides ``SearchFilters``: the field filters a search keeps index rows by.

Apart from the search index so that the app's catalogue screen can hold its filters
before the index (and its regular expressions, ranking and rows) is loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from cardsmith.catalogue.search import IndexRow


class SearchFilters(NamedTuple):
    """Field filters; every given filter must match (values within one filter are ORed)."""

    types: frozenset[str] = frozenset()
    roles: frozenset[str] = frozenset()
    sizes: frozenset[int] = frozenset()
    pv_min: int | None = None
    pv_max: int | None = None
    move_min: float | None = None
    specials: frozenset[str] = frozenset()
    """Ability codes that must all be present (``IF``, ``ECM`` …)."""
    eras: frozenset[int] = frozenset()
    techs: frozenset[str] = frozenset()
    rules: frozenset[str] = frozenset()
    usable_only: bool = False
    """Leave out records without Alpha Strike stats."""
    available: frozenset[int] | None = None
    """MUL ids available in the era (and faction) asked for; None: no availability filter."""

    def accepts(self, row: IndexRow) -> bool:
        """True when the row passes every filter."""
        if self.usable_only and not row.has_stats:
            return False
        if self.types and row.type not in self.types:
            return False
        if self.roles and (row.role or "").casefold() not in self.roles:
            return False
        if self.sizes and row.size not in self.sizes:
            return False
        if self.pv_min is not None and row.pv < self.pv_min:
            return False
        if self.pv_max is not None and row.pv > self.pv_max:
            return False
        if self.move_min is not None and row.max_move < self.move_min:
            return False
        if self.specials and not all(f",{code}," in row.specials for code in self.specials):
            return False
        if self.eras and row.era_id not in self.eras:
            return False
        if self.techs and row.technology.casefold() not in self.techs:
            return False
        if self.available is not None and row.mul_id not in self.available:
            return False
        return not (self.rules and row.rules.casefold() not in self.rules)

    @property
    def empty(self) -> bool:
        """True when no filter is set."""
        return self == SearchFilters()
