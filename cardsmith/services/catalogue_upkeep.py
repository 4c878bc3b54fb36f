"""Provides the catalogue's upkeep use cases for both shells: import files, info, clear.

Kept apart from searching (``cardsmith.services.catalogue``) so that a search does not
load the dump reader, the availability answers and the reports these need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardsmith.catalogue.availability import Coverage
from cardsmith.catalogue.dump import UnitDocument, UnitRecord, read_unit_document
from cardsmith.catalogue.imports import ImportedAvailability, availability_of
from cardsmith.catalogue.store_records import CatalogueInfo, StoreReport
from cardsmith.services.catalogue import open_catalogue


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What ``catalogue import`` stored."""

    files: tuple[str, ...]
    store: StoreReport
    no_stats: int
    """Units without Alpha Strike stats (kept and searchable, not addable)."""
    availability: tuple[ImportedAvailability, ...] = ()


def import_files(cache_dir: Path, files: Sequence[Path]) -> ImportReport:
    """Import unit files (QuickList dumps, raw MUL answers, cardsmith catalogue files).

    Every file is read and checked first; then all of them are stored in one
    transaction, so a bad file (or a full disk) imports nothing.  Raw answers to an
    ``AvailableEras`` query also store their availability list.

    Raises:
        CatalogueDataError: a file that cannot be read (nothing is imported).
        CatalogueStoreError: the catalogue cannot be written (nothing is imported).
    """
    documents: list[tuple[Path, UnitDocument]] = [(f, read_unit_document(f)) for f in files]
    found = [availability_of(doc, origin=str(path)) for path, doc in documents]
    records: dict[int, UnitRecord] = {}
    for _path, doc in documents:
        records.update((r.unit.mul_id, r) for r in doc.records)
    names = ",".join(path.name for path, _ in documents)
    with open_catalogue(cache_dir) as catalogue, catalogue.transaction():
        report = catalogue.add(records.values(), source=f"import:{names}"[:200])
        lists = [item.list for item in found if item is not None and item.list is not None]
        factions = [f for item in found if item is not None for f in item.factions]
        if factions:
            catalogue.add_factions(factions, source="import")
        if lists:
            catalogue.add_availability(lists, source=f"import:{names}"[:200])
    no_stats = sum(1 for r in records.values() if not r.unit.has_stats)
    return ImportReport(
        tuple(path.name for path, _ in documents),
        report,
        no_stats,
        tuple(item for item in found if item is not None),
    )


@dataclass(frozen=True, slots=True)
class InfoReport:
    """``catalogue info``: counts, ages and the availability data's coverage."""

    facts: CatalogueInfo
    last_sync: str | None
    availability_version: str | None
    coverage: list[Coverage] = field(default_factory=list)
    factions: dict[int, str] = field(default_factory=dict)
    read_only: str | None = None
    notices: tuple[str, ...] = ()


def info(cache_dir: Path) -> InfoReport:
    """Counts by type and source, data age, availability coverage and where the store is."""
    with open_catalogue(cache_dir) as catalogue:
        return InfoReport(
            catalogue.info(),
            catalogue.meta("last-sync"),
            catalogue.availability_version(),
            catalogue.coverage(),
            {f.id: f.name for f in catalogue.factions()},
            catalogue.read_only,
            tuple(catalogue.notices),
        )


def count_units(cache_dir: Path) -> tuple[int, Path]:
    """How many units the catalogue holds, and where it is (for the clear prompt)."""
    with open_catalogue(cache_dir) as catalogue:
        return len(catalogue), catalogue.path


def clear(cache_dir: Path) -> int:
    """Remove every unit and availability list; the starter returns on the next open."""
    with open_catalogue(cache_dir) as catalogue:
        return catalogue.clear()
