"""Provides MegaMek ``.mul`` export that MegaMek, MekHQ and MekBay load (facts §8.1).

MegaMek finds a unit by the exact text ``chassis + " " + model`` (MULParser.getEntity),
MekBay by the same text of its own unit list, so the names are written as MegaMek's unit
files give them now: a base variant with no model (its unit files dropped the old
``(Standard)``, which only its rename list still finds) and battle armor without a space
before its squad, ``[LRR](Sqd4)``.  SPAs go into the pilot's ``advantages`` under
MegaMek's option names, groups into ``<Force>``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET  # builds output only
from dataclasses import dataclass

from cardsmith import __version__
from cardsmith.forces.spa_model import choice_key, split_choice
from cardsmith.formats.megamek_data import MegaMekFacts, megamek_facts
from cardsmith.formats.megamek_xml import mul_skills
from cardsmith.models.force import Force, ForceEntry
from cardsmith.models.unit import Unit, UnitType

#: The ``version`` written: which program made the file, not a MegaMek version.  MegaMek
#: warns on a missing version and reads any value; MekBay writes ``mekbay-<version>``.
GENERATOR = f"cardsmith-{__version__}"

_SQUAD = re.compile(r"^(?P<head>.*?)\s*\((?P<squad>Sqd(?P<size>\d+))\)$")
_LAST_PAREN = re.compile(r"^(?P<chassis>.*\S)\s+(?P<paren>\([^()]*\))$")

#: MegaMek motive names for an entity's ``type`` by movement mode letter (facts §1.5 modes).
_MOTIVE_BY_MODE = {
    "t": "Tracked",
    "w": "Wheeled",
    "h": "Hover",
    "v": "VTOL",
    "g": "WiGE",
    "n": "Naval",
    "s": "Submarine",
    "f": "Leg",
    "m": "Motorized",
    "j": "Jump",
}


@dataclass(frozen=True, slots=True)
class MegaMekName:
    """The two attributes MegaMek looks a unit up by."""

    chassis: str
    model: str

    @property
    def key(self) -> str:
        """``chassis model`` as MegaMek joins them."""
        return f"{self.chassis} {self.model}".strip()


def megamek_name(unit: Unit) -> MegaMekName:
    """MegaMek's chassis and model for a catalogue unit."""
    chassis = (unit.chassis or unit.name).strip()
    model = unit.variant.strip() if unit.chassis else ""
    squad = _SQUAD.match(model)
    if unit.type is UnitType.BA and squad is not None:
        head = squad["head"].strip()
        tail = _LAST_PAREN.match(chassis) if not head else None
        if tail is not None:
            # MUL "Longinus Battle Armor (Magnetic)" + "(Sqd4)" is MegaMek's
            # "Longinus Battle Armor" + "(Magnetic)(Sqd4)".
            chassis, head = tail["chassis"], tail["paren"]
        model = f"{head}({squad['squad']})"
    return MegaMekName(chassis, model)


def _motive(unit: Unit, facts: MegaMekFacts) -> str:
    """A MegaMek ``type`` that fits the unit (the reader uses it to tell kinds apart)."""
    if unit.type in (UnitType.CV, UnitType.SV):
        for mode in unit.move:
            if mode.mode in _MOTIVE_BY_MODE:
                return _MOTIVE_BY_MODE[mode.mode]
        return "Tracked"
    if unit.type in (UnitType.BA, UnitType.CI) and unit.move:
        for mode in unit.move:
            if mode.mode in ("j", "m", "f"):
                return _MOTIVE_BY_MODE[mode.mode]
    return facts.motives.get(unit.type_code, "Biped")


def crew_size(unit: Unit, facts: MegaMekFacts) -> str:
    """``<pilot size>``: 1 warrior, a squad's troopers, or "" for MegaMek to work out."""
    if unit.type is UnitType.BA:
        squad = _SQUAD.match(unit.variant.strip()) or _SQUAD.match(unit.name.strip())
        if squad is not None:
            return squad["size"]
    size = facts.crew_size.get(unit.type_code)
    return str(size) if size is not None else ""


def _advantage(spa: str, facts: MegaMekFacts) -> str | None:
    """MegaMek's ``advantages`` item for one SPA (``range_master Long``); None if it has none."""
    base, choice = split_choice(spa)
    name = facts.advantage_names.get(base)
    if name is None:
        return None
    choices = facts.advantage_choices.get(base)
    if choices is None:
        return name
    value = next((v for v, c in choices.items() if choice_key(c) == choice_key(choice)), None)
    return f"{name} {value}" if choice and value is not None else None


def _advantages(entry: ForceEntry, facts: MegaMekFacts) -> str:
    items = (_advantage(s, facts) for s in entry.spas)
    return "::".join(item for item in items if item is not None)


def unwritten_spa_notes(force: Force) -> list[str]:
    """Why SPAs of the force are left out of the .mul (one note per kind of reason)."""
    facts = megamek_facts()
    lost = [s for e in force.entries for s in e.spas if _advantage(s, facts) is None]
    lost = list(dict.fromkeys(lost))
    notes: list[str] = []
    for spa in lost:
        base = split_choice(spa)[0]
        need = facts.advantage_needs.get(base)
        choices = facts.advantage_choices.get(base)
        if need is not None:
            notes.append(
                f"{spa}: MegaMek keeps this ability only with {need}, which an Alpha Strike "
                "pilot does not choose; not written"
            )
        elif choices is not None:
            known = ", ".join(dict.fromkeys(choices.values()))
            chosen = split_choice(spa)[1]
            notes.append(
                f"{spa}: MegaMek has no {chosen!r} choice for it (only {known}); not written"
                if chosen
                else f"{spa}: MegaMek needs the choice, one of {known}; not written"
            )
    plain = [
        s
        for s in lost
        if split_choice(s)[0] not in facts.advantage_needs
        and split_choice(s)[0] not in facts.advantage_choices
    ]
    if plain:
        notes.insert(0, f"MegaMek has no pilot option for {', '.join(plain)}; not written")
    return notes


def export_mul(force: Force) -> str:
    """The force as a MegaMek .mul file (UTF-8 XML text).

    Each entry is an ``<entity>`` with its pilot (skill as gunnery, piloting one more)
    and its SPAs; a group becomes a ``<Force>`` under one named after the force.
    ``mulId`` is cardsmith's own attribute (MegaMek ignores attributes it does not know)
    so a re-import finds the exact unit.
    """
    facts = megamek_facts()
    groups = force.group_names()
    root = ET.Element("unit", version=GENERATOR)
    for entry in force.entries:
        unit = entry.unit
        name = megamek_name(unit)
        attributes = {
            "chassis": name.chassis,
            "model": name.model,
            "type": _motive(unit, facts),
            "commander": "true" if entry.commander else "false",
        }
        if unit.mul_id > 0:
            attributes["mulId"] = str(unit.mul_id)
        element = ET.SubElement(root, "entity", attributes)
        gunnery, piloting = mul_skills(entry.skill)
        pilot = {
            "size": crew_size(unit, facts),
            "name": entry.pilot.name,
            "gunnery": str(gunnery),
            "piloting": str(piloting),
        }
        advantages = _advantages(entry, facts)
        if advantages:
            pilot["advantages"] = advantages
        ET.SubElement(element, "pilot", pilot)
        if entry.group:
            # MekHQ's form: each level "name|id", levels joined by "||", top level first.
            number = groups.index(entry.group) + 1
            ET.SubElement(
                element,
                "Force",
                force=f"{_bar_free(force.name)}|0||{_bar_free(entry.group)}|{number}||",
            )
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _bar_free(name: str) -> str:
    """A force name with no ``|`` (MegaMek's separator)."""
    return name.replace("|", "/")
