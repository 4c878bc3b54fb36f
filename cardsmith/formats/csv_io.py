"""Provides CSV export and import of a force: one row per unit with every column a player wants.

Files follow RFC 4180 (quotes doubled inside quoted cells, cells may span lines); only
the delimiter is guessed (comma, semicolon or tab), from the header line.  MekBay's
force CSV is read too: ``chassis`` and ``model`` name the unit and its ``group``
column holds ``Group - Formation``.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping

from cardsmith.catalogue.search import normalise
from cardsmith.errors import FormatError
from cardsmith.forces.formations import load_formations
from cardsmith.forces.pricing import entry_pv
from cardsmith.forces.spas import SpaCatalogue
from cardsmith.formats.common import (
    NO_OPTIONS,
    FormatProblems,
    ImportOptions,
    ImportReport,
    ImportState,
    clean_name,
    decode_text,
    make_entry,
    map_spas,
)
from cardsmith.formats.matching import UnitMatcher
from cardsmith.models.force import DEFAULT_SKILL, MAX_SKILL, MIN_SKILL, Force, Group
from cardsmith.wording import count

#: Columns written, in order.  Import needs ``mul_id`` or ``name``; the rest is optional,
#: and the stat columns are for reading only (the catalogue's stats are used).
COLUMNS = (
    "index",
    "mul_id",
    "name",
    "type",
    "skill",
    "base_pv",
    "pv",
    "pilot",
    "spas",
    "group",
    "commander",
    "size",
    "move",
    "tmm",
    "armor",
    "structure",
    "damage_s",
    "damage_m",
    "damage_l",
    "damage_e",
    "ov",
    "specials",
    "force",
    "formation",
)

#: Most units one CSV may hold: far above any force, and small enough that the force
#: file it makes stays well within the size every reader accepts.
MAX_ROWS = 2_000

#: Header spellings other spreadsheets use → our column.
ALIASES = {
    "mulid": "mul_id",
    "mul": "mul_id",
    "unit": "name",
    "unit_name": "name",
    "pilot_name": "pilot",
    "spa": "spas",
    "abilities": "spas",
    "lance": "group",
    "basepv": "base_pv",
    "points": "pv",
    "adjustedpv": "pv",
    "force_name": "force",
}

#: MekBay marks a group whose formation does not hold (excel-export.util.ts).
_INVALID_FORMATION = " (Invalid Formation)"

#: Spreadsheets run cells starting with these as formulas; such cells are written with
#: a leading apostrophe (which spreadsheets hide) and the apostrophe is dropped on import.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

_TRUE = frozenset({"true", "yes", "y", "1", "x"})
_FALSE = frozenset({"false", "no", "n", "0", ""})


def _guard(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def _unguard(text: str) -> str:
    if text.startswith("'") and text[1:].startswith(_FORMULA_STARTS):
        return text[1:]
    return text


def export_csv(force: Force) -> str:
    """The force as CSV text with a header row (``\\n`` line ends; write it as UTF-8).

    Each row also carries the force's name and its group's formation, so both survive.
    """
    out = io.StringIO()
    writer = csv.writer(out, dialect=csv.excel, lineterminator="\n")
    writer.writerow(COLUMNS)
    for index, entry in enumerate(force.entries, start=1):
        unit = entry.unit
        writer.writerow(
            [
                index,
                unit.mul_id,
                _guard(unit.name),
                unit.type_code,
                entry.skill,
                unit.pv,
                entry_pv(entry),
                _guard(entry.pilot.name),
                "; ".join(entry.spas),
                _guard(entry.group),
                "true" if entry.commander else "false",
                unit.size,
                unit.move_text,
                unit.tmm,
                unit.armor,
                unit.structure,
                *(str(d) for d in unit.damage),
                unit.overheat,
                _guard(unit.specials_text),
                _guard(force.name),
                _formation_of(force, entry.group),
            ]
        )
    return out.getvalue()


def _formation_of(force: Force, group: str) -> str:
    declared = force.group(group) if group else None
    return declared.formation or "" if declared is not None else ""


def _column(header: str) -> str:
    key = "_".join(header.strip().casefold().replace("-", " ").split())
    return ALIASES.get(key.replace("_", ""), ALIASES.get(key, key))


def _dialect(text: str) -> type[csv.Dialect]:
    """RFC 4180 (Excel's dialect) with the delimiter of the header line."""
    # Delimiters inside a quoted header cell ("Name, as printed") do not count.
    header = re.sub(r'"[^"]*"', "", text.split("\n", 1)[0])
    counts = {d: header.count(d) for d in (",", ";", "\t")}
    delimiter = max(counts, key=lambda d: counts[d]) if any(counts.values()) else ","

    class Dialect(csv.excel):
        pass

    Dialect.delimiter = delimiter
    return Dialect


def _records(text: str, origin: str) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The header and the (spreadsheet row, cells) of each non-empty record.

    Raises:
        FormatError: no header, broken CSV, or more than MAX_ROWS units (refused as soon
            as the next one is seen, so a huge file is never read whole).
    """
    reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    try:
        header = next(reader, None)
        if header is None:
            raise FormatError(f"{origin} is empty")
        records: list[tuple[int, list[str]]] = []
        last_line = reader.line_num
        for cells in reader:
            row_number = last_line + 1  # the spreadsheet row where this record starts
            last_line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if len(records) == MAX_ROWS:
                raise FormatError(
                    f"{origin} holds more than {MAX_ROWS:,} units (row {row_number:,} is one too "
                    f"many); cardsmith imports at most {MAX_ROWS:,} — split the file"
                )
            records.append((row_number, cells))
    except csv.Error as exc:
        raise FormatError(f"{origin} is not readable CSV at line {reader.line_num}: {exc}") from exc
    return header, records


def import_csv(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    options: ImportOptions = NO_OPTIONS,
) -> ImportReport:
    """A force from CSV with a header row; each row is checked and problems name the row.

    The force takes the name in a ``force`` column (unless ``name`` is given); groups
    take the formation of a ``formation`` column, or of MekBay's ``Group - Formation``.

    Raises:
        FormatError: no header, no unit column, too many rows, or bad rows (all listed).
    """
    text = decode_text(data, origin)
    if not text.strip():
        raise FormatError(f"{origin} is empty")
    header, records = _records(text, origin)
    columns = _columns(header)
    if "mul_id" not in columns and "name" not in columns and "chassis" not in columns:
        raise FormatError(
            f"{origin}: the header row needs a 'mul_id' or a 'name' column "
            f"(found: {', '.join(h for h in header if h) or 'nothing'})"
        )
    state = ImportState()
    problems: list[str] = []
    formations = _Formations(state)
    force_name = ""
    damaged: list[str] = []
    for row_number, cells in records:
        where = f"row {row_number}"
        if len(cells) > len(columns):
            problems.append(f"{where}: {len(cells)} cells but the header has {len(columns)}")
            continue
        record = {col: _unguard(cell.strip()) for col, cell in zip(columns, cells, strict=False)}
        if not record.get("name") and record.get("chassis"):
            record["name"] = f"{record['chassis']} {record.get('model', '')}".strip()
        record["group"] = formations.split(record.get("group", ""), record.get("formation", ""))
        force_name = force_name or record.get("force", "")
        if _is_damaged(record):
            damaged.append(where)
        _read_row(record, where, matcher, options.spa_catalogue, state, problems)
    if problems:
        raise FormatProblems(
            f"{origin} has {count(len(problems), 'bad row')}; nothing was imported", problems
        )
    if not records:
        raise FormatError(f"{origin} has a header but no units")
    if damaged:
        state.warnings.append(
            f"damage recorded in {count(len(damaged), 'row')} ({', '.join(damaged)}) is not "
            "taken over: the units join the force undamaged"
        )
    force_name = clean_name(force_name, "force name", "the force column", state.warnings)
    return state.report("csv", name or force_name, matcher, formations.groups())


def _columns(header: list[str]) -> list[str]:
    columns = [_column(h) for h in header]
    # MekBay writes PV (base) beside adjustedPV (at skill): its PV is our base_pv.
    if "pv" in columns and any(
        _column(h) == "pv" and h.strip().casefold() == "adjustedpv" for h in header
    ):
        columns = [
            "base_pv" if c == "pv" and h.strip().casefold() == "pv" else c
            for c, h in zip(columns, header, strict=True)
        ]
    return columns


class _Formations:
    """Group names and formations gathered from the rows, in order of appearance."""

    def __init__(self, state: ImportState) -> None:
        self._state = state
        self._formations: dict[str, str | None] = {}
        self._catalogue = load_formations()

    def split(self, group: str, formation: str) -> str:
        """The group name of a row; its formation (own column or MekBay's) is noted."""
        group = group.strip()
        if group.endswith(_INVALID_FORMATION):
            group = group.removesuffix(_INVALID_FORMATION).strip()
            self._state.warnings.append(
                f"group {group!r}: the file marks its formation as not holding"
            )
        if not formation and " - " in group:
            head, _sep, tail = group.rpartition(" - ")
            if self._catalogue.find(tail.strip()) is not None:
                group, formation = head.strip(), tail.strip()
        if group and group not in self._formations:
            found = self._catalogue.find(formation) if formation else None
            if formation and found is None:
                self._state.warnings.append(
                    f"group {group!r}: formation {formation!r} is not known; left unset"
                )
            self._formations[group] = found.id if found is not None else None
        return group

    def groups(self) -> list[Group]:
        return [Group(name, formation) for name, formation in self._formations.items()]


def _is_damaged(record: Mapping[str, str]) -> bool:
    """MekBay's damage columns: armor or structure taken, or destroyed."""
    for key in ("armordamage", "structuredamage", "internaldamage"):
        value = record.get(key, "").strip()
        if value and value not in ("0", ""):
            return True
    return record.get("destroyed", "").strip().casefold() in _TRUE - {"", "0"}


def _read_row(
    record: Mapping[str, str],
    where: str,
    matcher: UnitMatcher,
    spa_catalogue: SpaCatalogue | None,
    state: ImportState,
    problems: list[str],
) -> None:
    raw_id = record.get("mul_id", "")
    mul_id: int | None = None
    if raw_id:
        try:
            mul_id = int(raw_id)
        except ValueError:
            problems.append(f"{where}: mul_id must be a whole number, not {raw_id!r}")
    unit_name = record.get("name", "")
    if not raw_id and not unit_name:
        problems.append(f"{where}: needs a mul_id or a name")
    raw_skill = record.get("skill", "")
    skill = DEFAULT_SKILL
    if raw_skill:
        try:
            skill = int(raw_skill)
        except ValueError:
            skill = -1
        if not MIN_SKILL <= skill <= MAX_SKILL:
            problems.append(
                f"{where}: skill must be a whole number {MIN_SKILL}-{MAX_SKILL}, not {raw_skill!r}"
            )
    raw_commander = record.get("commander", "").casefold()
    if raw_commander not in _TRUE | _FALSE:
        problems.append(f"{where}: commander must be true or false, not {record['commander']!r}")
    if problems:
        return  # the file is refused; only collect problems from here on
    unit = matcher.by_id(mul_id) if mul_id is not None else None
    if unit is not None and unit_name and normalise(unit.name) != normalise(unit_name):
        state.warnings.append(
            f"{where}: MUL {mul_id} is {unit.name}, the row says {unit_name!r}; used the MUL id"
        )
    if unit is None and unit_name:
        unit = matcher.by_name(unit_name, mul_id=mul_id)
    if unit is None:
        state.unknown.append(matcher.unknown(where, unit_name, mul_id=mul_id))
        return
    base_pv = record.get("base_pv", "")
    if base_pv.isdigit() and int(base_pv) != unit.pv:
        state.warnings.append(
            f"{where}: base PV {base_pv} in the file, the catalogue has {unit.pv} for "
            f"{unit.name}; the catalogue's stats are used"
        )
    spas = [s.strip() for s in record.get("spas", "").replace(",", ";").split(";")]
    state.entries.append(
        make_entry(
            unit,
            skill=skill,
            pilot=clean_name(record.get("pilot", ""), "pilot name", where, state.warnings),
            spas=map_spas(unit, spas, spa_catalogue, where, state.warnings),
            group=clean_name(record.get("group", ""), "group name", where, state.warnings),
            commander=raw_commander in _TRUE,
        )
    )
