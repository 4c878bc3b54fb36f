"""Provides ``unit_from_snapshot``: the units of force files, each distinct snapshot read once.

A folder of event lists repeats the same units over and over (every Atlas AS7-D snapshot
is the same JSON object); reading each distinct snapshot once, and handing the same
frozen ``Unit`` back for the repeats, keeps ``cardsmith check`` on 1,000 lists near the
cost of parsing their JSON.  The key is the snapshot's ``repr``: exact for JSON data
(it tells ``1`` from ``1.0`` and ``true``), so a repeat is only ever the same text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardsmith.models.unit import Unit

#: Distinct snapshots kept; more than any event uses, few enough to stay small.
MAX_SNAPSHOTS = 4096

_UNITS: dict[str, Unit] = {}


def unit_from_snapshot(data: Mapping[str, Any]) -> Unit:
    """``Unit.from_dict(data)``, answered from memory when the same snapshot came before.

    Raises:
        CatalogueDataError: as ``Unit.from_dict`` (a bad snapshot is never remembered).
    """
    if not isinstance(data, dict):
        return Unit.from_dict(data)
    key = repr(data)
    unit = _UNITS.get(key)
    if unit is None:
        unit = Unit.from_dict(data)
        if len(_UNITS) >= MAX_SNAPSHOTS:
            _UNITS.clear()
        _UNITS[key] = unit
    return unit
