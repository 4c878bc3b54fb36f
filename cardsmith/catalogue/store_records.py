"""Provides what the catalogue store reports: a unit's version, an import's changes, counts.

Apart from ``catalogue.store`` so that a search, which reads units and none of these,
does not build their classes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class UnitVersion:
    """Where a stored unit came from: source, time and content hash."""

    source: str
    fetched_at: str
    content_hash: str


@dataclass(frozen=True, slots=True)
class StoreReport:
    """How an import or fetch changed the catalogue."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0

    @property
    def total(self) -> int:
        """Records looked at."""
        return self.added + self.updated + self.unchanged

    def __add__(self, other: StoreReport) -> StoreReport:
        return StoreReport(
            self.added + other.added, self.updated + other.updated, self.unchanged + other.unchanged
        )


@dataclass(frozen=True, slots=True)
class CatalogueInfo:
    """Counts and versions for ``catalogue info``."""

    path: Path
    total: int
    usable: int
    by_type: dict[str, int]
    by_source: dict[str, int]
    newest: str
    oldest: str
