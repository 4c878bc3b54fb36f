"""Provides CSV export and import of a force: one row per unit with every column a player wants."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from cardsmith.catalogue.search import normalise
from cardsmith.errors import FormatError
from cardsmith.forces.pricing import entry_pv
from cardsmith.forces.spas import SpaCatalogue
from cardsmith.formats.common import (
    FormatProblems,
    ImportReport,
    ImportState,
    UnitMatcher,
    clean_name,
    decode_text,
    make_entry,
    map_spas,
)
from cardsmith.models.force import DEFAULT_SKILL, MAX_SKILL, MIN_SKILL, Force
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
)

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
}

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
    """The force as CSV text with a header row (``\\n`` line ends; write it as UTF-8)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
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
            ]
        )
    return out.getvalue()


def _column(header: str) -> str:
    key = "_".join(header.strip().casefold().replace("-", " ").split())
    return ALIASES.get(key.replace("_", ""), ALIASES.get(key, key))


def _dialect(sample: str) -> type[csv.Dialect] | csv.Dialect:
    try:
        return csv.Sniffer().sniff(sample.split("\n", 1)[0], delimiters=",;\t")
    except csv.Error:
        return csv.excel


def import_csv(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    spa_catalogue: SpaCatalogue | None = None,
) -> ImportReport:
    """A force from CSV with a header row; each row is checked and problems name the row.

    Raises:
        FormatError: no header, no ``mul_id``/``name`` column, or bad rows (all listed).
    """
    text = decode_text(data, origin)
    if not text.strip():
        raise FormatError(f"{origin} is empty")
    try:
        reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
        header = next(reader, None)
        if header is None:
            raise FormatError(f"{origin} is empty")
        columns = [_column(h) for h in header]
        if "mul_id" not in columns and "name" not in columns:
            raise FormatError(
                f"{origin}: the header row needs a 'mul_id' or a 'name' column "
                f"(found: {', '.join(h for h in header if h) or 'nothing'})"
            )
        state = ImportState()
        problems: list[str] = []
        rows = 0
        last_line = reader.line_num
        for cells in reader:
            row_number = last_line + 1  # the spreadsheet row where this record starts
            last_line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            rows += 1
            if len(cells) > len(columns):
                problems.append(
                    f"row {row_number}: {len(cells)} cells but the header has {len(columns)}"
                )
                continue
            record = {
                col: _unguard(cell.strip()) for col, cell in zip(columns, cells, strict=False)
            }
            _read_row(record, f"row {row_number}", matcher, spa_catalogue, state, problems)
    except csv.Error as exc:
        raise FormatError(f"{origin} is not readable CSV at line {reader.line_num}: {exc}") from exc
    if problems:
        raise FormatProblems(
            f"{origin} has {count(len(problems), 'bad row')}; nothing was imported", problems
        )
    if not rows:
        raise FormatError(f"{origin} has a header but no units")
    return state.report("csv", name, matcher)


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
