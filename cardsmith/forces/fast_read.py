"""Provides the force reader's quick path: plain entries, and files surely within the limits.

An event's lists are mostly plain: units seen before, the usual types, no unknown keys.
``plain_entry`` reads such an entry with a few exact type tests; anything else (a new
snapshot, a value of another type, a bad skill) gets None, and the general reader in
``force_file`` reads it and words what is wrong.  So the quick path never accepts what the
general reader refuses, and never changes a message.
"""

from __future__ import annotations

import marshal
from typing import Any

from cardsmith import limits
from cardsmith.forces.snapshots import MARSHAL_VERSION, MAX_REMEMBERED, check_stats, known_unit
from cardsmith.models.force import MAX_SKILL, MIN_SKILL, ForceEntry, Pilot

#: The pilot of most entries: no name, no wounds, no notes.
_NO_PILOT = Pilot()


#: An entry's exact JSON text (``entry_scan``), else its ``marshal`` bytes (as for
#: snapshots, exact for JSON data) → the entry the reader built from it, and whether it is
#: surely within the shared limits.  Entries repeat as their units do (same unit, skill,
#: pilot), so most are read by one look-up; a text from ``entry_scan`` is the same string
#: object for every repeat, so that look-up does not even hash it again.
_ENTRIES: dict[str | bytes, tuple[ForceEntry, bool]] = {}
MAX_ENTRIES = 4096


def plain_entry(raw: object, text: str | None = None) -> tuple[ForceEntry, bool] | None:
    """The entry ``raw`` as the general reader builds it, when it is plain, and whether it
    is surely within the shared limits (False: only the walk can tell); else None.

    Plain: a JSON object whose unit snapshot was read (and checked) before, with each
    field of exactly the type the reader asks for and within its bounds.  ``text``: the
    entry's JSON text, which keys it (equal text, equal data); without it, its data
    does.  The entry is frozen, so a repeat gets the same object back.
    """
    if type(raw) is not dict:
        return None
    if text is None:
        try:
            key: str | bytes = marshal.dumps(raw, MARSHAL_VERSION)
        except ValueError:  # a value JSON does not give
            return None
    else:
        key = text
    found = _ENTRIES.get(key)
    if found is None:
        entry = _read_plain(raw)
        if entry is None:
            return None
        found = (entry, _entry_within_limits(raw))
        if len(key) <= MAX_REMEMBERED:
            if len(_ENTRIES) >= MAX_ENTRIES:
                _ENTRIES.clear()
            _ENTRIES[key] = found
    return found


def _read_plain(raw: dict[str, Any]) -> ForceEntry | None:
    unit = known_unit(raw.get("unit"), check_stats)
    if unit is None:
        return None
    if "mul_id" in raw and raw["mul_id"] != unit.mul_id:
        return None
    skill = raw.get("skill", 4)
    if type(skill) is not int or not MIN_SKILL <= skill <= MAX_SKILL:
        return None
    pilot = _plain_pilot(raw.get("pilot"))
    spas = raw.get("spas", [])
    group = raw.get("group")
    commander = raw.get("commander", False)
    unit_version = raw.get("unit_version")
    if (
        pilot is None
        or type(spas) is not list
        or (group is not None and type(group) is not str)
        or type(commander) is not bool
        or (unit_version is not None and type(unit_version) is not str)
    ):
        return None
    for spa in spas:
        if type(spa) is not str:
            return None
    return ForceEntry(
        unit=unit,
        skill=skill,
        pilot=pilot,
        spas=tuple(spas),
        group=group or "",
        commander=commander,
        unit_version=unit_version or "",
    )


def _plain_pilot(raw: object) -> Pilot | None:
    if raw is None:
        return _NO_PILOT
    if type(raw) is str:
        return Pilot(name=raw)
    if type(raw) is not dict:
        return None
    name, wounds, notes = raw.get("name"), raw.get("wounds", 0), raw.get("notes")
    if (
        (name is not None and type(name) is not str)
        or type(wounds) is not int
        or wounds < 0
        or (notes is not None and type(notes) is not str)
    ):
        return None
    if not name and not wounds and not notes:
        return _NO_PILOT
    return Pilot(name=name or "", wounds=wounds, notes=notes or "")


#: The keys the reader knows, at each level of a force file.  Each is read and its type
#: checked (``generator`` is not read: ``within_limits`` asks for text there).
_DOCUMENT_KEYS = frozenset(
    {"format", "version", "generator", "name", "pack", "cap", "data_version", "era",
     "faction", "groups", "entries"}
)  # fmt: skip
_ENTRY_KEYS = frozenset(
    {"mul_id", "unit", "unit_version", "skill", "pilot", "spas", "group", "commander"}
)
_PILOT_KEYS = frozenset({"name", "wounds", "notes"})
_GROUP_KEYS = frozenset({"name", "formation"})
_REF_KEYS = frozenset({"id", "name"})


def within_limits(data: dict[str, Any]) -> bool:
    """True when ``data``, a version-1 document the reader accepted, is surely within the
    shared limits outside its entries; False when only the walk can tell.

    The reader has checked the type of every known value: text, booleans, bounded whole
    numbers (skill, ids), lists of text, nothing nested deeper than a pilot.  What is
    left: unknown keys (any value, any depth), a ``generator`` that is not text, and the
    numbers bounded only from below (the cap; a pilot's wounds, which ``plain_entry``
    answers for each entry).
    """
    if data.get("version") != 1 or not data.keys() <= _DOCUMENT_KEYS:
        return False  # a migrated document was read in another shape
    if type(data.get("generator", "")) is not str:
        return False
    cap = data.get("cap")
    if cap is not None and cap > limits.SQLITE_MAX:
        return False
    for key in ("era", "faction"):
        ref = data.get(key)
        if ref is not None and not ref.keys() <= _REF_KEYS:
            return False
    return all(group.keys() <= _GROUP_KEYS for group in data.get("groups", ()))


def _entry_within_limits(entry: dict[str, Any]) -> bool:
    """``within_limits`` for one plain entry (its unit snapshot is walked on its own)."""
    if not entry.keys() <= _ENTRY_KEYS:
        return False
    pilot = entry.get("pilot")
    if type(pilot) is dict:  # plain: else None or text
        return pilot.keys() <= _PILOT_KEYS and pilot.get("wounds", 0) <= limits.SQLITE_MAX
    return True
