"""Provides reading of unit files: MUL QuickList dumps and cardsmith catalogue files."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsmith.errors import CatalogueDataError
from cardsmith.fileio import os_reason
from cardsmith.limits import MAX_DUMP_BYTES, fits_sqlite
from cardsmith.models import Unit
from cardsmith.wording import count

#: Name and version of cardsmith's own catalogue file format (the starter catalogue uses it).
CATALOGUE_FORMAT = "cardsmith-catalogue"
CATALOGUE_VERSION = 1


#: How many bad records a refused import lists before summarising the rest.
MAX_LISTED_PROBLEMS = 10


@dataclass(frozen=True, slots=True)
class UnitDocument:
    """A unit file: its records and, for a raw QuickList answer, the query it echoes."""

    records: list[UnitRecord]
    search: str | None = None
    """The answer's ``Search`` (``?AvailableEras=13&Types=18``), when it has one."""
    crumbs: tuple[tuple[str, str], ...] = ()
    """The answer's ``Crumbs`` as (name, value): the MUL's words for its filters."""


@dataclass(frozen=True, slots=True)
class UnitRecord:
    """A unit read from a source, with the content hash that identifies this version."""

    unit: Unit
    content_hash: str


def content_hash(unit: Unit) -> str:
    """A short, stable fingerprint of a unit's stats (its data version)."""
    from hashlib import sha256  # here: a command that only reads never loads OpenSSL

    canonical = json.dumps(
        unit.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    return sha256(canonical.encode("utf-8")).hexdigest()[:16]


def record(unit: Unit) -> UnitRecord:
    """Pair a unit with its content hash."""
    return UnitRecord(unit, content_hash(unit))


def read_unit_file(path: Path) -> list[UnitRecord]:
    """Read every unit of a QuickList dump (``{"Units": [...]}``) or a cardsmith catalogue file.

    The file is read whole and every record checked before anything is returned, so a
    caller that stores the result never stores half a file.

    Raises:
        CatalogueDataError: unreadable file, not JSON, the wrong shape, or bad records
            (the message lists them).
    """
    return read_unit_document(path).records


def read_unit_document(path: Path) -> UnitDocument:
    """Read a unit file with the query a raw QuickList answer echoes (see ``read_unit_file``).

    Raises:
        CatalogueDataError: as ``read_unit_file``; also a file nested too deeply or a
            special file (a FIFO, a device).
    """
    try:
        if not path.is_file() and path.exists():
            raise CatalogueDataError(f"{path} is not a regular file")
        size = path.stat().st_size
    except OSError as exc:
        raise CatalogueDataError(f"cannot read {path}: {os_reason(exc)}") from exc
    if size > MAX_DUMP_BYTES:
        raise CatalogueDataError(
            f"{path} is {size:,} bytes; unit files over {MAX_DUMP_BYTES:,} are refused"
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CatalogueDataError(f"cannot read {path}: {os_reason(exc)}") from exc
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise CatalogueDataError(
            f"{path} is not UTF-8 text: {exc.reason} at byte {exc.start}"
        ) from exc
    except json.JSONDecodeError as exc:
        raise CatalogueDataError(
            f"{path} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except RecursionError:
        raise CatalogueDataError(f"{path} is nested too deeply to be a unit file") from None
    try:
        records = parse_unit_document(data, origin=str(path))
    except RecursionError:
        raise CatalogueDataError(f"{path} is nested too deeply to be a unit file") from None
    search = data.get("Search") if isinstance(data, Mapping) else None
    crumbs = data.get("Crumbs") if isinstance(data, Mapping) else None
    return UnitDocument(
        records,
        search if isinstance(search, str) else None,
        tuple(
            (str(c.get("Name")), str(c.get("Value")))
            for c in (crumbs if isinstance(crumbs, list) else [])
            if isinstance(c, Mapping)
        ),
    )


def parse_unit_document(data: Any, *, origin: str) -> list[UnitRecord]:
    """Turn a decoded unit document into records (see ``read_unit_file``)."""
    build: Callable[[Mapping[str, Any]], Unit]
    if isinstance(data, Mapping) and data.get("format") == CATALOGUE_FORMAT:
        version = data.get("version")
        if not isinstance(version, int) or version > CATALOGUE_VERSION:
            raise CatalogueDataError(
                f"{origin} is catalogue format version {version!r}; this cardsmith reads up to "
                f"{CATALOGUE_VERSION} — update cardsmith to read it"
            )
        items = data.get("units")
        build = Unit.from_dict
        key = "units"
    elif isinstance(data, Mapping) and "Units" in data:
        items = data.get("Units")
        build = Unit.from_mul
        key = "Units"
    elif isinstance(data, Mapping) and "Id" in data and "BFType" in data:
        items = [data]  # a single QuickDetails answer
        build = Unit.from_mul
        key = "record"
    else:
        raise CatalogueDataError(
            f'{origin} is neither a MUL QuickList dump ({{"Units": [...]}}) nor a cardsmith '
            "catalogue file"
        )
    if not isinstance(items, list):
        raise CatalogueDataError(f"{origin}: '{key}' must be a list of unit records")
    return _build_all(items, build, origin)


def _build_all(
    items: Iterable[Any], build: Callable[[Mapping[str, Any]], Unit], origin: str
) -> list[UnitRecord]:
    records: list[UnitRecord] = []
    problems: list[str] = []
    seen: set[int] = set()
    for position, item in enumerate(items, start=1):
        try:
            unit = build(item)
        except CatalogueDataError as exc:
            problems.append(f"record {position}: {exc.message}")
            continue
        if not fits_sqlite(unit.mul_id):
            problems.append(f"record {position}: MUL id {unit.mul_id} is out of range")
            continue
        if unit.mul_id in seen:
            problems.append(f"record {position}: MUL id {unit.mul_id} appears twice")
            continue
        seen.add(unit.mul_id)
        records.append(record(unit))
    if problems:
        listed = problems[:MAX_LISTED_PROBLEMS]
        more = len(problems) - len(listed)
        tail = f" (and {more} more)" if more else ""
        raise CatalogueDataError(
            f"{origin}: {count(len(problems), 'bad record')}{tail}; nothing was imported:\n  "
            + "\n  ".join(listed)
        )
    return records


def catalogue_document(units: Iterable[Unit]) -> dict[str, Any]:
    """Units in cardsmith's catalogue file format (what ``read_unit_file`` reads back)."""
    return {
        "format": CATALOGUE_FORMAT,
        "version": CATALOGUE_VERSION,
        "units": [unit.to_dict() for unit in units],
    }
