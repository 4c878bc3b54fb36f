"""Provides the custom-unit use cases both shells run: check, read, save and import unit files.

The editing model (a draft unit as a grid of profiles) is ``services.unit_drafts``; its
names are offered here too, so a shell imports one module.  Problems are
``customfile.UnitProblem``: each knows its unit, profile row and key.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from cardsmith.catalogue.dump import record
from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import CatalogueDataError
from cardsmith.fileio import save_bytes
from cardsmith.models import Unit
from cardsmith.models.profiles import PRICING_RULES
from cardsmith.profiles.customfile import (
    FORMAT,
    MAX_FILE_BYTES,
    Place,
    UnitProblem,
    parse_custom_units,
    read_custom_units,
    read_unit_data,
)
from cardsmith.services.unit_drafts import (
    AS_COLUMNS,
    MAX_PROFILES,
    GridColumn,
    ProfileRow,
    RuleChoice,
    UnitDraft,
    add_profile,
    change_system,
    columns_for,
    draft_from_table,
    duplicate_profile,
    file_data,
    move_profile,
    remove_profile,
    rule_choices,
    set_cell,
    system_choices,
    unit_table,
)

#: One validation problem, pointed at its row and key.
Problem = UnitProblem

__all__ = [
    "AS_COLUMNS",
    "MAX_PROFILES",
    "PRICING_RULES",
    "GridColumn",
    "ImportedUnits",
    "Problem",
    "ProfileRow",
    "RuleChoice",
    "UnitDraft",
    "UnitFile",
    "add_profile",
    "adopt_file",
    "change_system",
    "check_file",
    "columns_for",
    "draft_from_table",
    "duplicate_profile",
    "file_data",
    "import_units",
    "move_profile",
    "read_unit_tables",
    "remove_profile",
    "rule_choices",
    "save_draft",
    "save_unit_tables",
    "set_cell",
    "system_choices",
    "unit_table",
    "validate",
]


# -- files ---------------------------------------------------------------------------------


def check_file(path: Path) -> list[Unit]:
    """The units of a custom unit file, every one of them valid (``unit validate``).

    Raises:
        CatalogueDataError: unreadable or invalid; ``problems`` names each key.
    """
    return read_custom_units(path)


def read_unit_tables(path: Path) -> list[dict[str, object]]:
    """The ``[[unit]]`` tables of a custom unit file, without judging them (the editor does).

    Raises:
        CatalogueDataError: unreadable, not TOML/JSON, too deep, or not a custom unit file.
    """
    data = read_unit_data(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CatalogueDataError(f'{path}: not a custom unit file (it needs format = "{FORMAT}")')
    units = data.get("unit")
    if not isinstance(units, list):
        raise CatalogueDataError(f"{path}: no [[unit]] tables")
    return [u for u in units if isinstance(u, dict)]


def save_unit_tables(path: Path, tables: list[dict[str, object]]) -> None:
    """Write the custom unit file atomically: TOML, or JSON when the name ends in ``.json``.

    Raises:
        CatalogueDataError: a folder, too large to read back, or the folder cannot be written.
    """
    data = file_data(tables)
    if path.suffix.lower() == ".json":
        raw = (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    else:
        raw = tomli_w.dumps(data).encode("utf-8")
    if path.is_dir():
        raise CatalogueDataError(f"{path} is a folder; give a file name")
    save_bytes(
        path,
        raw,
        CatalogueDataError,
        keep_backup=True,
        max_bytes=MAX_FILE_BYTES,
        what="custom unit file",
    )


@dataclass(frozen=True, slots=True)
class UnitFile:
    """A custom unit file being edited: all its unit tables, and which one is the draft."""

    path: Path
    tables: tuple[dict[str, object], ...]
    position: int
    """Index of the draft's table (``len(tables)`` for a unit not in the file yet)."""


def adopt_file(path: Path, unit_name: str) -> UnitFile:
    """``path`` as the file of a unit called ``unit_name``: a unit file already there keeps
    its other units, and a unit of the same name there is the one replaced.

    Raises:
        CatalogueDataError: something is at ``path`` that is not a readable unit file
            (it is never overwritten).
    """
    tables = read_unit_tables(path) if path.exists() else []
    name = unit_name.strip().casefold()
    same = [i for i, t in enumerate(tables) if str(t.get("name", "")).casefold() == name]
    return UnitFile(path, tuple(tables), same[0] if same else len(tables))


def save_draft(file: UnitFile, draft: UnitDraft) -> UnitFile:
    """Write ``draft`` into its place in ``file`` (atomically, the old file kept as ``.bak``).

    Raises:
        CatalogueDataError: the file cannot be written.
    """
    tables = list(file.tables)
    table = unit_table(draft)
    position = file.position
    if position < len(tables):
        tables[position] = table
    else:
        tables.append(table)
        position = len(tables) - 1
    save_unit_tables(file.path, tables)
    return UnitFile(file.path, tuple(tables), position)


# -- checking and importing ----------------------------------------------------------------


def validate(draft: UnitDraft) -> tuple[list[UnitProblem], Unit | None]:
    """The draft's problems as ``unit validate`` reports them, and the unit when there are none."""
    problems: list[UnitProblem] = []
    table = unit_table(draft)
    if not table["name"]:
        # customfile stops at a missing name; check the profiles under a stand-in name
        # so the grid still shows everything else that is wrong.
        problems.append(Place(1).at("name", "required text"))
        table["name"] = "unnamed unit"
    try:
        units = parse_custom_units(file_data([table]), origin="the unit")
    except CatalogueDataError as exc:
        problems.extend(
            p if isinstance(p, UnitProblem) else Place(1).at("", p.message) for p in exc.problems
        )
        if not exc.problems:
            problems.append(Place(1).at("", exc.message))
        return problems, None
    return problems, (units[0] if not problems else None)


@dataclass(frozen=True, slots=True)
class ImportedUnits:
    """What ``import_units`` added to the catalogue."""

    units: tuple[Unit, ...]
    added: int
    updated: int


def import_units(cache_dir: Path, path: Path) -> ImportedUnits:
    """Add every unit of the custom unit file at ``path`` to the catalogue.

    Blocking (it writes the catalogue): the app runs it off the UI thread.

    Raises:
        CatalogueDataError: the file is invalid (every problem listed).
        CatalogueError: the catalogue cannot be written.
    """
    units = read_custom_units(path)
    with Catalogue.open(cache_dir) as catalogue:
        report = catalogue.add([record(u) for u in units], source=f"custom:{path.name}")
    return ImportedUnits(tuple(units), report.added, report.updated)
