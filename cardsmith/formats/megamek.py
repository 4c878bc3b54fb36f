"""Provides MegaMek ``.mul`` import, matched the way MegaMek itself loads units (facts §8.1)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from xml.etree.ElementTree import Element

from cardsmith.catalogue.search import normalise
from cardsmith.errors import FormatError
from cardsmith.formats.common import (
    MAX_NAME_LENGTH,
    NO_OPTIONS,
    ImportOptions,
    ImportReport,
    ImportState,
    checked_skill,
    clean_name,
    make_entry,
    map_spas,
)
from cardsmith.formats.matching import UnitMatcher
from cardsmith.formats.megamek_data import (
    MAX_RENAME_STEPS,
    MegaMekFacts,
    megamek_facts,
    strip_standard,
)
from cardsmith.formats.megamek_xml import (
    DEFAULT_GUNNERY,
    DEFAULT_PILOTING,
    as_skill,
    crew_skills,
    int_attr,
    iter_entities,
    mul_id_of,
    parse_xml,
)
from cardsmith.models.force import Group
from cardsmith.models.unit import Unit, UnitType
from cardsmith.wording import count as count_of


def import_mul(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    options: ImportOptions = NO_OPTIONS,
) -> ImportReport:
    """A force from a MegaMek .mul file, matched the way MegaMek loads it.

    Each entity is looked up by ``chassis model`` (MegaMek's key), after MegaMek's own
    renames (``options.renames``), without a ``(Standard)`` suffix, with chassis and model
    swapped, and last by a MUL id attribute; its ``type`` keeps out units of another kind.
    Ejected crews are skipped, SPAs (``advantages``) mapped, ``<Force>`` lances become
    groups, and damage recorded in the file is reported as not taken over.

    Raises:
        FormatError: unsafe or broken XML, a root that is not a unit file, or no units.
    """
    root = parse_xml(data, origin)
    facts = megamek_facts()
    renames = {normalise(old): new for old, new in options.renames.items()}
    state = ImportState()
    crews: Counter[str] = Counter()
    damaged: list[str] = []
    groups: list[str] = []
    tops: list[str] = []
    seen = 0
    for number, entity in enumerate(iter_entities(root, state.warnings), start=1):
        chassis = (entity.get("chassis") or "").strip()
        model = (entity.get("model") or "").strip()
        if facts.is_ejected_crew(chassis):
            crews[chassis.removesuffix(" from").strip()] += 1
            continue
        seen += 1
        where = f"entity {number}"
        full_name = f"{chassis} {model}".strip()
        motive = (entity.get("type") or "").strip()
        kinds = facts.kinds_for(motive)
        mul_id = mul_id_of(entity)
        unit = _match(matcher, chassis, model, mul_id, kinds, renames)
        if unit is None:
            reason = _why_not(matcher, chassis, model, motive, kinds, renames)
            state.unknown.append(
                matcher.unknown(where, full_name, mul_id=mul_id, reason=reason, hints=(chassis,))
            )
            continue
        label = f"{where} ({full_name})"
        pilot_name, gunnery, piloting = crew_skills(entity)
        if gunnery is None or piloting is None:
            state.warnings.append(
                f"{label}: no gunnery/piloting given; using MegaMek's "
                f"{DEFAULT_GUNNERY}/{DEFAULT_PILOTING}"
            )
        gunnery = DEFAULT_GUNNERY if gunnery is None else gunnery
        piloting = DEFAULT_PILOTING if piloting is None else piloting
        # Conventional infantry have no piloting: MegaMek's conversion takes gunnery alone.
        skill = gunnery if unit.type is UnitType.CI else as_skill(gunnery, piloting)
        spas = _spas(entity, unit, facts, label, options, state)
        top, group = _force_path(entity)
        if group and group not in groups:
            groups.append(group)
        if top and top not in tops:
            tops.append(top)
        if _has_damage(entity, unit):
            damaged.append(label)
        state.entries.append(
            make_entry(
                unit,
                skill=checked_skill(skill, where, state.warnings),
                pilot=clean_name(pilot_name, "pilot name", where, state.warnings),
                spas=spas,
                group=group,
                commander=(entity.get("commander") or "").lower() == "true",
            )
        )
    if crews:
        listed = ", ".join(f"{n} {kind!r}" for kind, n in sorted(crews.items()))
        state.warnings.append(
            f"skipped {count_of(sum(crews.values()), 'ejected crew')} ({listed}): "
            "crews that left their unit are not units"
        )
    if damaged:
        state.warnings.append(
            f"damage recorded in the file for {count_of(len(damaged), 'unit')} "
            f"({'; '.join(damaged)}) is not taken over: units join the force undamaged"
        )
    if not seen:
        raise FormatError(f"{origin} holds no units")
    # The outermost <Force> names the whole force when every unit shares it (MekHQ).
    force_name = name or (tops[0] if len(tops) == 1 else "")
    return state.report("mul", force_name, matcher, [Group(g) for g in groups])


def _candidates(chassis: str, model: str, renames: Mapping[str, str]) -> list[str]:
    """The names MegaMek would find the entity under, best first (no repeats)."""
    full = f"{chassis} {model}".strip()
    names = [full, current_name_normalised(full, renames)]
    names += [strip_standard(n) for n in names]
    if model:
        names.append(f"{model} {chassis}")  # MegaMek tries the two swapped as well
    return list(dict.fromkeys(n for n in names if n))


def current_name_normalised(name: str, renames: Mapping[str, str]) -> str:
    """``current_name`` with keys compared as the catalogue compares names."""
    for _step in range(MAX_RENAME_STEPS):
        new = renames.get(normalise(name))
        if new is None or normalise(new) == normalise(name):
            break
        name = new
    return name


def _match(
    matcher: UnitMatcher,
    chassis: str,
    model: str,
    mul_id: int | None,
    kinds: frozenset[UnitType] | None,
    renames: Mapping[str, str],
) -> Unit | None:
    for candidate in _candidates(chassis, model, renames):
        unit = matcher.by_name(candidate, mul_id=mul_id, kinds=kinds)
        if unit is not None:
            return unit
    if mul_id is not None:
        unit = matcher.by_id(mul_id)
        if unit is not None and (kinds is None or unit.type in kinds):
            return unit
    return None


def _why_not(
    matcher: UnitMatcher,
    chassis: str,
    model: str,
    motive: str,
    kinds: frozenset[UnitType] | None,
    renames: Mapping[str, str],
) -> str | None:
    """Why no catalogue unit was taken though one of that name may exist: it has no
    Alpha Strike card, or it is of another kind than the file's ``type`` says."""
    for candidate in _candidates(chassis, model, renames):
        named = matcher.named(candidate)
        if any(not u.has_stats for u in named) and not any(u.has_stats for u in named):
            unit = named[0]
            return (
                f"{unit.name} (MUL {unit.mul_id}) is in the catalogue but has no Alpha Strike "
                "card, so it cannot join a force"
            )
        others = [u for u in named if u.has_stats and kinds is not None and u.type not in kinds]
        if others:
            other = others[0]
            return (
                f"the file says it is a {motive} unit, but {other.name} (MUL {other.mul_id}) "
                f"in the catalogue is a {other.type_code}; not taken for it"
            )
    return None


def _advantages(entity: Element) -> list[tuple[str, str]]:
    """MegaMek pilot options from ``advantages`` on the pilot or crew (``a::b Value``):
    (option name, its value or "")."""
    texts = [
        e.get("advantages") or ""
        for e in (entity.find("pilot"), entity.find("crew"))
        if e is not None
    ]
    crew = entity.find("crew")
    if crew is not None:
        texts += [m.get("advantages") or "" for m in crew.findall("crewMember")]
    options: dict[str, str] = {}
    for text in texts:
        # MegaMek splits on every ':' (a StringTokenizer); a value follows a space.
        for token in re.split(r":+", text):
            option, _space, value = token.strip().partition(" ")
            if option and option not in options:
                options[option] = value.strip()
    return list(options.items())


def _spas(
    entity: Element,
    unit: Unit,
    facts: MegaMekFacts,
    label: str,
    options: ImportOptions,
    state: ImportState,
) -> tuple[str, ...]:
    wanted: list[str] = []
    for option, value in _advantages(entity):
        spa = facts.advantages.get(option)
        if spa is None:
            state.warnings.append(
                f"{label}: MegaMek ability {option!r} has no Alpha Strike SPA; left out"
            )
            continue
        choices = facts.advantage_choices.get(spa)
        if choices is not None and value.casefold() == "none":
            continue  # MegaMek's way of saying the option is not taken
        if choices is not None and value:
            choice = choices.get(value)
            if choice is None:
                state.warnings.append(
                    f"{label}: MegaMek's {option} {value!r} is no Alpha Strike choice "
                    f"(one of {', '.join(sorted(set(choices.values())))}); choose one"
                )
            else:
                spa = f"{spa}:{choice}"
        if spa not in wanted:
            wanted.append(spa)
    return map_spas(unit, wanted, options.spa_catalogue, label, state.warnings)


def _force_path(entity: Element) -> tuple[str, str]:
    """The outermost force and the lance of ``<Force force="Co|1||Lance|3||">``: the first
    and the innermost named level ("" when the entity has none, or only one level)."""
    force = entity.find("Force")
    text = force.get("force", "") if force is not None else ""
    names = [part.split("|")[0].strip()[:MAX_NAME_LENGTH] for part in text.split("||")]
    names = [n for n in names if n]
    if not names:
        return "", ""
    return (names[0] if len(names) > 1 else ""), names[-1]


def _has_damage(entity: Element, unit: Unit) -> bool:
    """True when the entity records damage: hits on the crew, destroyed or hit locations
    and slots, motive damage, or reduced armor on a unit that is not infantry."""
    for element in entity.iter():
        if element.get("isHit") == "true" or element.get("isDestroyed") == "true":
            return True
        if element.tag in ("pilot", "crewMember", "crew") and (int_attr(element, "hits") or 0) > 0:
            return True
        if element.tag == "motive" and any(
            (int_attr(element, k) or 0) > 0 for k in ("damage", "penalty")
        ):
            return True
        if element.tag == "armor":
            points = (element.get("points") or "").strip()
            if points == "Destroyed":
                return True
            # Infantry files always list their troopers; other units only damaged armor.
            if points and unit.type not in (UnitType.BA, UnitType.CI):
                return True
    return False
