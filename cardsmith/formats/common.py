"""Provides the toolbox every import format shares: reading input, unit matching, the report."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from cardsmith import limits
from cardsmith.catalogue.dump import content_hash
from cardsmith.catalogue.search import SearchFilters, SearchIndex, normalise
from cardsmith.errors import ForceEditError, FormatError
from cardsmith.errors import FormatProblems as FormatProblems
from cardsmith.fileio import parse_json, read_bytes
from cardsmith.forces.editing import can_join, data_version, resolve_spas
from cardsmith.forces.spas import SpaCatalogue
from cardsmith.models.force import (
    DEFAULT_SKILL,
    MAX_SKILL,
    MIN_SKILL,
    Force,
    ForceEntry,
    Group,
    Pilot,
)
from cardsmith.models.unit import Unit, UnitType

#: Largest file any importer reads (the shared limit).  A MegaMek campaign record with
#: full damage state for 100 units stays under 2 MB.
MAX_IMPORT_BYTES = limits.MAX_IMPORT_BYTES

#: Longest pilot or group name kept (the force editor's limit: names are printed on cards).
MAX_NAME_LENGTH = 80

#: How many close catalogue matches an unknown unit lists.
SUGGESTIONS = 3


class Suggestion(str):
    """A close catalogue unit offered instead of an unknown one: its text is
    ``Atlas AS7-D (MUL 140)``, and it carries the name and MUL id apart, so a shell
    never has to read the id back out of the text."""

    name: str
    mul_id: int

    def __new__(cls, name: str, mul_id: int) -> Suggestion:
        suggestion = super().__new__(cls, f"{name} (MUL {mul_id})")
        suggestion.name = name
        suggestion.mul_id = mul_id
        return suggestion

    def __reduce__(self) -> tuple[object, ...]:
        return (Suggestion, (self.name, self.mul_id))


@dataclass(frozen=True, slots=True)
class UnknownUnit:
    """A unit of the imported file that could not join the force."""

    where: str
    """Where it sits in the file: ``entity 3``, ``row 5``, ``group 'Alpha' member 2``."""
    name: str
    """The name the file gives (may be empty when the file gives only an id)."""
    mul_id: int | None = None
    reason: str = "not in the local catalogue"
    suggestions: tuple[Suggestion, ...] = ()
    """The closest catalogue units (each prints as ``Atlas AS7-D (MUL 140)``)."""

    def describe(self) -> str:
        """One line for the player."""
        label = self.name or "(no name)"
        if self.mul_id is not None:
            label += f" [MUL {self.mul_id}]"
        return f"{self.where}: {label} — {self.reason}"


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


class UnitLookup(Protocol):
    """What matching needs from a catalogue (``Catalogue`` satisfies it)."""

    def get(self, mul_id: int) -> Unit | None: ...

    def find_by_name(self, name: str) -> list[Unit]: ...

    def index(self) -> SearchIndex: ...


_PAREN = re.compile(r"^(?P<head>.*?)\s*\((?P<inner>[^)]*)\)\s*(?P<tail>.*)$")


def _name_keys(name: str) -> set[str]:
    """Normalised spellings of a catalogue name a file may use.

    MegaMek writes Clan 'Mechs under one of their two names (``Timber Wolf`` + ``Prime``),
    the MUL under both (``Mad Cat (Timber Wolf) Prime``).
    """
    keys = {normalise(name)}
    match = _PAREN.match(name)
    if match:
        head, inner, tail = match["head"], match["inner"], match["tail"]
        keys.update(normalise(f"{a} {tail}") for a in (head, inner) if a.strip())
        keys.add(normalise(f"{inner} ({head}) {tail}"))
    return keys


def _fits(unit: Unit, kinds: frozenset[UnitType] | None) -> bool:
    return kinds is None or unit.type in kinds


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


class UnitMatcher:
    """Finds the catalogue unit for a name or MUL id, and suggests close ones when none fits."""

    def __init__(self, catalogue: UnitLookup) -> None:
        self._catalogue = catalogue
        self.notes: list[str] = []
        """Things worth telling the user about matches (several units of one name …)."""

    def by_id(self, mul_id: int) -> Unit | None:
        """The catalogue unit with this MUL id, when it has Alpha Strike stats."""
        unit = self._catalogue.get(mul_id)
        return unit if unit is not None and unit.has_stats else None

    def joinable(self, mul_id: int) -> Unit | None:
        """The catalogue unit with this id when it can join a force (custom units too)."""
        unit = self._catalogue.get(mul_id)
        return unit if unit is not None and can_join(unit) else None

    def named(self, name: str) -> list[Unit]:
        """Every catalogue unit called ``name``, with Alpha Strike stats or not."""
        return self._catalogue.find_by_name(name) if normalise(name) else []

    def by_name(
        self,
        name: str,
        *,
        mul_id: int | None = None,
        kinds: frozenset[UnitType] | None = None,
    ) -> Unit | None:
        """The unit called ``name`` (case, spacing and punctuation ignored).

        When several units share the name, ``mul_id`` picks one; otherwise the lowest id
        wins and a note says so.  Clan dual names are tried through the search index.
        ``kinds`` keeps only units of those Alpha Strike types (the file says what it is).
        """
        if not normalise(name):
            return None
        found = [u for u in self.named(name) if u.has_stats and _fits(u, kinds)]
        if not found:
            found = [u for u in self._alias_matches(name) if _fits(u, kinds)]
        if not found:
            return None
        if len(found) > 1:
            chosen = next((u for u in found if u.mul_id == mul_id), None)
            if chosen is not None:
                return chosen
            self.notes.append(
                f"{name!r} matches {len(found)} catalogue units; took {found[0].name} "
                f"(MUL {found[0].mul_id})"
            )
        return found[0]

    def _alias_matches(self, name: str) -> list[Unit]:
        key = normalise(name)
        hits = self._catalogue.index().search(name, SearchFilters(usable_only=True), limit=10)
        ids = [h.row.mul_id for h in hits if key in _name_keys(h.row.name)]
        if len(ids) != 1:  # none, or ambiguous: better unknown than wrong
            return []
        unit = self.by_id(ids[0])
        return [unit] if unit is not None else []

    def suggestions(self, *texts: str, limit: int = SUGGESTIONS) -> tuple[Suggestion, ...]:
        """The closest catalogue units to the first of ``texts`` that finds any."""
        index = self._catalogue.index()
        for text in texts:
            if not normalise(text):
                continue
            hits = index.search(text, SearchFilters(usable_only=True), limit=limit)
            if hits:
                return tuple(Suggestion(h.row.name, h.row.mul_id) for h in hits)
        return ()

    def unknown(
        self,
        where: str,
        name: str,
        *,
        mul_id: int | None = None,
        reason: str | None = None,
        hints: Sequence[str] = (),
    ) -> UnknownUnit:
        """An UnknownUnit with suggestions from ``name`` and then ``hints``."""
        if reason is None:
            reason = self._reason(name, mul_id)
        return UnknownUnit(
            where=where,
            name=name,
            mul_id=mul_id,
            reason=reason,
            suggestions=self.suggestions(name, *hints),
        )

    def _reason(self, name: str, mul_id: int | None) -> str:
        unit = self._catalogue.get(mul_id) if mul_id is not None else None
        if unit is None and normalise(name):
            unit = next(iter(self._catalogue.find_by_name(name)), None)
        if unit is not None and not can_join(unit):
            # Fetching again would not help: the MUL itself has no card for it.
            return (
                f"{unit.name} (MUL {unit.mul_id}) is in the catalogue but has no Alpha Strike "
                "card, so it cannot join a force"
            )
        return "not in the local catalogue (fetch it with `cardsmith fetch NAME` and import again)"


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
