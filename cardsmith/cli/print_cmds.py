"""Provides the ``print`` command: record sheets (roster, cards, reference) as a PDF."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.cli.options import mono_option, paper_option, pdf_output_option
from cardsmith.cli.output import report_error, warn
from cardsmith.errors import CardsmithError
from cardsmith.services import printing
from cardsmith.wording import count


@click.command("print")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@pdf_output_option
@paper_option
@mono_option
@click.option("--no-reference", is_flag=True, help="Leave out the reference page.")
@click.option(
    "--cards-per-page",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    help="Unit cards on each page, exactly N (at most 8 on Letter and A4, 4 enlarged; "
    "default: as many as fit).",
)
@click.option(
    "--sort",
    type=click.Choice(printing.SORTS, case_sensitive=False),
    default="group",
    show_default=True,
    help="Order of roster rows and cards (force: as the file lists them).",
)
@click.option(
    "--no-group-breaks", is_flag=True, help="Run the groups' cards together on the pages."
)
@click.option("--roster-only", is_flag=True, help="Print the roster pages only.")
@click.option(
    "--blank-skill", is_flag=True, help="Leave the skill to write in; list the PV at every skill."
)
@click.option("--enlarged", is_flag=True, help="Cards at 1.5 × size, 4 to a landscape page.")
@click.option("--pilot-cards", is_flag=True, help="Add a card per pilot: skill and SPAs.")
@click.option("--spa-cards", is_flag=True, help="Add a reference card per SPA in the force.")
@click.option("--tokens", is_flag=True, help="Add one-inch counters with each unit's number.")
@click.pass_context
def print_sheets(
    ctx: click.Context,
    files: tuple[Path, ...],
    output: Path,
    paper: str,
    mono: bool,
    no_reference: bool,
    cards_per_page: int | None,
    sort: str,
    no_group_breaks: bool,
    roster_only: bool,
    blank_skill: bool,
    enlarged: bool,
    pilot_cards: bool,
    spa_cards: bool,
    tokens: bool,
) -> None:
    """Print the force FILES as Alpha Strike record sheets to a PDF.

    Each force gets a roster page (with its rule-pack verdict and fingerprint) and its
    unit cards, 3.5 × 2.5 in with cut marks, each group on its own pages; a reference
    page closes the file.
    """
    options = printing.SheetOptions(
        paper=paper.lower(),
        mono=mono,
        reference=not no_reference,
        cards_per_page=cards_per_page,
        sort=sort.lower(),
        group_breaks=not no_group_breaks,
        roster_only=roster_only,
        blank_skill=blank_skill,
        enlarged=enlarged,
        extras=tuple(
            kind
            for kind, wanted in (("pilot", pilot_cards), ("spa", spa_cards), ("token", tokens))
            if wanted
        ),
    )
    try:
        result = printing.print_files(files, output, options)
    except CardsmithError as exc:
        report_error(exc)
        ctx.exit(exc.exit_code)
    for warning in result.warnings:
        warn(warning)
    click.echo(
        f"{result.path}: {count(result.forces, 'force')}, {count(result.cards, 'card')}, "
        f"{result.paper}"
    )
