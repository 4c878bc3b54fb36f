"""Provides the editing operations on a force: add, set, remove, duplicate, move, groups.

Every operation returns a new ``Force`` and validates first, raising ``ForceEditError``
with a message for the player; the CLI and the TUI share them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from cardsmith.catalogue.dump import content_hash
from cardsmith.errors import ForceEditError
from cardsmith.forces.formations import FormationCatalogue, load_formations
from cardsmith.forces.spas import SpaCatalogue, resolve_spas
from cardsmith.models.force import (
    DEFAULT_SKILL,
    MAX_SKILL,
    MIN_SKILL,
    Force,
    ForceEntry,
    Group,
    MulRef,
    Pilot,
)
from cardsmith.models.profiles import ALPHA_STRIKE
from cardsmith.models.unit import Unit

#: Longest pilot, group and force name accepted (they are printed on cards).
MAX_NAME_LENGTH = 80


# -- force-level ----------------------------------------------------------------------------


def new_force(
    name: str,
    *,
    pack: str = "standard",
    cap: int | None = None,
    era: MulRef | None = None,
    faction: MulRef | None = None,
) -> Force:
    """An empty force, optionally with the era it is played in and the faction it fields.

    Raises:
        ForceEditError: an empty or over-long name, or a cap below 1.
    """
    return Force(
        name=_name(name, "force name", required=True),
        pack=_pack(pack),
        cap=_cap(cap),
        era=era,
        faction=faction,
    )


def set_force(
    force: Force,
    *,
    name: str | None = None,
    pack: str | None = None,
    cap: int | None = None,
    clear_cap: bool = False,
    era: MulRef | None = None,
    clear_era: bool = False,
    faction: MulRef | None = None,
    clear_faction: bool = False,
) -> Force:
    """Rename the force, change its rule pack, cap, era or faction (``clear_…`` removes one).

    Raises:
        ForceEditError: an empty name or pack, a cap below 1, or a value and its clear
            flag together.
    """
    both = [
        what
        for what, given, clear in (
            ("cap", cap is not None, clear_cap),
            ("era", era is not None, clear_era),
            ("faction", faction is not None, clear_faction),
        )
        if given and clear
    ]
    if both:
        raise ForceEditError(f"set the {both[0]} or clear it, not both")
    changes: dict[str, object] = {}
    if clear_era or era is not None:
        changes["era"] = era
    if clear_faction or faction is not None:
        changes["faction"] = faction
    if name is not None:
        changes["name"] = _name(name, "force name", required=True)
    if pack is not None:
        changes["pack"] = _pack(pack)
    if clear_cap:
        changes["cap"] = None
    elif cap is not None:
        changes["cap"] = _cap(cap)
    return force.with_changes(**changes)


def data_version(entries: Iterable[ForceEntry]) -> str:
    """A short fingerprint of the unit versions a force was built with."""
    parts = sorted(f"{e.unit.mul_id}:{e.unit_version or content_hash(e.unit)}" for e in entries)
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:12] if parts else ""


def with_entries(force: Force, entries: Sequence[ForceEntry]) -> Force:
    """``force`` with these entries and the data version that follows from them."""
    return force.with_changes(entries=tuple(entries), data_version=data_version(entries))


# -- entries ---------------------------------------------------------------------------------


def add_entry(
    force: Force,
    unit: Unit,
    *,
    skill: int = DEFAULT_SKILL,
    pilot: str = "",
    spas: Sequence[str] = (),
    group: str = "",
    commander: bool = False,
    spa_catalogue: SpaCatalogue | None = None,
    unit_version: str = "",
) -> Force:
    """Add a unit at the end of the force.

    ``spas`` may name SPAs by id, name or alias; they are stored as ids.
    ``unit_version`` is the catalogue's content hash (computed from ``unit`` if empty).

    A custom unit of another game system (its profiles use a ``templates/systems/``
    stat line) joins at skill 4, where its points are its own; the rule checks then
    report it as a unit without Alpha Strike stats.

    Raises:
        ForceEditError: no Alpha Strike stats (nor another system's profiles and points),
            bad skill, unknown or disallowed SPA, a bad pilot or group name.
    """
    if not can_join(unit):
        raise ForceEditError(
            f"{unit.name} (MUL {unit.mul_id}) has no Alpha Strike stats and cannot join a force"
        )
    entry = ForceEntry(
        unit=unit,
        skill=_skill_for(unit, skill),
        pilot=Pilot(name=_name(pilot, "pilot name")),
        spas=resolve_spas(unit, spas, spa_catalogue),
        group=_name(group, "group name"),
        commander=bool(commander),
        unit_version=unit_version or content_hash(unit),
    )
    return with_entries(force, [*force.entries, entry])


def set_entry(
    force: Force,
    index: int,
    *,
    skill: int | None = None,
    pilot: str | None = None,
    spas: Sequence[str] | None = None,
    group: str | None = None,
    commander: bool | None = None,
    spa_catalogue: SpaCatalogue | None = None,
) -> Force:
    """Change entry ``index`` (1-based); a field left None stays as it is, ``""`` clears text.

    Raises:
        ForceEditError: no such entry, or a value ``add_entry`` refuses.
    """
    position = entry_position(force, index)
    entry = force.entries[position]
    values: dict[str, object] = {}
    if skill is not None:
        values["skill"] = _skill_for(entry.unit, skill)
    if pilot is not None:
        values["pilot"] = Pilot(
            name=_name(pilot, "pilot name"), wounds=entry.pilot.wounds, notes=entry.pilot.notes
        )
    if spas is not None:
        if isinstance(spas, str):
            raise ForceEditError("spas must be a list of SPA ids")
        values["spas"] = resolve_spas(entry.unit, list(spas), spa_catalogue)
    if group is not None:
        values["group"] = _name(group, "group name")
    if commander is not None:
        values["commander"] = bool(commander)
    entries = list(force.entries)
    entries[position] = entry.with_changes(**values)
    return with_entries(force, entries)


def remove_entry(force: Force, index: int) -> Force:
    """Remove entry ``index`` (1-based); groups left empty stay declared.

    Raises:
        ForceEditError: no such entry.
    """
    position = entry_position(force, index)
    entries = [e for i, e in enumerate(force.entries) if i != position]
    return with_entries(force, entries)


def duplicate_entry(force: Force, index: int) -> Force:
    """Insert a copy of entry ``index`` (1-based) right after it: same skill, pilot, SPAs
    and group, never a second commander.

    Raises:
        ForceEditError: no such entry.
    """
    position = entry_position(force, index)
    entries = list(force.entries)
    copy = entries[position].with_changes(commander=False)
    entries.insert(position + 1, copy)
    return with_entries(force, entries)


def move_entry(force: Force, index: int, to: int) -> Force:
    """Move entry ``index`` so that it becomes entry ``to`` (both 1-based).

    Raises:
        ForceEditError: no such entry, or ``to`` outside the force.
    """
    position = entry_position(force, index)
    target = entry_position(force, to)
    entries = list(force.entries)
    entries.insert(target, entries.pop(position))
    return with_entries(force, entries)


def set_groups(force: Force, indices: Iterable[int], group: str) -> Force:
    """Put several entries (1-based indices) in ``group`` ("" takes them out of any group).

    Raises:
        ForceEditError: an index that is not an entry, or a bad group name.
    """
    positions = {entry_position(force, index) for index in indices}
    name = _name(group, "group name")
    entries = [
        e.with_changes(group=name) if i in positions else e for i, e in enumerate(force.entries)
    ]
    return with_entries(force, entries)


# -- groups -----------------------------------------------------------------------------------


def set_group(
    force: Force,
    name: str,
    *,
    formation: str | None = None,
    formations: FormationCatalogue | None = None,
) -> Force:
    """Declare group ``name`` (or change it) with a formation id, name or alias (None: none).

    Raises:
        ForceEditError: a bad group name or an unknown formation.
    """
    name = _name(name, "group name", required=True)
    formation_id: str | None = None
    if formation:
        catalogue = formations or load_formations()
        found = catalogue.find(formation)
        if found is None:
            known = ", ".join(f.id for f in catalogue.all())
            raise ForceEditError(f"unknown formation {formation!r}; known formations: {known}")
        formation_id = found.id
    groups = [g for g in force.groups if g.name != name]
    existing = force.group(name)
    new_group = Group(name, formation_id)
    if existing is not None:
        position = force.groups.index(existing)
        groups.insert(position, new_group)
    else:
        groups.append(new_group)
    return force.with_changes(groups=tuple(groups))


def remove_group(force: Force, name: str) -> Force:
    """Drop a group: its units become ungrouped.

    Raises:
        ForceEditError: no group of that name.
    """
    if name not in force.group_names():
        raise ForceEditError(f"the force has no group {name!r}")
    entries = [e.with_changes(group="") if e.group == name else e for e in force.entries]
    groups = tuple(g for g in force.groups if g.name != name)
    return with_entries(force.with_changes(groups=groups), entries)


# -- validation helpers -----------------------------------------------------------------------


def entry_position(force: Force, index: object) -> int:
    """The 0-based position of entry ``index`` (1-based).

    Raises:
        ForceEditError: ``index`` is not a whole number naming an entry.
    """
    if not isinstance(index, int) or isinstance(index, bool):
        raise ForceEditError(f"entry index must be a whole number, not {index!r}")
    if not 1 <= index <= len(force.entries):
        count = len(force.entries)
        span = f"1-{count}" if count else "none: the force is empty"
        raise ForceEditError(f"no entry {index} (entries: {span})")
    return index - 1


def can_join(unit: Unit) -> bool:
    """True for a unit with Alpha Strike stats, or a custom unit of another game system.

    The second kind (``unit.profiles.system`` other than ``alpha-strike``) has points but no
    Alpha Strike type: it prints on its own multi-profile card.
    """
    return unit.has_stats or (_other_system(unit) is not None and unit.pv > 0)


def _other_system(unit: Unit) -> str | None:
    profiles = unit.profiles
    if unit.type is None and profiles is not None and profiles.system != ALPHA_STRIKE:
        return profiles.system
    return None


def _skill_for(unit: Unit, skill: object) -> int:
    system = _other_system(unit)
    if system is not None and skill != DEFAULT_SKILL:
        # Alpha Strike's skill ladder (and its PV table) means nothing to another system.
        raise ForceEditError(
            f"{unit.name} is a {system} unit: Alpha Strike skill does not apply "
            f"(it stays at {DEFAULT_SKILL}, its points unchanged)"
        )
    return _skill(skill)


def _skill(skill: object) -> int:
    if not isinstance(skill, int) or isinstance(skill, bool) or not MIN_SKILL <= skill <= MAX_SKILL:
        raise ForceEditError(f"skill must be a whole number {MIN_SKILL}-{MAX_SKILL}, not {skill!r}")
    return skill


def _name(value: object, what: str, *, required: bool = False) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise ForceEditError(f"{what} must be text")
    text = " ".join(value.split())
    if required and not text:
        raise ForceEditError(f"{what} must not be empty")
    if len(text) > MAX_NAME_LENGTH:
        raise ForceEditError(f"{what} is longer than {MAX_NAME_LENGTH} characters")
    if any(ord(ch) < 32 for ch in value if ch not in "\t\n\r"):
        raise ForceEditError(f"{what} contains control characters")
    return text


def _pack(pack: object) -> str:
    if not isinstance(pack, str) or not pack.strip():
        raise ForceEditError("rule pack id must be non-empty text")
    return pack.strip()


def _cap(cap: object) -> int | None:
    if cap is None:
        return None
    if not isinstance(cap, int) or isinstance(cap, bool) or cap < 1:
        raise ForceEditError(f"PV cap must be a positive whole number, not {cap!r}")
    return cap
