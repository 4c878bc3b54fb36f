"""Provides ``battle order-end`` and ``battle profile``: switch events of multi-profile units."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.battle.profile_events import EVENTS
from cardsmith.services import battle as use

_BATTLE = click.Path(dir_okay=False, path_type=Path)


def _echo(outcome: use.Outcome) -> None:
    for line in outcome.lines:
        click.echo(line)


@click.command("order-end")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
def order_end_cmd(battle_path: Path, unit: str) -> None:
    """End UNIT's order: Transmutation (X) and Escape System switch when X wounds were taken."""
    _echo(use.order_end(battle_path, unit))


@click.command("profile")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.option(
    "--event",
    "event",
    required=True,
    type=click.Choice(list(EVENTS)),
    help="What happened: movement (a movement skill declared first), dodge (a successful "
    "dodge), activation (a WIP roll), turn-end, declare (a LAM/QuadVee mode), deploy, order-end.",
)
@click.option("--choose", metavar="PROFILE", help="Profile number or name (auto, declare, deploy).")
@click.option("--roll", type=click.IntRange(1, 20), help="The willpower die (d20), for activation.")
@click.option("--wip", type=click.IntRange(min=0), help="WIP (default: the profile's WIP column).")
@click.option(
    "--not-first",
    is_flag=True,
    help="With movement: the movement skill was not the order's first short skill.",
)
def profile_cmd(
    battle_path: Path,
    unit: str,
    event: str,
    choose: str | None,
    roll: int | None,
    wip: int | None,
    not_first: bool,
) -> None:
    """Log a switch event for a multi-profile UNIT; its switch rule decides the profile."""
    outcome = use.profile_event(
        battle_path,
        unit,
        event,
        choose=choose,
        roll=roll,
        wip=wip,
        first_skill_is_movement=not not_first,
    )
    _echo(outcome)
