"""Provides the Betrayal optional rule in play (seed 000, "Teste de Lealdade Sinistra", TLS).

The numbers and the modifier table are data (``templates/rules/betrayal.toml``, read by
the rules loader into ``cardsmith.rules.optional.BetrayalRule``); this module supplies
the unit's tracked state to that table, decides eligibility, and records the outcome:
``betrayal_target`` for the TN with its reasons, ``resolve_betrayal`` for a roll.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.battle import effects
from cardsmith.battle.actions import record
from cardsmith.battle.state import (
    HEAT_SHUTDOWN,
    Battle,
    BattleEditError,
    Change,
    UnitState,
    heat_text,
)
from cardsmith.errors import RulePackError
from cardsmith.rules.engine import load_pack
from cardsmith.rules.optional import BetrayalRule, Objective, TnModifier
from cardsmith.tables.dice import Dice, roll
from cardsmith.wording import count

#: Pack and optional-rule id of Betrayal.
BETRAYAL = "betrayal"


@dataclass(frozen=True, slots=True)
class AppliedModifier:
    """One TN modifier that applied, and why (the state that triggered it)."""

    id: str
    label: str
    value: int
    reason: str
    """The unit's state that triggered it (``heat S``, ``piloting skill 5``)."""
    note: str = ""
    """The pack's note on the modifier (the heat mapping, the commander's direction)."""


@dataclass(frozen=True, slots=True)
class BetrayalCheck:
    """The TN of a betrayal test on one unit, its reasons, and whether a test may be made now."""

    unit: str
    """Key of the target unit."""
    unit_name: str
    instigator: int
    """The side (1-based) trying to turn the unit."""
    base_tn: int
    tn: int
    """Base TN plus every modifier that applied (all cumulative, seed 000 II.C)."""
    modifiers: tuple[AppliedModifier, ...]
    eligible: bool
    reasons_not: tuple[str, ...]
    """Why no test may be made now (empty when eligible)."""


@dataclass(frozen=True, slots=True)
class BetrayalOutcome:
    """A resolved betrayal test: the check, the roll and what it did."""

    check: BetrayalCheck
    roll: int
    success: bool
    """Roll ≥ TN: the unit changes sides (seed 000 III.B)."""
    objective: Objective | None
    battle: Battle
    """The battle with the attempt recorded (and the unit turned on a success)."""


def load_betrayal_rule(pack: str = BETRAYAL) -> BetrayalRule:
    """The Betrayal rule data from a pack (the built-in ``betrayal`` unless named).

    Raises:
        RulePackError: the pack does not load or carries no ``[optional.betrayal]``.
    """
    loaded = load_pack(pack)
    rule = loaded.optional.get(BETRAYAL)
    if not isinstance(rule, BetrayalRule):
        raise RulePackError(f"rule pack {loaded.id!r} has no [optional.{BETRAYAL}] table")
    return rule


def battle_rule(battle: Battle) -> BetrayalRule:
    """The Betrayal data of the first pack switched on in the battle that has it, else the built-in."""
    for pack in battle.packs:
        try:
            return load_betrayal_rule(pack)
        except RulePackError:
            continue
    return load_betrayal_rule()


def is_switched_on(battle: Battle) -> bool:
    """True when a pack switched on in the battle carries the Betrayal rule."""
    for pack in battle.packs:
        try:
            load_betrayal_rule(pack)
        except RulePackError:
            continue
        return True
    return False


def unit_conditions(battle: Battle, state: UnitState) -> dict[str, int | bool]:
    """The state fields the modifier table tests (``cardsmith.rules.optional.STATE_FIELDS``).

    ``heat`` is the Alpha Strike level with S as 4 (the pack maps the seed's levels);
    ``piloting`` is the unit's skill plus any betrayal piloting penalty (Alpha Strike has
    one skill); pilot wounds include those carried in from the force file.
    """
    entry = battle.entry(state)
    return {
        "structure_exposed": effects.structure_exposed(entry, state),
        "pilot_wounds": state.pilot_wounds,
        "heat": HEAT_SHUTDOWN if state.shutdown else state.heat,
        "piloting": effects.piloting_skill(entry, state),
        "commander": entry.commander,
    }


def _reason(
    modifier: TnModifier, conditions: dict[str, int | bool], battle: Battle, state: UnitState
) -> str:
    entry = battle.entry(state)
    field = modifier.when
    if field == "structure_exposed":
        text = f"armor gone, {state.structure_damage} structure damage"
    elif field == "pilot_wounds":
        text = f"pilot has {count(state.pilot_wounds, 'wound')}"
    elif field == "heat":
        text = f"heat {heat_text(int(conditions['heat']))}"
    elif field == "piloting":
        extra = (
            f" (skill {entry.skill} + {state.piloting_penalty} penalty)"
            if state.piloting_penalty
            else ""
        )
        text = f"piloting skill {conditions['piloting']}{extra}"
    elif field == "commander":
        text = "the unit is its force's commander"
    else:
        text = f"{field} = {conditions.get(field)}"
    return text


def _default_instigator(battle: Battle, state: UnitState, instigator: int | None) -> int:
    if instigator is not None:
        if not 1 <= instigator <= len(battle.sides):
            raise BattleEditError(f"no side {instigator}")
        return instigator
    others = [n for n in range(1, len(battle.sides) + 1) if n != state.controller]
    if len(others) == 1:
        return others[0]
    raise BattleEditError("name the instigator's side (several sides could be instigating)")


def _attempts(battle: Battle, instigator: int) -> list[Change]:
    return [
        c for c in battle.log if c.kind == "betrayal" and int(c.get("instigator", 0)) == instigator
    ]


def designation(battle: Battle, instigator: int) -> Change | None:
    """The instigator's designation: an explicit one, else its first test (seed 000 I).

    It fixes the potential traitor and the objective for the whole game.
    """
    for change in battle.log:
        if change.kind in ("designate", "betrayal") and int(change.get("instigator", 0)) == (
            instigator
        ):
            return change
    return None


def betrayal_target(
    battle: Battle,
    unit_ref: str,
    within_10: bool,
    *,
    instigator: int | None = None,
    rule: BetrayalRule | None = None,
) -> BetrayalCheck:
    """The TN of a betrayal test on a unit, every modifier with its reason, and eligibility.

    ``within_10`` says whether the unit is within range of an active instigator unit:
    cardsmith has no map, so the players answer it.  The TN is given even when no test
    may be made now, so players can see where it stands.

    Raises:
        BattleEditError: unknown unit or side.
        RulePackError: the Betrayal pack does not load.
    """
    state = battle.find(unit_ref)
    entry = battle.entry(state)
    side = _default_instigator(battle, state, instigator)
    rule = rule or battle_rule(battle)
    conditions = unit_conditions(battle, state)
    tn, applied = rule.target_number(conditions)
    modifiers = tuple(
        AppliedModifier(m.id, m.label, m.value, _reason(m, conditions, battle, state), m.note)
        for m in applied
    )
    reasons = _reasons_not(battle, state, side, within_10, rule)
    return BetrayalCheck(
        unit=state.key,
        unit_name=entry.name,
        instigator=side,
        base_tn=rule.base_tn,
        tn=tn,
        modifiers=modifiers,
        eligible=not reasons,
        reasons_not=tuple(reasons),
    )


def _reasons_not(
    battle: Battle, state: UnitState, side: int, within_10: bool, rule: BetrayalRule
) -> list[str]:
    """Seed 000 II.A–B and III.A: the window, range, operational state and the retry wait."""
    entry = battle.entry(state)
    reasons: list[str] = []
    if not is_switched_on(battle):
        reasons.append("the Betrayal rule is not switched on for this battle")
    if battle.turn < rule.from_turn:
        reasons.append(f"turn {battle.turn}: tests may be declared from turn {rule.from_turn}")
    if state.controller == side:
        reasons.append(f"the unit already fights for {battle.side_name(side)}")
    if not any(u.controller == side and not u.out_of_play for u in battle.units):
        reasons.append(f"{battle.side_name(side)} has no active unit left")
    if not within_10:
        reasons.append(f"not within {rule.range_hexes} hexes of an active unit of the instigator")
    if state.destroyed:
        reasons.append("the unit is destroyed")
    if state.withdrawn:
        reasons.append("the unit has left the battle")
    if state.shutdown or state.heat >= HEAT_SHUTDOWN:
        reasons.append("the unit is shut down")
    if state.pilotless:
        reasons.append("the unit has no pilot")
    if effects.permanently_immobile(entry, state) or state.stunned_turn == battle.turn:
        reasons.append("the unit is immobile")
    attempts = _attempts(battle, side)
    chosen = designation(battle, side)
    designated = chosen.unit if chosen is not None else ""
    if designated and designated != state.key:
        reasons.append(f"the instigator's designated target is {designated}, not this unit")
    for change in attempts:
        if change.unit != state.key:
            continue
        if change.turn == battle.turn:
            reasons.append(f"already tested in turn {battle.turn}")
        elif not change.get("success") and 0 < battle.turn - change.turn <= rule.retry_wait_turns:
            reasons.append(
                f"a test failed in turn {change.turn}: no new test on this unit in turn {battle.turn}"
            )
    return reasons


def find_objective(rule: BetrayalRule, text: str) -> Objective:
    """An objective by id (``flee``) or the seed's letter (``B``).

    Raises:
        BattleEditError: no such objective.
    """
    key = text.strip().casefold()
    for objective in rule.objectives:
        if key in (objective.id.casefold(), objective.alias.casefold()):
            return objective
    known = ", ".join(f"{o.id} ({o.alias})" if o.alias else o.id for o in rule.objectives)
    raise BattleEditError(f"unknown betrayal objective {text!r} (one of: {known})")


def designated_objective(battle: Battle, instigator: int) -> str:
    """The objective fixed when the instigator designated its target (empty before)."""
    chosen = designation(battle, instigator)
    return str(chosen.get("objective", "")) if chosen is not None else ""


def designate(
    battle: Battle,
    unit_ref: str,
    objective: str,
    *,
    instigator: int | None = None,
    rule: BetrayalRule | None = None,
) -> Battle:
    """Record the instigator's secret choice: the potential traitor and its objective.

    Seed 000 I: made before the game, once; the objective cannot change afterwards.

    Raises:
        BattleEditError: the rule is off, the unit is the instigator's own, the
            instigator has designated already, or the objective is unknown.
    """
    rule = rule or battle_rule(battle)
    if not is_switched_on(battle):
        raise BattleEditError("the Betrayal rule is not switched on for this battle")
    state = battle.find(unit_ref)
    side = _default_instigator(battle, state, instigator)
    if state.controller == side:
        raise BattleEditError(f"{state.key} already fights for {battle.side_name(side)}")
    earlier = designation(battle, side)
    if earlier is not None:
        raise BattleEditError(
            f"{battle.side_name(side)} designated {earlier.unit} with objective "
            f"{earlier.get('objective')} already; the choice holds for the game (seed 000 I)"
        )
    picked = find_objective(rule, objective)
    data = (("instigator", side), ("objective", picked.id))
    return record(battle, Change("designate", state.key, battle.turn, data=data))


def roll_2d6(seed: int | str | None = None) -> int:
    """Two six-sided dice from the one dice source, seeded (never the global random)."""
    return roll("2D6", Dice.seeded(seed)).total


def resolve_betrayal(
    battle: Battle,
    unit_ref: str,
    roll: int,
    *,
    within_10: bool,
    objective: str = "",
    instigator: int | None = None,
    rule: BetrayalRule | None = None,
) -> BetrayalOutcome:
    """Resolve a test with a 2D6 roll and record it in the battle.

    Success (roll ≥ TN): the instigator takes control; damage, heat and ammo stay; the
    skill rises by the pack's penalty for weapon attacks and, separately, for piloting;
    the pre-chosen objective is set.  Failure blocks a test on the unit next turn.

    Raises:
        BattleEditError: the unit may not be tested now (reasons listed), the roll is
            not 2–12, or no objective was chosen.
    """
    if not 2 <= roll <= 12:
        raise BattleEditError(f"a 2D6 roll is 2-12, not {roll}")
    rule = rule or battle_rule(battle)
    check = betrayal_target(battle, unit_ref, within_10, instigator=instigator, rule=rule)
    if not check.eligible:
        raise BattleEditError(
            f"no betrayal test on {check.unit} now: " + "; ".join(check.reasons_not)
        )
    fixed = designated_objective(battle, check.instigator)
    if fixed and objective and find_objective(rule, objective).id != fixed:
        raise BattleEditError(
            f"the objective was fixed as {fixed} when the unit was designated; "
            "it cannot change between tests (seed 000 I)"
        )
    chosen = fixed or objective
    if not chosen:
        raise BattleEditError(
            "choose the betrayal objective before the test (seed 000 I): "
            + ", ".join(o.id for o in rule.objectives)
        )
    picked = find_objective(rule, chosen)
    success = roll >= check.tn
    change = Change(
        "betrayal",
        check.unit,
        battle.turn,
        data=(
            ("roll", roll),
            ("tn", check.tn),
            ("instigator", check.instigator),
            ("success", success),
            ("objective", picked.id),
            ("penalty", rule.skill_penalty),
        ),
    )
    return BetrayalOutcome(check, roll, success, picked, record(battle, change))
