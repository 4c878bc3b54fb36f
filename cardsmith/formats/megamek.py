"""Provides MegaMek ``.mul`` (XML) import and export (alpha-strike-facts.md §8.1).

Parsing goes through defusedxml with DTDs, entities and external references refused,
so an entity bomb or an ``<!ENTITY … SYSTEM "file:///…">`` never expands.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET  # builds output only; input goes through defusedxml
from collections.abc import Iterator
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET
from defusedxml import (
    DefusedXmlException,
    DTDForbidden,
    EntitiesForbidden,
    ExternalReferenceForbidden,
)

from cardsmith.errors import FormatError
from cardsmith.forces.spas import SpaCatalogue
from cardsmith.formats.common import (
    ImportReport,
    ImportState,
    UnitMatcher,
    check_size,
    checked_skill,
    clean_name,
    make_entry,
)
from cardsmith.models.force import Force
from cardsmith.models.unit import Unit, UnitType
from cardsmith.wording import count as count_of

#: The .mul format version written; MegaMek's MULParser reads files of any version.
MUL_VERSION = "0.50.0"

#: Campaign record sections holding the player's own units still alive (facts §8.1).
#: ``allies``, ``salvage`` and ``devastated`` are someone else's or destroyed.
RECORD_SECTIONS = ("survivors", "retreated")
IGNORED_SECTIONS = ("allies", "salvage", "devastated")

#: MegaMek's stand-in entity for an ejected pilot; MULParser skips it (facts §8.1).
EJECTED_PILOT_CHASSIS = "Pilot"

#: MegaMek's defaults for a crew without skills (Crew: gunnery 4, piloting 5).
DEFAULT_GUNNERY = 4
DEFAULT_PILOTING = 5

#: Crew types whose gunner sits in slot 1 (MegaMek CrewType: dual cockpits, tripods, QuadVees).
_GUNNER_IN_SLOT_1 = frozenset({"dual", "tripod", "superheavy_tripod", "quadvee"})

#: Attribute names other tools use for a MUL id on ``<entity>``; cardsmith writes ``mulId``.
_MUL_ID_ATTRIBUTES = ("mulid", "mul_id", "mul-id", "mulunitid")


# -- skills ----------------------------------------------------------------------------------


def as_skill(gunnery: int, piloting: int) -> int:
    """Alpha Strike skill from MegaMek gunnery and piloting: floor((g + p) / 2) (facts §8.1)."""
    return (gunnery + piloting) // 2


def mul_skills(skill: int) -> tuple[int, int]:
    """(gunnery, piloting) written for an Alpha Strike skill.

    .mul has no Alpha Strike skill.  Gunnery = skill and piloting = skill + 1 makes
    MegaMek's own floor((g + p) / 2) give the same skill back, and keeps the usual pairs
    (4/5 for a Regular) that jdgwf's tools write too (facts §8.1).
    """
    return skill, skill + 1


# -- reading ---------------------------------------------------------------------------------


def parse_xml(data: bytes, origin: str) -> Element:
    """The root element of a .mul file, parsed safely.

    Raises:
        FormatError: oversized, a DTD, entities or external references, or broken XML.
    """
    check_size(data, origin)
    try:
        root: Element = SafeET.fromstring(
            data, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
    except EntitiesForbidden as exc:
        raise FormatError(_refusal(origin, "declares XML entities", "an entity bomb")) from exc
    except ExternalReferenceForbidden as exc:
        raise FormatError(
            _refusal(origin, "refers to an external resource", "a way to read local files")
        ) from exc
    except DTDForbidden as exc:
        what = (
            "declares XML entities in a DTD" if b"<!ENTITY" in data else "has a DTD (<!DOCTYPE …>)"
        )
        raise FormatError(_refusal(origin, what, "a way to hide an entity bomb")) from exc
    except DefusedXmlException as exc:
        raise FormatError(f"{origin} was refused as unsafe XML: {exc}") from exc
    except ET.ParseError as exc:
        line, column = exc.position
        raise FormatError(f"{origin} is not valid XML: line {line}, column {column + 1}") from exc
    return root


def _refusal(origin: str, what: str, risk: str) -> str:
    return (
        f"{origin} {what}; .mul files never need that and it can be {risk}, so the file was refused"
    )


def iter_entities(root: Element, warnings: list[str]) -> Iterator[Element]:
    """The ``<entity>`` elements of a ``<unit>`` list, a bare ``<entity>`` or a ``<record>``."""
    if root.tag == "entity":
        yield root
    elif root.tag == "unit":
        yield from _entities(root)
    elif root.tag == "record":
        for section in root:
            if section.tag in RECORD_SECTIONS:
                yield from _entities(section)
            elif section.tag in IGNORED_SECTIONS:
                count = sum(1 for _ in _entities(section))
                if count:
                    warnings.append(
                        f"{count_of(count, 'unit')} under <{section.tag}> are not the player's surviving "
                        "units and were not imported"
                    )
    else:
        raise FormatError(
            f"the root element is <{root.tag}>, not <unit>, <entity> or <record>; "
            "this is not a MegaMek unit file"
        )


def _entities(parent: Element) -> Iterator[Element]:
    for child in parent:
        if child.tag == "entity":
            yield child
        elif child.tag == "unit":
            yield from (e for e in child if e.tag == "entity")


def _int_attr(element: Element, name: str) -> int | None:
    value = (element.get(name) or "").strip()
    try:
        return int(value)
    except ValueError:
        return None


def _crew_skills(entity: Element) -> tuple[str, int | None, int | None]:
    """(name, gunnery, piloting) from ``<pilot>`` or ``<crew><crewMember …>``."""
    pilot = entity.find("pilot")
    if pilot is not None:
        return pilot.get("name", ""), _gunnery(pilot), _int_attr(pilot, "piloting")
    crew = entity.find("crew")
    if crew is None:
        return "", None, None
    members = {m.get("slot", str(i)): m for i, m in enumerate(crew.findall("crewMember"))}
    if not members:
        return "", _gunnery(crew), _int_attr(crew, "piloting")
    pilot_member = members.get("0") or next(iter(members.values()))
    gunner_slot = "1" if (crew.get("crewType") or "").lower() in _GUNNER_IN_SLOT_1 else "0"
    gunner = members.get(gunner_slot, pilot_member)
    return pilot_member.get("name", ""), _gunnery(gunner), _int_attr(pilot_member, "piloting")


def _gunnery(element: Element) -> int | None:
    value = _int_attr(element, "gunnery")
    if value is not None:
        return value
    # RPG-style skills: MegaMek keeps separate laser, missile and ballistic gunnery.
    split = [_int_attr(element, k) for k in ("gunneryL", "gunneryM", "gunneryB")]
    known = [v for v in split if v is not None]
    return sum(known) // len(known) if known else None


def _mul_id(entity: Element) -> int | None:
    for name, value in entity.attrib.items():
        if name.lower() in _MUL_ID_ATTRIBUTES and value.strip().isdigit():
            return int(value)
    return None


def import_mul(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    spa_catalogue: SpaCatalogue | None = None,  # .mul carries no SPAs
) -> ImportReport:
    """A force from a MegaMek .mul file; units are matched by "chassis model", then MUL id.

    Raises:
        FormatError: unsafe or broken XML, a root that is not a unit file, or no units.
    """
    root = parse_xml(data, origin)
    state = ImportState()
    skipped_pilots = 0
    seen = 0
    for number, entity in enumerate(iter_entities(root, state.warnings), start=1):
        chassis = (entity.get("chassis") or "").strip()
        model = (entity.get("model") or "").strip()
        if chassis == EJECTED_PILOT_CHASSIS:
            skipped_pilots += 1
            continue
        seen += 1
        where = f"entity {number}"
        full_name = f"{chassis} {model}".strip()
        mul_id = _mul_id(entity)
        unit = _match(matcher, full_name, mul_id)
        if unit is None:
            state.unknown.append(matcher.unknown(where, full_name, mul_id=mul_id, hints=(chassis,)))
            continue
        pilot_name, gunnery, piloting = _crew_skills(entity)
        if gunnery is None or piloting is None:
            state.warnings.append(
                f"{where} ({full_name}): no gunnery/piloting given; using MegaMek's "
                f"{DEFAULT_GUNNERY}/{DEFAULT_PILOTING}"
            )
        skill = as_skill(
            DEFAULT_GUNNERY if gunnery is None else gunnery,
            DEFAULT_PILOTING if piloting is None else piloting,
        )
        state.entries.append(
            make_entry(
                unit,
                skill=checked_skill(skill, where, state.warnings),
                pilot=clean_name(pilot_name, "pilot name", where, state.warnings),
                commander=(entity.get("commander") or "").lower() == "true",
            )
        )
    if skipped_pilots:
        state.warnings.append(
            f'skipped {count_of(skipped_pilots, "ejected pilot")} (chassis "Pilot")'
        )
    if not seen:
        raise FormatError(f"{origin} holds no units")
    return state.report("mul", name, matcher)


def _match(matcher: UnitMatcher, full_name: str, mul_id: int | None) -> Unit | None:
    unit = matcher.by_name(full_name, mul_id=mul_id)
    if unit is None and mul_id is not None:
        unit = matcher.by_id(mul_id)
    return unit


# -- writing ---------------------------------------------------------------------------------

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
    "a": "Aerodyne",
    "p": "Spheroid",
}


def _motive(unit: Unit) -> str:
    """A best-effort MegaMek ``type``; MegaMek finds units by chassis and model, not by this."""
    if unit.type in (UnitType.BM, UnitType.IM):
        return "Biped"
    if unit.type is UnitType.PM:
        return "Biped"
    for mode in unit.move:
        if mode.mode in _MOTIVE_BY_MODE:
            return _MOTIVE_BY_MODE[mode.mode]
    if unit.type in (UnitType.BA, UnitType.CI):
        return "Leg"
    return "Aerodyne" if unit.type in (UnitType.AF, UnitType.CF) else "Tracked"


def export_mul(force: Force) -> str:
    """The force as a MegaMek .mul file (UTF-8 XML text).

    Each entry is an ``<entity>`` with its pilot; ``mulId`` is cardsmith's own attribute
    (MegaMek ignores attributes it does not know) so a re-import finds the exact unit.
    """
    root = ET.Element("unit", version=MUL_VERSION)
    for entry in force.entries:
        unit = entry.unit
        attributes = {
            "chassis": unit.chassis or unit.name,
            "model": unit.variant if unit.chassis else "",
            "type": _motive(unit),
            "commander": "true" if entry.commander else "false",
        }
        if unit.mul_id > 0:
            attributes["mulId"] = str(unit.mul_id)
        element = ET.SubElement(root, "entity", attributes)
        gunnery, piloting = mul_skills(entry.skill)
        ET.SubElement(
            element,
            "pilot",
            {
                "size": "1",
                "name": entry.pilot.name,
                "gunnery": str(gunnery),
                "piloting": str(piloting),
            },
        )
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'
