"""Provides fetching units from the MUL into the local catalogue: by query, by id, or a sync."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cardsmith.catalogue.availability import ANY_FACTION, AvailabilityList, Scope
from cardsmith.catalogue.dump import UnitRecord, record
from cardsmith.catalogue.eras import ERAS, TYPE_CODE_TO_MUL, era_name
from cardsmith.catalogue.factions import Faction
from cardsmith.catalogue.store import Catalogue, now_iso
from cardsmith.catalogue.store_records import StoreReport
from cardsmith.errors import (
    CatalogueDataError,
    CatalogueError,
    CatalogueUnavailable,
    OfflineCacheMiss,
    UnknownName,
)
from cardsmith.limits import fits_sqlite
from cardsmith.models import Unit

if TYPE_CHECKING:  # the client pulls in requests; fetching code only needs its types
    from cardsmith.catalogue.client import DetailsAnswer, MulClient, QuickListAnswer

#: Seconds between two requests that reach the MUL during a sync (cached answers do not wait):
#: the MUL is a volunteer-run site with no published rate limit (facts §1.1).
POLITE_INTERVAL = 1.0

#: The ``source`` stamped on units that came from the MUL.
SOURCE = "mul"

#: MUL ``Types`` id → name, for progress and messages (facts §1.2).
MUL_TYPE_NAMES: dict[int, str] = {
    17: "Aerospace",
    18: "BattleMech",
    19: "Combat Vehicle",
    20: "IndustrialMech",
    21: "Infantry",
    23: "ProtoMech",
    24: "Support Vehicle",
}


@dataclass(frozen=True, slots=True)
class MulQuery:
    """A QuickList question in cardsmith's terms; ``params()`` says it in the MUL's."""

    name: str = ""
    types: tuple[str, ...] = ()
    """Alpha Strike type codes (BM, CV …); several map to one MUL type (BA and CI → 21)."""
    eras: tuple[int, ...] = ()
    """MUL production era ids."""
    available_eras: tuple[int, ...] = ()
    """MUL availability era ids."""
    roles: tuple[str, ...] = ()
    technologies: tuple[int, ...] = ()
    rules: tuple[int, ...] = ()
    pv_min: int | None = None
    pv_max: int | None = None

    @property
    def empty(self) -> bool:
        """True when nothing narrows the question (the whole MUL)."""
        return self.params() == []

    def params(self) -> list[tuple[str, object]]:
        """The QuickList query pairs, repeatable keys repeated."""
        pairs: list[tuple[str, object]] = []
        if self.name.strip():
            pairs.append(("Name", self.name.strip()))
        type_ids = sorted({TYPE_CODE_TO_MUL[code] for code in self.types})
        pairs += [("Types", t) for t in type_ids]
        pairs += [("Eras", e) for e in self.eras]
        pairs += [("AvailableEras", e) for e in self.available_eras]
        pairs += [("Roles", r) for r in self.roles]
        pairs += [("Technologies", t) for t in self.technologies]
        pairs += [("Rules", r) for r in self.rules]
        if self.pv_min is not None:
            pairs.append(("MinPV", self.pv_min))
        if self.pv_max is not None:
            pairs.append(("MaxPV", self.pv_max))
        return pairs

    def describe(self) -> str:
        """The query as ``Name=Atlas Types=18`` for messages."""
        return " ".join(f"{k}={v}" for k, v in self.params()) or "(no filters)"


@dataclass(frozen=True, slots=True)
class FetchReport:
    """What a fetch found and how it changed the catalogue."""

    units: tuple[Unit, ...]
    """Every unit the MUL returned, in its order."""
    changes: Mapping[int, str]
    """MUL id → ``added``, ``updated`` or ``unchanged``."""
    store: StoreReport
    skipped: tuple[str, ...] = ()
    """Records that could not be read (each with the reason); nothing else was lost."""
    warnings: tuple[str, ...] = ()
    """Things the user should know: stale cached answers and the like."""


@dataclass(frozen=True, slots=True)
class SyncBatch:
    """One QuickList request of a sync: a MUL type in a production era."""

    type_id: int
    era_id: int

    @property
    def label(self) -> str:
        """``BattleMech, Jihad``."""
        return (
            f"{MUL_TYPE_NAMES.get(self.type_id, f'type {self.type_id}')}, {era_name(self.era_id)}"
        )

    def params(self) -> list[tuple[str, object]]:
        """The QuickList query of this batch."""
        return [("Types", self.type_id), ("Eras", self.era_id)]

    @property
    def scope(self) -> Scope | None:
        """Production-era batches are no availability lists."""
        return None


@dataclass(frozen=True, slots=True)
class AvailabilityBatch:
    """One availability request of a sync: the units of some types a faction fields in an era."""

    era_id: int
    faction: Faction | None = None
    """None asks for any faction."""
    type_ids: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        """``Clan Invasion, Clan Wolf``."""
        who = self.faction.name if self.faction is not None else "any faction"
        return f"availability: {era_name(self.era_id)}, {who}"

    def params(self) -> list[tuple[str, object]]:
        """The QuickList query of this batch."""
        pairs: list[tuple[str, object]] = [("AvailableEras", self.era_id)]
        if self.faction is not None:
            pairs.append(("Factions", self.faction.id))
        pairs += [("Types", t) for t in self.type_ids]
        return pairs

    @property
    def scope(self) -> Scope:
        """What the answer is complete for."""
        return Scope(
            self.era_id,
            self.faction.id if self.faction is not None else ANY_FACTION,
            frozenset(self.type_ids),
        )


class Batch(Protocol):
    """A request of a sync: a label for progress, its QuickList query, its availability scope."""

    @property
    def label(self) -> str: ...

    def params(self) -> list[tuple[str, object]]: ...

    @property
    def scope(self) -> Scope | None: ...


@dataclass(frozen=True, slots=True)
class SyncReport:
    """What a sync stored, and which batches are missing and why."""

    done: tuple[tuple[Batch, int], ...]
    """Batches stored, with the number of units each returned."""
    missing: tuple[tuple[Batch, str], ...]
    """Batches not stored, with the reason."""
    store: StoreReport
    skipped: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    stopped_by: CatalogueError | None = None
    """The error that ended the sync early (the source went away), if any."""

    @property
    def complete(self) -> bool:
        """True when every batch was stored."""
        return not self.missing


ProgressCallback = Callable[[int, int, Batch], None]
"""Called after each batch with (batches finished, batches in all, the batch)."""


def sync_batches(type_codes: Sequence[str] = (), era_ids: Sequence[int] = ()) -> list[SyncBatch]:
    """The requests of a sync: MUL types × eras (all card types and all eras by default).

    Type codes that share a MUL type (BA and CI, AF and CF) make one request.
    """
    codes = type_codes or tuple(TYPE_CODE_TO_MUL)
    type_ids = sorted({TYPE_CODE_TO_MUL[code] for code in codes})
    eras = list(dict.fromkeys(era_ids)) or [era.id for era in ERAS]
    return [SyncBatch(type_id, era_id) for type_id in type_ids for era_id in eras]


def availability_batches(
    era_ids: Sequence[int], factions: Sequence[Faction], type_codes: Sequence[str] = ()
) -> list[AvailabilityBatch]:
    """The requests of an availability sync: eras × factions (any faction when none given).

    The types asked go together in each request (the MUL ORs repeated ``Types``).
    """
    type_ids = tuple(sorted({TYPE_CODE_TO_MUL[code] for code in type_codes}))
    eras = list(dict.fromkeys(era_ids)) or [era.id for era in ERAS]
    who: list[Faction | None] = list(dict.fromkeys(factions)) or [None]
    return [AvailabilityBatch(era, faction, type_ids) for era in eras for faction in who]


def resolve_factions(
    source: MulClient, catalogue: Catalogue, texts: Sequence[str]
) -> list[Faction]:
    """The factions named, looking names the catalogue does not know up on the MUL.

    Names found on the MUL are stored, so later commands resolve them offline.

    Raises:
        UnknownName: a name the MUL does not know either (with suggestions).
        CatalogueUnavailable: the MUL could not be asked.
    """
    found: list[Faction] = []
    for text in texts:
        try:
            found.append(catalogue.find_faction(text))
            continue
        except UnknownName:
            if text.strip().isdigit():
                # An id the MUL may know though cardsmith does not: ask for it as it is.
                found.append(Faction(int(text), f"faction {int(text)}"))
                continue
        # The MUL's list answers substrings: when the name as typed finds nothing (a
        # typo), its first word or letters fetch the names to suggest.
        words = text.split()
        for term in dict.fromkeys((text.strip(), words[0] if words else "", text.strip()[:3])):
            if not term:
                continue
            try:
                answer = source.factions(term)
            except OfflineCacheMiss:
                raise UnknownName(
                    f"faction {text!r} is not in the local catalogue, and offline it cannot "
                    "be looked up on the MUL"
                ) from None
            if answer.factions:
                catalogue.add_factions(answer.factions, source=SOURCE)
                break
        found.append(catalogue.find_faction(text))
    return list(dict.fromkeys(found))


def fetch_query(source: MulClient, catalogue: Catalogue, query: MulQuery) -> FetchReport:
    """Ask the MUL's QuickList and store every unit it returns.

    Raises:
        CatalogueUnavailable: the MUL could not answer and nothing cached could.
        OfflineCacheMiss: offline and this query is not in the HTTP cache.
        CatalogueDataError: the answer is not a QuickList.
    """
    answer = source.quick_list(query.params())
    return _store_with_changes(catalogue, answer.units, _warnings([answer]))


def fetch_ids(source: MulClient, catalogue: Catalogue, mul_ids: Iterable[int]) -> FetchReport:
    """Ask QuickDetails for each id and store the units.

    All ids are asked before anything is stored, so a failure stores nothing.

    Raises:
        UnitNotFound: the MUL has no unit with one of the ids.
        CatalogueUnavailable, OfflineCacheMiss, CatalogueDataError: as ``fetch_query``.
    """
    answers = [source.quick_details(mul_id) for mul_id in dict.fromkeys(mul_ids)]
    return _store_with_changes(catalogue, [a.record for a in answers], _warnings(answers))


def sync(
    source: MulClient,
    catalogue: Catalogue,
    batches: Sequence[Batch],
    *,
    progress: ProgressCallback | None = None,
    interval: float = POLITE_INTERVAL,
    pause: Callable[[float], None] = time.sleep,
) -> SyncReport:
    """Fetch batch after batch, storing each as it arrives (availability lists too).

    Requests that reach the server are ``interval`` seconds apart; answers from the HTTP
    cache go at once.

    A batch the MUL answers badly is noted and skipped.  When the MUL cannot be reached
    the sync stops (retrying every remaining batch against a dead server would only
    waste minutes) and keeps what it stored: running it again fetches the rest, and
    the HTTP cache answers the finished batches without asking the server.  Offline,
    batches missing from the cache are noted and the others still served.
    """
    done: list[tuple[Batch, int]] = []
    missing: list[tuple[Batch, str]] = []
    skipped: list[str] = []
    warnings: list[str] = []
    totals = StoreReport()
    stopped_by: CatalogueError | None = None
    last_network: float | None = None
    for position, batch in enumerate(batches, start=1):
        if stopped_by is not None:
            missing.append((batch, "not tried: the sync stopped"))
            continue
        if last_network is not None and interval > 0:
            wait = interval - (time.monotonic() - last_network)
            if wait > 0:
                pause(wait)
        try:
            started = time.monotonic()
            answer = source.quick_list(batch.params())
        except OfflineCacheMiss:
            missing.append((batch, "not in the HTTP cache (offline)"))
        except CatalogueUnavailable as exc:
            stopped_by = exc
            missing.append((batch, exc.message))
        except CatalogueDataError as exc:
            missing.append((batch, exc.message))
        else:
            if not answer.source.from_cache:
                last_network = started
            records, bad = _records(answer.units)
            scope = batch.scope
            with catalogue.transaction():
                report = catalogue.add(records, source=SOURCE)
                if scope is not None:
                    ids = frozenset(int(item["Id"]) for item in answer.units if _has_id(item))
                    catalogue.add_availability([AvailabilityList(scope, ids)], source=SOURCE)
            totals = totals + report
            skipped += bad
            warnings += [w for w in _warnings([answer]) if w not in warnings]
            done.append((batch, len(answer.units)))
        if progress is not None:
            progress(position, len(batches), batch)
    if not missing:
        catalogue.set_meta("last-sync", now_iso())
    return SyncReport(
        tuple(done), tuple(missing), totals, tuple(skipped), tuple(warnings), stopped_by
    )


def _store_with_changes(
    catalogue: Catalogue, raw: Sequence[Mapping[str, Any]], warnings: tuple[str, ...]
) -> FetchReport:
    records, skipped = _records(raw)
    changes: dict[int, str] = {}
    for item in records:
        before = catalogue.version(item.unit.mul_id)
        if before is None:
            changes[item.unit.mul_id] = "added"
        elif before.content_hash != item.content_hash:
            changes[item.unit.mul_id] = "updated"
        else:
            changes[item.unit.mul_id] = "unchanged"
    report = catalogue.add(records, source=SOURCE)
    return FetchReport(tuple(r.unit for r in records), changes, report, tuple(skipped), warnings)


def _records(raw: Iterable[Mapping[str, Any]]) -> tuple[list[UnitRecord], list[str]]:
    """Parse records one by one: one bad record is reported, not a reason to lose the rest."""
    records: dict[int, UnitRecord] = {}
    skipped: list[str] = []
    for item in raw:
        try:
            unit = Unit.from_mul(item)
        except CatalogueDataError as exc:
            skipped.append(exc.message)
            continue
        records[unit.mul_id] = record(unit)
    return list(records.values()), skipped


def _warnings(answers: Iterable[QuickListAnswer | DetailsAnswer]) -> tuple[str, ...]:
    found: list[str] = []
    for answer in answers:
        warning = answer.source.warning
        if warning and warning not in found:
            found.append(warning)
    return tuple(found)


def _has_id(item: Mapping[str, Any]) -> bool:
    value = item.get("Id")
    return isinstance(value, int) and not isinstance(value, bool) and fits_sqlite(value)
