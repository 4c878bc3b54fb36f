"""Provides ``first_rows`` for the app: units to show while the catalogue's index loads.

Kept apart from ``services.catalogue`` so that reading them imports only SQLite and
the index's row type, not the whole catalogue.
"""

from __future__ import annotations

from pathlib import Path

from cardsmith.catalogue.first_rows import first_rows as _first_rows
from cardsmith.catalogue.index_rows import IndexRow


def first_rows(cache_dir: Path, count: int) -> list[IndexRow]:
    """The first ``count`` rows of the local catalogue in display order ([] if none yet)."""
    return _first_rows(cache_dir, count)
