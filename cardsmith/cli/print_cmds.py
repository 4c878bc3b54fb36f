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
    default=8,
    show_default=True,
    metavar="N",
    help="Cards on each page (at most what fits: 8 on Letter and A4).",
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
@click.pass_context
def print_sheets(
    ctx: click.Context,
    files: tuple[Path, ...],
    output: Path,
    paper: str,
    mono: bool,
    no_reference: bool,
    cards_per_page: int,
    sort: str,
    no_group_breaks: bool,
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
