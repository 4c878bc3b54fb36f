"""Provides the messages that travel across the app (worker results and force changes)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from cardsmith.catalogue.search_index import SearchIndex
    from cardsmith.services.mul import AvailabilitySummary, FetchSummary
    from cardsmith.services.search_filters import FilterText


@dataclass
class IndexLoaded(Message):
    """The catalogue's search index is ready (posted from the loading thread)."""

    index: SearchIndex
    notices: list[str]
    """Things the catalogue wants the user to know (a repaired store …)."""


@dataclass
class ForceChanged(Message):
    """The force being edited changed (an edit, undo/redo, open or new)."""

    label: str
    """What happened, for the status line (``Skill 3``, ``Undo: remove``)."""


@dataclass
class FetchProgress(Message):
    """A MUL fetch advanced (posted from the fetching thread)."""

    done: int
    total: int | None
    note: str = ""


@dataclass
class FetchFinished(Message):
    """A MUL fetch ended; the summary says what changed in the catalogue."""

    summary: FetchSummary


@dataclass
class AvailabilityWanted(Message):
    """Fetch the MUL's availability list of an era (for a faction, when one is named)."""

    era: str
    faction: str = ""
    then: FilterText | None = None
    """The catalogue's filters to apply once the list is in (None: keep them)."""


@dataclass
class AvailabilityFetched(Message):
    """Availability lists were fetched from the MUL and stored."""

    summary: AvailabilitySummary
    then: FilterText | None = None


@dataclass
class PrintFinished(Message):
    """Record sheets were written to ``path``."""

    path: Path
