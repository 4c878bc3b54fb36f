"""Provides the effects of damage, heat and crits on a unit in play: move, TMM, damage, to-hit.

All functions are pure: they read a ``ForceEntry`` (the printed stats, skill and SPAs) and
a ``UnitState``.  Permanent effects (crits) apply in the order received, temporary ones
(heat) last (ASCE p.51; facts §4): MV 10" at heat 1 with an MP hit → 10 / 2 = 5 → 5 − 2 =
3".  The SPAs that change card values (Speed Demon's move, Sniper's range modifiers,
ASCE p.99) are applied by the same function the card uses, ``forces.spas.card_numbers``,
to the move left after crits and heat: a unit that cannot move gains nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.battle.crits import CritKind, is_aerospace, table_family
from cardsmith.battle.heat_data import heat_data
from cardsmith.battle.state import HEAT_SHUTDOWN, Battle, UnitState
from cardsmith.battle.weapon_hits import (
    ARTILLERY_PREFIX as ARTILLERY_PREFIX,
)
from cardsmith.battle.weapon_hits import (
    DAMAGE_SPECIALS as DAMAGE_SPECIALS,
)
from cardsmith.battle.weapon_hits import (
    halve_damage,
)
from cardsmith.battle.weapon_hits import (
    halve_special as halve_special,
)
from cardsmith.battle.weapon_hits import (
    reduce_damage as reduce_damage,
)
from cardsmith.battle.weapon_hits import (
    reduce_special as reduce_special,
)
from cardsmith.battle.weapon_hits import (
    specials_after_hits as specials_after_hits,
)
from cardsmith.errors import BattleEditError, TemplateError
from cardsmith.forces.spas import (
    STANDARD_RANGE_MODIFIERS,
    CardNumbers,
    SpaCatalogue,
    card_numbers,
)
from cardsmith.models import DamageValue, ForceEntry, Movement, Special, Unit
from cardsmith.models.stats import format_move

#: To-hit modifier per range band (ASCE p.44; seed 004): Short +0, Medium +2, Long +4, Extreme +6.
RANGE_MODIFIERS = STANDARD_RANGE_MODIFIERS

#: Each fire control hit: +2 to weapon attack TNs (ASCE p.50); each large-craft crew hit too.
FIRE_CONTROL_TN = 2
CREW_HIT_TN = 2

#: An immobile or shut-down target: TMM −4 (ASCE p.52; seed 004 "-4 de bonus").
IMMOBILE_TMM = -4

#: Movement modes that fly: VTOL and WiGE (facts §1.5).  Brought to 0" by motive damage
#: while airborne, they crash and take this much damage (ASCE p.51; facts §4).  A
#: submerged unit (submarine, mode ``s``) brought to 0" sinks: the same 1 damage, and it
#: is immobilized (ASCE p.51).
AIRBORNE_MODES = frozenset({"v", "g"})
SUBMERGED_MODES = frozenset({"s"})
CRASH_DAMAGE = 1

#: Crit tables of the large craft, whose move is thrust and whose weapon hits fall on one
#: random arc (ASCE large-craft tables; see ``templates/battle/crits.toml``).
LARGE_CRAFT = frozenset({"dropship", "capital"})

#: Large-craft engine hits: the share of thrust left after 1, 2 and 3 hits (−25% / −50% /
#: −100%; the third is a crash).
LARGE_CRAFT_ENGINE = (1.0, 0.75, 0.5, 0.0)

_NO_SPAS = SpaCatalogue(())


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


def flies(unit: Unit) -> bool:
    """True for a VTOL or WiGE vehicle (it crashes when motive damage leaves it no move)."""
    return table_family(unit) == "vehicle" and any(m.mode in AIRBORNE_MODES for m in unit.move)


def submerged(unit: Unit) -> bool:
    """True for a submarine (it sinks when motive damage leaves it no move, ASCE p.51)."""
    return table_family(unit) == "vehicle" and any(m.mode in SUBMERGED_MODES for m in unit.move)


def tracks_heat(unit: Unit) -> bool:
    """True for units with a heat scale: 'Mechs and aerospace fighters only (ASCE p.28)."""
    return unit.type_code in heat_data().types


def moves_by_thrust(unit: Unit) -> bool:
    """True for aerospace units and large craft: their move is thrust, not inches."""
    return is_aerospace(unit) or table_family(unit) in LARGE_CRAFT


def card_values(entry: ForceEntry, move: tuple[Movement, ...] | None = None) -> CardNumbers:
    """The entry's SPAs applied to its move (the printed one, or ``move``) and range modifiers.

    The same function the card uses (``forces.spas.card_numbers``).  A broken SPA file
    must not stop a game, as it does not stop a print: the values then stand bare.
    """
    if entry.spas:
        try:
            return card_numbers(entry.unit, entry.skill, entry.spas, move=move)
        except TemplateError:
            pass
    return card_numbers(entry.unit, entry.skill, (), _NO_SPAS, move=move)


def _halve(value: int, min_loss: int) -> int:
    """Half, rounded down, losing at least ``min_loss`` (ASCE p.50 MP hit; p.51 motive 11)."""
    return max(0, min(value // 2, value - min_loss))


def _large_craft_thrust(base: list[float], state: UnitState) -> list[float]:
    engine = min(3, state.count(CritKind.ENGINE))
    share = LARGE_CRAFT_ENGINE[engine]
    thruster = state.count(CritKind.THRUSTER)
    # Whole thrust rounds down; a station's keeping thrust (0.2k) is a fraction to keep.
    return [max(0.0, (int(i * share) if i >= 1 else round(i * share, 2)) - thruster) for i in base]


def permanent_move(entry: ForceEntry, state: UnitState) -> tuple[tuple[float, ...], int]:
    """Inches (or thrust) per mode and TMM after crits only, applied in the order received.

    MP hit and motive ½: halve all Move and TMM, at least 2" and 1 TMM lost; motive −2":
    −2" and −1 TMM; motive 0: immobilized; ground vehicle engine hit: half Move and TMM,
    rounded down (ASCE p.50–51).  An aerospace unit's engine hit halves thrust (at least
    1 lost), the second leaves none (ASCE p.187).  Large craft: engine hits leave 75%,
    50%, then 0% of the thrust, a thruster hit takes 1 more.
    """
    unit = entry.unit
    tmm = unit.tmm
    kind_family = table_family(unit)
    if kind_family in LARGE_CRAFT:
        return tuple(_large_craft_thrust([m.inches for m in unit.move], state)), tmm
    inches = [int(m.inches) for m in unit.move]
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
            elif kind_family == "aerospace":
                inches = [_halve(i, 1) if engine_hits == 1 else 0 for i in inches]
    return tuple(inches), tmm


def permanently_immobile(entry: ForceEntry, state: UnitState) -> bool:
    """True when the unit is marked immobile or its crits have taken all its move."""
    inches, _ = permanent_move(entry, state)
    return state.immobile or (bool(inches) and not any(inches))


def current_move(entry: ForceEntry, state: UnitState, *, turn: int = 0) -> MoveNow:
    """Move and TMM this turn: crits in order, then heat, then the SPAs (ASCE p.51–52, p.99).

    Heat costs ground Move (jump and thrust unaffected) and TMM as the heat scale data
    gives it: 2" a level, and 1 TMM from heat 2.  TSM: at heat 1 or more +2" ground Move,
    and at heat 1 no heat loss (ASCE p.79).  Speed Demon adds its 2" (1 thrust) to what is
    left, TMM unchanged.  Shut down, immobilized or a stunned crew in ``turn``: no move
    and TMM −4.
    """
    unit = entry.unit
    inches, tmm = permanent_move(entry, state)
    if moves_by_thrust(unit):
        tmm = 0  # aerospace units and large craft have thrust, not a TMM (facts §1.5)
    heat = min(state.heat, HEAT_SHUTDOWN) if tracks_heat(unit) else 0
    level = heat_data().at(heat)
    tsm = heat >= 1 and unit.has_special("TSM")
    thrust = moves_by_thrust(unit)
    modes: list[Movement] = []
    for mode, base in zip(unit.move, inches, strict=True):
        value = base
        ground = not mode.is_jump and not mode.is_thrust and not thrust
        if ground and heat and 0 < heat < HEAT_SHUTDOWN and base > 0:
            loss = 0 if (tsm and heat == 1) else level.ground_move
            value = max(0, base - loss + (2 if tsm else 0))
        modes.append(Movement(float(value), mode.mode, mode.detail))
    if 0 < heat < HEAT_SHUTDOWN:
        tmm = max(0, tmm + level.tmm)
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
    return MoveNow(card_values(entry, tuple(modes)).move, tmm, False)


def current_damage(entry: ForceEntry, state: UnitState) -> tuple[DamageValue, ...]:
    """Damage at S/M/L/E after weapon hits and a ground vehicle's engine hit, in order.

    A vehicle engine hit halves every damage value, rounded down, minimum 0 (ASCE p.50).
    A large craft's weapon hit falls on one random arc (−25%); cardsmith keeps one set of
    values for it, so the hit is counted on its track and these values stand.
    """
    values = list(entry.unit.damage)
    kind_family = table_family(entry.unit)
    if kind_family in LARGE_CRAFT:
        return tuple(values)
    for crit in state.crits:
        if crit is CritKind.WEAPON:
            values = [reduce_damage(v, 1) for v in values]
        elif crit is CritKind.ENGINE and kind_family == "vehicle":
            values = [halve_damage(v) for v in values]
    return tuple(values)


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


def range_modifiers(entry: ForceEntry) -> dict[str, int]:
    """The range modifiers of this entry's card: standard, or as an SPA changes them (Sniper)."""
    return card_values(entry).range_modifiers


def to_hit(entry: ForceEntry, state: UnitState, band: str, *, turn: int = 0) -> int | None:
    """The weapon attack base TN at a range band.

    Skill + the card's range modifier (Sniper's, when the pilot has it) + heat + 2 per fire
    control hit (+2 per large-craft crew hit).  Target modifiers (TMM, terrain) come on
    top.  None when the unit cannot attack or deals no damage at that range.

    Raises:
        BattleEditError: ``band`` is not S, M, L or E.
    """
    band = band.upper()
    bands = "SMLE"
    if band not in RANGE_MODIFIERS:
        raise BattleEditError(f"range must be one of S, M, L, E, not {band!r}")
    if not can_attack(entry, state, turn=turn):
        return None
    damage = current_damage(entry, state)[bands.index(band)]
    if damage.value == 0 and not damage.minimal:
        return None
    heat = heat_data().at(state.heat).to_hit if tracks_heat(entry.unit) else 0
    hits = FIRE_CONTROL_TN * state.count(CritKind.FIRE_CONTROL)
    hits += CREW_HIT_TN * state.count(CritKind.CREW)
    return weapon_skill(entry, state) + range_modifiers(entry)[band] + heat + hits


def physical_to_hit(entry: ForceEntry, state: UnitState, *, turn: int = 0) -> int | None:
    """The base TN of a physical attack: the piloting skill only (no fire control, no gunnery penalty)."""
    if not can_attack(entry, state, turn=turn):
        return None
    return piloting_skill(entry, state)


def engine_heat(entry: ForceEntry, state: UnitState, *, fired: bool) -> int:
    """End-phase heat from an engine hit: +1 in a turn the 'Mech made weapon attacks (ASCE p.50)."""
    if table_family(entry.unit) != "mech" or not fired:
        return 0
    return 1 if state.count(CritKind.ENGINE) >= 1 else 0


def structure_exposed(entry: ForceEntry, state: UnitState) -> bool:
    """True when the armor is gone and the structure has taken damage (seed 000, II.C)."""
    return state.armor_damage >= entry.unit.armor and state.structure_damage > 0
