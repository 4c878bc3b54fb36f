"""Provides import and export of forces in other tools' formats for the app (no Textual here)."""

from __future__ import annotations

import re
from pathlib import Path

from cardsmith.errors import FormatError
from cardsmith.fileio import save_bytes
from cardsmith.formats.exchange import (
    EXPORT_FORMATS,
    IMPORT_FORMATS,
    ImportReport,
    export_force,
    export_warnings,
    import_file,
)
from cardsmith.models import Force, Unit

__all__ = [
    "EXPORT_FORMATS",
    "EXPORT_LABELS",
    "IMPORT_FORMATS",
    "IMPORT_LABELS",
    "ImportReport",
    "export_path",
    "export_to",
    "import_from",
    "suggestion_id",
    "units_by_id",
    "warnings_for",
]

#: What the import dialog offers, in order ("" lets the content decide).
IMPORT_LABELS: tuple[tuple[str, str], ...] = (
    ("Detect from the content", ""),
    ("MegaMek (.mul)", "mul"),
    ("Jeff's BattleTech Tools (JSON)", "jbt"),
    ("CSV", "csv"),
    ("Tabletop Simulator (JSON)", "tts"),
)

#: What the export dialog offers, in order.
EXPORT_LABELS: tuple[tuple[str, str], ...] = (
    ("MegaMek (.mul)", "mul"),
    ("CSV (spreadsheet)", "csv"),
    ("Tabletop Simulator (JSON)", "tts"),
    ("Plain text (forums)", "text"),
    ("Markdown", "md"),
)

#: File name endings each export format gets by default.
EXPORT_SUFFIXES = {"mul": ".mul", "csv": ".csv", "tts": ".tts.json", "text": ".txt", "md": ".md"}


def import_from(cache_dir: Path, path: Path, fmt: str | None = None) -> ImportReport:
    """Read a force from ``path`` (format told from the content unless ``fmt``).

    Blocking (it opens the catalogue): run it off the UI thread.

    Raises:
        FormatError: unreadable, unknown or broken file (``problems`` lists bad rows).
        CatalogueError: the catalogue cannot be opened.
    """
    from cardsmith.catalogue.store import Catalogue

    if path.suffix.lower() == ".json" and _is_force_file(path):
        raise FormatError(f"{path} is already a cardsmith force file; open it with Ctrl+O")
    with Catalogue.open(cache_dir) as catalogue:
        return import_file(path, catalogue, fmt=fmt or None)


#: A suggestion as the import report words it: ``Atlas AS7-D (MUL 140)``.
_SUGGESTION_ID = re.compile(r"\(MUL (-?\d+)\)\s*$")


def suggestion_id(suggestion: str) -> int | None:
    """The MUL id a suggestion names, or None when it names none."""
    match = _SUGGESTION_ID.search(suggestion)
    return int(match.group(1)) if match else None


def units_by_id(cache_dir: Path, mul_ids: list[int]) -> list[Unit | None]:
    """The catalogue's units for ``mul_ids``, in order (None where one is missing).

    Blocking (it opens the catalogue): run it off the UI thread.
    """
    from cardsmith.catalogue.store import Catalogue

    with Catalogue.open(cache_dir) as catalogue:
        return [catalogue.get(mul_id) for mul_id in mul_ids]


def _is_force_file(path: Path) -> bool:
    try:
        with path.open("rb") as stream:
            return b'"cardsmith-force"' in stream.read(4096)
    except OSError:
        return False


def warnings_for(force: Force, fmt: str) -> list[str]:
    """What ``fmt`` cannot carry of ``force``."""
    return export_warnings(force, fmt)


def export_path(force: Force, fmt: str, current: Path | None, slug: str) -> Path:
    """A sensible default file for exporting ``force`` in ``fmt``."""
    # The force file's own name keeps only its stem: "lance.json" exports as "lance.csv".
    stem = current.name.split(".")[0] if current is not None else slug
    folder = current.parent if current is not None else Path.cwd()
    return folder / f"{stem}{EXPORT_SUFFIXES.get(fmt, '.txt')}"


def export_to(force: Force, fmt: str, path: Path, *, force_file: Path | None = None) -> list[str]:
    """Write ``force`` in ``fmt`` to ``path`` atomically; returns the format's warnings.

    Raises:
        FormatError: unknown format, ``path`` is the force file itself, or it cannot be written.
    """
    if force_file is not None and _same_file(path, force_file):
        raise FormatError("the export must not overwrite the force file itself; pick another name")
    text = export_force(force, fmt)
    # A byte-order mark lets spreadsheet programs see that the CSV is UTF-8 (as the CLI does).
    encoding = "utf-8-sig" if fmt == "csv" else "utf-8"
    if path.is_dir():
        raise FormatError(f"{path} is a folder; give a file name")
    save_bytes(path, text.encode(encoding), FormatError)
    return export_warnings(force, fmt)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
