"""Provides import of Jeff's BattleTech Tools Alpha Strike files: a favourite group, a
force, or the "Backup and Restore" file (facts §8.2; jdgwf/battletech-tools).

JBT numbers its pilot abilities and pads each pilot's three slots with 0; its roster has
no pilot names, so a unit's custom name (``customName``) is what a player calls it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardsmith.errors import CatalogueDataError, FormatError, TemplateError
from cardsmith.forces.formations import FormationCatalogue, load_formations
from cardsmith.forces.spas import SpaCatalogue
from cardsmith.formats.common import (
    NO_OPTIONS,
    ImportOptions,
    ImportReport,
    ImportState,
    checked_skill,
    clean_name,
    load_json,
    make_entry,
    map_spas,
    whole_number,
)
from cardsmith.formats.matching import UnitMatcher
from cardsmith.models.force import DEFAULT_SKILL, Group
from cardsmith.models.unit import Unit, UnitType
from cardsmith.templates import find_template, read_toml
from cardsmith.wording import count

#: What the tool writes when a group has no formation.
NO_FORMATION = frozenset({"", "none", "no bonus"})
#: The keys of JBT's "Backup and Restore" file (dataSaves.ts IFullBackup).
BACKUP_KEYS = ("favoriteASGroups", "currentASForce")


@dataclass(frozen=True, slots=True)
class JbtFacts:
    """What ``templates/formats/jbt.toml`` says."""

    abilities: Mapping[int, str]
    """JBT ability id → cardsmith SPA id."""
    formations: tuple[str, ...]
    """Formation names JBT knows."""
    ability_slots: Mapping[int, int]
    """Skill → how many ability slots JBT keeps at it."""
    default_skill: int
    """The skill JBT's import gives a pilot whose skill is 0."""

    def ability_id(self, spa: str) -> int | None:
        """JBT's id for a cardsmith SPA id."""
        return next((i for i, s in self.abilities.items() if s == spa), None)


@cache
def _facts(path: Path, mtime: int) -> JbtFacts:
    data = read_toml(path, what="the Jeff's BattleTech Tools facts")
    try:
        abilities = {int(k): str(v) for k, v in dict(data["abilities"]).items()}
        slots = {int(k): int(v) for k, v in dict(data["ability_slots"]).items()}
        formations = tuple(str(f) for f in data["formations"])
        return JbtFacts(abilities, formations, slots, int(data["default_skill"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise TemplateError(f"{path}: not a JBT facts file ({exc})") from exc


def jbt_facts() -> JbtFacts:
    """The JBT facts (cached until the file changes)."""
    path = find_template("formats", "jbt.toml")
    return _facts(path, path.stat().st_mtime_ns)


def is_jbt(value: object) -> bool:
    """True for decoded JSON shaped like a JBT group, force or backup file."""
    if not isinstance(value, Mapping):
        return False
    if any(key in value for key in BACKUP_KEYS):
        return True
    return isinstance(value.get("groups"), list) or isinstance(value.get("members"), list)


@dataclass(frozen=True, slots=True)
class JbtGroup:
    """One group of a JBT file, as the file holds it."""

    name: str
    raw: Mapping[str, object]
    where: str
    """Where it sits in the file (``favourite group 2``)."""

    @property
    def size(self) -> int:
        members = self.raw.get("members")
        return len(members) if isinstance(members, list) else 0


def file_groups(value: object, origin: str) -> tuple[list[JbtGroup], bool]:
    """The groups of a JBT file and whether it is a backup (which needs a choice).

    Raises:
        FormatError: not shaped like a JBT file.
    """
    if isinstance(value, Mapping) and any(key in value for key in BACKUP_KEYS):
        found: list[JbtGroup] = []
        for number, raw in enumerate(_list(value.get("favoriteASGroups")), start=1):
            found.append(_group(raw, f"favourite group {number}", origin))
        current = value.get("currentASForce")
        if isinstance(current, Mapping):
            for number, raw in enumerate(_list(current.get("groups")), start=1):
                found.append(_group(raw, f"current force group {number}", origin))
        # The current force is often a favourite loaded again: offer each group once.
        unique: dict[str, JbtGroup] = {}
        for group in found:
            unique.setdefault(" ".join(group.name.split()).casefold(), group)
        return list(unique.values()), True
    if isinstance(value, Mapping) and isinstance(value.get("groups"), list):
        return [_group(g, f"group {n}", origin) for n, g in enumerate(value["groups"], 1)], False
    if isinstance(value, Mapping) and isinstance(value.get("members"), list):
        return [_group(value, "group 1", origin)], False
    raise FormatError(
        f"{origin} is not a Jeff's BattleTech Tools file: it needs a group, a force or a backup"
    )


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []


def _group(raw: object, where: str, origin: str) -> JbtGroup:
    if not isinstance(raw, Mapping):
        raise FormatError(f"{origin}: {where} is not an object")
    name = raw.get("name")
    return JbtGroup(str(name).strip() if isinstance(name, str) else "", raw, where)


def choose_group(groups: Sequence[JbtGroup], wanted: str, origin: str) -> JbtGroup:
    """The group called ``wanted`` (case and spacing ignored).

    Raises:
        FormatError: no group was named (the backup's groups are listed) or none fits.
    """
    listing = "; ".join(f"'{g.name or '(no name)'}' ({count(g.size, 'unit')})" for g in groups)
    if not groups:
        raise FormatError(
            f"{origin} is a Jeff's BattleTech Tools backup with no Alpha Strike groups"
        )
    if not wanted.strip():
        raise FormatError(
            f"{origin} is a Jeff's BattleTech Tools backup holding "
            f"{count(len(groups), 'Alpha Strike group')}: {listing}; pick one with --group NAME"
        )
    key = " ".join(wanted.split()).casefold()
    for group in groups:
        if " ".join(group.name.split()).casefold() == key:
            return group
    raise FormatError(f"{origin} has no group called {wanted!r}; its groups: {listing}")


def import_jbt(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    options: ImportOptions = NO_OPTIONS,
    formations: FormationCatalogue | None = None,
) -> ImportReport:
    """A force from a JBT file: groups become groups, members entries.

    A backup file holds many groups: ``options.group`` picks one (otherwise its groups
    are listed).  A group or force file may be narrowed to one group the same way.
    Members are found by ``mulID``; when the catalogue lacks one, the member's own
    stats are used (with a warning).  Skill is ``currentSkill`` (else the pilot's
    ``gunnery``, which JBT keeps as the Alpha Strike skill).  The force takes the name
    of its (first) group.

    Raises:
        FormatError: not JSON, not shaped like a JBT file, or a backup without a group.
    """
    groups_raw, backup = file_groups(load_json(data, origin), origin)
    if backup or options.group:
        groups_raw = [choose_group(groups_raw, options.group, origin)]
    facts = jbt_facts()
    state = ImportState()
    groups: list[Group] = []
    members_seen = 0
    custom_ids = 0
    if formations is None:
        try:
            formations = load_formations()
        except TemplateError as exc:
            state.warnings.append(f"formations not mapped: {exc.message}")
    for group_number, jbt_group in enumerate(groups_raw, start=1):
        raw_group = jbt_group.raw
        label = str(raw_group.get("groupLabel") or "Group")
        group_name = clean_name(jbt_group.name, "group name", jbt_group.where, state.warnings)
        group_name = group_name or f"{label} {group_number}"
        groups.append(Group(group_name, _formation(raw_group, group_name, formations, state)))
        members = raw_group.get("members") or []
        if not isinstance(members, list):
            raise FormatError(f'{origin}: {jbt_group.where} "members" must be a list')
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
            _add(member, unit, group_name, where, facts, options.spa_catalogue, state)
    if not members_seen:
        raise FormatError(f"{origin} holds no units")
    return state.report("jbt", name or groups[0].name, matcher, groups)


def _formation(
    raw_group: Mapping[str, object],
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
    member: Mapping[str, object],
    matcher: UnitMatcher,
    where: str,
    state: ImportState,
    next_custom_id: int,
) -> tuple[Unit | None, int]:
    """The catalogue unit, else one built from the member's stats; (unit, custom ids used)."""
    mul_id = whole_number(member.get("mulID"))
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


def member_unit(member: Mapping[str, object], mul_id: int) -> Unit:
    """A Unit from a JBT member's own stats.

    Raises:
        CatalogueDataError: the member lacks a name, a known type or a point value.
    """
    unit_name = str(member.get("name") or "").strip()
    type_code = str(member.get("type") or "").strip().upper()
    if type_code not in UnitType.__members__:
        raise CatalogueDataError(f"its type {member.get('type')!r} is not an Alpha Strike type")
    base_pv = whole_number(member.get("basePoints"))
    if not unit_name or not base_pv or base_pv <= 0:
        raise CatalogueDataError("the file gives no usable name and point value")
    raw_damage = member.get("damage")
    damage: Mapping[str, object] = raw_damage if isinstance(raw_damage, Mapping) else {}
    values = []
    for band in ("short", "medium", "long", "extreme"):
        text = str(damage.get(band, 0) or 0).strip()
        if damage.get(f"{band}Minimal") and text in ("0", ""):
            text = "0*"
        values.append(text)
    abilities = member.get("abilities")
    # JBT writes a list; a hand-edited file may hold one string, or something else.
    if isinstance(abilities, str):
        specials = abilities
    elif isinstance(abilities, list):
        specials = ",".join(str(a) for a in abilities)
    else:
        specials = ""
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
            "size": whole_number(member.get("size")) or 0,
            "move": _move_text(member),
            "armor": whole_number(member.get("armor")) or 0,
            "structure": whole_number(member.get("structure")) or 0,
            "threshold": whole_number(member.get("threshold")) or 0,
            "damage": values,
            "overheat": whole_number(member.get("overheat")) or 0,
            "pv": base_pv,
            "specials": specials,
            "tonnage": whole_number(member.get("tonnage")) or 0,
        }
    )


def _move_text(member: Mapping[str, object]) -> str:
    """JBT keeps move as ``[{move: 8, type: ""}, {move: 6, type: "j"}]``; make ``8"/6"j``."""
    parts: list[str] = []
    raw = member.get("move")
    for mode in raw if isinstance(raw, list) else []:
        if isinstance(mode, Mapping) and whole_number(mode.get("move")) is not None:
            letter = str(mode.get("type") or "").strip().lower()
            parts.append(f'{whole_number(mode.get("move"))}"{letter}')
    jump = whole_number(member.get("jumpMove")) or 0
    if jump > 0 and not any(p.endswith('"j') for p in parts):
        parts.append(f'{jump}"j')
    return "/".join(parts)


def _add(
    member: Mapping[str, object],
    unit: Unit,
    group_name: str,
    where: str,
    facts: JbtFacts,
    spa_catalogue: SpaCatalogue | None,
    state: ImportState,
) -> None:
    pilot = member.get("pilot") if isinstance(member.get("pilot"), Mapping) else {}
    assert isinstance(pilot, Mapping)
    skill = whole_number(member.get("currentSkill"))
    if skill is None:
        skill = whole_number(pilot.get("gunnery"))
    skill = DEFAULT_SKILL if skill is None else skill
    spa_ids: list[str] = []
    raw_spas = pilot.get("alphaStrikeAbilities") or []
    for raw in raw_spas if isinstance(raw_spas, list) else []:
        number = whole_number(raw)
        if number == 0:
            continue  # an empty ability slot
        if number is None:
            spa_ids.append(str(raw))
        elif number in facts.abilities:
            spa_ids.append(facts.abilities[number])
        else:
            state.warnings.append(f"{where}: pilot ability id {number} is not known; left out")
    pilot_name = clean_name(pilot.get("name"), "pilot name", where, state.warnings)
    custom_name = clean_name(member.get("customName"), "custom name", where, state.warnings)
    notes = ""
    if not pilot_name:
        pilot_name = custom_name  # the name JBT's roster shows for the unit
    elif custom_name and custom_name != pilot_name:
        notes = f"{NOTES_PREFIX}{custom_name}"
    state.entries.append(
        make_entry(
            unit,
            skill=checked_skill(skill, where, state.warnings),
            pilot=pilot_name,
            notes=notes,
            spas=map_spas(unit, spa_ids, spa_catalogue, where, state.warnings),
            group=group_name,
        )
    )


#: Pilot notes keep a JBT custom name that differs from the pilot's name.
NOTES_PREFIX = "Jeff's BattleTech Tools name: "
