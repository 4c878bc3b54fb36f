"""Provides ``rules betrayal`` (also ``battle betrayal``): the Betrayal test of seed 000 from the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardsmith.battle.battle_file import load_battle, save_battle
from cardsmith.battle.betrayal import (
    BetrayalCheck,
    battle_rule,
    betrayal_target,
    resolve_betrayal,
    roll_2d6,
)
from cardsmith.battle.state import Battle
from cardsmith.cli.output import echo_json
from cardsmith.errors import EXIT_PROBLEMS, UsageError

_BATTLE = click.Path(dir_okay=False, path_type=Path)


# -- betrayal (registered under `rules` by check_cmds, and here as `battle betrayal`) ----


@click.command("betrayal")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.option(
    "--within-10",
    "within_10",
    is_flag=True,
    help="The unit is within 10 hexes of an active instigator unit.",
)
@click.option("--roll", type=click.IntRange(2, 12), help="The 2D6 the instigator rolled.")
@click.option("--seed", help="Roll the 2D6 here from this seed instead.")
@click.option(
    "--instigator",
    metavar="SIDE",
    help="The instigating side (number or name; default: the other side).",
)
@click.option("--objective", help="The pre-chosen objective: flee (B), stay (C) or sabotage (D).")
@click.option(
    "--apply", "apply_it", is_flag=True, help="Record the test (and its result) in the battle file."
)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def betrayal(
    battle_path: Path,
    unit: str,
    within_10: bool,
    roll: int | None,
    seed: str | None,
    instigator: str | None,
    objective: str | None,
    apply_it: bool,
    fmt: str,
) -> None:
    """The Betrayal test (seed 000, "Teste de Lealdade Sinistra"): TN, modifiers and outcome.

    Without --apply nothing is written: the outcome of a roll is shown only.
    """
    if roll is not None and seed is not None:
        raise UsageError("give --roll or --seed, not both")
    if apply_it and roll is None and seed is None:
        raise UsageError("--apply needs a roll: --roll N or --seed S")
    current = load_battle(battle_path)
    side = current.resolve_side(instigator) if instigator else None
    rule = battle_rule(current)
    check = betrayal_target(current, unit, within_10, instigator=side, rule=rule)
    dice = roll if roll is not None else (roll_2d6(seed) if seed is not None else None)
    outcome = None
    if dice is not None and check.eligible and apply_it:
        outcome = resolve_betrayal(
            current,
            unit,
            dice,
            within_10=within_10,
            objective=objective or "",
            instigator=side,
            rule=rule,
        )
        save_battle(outcome.battle, battle_path)
    success = None if dice is None else dice >= check.tn
    if fmt == "json":
        echo_json(_check_json(check, dice, success, applied=outcome is not None))
    else:
        _print_check(current, check, dice, success, applied=outcome is not None)
    if not check.eligible:
        click.get_current_context().exit(EXIT_PROBLEMS)


def _print_check(
    current: Battle, check: BetrayalCheck, dice: int | None, success: bool | None, *, applied: bool
) -> None:
    click.echo(
        f"Betrayal test on {check.unit} {check.unit_name} by {current.side_name(check.instigator)}"
    )
    click.echo(f"  base TN {check.base_tn}")
    for mod in check.modifiers:
        click.echo(f"  {mod.value:+d}  {mod.label}: {mod.reason}")
        if mod.note:
            click.echo(f"        ({mod.note})")
    click.echo(f"  TN {check.tn} (2D6 ≥ {check.tn} turns the unit)")
    if not check.eligible:
        click.echo("Not allowed now:")
        for reason in check.reasons_not:
            click.echo(f"  - {reason}")
    if dice is not None:
        verdict = (
            "SUCCESS: the unit changes sides"
            if success
            else "FAILURE: no new test on this unit next turn"
        )
        if not check.eligible:
            verdict = "not resolved (no test allowed now)"
        click.echo(f"Roll {dice}: {verdict}")
        click.echo(
            "Recorded in the battle file."
            if applied
            else "Not recorded (add --apply to record it)."
        )


def _check_json(
    check: BetrayalCheck, dice: int | None, success: bool | None, *, applied: bool
) -> dict[str, Any]:
    return {
        "unit": check.unit,
        "name": check.unit_name,
        "instigator": check.instigator,
        "base_tn": check.base_tn,
        "tn": check.tn,
        "modifiers": [
            {"id": m.id, "label": m.label, "value": m.value, "reason": m.reason, "note": m.note}
            for m in check.modifiers
        ],
        "eligible": check.eligible,
        "reasons_not": list(check.reasons_not),
        "roll": dice,
        "success": success if check.eligible else None,
        "applied": applied,
    }
