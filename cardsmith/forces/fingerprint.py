"""Provides ``force_fingerprint``: a short hash of what a force fields, printed on the roster.

A GM re-computes it with ``cardsmith force show`` or ``cardsmith check`` and compares it
with the printout: if the list was edited after printing, the fingerprint differs.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from cardsmith.models import Force, Unit

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

#: Unit → its canonical JSON text, by object identity: force files hand back one frozen
#: ``Unit`` per distinct snapshot (``forces.snapshots``), so a folder of lists writes each
#: unit's text once.  The unit is kept beside its text, so an id is never reused.
_UNIT_TEXT: dict[int, tuple[Unit, str]] = {}
_MAX_UNIT_TEXTS = 4096
#: An entry's own fields (commander, group, pilot, skill, SPAs) → their text before the
#: unit: most entries of an event share them (skill 4, no pilot name, no SPAs).
_HEADS: dict[tuple[bool, str, str, int, tuple[str, ...]], str] = {}


def canonical_text(force: Force) -> str:
    """``canonical_force`` as compact JSON with sorted keys: the text the fingerprint hashes.

    Built piece by piece, each unit's text written once per unit object; the result is
    the very string ``json.dumps(canonical_force(force), sort_keys=True, …)`` gives.
    """
    entries = []
    for entry in force.entries:
        fields = (entry.commander, entry.group, entry.pilot.name, entry.skill, entry.spas)
        head = _HEADS.get(fields)
        if head is None:
            # "unit" sorts last among an entry's keys: its text replaces the placeholder 0.
            text = _dumps(
                {
                    "commander": entry.commander,
                    "group": entry.group,
                    "pilot": entry.pilot.name,
                    "skill": entry.skill,
                    "spas": list(entry.spas),
                    "unit": 0,
                }
            )
            head = text[:-2]
            if len(_HEADS) >= _MAX_UNIT_TEXTS:
                _HEADS.clear()
            _HEADS[fields] = head
        entries.append(head + _unit_text(entry.unit) + "}")
    groups = _dumps([[g.name, g.formation] for g in force.groups])
    # "era" and "faction" sort between "entries" and "groups".
    allegiance = "".join(f'"{key}":{value},' for key, value in _allegiance(force).items())
    return (
        f'{{"cap":{_dumps(force.cap)},"entries":[{",".join(entries)}],{allegiance}'
        f'"groups":{groups},"name":{_dumps(force.name)},"pack":{_dumps(force.pack)}}}'
    )


def _unit_text(unit: Unit) -> str:
    known = _UNIT_TEXT.get(id(unit))
    if known is not None and known[0] is unit:
        return known[1]
    text = _dumps(unit.to_dict())
    if len(_UNIT_TEXT) >= _MAX_UNIT_TEXTS:
        _UNIT_TEXT.clear()
    _UNIT_TEXT[id(unit)] = (unit, text)
    return text


def force_fingerprint(force: Force) -> str:
    """SHA-256 of the canonical form, first 12 hex digits, as ``xxxx-xxxx-xxxx``."""
    digest = hashlib.sha256(canonical_text(force).encode("utf-8")).hexdigest()
    digest = digest[:FINGERPRINT_DIGITS]
    return "-".join(digest[i : i + 4] for i in range(0, FINGERPRINT_DIGITS, 4))
