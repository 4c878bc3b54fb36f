"""Provides ``Catalogue``: the local SQLite store of every unit fetched or imported.

SQLite (standard library) was chosen over a JSON file because it gives atomic
transactions, safe concurrent writers (two ``cardsmith fetch`` runs at once), incremental
updates without rewriting every unit, and a cold open that reads only the columns a search
needs.  Full unit stats are kept as cardsmith's own JSON per row.

Readers never block and never write: opening reads the layout (``schema``), WAL lets a
search run while an import writes, and a store this user cannot write (another owner, a
read-only file or folder) still serves every read; only a write says why it cannot happen.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from cardsmith import paths
from cardsmith.catalogue.listing import UnitListing, listing_of
from cardsmith.catalogue.opening import open_store
from cardsmith.catalogue.schema import STORE_NAME
from cardsmith.catalogue.search import IndexRow, SearchFilters, SearchResult, normalise
from cardsmith.catalogue.sql_search import INDEX_COLUMNS, search_sql, within_sqlite
from cardsmith.catalogue.writing import Transaction, translate, unit_row
from cardsmith.errors import CatalogueDataError
from cardsmith.limits import fits_sqlite

if TYPE_CHECKING:
    from cardsmith.catalogue.availability import AvailabilityList, AvailabilityView, Coverage
    from cardsmith.catalogue.dump import UnitRecord
    from cardsmith.catalogue.factions import Faction
    from cardsmith.catalogue.search_index import SearchIndex
    from cardsmith.catalogue.store_records import CatalogueInfo, StoreReport, UnitVersion
    from cardsmith.models import Unit

    T = TypeVar("T")

__all__ = ["STORE_NAME", "Catalogue", "now_iso"]

_COLUMNS = (
    "mul_id, name, norm, type, role, size, pv, max_move, specials, era_id, technology, rules, "
    "has_stats, data, source, fetched_at, content_hash, mul_type"
)


def now_iso() -> str:
    """The current UTC time as ISO 8601, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


class Catalogue:
    """The local catalogue: open it, search it, read units from it, add units to it.

    ``Catalogue.open`` repairs what it can: a damaged or foreign store is moved aside
    (``*.corrupt-<time>``), a fresh one is built and seeded with the starter catalogue,
    and ``notices`` says what happened so the shells can tell the user.  A busy store is
    never taken for a damaged one.
    """

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        notices: list[str],
        *,
        read_only: str | None = None,
    ) -> None:
        self._db = connection
        self.path = path
        self.notices = notices
        self.read_only = read_only
        """Why this catalogue cannot be written (None when it can)."""
        self._index: SearchIndex | None = None

    # -- opening -------------------------------------------------------------------

    @classmethod
    def open(cls, cache_dir: Path | None = None, *, seed_starter: bool = True) -> Catalogue:
        """Open the catalogue in ``cache_dir``: create, migrate or repair it only when needed.

        Raises:
            CatalogueBusy: another process holds the store longer than a writer waits.
            CatalogueStoreError: the folder cannot be used at all.
        """
        folder = cache_dir if cache_dir is not None else paths.cache_dir()
        opened = open_store(folder)
        catalogue = cls(opened.connection, opened.path, opened.notices)
        if seed_starter and (opened.read_only is None or opened.in_memory):
            catalogue._seed_starter()
        catalogue.read_only = opened.read_only
        return catalogue

    def close(self) -> None:
        """Close the database connection."""
        self._db.close()

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _seed_starter(self) -> None:
        """Add the shipped starter units the store does not have yet (once per starter version)."""
        starter = paths.starter_dir() / "starter.json"
        if not starter.is_file():
            return
        stamp = f"{starter.stat().st_size}:{starter.stat().st_mtime_ns}"
        if self.meta("starter") == stamp:
            return
        from cardsmith.catalogue.dump import read_unit_file

        records = read_unit_file(starter)
        existing = {
            row[0] for row in self._db.execute("SELECT mul_id FROM units WHERE source != 'starter'")
        }
        with self._write():
            self._add([r for r in records if r.unit.mul_id not in existing], "starter")
            self._set_meta("starter", stamp)

    # -- reading ---------------------------------------------------------------------

    def __len__(self) -> int:
        return int(self._read("SELECT count(*) FROM units").fetchone()[0])

    def starter_only(self) -> bool:
        """True when every stored unit came from the shipped starter catalogue."""
        row = self._read("SELECT 1 FROM units WHERE source != 'starter' LIMIT 1").fetchone()
        return row is None

    @property
    def writable(self) -> bool:
        """True when imports and fetches can be stored."""
        return self.read_only is None

    # The model is imported in the methods that build units: a search lists units without it.

    def get(self, mul_id: int) -> Unit | None:
        """The unit with this MUL id, if stored."""
        from cardsmith.models.unit import Unit

        if not fits_sqlite(mul_id):
            return None
        row = self._read("SELECT data FROM units WHERE mul_id = ?", (mul_id,)).fetchone()
        return Unit.from_dict(json.loads(row[0])) if row else None

    def get_many(self, ids: Iterable[int]) -> list[Unit]:
        """Units for these ids, in the order given (missing ids are skipped)."""
        from cardsmith.models.unit import Unit

        return self._by_id(ids, "data", lambda data: Unit.from_dict(json.loads(data)))

    def listings(self, ids: Iterable[int]) -> list[UnitListing]:
        """What a search shows of these units, in the order given (missing ids are skipped)."""
        return self._by_id(
            ids, "data, has_stats", lambda data, stats: listing_of(json.loads(data), stats)
        )

    def _by_id(self, ids: Iterable[int], columns: str, read: Callable[..., T]) -> list[T]:
        """``read(*columns)`` of each stored unit of ``ids``, in the order given."""
        wanted = [i for i in ids if fits_sqlite(i)]
        found: dict[int, T] = {}
        for chunk_start in range(0, len(wanted), 500):
            chunk = wanted[chunk_start : chunk_start + 500]
            marks = ",".join("?" * len(chunk))
            for mul_id, *values in self._read(
                f"SELECT mul_id, {columns} FROM units WHERE mul_id IN ({marks})", chunk
            ):
                found[mul_id] = read(*values)
        return [found[i] for i in wanted if i in found]

    def version(self, mul_id: int) -> UnitVersion | None:
        """Source, fetch time and content hash of a stored unit."""
        if not fits_sqlite(mul_id):
            return None
        from cardsmith.catalogue.store_records import UnitVersion  # a search never needs it

        row = self._read(
            "SELECT source, fetched_at, content_hash FROM units WHERE mul_id = ?", (mul_id,)
        ).fetchone()
        return UnitVersion(*row) if row else None

    def find_by_name(self, name: str) -> list[Unit]:
        """Units whose name equals ``name``, ignoring case, spacing and punctuation."""
        from cardsmith.models.unit import Unit

        rows = self._read(
            "SELECT data FROM units WHERE norm = ? ORDER BY mul_id", (normalise(name),)
        ).fetchall()
        return [Unit.from_dict(json.loads(row[0])) for row in rows]

    def iter_units(self) -> Iterator[Unit]:
        """Every stored unit, by MUL id."""
        from cardsmith.models.unit import Unit

        for (data,) in self._read("SELECT data FROM units ORDER BY mul_id"):
            yield Unit.from_dict(json.loads(data))

    def index(self) -> SearchIndex:
        """The in-memory search index (built on first use, then kept)."""
        if self._index is None:
            # Imported here: a command line search by name never needs the index.
            from cardsmith.catalogue.search_index import SearchIndex

            rows = self._read(f"SELECT {INDEX_COLUMNS} FROM units").fetchall()
            self._index = SearchIndex([IndexRow(*row) for row in rows])
        return self._index

    def search(
        self, query: str, filters: SearchFilters | None = None, *, limit: int = 25
    ) -> SearchResult:
        """Search straight from SQL (the index only for typos): see ``sql_search``."""
        try:
            return search_sql(
                self._db, query, within_sqlite(filters), limit=limit, index=self.index
            )
        except sqlite3.Error as exc:
            raise translate(exc, self.path, "read") from exc

    def info(self) -> CatalogueInfo:
        """Counts by type and source, and the data's age."""
        by_type = dict(
            self._read(
                "SELECT coalesce(type, '--'), count(*) FROM units GROUP BY 1 ORDER BY 2 DESC"
            ).fetchall()
        )
        by_source = dict(
            self._read("SELECT source, count(*) FROM units GROUP BY 1 ORDER BY 2 DESC").fetchall()
        )
        total, usable, oldest, newest = self._read(
            "SELECT count(*), coalesce(sum(has_stats), 0), coalesce(min(fetched_at), ''), "
            "coalesce(max(fetched_at), '') FROM units"
        ).fetchone()
        from cardsmith.catalogue.store_records import CatalogueInfo  # a search never needs it

        return CatalogueInfo(self.path, total, usable, by_type, by_source, newest, oldest)

    def meta(self, key: str) -> str | None:
        """A stored setting (data versions, sync times …)."""
        row = self._read("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    # -- availability and factions (imported here, on first use: a search by name and the
    # app's first screen never read them, and their module brings eras and factions along)

    def availability(self, mul_id: int, era_id: int, faction_id: int | None = None) -> bool | None:
        """Whether the unit is available in the era (to the faction; None: to anybody).

        ``True`` on the MUL's list, ``False`` left out of a list that covers it, ``None``
        when no stored list covers it (see ``cardsmith.catalogue.availability``).
        """
        view = self.availability_view(era_id, faction_id)
        from cardsmith.catalogue import availability_store as av

        mul_type, technology = self._guarded(lambda: av.unit_kind(self._db, mul_id))
        return view.answer(mul_id, mul_type, technology)

    def availability_view(self, era_id: int, faction_id: int | None = None) -> AvailabilityView:
        """Every stored list of the era, to answer for many units at once (checks, search)."""
        from cardsmith.catalogue import availability_store as av

        return self._guarded(lambda: av.view(self._db, era_id, faction_id))

    def availability_version(self) -> str | None:
        """The data version of the availability data; None when there is none."""
        from cardsmith.catalogue import availability_store as av

        return self._guarded(lambda: av.version(self._db))

    def coverage(self) -> list[Coverage]:
        """Which eras and factions (and types and techs) the availability data covers."""
        from cardsmith.catalogue import availability_store as av

        return self._guarded(lambda: av.coverage(self._db))

    def factions(self) -> list[Faction]:
        """Every MUL faction the catalogue knows, by name."""
        from cardsmith.catalogue import availability_store as av

        return self._guarded(lambda: av.factions(self._db))

    def find_faction(self, text: str) -> Faction:
        """The faction a name or MUL id means.

        Raises:
            UnknownName: none or several fit (with suggestions).
        """
        from cardsmith.catalogue.factions import resolve_faction

        return resolve_faction(text, self.factions())

    def add_availability(self, lists: Iterable[AvailabilityList], *, source: str) -> int:
        """Store availability lists, each replacing a stored one of the same scope."""
        from cardsmith.catalogue import availability_store as av

        with self._write():
            return av.store_lists(self._db, lists, source=source, fetched_at=now_iso())

    def add_factions(self, found: Iterable[Faction], *, source: str) -> int:
        """Add (or rename) factions."""
        from cardsmith.catalogue import availability_store as av

        with self._write():
            return av.store_factions(self._db, found, source=source)

    # -- writing ---------------------------------------------------------------------

    def set_meta(self, key: str, value: str) -> None:
        """Store a setting."""
        with self._write():
            self._set_meta(key, value)

    def add(self, records: Iterable[UnitRecord], *, source: str) -> StoreReport:
        """Store units in one transaction: new ones are added, changed ones replaced.

        A unit whose content hash is unchanged keeps its original version stamp.
        """
        with self._write():
            return self._add(list(records), source)

    def transaction(self) -> Transaction:
        """One write transaction for several ``add_*`` steps (an import of many files)."""
        return self._write()

    def clear(self) -> int:
        """Remove every unit and availability list (the starter returns on the next open)."""
        with self._write():
            count = int(self._db.execute("SELECT count(*) FROM units").fetchone()[0])
            for table in ("units", "meta", "availability_units", "availability_lists", "factions"):
                self._db.execute(f"DELETE FROM {table}")
        self._index = None
        return count

    def _add(self, batch: list[UnitRecord], source: str) -> StoreReport:
        fetched_at = now_iso()
        added = updated = unchanged = 0
        known = dict(self._db.execute("SELECT mul_id, content_hash FROM units").fetchall())
        rows = []
        for item in batch:
            previous = known.get(item.unit.mul_id)
            if previous == item.content_hash:
                unchanged += 1
                continue
            if previous is None:
                added += 1
            else:
                updated += 1
            row = unit_row(item, source, fetched_at)
            if not all(fits_sqlite(v) for v in row if type(v) is int):
                raise CatalogueDataError(
                    f"unit {item.unit.name!r} has a number too large to store (MUL id "
                    f"{item.unit.mul_id}); nothing was stored"
                )
            rows.append(row)
        self._db.executemany(
            f"INSERT OR REPLACE INTO units ({_COLUMNS}) VALUES ({','.join('?' * 18)})", rows
        )
        self._index = None
        from cardsmith.catalogue.store_records import StoreReport  # a search never needs it

        return StoreReport(added, updated, unchanged)

    def _set_meta(self, key: str, value: str) -> None:
        self._db.execute(
            "INSERT INTO meta(key, value) VALUES(?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def _write(self) -> Transaction:
        return Transaction(self._db, self.path, self.read_only)

    def _read(self, sql: str, args: Iterable[object] = ()) -> sqlite3.Cursor:
        try:
            return self._db.execute(sql, tuple(args))
        except sqlite3.Error as exc:
            raise translate(exc, self.path, "read") from exc

    def _guarded(self, step: Callable[[], T]) -> T:
        try:
            return step()
        except sqlite3.Error as exc:
            raise translate(exc, self.path, "read") from exc
