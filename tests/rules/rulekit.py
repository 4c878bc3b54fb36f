"""Helpers for the rules tests: units and forces built in code, force files on disk."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path
from typing import Any

import kit

from cardsmith.models import Force, ForceEntry, Unit, UnitType

_ids = itertools.count(90001)


def build_unit(name: str = "", **fields: Any) -> Unit:
    """A unit with playable defaults: a Standard-rules size-3 Skirmisher BattleMech, 30 PV."""
    mul_id = fields.pop("mul_id", next(_ids))
    chassis = fields.pop("chassis", name.split(" ")[0] if name else f"Chassis{mul_id}")
    values: dict[str, Any] = {
        "type": UnitType.BM,
        "pv": 30,
        "size": 3,
        "role": "Skirmisher",
        "rules": "Standard",
        "introduced": "3025",
    }
    values.update(fields)
    # The shared builder with bare stats (no move, armor or damage); the fields given are
    # Unit fields as they are.
    unit = kit.make_unit(
        name or f"{chassis} X-{mul_id}",
        mul_id=mul_id,
        chassis=chassis,
        move="",
        armor=0,
        structure=0,
        damage=(),
        role=None,
    )
    return replace(unit, **values)


def legal_entries() -> list[ForceEntry]:
    """Eight different chassis, skill 4, 240 PV; #1 commands and buys one 2-point SPA;
    #1-#4 form a Battle Lance that meets its requirements."""
    names = ["Griffin", "Wolverine", "Shadow Hawk", "Phoenix Hawk", "Hunchback", "Centurion",
             "Enforcer", "Trebuchet"]  # fmt: skip
    entries = []
    for number, chassis in enumerate(names, start=1):
        unit = build_unit(f"{chassis} M-{number}", chassis=chassis)
        entries.append(
            ForceEntry(
                unit=unit,
                group="Alpha" if number <= 4 else "",
                commander=number == 1,
                spas=("marksman",) if number == 1 else (),
            )
        )
    return entries


def write_force(force: Force, path: Path) -> Path:
    """Write a force file with the real writer."""
    from cardsmith.forces.force_file import save_force

    save_force(force, path)
    return path
