"""Provides the changes a battle takes — damage, heat, crits, wounds, flags, end of round — and undo.

Every change is appended to the battle's log.  Damage, crits and wounds are staged by
default and applied together in the End Phase (seed 004: damage is marked at once but
takes effect in the End Phase; ASCE p.52 heat also resolves there).  Undo rebuilds the
battle from its start by replaying every change but the last, so it also undoes an end
of round.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from cardsmith.battle import effects, profile_state
from cardsmith.battle.crits import CritKind, allowed_crits, table_family
from cardsmith.battle.heat_data import heat_data
from cardsmith.battle.state import (
    FLAGS,
    HEAT_SHUTDOWN,
    Battle,
    BattleEditError,
    Change,
    UnitState,
    heat_text,
    new_battle,
)
from cardsmith.models import ForceEntry

#: Heat sources ``heat`` changes carry in ``detail``.  ``ov`` and ``fired`` mean the unit
#: made weapon attacks this turn; ``water`` is standing in water 1" deep or more.
HEAT_SOURCES = ("ov", "fired", "external", "water")


# -- recording ------------------------------------------------------------------------


def record(battle: Battle, change: Change) -> Battle:
    """Check a change, log it, and apply it now or stage it for the End Phase.

    Raises:
        BattleEditError: the change does not fit the unit or the battle.
    """
    if change.unit:
        _check(battle, battle.unit(change.unit), change)
    return _apply(battle, change)


def damage(battle: Battle, ref: str, points: int, *, now: bool = False) -> Battle:
    """Mark damage on a unit (armor first, then structure); staged unless ``now``."""
    if points < 1:
        raise BattleEditError(f"damage must be 1 point or more, not {points}")
    state = battle.find(ref)
    return record(battle, Change("damage", state.key, battle.turn, amount=points, staged=not now))


def crit(battle: Battle, ref: str, kind: CritKind, *, now: bool = False) -> Battle:
    """Mark a critical hit on a unit; staged unless ``now``."""
    state = battle.find(ref)
    return record(battle, Change("crit", state.key, battle.turn, detail=kind.value, staged=not now))


def wound(battle: Battle, ref: str, count: int = 1, *, now: bool = False) -> Battle:
    """Mark pilot wounds; staged unless ``now``.

    A generic-system unit's wounds are its shared damage track (trooper wounds, seed 001):
    that game has no Alpha Strike End Phase, so they count at once.
    """
    if count < 1:
        raise BattleEditError(f"wounds must be 1 or more, not {count}")
    state = battle.find(ref)
    staged = not now and not profile_state.is_generic(battle.force_entry(state))
    return record(battle, Change("wound", state.key, battle.turn, amount=count, staged=staged))


def heat(battle: Battle, ref: str, points: int = 0, *, source: str = "ov") -> Battle:
    """Stage End-Phase heat: OV points used (the unit fired), external heat, water, or a bare ``fired``.

    Raises:
        BattleEditError: the unit has no heat scale, or the source is unknown.
    """
    if source not in HEAT_SOURCES:
        raise BattleEditError(f"heat source must be one of {', '.join(HEAT_SOURCES)}")
    if points < 0:
        raise BattleEditError(f"heat points must be 0 or more, not {points}")
    state = battle.find(ref)
    return record(
        battle, Change("heat", state.key, battle.turn, amount=points, detail=source, staged=True)
    )


def set_heat(battle: Battle, ref: str, level: int) -> Battle:
    """Correct a unit's heat level at once (0–3, or 4 for S, which shuts it down)."""
    if not 0 <= level <= HEAT_SHUTDOWN:
        raise BattleEditError(f"heat level must be 0-3 or S, not {level}")
    state = battle.find(ref)
    return record(battle, Change("set-heat", state.key, battle.turn, amount=level))


def set_flag(battle: Battle, ref: str, flag: str, value: bool = True) -> Battle:
    """Set or clear a unit flag (shut down, immobile, destroyed, withdrawn, pilotless) at once."""
    if flag not in FLAGS:
        raise BattleEditError(f"flag must be one of {', '.join(FLAGS)}, not {flag!r}")
    state = battle.find(ref)
    return record(battle, Change("flag", state.key, battle.turn, amount=int(value), detail=flag))


def end_round(battle: Battle) -> Battle:
    """Run the End Phase: apply staged changes, resolve heat, and start the next turn."""
    return record(battle, Change("end-round", turn=battle.turn))


def undo(battle: Battle) -> tuple[Battle, Change]:
    """The battle without its last change, and that change.

    Raises:
        BattleEditError: nothing to undo.
    """
    if not battle.log:
        raise BattleEditError("nothing to undo: the battle has no changes yet")
    return replay(battle, battle.log[:-1]), battle.log[-1]


def replay(battle: Battle, log: Iterable[Change]) -> Battle:
    """The battle's starting state with ``log`` applied in order."""
    current = new_battle(battle.sides, battle.packs)
    for change in log:
        current = _apply(current, change)
    return current


def _check(battle: Battle, state: UnitState, change: Change) -> None:
    entry = battle.entry(state)
    name = f"{state.key} {entry.name}"
    if state.out_of_play and change.kind != "flag":
        gone = "destroyed" if state.destroyed else "withdrawn"
        raise BattleEditError(f"{name} is {gone}; clear the flag first if that was a mistake")
    if change.kind in ("damage", "crit") and profile_state.is_generic(entry):
        track = profile_state.profile_info(entry, state)
        column = track.track if track is not None else "wounds"
        raise BattleEditError(
            f"{name} is not an Alpha Strike unit: its damage track is {column} (wounds); "
            "mark them with `battle wound`"
        )
    # A profile change is decided by the profile event that builds it and again where it
    # is applied (profile_state.apply_change, which raises the same refusal); a battle is
    # never changed in place, so a third decision here would add nothing.
    if change.kind == "crit":
        kind = CritKind(change.detail)
        if kind not in allowed_crits(entry.unit):
            possible = ", ".join(sorted(k.value for k in allowed_crits(entry.unit))) or "none"
            raise BattleEditError(
                f"{name} ({entry.unit.type_code}) has no {kind.label.lower()} result "
                f"(its crits: {possible})"
            )
    if change.kind in ("heat", "set-heat") and not effects.tracks_heat(entry.unit):
        raise BattleEditError(
            f"{name} ({entry.unit.type_code}) has no heat scale; heat against it counts as "
            "damage (ASCE p.53): mark it with `battle damage`"
        )
    if change.kind == "heat" and change.detail in ("ov", "fired") and state.shutdown:
        raise BattleEditError(f"{name} is shut down and cannot attack this turn")
    if change.kind == "heat" and change.detail == "ov" and change.amount > entry.unit.overheat:
        raise BattleEditError(f"{name} has OV {entry.unit.overheat}; it cannot use {change.amount}")


# -- applying ------------------------------------------------------------------------


def _apply(battle: Battle, change: Change) -> Battle:
    battle = battle.with_changes(log=(*battle.log, change))
    if change.kind == "end-round":
        return _end_phase(battle)
    if change.staged:
        return battle.with_changes(pending=(*battle.pending, change))
    state = battle.unit(change.unit)
    if change.kind == "profile":
        force_entry = battle.force_entry(state)
        wounds = shared_track(battle, change.unit)
        return battle.with_unit(profile_state.apply_change(force_entry, state, change, wounds))
    return battle.with_unit(_effect(battle.entry(state), state, change, battle.turn))


def _effect(entry: ForceEntry, state: UnitState, change: Change, turn: int) -> UnitState:
    if change.kind == "damage":
        return apply_damage(entry, state, change.amount)
    if change.kind == "crit":
        return apply_crit(entry, state, CritKind(change.detail), turn)
    if change.kind == "wound":
        return state.with_changes(pilot_wounds=state.pilot_wounds + change.amount)
    if change.kind == "set-heat":
        return state.with_changes(heat=change.amount, shutdown=change.amount >= HEAT_SHUTDOWN)
    if change.kind == "flag":
        return state.with_changes(**{change.detail: bool(change.amount)})
    if change.kind == "designate":
        return state  # the instigator's secret choice: no effect on the unit (seed 000 I)
    if change.kind == "sabotage":
        # Seed 000 III.B option D: after the punch, hit or miss, the traitor flees (B).
        return state.with_changes(objective=str(change.get("then", "flee")))
    if change.kind == "betrayal":
        if not change.get("success", False):
            return state
        penalty = int(change.get("penalty", 0))
        return state.with_changes(
            controller=int(change.get("instigator", state.controller)),
            weapon_penalty=state.weapon_penalty + penalty,
            piloting_penalty=state.piloting_penalty + penalty,
            objective=str(change.get("objective", "")),
        )
    raise BattleEditError(f"unknown change {change.kind!r}")


def apply_damage(entry: ForceEntry, state: UnitState, points: int) -> UnitState:
    """Damage armor first, then structure; destroyed when the structure is gone (ASCE p.48)."""
    unit = entry.unit
    to_armor = min(points, max(0, unit.armor - state.armor_damage))
    to_structure = points - to_armor
    structure = min(unit.structure, state.structure_damage + to_structure)
    destroyed = state.destroyed or (to_structure > 0 and structure >= unit.structure)
    return state.with_changes(
        armor_damage=state.armor_damage + to_armor, structure_damage=structure, destroyed=destroyed
    )


#: Results a unit can take once only; a second is a result that cannot apply.
_ONCE = frozenset({CritKind.THRUSTER, CritKind.KF_BOOM, CritKind.DOCKING_COLLAR})

#: Engine hits that destroy (or crash) a unit, by crit table: the second for a 'Mech, a
#: ground vehicle or an aerospace unit (ASCE p.50, p.187), the third for large craft.
_ENGINE_LIMIT = {"mech": 2, "vehicle": 2, "aerospace": 2, "dropship": 3, "capital": 3}


def apply_crit(entry: ForceEntry, state: UnitState, kind: CritKind, turn: int) -> UnitState:
    """Record a critical hit and its immediate consequences (ASCE p.50–51, p.187).

    A result that cannot apply (a weapon hit with no damage left, a move hit on an
    immobile unit, a second thruster hit) is 1 extra damage instead.
    """
    unit = entry.unit
    table = table_family(unit) or ""
    added = state.with_changes(crits=(*state.crits, kind))
    if kind in _ONCE and state.count(kind):
        return apply_damage(entry, state, 1)
    if kind is CritKind.AMMO:
        if unit.has_special("CASEII") or unit.has_special("ENE"):
            return added  # treated as no critical hit; kept on the record for the log
        if unit.has_special("CASE"):
            return apply_damage(entry, added, 1)
        return added.with_changes(destroyed=True)
    if kind is CritKind.ENGINE:
        if added.count(CritKind.ENGINE) >= _ENGINE_LIMIT.get(table, 99):
            # An aerospace unit or large craft with no thrust left crashes (ASCE p.187).
            crashed = table in ("aerospace", "dropship", "capital")
            return added.with_changes(destroyed=True, crashed=crashed or state.crashed)
        return added
    if kind is CritKind.FUEL:
        return added.with_changes(destroyed=True, crashed=True)
    if kind is CritKind.CREW:
        if added.count(CritKind.CREW) >= 2:
            return added.with_changes(destroyed=True, pilotless=True)
        return added
    if kind is CritKind.THRUSTER:
        if effects.permanently_immobile(entry, added):
            return added.with_changes(destroyed=True, crashed=True)
        return added
    if kind in (CritKind.MP, CritKind.MOTIVE_MINUS2, CritKind.MOTIVE_HALF, CritKind.MOTIVE_STOP):
        if effects.permanently_immobile(entry, state):
            return apply_damage(entry, state, 1)
        moved_out = added.with_changes(immobile=effects.permanently_immobile(entry, added))
        if moved_out.immobile and kind is not CritKind.MP and effects.flies(unit):
            # An airborne VTOL or WiGE whose motive damage takes all its move crashes:
            # 1 damage (ASCE p.51; facts §4).  cardsmith does not track landing, so a
            # flying unit is taken to be airborne.
            return apply_damage(entry, moved_out.with_changes(crashed=True), effects.CRASH_DAMAGE)
        if moved_out.immobile and kind is not CritKind.MP and effects.submerged(unit):
            # A submerged unit brought to 0" sinks to the bottom: 1 damage, immobilized
            # (ASCE p.51).  A submarine is taken to be submerged.
            return apply_damage(entry, moved_out.with_changes(sunk=True), effects.CRASH_DAMAGE)
        return moved_out
    if kind is CritKind.WEAPON:
        if not effects.has_damage_left(entry, state):
            return apply_damage(entry, state, 1)
        return added
    if kind is CritKind.CREW_STUNNED:
        return added.with_changes(stunned_turn=turn + 1)
    if kind is CritKind.CREW_KILLED:
        return added.with_changes(destroyed=True, pilotless=True)
    if kind is CritKind.DESTROYED:
        return added.with_changes(destroyed=True)
    return added


def _end_phase(battle: Battle) -> Battle:
    """ASCE p.52 End Phase: staged damage, crits and wounds, then heat, then the next turn.

    Heat order (facts §5): add OV used and engine-hit heat; −1 in water; a unit that made
    no weapon attack loses all heat; a shut-down unit clears its heat and restarts; then
    external heat (at most 2).  Heat S (4) shuts the unit down for the next turn.
    """
    staged: dict[str, list[Change]] = {}
    for change in battle.pending:
        staged.setdefault(change.unit, []).append(change)
    units: list[UnitState] = []
    for state in battle.units:
        entry = battle.entry(state)
        changes = staged.get(state.key, [])
        for change in changes:
            if change.kind in ("damage", "crit", "wound") and not state.destroyed:
                state = _effect(entry, state, change, battle.turn)
        if not state.out_of_play and effects.tracks_heat(entry.unit):
            state = _end_heat(entry, state, changes)
        units.append(profile_state.end_of_round(battle.force_entry(state), state))
    return battle.with_changes(units=tuple(units), turn=battle.turn + 1, pending=())


def _end_heat(entry: ForceEntry, state: UnitState, changes: list[Change]) -> UnitState:
    heat_changes = [c for c in changes if c.kind == "heat"]
    fired = any(c.detail in ("ov", "fired") for c in heat_changes)
    overheat = sum(c.amount for c in heat_changes if c.detail == "ov")
    external = min(
        heat_data().max_external, sum(c.amount for c in heat_changes if c.detail == "external")
    )
    water = any(c.detail == "water" for c in heat_changes)
    if state.shutdown:
        level = 0  # restarts: a shut-down unit clears all heat (ASCE p.52)
    elif not fired:
        level = 0
    else:
        level = state.heat + overheat + effects.engine_heat(entry, state, fired=True)
        level = max(0, level - (1 if water else 0))
    level = min(HEAT_SHUTDOWN, level + external)
    return state.with_changes(heat=level, shutdown=level >= HEAT_SHUTDOWN)


def describe(battle: Battle, change: Change) -> str:
    """One line for a change, for the log and the undo message."""
    if change.kind == "end-round":
        return f"turn {change.turn}: end of round"
    name = change.unit
    whose = "pilot "
    with contextlib.suppress(BattleEditError, IndexError):
        entry = battle.force_entry(battle.unit(change.unit))
        name = f"{change.unit} {entry.name}"
        whose = "" if profile_state.is_generic(entry) else whose
    when = " (end phase)" if change.staged else ""
    text = {
        "damage": f"{change.amount} damage",
        "crit": f"crit: {change.detail}",
        "wound": f"{change.amount} {whose}wound(s)",
        "heat": f"heat {change.detail} {change.amount}",
        "set-heat": f"heat set to {heat_text(change.amount)}",
        "flag": f"{change.detail} {'on' if change.amount else 'off'}",
        "profile": profile_state.describe_change(change),
        "betrayal": (
            f"betrayal test: roll {change.get('roll')} vs TN {change.get('tn')} — "
            f"{'turned' if change.get('success') else 'failed'}"
        ),
        "designate": (
            f"designated for betrayal by side {change.get('instigator')}, "
            f"objective {change.get('objective')}"
        ),
        "sabotage": (
            f"critical sabotage on {change.get('target')}: "
            f"{'hit' if change.get('hit') else 'missed'}; now flees"
        ),
    }.get(change.kind, change.kind)
    return f"turn {change.turn}: {name}: {text}{when}"


def shared_track(battle: Battle, key: str) -> int:
    """The shared damage track of a unit, with damage that waits for the End Phase.

    Wounds taken during an order count at its end even when the End Phase applies them.
    """
    state = battle.unit(key)
    return profile_state.shared_wounds(battle.force_entry(state), projected(battle, key))


def projected(battle: Battle, key: str) -> UnitState:
    """A unit's state as it will be once its staged damage, crits and wounds apply (heat aside)."""
    state = battle.unit(key)
    entry = battle.entry(state)
    for change in battle.pending:
        if (
            change.unit == key
            and change.kind in ("damage", "crit", "wound")
            and not state.destroyed
        ):
            state = _effect(entry, state, change, battle.turn)
    return state
