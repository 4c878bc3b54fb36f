"""Provides import of Jeff's BattleTech Tools Alpha Strike force exports (JSON, facts §8.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardsmith.errors import CatalogueDataError, FormatError, TemplateError
from cardsmith.forces.formations import FormationCatalogue, load_formations
from cardsmith.forces.spas import SpaCatalogue
from cardsmith.formats.common import (
    ImportReport,
    ImportState,
    UnitMatcher,
    checked_skill,
    clean_name,
    load_json,
    make_entry,
    map_spas,
)
from cardsmith.models.force import DEFAULT_SKILL, Group
from cardsmith.models.unit import Unit, UnitType

#: Jeff's BattleTech Tools numbers its pilot abilities (jdgwf/battletech-tools
#: src/data/alpha-strike-pilot-abilities.ts); id → a name our SPA catalogue knows.
#: Lucky and Float Like a Butterfly appear once per level, in order of cost.
JBT_SPA_NAMES: dict[int, str] = {
    1: "Animal Mimicry",
    2: "Antagonizer",
    3: "Blood Stalker",
    4: "Cluster Hitter",
    5: "Combat Intuition",
    6: "Cross-Country",
    7: "Demoralizer",
    8: "Dodge",
    9: "Dust-Off",
    10: "Eagle's Eyes",
    11: "Environmental Specialist",
    12: "Fist Fire",
    13: "Float Like a Butterfly 1",
    14: "Float Like a Butterfly 2",
    15: "Float Like a Butterfly 3",
    16: "Float Like a Butterfly 4",
    17: "Forward Observer",
    18: "Golden Goose",
    19: "Ground-Hugger",
    20: "Headhunter",
    21: "Heavy Lifter",
    22: "Hopper",
    23: "Hot Dog",
    24: "Human TRO",
    25: "Iron Will",
    26: "Jumping Jack",
    27: "Lucky 1",
    28: "Lucky 2",
    29: "Lucky 3",
    30: "Lucky 4",
    31: "Maneuvering Ace",
    32: "Marksman",
    33: "Melee Master",
    34: "Melee Specialist",
    35: "Multi-Tasker",
    36: "Natural Grace",
    37: "Oblique Artilleryman",
    38: "Oblique Attacker",
    39: "Range Master",
    40: "Ride the Wash",
    41: "Sandblaster",
    42: "Shaky Stick",
    43: "Sharpshooter",
    44: "Slugger",
    45: "Sniper",
    46: "Speed Demon",
    47: "Stand-Aside",
    48: "Street Fighter",
    49: "Sure-Footed",
    50: "Swordsman",
    51: "Tactical Genius",
    52: "Drag Racer",
    53: "Forest Ranger",
    54: "Frogman",
    55: "Mountaineer",
    56: "Nightwalker",
    57: "Sea Monster",
    58: "Swamp Beast",
    59: "Weapon Specialist",
    60: "Wind Walker",
    61: "Zweihander",
    62: "Light Horseman",
    63: "Heavy Horse",
    64: "Foot Cavalry",
    65: "Urban Guerrilla",
}

#: What the tool writes when a group has no formation.
NO_FORMATION = frozenset({"", "none", "no bonus"})


def _number(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(float(value.strip()))
        except ValueError:
            return None
    return None


def _groups(value: object, origin: str) -> list[Mapping[str, Any]]:
    """The groups of a force export, or a lone group export as one group."""
    if isinstance(value, Mapping) and isinstance(value.get("groups"), list):
        groups = value["groups"]
    elif isinstance(value, Mapping) and isinstance(value.get("members"), list):
        groups = [value]
    else:
        raise FormatError(
            f'{origin} is not a Jeff\'s BattleTech Tools force: it needs a "groups" list'
        )
    bad = [i for i, g in enumerate(groups, start=1) if not isinstance(g, Mapping)]
    if bad:
        raise FormatError(f"{origin}: group {bad[0]} is not an object")
    return groups


def import_jbt(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    spa_catalogue: SpaCatalogue | None = None,
    formations: FormationCatalogue | None = None,
) -> ImportReport:
    """A force from a JBT export: groups become groups, members entries.

    Members are found by ``mulID``; when the catalogue lacks one, the member's own
    stats are used (with a warning).  Skill is ``currentSkill`` (else the pilot's
    ``gunnery``, which JBT keeps as the Alpha Strike skill).

    Raises:
        FormatError: not JSON, or not shaped like a JBT force export.
    """
    groups_raw = _groups(load_json(data, origin), origin)
    state = ImportState()
    groups: list[Group] = []
    members_seen = 0
    custom_ids = 0
    if formations is None:
        try:
            formations = load_formations()
        except TemplateError as exc:
            state.warnings.append(f"formations not mapped: {exc.message}")
    for group_number, raw_group in enumerate(groups_raw, start=1):
        label = str(raw_group.get("groupLabel") or "Group")
        group_name = clean_name(
            raw_group.get("name"), "group name", f"group {group_number}", state.warnings
        )
        group_name = group_name or f"{label} {group_number}"
        groups.append(Group(group_name, _formation(raw_group, group_name, formations, state)))
        members = raw_group.get("members") or []
        if not isinstance(members, list):
            raise FormatError(f'{origin}: group {group_number} "members" must be a list')
        for member_number, member in enumerate(members, start=1):
            where = f"group {group_name!r} member {member_number}"
            if not isinstance(member, Mapping):
                state.warnings.append(f"{where}: not an object; skipped")
                continue
            members_seen += 1
            unit, custom = _unit(member, matcher, where, state, -(custom_ids + 1))
            if unit is None:
                continue
            custom_ids += custom
            _add(member, unit, group_name, where, spa_catalogue, state)
    if not members_seen:
        raise FormatError(f"{origin} holds no units")
    return state.report("jbt", name or groups[0].name, matcher, groups)


def _formation(
    raw_group: Mapping[str, Any],
    group_name: str,
    formations: FormationCatalogue | None,
    state: ImportState,
) -> str | None:
    bonus = str(raw_group.get("formationBonus") or "").strip()
    if bonus.casefold() in NO_FORMATION or formations is None:
        return None
    found = formations.find(bonus)
    if found is None:
        state.warnings.append(f"group {group_name!r}: formation {bonus!r} is not known; left unset")
        return None
    return found.id


def _unit(
    member: Mapping[str, Any],
    matcher: UnitMatcher,
    where: str,
    state: ImportState,
    next_custom_id: int,
) -> tuple[Unit | None, int]:
    """The catalogue unit, else one built from the member's stats; (unit, custom ids used)."""
    mul_id = _number(member.get("mulID"))
    mul_id = mul_id if mul_id is not None and mul_id > 0 else None
    unit_name = str(member.get("name") or "").strip()
    unit = matcher.by_id(mul_id) if mul_id is not None else None
    if unit is None and unit_name:
        unit = matcher.by_name(unit_name, mul_id=mul_id)
    if unit is not None:
        return unit, 0
    own_id = mul_id if mul_id is not None else next_custom_id
    try:
        own = member_unit(member, own_id)
    except CatalogueDataError as exc:
        state.unknown.append(
            matcher.unknown(
                where, unit_name, mul_id=mul_id, reason=f"not in the catalogue and {exc.message}"
            )
        )
        return None, 0
    state.warnings.append(
        f"{where}: {own.name} is not in the local catalogue; using the stats in the file"
        + ("" if mul_id is not None else f" (custom unit, id {own_id})")
    )
    return own, 0 if mul_id is not None else 1


def member_unit(member: Mapping[str, Any], mul_id: int) -> Unit:
    """A Unit from a JBT member's own stats.

    Raises:
        CatalogueDataError: the member lacks a name, a known type or a point value.
    """
    unit_name = str(member.get("name") or "").strip()
    type_code = str(member.get("type") or "").strip().upper()
    if type_code not in UnitType.__members__:
        raise CatalogueDataError(f"its type {member.get('type')!r} is not an Alpha Strike type")
    base_pv = _number(member.get("basePoints"))
    if not unit_name or not base_pv or base_pv <= 0:
        raise CatalogueDataError("the file gives no usable name and point value")
    damage = member.get("damage") if isinstance(member.get("damage"), Mapping) else {}
    assert isinstance(damage, Mapping)
    values = []
    for band in ("short", "medium", "long", "extreme"):
        text = str(damage.get(band, 0) or 0).strip()
        if damage.get(f"{band}Minimal") and text in ("0", ""):
            text = "0*"
        values.append(text)
    abilities = member.get("abilities") or []
    specials = abilities if isinstance(abilities, str) else ",".join(str(a) for a in abilities)
    variant = str(member.get("variant") or "").strip()
    chassis = (
        unit_name[: -len(variant)].strip() if variant and unit_name.endswith(variant) else unit_name
    )
    return Unit.from_dict(
        {
            "mul_id": mul_id,
            "name": unit_name,
            "chassis": chassis,
            "variant": variant,
            "type": type_code,
            "role": member.get("role") or None,
            "size": _number(member.get("size")) or 0,
            "move": _move_text(member),
            "armor": _number(member.get("armor")) or 0,
            "structure": _number(member.get("structure")) or 0,
            "threshold": _number(member.get("threshold")) or 0,
            "damage": values,
            "overheat": _number(member.get("overheat")) or 0,
            "pv": base_pv,
            "specials": specials,
            "tonnage": _number(member.get("tonnage")) or 0,
        }
    )


def _move_text(member: Mapping[str, Any]) -> str:
    """JBT keeps move as ``[{move: 8, type: ""}, {move: 6, type: "j"}]``; make ``8"/6"j``."""
    parts: list[str] = []
    raw = member.get("move")
    for mode in raw if isinstance(raw, list) else []:
        if isinstance(mode, Mapping) and _number(mode.get("move")) is not None:
            letter = str(mode.get("type") or "").strip().lower()
            parts.append(f'{_number(mode.get("move"))}"{letter}')
    jump = _number(member.get("jumpMove")) or 0
    if jump > 0 and not any(p.endswith('"j') for p in parts):
        parts.append(f'{jump}"j')
    return "/".join(parts)


def _add(
    member: Mapping[str, Any],
    unit: Unit,
    group_name: str,
    where: str,
    spa_catalogue: SpaCatalogue | None,
    state: ImportState,
) -> None:
    pilot = member.get("pilot") if isinstance(member.get("pilot"), Mapping) else {}
    assert isinstance(pilot, Mapping)
    skill = _number(member.get("currentSkill"))
    if skill is None:
        skill = _number(pilot.get("gunnery"))
    skill = DEFAULT_SKILL if skill is None else skill
    spa_names: list[str] = []
    raw_spas = pilot.get("alphaStrikeAbilities") or []
    for raw in raw_spas if isinstance(raw_spas, list) else []:
        number = _number(raw)
        if number is None:
            spa_names.append(str(raw))
        elif number in JBT_SPA_NAMES:
            spa_names.append(JBT_SPA_NAMES[number])
        else:
            state.warnings.append(f"{where}: pilot ability id {number} is not known; left out")
    state.entries.append(
        make_entry(
            unit,
            skill=checked_skill(skill, where, state.warnings),
            pilot=clean_name(pilot.get("name"), "pilot name", where, state.warnings),
            spas=map_spas(unit, spa_names, spa_catalogue, where, state.warnings),
            group=group_name,
        )
    )
