"""Provides ``CatalogueAvailability``: the catalogue's availability lists, read once for a check."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from cardsmith.errors import CardsmithError, CatalogueStoreError

if TYPE_CHECKING:
    from cardsmith.catalogue.availability import AvailabilityView
    from cardsmith.catalogue.factions import Faction
    from cardsmith.catalogue.store import Catalogue


class CatalogueAvailability:
    """The local catalogue's availability lists, as the ``availability`` check asks for them.

    One era and faction's lists are read once and reused for every force checked with
    them; the catalogue is opened on first use (``lazy``) or at once.  When it cannot be
    opened the check is told so and warns "cannot verify", naming why.
    """

    def __init__(self, catalogue: Catalogue | None, problem: str = "") -> None:
        self._catalogue = catalogue
        self._problem = problem
        self._views: dict[tuple[int, int | None], AvailabilityView] = {}
        self._factions: list[Faction] | None = None
        self._version: str | None = None
        self._version_read = False
        self._opener: Callable[[], None] | None = None

    @classmethod
    @contextlib.contextmanager
    def opened(
        cls, cache_dir: Path | None = None, *, lazy: bool = False
    ) -> Iterator[CatalogueAvailability]:
        """The availability of the catalogue in ``cache_dir``, closed on leaving."""
        data = cls(None)

        def open_now() -> None:
            from cardsmith.catalogue.store import Catalogue

            try:
                data._catalogue = Catalogue.open(cache_dir)
            except CardsmithError as exc:
                data._problem = exc.message

        if lazy:
            data._opener = open_now
        else:
            open_now()
        try:
            yield data
        finally:
            if data._catalogue is not None:
                data._catalogue.close()

    def _store(self) -> Catalogue | None:
        if self._opener is not None:
            opener, self._opener = self._opener, None
            opener()
        return self._catalogue

    @property
    def problem(self) -> str:
        """Why the catalogue cannot be read (empty when it can)."""
        return "" if self._store() is not None else self._problem or "no catalogue"

    @property
    def has_factions(self) -> bool:
        """True when the catalogue knows at least one MUL faction."""
        return bool(self._known_factions())

    def _known_factions(self) -> list[Faction]:
        if self._factions is None:
            store = self._store()
            self._factions = store.factions() if store is not None else []
        return self._factions

    @property
    def version(self) -> str | None:
        """The data version of the stored availability lists (None when there are none)."""
        store = self._store()
        if not self._version_read and store is not None:
            self._version, self._version_read = store.availability_version(), True
        return self._version

    def view(self, era_id: int, faction_id: int | None) -> AvailabilityView:
        """The lists of an era for a faction, read once."""
        key = (era_id, faction_id)
        if key not in self._views:
            store = self._store()
            if store is None:
                raise CatalogueStoreError(f"the catalogue cannot be read: {self._problem}")
            self._views[key] = store.availability_view(era_id, faction_id)
        return self._views[key]

    def faction(self, text: str) -> Faction:
        """The faction a name or MUL id means (UnknownName with suggestions otherwise)."""
        from cardsmith.catalogue.factions import resolve_faction

        return resolve_faction(text, self._known_factions())

    def kind(self, mul_id: int) -> tuple[str, str]:
        """A catalogued unit's MUL type and tech base ("" each when it is not catalogued)."""
        store = self._store()
        unit = store.get(mul_id) if store is not None else None
        return (unit.mul_type, unit.technology) if unit is not None else ("", "")
