"""Provides the SQL behind availability lists and factions in the local catalogue."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from cardsmith.catalogue.availability import (
    ANY_FACTION,
    AvailabilityList,
    AvailabilityView,
    Coverage,
    Scope,
    data_version,
)
from cardsmith.catalogue.eras import ERAS
from cardsmith.catalogue.factions import Faction, names_by_id
from cardsmith.catalogue.search import normalise

#: An era's place in time (``ERAS`` order), for listing coverage.
_ERA_ORDER = {era.id: place for place, era in enumerate(ERAS)}


def lists_of_era(
    db: sqlite3.Connection, era_id: int, faction_id: int | None
) -> list[AvailabilityList]:
    """The stored lists of an era: every one, or a faction's and the any-faction ones."""
    sql = "SELECT id, era_id, faction_id, types, techs FROM availability_lists WHERE era_id = ?"
    args: tuple[int, ...] = (era_id,)
    if faction_id is not None:
        sql += " AND faction_id IN (?, ?)"
        args = (era_id, faction_id, ANY_FACTION)
    found: list[AvailabilityList] = []
    for list_id, era, faction, types, techs in db.execute(sql, args).fetchall():
        members = frozenset(
            row[0]
            for row in db.execute(
                "SELECT mul_id FROM availability_units WHERE list_id = ?", (list_id,)
            )
        )
        found.append(AvailabilityList(Scope.from_key(era, faction, types, techs), members))
    return found


def version(db: sqlite3.Connection) -> str | None:
    """The data version of all availability data (None when there is none)."""
    return data_version(row[0] for row in db.execute("SELECT content_hash FROM availability_lists"))


def view(db: sqlite3.Connection, era_id: int, faction_id: int | None) -> AvailabilityView:
    """An ``AvailabilityView`` of one era (and faction, or None for any)."""
    return AvailabilityView(
        era_id,
        faction_id,
        lists_of_era(db, era_id, faction_id),
        version(db),
        names_by_id(factions(db)),
    )


def unit_kind(db: sqlite3.Connection, mul_id: int) -> tuple[str, str]:
    """A stored unit's MUL type name and tech base ("", "" when it is not stored)."""
    row = db.execute(
        "SELECT mul_type, technology FROM units WHERE mul_id = ?", (mul_id,)
    ).fetchone()
    return (str(row[0]), str(row[1])) if row else ("", "")


def store_lists(
    db: sqlite3.Connection, lists: Iterable[AvailabilityList], *, source: str, fetched_at: str
) -> int:
    """Replace the stored lists of the same scopes with ``lists`` (inside a write transaction)."""
    stored = 0
    for item in lists:
        era, faction, types, techs = item.scope.key
        db.execute(
            "DELETE FROM availability_units WHERE list_id IN (SELECT id FROM availability_lists "
            "WHERE era_id = ? AND faction_id = ? AND types = ? AND techs = ?)",
            item.scope.key,
        )
        db.execute(
            "DELETE FROM availability_lists WHERE era_id = ? AND faction_id = ? AND types = ? "
            "AND techs = ?",
            item.scope.key,
        )
        cursor = db.execute(
            "INSERT INTO availability_lists (era_id, faction_id, types, techs, source, fetched_at, "
            "content_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (era, faction, types, techs, source, fetched_at, item.content_hash),
        )
        list_id = cursor.lastrowid
        db.executemany(
            "INSERT INTO availability_units (list_id, mul_id) VALUES (?, ?)",
            [(list_id, mul_id) for mul_id in sorted(item.mul_ids)],
        )
        stored += 1
    return stored


def coverage(db: sqlite3.Connection) -> list[Coverage]:
    """Every stored list's scope, size and origin, by era (in time order) and faction."""
    rows = db.execute(
        "SELECT l.era_id, l.faction_id, l.types, l.techs, l.source, l.fetched_at, "
        "(SELECT count(*) FROM availability_units u WHERE u.list_id = l.id) "
        "FROM availability_lists l ORDER BY l.era_id, l.faction_id, l.types, l.techs"
    ).fetchall()
    found = [
        Coverage(Scope.from_key(era, faction, types, techs), int(units), str(source), str(when))
        for era, faction, types, techs, source, when, units in rows
    ]
    return sorted(found, key=lambda c: (_ERA_ORDER.get(c.scope.era_id, len(ERAS)),
                                        c.scope.era_id))  # fmt: skip


def factions(db: sqlite3.Connection) -> list[Faction]:
    """Every known faction, by name."""
    rows = db.execute("SELECT id, name FROM factions ORDER BY norm, id").fetchall()
    return [Faction(int(i), str(n)) for i, n in rows]


def store_factions(db: sqlite3.Connection, found: Iterable[Faction], *, source: str) -> int:
    """Add or rename factions (inside a write transaction); the number written."""
    rows = [(f.id, f.name, normalise(f.name), source) for f in found]
    db.executemany(
        "INSERT INTO factions (id, name, norm, source) VALUES (?, ?, ?, ?) "
        "ON CONFLICT(id) DO UPDATE SET name = excluded.name, norm = excluded.norm, "
        "source = excluded.source",
        rows,
    )
    return len(rows)
