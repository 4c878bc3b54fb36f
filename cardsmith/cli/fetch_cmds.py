"""Provides the ``fetch`` and ``catalogue sync`` commands: units from the MUL into the catalogue."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from cardsmith.cli.context import Settings
from cardsmith.cli.options import parse_range, split_values
from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.errors import (
    CatalogueDataError,
    CatalogueUnavailable,
    OfflineCacheMiss,
    UsageError,
)

# requests and requests-cache take a noticeable time to import, and this module is
# loaded with ``catalogue_cmds`` (for ``catalogue sync``) on every ``cardsmith search``:
# the client and the session are imported inside the commands that talk to the MUL.
if TYPE_CHECKING:
    from cardsmith.catalogue.client import MulClient
    from cardsmith.catalogue.fetch import FetchReport, MulQuery, SyncReport
    from cardsmith.catalogue.http import MulSession

#: Most missing sync batches named one by one before the rest are counted.
_LISTED_MISSING = 8


def _type_codes(values: tuple[str, ...]) -> tuple[str, ...]:
    from cardsmith.catalogue.eras import TYPE_CODE_TO_MUL

    codes = tuple(dict.fromkeys(code.upper() for code in split_values(values)))
    unknown = [code for code in codes if code not in TYPE_CODE_TO_MUL]
    if unknown:
        raise UsageError(
            f"the MUL cannot be asked for type {', '.join(unknown)}; use one of: "
            + ", ".join(TYPE_CODE_TO_MUL)
        )
    return codes


def _era_ids(values: tuple[str, ...]) -> tuple[int, ...]:
    from cardsmith.catalogue.eras import resolve_era

    return tuple(dict.fromkeys(resolve_era(text) for text in split_values(values)))


def _ids(values: tuple[str, ...], table: dict[str, int], label: str) -> tuple[int, ...]:
    found: list[int] = []
    for text in split_values(values):
        key = text.casefold()
        if key.isdigit():
            found.append(int(key))
        elif key in table:
            found.append(table[key])
        else:
            names = ", ".join(sorted({k.title() for k in table if len(k) > 2}))
            raise UsageError(f"unknown {label} {text!r}; use one of: {names}")
    return tuple(dict.fromkeys(found))


def _roles(values: tuple[str, ...]) -> tuple[str, ...]:
    # The MUL spells one role with a hyphen (facts §1.3: 116 "Fire-Support").
    fixed = (
        "Fire-Support" if r.casefold() in ("fire support", "fire-support") else r
        for r in split_values(values)
    )
    return tuple(dict.fromkeys(fixed))


def _connect(settings: Settings) -> tuple[MulSession, MulClient]:
    from cardsmith.catalogue.client import MulClient
    from cardsmith.catalogue.http import build_session

    session = build_session(settings.resolved_cache_dir, offline=settings.offline)
    for notice in session.notices:
        warn(notice)
    return session, MulClient.from_env(session)


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
    "--era", "eras", multiple=True, metavar="ERA", help="Production era: MUL id, year or name."
)
@click.option(
    "--available-era",
    "available_eras",
    multiple=True,
    metavar="ERA",
    help="Era the unit is available in (MUL availability).",
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
    type=click.IntRange(1),
    metavar="MUL_ID",
    help="Fetch these MUL ids (QuickDetails) instead of searching.",
)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
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
) -> None:
    """Fetch units from the Master Unit List into the local catalogue.

    QUERY matches part of the unit name (as on the MUL site); filters narrow it.
    Exit code 3 when the MUL cannot be reached and nothing cached can answer.
    """
    from cardsmith.catalogue.eras import RULES_IDS, TECH_IDS
    from cardsmith.catalogue.fetch import MulQuery, fetch_ids, fetch_query

    pv_min, pv_max = parse_range(pv, "--pv")
    mul_query = MulQuery(
        name=" ".join(query),
        types=_type_codes(types),
        eras=_era_ids(eras),
        available_eras=_era_ids(available_eras),
        roles=_roles(roles),
        technologies=_ids(techs, TECH_IDS, "tech base"),
        rules=_ids(rules, RULES_IDS, "rules level"),
        pv_min=pv_min,
        pv_max=pv_max,
    )
    if mul_ids and not mul_query.empty:
        raise UsageError("give either --id or a name and filters, not both")
    if not mul_ids and mul_query.empty:
        raise UsageError(
            "give part of a unit name or a filter (--type, --era …); "
            "`cardsmith catalogue sync` fetches everything"
        )
    from cardsmith.cli.catalogue_cmds import open_catalogue

    session, client = _connect(settings)
    with session, open_catalogue(settings) as catalogue:
        if mul_ids:
            report = fetch_ids(client, catalogue, mul_ids)
        else:
            report = fetch_query(client, catalogue, mul_query)
    _show_fetch(report, mul_query, fmt)


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
    help="Production eras: ids, years or names, comma-separated (default: all).",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr (default: when stderr is a terminal).",
)
@click.pass_obj
def sync(
    settings: Settings, types: tuple[str, ...], eras: tuple[str, ...], progress: bool | None
) -> None:
    """Fetch whole unit types and eras from the MUL (one request per type and era).

    What is stored stays stored if the MUL fails midway; run the command again to fetch
    the rest (finished batches then come from the HTTP cache).  Exit code 3 when batches
    are missing because the MUL could not be reached.
    """
    from cardsmith.catalogue import fetch as fetching
    from cardsmith.cli.catalogue_cmds import open_catalogue

    batches = fetching.sync_batches(_type_codes(types), _era_ids(eras))
    stderr = sys.stderr
    show_bar = stderr.isatty() if progress is None else progress
    session, client = _connect(settings)
    with session, open_catalogue(settings) as catalogue:
        if show_bar:
            with click.progressbar(
                length=len(batches), label="Syncing from the MUL", file=stderr, show_pos=True
            ) as bar:

                def advance(done: int, total: int, batch: fetching.SyncBatch) -> None:
                    bar.label = f"Syncing {batch.label}"
                    bar.update(1)

                report = fetching.sync(client, catalogue, batches, progress=advance)
        else:
            report = fetching.sync(client, catalogue, batches)
    _show_sync(report, len(batches))


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
