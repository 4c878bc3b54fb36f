"""Provides the editing operations on a force (add, set, remove, groups) and unit updates.

Every operation returns a new ``Force`` and validates first, raising ``ForceEditError``
with a message for the player; the CLI and the TUI share them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from cardsmith.catalogue.dump import content_hash
from cardsmith.errors import ForceEditError
from cardsmith.forces.formations import FormationCatalogue, load_formations
from cardsmith.forces.spas import SpaCatalogue, load_spas
from cardsmith.models.force import (
    DEFAULT_SKILL,
    MAX_SKILL,
    MIN_SKILL,
    Force,
    ForceEntry,
    Group,
    Pilot,
)
from cardsmith.models.profiles import ALPHA_STRIKE
from cardsmith.models.unit import Unit

#: Longest pilot, group and force name accepted (they are printed on cards).
MAX_NAME_LENGTH = 80


class _UnitVersion(Protocol):
    @property
    def content_hash(self) -> str: ...


class UnitSource(Protocol):
    """What update checks need from a catalogue (``Catalogue`` satisfies it)."""

    def get(self, mul_id: int) -> Unit | None: ...

    def version(self, mul_id: int) -> _UnitVersion | None: ...


# -- force-level ----------------------------------------------------------------------------


def new_force(name: str, *, pack: str = "standard", cap: int | None = None) -> Force:
    """An empty force.

    Raises:
        ForceEditError: an empty or over-long name, or a cap below 1.
    """
    return Force(name=_name(name, "force name", required=True), pack=_pack(pack), cap=_cap(cap))


def set_force(
    force: Force,
    *,
    name: str | None = None,
    pack: str | None = None,
    cap: int | None = None,
    clear_cap: bool = False,
) -> Force:
    """Rename the force, change its rule pack or its cap (``clear_cap`` removes the cap).

    Raises:
        ForceEditError: an empty name or pack, or a cap below 1.
    """
    changes: dict[str, object] = {}
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


def _with_entries(force: Force, entries: Sequence[ForceEntry]) -> Force:
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
    return _with_entries(force, [*force.entries, entry])


_SETTABLE = frozenset({"skill", "pilot", "spas", "group", "commander"})


def set_entry(
    force: Force, index: int, *, spa_catalogue: SpaCatalogue | None = None, **changes: object
) -> Force:
    """Change entry ``index`` (1-based): any of skill, pilot (name), spas, group, commander.

    Raises:
        ForceEditError: no such entry, an unknown field, or a value ``add_entry`` refuses.
    """
    position = _position(force, index)
    unknown = set(changes) - _SETTABLE
    if unknown:
        raise ForceEditError(f"cannot set {', '.join(sorted(unknown))} on an entry")
    entry = force.entries[position]
    values: dict[str, object] = {}
    if "skill" in changes:
        values["skill"] = _skill_for(entry.unit, changes["skill"])
    if "pilot" in changes:
        pilot = changes["pilot"]
        name = pilot.name if isinstance(pilot, Pilot) else pilot
        values["pilot"] = Pilot(
            name=_name(name, "pilot name"), wounds=entry.pilot.wounds, notes=entry.pilot.notes
        )
    if "spas" in changes:
        spas = changes["spas"]
        if isinstance(spas, str) or not isinstance(spas, Iterable):
            raise ForceEditError("spas must be a list of SPA ids")
        values["spas"] = resolve_spas(entry.unit, list(spas), spa_catalogue)
    if "group" in changes:
        values["group"] = _name(changes["group"], "group name")
    if "commander" in changes:
        values["commander"] = bool(changes["commander"])
    entries = list(force.entries)
    entries[position] = entry.with_changes(**values)
    return _with_entries(force, entries)


def remove_entry(force: Force, index: int) -> Force:
    """Remove entry ``index`` (1-based); groups left empty stay declared.

    Raises:
        ForceEditError: no such entry.
    """
    position = _position(force, index)
    entries = [e for i, e in enumerate(force.entries) if i != position]
    return _with_entries(force, entries)


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
    return _with_entries(force.with_changes(groups=groups), entries)


# -- catalogue updates --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OutdatedEntry:
    """An entry whose unit the catalogue holds in another version."""

    index: int
    """1-based entry index."""
    mul_id: int
    name: str
    have: str
    """Content hash of the snapshot in the force."""
    available: str
    """Content hash of the catalogue's version."""


def outdated_entries(force: Force, catalogue: UnitSource) -> list[OutdatedEntry]:
    """Entries whose unit the catalogue holds in a different (newer) version."""
    found = []
    for index, entry in enumerate(force.entries, start=1):
        version = catalogue.version(entry.unit.mul_id)
        if version is None:
            continue
        have = entry.unit_version or content_hash(entry.unit)
        if version.content_hash != have:
            found.append(
                OutdatedEntry(index, entry.unit.mul_id, entry.name, have, version.content_hash)
            )
    return found


def update_entries(
    force: Force, catalogue: UnitSource, indices: Iterable[int] | None = None
) -> tuple[Force, list[OutdatedEntry]]:
    """Replace unit snapshots with the catalogue's versions (all outdated, or ``indices``).

    Skill, pilot, SPAs, group and commander stay as they are.

    Raises:
        ForceEditError: an index that is not an entry.
    """
    outdated = outdated_entries(force, catalogue)
    if indices is not None:
        wanted = set(indices)
        for index in wanted:
            _position(force, index)
        outdated = [o for o in outdated if o.index in wanted]
    entries = list(force.entries)
    applied = []
    for item in outdated:
        unit = catalogue.get(item.mul_id)
        if unit is None or not can_join(unit):
            continue
        entries[item.index - 1] = entries[item.index - 1].with_changes(
            unit=unit, unit_version=item.available
        )
        applied.append(item)
    return _with_entries(force, entries), applied


# -- validation helpers -----------------------------------------------------------------------


def resolve_spas(
    unit: Unit, spas: Sequence[str], catalogue: SpaCatalogue | None = None
) -> tuple[str, ...]:
    """SPA ids for these ids/names, checked against the unit's type.

    Raises:
        ForceEditError: unknown SPA, not allowed for the unit type, given twice, or two
            levels of one ability (``lucky-1`` and ``lucky-3``).
    """
    if not spas:
        return ()
    catalogue = catalogue or load_spas()
    ids: list[str] = []
    families: dict[str, str] = {}
    for text in spas:
        if not isinstance(text, str) or not text.strip():
            raise ForceEditError("an SPA must be given by its id, e.g. 'sniper'")
        spa = catalogue.find(text.strip())
        if spa is None:
            raise ForceEditError(f"unknown SPA {text!r} (see `cardsmith force spas` for the list)")
        if not spa.allows(unit):
            raise ForceEditError(
                f"{spa.name} is for {spa.unit_types_text} units; {unit.name} is {unit.type_code}"
            )
        if spa.id in ids:
            raise ForceEditError(f"{spa.name} is given twice")
        if spa.family:
            if spa.family in families:
                raise ForceEditError(
                    f"{spa.name} and {families[spa.family]} are levels of the same ability; "
                    "take one"
                )
            families[spa.family] = spa.name
        ids.append(spa.id)
    return tuple(ids)


def _position(force: Force, index: object) -> int:
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
