"""Provides Betrayal's objective D, critical sabotage, in play (seed 000 III.B, option D).

A unit turned with the sabotage objective jumps or runs into base contact with a formerly
friendly unit of equal or lower tonnage and punches its rear.  On a hit: the punch's
damage (a standard physical attack: the attacker's Size, ASCE p.46; seed 004) plus the
rear-attack +1 (ASCE p.48), and two automatic rolls on the target's crit table.  Hit or
miss, the traitor then flees by the instigator's home edge (option B).

cardsmith has no map: the players move the unit and roll the punch; they tell cardsmith
whether it hit and, when they have them, the two crit rolls.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.battle.actions import record
from cardsmith.battle.crit_prompts import RollPrompt
from cardsmith.battle.crits import crit_from_roll
from cardsmith.battle.state import Battle, BattleEditError, Change

#: The objective ids of seed 000 III.B: D (sabotage) ends in B (flee).
SABOTAGE = "sabotage"
FLEE = "flee"

#: Automatic crit rolls a successful sabotage punch makes (seed 000 III.B, option D).
SABOTAGE_CRIT_ROLLS = 2

#: Rear-attack damage bonus (ASCE p.48; seed 004 "sumas un +1 al daño").
REAR_BONUS = 1


@dataclass(frozen=True, slots=True)
class SabotageOutcome:
    """What the sabotage did: the battle, the punch's damage and the crit rolls still to make."""

    battle: Battle
    damage: int
    """Damage the punch dealt (0 on a miss), staged for the End Phase."""
    prompts: tuple[RollPrompt, ...]


def punch_damage(battle: Battle, traitor: str) -> int:
    """A rear punch: the attacker's Size plus 1 for the rear (ASCE p.46, p.48)."""
    state = battle.find(traitor)
    return max(1, battle.entry(state).unit.size) + REAR_BONUS


def sabotage(
    battle: Battle,
    traitor_ref: str,
    target_ref: str,
    *,
    hit: bool,
    crit_rolls: tuple[int, ...] = (),
) -> SabotageOutcome:
    """Resolve a traitor's sabotage punch on a former ally, then set it to flee.

    Raises:
        BattleEditError: the unit did not turn with the sabotage objective, has done it
            already, the target is not a former ally still on the map, is heavier, or
            more than two crit rolls were given.
        CritError: a crit roll outside 2–12.
    """
    traitor = battle.find(traitor_ref)
    target = battle.find(target_ref)
    entry, victim = battle.entry(traitor), battle.entry(target)
    name = f"{traitor.key} {entry.name}"
    if any(c.kind == "sabotage" and c.unit == traitor.key for c in battle.log):
        raise BattleEditError(f"{name} has made its sabotage attack already; it now flees")
    if traitor.controller == traitor.side or traitor.objective != SABOTAGE:
        raise BattleEditError(f"{name} has not turned with the sabotage objective (D)")
    if target.side != traitor.side or target.controller != traitor.side or target.out_of_play:
        raise BattleEditError(
            f"{target.key} {victim.name} is not a formerly friendly unit still in play "
            f"(a unit of {battle.side_name(traitor.side)})"
        )
    if entry.unit.tonnage and victim.unit.tonnage > entry.unit.tonnage:
        raise BattleEditError(
            f"{target.key} {victim.name} ({victim.unit.tonnage:g} t) is heavier than "
            f"{name} ({entry.unit.tonnage:g} t): the target must weigh the same or less"
        )
    if len(crit_rolls) > SABOTAGE_CRIT_ROLLS or (crit_rolls and not hit):
        raise BattleEditError(f"a sabotage hit makes {SABOTAGE_CRIT_ROLLS} crit rolls, no more")
    results = [crit_from_roll(victim.unit, roll) for roll in crit_rolls]
    data = (("target", target.key), ("hit", hit), ("then", FLEE))
    after = record(battle, Change("sabotage", traitor.key, battle.turn, data=data))
    damage = punch_damage(battle, traitor.key) if hit else 0
    if hit:
        after = record(after, Change("damage", target.key, after.turn, amount=damage, staged=True))
        for result in results:
            if result is not None:
                crit = Change("crit", target.key, after.turn, detail=result.value, staged=True)
                after = record(after, crit)
    left = SABOTAGE_CRIT_ROLLS - len(crit_rolls) if hit else 0
    prompts = (
        (RollPrompt(target.key, "crit", left, "critical sabotage: automatic rolls (seed 000 D)"),)
        if left
        else ()
    )
    return SabotageOutcome(after, damage, prompts)
