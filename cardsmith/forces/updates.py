"""Provides the check for newer unit versions in the catalogue and the update of a force."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from cardsmith.catalogue.dump import content_hash
from cardsmith.forces.editing import can_join, entry_position, with_entries
from cardsmith.models.force import Force
from cardsmith.models.unit import Unit


class _UnitVersion(Protocol):
    @property
    def content_hash(self) -> str: ...


class UnitSource(Protocol):
    """What update checks need from a catalogue (``Catalogue`` satisfies it)."""

    def get(self, mul_id: int) -> Unit | None: ...

    def version(self, mul_id: int) -> _UnitVersion | None: ...


# -- catalogue updates --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OutdatedEntry:
    """An entry whose unit the catalogue holds in another version."""

    index: int
    """1-based entry index."""
    mul_id: int
    name: str
    have: str
    """Content hash of the snapshot in the force."""
    available: str
    """Content hash of the catalogue's version."""


def outdated_entries(force: Force, catalogue: UnitSource) -> list[OutdatedEntry]:
    """Entries whose unit the catalogue holds in a different (newer) version."""
    found = []
    for index, entry in enumerate(force.entries, start=1):
        version = catalogue.version(entry.unit.mul_id)
        if version is None:
            continue
        have = entry.unit_version or content_hash(entry.unit)
        if version.content_hash != have:
            found.append(
                OutdatedEntry(index, entry.unit.mul_id, entry.name, have, version.content_hash)
            )
    return found


def update_entries(
    force: Force, catalogue: UnitSource, indices: Iterable[int] | None = None
) -> tuple[Force, list[OutdatedEntry]]:
    """Replace unit snapshots with the catalogue's versions (all outdated, or ``indices``).

    Skill, pilot, SPAs, group and commander stay as they are.

    Raises:
        ForceEditError: an index that is not an entry.
    """
    outdated = outdated_entries(force, catalogue)
    if indices is not None:
        wanted = set(indices)
        for index in wanted:
            entry_position(force, index)
        outdated = [o for o in outdated if o.index in wanted]
    entries = list(force.entries)
    applied = []
    for item in outdated:
        unit = catalogue.get(item.mul_id)
        if unit is None or not can_join(unit):
            continue
        entries[item.index - 1] = entries[item.index - 1].with_changes(
            unit=unit, unit_version=item.available
        )
        applied.append(item)
    return with_entries(force, entries), applied
