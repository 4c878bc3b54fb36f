"""Provides what the import and export formats share: the import report, unit matching and format detection."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from cardsmith.catalogue.dump import content_hash
from cardsmith.catalogue.search import SearchFilters, SearchIndex, normalise
from cardsmith.errors import ForceEditError, FormatError
from cardsmith.errors import FormatProblems as FormatProblems
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
from cardsmith.models.unit import Unit

#: Largest file any importer reads.  A MegaMek campaign record with full damage state
#: for 100 units stays under 2 MB; anything far larger is a mistake or an attack.
MAX_IMPORT_BYTES = 8 * 1024 * 1024

#: Formats ``import`` reads and ``export`` writes (design §5).
IMPORT_FORMATS = ("mul", "jbt", "csv", "tts", "code")
EXPORT_FORMATS = ("mul", "csv", "tts", "text", "md", "code")

#: Longest pilot or group name kept (the force editor's limit: names are printed on cards).
MAX_NAME_LENGTH = 80

#: How many close catalogue matches an unknown unit lists.
SUGGESTIONS = 3


@dataclass(frozen=True, slots=True)
class UnknownUnit:
    """A unit of the imported file that could not join the force."""

    where: str
    """Where it sits in the file: ``entity 3``, ``row 5``, ``group 'Alpha' member 2``."""
    name: str
    """The name the file gives (may be empty when the file gives only an id)."""
    mul_id: int | None = None
    reason: str = "not in the local catalogue"
    suggestions: tuple[str, ...] = ()
    """The closest catalogue units, as ``Atlas AS7-D (MUL 140)``."""

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

    def by_name(self, name: str, *, mul_id: int | None = None) -> Unit | None:
        """The unit called ``name`` (case, spacing and punctuation ignored).

        When several units share the name, ``mul_id`` picks one; otherwise the lowest id
        wins and a note says so.  Clan dual names are tried through the search index.
        """
        if not normalise(name):
            return None
        found = [u for u in self._catalogue.find_by_name(name) if u.has_stats]
        if not found:
            found = self._alias_matches(name)
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

    def suggestions(self, *texts: str, limit: int = SUGGESTIONS) -> tuple[str, ...]:
        """The closest catalogue units to the first of ``texts`` that finds any."""
        index = self._catalogue.index()
        for text in texts:
            if not normalise(text):
                continue
            hits = index.search(text, SearchFilters(usable_only=True), limit=limit)
            if hits:
                return tuple(f"{h.row.name} (MUL {h.row.mul_id})" for h in hits)
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
            reason = self._reason(mul_id)
        return UnknownUnit(
            where=where,
            name=name,
            mul_id=mul_id,
            reason=reason,
            suggestions=self.suggestions(name, *hints),
        )

    def _reason(self, mul_id: int | None) -> str:
        if mul_id is not None:
            unit = self._catalogue.get(mul_id)
            if unit is not None and not unit.has_stats:
                return f"{unit.name} (MUL {mul_id}) has no Alpha Strike stats"
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
    spas: Sequence[str] = (),
    group: str = "",
    commander: bool = False,
) -> ForceEntry:
    """A force entry for an imported unit (values already checked)."""
    return ForceEntry(
        unit=unit,
        skill=skill,
        pilot=Pilot(name=pilot),
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
    """The bytes of an import file, refusing folders, missing files and oversized files.

    Raises:
        FormatError: the file cannot be read or is larger than MAX_IMPORT_BYTES.
    """
    try:
        size = path.stat().st_size
        if size > MAX_IMPORT_BYTES:
            raise FormatError(_too_big(path, size))
        with path.open("rb") as stream:
            data = stream.read(MAX_IMPORT_BYTES + 1)  # a pipe or device has no useful size
    except FileNotFoundError as exc:
        raise FormatError(f"no file at {path}") from exc
    except IsADirectoryError as exc:
        raise FormatError(f"{path} is a folder, not a file") from exc
    except OSError as exc:
        raise FormatError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if len(data) > MAX_IMPORT_BYTES:
        raise FormatError(_too_big(path, len(data)))
    return data


def _too_big(origin: object, size: int) -> str:
    return (
        f"{origin} is {size:,} bytes; files over {MAX_IMPORT_BYTES:,} bytes are refused "
        "(no force is that large)"
    )


def check_size(data: bytes, origin: str) -> None:
    """Refuse data over MAX_IMPORT_BYTES (for callers that did not use ``read_input``)."""
    if len(data) > MAX_IMPORT_BYTES:
        raise FormatError(_too_big(origin, len(data)))


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
    """Decoded JSON, or a FormatError saying where it breaks."""
    text = decode_text(data, origin)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(
            f"{origin} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except RecursionError as exc:
        raise FormatError(f"{origin} nests JSON too deeply to be a force") from exc


_TTS_KEYS = ("mulId", "mulID", "mul_id", "MulId")


def detect_format(data: bytes, filename: str = "") -> str:
    """Which import format ``data`` is in, judged from its content (the name breaks ties).

    Raises:
        FormatError: a cardsmith force file, or content none of the formats fits.
    """
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    origin = filename or "the file"
    if not head:
        raise FormatError(f"{origin} is empty")
    if head.startswith(b"<"):
        return "mul"
    if re.match(rb"(?i)CS\d{1,6}-", head):
        return "code"
    if head[:1] in (b"{", b"["):
        value = load_json(data, origin)
        if isinstance(value, dict):
            if value.get("format") == "cardsmith-force":
                raise FormatError(
                    f"{origin} is already a cardsmith force file; open it with `cardsmith force show`"
                )
            if isinstance(value.get("groups"), list) or isinstance(value.get("members"), list):
                return "jbt"
            if isinstance(value.get("units"), list):
                return "tts"
        if isinstance(value, list) and all(
            isinstance(item, dict) and any(key in item for key in _TTS_KEYS) for item in value
        ):
            return "tts"
        raise FormatError(
            f'{origin} is JSON but neither a Jeff\'s BattleTech Tools force (no "groups") nor a '
            "Tabletop Simulator list of {mulId, skill}"
        )
    first_line = decode_text(head[:4096], origin).splitlines()[0].casefold()
    separated = any(sep in first_line for sep in (",", ";", "\t"))
    if separated and any(word in first_line for word in ("mul_id", "mulid", "name", "unit")):
        return "csv"
    if filename.lower().endswith(".csv"):
        return "csv"
    raise FormatError(f"cannot tell what format {origin} is in; give --format mul, jbt, csv or tts")


Importer = Callable[..., ImportReport]


def importer(fmt: str) -> Importer:
    """The import function of a format (``mul``, ``jbt``, ``csv``, ``tts``)."""
    # Imported here: the format modules import this one.
    if fmt == "mul":
        from cardsmith.formats.megamek import import_mul

        return import_mul
    if fmt == "jbt":
        from cardsmith.formats.jbt import import_jbt

        return import_jbt
    if fmt == "csv":
        from cardsmith.formats.csv_io import import_csv

        return import_csv
    if fmt == "tts":
        from cardsmith.formats.tts import import_tts

        return import_tts
    if fmt == "code":
        from cardsmith.formats.share_code import import_code

        return import_code
    raise FormatError(f"unknown import format {fmt!r}; use one of: {', '.join(IMPORT_FORMATS)}")


def import_data(
    data: bytes,
    catalogue: UnitLookup,
    *,
    fmt: str | None = None,
    name: str = "",
    origin: str = "the file",
    fallback_name: str = "",
    spa_catalogue: SpaCatalogue | None = None,
) -> ImportReport:
    """Read a force from another tool's file content, matching units against ``catalogue``.

    The force is called ``name`` when given, else what the content calls it, else
    ``fallback_name`` (the file's stem), else "Imported force".

    Raises:
        FormatError: the data is too large, of no known format, or broken (with where).
    """
    check_size(data, origin)
    fmt = fmt or detect_format(data, origin)
    matcher = UnitMatcher(catalogue)
    report = importer(fmt)(
        data, matcher, name=name.strip(), origin=origin, spa_catalogue=spa_catalogue
    )
    if report.force.name:
        return report
    named = report.force.with_changes(name=fallback_name.strip() or "Imported force")
    return ImportReport(named, report.format, report.unknown, report.warnings)


def import_file(
    path: Path,
    catalogue: UnitLookup,
    *,
    fmt: str | None = None,
    name: str = "",
    spa_catalogue: SpaCatalogue | None = None,
) -> ImportReport:
    """``import_data`` on a file; a force the file does not name is named after the file."""
    data = read_input(path)
    return import_data(
        data,
        catalogue,
        fmt=fmt or detect_format(data, path.name),
        name=name,
        fallback_name=path.stem,
        origin=str(path),
        spa_catalogue=spa_catalogue,
    )


def export_force(force: Force, fmt: str) -> str:
    """The force written in another format (``mul``, ``csv``, ``tts``, ``text``, ``md``).

    Raises:
        FormatError: an unknown format.
    """
    if fmt == "mul":
        from cardsmith.formats.megamek import export_mul

        return export_mul(force)
    if fmt == "csv":
        from cardsmith.formats.csv_io import export_csv

        return export_csv(force)
    if fmt == "tts":
        from cardsmith.formats.tts import export_tts

        return export_tts(force)
    if fmt == "code":
        from cardsmith.formats.share_code import encode

        return encode(force) + "\n"
    if fmt in ("text", "md"):
        from cardsmith.formats.text import export_text

        return export_text(force, markdown=fmt == "md")
    raise FormatError(f"unknown export format {fmt!r}; use one of: {', '.join(EXPORT_FORMATS)}")


def export_warnings(force: Force, fmt: str) -> list[str]:
    """What an export in ``fmt`` cannot carry, so the user hears about it."""
    notes: list[str] = []
    custom = [(i, e) for i, e in enumerate(force.entries, start=1) if e.unit.mul_id <= 0]
    if fmt == "tts":
        notes.extend(
            f"entry {i} ({e.name}) has no MUL id and is left out of the TTS list" for i, e in custom
        )
    if fmt == "code":
        notes.extend(
            f"entry {i} ({e.name}) is a custom unit: whoever reads the code needs its unit "
            "file in their catalogue (`cardsmith unit import`)"
            for i, e in custom
        )
    if fmt in ("mul", "tts"):
        lost = ["SPAs"] if any(e.spas for e in force.entries) else []
        if force.group_names():
            lost.append("groups")
        if fmt == "tts" and any(e.pilot.name for e in force.entries):
            lost.append("pilot names")
        if lost:
            notes.append(
                f"the {fmt} format has no place for {' and '.join(lost)}; they are not written"
            )
    return notes
