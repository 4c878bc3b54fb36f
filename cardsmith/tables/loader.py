"""Provides ``load_tables``: reads table packs (TOML) and checks coverage and references."""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsmith import paths
from cardsmith.errors import TemplateError
from cardsmith.tables.coverage import coverage_problems
from cardsmith.tables.dice import DiceError, parse_dice
from cardsmith.tables.effects import parse_effects
from cardsmith.tables.model import (
    Entry,
    KindDef,
    Pack,
    PregameRoll,
    StatDef,
    Table,
)
from cardsmith.tables.references import check_cycles, check_references
from cardsmith.templates import Problems

_RANGE = re.compile(r"^\s*(\d+)\s*(?:(-|–)\s*(\d+)|(\+))?\s*$")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
"""Special ``from`` values of a skill effect: the team's preferred tables, or any."""


@dataclass(frozen=True, slots=True)
class TableSet:
    """Every loaded pack and table, with lookup by id or alias."""

    packs: dict[str, Pack]
    tables: dict[str, Table]

    def find(self, name: str) -> Table:
        """A table by id, title or alias (case-insensitive).

        Raises:
            TemplateError: no table has that name.
        """
        if name in self.tables:
            return self.tables[name]
        wanted = name.strip().casefold()
        for table in self.tables.values():
            names = (table.id, table.title, *table.aliases)
            if wanted in (n.casefold() for n in names):
                return table
        known = ", ".join(sorted(self.tables))
        raise TemplateError(f"no table called {name!r}; known tables: {known}")

    def pack_of(self, table: Table) -> Pack:
        """The pack a table came from."""
        return self.packs[table.pack]

    def skill_tables(self, pack_id: str) -> list[Table]:
        """A pack's skill tables, in file order."""
        pack = self.packs[pack_id]
        return [self.tables[t] for t in pack.tables if self.tables[t].skill_table]


def table_files(folders: Sequence[Path] | None = None) -> list[Path]:
    """Table files to load: a user file hides a built-in file of the same name."""
    folders = list(folders) if folders is not None else paths.template_search_path("tables")
    chosen: dict[str, Path] = {}
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.glob("*.toml")):
                chosen.setdefault(path.name, path)
    return [chosen[name] for name in sorted(chosen)]


def load_tables(folders: Sequence[Path] | None = None) -> TableSet:
    """Load and check every table pack (user folder first, then built-in ``templates/tables``).

    Raises:
        TemplateError: listing every problem found, each as ``file: key: reason``.
    """
    return load_files(table_files(folders))


def load_files(files: Iterable[Path]) -> TableSet:
    """Load and check the given pack files together (references may cross files)."""
    problems = Problems()
    packs: dict[str, Pack] = {}
    tables: dict[str, Table] = {}
    origin: dict[str, Path] = {}
    for path in files:
        loaded = _read_pack(path, problems)
        if loaded is None:
            continue
        pack, pack_tables = loaded
        if pack.id in packs:
            problems.at(
                "pack.id", f"{pack.id!r} is also the id of {packs[pack.id].path}", file=path
            )
            continue
        packs[pack.id] = pack
        for table in pack_tables:
            if table.id in tables:
                problems.at(
                    f"table.{table.id}", f"id already used in {origin[table.id]}", file=path
                )
                continue
            tables[table.id] = table
            origin[table.id] = path
    table_set = TableSet(packs, tables)
    for table in tables.values():
        check_references(table, table_set, origin[table.id], problems)
    check_cycles(table_set, origin, problems)
    problems.raise_if_any("table data")
    return table_set


def _read_pack(path: Path, problems: Problems) -> tuple[Pack, list[Table]] | None:
    try:
        data = path.read_bytes()
        raw = tomllib.loads(data.decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        problems.at("(file)", f"cannot be read: {exc}", file=path)
        return None
    head = raw.get("pack")
    if not isinstance(head, dict):
        problems.at("pack", "missing [pack] table (id, title, version)", file=path)
        return None
    pack_id = _text(head, "id", path, "pack", problems, required=True)
    version = head.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        problems.at("pack.version", "must be a whole number from 1", file=path)
        version = 1
    stats = tuple(
        StatDef(
            id=_text(s, "id", path, f"pack.stat[{i}]", problems, required=True),
            label=_text(s, "label", path, f"pack.stat[{i}]", problems, required=True),
            aliases=_texts(s, "aliases", path, f"pack.stat[{i}]", problems),
            lower_is_better=bool(s.get("lower_is_better", False)),
            suffix=_text(s, "suffix", path, f"pack.stat[{i}]", problems),
        )
        for i, s in enumerate(_list_of_tables(head, "stat", path, "pack", problems))
    )
    kinds = tuple(
        KindDef(
            id=_text(k, "id", path, f"pack.kind[{i}]", problems, required=True),
            label=_text(k, "label", path, f"pack.kind[{i}]", problems, required=True),
            advancement=_text(k, "advancement", path, f"pack.kind[{i}]", problems),
            aliases=_texts(k, "aliases", path, f"pack.kind[{i}]", problems),
            tables=_texts(k, "tables", path, f"pack.kind[{i}]", problems),
        )
        for i, k in enumerate(_list_of_tables(head, "kind", path, "pack", problems))
    )
    pregame = tuple(
        roll
        for i, r in enumerate(_list_of_tables(head, "pregame", path, "pack", problems))
        if (roll := _read_pregame(r, f"pack.pregame[{i}]", path, problems)) is not None
    )
    tables = [
        t
        for i, raw_table in enumerate(_list_of_tables(raw, "table", path, "", problems))
        if (t := _read_table(raw_table, i, pack_id, path, problems)) is not None
    ]
    pack = Pack(
        id=pack_id,
        title=_text(head, "title", path, "pack", problems, required=True),
        path=path,
        version=version,
        digest=hashlib.sha256(data).hexdigest()[:12],
        description=_text(head, "description", path, "pack", problems),
        house_default=bool(head.get("house_default", False)),
        stats=stats,
        kinds=kinds,
        injury_table=_text(head, "injury_table", path, "pack", problems),
        tables=tuple(t.id for t in tables),
        pregame=pregame,
        bounty_teams=_texts(head, "bounty_teams", path, "pack", problems),
    )
    return pack, tables


def _read_pregame(
    raw: dict[str, Any], where: str, path: Path, problems: Problems
) -> PregameRoll | None:
    """A ``[[pack.pregame]]`` roll: condition, label, dice and the results that miss the game."""
    condition = _text(raw, "condition", path, where, problems, required=True)
    label = _text(raw, "label", path, where, problems) or condition
    dice = _text(raw, "dice", path, where, problems, required=True)
    misses = raw.get("misses_on", [])
    if not isinstance(misses, list) or not all(
        isinstance(m, int) and not isinstance(m, bool) for m in misses
    ):
        problems.at(f"{where}.misses_on", "must be a list of whole numbers", file=path)
        return None
    if not dice:
        return None  # said above; there is nothing to check the results against
    try:
        possible = parse_dice(dice).results()
    except DiceError as exc:
        problems.at(f"{where}.dice", exc.message, file=path)
        return None
    impossible = [m for m in misses if m not in possible]
    if impossible:
        problems.at(f"{where}.misses_on", f"{impossible} cannot come up on {dice}", file=path)
        return None
    if not condition:
        return None
    return PregameRoll(condition, label, dice, tuple(misses))


def _read_table(
    raw: dict[str, Any], index: int, pack_id: str, path: Path, problems: Problems
) -> Table | None:
    table_id = _text(raw, "id", path, f"table[{index}]", problems, required=True)
    if not table_id:
        return None
    where = f"table.{table_id}"
    if not _ID.match(table_id):
        problems.at(f"{where}.id", "must be lower-case letters, digits and dashes", file=path)
    dice = None
    dice_text = raw.get("dice")
    if dice_text is not None:
        try:
            dice = parse_dice(str(dice_text))
        except DiceError as exc:
            problems.at(f"{where}.dice", str(exc), file=path)
            return None
    elif not isinstance(raw.get("input"), str):
        problems.at(where, "needs 'dice' (D6, 2D6, D66 …) or 'input' for a lookup table", file=path)
        return None
    entries: list[Entry] = []
    for i, raw_entry in enumerate(_list_of_tables(raw, "entry", path, where, problems)):
        entry = _read_entry(raw_entry, i, where, path, problems)
        if entry is not None:
            entries.append(entry)
    keys = [e.key for e in entries]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        problems.at(f"{where}.entry.{key}", "key used by more than one entry", file=path)
    table = Table(
        id=table_id,
        title=_text(raw, "title", path, where, problems, required=True),
        pack=pack_id,
        dice=dice,
        entries=tuple(entries),
        aliases=_texts(raw, "aliases", path, where, problems),
        text=_text(raw, "text", path, where, problems),
        input_label=_text(raw, "input", path, where, problems),
        skill_table=bool(raw.get("skill_table", False)),
        incomplete=_text(raw, "incomplete", path, where, problems),
        source=_text(raw, "source", path, where, problems),
    )
    for reason in coverage_problems(table, minimum=int(raw.get("min", 0))):
        problems.at(f"{where}.entry", reason, file=path)
    return table


def _read_entry(
    raw: dict[str, Any], index: int, where: str, path: Path, problems: Problems
) -> Entry | None:
    spot = f"{where}.entry[{index}]"
    span = raw.get("range")
    text = str(span) if isinstance(span, (int, str)) and not isinstance(span, bool) else ""
    match = _RANGE.match(text)
    if match is None:
        problems.at(f"{spot}.range", f"{span!r} is not a range like 11-15, 22 or 101+", file=path)
        return None
    low = int(match[1])
    high: int | None = None if match[4] else int(match[3] or match[1])
    if high is not None and high < low:
        problems.at(f"{spot}.range", f"{text!r} runs backwards", file=path)
        return None
    key = _text(raw, "key", path, spot, problems, required=True)
    if key and not _ID.match(key):
        problems.at(f"{spot}.key", "must be lower-case letters, digits and dashes", file=path)
    spot = f"{where}.entry.{key or index}"
    value = raw.get("value")
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        problems.at(f"{spot}.value", "must be a whole number", file=path)
        value = None
    repeatable = raw.get("repeatable", 1)
    if not isinstance(repeatable, int) or isinstance(repeatable, bool) or repeatable < 1:
        problems.at(f"{spot}.repeatable", "must be a whole number from 1", file=path)
        repeatable = 1
    known = {
        "range",
        "key",
        "label",
        "aliases",
        "text",
        "effects",
        "value",
        "gap",
        "repeatable",
        "picks",
    }
    for extra in sorted(set(raw) - known):
        problems.at(f"{spot}.{extra}", "is not a setting of a table entry", file=path)
    return Entry(
        key=key,
        low=low,
        high=high,
        label=_text(raw, "label", path, spot, problems, required=True),
        aliases=_texts(raw, "aliases", path, spot, problems),
        text=_text(raw, "text", path, spot, problems),
        effects=parse_effects(
            raw.get("effects"), f"{spot}.effects", lambda k, r: problems.at(k, r, file=path)
        ),
        value=value,
        gap=bool(raw.get("gap", False)),
        repeatable=repeatable,
        picks=_texts(raw, "picks", path, spot, problems),
    )


def _list_of_tables(
    raw: dict[str, Any], key: str, path: Path, where: str, problems: Problems
) -> list[dict[str, Any]]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        problems.at(
            f"{where}.{key}".lstrip("."), f"must be a list of tables ([[{key}]])", file=path
        )
        return []
    return value


def _text(
    raw: dict[str, Any],
    key: str,
    path: Path,
    where: str,
    problems: Problems,
    *,
    required: bool = False,
) -> str:
    value = raw.get(key)
    if value is None:
        if required:
            problems.at(f"{where}.{key}".lstrip("."), "is required", file=path)
        return ""
    if not isinstance(value, str):
        problems.at(f"{where}.{key}".lstrip("."), "must be text", file=path)
        return ""
    return value


def _texts(
    raw: dict[str, Any], key: str, path: Path, where: str, problems: Problems
) -> tuple[str, ...]:
    value = raw.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.at(f"{where}.{key}", "must be a list of text", file=path)
        return ()
    return tuple(value)
