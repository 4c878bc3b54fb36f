"""Provides the ``search`` and ``catalogue`` commands over the local catalogue."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from cardsmith.catalogue.availability import faction_label
from cardsmith.catalogue.eras import era_name
from cardsmith.catalogue.search import Hit
from cardsmith.cli.context import Settings
from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.errors import CatalogueDataError
from cardsmith.models import Unit
from cardsmith.services import catalogue as service
from cardsmith.services.catalogue import Catalogue
from cardsmith.wording import count, shorten

F = TypeVar("F", bound=Callable[..., Any])


def open_catalogue(settings: Settings) -> Catalogue:
    """Open the catalogue and pass its repair notices on to the user."""
    catalogue = service.open_catalogue(settings.resolved_cache_dir)
    for notice in catalogue.notices:
        warn(notice)
    return catalogue


def note(message: str) -> None:
    """Something the user should know that is no warning (stderr, so JSON stays clean)."""
    click.echo(f"cardsmith: note: {message}", err=True)


def unit_summary(unit: Unit) -> dict[str, Any]:
    """The JSON object ``search --format json`` prints for one unit."""
    return {
        "mul_id": unit.mul_id,
        "name": unit.name,
        "type": unit.type.value if unit.type else None,
        "size": unit.size,
        "move": unit.move_text,
        "tmm": unit.tmm,
        "armor": unit.armor,
        "structure": unit.structure,
        "threshold": unit.threshold,
        "damage": {band: str(value) for band, value in zip("SMLE", unit.damage, strict=True)},
        "ov": unit.overheat,
        "pv": unit.pv,
        "role": unit.role,
        "specials": [s.text for s in unit.specials],
        "technology": unit.technology,
        "rules": unit.rules,
        "era": era_name(unit.era_id),
        "has_stats": unit.has_stats,
    }


def _damage_text(unit: Unit) -> str:
    bands = (
        unit.damage
        if unit.type and unit.type.family in ("fighter", "large-craft")
        else unit.damage[:3]
    )
    return "/".join(str(d) for d in bands)


_FILTER_OPTIONS = [
    click.option(
        "--type",
        "types",
        multiple=True,
        metavar="CODE",
        help="Unit type: BM, IM, PM, CV, SV, BA, CI, AF, CF … (repeat or comma-separate).",
    ),
    click.option(
        "--role",
        "roles",
        multiple=True,
        metavar="ROLE",
        help="Unit role, e.g. Brawler, 'Missile Boat'.",
    ),
    click.option(
        "--size", "sizes", multiple=True, metavar="N", help="Size 1-4 (or more for large craft)."
    ),
    click.option(
        "--pv", metavar="MIN-MAX", help="Point value range at skill 4: 20-40, 20-, -40 or 35."
    ),
    click.option(
        "--move-min", type=float, metavar="INCHES", help="At least this many inches of movement."
    ),
    click.option(
        "--special",
        "specials",
        multiple=True,
        metavar="CODE",
        help="Has this special ability (IF, ECM, CASE …); repeat to require several.",
    ),
    click.option(
        "--era",
        "eras",
        multiple=True,
        metavar="ERA",
        help="Production era (when the unit was first built, MUL 'Eras'): MUL id, year or "
        "name, e.g. 3025, 'Clan Invasion'.  Not availability: see --available-in.",
    ),
    click.option(
        "--tech",
        "techs",
        multiple=True,
        metavar="BASE",
        help="Tech base: 'Inner Sphere', Clan, Mixed, Primitive.",
    ),
    click.option(
        "--rules",
        "rules",
        multiple=True,
        metavar="LEVEL",
        help="Rules level: Introductory, Standard, Advanced, Experimental, 'Era Specific', Unknown.",
    ),
    click.option(
        "--available-in",
        "available_in",
        default="",
        metavar="ERA",
        help="Available in this era according to the MUL's availability lists "
        "(`catalogue sync --availability`), whatever its production era.",
    ),
    click.option(
        "--faction",
        default="",
        metavar="FACTION",
        help="With --available-in: available to this faction (MUL name or id).",
    ),
]


def filter_options(func: F) -> F:
    """Attach the search filter options to a command."""
    for option in reversed(_FILTER_OPTIONS):
        func = option(func)
    return func


@click.command()
@click.argument("query", nargs=-1)
@filter_options
@click.option(
    "--usable", is_flag=True, help="Only units with Alpha Strike stats (that can join a force)."
)
@click.option(
    "--limit",
    type=click.IntRange(0, None),
    default=25,
    show_default=True,
    help="Most results to show (0 = all).",
)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
@click.pass_obj
def search(
    settings: Settings,
    query: tuple[str, ...],
    types: tuple[str, ...],
    roles: tuple[str, ...],
    sizes: tuple[str, ...],
    pv: str | None,
    move_min: float | None,
    specials: tuple[str, ...],
    eras: tuple[str, ...],
    techs: tuple[str, ...],
    rules: tuple[str, ...],
    available_in: str,
    faction: str,
    usable: bool,
    limit: int,
    fmt: str,
) -> None:
    """Search the local catalogue by name (typos forgiven) and by stats.

    QUERY may be empty to list units by filters alone.  Works offline.
    """
    text = service.FilterText(
        types=types,
        roles=roles,
        sizes=sizes,
        pv=pv,
        move_min=move_min,
        specials=specials,
        eras=eras,
        techs=techs,
        rules=rules,
        usable_only=usable,
        available_in=available_in,
        faction=faction,
    )
    outcome = service.search(settings.resolved_cache_dir, " ".join(query), text, limit=limit)
    for message in outcome.notes:
        (note if message in _NOTES else warn)(message)
    if fmt == "json":
        echo_json([unit_summary(u) for u in outcome.units])
        return
    if not outcome.units:
        click.echo("No units match.", err=True)
        return
    _print_units(outcome.units, outcome.hits)
    if outcome.total > len(outcome.units):
        click.echo(
            f"{len(outcome.units)} of {outcome.total:,} matches; --limit 0 shows all.", err=True
        )


_NOTES = (service.STARTER_HINT, service.NO_AVAILABILITY_HINT)


def _print_units(units: list[Unit], hits: list[Hit]) -> None:
    rows = []
    for unit in units:
        name = unit.name if unit.has_stats else f"{unit.name} (no AS stats)"
        rows.append(
            [
                unit.mul_id,
                name,
                unit.type_code,
                unit.size,
                unit.move_text or "-",
                unit.tmm,
                f"{unit.armor}/{unit.structure}",
                _damage_text(unit),
                unit.overheat,
                unit.pv,
                unit.role or "-",
                unit.specials_text,
            ]
        )
    headers = ["ID", "Name", "TP", "SZ", "MV", "TMM", "A/S", "Dmg", "OV", "PV", "Role", "Specials"]
    click.echo(format_table(headers, rows, right=(0, 3, 5, 8, 9)))


class _CatalogueGroup(click.Group):
    """``catalogue``: ``sync`` is loaded only when asked for (it brings the MUL client).

    ``cardsmith search`` loads this module too, and never needs the client.
    """

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
