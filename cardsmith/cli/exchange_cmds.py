"""Provides ``cardsmith import`` and ``cardsmith export``: forces to and from other tools' files."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.catalogue.store import Catalogue
from cardsmith.cli.context import settings_of
from cardsmith.cli.output import handled, warn
from cardsmith.errors import EXIT_OK, EXIT_PROBLEMS, FormatError, UsageError
from cardsmith.fileio import save_bytes
from cardsmith.forces.force_file import load_force, save_force
from cardsmith.formats.exchange import (
    EXPORT_FORMATS,
    IMPORT_FORMATS,
    ImportReport,
    export_warnings,
    import_file,
)
from cardsmith.formats.exchange import (
    export_force as export_text_of,
)
from cardsmith.wording import count

_FILE = click.Path(dir_okay=False, path_type=Path)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _show_report(report: ImportReport, source: Path, output: Path) -> None:
    force = report.force
    click.echo(
        f"Imported {count(len(force.entries), 'unit')} from {source} ({report.format}) into {output}."
    )
    for message in report.warnings:
        warn(message)
    if report.unknown:
        click.echo(
            f"cardsmith: {count(len(report.unknown), 'unit')} could not be imported and were left out:",
            err=True,
        )
        for unknown in report.unknown:
            click.echo(f"  - {unknown.describe()}", err=True)
            if unknown.suggestions:
                click.echo(f"      closest: {'; '.join(unknown.suggestions)}", err=True)
            else:
                click.echo("      no close match in the local catalogue", err=True)


@click.command("import")
@click.argument("file", type=_FILE)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(IMPORT_FORMATS),
    help="Format of FILE (default: told from its content).",
)
@click.option("-o", "--output", type=_FILE, required=True, help="Force file to write.")
@click.option("--name", default="", help="Name of the new force (default: from the file).")
@click.pass_context
@handled
def import_force(ctx: click.Context, file: Path, fmt: str | None, output: Path, name: str) -> None:
    """Read a force from MegaMek (.mul), Jeff's BattleTech Tools, CSV or TTS.

    Units the catalogue does not know are listed with the closest matches and the
    command exits 1; the rest of the force is still written.
    """
    if _same_file(file, output):
        raise UsageError("the output force file must not be the file being imported")
    with Catalogue.open(settings_of(ctx).resolved_cache_dir) as catalogue:
        for notice in catalogue.notices:
            warn(notice)
        report = import_file(file, catalogue, fmt=fmt, name=name)
    save_force(report.force, output)
    _show_report(report, file, output)
    ctx.exit(EXIT_OK if report.complete else EXIT_PROBLEMS)


@click.command("export")
@click.argument("force_file", metavar="FORCE", type=_FILE)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(EXPORT_FORMATS),
    required=True,
    help="mul (MegaMek), csv, tts (Tabletop Simulator), text or md (Markdown).",
)
@click.option("-o", "--output", type=_FILE, help="File to write (default: standard output).")
@handled
def export_force(force_file: Path, fmt: str, output: Path | None) -> None:
    """Write a force for MegaMek, a spreadsheet, Tabletop Simulator or a forum post."""
    force = load_force(force_file)
    text = export_text_of(force, fmt)
    for message in export_warnings(force, fmt):
        warn(message)
    if output is None:
        click.echo(text, nl=False)
        return
    if _same_file(force_file, output):
        raise UsageError("the output file must not be the force file itself")
    # A byte-order mark lets spreadsheet programs see that the CSV is UTF-8.
    encoding = "utf-8-sig" if fmt == "csv" else "utf-8"
    save_bytes(output, text.encode(encoding), FormatError)
    click.echo(f"Wrote {output} ({fmt}, {count(len(force.entries), 'unit')}).", err=True)
