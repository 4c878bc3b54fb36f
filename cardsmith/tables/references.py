"""Checks what a table pack's entries name: stats, sub-tables, kinds, skill sources, no loops."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from cardsmith.tables.model import (
    Choice,
    Condition,
    Effect,
    GainSkill,
    Pack,
    Pay,
    Promote,
    RollAgain,
    StatChange,
    SubTable,
    Table,
)
from cardsmith.templates import Problems

if TYPE_CHECKING:
    from cardsmith.tables.loader import TableSet

#: Where a gained skill may come from besides a named skill table.
SKILL_SOURCES = ("preferred", "any")


def walk_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect, including those inside choices and conditions."""
    for effect in effects:
        yield effect
        if isinstance(effect, Choice):
            for option in effect.options:
                yield from walk_effects(option.effects)
        elif isinstance(effect, Condition):
            yield from walk_effects(effect.if_present)
        elif isinstance(effect, Pay):
            yield from walk_effects(effect.otherwise)


def check_references(table: Table, tables: TableSet, path: Path, problems: Problems) -> None:
    """Every stat, sub-table, kind and skill source an entry names exists in its pack."""
    pack = tables.packs[table.pack]
    for entry in table.entries:
        where = f"table.{table.id}.entry.{entry.key}.effects"
        for effect in walk_effects(entry.effects):
            for reason in _reference_problems(effect, table, pack, tables):
                problems.at(where, reason, file=path)


def _reference_problems(effect: Effect, table: Table, pack: Pack, tables: TableSet) -> list[str]:
    # A name left out was reported as required when the effect was read: not again here.
    if isinstance(effect, StatChange) and effect.stat and pack.stat(effect.stat) is None:
        return [f"stat {effect.stat!r} is not a stat of pack {pack.id}"]
    if isinstance(effect, SubTable) and effect.table and effect.table not in tables.tables:
        return [f"sub-table {effect.table!r} does not exist"]
    if isinstance(effect, Promote) and effect.to and pack.kind(effect.to) is None:
        return [f"promotion to unknown kind {effect.to!r}"]
    if isinstance(effect, GainSkill) and effect.source not in SKILL_SOURCES:
        target = tables.tables.get(effect.source)
        if target is None or not target.skill_table:
            return [f"skill source {effect.source!r} is not preferred, any or a skill table"]
    if isinstance(effect, RollAgain):
        target = tables.tables.get(effect.table or table.id)
        if target is None:
            return [f"roll-again table {effect.table!r} does not exist"]
        unknown = [k for k in effect.ignore if target.entry(k) is None]
        if unknown:
            return [f"ignore lists keys not on table {target.id}: {', '.join(unknown)}"]
        if all(e.key in effect.ignore for e in target.entries):
            return [f"ignore leaves nothing to roll on table {target.id}"]
    return []


def check_cycles(tables: TableSet, origin: dict[str, Path], problems: Problems) -> None:
    """Sub-tables that lead back to themselves would never stop rolling."""

    def links(table: Table) -> set[str]:
        return {
            e.table
            for entry in table.entries
            for e in walk_effects(entry.effects)
            if isinstance(e, SubTable)
        }

    for start in tables.tables.values():
        seen: set[str] = set()
        todo = list(links(start))
        while todo:
            current = todo.pop()
            if current == start.id:
                problems.at(
                    f"table.{start.id}", "sub-tables lead back to it", file=origin[start.id]
                )
                break
            if current in seen or current not in tables.tables:
                continue
            seen.add(current)
            todo.extend(links(tables.tables[current]))
