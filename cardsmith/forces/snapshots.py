"""Provides ``unit_from_snapshot``: the units of force files, each distinct snapshot read once.

A folder of event lists repeats the same units over and over (every Atlas AS7-D snapshot
is the same JSON object); reading each distinct snapshot once, and handing the same
frozen ``Unit`` back for the repeats, keeps ``cardsmith check`` on 1,000 lists near the
cost of parsing their JSON.  The key is the snapshot's ``repr``: exact for JSON data
(it tells ``1`` from ``1.0`` and ``true``), so a repeat is only ever the same text.
A snapshot is walked for the shared limits (depth, finite numbers, SQLite integers)
when it is first read; its repeats, being the same text, need no second walk.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardsmith import limits
from cardsmith.errors import CardsmithError
from cardsmith.models.unit import Unit

#: A snapshot sits inside a force file's document, entries list and entry: three levels.
_SNAPSHOT_DEPTH = limits.MAX_DEPTH - 3

#: Distinct snapshots kept; more than any event uses, few enough to stay small.
MAX_SNAPSHOTS = 4096

_UNITS: dict[str, Unit] = {}


def unit_from_snapshot(
    data: Mapping[str, Any],
    *,
    where: str = "unit snapshot",
    error: type[CardsmithError] = CardsmithError,
) -> Unit:
    """``Unit.from_dict(data)``, answered from memory when the same snapshot came before.

    A new snapshot is first held to the shared limits; ``where`` and ``error`` word that
    refusal (``lance.json: entries[2].unit: pv is not a finite number``).

    Raises:
        CatalogueDataError: as ``Unit.from_dict`` (a bad snapshot is never remembered).
        CardsmithError: ``error``, for a snapshot over the limits.
    """
    if not isinstance(data, dict):
        return Unit.from_dict(data)
    key = repr(data)
    unit = _UNITS.get(key)
    if unit is None:
        limits.check_tree(data, where=where, error=error, max_depth=_SNAPSHOT_DEPTH)
        unit = Unit.from_dict(data)
        if len(_UNITS) >= MAX_SNAPSHOTS:
            _UNITS.clear()
        _UNITS[key] = unit
    return unit
