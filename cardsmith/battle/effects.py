"""Provides the effects of damage, heat and crits on a unit in play: move, TMM, damage, to-hit.

All functions are pure: they read a ``ForceEntry`` (the printed stats) and a ``UnitState``.
Permanent effects (crits) apply in the order received, temporary ones (heat) last
(ASCE p.51; facts §4): MV 10" at heat 1 with an MP hit → 10 / 2 = 5 → 5 − 2 = 3".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import HEAT_SHUTDOWN, Battle, UnitState
from cardsmith.models import DamageValue, ForceEntry, Movement, Special, Unit
from cardsmith.models.stats import format_move

#: To-hit modifier per range band (ASCE p.44; seed 004): Short +0, Medium +2, Long +4, Extreme +6.
RANGE_MODIFIERS: dict[str, int] = {"S": 0, "M": 2, "L": 4, "E": 6}

#: Each fire control hit: +2 to weapon attack TNs (ASCE p.50).
FIRE_CONTROL_TN = 2

#: An immobile or shut-down target: TMM −4 (ASCE p.52; seed 004 "-4 de bonus").
IMMOBILE_TMM = -4

#: Families that track heat: 'Mechs and aerospace fighters only (ASCE p.28).
HEAT_FAMILIES = frozenset({"mech", "fighter"})

#: Specials whose numbers are damage: each weapon hit lowers them like the card's damage
#: values (ASCE p.51; facts §4 lists AC, ARTX, FLK, HT, IF, LRM, SRM, TOR, TUR; REAR is
#: the rear-arc damage value).  A turret's own values and its contents are both lowered.
DAMAGE_SPECIALS = frozenset({"AC", "FLK", "HT", "IF", "LRM", "SRM", "TOR", "TUR", "REAR"})

#: Artillery specials (ARTX-#, e.g. ``ARTAIS-1``) count pieces; their damage comes from the
#: artillery table, so a weapon hit is noted on the text rather than taken off the count.
ARTILLERY_PREFIX = "ART"

#: Movement modes that fly: VTOL and WiGE (facts §1.5).  Brought to 0" by motive damage
#: while airborne, they crash and take this much damage (ASCE p.51; facts §4).
AIRBORNE_MODES = frozenset({"v", "g"})
CRASH_DAMAGE = 1


@dataclass(frozen=True, slots=True)
class MoveNow:
    """A unit's movement and TMM after crits and heat."""

    modes: tuple[Movement, ...]
    """Every movement mode with its current inches (thrust points for aerospace)."""
    tmm: int
    immobile: bool
    """True when the unit cannot move this turn (TMM is then −4)."""

    @property
    def text(self) -> str:
        """Movement as the card prints it (``3"/6"j``)."""
        return format_move(self.modes) or '0"'


def family(unit: Unit) -> str:
    """The unit's card family (``mech``, ``vehicle`` …), ``none`` without a type."""
    return unit.type.family if unit.type is not None else "none"


def flies(unit: Unit) -> bool:
    """True for a VTOL or WiGE vehicle (it crashes when motive damage leaves it no move)."""
    return family(unit) == "vehicle" and any(m.mode in AIRBORNE_MODES for m in unit.move)


def tracks_heat(unit: Unit) -> bool:
    """True for units with a heat scale ('Mechs and aerospace fighters, ASCE p.28)."""
    return family(unit) in HEAT_FAMILIES


def _halve(value: int, min_loss: int) -> int:
    """Half, rounded down, losing at least ``min_loss`` (ASCE p.50 MP hit; p.51 motive 11)."""
    return max(0, min(value // 2, value - min_loss))


def permanent_move(entry: ForceEntry, state: UnitState) -> tuple[tuple[int, ...], int]:
    """Inches per mode and TMM after crits only, applied in the order received.

    MP hit and motive ½: halve all Move and TMM, at least 2" and 1 TMM lost; motive −2":
    −2" and −1 TMM; motive 0: immobilized; vehicle engine hit: half Move and TMM, rounded
    down (ASCE p.50–51).  A fighter's engine hit halves thrust (at least 1 lost), the
    second leaves none (facts §4, aerospace table).
    """
    unit = entry.unit
    inches = [int(m.inches) for m in unit.move]
    tmm = unit.tmm
    kind_family = family(unit)
    engine_hits = 0
    for crit in state.crits:
        if crit in (CritKind.MP, CritKind.MOTIVE_HALF):
            inches = [_halve(i, 2) for i in inches]
            tmm = _halve(tmm, 1)
        elif crit is CritKind.MOTIVE_MINUS2:
            inches = [max(0, i - 2) for i in inches]
            tmm = max(0, tmm - 1)
        elif crit is CritKind.MOTIVE_STOP:
            inches = [0 for _ in inches]
        elif crit is CritKind.ENGINE:
            engine_hits += 1
            if kind_family == "vehicle":
                inches = [i // 2 for i in inches]
                tmm //= 2
            elif kind_family == "fighter":
                inches = [_halve(i, 1) if engine_hits == 1 else 0 for i in inches]
    return tuple(inches), tmm


def permanently_immobile(entry: ForceEntry, state: UnitState) -> bool:
    """True when the unit is marked immobile or its crits have taken all its move."""
    inches, _ = permanent_move(entry, state)
    return state.immobile or (bool(inches) and not any(inches))


def current_move(entry: ForceEntry, state: UnitState, *, turn: int = 0) -> MoveNow:
    """Move and TMM this turn: crits in order, then heat (ASCE p.51–52).

    Heat H costs 2×H inches of ground Move (jump unaffected) and, from heat 2, 1 TMM.
    TSM: at heat 1 or more +2" ground Move, and at heat 1 no heat loss (ASCE p.79).
    Shut down, immobilized or a stunned crew in ``turn``: no move and TMM −4.
    """
    unit = entry.unit
    inches, tmm = permanent_move(entry, state)
    heat = min(state.heat, HEAT_SHUTDOWN) if tracks_heat(unit) else 0
    tsm = heat >= 1 and unit.has_special("TSM")
    modes: list[Movement] = []
    for mode, base in zip(unit.move, inches, strict=True):
        value = base
        ground = not mode.is_jump and not mode.is_thrust
        if ground and heat and 0 < heat < HEAT_SHUTDOWN and base > 0:
            loss = 0 if (tsm and heat == 1) else 2 * heat
            value = max(0, base - loss + (2 if tsm else 0))
        modes.append(Movement(float(value), mode.mode, mode.detail))
    if heat >= 2:
        tmm = max(0, tmm - 1)
    stunned = turn > 0 and state.stunned_turn == turn
    stopped = (
        state.shutdown
        or heat >= HEAT_SHUTDOWN
        or stunned
        or permanently_immobile(entry, state)
        or (bool(modes) and not any(m.inches for m in modes))
    )
    if stopped:
        zero = tuple(Movement(0.0, m.mode, m.detail) for m in modes)
        return MoveNow(zero, IMMOBILE_TMM, True)
    return MoveNow(tuple(modes), tmm, False)


def reduce_damage(value: DamageValue, hits: int) -> DamageValue:
    """A damage value after ``hits`` weapon hits: −1 each, 1 → 0*, 0* → 0 (ASCE p.51)."""
    for _ in range(hits):
        if value.value > 1:
            value = DamageValue(value.value - 1)
        elif value.value == 1:
            value = DamageValue(0, minimal=True)
        else:
            value = DamageValue(0)
    return value


def current_damage(entry: ForceEntry, state: UnitState) -> tuple[DamageValue, ...]:
    """Damage at S/M/L/E after weapon hits and a vehicle's engine hit, in the order received.

    A vehicle engine hit halves every damage value, rounded down, minimum 0 (ASCE p.50).
    """
    values = list(entry.unit.damage)
    is_vehicle = family(entry.unit) == "vehicle"
    for crit in state.crits:
        if crit is CritKind.WEAPON:
            values = [reduce_damage(v, 1) for v in values]
        elif crit is CritKind.ENGINE and is_vehicle:
            values = [halve_damage(v) for v in values]
    return tuple(values)


def halve_damage(value: DamageValue) -> DamageValue:
    """A damage value after a vehicle engine hit: half, rounded down, minimum 0 (ASCE p.50).

    ``0*`` is less than 0.5 (facts §1), so its half rounds down to 0, as 1 does.
    """
    return DamageValue(value.value // 2)


def _damage_text(values: tuple[DamageValue | None, ...]) -> str:
    return "/".join("-" if v is None else str(v) for v in values)


def reduce_special(special: Special, hits: int) -> Special:
    """A special ability after ``hits`` weapon hits (ASCE p.51; facts §4).

    Damage-bearing specials lose 1 per hit at every range (1 → 0*, 0* → 0), turret
    contents included; artillery notes the loss; every other special is unchanged.
    """
    if hits <= 0:
        return special
    return _lower_special(special, lambda value: reduce_damage(value, hits), f"−{hits} dmg")


def halve_special(special: Special) -> Special:
    """A special ability after a vehicle engine hit (ASCE p.50; facts §4).

    Damage-bearing specials are halved like the card's damage values (rounded down,
    minimum 0, ``0*`` → 0), turret contents included; artillery notes the loss; every
    other special is unchanged.
    """
    return _lower_special(special, halve_damage, "½ dmg")


def _lower_special(
    special: Special, lower: Callable[[DamageValue], DamageValue], note: str
) -> Special:
    """``special`` with ``lower`` applied to every damage value it bears (see reduce_special)."""
    if special.code.startswith(ARTILLERY_PREFIX):
        return Special(
            code=special.code,
            text=f"{special.text} ({note})",
            number=special.number,
            argument=special.argument,
            tail=special.tail,
        )
    if special.code not in DAMAGE_SPECIALS:
        return special
    damage = tuple(None if d is None else lower(d) for d in special.damage)
    contents = tuple(_lower_special(c, lower, note) for c in special.contents)
    number = special.number
    if special.code == "TUR" or special.argument is not None:
        # TUR2(…): the number before the parentheses counts turrets, it is not damage.
        count = "" if number is None else str(int(number))
        inner = ",".join([_damage_text(damage)] * bool(damage) + [c.text for c in contents])
        text = f"{special.code}{count}({inner})"
    elif damage:
        text = f"{special.code}{_damage_text(damage)}"
        single_value = damage[0]
        if len(damage) == 1 and single_value is not None and not single_value.minimal:
            # ``IF0*`` → ``IF0``: a lone whole value reads back as a number, as parsing gives.
            damage, number = (), float(single_value.value)
    elif number is not None:
        single = lower(DamageValue(int(number)))
        if single.minimal:
            damage, number = (single,), None
        else:
            number = float(single.value)
        text = f"{special.code}{single}"
    else:
        return special
    return Special(
        code=special.code,
        text=text,
        number=number,
        damage=damage,
        contents=contents,
        argument=special.argument,
        tail=special.tail,
    )


def specials_after_hits(entry: ForceEntry, state: UnitState) -> tuple[Special, ...]:
    """The unit's specials after weapon hits and a vehicle's engine hit, in the order received.

    The same crits, in the same order, as ``current_damage`` (ASCE p.50–51): a weapon hit
    takes 1 off the damage-bearing specials, a vehicle engine hit halves them.  Weapon
    hits in a row are taken together so artillery reads ``(−2 dmg)``, not twice ``(−1 dmg)``.
    """
    specials = entry.unit.specials
    is_vehicle = family(entry.unit) == "vehicle"
    run = 0
    for crit in state.crits:
        if crit is CritKind.WEAPON:
            run += 1
        elif crit is CritKind.ENGINE and is_vehicle:
            specials = tuple(halve_special(reduce_special(s, run)) for s in specials)
            run = 0
    return tuple(reduce_special(s, run) for s in specials)


def current_specials(battle: Battle, key: str) -> tuple[Special, ...]:
    """A unit's specials now (by key or name): weapon hits lower AC, IF, LRM, TUR …, a
    vehicle engine hit halves them (ASCE p.50–51)."""
    state = battle.find(key)
    return specials_after_hits(battle.entry(state), state)


def has_damage_left(entry: ForceEntry, state: UnitState) -> bool:
    """False when every damage value is 0 (a weapon hit then cannot apply, ASCE p.50)."""
    return any(v.value > 0 or v.minimal for v in current_damage(entry, state))


def weapon_skill(entry: ForceEntry, state: UnitState) -> int:
    """The skill used for weapon attacks (with a betrayal's gunnery penalty)."""
    return entry.skill + state.weapon_penalty


def piloting_skill(entry: ForceEntry, state: UnitState) -> int:
    """The skill used for piloting and physical attacks (with a betrayal's piloting penalty).

    Seed 000 IV: physical attacks ignore the gunnery penalty but take the piloting one.
    """
    return entry.skill + state.piloting_penalty


def can_attack(entry: ForceEntry, state: UnitState, *, turn: int = 0) -> bool:
    """False when shut down, out of play, or a stunned crew's turn."""
    if state.out_of_play or state.shutdown or state.heat >= HEAT_SHUTDOWN:
        return False
    return not (turn > 0 and state.stunned_turn == turn)


def to_hit(entry: ForceEntry, state: UnitState, band: str, *, turn: int = 0) -> int | None:
    """The weapon attack base TN at a range band: skill + range + heat + 2 × fire control hits.

    Target modifiers (TMM, terrain) come on top.  None when the unit cannot attack or
    deals no damage at that range.
    """
    band = band.upper()
    bands = "SMLE"
    if band not in RANGE_MODIFIERS:
        raise ValueError(f"range must be one of S, M, L, E, not {band!r}")
    if not can_attack(entry, state, turn=turn):
        return None
    damage = current_damage(entry, state)[bands.index(band)]
    if damage.value == 0 and not damage.minimal:
        return None
    heat = state.heat if tracks_heat(entry.unit) else 0
    fire_control = state.count(CritKind.FIRE_CONTROL)
    return (
        weapon_skill(entry, state) + RANGE_MODIFIERS[band] + heat + FIRE_CONTROL_TN * fire_control
    )


def physical_to_hit(entry: ForceEntry, state: UnitState, *, turn: int = 0) -> int | None:
    """The base TN of a physical attack: the piloting skill only (no fire control, no gunnery penalty)."""
    if not can_attack(entry, state, turn=turn):
        return None
    return piloting_skill(entry, state)


def engine_heat(entry: ForceEntry, state: UnitState, *, fired: bool) -> int:
    """End-phase heat from an engine hit: +1 in a turn the 'Mech made weapon attacks (ASCE p.50)."""
    if family(entry.unit) != "mech" or not fired:
        return 0
    return 1 if state.count(CritKind.ENGINE) >= 1 else 0


def structure_exposed(entry: ForceEntry, state: UnitState) -> bool:
    """True when the armor is gone and the structure has taken damage (seed 000, II.C)."""
    return state.armor_damage >= entry.unit.armor and state.structure_damage > 0
