"""Provides the Betrayal use cases both shells call (seed 000): designate, test, sabotage.

``rules betrayal`` / ``battle betrayal`` and the app's Betrayal panel go through these,
so a test resolved in the app and one resolved on the command line log the same change
and read the same words.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardsmith.battle import battle_file as files
from cardsmith.battle import betrayal as rule_code
from cardsmith.battle import sabotage as sabotage_code
from cardsmith.battle.betrayal import BetrayalCheck, designated_objective, roll_2d6
from cardsmith.battle.crit_prompts import RollPrompt
from cardsmith.battle.state import Battle
from cardsmith.errors import UsageError
from cardsmith.rules.optional import BetrayalRule, Objective
from cardsmith.services.battle import Outcome, edit

__all__ = [
    "BetrayalCheck",
    "BetrayalRule",
    "BetrayalTest",
    "betrayal_check",
    "betrayal_on",
    "betrayal_rule",
    "betrayal_test",
    "designate",
    "designated_objective",
    "panel_status",
    "roll_seed",
    "sabotage",
]


@dataclass(frozen=True, slots=True)
class BetrayalTest:
    """A betrayal test: the TN and its reasons, the roll (if any) and what was recorded."""

    battle: Battle
    check: BetrayalCheck
    roll: int | None
    seed: str | None
    """The seed the dice were rolled from (shown, so the roll can be repeated)."""
    success: bool | None
    """Roll ≥ TN; None without a roll or when no test is allowed now."""
    applied: bool
    """True when the test was recorded in the battle file."""
    objective: Objective | None
    lines: tuple[str, ...]


def betrayal_on(battle: Battle) -> bool:
    """True when the battle switched on a pack carrying the Betrayal rule."""
    return rule_code.is_switched_on(battle)


def betrayal_rule(battle: Battle) -> BetrayalRule:
    """The Betrayal data in force for this battle."""
    return rule_code.battle_rule(battle)


def betrayal_check(
    battle: Battle, unit: str, within_10: bool, instigator: int | None = None
) -> BetrayalCheck:
    """The TN with every modifier and reason, and why no test may be made now."""
    return rule_code.betrayal_target(battle, unit, within_10, instigator=instigator)


def roll_seed(path: Path, battle: Battle, key: str) -> str:
    """A seed for the app's dice: the same battle state gives the same roll.

    It is shown with the result, so ``cardsmith rules betrayal … --seed S`` repeats it.
    """
    return f"{path.name}:{battle.turn}:{key}:{len(battle.log)}"


def betrayal_test(
    path: Path,
    unit: str,
    *,
    within_10: bool,
    roll: int | None = None,
    seed: str | None = None,
    instigator: str | int | None = None,
    objective: str = "",
    apply: bool = False,
) -> BetrayalTest:
    """The TN of a test and, with a roll (or a seed to roll from), its outcome.

    With ``apply`` and an allowed test, the test is recorded under the file's lock: on a
    success the unit changes sides with the objective fixed at designation.

    Raises:
        UsageError: both a roll and a seed, or ``apply`` without either.
        BattleEditError: unknown unit or side, an objective that differs from the one
            designated, or no objective at all for an applied test.
    """
    if roll is not None and seed is not None:
        raise UsageError("give a roll or a seed, not both")
    if apply and roll is None and seed is None:
        raise UsageError("recording a test needs a roll, or a seed to roll from")
    battle = files.load_battle(path)
    side = _side(battle, instigator)
    rule = rule_code.battle_rule(battle)
    check = rule_code.betrayal_target(battle, unit, within_10, instigator=side, rule=rule)
    dice = roll if roll is not None else (roll_2d6(seed) if seed is not None else None)
    picked: Objective | None = None
    applied = False
    if dice is not None and check.eligible and apply:

        def change(current: Battle) -> Battle:
            nonlocal picked, check
            outcome = rule_code.resolve_betrayal(
                current,
                unit,
                dice,
                within_10=within_10,
                objective=objective,
                instigator=side,
                rule=rule,
            )
            picked, check = outcome.objective, outcome.check
            return outcome.battle

        battle = edit(path, change).battle
        applied = True
    success = None if dice is None or not check.eligible else dice >= check.tn
    return BetrayalTest(
        battle, check, dice, seed, success, applied, picked, _lines(battle, check, dice, success)
    )


def _side(battle: Battle, instigator: str | int | None) -> int | None:
    if instigator is None or isinstance(instigator, int):
        return instigator
    return battle.resolve_side(instigator)


def _lines(
    battle: Battle, check: BetrayalCheck, dice: int | None, success: bool | None
) -> tuple[str, ...]:
    if dice is None:
        return ()
    if not check.eligible:
        return (f"Roll {dice}: not resolved (no test allowed now)",)
    if success:
        side = battle.side_name(check.instigator)
        return (f"Roll {dice} vs TN {check.tn}: success — {check.unit} now fights for {side}",)
    return (f"Roll {dice} vs TN {check.tn}: failure — no new test on {check.unit} next turn",)


def designate(
    path: Path, unit: str, objective: str, *, instigator: str | int | None = None
) -> Outcome:
    """Record the instigator's choice of potential traitor and objective (seed 000 I)."""

    def change(battle: Battle) -> Battle:
        return rule_code.designate(battle, unit, objective, instigator=_side(battle, instigator))

    return edit(path, change)


def sabotage(
    path: Path, traitor: str, target: str, *, hit: bool, crit_rolls: tuple[int, ...] = ()
) -> Outcome:
    """Resolve a traitor's critical sabotage punch on a former ally (seed 000 III.B, D)."""
    prompts: list[tuple[RollPrompt, ...]] = []

    def change(battle: Battle) -> Battle:
        done = sabotage_code.sabotage(battle, traitor, target, hit=hit, crit_rolls=crit_rolls)
        prompts.append(done.prompts)
        return done.battle

    outcome = edit(path, change)
    return Outcome(outcome.battle, outcome.lines, prompts[-1])


def panel_status(battle: Battle, key: str, check: BetrayalCheck, objective: str) -> str:
    """What the Betrayal panel says about a unit now, true in every state.

    A unit that has turned says so (it is not "tested now" by anyone); an allowed test
    without an objective asks for one first.
    """
    state = battle.unit(key)
    if state.controller != state.side:
        chosen = state.objective or "none"
        return f"Turned: fights for {battle.side_name(state.controller)} (objective {chosen})."
    fixed = designated_objective(battle, check.instigator)
    if not check.eligible:
        return "Not allowed now."
    if not (fixed or objective):
        return "May be tested once an objective is chosen."
    return "May be tested now."
