"""Provides the ``fetch`` and ``catalogue sync`` commands: units from the MUL into the catalogue."""

from __future__ import annotations

import click

from cardsmith.cli.context import Settings
from cardsmith.cli.output import echo_json, format_table, terminal_stream, warn
from cardsmith.errors import CatalogueDataError, CatalogueUnavailable, OfflineCacheMiss
from cardsmith.services import mul as service
from cardsmith.services.mul import Batch, FetchReport, MulQuery, SyncReport

#: Most missing sync batches named one by one before the rest are counted.
_LISTED_MISSING = 8

_offline_option = click.option(
    "--offline",
    is_flag=True,
    help="Never touch the network: answer from the HTTP cache only (as `cardsmith --offline`).",
)


@click.command()
@click.argument("query", nargs=-1)
@click.option(
    "--type",
    "types",
    multiple=True,
    metavar="CODE",
    help="Unit type: BM, IM, PM, CV, SV, BA, CI, AF, CF (repeat or comma-separate).",
)
@click.option(
    "--era",
    "eras",
    multiple=True,
    metavar="ERA",
    help="Production era (MUL 'Eras'): MUL id, year or name.  Not availability.",
)
@click.option(
    "--available-era",
    "available_eras",
    multiple=True,
    metavar="ERA",
    help="Era the unit is available in (MUL 'AvailableEras').",
)
@click.option(
    "--role",
    "roles",
    multiple=True,
    metavar="ROLE",
    help="Unit role, e.g. Brawler, 'Missile Boat'.",
)
@click.option(
    "--tech",
    "techs",
    multiple=True,
    metavar="BASE",
    help="Tech base: 'Inner Sphere', Clan, Mixed, Primitive.",
)
@click.option(
    "--rules",
    "rules",
    multiple=True,
    metavar="LEVEL",
    help="Rules level: Introductory, Standard, Advanced, Experimental.",
)
@click.option("--pv", metavar="MIN-MAX", help="Point value range: 20-40, 20-, -40 or 35.")
@click.option(
    "--id",
    "mul_ids",
    multiple=True,
    type=click.IntRange(1, 2**63 - 1),
    metavar="MUL_ID",
    help="Fetch these MUL ids (QuickDetails) instead of searching.",
)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
@_offline_option
@click.pass_obj
def fetch(
    settings: Settings,
    query: tuple[str, ...],
    types: tuple[str, ...],
    eras: tuple[str, ...],
    available_eras: tuple[str, ...],
    roles: tuple[str, ...],
    techs: tuple[str, ...],
    rules: tuple[str, ...],
    pv: str | None,
    mul_ids: tuple[int, ...],
    fmt: str,
    offline: bool,
) -> None:
    """Fetch units from the Master Unit List into the local catalogue.

    QUERY matches part of the unit name (as on the MUL site); filters narrow it.
    Exit code 3 when the MUL cannot be reached and nothing cached can answer.
    """
    mul_query = service.mul_query(
        service.MulQueryText(
            name=" ".join(query),
            types=types,
            eras=eras,
            available_eras=available_eras,
            roles=roles,
            techs=techs,
            rules=rules,
            pv=pv,
        )
    )
    run = service.fetch(
        settings.resolved_cache_dir, mul_query, mul_ids, offline=settings.offline or offline
    )
    for notice in run.notices:
        warn(notice)
    _show_fetch(run.report, mul_query, fmt)


def _show_fetch(report: FetchReport, query: MulQuery, fmt: str) -> None:
    for message in report.warnings:
        warn(message)
    for problem in report.skipped:
        warn(f"skipped a record the MUL sent: {problem}")
    store = report.store
    if fmt == "json":
        echo_json(
            {
                "query": query.describe(),
                "added": store.added,
                "updated": store.updated,
                "unchanged": store.unchanged,
                "skipped": list(report.skipped),
                "warnings": list(report.warnings),
                "units": [
                    {
                        "mul_id": unit.mul_id,
                        "name": unit.name,
                        "type": unit.type.value if unit.type else None,
                        "pv": unit.pv,
                        "change": report.changes.get(unit.mul_id, "unchanged"),
                    }
                    for unit in report.units
                ],
            }
        )
        return
    if not report.units:
        click.echo(
            f"The MUL has no units for {query.describe()}; the catalogue is unchanged.", err=True
        )
        return
    changed = [u for u in report.units if report.changes.get(u.mul_id) != "unchanged"]
    if changed:
        rows = [[u.mul_id, u.name, u.type_code, u.pv, report.changes[u.mul_id]] for u in changed]
        click.echo(format_table(["ID", "Name", "TP", "PV", "Change"], rows, right=(0, 3)))
    click.echo(
        f"Fetched {store.total:,} units: {store.added:,} new, {store.updated:,} updated, "
        f"{store.unchanged:,} unchanged."
    )


@click.command("sync")
@click.option(
    "--types",
    "types",
    multiple=True,
    metavar="CODES",
    help="Type codes to sync, e.g. BM,CV (default: every card type).",
)
@click.option(
    "--eras",
    "eras",
    multiple=True,
    metavar="ERAS",
    help="Eras: ids, years or names, comma-separated (default: all).  Production eras, or "
    "with --availability the eras of availability.",
)
@click.option(
    "--availability",
    is_flag=True,
    help="Fetch availability lists (which units each faction can field in each era) "
    "instead of production eras.",
)
@click.option(
    "--factions",
    "factions",
    multiple=True,
    metavar="NAMES",
    help="With --availability: factions (MUL names or ids, comma-separated); "
    "default: the lists for any faction.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr (default: when stderr is a terminal).",
)
@_offline_option
@click.pass_obj
def sync(
    settings: Settings,
    types: tuple[str, ...],
    eras: tuple[str, ...],
    availability: bool,
    factions: tuple[str, ...],
    progress: bool | None,
    offline: bool,
) -> None:
    """Fetch whole unit types and eras from the MUL (one request per type and era).

    With --availability, one request per era and faction, each stored as an
    availability list (with its units).  What is stored stays stored if the MUL fails
    midway; run the command again to fetch the rest (finished batches then come from
    the HTTP cache).  Requests to the MUL go at most one a second
    (CARDSMITH_MUL_INTERVAL).  Exit code 3 when batches are missing because the MUL
    could not be reached.
    """
    stderr = terminal_stream()  # the bar draws with \r and escapes of its own
    show_bar = stderr.isatty() if progress is None else progress
    folder = settings.resolved_cache_dir
    offline = settings.offline or offline
    if show_bar:
        with click.progressbar(
            length=0, label="Syncing from the MUL", file=stderr, show_pos=True
        ) as bar:

            def advance(done: int, total: int, batch: Batch) -> None:
                bar.length = total
                bar.label = f"Syncing {batch.label}"
                bar.update(1)

            run = service.sync(
                folder,
                types,
                eras,
                availability=availability,
                factions=factions,
                offline=offline,
                progress=advance,
            )
    else:
        run = service.sync(
            folder, types, eras, availability=availability, factions=factions, offline=offline
        )
    for notice in run.notices:
        warn(notice)
    _show_sync(run.report, run.batches)


def _show_sync(report: SyncReport, total: int) -> None:
    for message in report.warnings:
        warn(message)
    for problem in report.skipped:
        warn(f"skipped a record the MUL sent: {problem}")
    units = sum(count for _, count in report.done)
    store = report.store
    click.echo(
        f"Synced {len(report.done)} of {total} batches ({units:,} units): {store.added:,} new, "
        f"{store.updated:,} updated, {store.unchanged:,} unchanged."
    )
    if report.complete:
        return
    lines = [f"{batch.label}: {reason}" for batch, reason in report.missing[:_LISTED_MISSING]]
    more = len(report.missing) - len(lines)
    if more:
        lines.append(f"… and {more} more")
    listing = "\n  ".join(lines)
    stored = f"the {units:,} units fetched so far are stored"
    if report.stopped_by is not None:
        raise CatalogueUnavailable(
            f"sync stopped: {report.stopped_by.message}\n{stored}; missing "
            f"{len(report.missing)} of {total} batches:\n  {listing}\n"
            "Run the same command again to fetch the rest."
        )
    message = (
        f"sync incomplete; {stored}; missing {len(report.missing)} of {total} batches:\n  {listing}"
    )
    if any("offline" in reason for _, reason in report.missing):
        raise OfflineCacheMiss(message)
    raise CatalogueDataError(message)
