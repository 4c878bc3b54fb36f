"""Provides import and export of forces in other tools' formats and as share codes, for both shells."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import FormatError, UsageError
from cardsmith.fileio import save_bytes
from cardsmith.forces.force_file import save_force
from cardsmith.formats.common import (
    ImportOptions,
    ImportReport,
    read_input,
)
from cardsmith.formats.exchange import (
    EXPORT_FORMATS,
    IMPORT_FORMATS,
    detect_format,
    export_force,
    export_warnings,
    import_data,
)
from cardsmith.formats.matching import Suggestion, UnknownUnit
from cardsmith.formats.megamek_data import data_folder, read_name_changes
from cardsmith.formats.share_code import looks_like_code
from cardsmith.formats.tts import looks_like_tts
from cardsmith.models import Force, Unit

__all__ = [
    "EXPORT_FORMATS",
    "EXPORT_LABELS",
    "IMPORT_FORMATS",
    "IMPORT_LABELS",
    "Exported",
    "ImportReport",
    "Source",
    "Suggestion",
    "UnknownUnit",
    "export_path",
    "export_text",
    "export_to",
    "import_from",
    "looks_like_code",
    "read_source",
    "save_import",
    "units_by_id",
    "warnings_for",
]

#: What the import dialog offers, in order ("" lets the content decide).
IMPORT_LABELS: tuple[tuple[str, str], ...] = (
    ("Detect from the content", ""),
    ("MegaMek (.mul)", "mul"),
    ("Jeff's BattleTech Tools (JSON)", "jbt"),
    ("CSV", "csv"),
    ("Tabletop Simulator", "tts"),
    ("cardsmith share code", "code"),
)

#: What the export dialog offers, in order.
EXPORT_LABELS: tuple[tuple[str, str], ...] = (
    ("MegaMek (.mul)", "mul"),
    ("Jeff's BattleTech Tools group (JSON)", "jbt"),
    ("CSV (spreadsheet)", "csv"),
    ("Tabletop Simulator", "tts"),
    ("Plain text (forums)", "text"),
    ("Markdown", "md"),
    ("cardsmith share code", "code"),
)

#: File name endings each export format gets by default.
EXPORT_SUFFIXES = {
    "mul": ".mul",
    "csv": ".csv",
    "jbt": ".jbt.json",
    "tts": ".tts.txt",
    "text": ".txt",
    "md": ".md",
    "code": ".code.txt",
}


@dataclass(frozen=True, slots=True)
class Source:
    """What an import reads: a file's bytes, or a share code typed or pasted in."""

    data: bytes
    origin: str
    """How messages name it: the file's path, or ``the share code``."""
    name: str
    """The force's name unless the import gives one: the file's stem ("" for a code)."""
    path: Path | None = None

    @property
    def label(self) -> str:
        """How titles name it: the file's name, or what kind of code it is."""
        return self.path.name if self.path is not None else self.origin


def read_source(text: str | Path) -> Source:
    """The import source ``text`` names: a share code (``CS1-…``), a Tabletop Simulator
    code (``{{4759,4},…}``) or a file.

    A file of that name wins over a code, so a file called ``CS1-x`` still imports.

    Raises:
        FormatError: a missing, unreadable or oversized file, or a cardsmith force file.
    """
    path = Path(text).expanduser() if isinstance(text, str) else text
    if isinstance(text, str) and looks_like_code(text) and not _exists(path):
        return Source(text.strip().encode("utf-8"), "the share code", "")
    if isinstance(text, str) and looks_like_tts(text) and not _exists(path):
        return Source(text.strip().encode("utf-8"), "the Tabletop Simulator code", "")
    data = read_input(path)
    return Source(data, str(path), path.stem, path)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a very long code is no file name
        return False


def import_from(
    cache_dir: Path,
    source: str | Path | Source,
    fmt: str | None = None,
    *,
    name: str = "",
    group: str = "",
    megamek_data: Path | None = None,
) -> ImportReport:
    """Read a force from a file or a share code (format told from the content unless ``fmt``).

    ``group`` picks a group of a Jeff's BattleTech Tools file (a backup needs one);
    ``megamek_data`` is a MegaMek data folder whose rename list a .mul import follows
    (else ``CARDSMITH_MEGAMEK_DATA``, else the ``megamek_data`` setting).

    Blocking (it opens the catalogue): the app runs it off the UI thread.

    Raises:
        UsageError: ``group`` given for a format that has no groups to pick.
        FormatError: unreadable, unknown or broken input (``problems`` lists bad rows).
        CatalogueError: the catalogue cannot be opened.
    """
    read = source if isinstance(source, Source) else read_source(source)
    fmt = fmt or detect_format(read.data, read.origin)
    if group and fmt != "jbt":
        raise UsageError("--group picks a group of a Jeff's BattleTech Tools file (--format jbt)")
    renames: dict[str, str] = {}
    if fmt == "mul":
        folder = data_folder(megamek_data)
        renames = read_name_changes(folder) if folder is not None else {}
    options = ImportOptions(group=group, renames=renames)
    with Catalogue.open(cache_dir) as catalogue:
        report = import_data(
            read.data,
            catalogue,
            fmt=fmt,
            name=name,
            fallback_name=read.name,
            origin=read.origin,
            options=options,
        )
        notices = tuple(catalogue.notices)
    return replace(report, warnings=(*notices, *report.warnings))


def save_import(report: ImportReport, output: Path, source: Source) -> None:
    """Write an imported force to ``output`` (the previous file kept as ``.bak``).

    Raises:
        UsageError: ``output`` is the file being imported.
        ForceFileError: the folder cannot be written.
    """
    if source.path is not None and _same_file(source.path, output):
        raise UsageError("the output force file must not be the file being imported")
    save_force(report.force, output)


def units_by_id(cache_dir: Path, mul_ids: list[int]) -> list[Unit | None]:
    """The catalogue's units for ``mul_ids``, in order (None where one is missing).

    Blocking (it opens the catalogue): run it off the UI thread.
    """
    with Catalogue.open(cache_dir) as catalogue:
        return [catalogue.get(mul_id) for mul_id in mul_ids]


def warnings_for(force: Force, fmt: str) -> list[str]:
    """What ``fmt`` cannot carry of ``force``."""
    return export_warnings(force, fmt)


@dataclass(frozen=True, slots=True)
class Exported:
    """An export: the bytes written (or printed) and what the format could not carry."""

    data: bytes
    warnings: tuple[str, ...]


def export_text(force: Force, fmt: str) -> Exported:
    """``force`` in ``fmt``, encoded as it is written to a file.

    Raises:
        FormatError: an unknown format.
    """
    text = export_force(force, fmt)
    # A byte-order mark lets spreadsheet programs see that the CSV is UTF-8.
    encoding = "utf-8-sig" if fmt == "csv" else "utf-8"
    return Exported(text.encode(encoding), tuple(export_warnings(force, fmt)))


def export_path(force: Force, fmt: str, current: Path | None, slug: str) -> Path:
    """A sensible default file for exporting ``force`` in ``fmt``."""
    # The force file's own name keeps only its stem: "lance.json" exports as "lance.csv".
    stem = current.name.split(".")[0] if current is not None else slug
    folder = current.parent if current is not None else Path.cwd()
    return folder / f"{stem}{EXPORT_SUFFIXES.get(fmt, '.txt')}"


def export_to(force: Force, fmt: str, path: Path, *, force_file: Path | None = None) -> Exported:
    """Write ``force`` in ``fmt`` to ``path`` atomically.

    Raises:
        UsageError: ``path`` is the force file itself.
        FormatError: unknown format, a folder, or it cannot be written.
    """
    if force_file is not None and _same_file(path, force_file):
        raise UsageError("the export must not overwrite the force file itself; pick another name")
    exported = export_text(force, fmt)
    if path.is_dir():
        raise FormatError(f"{path} is a folder; give a file name")
    save_bytes(path, exported.data, FormatError)
    return exported


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, ValueError):
        return False
