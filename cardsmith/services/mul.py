"""Provides the MUL use cases for both shells: fetch by query or id, sync, sync availability.

Each function opens the cached HTTP session and the local catalogue, runs one use case
from ``cardsmith.catalogue.fetch`` and closes both; the shells only show the report.
The client and the session pull in requests, so they are imported when a use case runs.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardsmith.catalogue import fetch as fetching
from cardsmith.catalogue.eras import RULES_IDS, TECH_IDS, TYPE_CODE_TO_MUL, find_era
from cardsmith.catalogue.factions import Faction
from cardsmith.catalogue.fetch import Batch as Batch
from cardsmith.catalogue.fetch import FetchReport as FetchReport
from cardsmith.catalogue.fetch import MulQuery as MulQuery
from cardsmith.catalogue.fetch import ProgressCallback
from cardsmith.catalogue.fetch import SyncReport as SyncReport
from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import CatalogueReadOnly, UsageError
from cardsmith.services.catalogue import open_catalogue, parse_range, split_values

#: ``CARDSMITH_MUL_INTERVAL``: seconds between two requests a sync sends to the MUL.
INTERVAL_VARIABLE = "CARDSMITH_MUL_INTERVAL"


@dataclass(frozen=True, slots=True)
class MulQueryText:
    """A ``fetch`` question as typed: name and filters in cardsmith's words."""

    name: str = ""
    types: Sequence[str] = ()
    eras: Sequence[str] = ()
    available_eras: Sequence[str] = ()
    roles: Sequence[str] = ()
    techs: Sequence[str] = ()
    rules: Sequence[str] = ()
    pv: str | None = None


def type_codes(values: Sequence[str]) -> tuple[str, ...]:
    """Type codes the MUL can be asked for (``BM,CV``).

    Raises:
        UsageError: a code the MUL has no ``Types`` id for.
    """
    codes = tuple(dict.fromkeys(code.upper() for code in split_values(values)))
    unknown = [code for code in codes if code not in TYPE_CODE_TO_MUL]
    if unknown:
        raise UsageError(
            f"the MUL cannot be asked for type {', '.join(unknown)}; use one of: "
            + ", ".join(TYPE_CODE_TO_MUL)
        )
    return codes


def era_ids(values: Sequence[str]) -> tuple[int, ...]:
    """MUL era ids for names, years or ids (``UnknownName`` with suggestions if one names none)."""
    return tuple(dict.fromkeys(find_era(text).id for text in split_values(values)))


def _ids(values: Sequence[str], table: dict[str, int], label: str) -> tuple[int, ...]:
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


def _roles(values: Sequence[str]) -> tuple[str, ...]:
    # The MUL spells one role with a hyphen (facts §1.3: 116 "Fire-Support").
    fixed = (
        "Fire-Support" if r.casefold() in ("fire support", "fire-support") else r
        for r in split_values(values)
    )
    return tuple(dict.fromkeys(fixed))


def mul_query(text: MulQueryText) -> MulQuery:
    """The QuickList question a ``fetch`` means.

    Raises:
        UsageError, UnknownName: a filter value the MUL has no id for.
    """
    pv_min, pv_max = parse_range(text.pv, "--pv")
    return MulQuery(
        name=text.name,
        types=type_codes(text.types),
        eras=era_ids(text.eras),
        available_eras=era_ids(text.available_eras),
        roles=_roles(text.roles),
        technologies=_ids(text.techs, TECH_IDS, "tech base"),
        rules=_ids(text.rules, RULES_IDS, "rules level"),
        pv_min=pv_min,
        pv_max=pv_max,
    )


@dataclass(frozen=True, slots=True)
class FetchRun:
    """``fetch``: what the MUL returned, how it changed the catalogue, what to tell the user."""

    notices: tuple[str, ...]
    report: FetchReport


@dataclass(frozen=True, slots=True)
class SyncRun:
    """``catalogue sync``: the batches done and missing, and the factions asked for."""

    notices: tuple[str, ...]
    report: SyncReport
    batches: int
    factions: tuple[Faction, ...] = field(default=())


class _Connection:
    """The cached session, the client and the writable catalogue of one use case."""

    def __init__(self, cache_dir: Path, offline: bool) -> None:
        from cardsmith.catalogue.client import MulClient
        from cardsmith.catalogue.http import build_session

        self.session = build_session(cache_dir, offline=offline)
        self.client = MulClient.from_env(self.session)
        self.catalogue: Catalogue = open_catalogue(cache_dir)
        if self.catalogue.read_only is not None:
            self.close()
            raise CatalogueReadOnly(
                f"cannot store units from the MUL in {self.catalogue.path}: "
                f"{self.catalogue.read_only}"
            )

    @property
    def notices(self) -> tuple[str, ...]:
        return (*self.session.notices, *self.catalogue.notices)

    def close(self) -> None:
        self.catalogue.close()
        self.session.close()  # type: ignore[no-untyped-call]  # requests-cache is untyped here


def fetch(
    cache_dir: Path, query: MulQuery, mul_ids: Sequence[int] = (), *, offline: bool = False
) -> FetchRun:
    """Fetch units by QuickList query, or by MUL id (QuickDetails), into the catalogue.

    Raises:
        UsageError: both ids and a query, or neither.
        CatalogueUnavailable: the MUL could not answer and nothing cached could (exit 3).
    """
    if mul_ids and not query.empty:
        raise UsageError("give either --id or a name and filters, not both")
    if not mul_ids and query.empty:
        raise UsageError(
            "give part of a unit name or a filter (--type, --era …); "
            "`cardsmith catalogue sync` fetches everything"
        )
    link = _Connection(cache_dir, offline)
    try:
        if mul_ids:
            report = fetching.fetch_ids(link.client, link.catalogue, mul_ids)
        else:
            report = fetching.fetch_query(link.client, link.catalogue, query)
        return FetchRun(link.notices, report)
    finally:
        link.close()


def sync_interval() -> float:
    """Seconds between requests that reach the MUL (``CARDSMITH_MUL_INTERVAL``)."""
    text = os.environ.get(INTERVAL_VARIABLE, "").strip()
    if not text:
        return fetching.POLITE_INTERVAL
    try:
        value = float(text)
    except ValueError:
        raise UsageError(f"{INTERVAL_VARIABLE} must be a number of seconds, not {text!r}") from None
    if not 0 <= value <= 60:
        raise UsageError(f"{INTERVAL_VARIABLE} must be between 0 and 60 seconds, not {text!r}")
    return value


def sync(
    cache_dir: Path,
    types: Sequence[str] = (),
    eras: Sequence[str] = (),
    *,
    availability: bool = False,
    factions: Sequence[str] = (),
    offline: bool = False,
    progress: ProgressCallback | None = None,
) -> SyncRun:
    """Fetch whole types and eras, or availability lists, batch after batch.

    With ``availability``, each era (all by default) is asked once per faction named
    (once for any faction when none is), and the lists are stored with their units.

    Raises:
        UsageError, UnknownName: a type, era or faction that names nothing.
    """
    codes = type_codes(types)
    era_list = era_ids(eras)
    if factions and not availability:
        raise UsageError("--factions goes with --availability")
    interval = sync_interval()
    link = _Connection(cache_dir, offline)
    try:
        chosen: list[Faction] = []
        batches: Sequence[fetching.Batch]
        if availability:
            chosen = fetching.resolve_factions(link.client, link.catalogue, split_values(factions))
            batches = fetching.availability_batches(era_list, chosen, codes)
        else:
            batches = fetching.sync_batches(codes, era_list)
        report = fetching.sync(
            link.client, link.catalogue, batches, progress=progress, interval=interval
        )
        return SyncRun(link.notices, report, len(batches), tuple(chosen))
    finally:
        link.close()


@dataclass(frozen=True, slots=True)
class FetchSummary:
    """What a fetch from the app changed in the catalogue."""

    returned: int
    added: int
    updated: int
    unchanged: int
    warnings: tuple[str, ...] = ()


def fetch_units(cache_dir: Path, name: str, *, offline: bool = False) -> FetchSummary:
    """Ask the MUL for units named like ``name`` and store them (the app's F5; use a worker).

    Raises:
        CatalogueUnavailable: the MUL could not be reached and nothing cached could answer.
        CatalogueError: any other catalogue problem, with a clear message.
    """
    run = fetch(cache_dir, MulQuery(name=name), offline=offline)
    report = run.report
    store = report.store
    warnings = (*run.notices, *report.warnings, *report.skipped)
    return FetchSummary(len(report.units), store.added, store.updated, store.unchanged, warnings)


@dataclass(frozen=True, slots=True)
class AvailabilitySummary:
    """What an availability fetch from the app stored: the lists and their units."""

    lists: tuple[str, ...]
    """The lists stored: ``every type in Clan Invasion for Clan Wolf``."""
    units: int
    """Units on the lists stored."""
    changed: int
    """Units the lists brought that were new to the catalogue or changed in it."""
    warnings: tuple[str, ...] = ()


def fetch_availability(
    cache_dir: Path, era: str, faction: str = "", *, offline: bool = False
) -> AvailabilitySummary:
    """``catalogue sync --availability`` for one era and at most one faction, for the app
    (F5 in the catalogue's filters, ``m`` on the force screen; run it in a worker).

    Raises:
        UnknownName: an era or faction that names nothing (the MUL is asked for the faction).
        CatalogueUnavailable: the MUL could not be reached and nothing cached could answer.
        CatalogueError: the MUL's answer could not be stored.
    """
    run = sync(
        cache_dir,
        eras=(era,),
        availability=True,
        factions=(faction,) if faction.strip() else (),
        offline=offline,
    )
    report = run.report
    if report.stopped_by is not None:
        raise report.stopped_by
    units = sum(found for _, found in report.done)
    missing = tuple(f"not stored: {batch.label}: {reason}" for batch, reason in report.missing)
    warnings = (*run.notices, *report.warnings, *report.skipped, *missing)
    changed = report.store.added + report.store.updated
    names = {f.id: f.name for f in run.factions}
    labels = tuple(
        batch.scope.describe(names) if batch.scope else batch.label for batch, _ in report.done
    )
    return AvailabilitySummary(labels, units, changed, warnings)
