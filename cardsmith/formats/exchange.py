"""Provides the import and export dispatcher: which formats exist, telling them apart, and
calling the right reader or writer.

The format modules import only ``formats.common``; this module imports them, so no
format module imports another and there is no cycle.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from cardsmith.errors import FormatError
from cardsmith.formats import (
    csv_io,
    jbt,
    jbt_write,
    megamek,
    megamek_write,
    share_code,
    share_import,
    text,
    tts,
)
from cardsmith.formats.common import (
    NO_OPTIONS,
    ImportOptions,
    check_size,
    decode_text,
    load_json,
)
from cardsmith.formats.common import (
    FormatProblems as FormatProblems,
)
from cardsmith.formats.common import (
    ImportReport as ImportReport,
)
from cardsmith.formats.common import (
    read_input as read_input,
)
from cardsmith.formats.matching import UnitLookup, UnitMatcher
from cardsmith.hints import OPEN_FORCE_FILE
from cardsmith.models.force import Force

#: Formats ``import`` reads and ``export`` writes (design §5).
IMPORT_FORMATS = ("mul", "jbt", "csv", "tts", "code")
EXPORT_FORMATS = ("mul", "jbt", "csv", "tts", "text", "md", "code")


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
    if tts.looks_like_tts(head[:64].decode("utf-8", "replace")):
        return "tts"
    if head[:1] in (b"{", b"["):
        value = load_json(data, origin)
        if isinstance(value, dict):
            if value.get("format") == "cardsmith-force":
                raise FormatError(f"{origin} is already a cardsmith force file; {OPEN_FORCE_FILE}")
            if jbt.is_jbt(value):
                return "jbt"
        raise FormatError(
            f"{origin} is JSON but not a Jeff's BattleTech Tools group, force or backup file"
        )
    first_line = decode_text(head[:4096], origin).splitlines()[0].casefold()
    separated = any(sep in first_line for sep in (",", ";", "\t"))
    if separated and any(word in first_line for word in ("mul_id", "mulid", "name", "unit")):
        return "csv"
    if filename.lower().endswith(".csv"):
        return "csv"
    raise FormatError(
        f"cannot tell what format {origin} is in; give --format mul, jbt, csv, tts or code"
    )


Importer = Callable[..., ImportReport]


_IMPORTERS: dict[str, Importer] = {
    "mul": megamek.import_mul,
    "jbt": jbt.import_jbt,
    "csv": csv_io.import_csv,
    "tts": tts.import_tts,
    "code": share_import.import_code,
}


def importer(fmt: str) -> Importer:
    """The import function of a format (``mul``, ``jbt``, ``csv``, ``tts``, ``code``)."""
    if fmt in _IMPORTERS:
        return _IMPORTERS[fmt]
    raise FormatError(f"unknown import format {fmt!r}; use one of: {', '.join(IMPORT_FORMATS)}")


def import_data(
    data: bytes,
    catalogue: UnitLookup,
    *,
    fmt: str | None = None,
    name: str = "",
    origin: str = "the file",
    fallback_name: str = "",
    options: ImportOptions = NO_OPTIONS,
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
    report = importer(fmt)(data, matcher, name=name.strip(), origin=origin, options=options)
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
    options: ImportOptions = NO_OPTIONS,
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
        options=options,
    )


def export_force(force: Force, fmt: str) -> str:
    """The force written in another format (``mul``, ``jbt``, ``csv``, ``tts``, ``text``,
    ``md``, ``code``).

    Raises:
        FormatError: an unknown format.
    """
    if fmt == "mul":
        return megamek_write.export_mul(force)
    if fmt == "jbt":
        return jbt_write.export_jbt(force)
    if fmt == "csv":
        return csv_io.export_csv(force)
    if fmt == "tts":
        return tts.export_tts(force)
    if fmt == "code":
        return share_code.encode(force) + "\n"
    if fmt in ("text", "md"):
        return text.export_text(force, markdown=fmt == "md")
    raise FormatError(f"unknown export format {fmt!r}; use one of: {', '.join(EXPORT_FORMATS)}")


def export_warnings(force: Force, fmt: str) -> list[str]:
    """What an export in ``fmt`` cannot carry, so the user hears about it."""
    notes: list[str] = []
    custom = [(i, e) for i, e in enumerate(force.entries, start=1) if e.unit.mul_id <= 0]
    if fmt == "tts":
        notes.extend(
            f"entry {i} ({e.name}) has no MUL id and is left out of the TTS code" for i, e in custom
        )
        lost = ["SPAs"] if any(e.spas for e in force.entries) else []
        if force.group_names():
            lost.append("groups")
        if any(e.pilot.name for e in force.entries):
            lost.append("pilot names")
        if lost:
            notes.append(
                f"a TTS code holds only MUL ids and skills; {', '.join(lost)} are not written"
            )
    if fmt == "code":
        notes.extend(
            f"entry {i} ({e.name}) is a custom unit: whoever reads the code needs its unit "
            "file in their catalogue (`cardsmith unit import`)"
            for i, e in custom
        )
    if fmt == "mul":
        notes.extend(megamek_write.unwritten_spa_notes(force))
    if fmt == "jbt":
        notes.extend(jbt_write.jbt_warnings(force))
    return notes
