"""Provides export to Jeff's BattleTech Tools' group format (a favourite group's JSON).

The file is what JBT's own "export this favourite" button writes
(``JSON.stringify(group.export())``) and its group import reads back: one group of
members, each with the stats JBT keeps, the skill, the pilot's ability ids and a custom
name.  A JBT group is one lance: a force of several groups is written as one.
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime

from cardsmith.forces.formations import load_formations
from cardsmith.formats.jbt import NOTES_PREFIX, JbtFacts, jbt_facts
from cardsmith.models.force import Force, ForceEntry
from cardsmith.models.stats import DamageValue

#: JBT keeps piloting apart; its default for a new pilot is 5.
JBT_PILOTING = 5


def export_jbt(force: Force) -> str:
    """The force as a JBT favourite group (JSON text)."""
    facts = jbt_facts()
    group = {
        "name": force.name,
        "members": [_member(entry, facts) for entry in force.entries if entry.unit.has_stats],
        "uuid": str(uuid.uuid4()),
        "lastUpdated": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "formationBonus": _formation(force, facts) or "None",
        "groupLabel": "Lance",
    }
    return json.dumps(group, ensure_ascii=False) + "\n"


def jbt_warnings(force: Force) -> list[str]:
    """What the JBT group format cannot carry of ``force``."""
    facts = jbt_facts()
    notes: list[str] = []
    if len(force.group_names()) > 1:
        notes.append(
            f"a JBT group file holds one group; the force's {len(force.group_names())} groups "
            "are written as one"
        )
    formations = {g.formation for g in force.groups if g.formation}
    if formations and _formation(force, facts) is None:
        notes.append("the formation has no JBT counterpart (or groups differ); written as None")
    lost = sorted({s for e in force.entries for s in e.spas if facts.ability_id(s) is None})
    if lost:
        notes.append(f"JBT has no ability for {', '.join(lost)}; not written")
    slots = [i for i, e in enumerate(force.entries, start=1) if len(e.spas) > 3]
    if slots:
        notes.append(f"JBT keeps three abilities a pilot; entries {slots} lose the rest")
    cleared = [
        i
        for i, e in enumerate(force.entries, start=1)
        if 0 < len(e.spas) <= 3 and len(e.spas) > facts.ability_slots.get(e.skill, 3)
    ]
    if cleared:
        notes.append(
            f"JBT keeps fewer abilities at a pilot's skill (1 at skill 4, none above); entries "
            f"{cleared} lose the rest when JBT opens the file"
        )
    zero = [i for i, e in enumerate(force.entries, start=1) if e.skill == 0]
    if zero:
        notes.append(
            f"JBT's import skips a skill of 0: entries {zero} come back at skill "
            f"{facts.default_skill} there"
        )
    skipped = [e.name for e in force.entries if not e.unit.has_stats]
    if skipped:
        notes.append(f"units without Alpha Strike stats are left out: {', '.join(skipped)}")
    return notes


def _formation(force: Force, facts: JbtFacts) -> str | None:
    ids = {g.formation for g in force.groups if g.formation}
    if len(ids) != 1:
        return None
    found = load_formations().get(ids.pop())
    return found.name if found is not None and found.name in facts.formations else None


def _damage(values: tuple[DamageValue, ...]) -> dict[str, object]:
    bands = ("short", "medium", "long", "extreme")
    damage: dict[str, object] = {
        band: value.value for band, value in zip(bands, values, strict=True)
    }
    for band, value in zip(bands, values, strict=True):
        if value.minimal:
            damage[f"{band}Minimal"] = True
    return damage


def _member(entry: ForceEntry, facts: JbtFacts) -> dict[str, object]:
    unit = entry.unit
    ids = [facts.ability_id(s) for s in entry.spas]
    abilities = [i for i in ids if i is not None][:3]
    custom = entry.pilot.name
    if entry.pilot.notes.startswith(NOTES_PREFIX):
        custom = entry.pilot.notes.removeprefix(NOTES_PREFIX).strip()
    move = [
        {"move": int(m.inches), "currentMove": int(m.inches), "type": m.mode}
        for m in unit.move
        if m.mode != "j"
    ]
    jump = next((int(m.inches) for m in unit.move if m.mode == "j"), 0)
    return {
        "mechCreatorUUID": "",
        "customName": custom,
        "tmm": unit.tmm,
        "classification": "",
        "costCR": unit.cost,
        "mulID": unit.mul_id if unit.mul_id > 0 else 0,
        "currentHeat": 0,
        "damage": _damage(unit.damage),
        "variant": unit.variant,
        "dateIntroduced": unit.introduced,
        "name": unit.name,
        "tonnage": unit.tonnage,
        "tro": "",
        "role": unit.role or "Not Specified",
        "threshold": unit.threshold,
        "pilot": {
            "name": entry.pilot.name,
            "piloting": JBT_PILOTING,
            "gunnery": entry.skill,
            "wounds": 0,
            "alphaStrikeAbilities": abilities,
        },
        "imageURL": unit.image_url,
        "move": move or [{"move": jump, "currentMove": jump, "type": "j"}],
        "jumpMove": jump,
        "structure": unit.structure,
        "armor": unit.armor,
        "type": unit.type_code,
        "size": unit.size,
        "showDetails": False,
        "abilities": [s.text for s in unit.specials],
        "overheat": unit.overheat,
        "basePoints": unit.pv,
        "currentSkill": entry.skill,
        "uuid": str(uuid.uuid4()),
    }
