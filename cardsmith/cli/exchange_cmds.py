"""Provides ``cardsmith import`` and ``cardsmith export``: forces to and from other tools' files."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.cli.context import settings_of
from cardsmith.cli.output import warn
from cardsmith.errors import EXIT_OK, EXIT_PROBLEMS
from cardsmith.services import exchange
from cardsmith.services.force_files import load_force
from cardsmith.wording import count

_FILE = click.Path(dir_okay=False, path_type=Path)


def _show_report(report: exchange.ImportReport, source: str, output: Path) -> None:
    force = report.force
    # "from the share code" already names the format; a file's name does not.
    kind = "" if report.format in source else f" ({report.format})"
    click.echo(f"Imported {count(len(force.entries), 'unit')} from {source}{kind} into {output}.")
    for message in report.warnings:
        warn(message)
    if report.unknown:
        click.echo(
            f"cardsmith: {count(len(report.unknown), 'unit')} could not be imported and "
            f"{'was' if len(report.unknown) == 1 else 'were'} left out:",
            err=True,
        )
        for unknown in report.unknown:
            click.echo(f"  - {unknown.describe()}", err=True)
            if unknown.suggestions:
                click.echo(f"      closest: {'; '.join(unknown.suggestions)}", err=True)
            else:
                click.echo("      no close match in the local catalogue", err=True)


@click.command("import")
@click.argument("source", metavar="FILE|CODE")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(exchange.IMPORT_FORMATS),
    help="Format of FILE (default: told from its content).",
)
@click.option("-o", "--output", type=_FILE, required=True, help="Force file to write.")
@click.option("--name", default="", help="Name of the new force (default: from the file).")
@click.option(
    "--group",
    default="",
    metavar="NAME",
    help="The group of a Jeff's BattleTech Tools file to import (a backup file needs one).",
)
@click.option(
    "--megamek-data",
    type=click.Path(file_okay=False, path_type=Path),
    help="MegaMek's data folder: .mul names follow its mekfiles/name_changes.txt "
    "(default: CARDSMITH_MEGAMEK_DATA, else megamek_data in settings.toml).",
)
@click.pass_context
def import_force(
    ctx: click.Context,
    source: str,
    fmt: str | None,
    output: Path,
    name: str,
    group: str,
    megamek_data: Path | None,
) -> None:
    """Read a force from MegaMek (.mul), Jeff's BattleTech Tools, CSV, TTS or a share code.

    FILE|CODE is a file, a share code (CS1-…) as `export --format code` writes it, or a
    Tabletop Simulator code ({{4759,4},…}).  Units the catalogue does not know are listed
    with the reason and the closest matches, and the command exits 1; the rest of the
    force is still written.
    """
    read = exchange.read_source(source)
    report = exchange.import_from(
        settings_of(ctx).resolved_cache_dir,
        read,
        fmt,
        name=name,
        group=group,
        megamek_data=megamek_data,
    )
    exchange.save_import(report, output, read)
    _show_report(report, read.origin, output)
    ctx.exit(EXIT_OK if report.complete else EXIT_PROBLEMS)


@click.command("export")
@click.argument("force_file", metavar="FORCE", type=_FILE)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(exchange.EXPORT_FORMATS),
    required=True,
    help="mul (MegaMek), jbt (Jeff's BattleTech Tools group), csv, tts (Tabletop "
    "Simulator code), text, md (Markdown) or code (share code).",
)
@click.option("-o", "--output", type=_FILE, help="File to write (default, or -: standard output).")
def export_force(force_file: Path, fmt: str, output: Path | None) -> None:
    """Write a force for MegaMek, Jeff's BattleTech Tools, a spreadsheet, Tabletop Simulator,
    a forum post or a share code."""
    force = load_force(force_file)
    if output is None or str(output) == "-":
        exported = exchange.export_text(force, fmt)
        for message in exported.warnings:
            warn(message)
        click.echo(exported.data.decode("utf-8-sig"), nl=False)
        return
    exported = exchange.export_to(force, fmt, output, force_file=force_file)
    for message in exported.warnings:
        warn(message)
    click.echo(f"Wrote {output} ({fmt}, {count(len(force.entries), 'unit')}).", err=True)
