"""Provides ``battle print``: the optional-rule reference cards and every unit's state as a PDF."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.battle.battle_file import load_battle
from cardsmith.cli.options import mono_option, paper_option, pdf_output_option
from cardsmith.wording import count


@click.command("print")
@click.argument("battle_path", metavar="BATTLE", type=click.Path(dir_okay=False, path_type=Path))
@pdf_output_option
@paper_option
@mono_option
def battle_print(battle_path: Path, output: Path, paper: str, mono: bool) -> None:
    """Print BATTLE: a reference card per optional rule switched on, and every unit now.

    The table gives each unit's damage, heat, crits, current move, TMM, damage and
    to-hit numbers, who controls it and any betrayal penalties.
    """
    battle = load_battle(battle_path)
    # reportlab is imported only here, so the other battle commands never pay for it.
    from cardsmith.render.pdf.battle_sheet import render_battle_sheet

    written = render_battle_sheet(
        battle, output, title=f"Battle {battle_path.name}", paper=paper.lower(), mono=mono
    )
    rules = ", ".join(battle.packs) or "no optional rules"
    click.echo(
        f"{written}: turn {battle.turn}, {count(len(battle.units), 'unit')}, {rules}, {paper.lower()}"
    )
