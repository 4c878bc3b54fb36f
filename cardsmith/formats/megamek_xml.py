"""Provides the safe reading of MegaMek ``.mul`` XML: parsing, entities, crews (facts §8.1).

Parsing goes through defusedxml with DTDs, entities and external references refused,
so an entity bomb or an ``<!ENTITY … SYSTEM "file:///…">`` never expands.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET  # only for its ParseError; input goes through defusedxml
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
from cardsmith.formats.common import check_size
from cardsmith.wording import count as count_of

#: Campaign record sections holding the player's own units still alive (facts §8.1).
#: ``allies``, ``salvage`` and ``devastated`` are someone else's or destroyed.
RECORD_SECTIONS = ("survivors", "retreated")
IGNORED_SECTIONS = ("allies", "salvage", "devastated")

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
                        f"not imported: {count_of(count, 'unit')} under <{section.tag}> "
                        "(not the player's surviving units)"
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


def int_attr(element: Element, name: str) -> int | None:
    value = (element.get(name) or "").strip()
    try:
        return int(value)
    except ValueError:
        return None


def crew_skills(entity: Element) -> tuple[str, int | None, int | None]:
    """(name, gunnery, piloting) from ``<pilot>`` or ``<crew><crewMember …>``."""
    pilot = entity.find("pilot")
    if pilot is not None:
        return pilot.get("name", ""), _gunnery(pilot), int_attr(pilot, "piloting")
    crew = entity.find("crew")
    if crew is None:
        return "", None, None
    members = {m.get("slot", str(i)): m for i, m in enumerate(crew.findall("crewMember"))}
    if not members:
        return "", _gunnery(crew), int_attr(crew, "piloting")
    pilot_member = members.get("0") or next(iter(members.values()))
    gunner_slot = "1" if (crew.get("crewType") or "").lower() in _GUNNER_IN_SLOT_1 else "0"
    gunner = members.get(gunner_slot, pilot_member)
    return pilot_member.get("name", ""), _gunnery(gunner), int_attr(pilot_member, "piloting")


def _gunnery(element: Element) -> int | None:
    value = int_attr(element, "gunnery")
    if value is not None:
        return value
    # RPG-style skills: MegaMek keeps separate laser, missile and ballistic gunnery.
    split = [int_attr(element, k) for k in ("gunneryL", "gunneryM", "gunneryB")]
    known = [v for v in split if v is not None]
    return sum(known) // len(known) if known else None


def mul_id_of(entity: Element) -> int | None:
    for name, value in entity.attrib.items():
        if name.lower() in _MUL_ID_ATTRIBUTES and value.strip().isdigit():
            return int(value)
    return None
