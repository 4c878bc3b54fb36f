"""MUL records for the shipped starter catalogue, so the fake MUL runs without ../shared.

``cache/starter.json`` holds 61 real units in cardsmith's own format; ``mul_record``
writes each back in the MUL's QuickList shape (facts §1.3), so that ``Unit.from_mul``
reads it back to the same unit (a test checks this).  ``synthetic_twins`` adds a copy of
each under another id and name, clearly marked synthetic, so a fetch has units the
local catalogue does not hold yet.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

STARTER = Path(__file__).resolve().parents[2] / "cache" / "starter.json"

#: Ids of the synthetic twins: far above every real MUL id.
TWIN_OFFSET = 900_000
TWIN_SUFFIX = " (synthetic twin)"

_TYPE_IDS = {
    "aerospace": 17, "battlemech": 18, "combat vehicle": 19, "industrialmech": 20,
    "infantry": 21, "protomech": 23, "support vehicle": 24, "advanced aerospace": 81,
    "advanced support": 79, "building": 97,
}  # fmt: skip
_TECH_IDS = {"inner sphere": 1, "clan": 2, "mixed": 3, "primitive": 57}
_DAMAGE_KEYS = (
    ("BFDamageShort", "BFDamageShortMin"),
    ("BFDamageMedium", "BFDamageMediumMin"),
    ("BFDamageLong", "BFDamageLongMin"),
    ("BFDamageExtreme", "BFDamageExtemeMin"),  # the MUL's spelling
)


def starter_units() -> list[dict[str, Any]]:
    """The starter catalogue's units, in cardsmith's format."""
    units: list[dict[str, Any]] = json.loads(STARTER.read_text(encoding="utf-8"))["units"]
    return units


def mul_record(unit: Mapping[str, Any]) -> dict[str, Any]:
    """One starter unit as the MUL writes a QuickList record."""
    record: dict[str, Any] = {
        "Id": unit["mul_id"],
        "Name": unit["name"],
        "GroupName": unit.get("group_name", ""),
        "Class": unit.get("chassis", ""),
        "Variant": unit.get("variant") or None,
        "Tonnage": unit.get("tonnage", 0),
        "BattleValue": unit.get("battle_value", 0),
        "Technology": {"Id": _TECH_IDS.get(str(unit.get("technology", "")).casefold()), "Name": unit.get("technology")},
        "Cost": unit.get("cost", 0),
        "Rules": unit.get("rules", ""),
        "DateIntroduced": unit.get("introduced", ""),
        "EraId": unit.get("era_id"),
        "ImageUrl": unit.get("image_url", ""),
        "Type": {"Id": _TYPE_IDS.get(str(unit.get("mul_type", "")).casefold()), "Name": unit.get("mul_type")},
        "Role": {"Id": None, "Name": unit.get("role")},
        "BFType": unit.get("type"),
        "BFSize": unit.get("size", 0),
        "BFMove": unit.get("move", ""),
        "BFTMM": 0,  # QuickList never fills it (facts §1.3)
        "BFArmor": unit.get("armor", 0),
        "BFStructure": unit.get("structure", 0),
        "BFThreshold": unit.get("threshold", 0),
        "BFOverheat": unit.get("overheat", 0),
        "BFPointValue": unit.get("pv", 0),
        "BFAbilities": ",".join(unit.get("specials") or []) or None,
        "Skill": 0,
    }  # fmt: skip
    for (value_key, flag_key), text in zip(
        _DAMAGE_KEYS, unit.get("damage") or ["0"] * 4, strict=False
    ):
        record[value_key] = int(str(text).rstrip("*") or 0)
        record[flag_key] = str(text).endswith("*")
    return record


def synthetic_twins(records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A renamed copy of each record under an id no real unit has (marked synthetic)."""
    return [
        {**record, "Id": int(record["Id"]) + TWIN_OFFSET, "Name": f"{record['Name']}{TWIN_SUFFIX}"}
        for record in records
    ]


def starter_records() -> list[dict[str, Any]]:
    """The starter units and their synthetic twins, as MUL records, by id."""
    real = [mul_record(unit) for unit in starter_units()]
    return sorted(real + synthetic_twins(real), key=lambda r: int(r["Id"]))
