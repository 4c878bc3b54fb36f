"""Provides ``force_fingerprint``: a short hash of what a force fields, printed on the roster.

A GM re-computes it with ``cardsmith force show`` or ``cardsmith check`` and compares it
with the printout: if the list was edited after printing, the fingerprint differs.
"""

from __future__ import annotations

import functools
import hashlib
import json
import json.encoder
from typing import Any

from cardsmith.models import Force, ForceEntry, Group, Unit

#: Hex digits shown; 12 (48 bits) is plenty to notice an edit and short to read aloud.
FINGERPRINT_DIGITS = 12


def canonical_force(force: Force) -> dict[str, Any]:
    """The parts of a force that change what is fielded, in a stable form.

    Covered: name, rule pack, PV cap, era and faction (by MUL id, when set), groups, and
    per entry the unit's stats, skill, pilot name, SPAs, group and commander flag.  Not
    covered: pilot wounds and notes (play and campaign state) and the catalogue's
    data-version bookkeeping.  A force without era and faction keeps the fingerprint it
    had before forces carried them.
    """
    return {
        **_allegiance(force),
        "name": force.name,
        "pack": force.pack,
        "cap": force.cap,
        "groups": [[g.name, g.formation] for g in force.groups],
        "entries": [
            {
                "unit": entry.unit.to_dict(),
                "skill": entry.skill,
                "pilot": entry.pilot.name,
                "spas": list(entry.spas),
                "group": entry.group,
                "commander": entry.commander,
            }
            for entry in force.entries
        ],
    }


def _allegiance(force: Force) -> dict[str, int]:
    found: dict[str, int] = {}
    if force.era is not None:
        found["era"] = force.era.id
    if force.faction is not None:
        found["faction"] = force.faction.id
    return found


_dumps = functools.partial(json.dumps, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
#: ``_dumps`` of one text (what ``json.dumps`` itself calls for a ``str``).
_text = json.encoder.encode_basestring

#: Most texts kept by each cache below; more are dropped all at once.
_MAX_TEXTS = 4096
#: Unit → its canonical JSON text, by object identity: force files hand back one frozen
#: ``Unit`` per distinct snapshot (``forces.snapshots``), so a folder of lists writes each
#: unit's text once.  The unit is kept beside its text, so an id is never reused.
_UNIT_TEXT: dict[int, tuple[Unit, str]] = {}
#: Entry → its canonical text, likewise: force files hand back one frozen ``ForceEntry``
#: per distinct entry (``forces.fast_read``).
_ENTRY_TEXT: dict[int, tuple[ForceEntry, str]] = {}
#: A force's groups → their text.
_GROUPS: dict[tuple[Group, ...], str] = {}


def canonical_text(force: Force) -> str:
    """``canonical_force`` as compact JSON with sorted keys: the text the fingerprint hashes.

    Built piece by piece, each entry's and unit's text written once per object; the
    result is the very string ``json.dumps(canonical_force(force), sort_keys=True, …)``
    gives.
    """
    entries = []
    for entry in force.entries:
        known = _ENTRY_TEXT.get(id(entry))
        if known is None or known[0] is not entry:
            known = (entry, _entry_text(entry))
            _remember(_ENTRY_TEXT, id(entry), known)
        entries.append(known[1])
    groups = _GROUPS.get(force.groups) if type(force.groups) is tuple else None
    if groups is None:
        groups = _dumps([[g.name, g.formation] for g in force.groups])
        if type(force.groups) is tuple:
            _remember(_GROUPS, force.groups, groups)
    # "era" and "faction" sort between "entries" and "groups".
    allegiance = "".join(f'"{key}":{value},' for key, value in _allegiance(force).items())
    cap = force.cap
    return (
        f'{{"cap":{"null" if cap is None else _dumps(cap)},"entries":[{",".join(entries)}],'
        f'{allegiance}"groups":{groups},"name":{_exact_text(force.name)},'
        f'"pack":{_exact_text(force.pack)}}}'
    )


def _exact_text(value: object) -> str:
    """``_dumps(value)``, quicker for the usual types."""
    if isinstance(value, str):
        return _text(value)
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        return int.__repr__(value)  # as the encoder writes it (a subclass may differ)
    return _dumps(value)


def _entry_text(entry: ForceEntry) -> str:
    # The keys in sorted order, each value written as ``_dumps`` writes it; "unit" sorts
    # last.  Written directly: a named pilot makes most entries' own fields unique.
    spas = ",".join([_exact_text(spa) for spa in entry.spas])
    return (
        f'{{"commander":{_exact_text(entry.commander)},"group":{_exact_text(entry.group)},'
        f'"pilot":{_exact_text(entry.pilot.name)},"skill":{_exact_text(entry.skill)},'
        f'"spas":[{spas}],"unit":{_unit_text(entry.unit)}}}'
    )


def _unit_text(unit: Unit) -> str:
    known = _UNIT_TEXT.get(id(unit))
    if known is not None and known[0] is unit:
        return known[1]
    text = _dumps(unit.to_dict())
    _remember(_UNIT_TEXT, id(unit), (unit, text))
    return text


def _remember(cache: dict[Any, Any], key: object, value: object) -> None:
    if len(cache) >= _MAX_TEXTS:
        cache.clear()
    cache[key] = value


def force_fingerprint(force: Force) -> str:
    """SHA-256 of the canonical form, first 12 hex digits, as ``xxxx-xxxx-xxxx``."""
    digest = hashlib.sha256(canonical_text(force).encode("utf-8")).hexdigest()
    digest = digest[:FINGERPRINT_DIGITS]
    return "-".join(digest[i : i + 4] for i in range(0, FINGERPRINT_DIGITS, 4))
