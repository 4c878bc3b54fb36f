"""Provides ``cardsmith catalogue``: import, info, sync and clear the local catalogue."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.catalogue.availability import faction_label
from cardsmith.catalogue.eras import era_name
from cardsmith.cli.context import Settings
from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.errors import CatalogueDataError
from cardsmith.services import catalogue_upkeep as service
from cardsmith.wording import count, shorten


class _CatalogueGroup(click.Group):
    """``catalogue``: ``sync`` is loaded only when asked for (it brings the MUL client)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), "sync"})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name == "sync":
            from cardsmith.cli.fetch_cmds import sync

            return sync
        return super().get_command(ctx, cmd_name)


@click.group(cls=_CatalogueGroup)
def catalogue() -> None:
    """Import, inspect, sync and clear the local catalogue."""


def _unit_files(paths: tuple[Path, ...]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.glob("*.json"))
            if not found:
                raise CatalogueDataError(f"{path} holds no .json files to import")
            files += found
        else:
            files.append(path)
    return files


@catalogue.command("import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.pass_obj
def import_dump(settings: Settings, files: tuple[Path, ...]) -> None:
    """Load MUL QuickList dumps ({"Units": [...]}), raw MUL answers or cardsmith catalogue files.

    FILES may include folders (their .json files are read).  Every file is checked
    first: if one is malformed, nothing is imported.  Raw answers to an availability
    query (``AvailableEras``, as captured from the MUL) also store their availability list.
    """
    report = service.import_files(settings.resolved_cache_dir, _unit_files(files))
    store = report.store
    source = report.files[0] if len(report.files) == 1 else f"{len(report.files)} files"
    click.echo(
        f"Imported {store.total:,} units from {source}: {store.added:,} new, "
        f"{store.updated:,} updated, {store.unchanged:,} unchanged."
    )
    if report.no_stats:
        click.echo(f"{report.no_stats:,} of them have no Alpha Strike stats: kept and "
                   "searchable, but they cannot join a force.")  # fmt: skip
    lists = [item.list for item in report.availability if item.list is not None]
    if lists:
        click.echo(f"Stored {count(len(lists), 'availability list')}:")
        names = {f.id: f.name for item in report.availability for f in item.factions}
        for found in lists:
            click.echo(f"  {found.scope.describe(names)}: {len(found.mul_ids):,} units")
    for problem in (item.note for item in report.availability if item.note):
        warn(f"units imported, but not stored as availability: {problem}")


@catalogue.command("info")
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
@click.pass_obj
def info(settings: Settings, fmt: str) -> None:
    """Counts by type and source, data age, availability coverage and where the catalogue lives."""
    report = service.info(settings.resolved_cache_dir)
    for message in report.notices:
        warn(message)
    facts = report.facts
    names = report.factions
    coverage = [
        {"era_id": c.scope.era_id, "era": era_name(c.scope.era_id),
         "faction_id": c.scope.faction_id, "faction": faction_label(c.scope.faction_id, names),
         "types": sorted(c.scope.type_ids), "techs": sorted(c.scope.tech_ids), "units": c.units,
         "source": c.source, "fetched_at": c.fetched_at, "covers": c.scope.describe(names)}
        for c in report.coverage
    ]  # fmt: skip
    factions = sorted(names.items(), key=lambda pair: (pair[1].casefold(), pair[0]))
    if fmt == "json":
        echo_json({
            "path": str(facts.path), "total": facts.total, "usable": facts.usable,
            "by_type": facts.by_type, "by_source": facts.by_source, "oldest": facts.oldest,
            "newest": facts.newest, "last_sync": report.last_sync,
            "read_only": report.read_only,
            "availability": {
                "version": report.availability_version, "lists": coverage,
                "factions_known": len(names),
                "factions": [{"id": i, "name": name} for i, name in factions],
            },
        })  # fmt: skip
        return
    click.echo(f"Catalogue: {facts.path}")
    if report.read_only:
        click.echo(f"Read-only: {report.read_only} (searching works; imports and fetches "
                   "cannot be stored)")  # fmt: skip
    click.echo(f"Units: {facts.total:,} ({facts.usable:,} with Alpha Strike stats)")
    if facts.total:
        click.echo(f"Data from {facts.oldest} to {facts.newest}")
    if report.last_sync:
        click.echo(f"Last MUL sync: {report.last_sync}")
    click.echo("")
    click.echo(format_table(["Type", "Units"], sorted(facts.by_type.items()), right=(1,)))
    click.echo("")
    sources = [(shorten(name, 60), units) for name, units in facts.by_source.items()]
    click.echo(format_table(["Source", "Units"], sources, right=(1,)) + "\n")
    if factions:  # the names --faction takes
        listed = [f"{name} ({i})" for i, name in factions[:_LISTED_FACTIONS]]
        more = len(factions) - len(listed)
        tail = f", … and {more} more (--format json lists them all)" if more else ""
        click.echo(f"Factions known (MUL id): {', '.join(listed)}{tail}\n")
    if not coverage:
        click.echo("Availability: none (`cardsmith catalogue sync --availability` fetches it).")
        return
    known = count(len(names), "faction")
    click.echo(f"Availability (data version {report.availability_version}, {known} known):")
    rows = [
        [era_name(c.scope.era_id), faction_label(c.scope.faction_id, names),
         c.scope.describe(names).split(" in ")[0], f"{c.units:,}"]
        for c in report.coverage
    ]  # fmt: skip
    click.echo(format_table(["Era", "Faction", "Covers", "Units"], rows, right=(3,)))


#: Most factions ``catalogue info`` names in its text before counting the rest.
_LISTED_FACTIONS = 12


@catalogue.command("clear")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.pass_obj
def clear(settings: Settings, yes: bool) -> None:
    """Remove every unit and availability list; the starter catalogue returns on the next run.

    Force files are not touched: they carry their own unit stats.  Declining the
    question exits with 1 and removes nothing.
    """
    folder = settings.resolved_cache_dir
    if not yes:
        units, path = service.count_units(folder)
        if not click.confirm(f"Remove all {units:,} units from {path}?"):
            click.echo("Nothing removed.", err=True)
            raise click.exceptions.Exit(1)
    removed = service.clear(folder)
    click.echo(f"Removed {removed:,} units.")
