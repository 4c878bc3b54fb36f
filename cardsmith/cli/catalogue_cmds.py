"""Provides the ``search`` and ``catalogue`` commands over the local catalogue."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import click

from cardsmith.catalogue.eras import era_name, resolve_era
from cardsmith.catalogue.search import Hit, SearchFilters
from cardsmith.catalogue.store import Catalogue
from cardsmith.cli.context import Settings
from cardsmith.cli.options import parse_range, split_values
from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.errors import UsageError
from cardsmith.models import Unit, UnitType


def open_catalogue(settings: Settings) -> Catalogue:
    """Open the catalogue and pass its repair notices on to the user."""
    catalogue = Catalogue.open(settings.resolved_cache_dir)
    for notice in catalogue.notices:
        warn(notice)
    return catalogue


def build_filters(
    *,
    types: tuple[str, ...] = (),
    roles: tuple[str, ...] = (),
    sizes: tuple[str, ...] = (),
    pv: str | None = None,
    move_min: float | None = None,
    specials: tuple[str, ...] = (),
    eras: tuple[str, ...] = (),
    techs: tuple[str, ...] = (),
    rules: tuple[str, ...] = (),
    usable_only: bool = False,
) -> SearchFilters:
    """Turn command-line filter options into SearchFilters, rejecting unknown values."""
    type_codes = {t.upper() for t in split_values(types)}
    unknown = sorted(type_codes - {t.value for t in UnitType})
    if unknown:
        known = ", ".join(t.value for t in UnitType)
        raise UsageError(f"unknown unit type {', '.join(unknown)}; use one of: {known}")
    try:
        size_values = {int(s) for s in split_values(sizes)}
    except ValueError:
        raise UsageError("--size takes whole numbers, e.g. --size 3 or --size 1,2") from None
    pv_min, pv_max = parse_range(pv, "--pv")
    return SearchFilters(
        types=frozenset(type_codes),
        roles=frozenset(r.casefold() for r in split_values(roles)),
        sizes=frozenset(size_values),
        pv_min=pv_min,
        pv_max=pv_max,
        move_min=move_min,
        specials=frozenset(s.upper() for s in split_values(specials)),
        eras=frozenset(resolve_era(e) for e in split_values(eras)),
        techs=frozenset(t.casefold() for t in split_values(techs)),
        rules=frozenset(r.casefold() for r in split_values(rules)),
        usable_only=usable_only,
    )


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
        help="Production era: MUL id, year or name (e.g. 3025, 'Clan Invasion').",
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
        help="Rules level: Introductory, Standard, Advanced, Experimental.",
    ),
]


def filter_options(func: Any) -> Any:
    """Attach the shared search filter options to a command."""
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
    usable: bool,
    limit: int,
    fmt: str,
) -> None:
    """Search the local catalogue by name (typos forgiven) and by stats.

    QUERY may be empty to list units by filters alone.  Works offline.
    """
    filters = build_filters(
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
    )
    with open_catalogue(settings) as catalogue:
        hits = catalogue.index().search(" ".join(query), filters, limit=limit)
        units = catalogue.get_many(hit.row.mul_id for hit in hits)
        count = len(catalogue)
    if fmt == "json":
        echo_json([unit_summary(u) for u in units])
        return
    if not units:
        click.echo(f"No units match (searched {count:,} in the local catalogue).", err=True)
        if count < 200:
            click.echo(
                "Only the starter catalogue is here: `cardsmith catalogue import FILE` or `cardsmith fetch QUERY` adds more.",
                err=True,
            )
        return
    _print_units(units, hits)


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


@click.group()
def catalogue() -> None:
    """Import, inspect and clear the local catalogue."""


@catalogue.command("import")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.pass_obj
def import_dump(settings: Settings, file: Path) -> None:
    """Load a MUL QuickList dump ({"Units": [...]}) or a cardsmith catalogue file.

    The whole file is checked first: a malformed file imports nothing.
    """
    from cardsmith.catalogue.dump import read_unit_file

    records = read_unit_file(file)
    with open_catalogue(settings) as store:
        report = store.add(records, source=f"import:{file.name}")
    no_stats = sum(1 for r in records if not r.unit.has_stats)
    click.echo(
        f"Imported {report.total:,} units from {file.name}: {report.added:,} new, "
        f"{report.updated:,} updated, {report.unchanged:,} unchanged."
    )
    if no_stats:
        click.echo(
            f"{no_stats:,} of them have no Alpha Strike stats: kept and searchable, but they cannot join a force."
        )


@catalogue.command("info")
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
@click.pass_obj
def info(settings: Settings, fmt: str) -> None:
    """Counts by type and source, data age and where the catalogue lives."""
    with open_catalogue(settings) as store:
        facts = store.info()
        last_sync = store.meta("last-sync")
    if fmt == "json":
        echo_json(
            {
                "path": str(facts.path),
                "total": facts.total,
                "usable": facts.usable,
                "by_type": facts.by_type,
                "by_source": facts.by_source,
                "oldest": facts.oldest,
                "newest": facts.newest,
                "last_sync": last_sync,
            }
        )
        return
    click.echo(f"Catalogue: {facts.path}")
    click.echo(f"Units: {facts.total:,} ({facts.usable:,} with Alpha Strike stats)")
    if facts.total:
        click.echo(f"Data from {facts.oldest} to {facts.newest}")
    if last_sync:
        click.echo(f"Last MUL sync: {last_sync}")
    click.echo("")
    click.echo(format_table(["Type", "Units"], sorted(facts.by_type.items()), right=(1,)))
    click.echo("")
    click.echo(format_table(["Source", "Units"], list(facts.by_source.items()), right=(1,)))


@catalogue.command("clear")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.pass_obj
def clear(settings: Settings, yes: bool) -> None:
    """Remove every unit; the starter catalogue returns on the next run.

    Force files are not touched: they carry their own unit stats.
    """
    with open_catalogue(settings) as store:
        if not yes and not click.confirm(f"Remove all {len(store):,} units from {store.path}?"):
            raise click.Abort()
        removed = store.clear()
    click.echo(f"Removed {removed:,} units.")


def _register_sync() -> None:
    # `catalogue sync` talks to the MUL; its module is imported only when present.
    try:
        module = importlib.import_module("cardsmith.cli.fetch_cmds")
    except ModuleNotFoundError as exc:
        if exc.name != "cardsmith.cli.fetch_cmds":
            raise
        return
    sync = getattr(module, "sync", None)
    if isinstance(sync, click.Command):
        catalogue.add_command(sync, "sync")


_register_sync()
