"""Provides ``battle print``: rule reference cards, every unit's state, and the marked cards."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.cli.options import mono_option, paper_option, pdf_output_option
from cardsmith.wording import count


@click.command("print")
@click.argument("battle_path", metavar="BATTLE", type=click.Path(dir_okay=False, path_type=Path))
@pdf_output_option
@paper_option
@mono_option
@click.option("--no-cards", is_flag=True, help="Leave out the units' marked cards.")
def battle_print(battle_path: Path, output: Path, paper: str, mono: bool, no_cards: bool) -> None:
    """Print BATTLE: a reference card per optional rule switched on, every unit now, and
    each unit's card with its damage, heat and crits so far marked.

    The table gives each unit's damage, heat, crits, current move, TMM, damage and
    to-hit numbers, who controls it and any betrayal penalties.
    """
    from cardsmith.services.printing import print_battle

    result = print_battle(battle_path, output, paper=paper, mono=mono, cards=not no_cards)
    rules = ", ".join(result.packs) or "no optional rules"
    click.echo(
        f"{result.path}: turn {result.turn}, {count(result.units, 'unit')}, {rules}, {result.paper}"
    )
