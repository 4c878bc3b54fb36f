"""Provides the ``print`` command: record sheets (roster, cards, reference) as a PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardsmith.cli.options import mono_option, paper_option, pdf_output_option
from cardsmith.errors import CardsmithError
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
@click.pass_context
def print_sheets(
    ctx: click.Context,
    files: tuple[Path, ...],
    output: Path,
    paper: str,
    mono: bool,
    no_reference: bool,
    cards_per_page: int,
) -> None:
    """Print the force FILES as Alpha Strike record sheets to a PDF.

    Each force gets a roster page (with its rule-pack verdict and fingerprint) and its
    unit cards, 3.5 × 2.5 in with cut marks; a reference page closes the file.
    """
    try:
        forces, verdicts = _load(files)
        # reportlab is imported only here, so other commands never pay for it.
        from cardsmith.render.pdf.record_sheets import render_sheets

        written = render_sheets(
            forces,
            output,
            paper=paper.lower(),
            mono=mono,
            reference=not no_reference,
            cards_per_page=cards_per_page,
            verdicts=verdicts,
        )
    except CardsmithError as exc:
        click.echo(f"cardsmith: {exc.message}", err=True)
        for problem in getattr(exc, "problems", ()):
            click.echo(f"  - {problem}", err=True)
        ctx.exit(exc.exit_code)
    cards = sum(len(f.entries) for f in forces)
    click.echo(f"{written}: {count(len(forces), 'force')}, {count(cards, 'card')}, {paper.lower()}")


def _load(files: tuple[Path, ...]) -> tuple[list[Any], list[Any]]:
    """Read every force file (any failure stops the print) and check each against its pack.

    A pack that cannot be loaded does not stop the print: that roster says "not
    checked" and a warning says why.
    """
    from cardsmith.cli.output import warn
    from cardsmith.forces.force_file import load_force
    from cardsmith.render.content.roster import verdict_from_check
    from cardsmith.rules.engine import check_force, load_pack

    forces = [load_force(path) for path in files]
    verdicts: list[Any] = []
    for path, force in zip(files, forces, strict=True):
        try:
            result = check_force(force, load_pack(force.pack))
        except CardsmithError as exc:
            warn(f"{path}: not checked against pack {force.pack!r}: {exc.message}")
            verdicts.append(None)
            continue
        verdicts.append(verdict_from_check(result, force.pack))
    return forces, verdicts
