"""Provides ``rules betrayal`` (also ``battle betrayal``) and ``battle sabotage``: seed 000's Betrayal rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardsmith.cli.output import echo_json
from cardsmith.errors import EXIT_PROBLEMS, UsageError
from cardsmith.services import betrayal as use
from cardsmith.services.betrayal import BetrayalTest

_BATTLE = click.Path(dir_okay=False, path_type=Path)


# -- betrayal (registered under `rules` by rules_cmds, and here as `battle betrayal`) ----


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
    "--designate",
    is_flag=True,
    help="Record UNIT as the instigator's potential traitor with --objective (before the game).",
)
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
    designate: bool,
    apply_it: bool,
    fmt: str,
) -> None:
    """The Betrayal test (seed 000, "Teste de Lealdade Sinistra"): TN, modifiers and outcome.

    Without --apply nothing is written: the outcome of a roll is shown only.  The
    objective is fixed when the unit is designated (--designate, or the first test).
    """
    if designate:
        if not objective:
            raise UsageError("--designate needs the --objective the traitor will follow")
        for line in use.designate(battle_path, unit, objective, instigator=instigator).lines:
            click.echo(line)
        return
    test = use.betrayal_test(
        battle_path,
        unit,
        within_10=within_10,
        roll=roll,
        seed=seed,
        instigator=instigator,
        objective=objective or "",
        apply=apply_it,
    )
    if fmt == "json":
        echo_json(_test_json(test))
    else:
        _print_test(test)
    if not test.check.eligible:
        click.get_current_context().exit(EXIT_PROBLEMS)


def _print_test(test: BetrayalTest) -> None:
    check = test.check
    click.echo(
        f"Betrayal test on {check.unit} {check.unit_name} by "
        f"{test.battle.side_name(check.instigator)}"
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
    for line in test.lines:
        click.echo(line)
    if test.roll is not None:
        click.echo(
            "Recorded in the battle file."
            if test.applied
            else "Not recorded (add --apply to record it)."
        )


def _test_json(test: BetrayalTest) -> dict[str, Any]:
    check = test.check
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
        "roll": test.roll,
        "success": test.success,
        "applied": test.applied,
        "objective": test.objective.id if test.objective else None,
    }


@click.command("sabotage")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("traitor")
@click.argument("target")
@click.option("--hit/--miss", default=True, help="Whether the rear punch hit.")
@click.option(
    "--crit-roll",
    "crit_rolls",
    multiple=True,
    type=click.IntRange(2, 12),
    help="One of the two automatic crit rolls on the target (give it twice).",
)
def sabotage_cmd(
    battle_path: Path, traitor: str, target: str, hit: bool, crit_rolls: tuple[int, ...]
) -> None:
    """Critical sabotage (seed 000, objective D): TRAITOR punches TARGET's rear, then flees.

    A hit deals the punch's damage +1 for the rear and makes two automatic crit rolls on
    the former ally; hit or miss, the traitor then flees (objective B).
    """
    outcome = use.sabotage(battle_path, traitor, target, hit=hit, crit_rolls=crit_rolls)
    for line in outcome.lines:
        click.echo(line)
    for prompt in outcome.prompts:
        click.echo(f"Roll: {prompt.text} (`battle crit BATTLE {prompt.unit} --roll N`)")
