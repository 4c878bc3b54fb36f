"""Provides ``unit_from_snapshot``: the units of force files, each distinct snapshot read once.

A folder of event lists repeats the same units over and over (every Atlas AS7-D snapshot
is the same JSON object); reading each distinct snapshot once, and handing the same
frozen ``Unit`` back for the repeats, keeps ``cardsmith check`` on 1,000 lists near the
cost of parsing their JSON.  The key is the snapshot's ``marshal`` bytes: exact for JSON
data (it tells ``1`` from ``1.0`` and ``true``), so a repeat is only ever the same data,
and three times as quick to make as its ``repr``.  A snapshot is walked for the shared
limits (depth, finite numbers, SQLite integers) and given to the caller's ``check`` when
it is first read; its repeats, being the same data, need neither again.
"""

from __future__ import annotations

import marshal
import math
from collections.abc import Callable, Mapping
from typing import Any

from cardsmith import limits
from cardsmith.errors import CardsmithError, ForceFileError
from cardsmith.models.unit import Unit

#: A snapshot sits inside a force file's document, entries list and entry: three levels.
_SNAPSHOT_DEPTH = limits.MAX_DEPTH - 3

#: Distinct snapshots kept; more than any event uses, few enough to stay small.
MAX_SNAPSHOTS = 4096

#: Largest key the readers' memories keep (an entry's text in characters, a snapshot's or
#: entry's ``marshal`` form in bytes): 5× the largest entry of the whole MUL (1,601
#: characters with a named, noted pilot and three SPAs).  A larger one is read each time
#: it comes, so a folder of files with huge values cannot fill memory by repeating them.
MAX_REMEMBERED = 8 * 1024

#: What a caller checks in each new snapshot's unit (``check_stats``); may raise.
SnapshotCheck = Callable[[Unit, Mapping[str, Any], str], None]

#: Snapshot key → its unit, per ``check`` function (a unit passed one caller's check has
#: not necessarily passed another's).
_UNITS: dict[tuple[SnapshotCheck | None, bytes], Unit] = {}

#: ``marshal`` format 2.  Its bytes spell out the exact data, so equal bytes mean equal
#: data, types included.  Formats 3 and up mark objects held elsewhere too (by reference
#: count) and so give other bytes for the same data once a reader keeps a value (a unit's
#: name, an entry shared by ``entry_scan``); format 2 has no such marks.
MARSHAL_VERSION = 2


def unit_from_snapshot(
    data: Mapping[str, Any],
    *,
    where: str = "unit snapshot",
    error: type[CardsmithError] = CardsmithError,
    check: SnapshotCheck | None = None,
) -> Unit:
    """``Unit.from_dict(data)``, answered from memory when the same snapshot came before.

    A new snapshot is first held to the shared limits; ``where`` and ``error`` word that
    refusal (``lance.json: entries[2].unit: pv is not a finite number``).  ``check``, when
    given, is called as ``check(unit, data, where)`` on a new snapshot's unit and may
    refuse it by raising; a refused snapshot is never remembered, so its repeats are
    checked (and refused) again.

    Raises:
        CatalogueDataError: as ``Unit.from_dict`` (a bad snapshot is never remembered).
        CardsmithError: ``error``, for a snapshot over the limits; what ``check`` raises.
    """
    key = _key(data, check)
    if key is None:  # not plain JSON data (built in code), or too large: read, not kept
        return _read(data, where, error, check)
    unit = _UNITS.get(key)
    if unit is None:
        unit = _read(data, where, error, check)
        if len(_UNITS) >= MAX_SNAPSHOTS:
            _UNITS.clear()
        _UNITS[key] = unit
    return unit


def known_unit(data: object, check: SnapshotCheck | None = None) -> Unit | None:
    """The unit of ``data`` when the same snapshot was read before with the same ``check``
    (and so passed it); None when it is new, or not plain JSON data."""
    key = _key(data, check)
    return None if key is None else _UNITS.get(key)


def _key(data: object, check: SnapshotCheck | None) -> tuple[SnapshotCheck | None, bytes] | None:
    if type(data) is not dict:
        return None
    try:
        key = marshal.dumps(data, MARSHAL_VERSION)
    except ValueError:  # a value JSON does not give (or nested past marshal's depth)
        return None
    return None if len(key) > MAX_REMEMBERED else (check, key)


def _read(
    data: Mapping[str, Any],
    where: str,
    error: type[CardsmithError],
    check: SnapshotCheck | None,
) -> Unit:
    if isinstance(data, dict):
        limits.check_tree(data, where=where, error=error, max_depth=_SNAPSHOT_DEPTH)
    unit = Unit.from_dict(data)
    if check is not None:
        check(unit, data, where)
    return unit


def check_stats(unit: Unit, raw: Mapping[str, Any], where: str) -> None:
    """Refuse a snapshot no card could show (a hand edit gone wrong), naming the field."""
    # Counts and points: none is below 0 on a real card (ASCE p.22-29).
    counts = {
        "pv": unit.pv,
        "size": unit.size,
        "armor": unit.armor,
        "structure": unit.structure,
        "threshold": unit.threshold,
        "overheat": unit.overheat,
        "tmm": unit.tmm,
    }
    for name, value in counts.items():
        if value < 0:
            raise ForceFileError(
                f'{where}: "{name}" is {value}; {unit.name} cannot have a negative {name}'
            )
    for band, damage in zip("SMLE", unit.damage, strict=True):
        if damage.value < 0:
            raise ForceFileError(
                f"{where}: damage at range {band} is {damage}; damage is never negative"
            )
    move = raw.get("move") if isinstance(raw, Mapping) else None
    if isinstance(move, str) and move.strip() and not unit.move:
        raise ForceFileError(f'{where}: "move" {move!r} is not a move such as 8" or 10"j')
    if not math.isfinite(unit.tonnage) or unit.tonnage < 0:
        raise ForceFileError(f'{where}: "tonnage" must be a finite number of 0 or more')
