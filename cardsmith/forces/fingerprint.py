"""Provides ``force_fingerprint``: a short hash of what a force fields, printed on the roster.

A GM re-computes it with ``cardsmith force show`` or ``cardsmith check`` and compares it
with the printout: if the list was edited after printing, the fingerprint differs.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from cardsmith.models import Force

#: Hex digits shown; 12 (48 bits) is plenty to notice an edit and short to read aloud.
FINGERPRINT_DIGITS = 12


def canonical_force(force: Force) -> dict[str, Any]:
    """The parts of a force that change what is fielded, in a stable form.

    Covered: name, rule pack, PV cap, groups, and per entry the unit's stats, skill,
    pilot name, SPAs, group and commander flag.  Not covered: pilot wounds and notes
    (play and campaign state) and the catalogue's data-version bookkeeping.
    """
    return {
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


def force_fingerprint(force: Force) -> str:
    """SHA-256 of the canonical form, first 12 hex digits, as ``xxxx-xxxx-xxxx``."""
    text = json.dumps(
        canonical_force(force), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:FINGERPRINT_DIGITS]
    return "-".join(digest[i : i + 4] for i in range(0, FINGERPRINT_DIGITS, 4))
