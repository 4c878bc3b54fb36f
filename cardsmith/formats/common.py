"""Provides the toolbox every import format shares: reading input, building entries, the report."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardsmith import limits
from cardsmith.catalogue.dump import content_hash
from cardsmith.errors import ForceEditError, FormatError
from cardsmith.errors import FormatProblems as FormatProblems
from cardsmith.fileio import parse_json, read_bytes
from cardsmith.forces.editing import data_version
from cardsmith.forces.spas import SpaCatalogue, resolve_spas
from cardsmith.formats.matching import UnitMatcher, UnknownUnit
from cardsmith.models.force import (
    DEFAULT_SKILL,
    MAX_SKILL,
    MIN_SKILL,
    Force,
    ForceEntry,
    Group,
    Pilot,
)
from cardsmith.models.unit import Unit

#: Largest file any importer reads (the shared limit).  A MegaMek campaign record with
#: full damage state for 100 units stays under 2 MB.
MAX_IMPORT_BYTES = limits.MAX_IMPORT_BYTES

#: Longest pilot or group name kept (the force editor's limit: names are printed on cards).
MAX_NAME_LENGTH = 80


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import produced: the force, the units it had to leave out, and warnings."""

    force: Force
    format: str
    unknown: tuple[UnknownUnit, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        """True when every unit of the file made it into the force."""
        return not self.unknown


@dataclass(frozen=True, slots=True)
class ImportOptions:
    """What an import may be told besides the data: SPA catalogue, group to pick, renames."""

    spa_catalogue: SpaCatalogue | None = None
    group: str = ""
    """The group of a Jeff's BattleTech Tools backup file to import (empty: list them)."""
    renames: Mapping[str, str] = field(default_factory=dict)
    """MegaMek's renames, old name → current name (its ``name_changes.txt``)."""


#: No options: the default of every importer.
NO_OPTIONS = ImportOptions()


# -- building entries -----------------------------------------------------------------------


def clean_name(text: object, what: str, where: str, warnings: list[str]) -> str:
    """A pilot or group name fit for the force file: one line, no control characters."""
    if text is None:
        return ""
    value = " ".join("".join(ch for ch in str(text) if ch.isprintable() or ch.isspace()).split())
    if len(value) > MAX_NAME_LENGTH:
        warnings.append(f"{where}: {what} cut to {MAX_NAME_LENGTH} characters")
        value = value[:MAX_NAME_LENGTH].rstrip()
    return value


def checked_skill(value: int, where: str, warnings: list[str]) -> int:
    """Skill within 0-7 (ASCE p.29); values outside are clamped with a warning."""
    if MIN_SKILL <= value <= MAX_SKILL:
        return value
    clamped = min(MAX_SKILL, max(MIN_SKILL, value))
    warnings.append(f"{where}: skill {value} is outside {MIN_SKILL}-{MAX_SKILL}; using {clamped}")
    return clamped


def map_spas(
    unit: Unit,
    names: Sequence[str],
    catalogue: SpaCatalogue | None,
    where: str,
    warnings: list[str],
) -> tuple[str, ...]:
    """SPA ids for names or ids the file gives; each one that does not fit is reported."""
    kept: list[str] = []
    for name in names:
        if not name.strip():
            continue
        try:
            kept = list(resolve_spas(unit, [*kept, name], catalogue))
        except ForceEditError as exc:
            warnings.append(f"{where}: SPA {name!r} left out: {exc.message}")
    return tuple(kept)


def make_entry(
    unit: Unit,
    *,
    skill: int = DEFAULT_SKILL,
    pilot: str = "",
    notes: str = "",
    spas: Sequence[str] = (),
    group: str = "",
    commander: bool = False,
) -> ForceEntry:
    """A force entry for an imported unit (values already checked)."""
    return ForceEntry(
        unit=unit,
        skill=skill,
        pilot=Pilot(name=pilot, notes=notes),
        spas=tuple(spas),
        group=group,
        commander=commander,
        unit_version=content_hash(unit),
    )


def build_force(
    name: str,
    entries: Sequence[ForceEntry],
    groups: Sequence[Group] = (),
) -> Force:
    """A force of imported entries; every group an entry names is declared."""
    declared = list(groups)
    names = {g.name for g in declared}
    for entry in entries:
        if entry.group and entry.group not in names:
            declared.append(Group(entry.group))
            names.add(entry.group)
    return Force(
        name=name.strip(),
        entries=tuple(entries),
        groups=tuple(declared),
        data_version=data_version(entries),
    )


@dataclass(slots=True)
class ImportState:
    """What an importer gathers while it reads: entries, unknown units, warnings."""

    entries: list[ForceEntry] = field(default_factory=list)
    unknown: list[UnknownUnit] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def report(
        self, fmt: str, name: str, matcher: UnitMatcher, groups: Sequence[Group] = ()
    ) -> ImportReport:
        """The finished report."""
        return ImportReport(
            force=build_force(name, self.entries, groups),
            format=fmt,
            unknown=tuple(self.unknown),
            warnings=tuple([*self.warnings, *matcher.notes]),
        )


# -- reading files and telling formats apart ----------------------------------------------------


def read_input(path: Path) -> bytes:
    """The bytes of an import file; folders, FIFOs, devices and oversized files are refused
    before anything is read.

    Raises:
        FormatError: the file cannot be read or is larger than MAX_IMPORT_BYTES.
    """
    return read_bytes(path, what="file", max_bytes=MAX_IMPORT_BYTES, error=FormatError)


def check_size(data: bytes, origin: str) -> None:
    """Refuse data over MAX_IMPORT_BYTES (for callers that did not use ``read_input``)."""
    limits.check_size(
        len(data), MAX_IMPORT_BYTES, where=origin, what="file to import", error=FormatError
    )


def decode_text(data: bytes, origin: str) -> str:
    """UTF-8 text (a byte-order mark is dropped).

    Raises:
        FormatError: not UTF-8.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(
            f"{origin} is not UTF-8 text (bad byte at offset {exc.start}); save it as UTF-8"
        ) from exc


def load_json(data: bytes, origin: str) -> object:
    """Decoded JSON within the shared limits (depth, finite numbers, SQLite integers).

    Raises:
        FormatError: not JSON (saying where it breaks), nested too deeply, or a number
            that is not finite (``NaN``, ``1e400``).
    """
    return parse_json(data, where=origin, what="force", error=FormatError)


def whole_number(value: object) -> int | None:
    """An integer from a JSON number or number text (``140``, ``140.0``, ``"140"``), else None.

    Text such as ``"inf"``, ``"nan"`` or ``"1e400"`` is no number: None.
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value if limits.fits_sqlite(value) else None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            return None
        return int(value) if limits.fits_sqlite(int(value)) else None
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("+-").isdigit():
            number = int(text)
            return number if limits.fits_sqlite(number) else None
        try:
            parsed = float(text)
        except ValueError:
            return None
        if not math.isfinite(parsed) or not parsed.is_integer():
            return None
        return int(parsed) if limits.fits_sqlite(int(parsed)) else None
    return None
