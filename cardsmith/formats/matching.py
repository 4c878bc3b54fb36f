"""Provides unit matching for imports: a file's unit by MUL id or name, close suggestions, why one is left out."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from cardsmith.catalogue.search import SearchFilters, normalise
from cardsmith.catalogue.search_index import SearchIndex
from cardsmith.forces.editing import can_join
from cardsmith.hints import FETCH_AND_IMPORT_AGAIN
from cardsmith.limits import MAX_UNIT_TEXT
from cardsmith.models.unit import Unit, UnitType

#: How many close catalogue matches an unknown unit lists.
SUGGESTIONS = 3
#: How much of a name longer than ``MAX_UNIT_TEXT`` an unknown unit shows.
SHOWN_OF_A_LONG_NAME = 60


class Suggestion(str):
    """A close catalogue unit offered instead of an unknown one: its text is
    ``Atlas AS7-D (MUL 140)``, and it carries the name and MUL id apart, so a shell
    never has to read the id back out of the text."""

    name: str
    mul_id: int

    def __new__(cls, name: str, mul_id: int) -> Suggestion:
        suggestion = super().__new__(cls, f"{name} (MUL {mul_id})")
        suggestion.name = name
        suggestion.mul_id = mul_id
        return suggestion

    def __reduce__(self) -> tuple[object, ...]:
        return (Suggestion, (self.name, self.mul_id))


@dataclass(frozen=True, slots=True)
class UnknownUnit:
    """A unit of the imported file that could not join the force."""

    where: str
    """Where it sits in the file: ``entity 3``, ``row 5``, ``group 'Alpha' member 2``."""
    name: str
    """The name the file gives (may be empty when the file gives only an id)."""
    mul_id: int | None = None
    reason: str = "not in the local catalogue"
    suggestions: tuple[Suggestion, ...] = ()
    """The closest catalogue units (each prints as ``Atlas AS7-D (MUL 140)``)."""

    def describe(self) -> str:
        """One line for the player."""
        label = self.name or "(no name)"
        if self.mul_id is not None:
            label += f" [MUL {self.mul_id}]"
        return f"{self.where}: {label} — {self.reason}"


def _shown(name: str) -> str:
    """``name``, cut short when it is longer than any unit's text (a broken or hostile
    file): the player sees where it starts and how long it is, not megabytes."""
    if len(name) <= MAX_UNIT_TEXT:
        return name
    return f"{name[:SHOWN_OF_A_LONG_NAME]}… ({len(name):,} characters)"


class UnitLookup(Protocol):
    """What matching needs from a catalogue (``Catalogue`` satisfies it)."""

    def get(self, mul_id: int) -> Unit | None: ...

    def find_by_name(self, name: str) -> list[Unit]: ...

    def index(self) -> SearchIndex: ...


_PAREN = re.compile(r"^(?P<head>.*?)\s*\((?P<inner>[^)]*)\)\s*(?P<tail>.*)$")


def _name_keys(name: str) -> set[str]:
    """Normalised spellings of a catalogue name a file may use.

    MegaMek writes Clan 'Mechs under one of their two names (``Timber Wolf`` + ``Prime``),
    the MUL under both (``Mad Cat (Timber Wolf) Prime``).
    """
    keys = {normalise(name)}
    match = _PAREN.match(name)
    if match:
        head, inner, tail = match["head"], match["inner"], match["tail"]
        keys.update(normalise(f"{a} {tail}") for a in (head, inner) if a.strip())
        keys.add(normalise(f"{inner} ({head}) {tail}"))
    return keys


def _fits(unit: Unit, kinds: frozenset[UnitType] | None) -> bool:
    return kinds is None or unit.type in kinds


class UnitMatcher:
    """Finds the catalogue unit for a name or MUL id, and suggests close ones when none fits."""

    def __init__(self, catalogue: UnitLookup) -> None:
        self._catalogue = catalogue
        self.notes: list[str] = []
        """Things worth telling the user about matches (several units of one name …)."""

    def by_id(self, mul_id: int) -> Unit | None:
        """The catalogue unit with this MUL id, when it has Alpha Strike stats."""
        unit = self._catalogue.get(mul_id)
        return unit if unit is not None and unit.has_stats else None

    def joinable(self, mul_id: int) -> Unit | None:
        """The catalogue unit with this id when it can join a force (custom units too)."""
        unit = self._catalogue.get(mul_id)
        return unit if unit is not None and can_join(unit) else None

    def named(self, name: str) -> list[Unit]:
        """Every catalogue unit called ``name``, with Alpha Strike stats or not."""
        return self._catalogue.find_by_name(name) if normalise(name) else []

    def by_name(
        self,
        name: str,
        *,
        mul_id: int | None = None,
        kinds: frozenset[UnitType] | None = None,
    ) -> Unit | None:
        """The unit called ``name`` (case, spacing and punctuation ignored).

        When several units share the name, ``mul_id`` picks one; otherwise the lowest id
        wins and a note says so.  Clan dual names are tried through the search index.
        ``kinds`` keeps only units of those Alpha Strike types (the file says what it is).
        """
        if not normalise(name):
            return None
        found = [u for u in self.named(name) if u.has_stats and _fits(u, kinds)]
        if not found:
            found = [u for u in self._alias_matches(name) if _fits(u, kinds)]
        if not found:
            return None
        if len(found) > 1:
            chosen = next((u for u in found if u.mul_id == mul_id), None)
            if chosen is not None:
                return chosen
            self.notes.append(
                f"{name!r} matches {len(found)} catalogue units; took {found[0].name} "
                f"(MUL {found[0].mul_id})"
            )
        return found[0]

    def _alias_matches(self, name: str) -> list[Unit]:
        key = normalise(name)
        hits = self._catalogue.index().search(name, SearchFilters(usable_only=True), limit=10)
        ids = [h.row.mul_id for h in hits if key in _name_keys(h.row.name)]
        if len(ids) != 1:  # none, or ambiguous: better unknown than wrong
            return []
        unit = self.by_id(ids[0])
        return [unit] if unit is not None else []

    def suggestions(self, *texts: str, limit: int = SUGGESTIONS) -> tuple[Suggestion, ...]:
        """The closest catalogue units to the first of ``texts`` that finds any."""
        index = self._catalogue.index()
        for text in texts:
            if not normalise(text):
                continue
            hits = index.search(text, SearchFilters(usable_only=True), limit=limit)
            if hits:
                return tuple(Suggestion(h.row.name, h.row.mul_id) for h in hits)
        return ()

    def unknown(
        self,
        where: str,
        name: str,
        *,
        mul_id: int | None = None,
        reason: str | None = None,
        hints: Sequence[str] = (),
    ) -> UnknownUnit:
        """An UnknownUnit with suggestions from ``name`` and then ``hints``."""
        if reason is None:
            reason = self._reason(name, mul_id)
        return UnknownUnit(
            where=where,
            name=_shown(name),
            mul_id=mul_id,
            reason=reason,
            suggestions=self.suggestions(name, *hints),
        )

    def _reason(self, name: str, mul_id: int | None) -> str:
        unit = self._catalogue.get(mul_id) if mul_id is not None else None
        if unit is None and normalise(name):
            unit = next(iter(self._catalogue.find_by_name(name)), None)
        if unit is not None and not can_join(unit):
            # Fetching again would not help: the MUL itself has no card for it.
            return (
                f"{unit.name} (MUL {unit.mul_id}) is in the catalogue but has no Alpha Strike "
                "card, so it cannot join a force"
            )
        return f"not in the local catalogue ({FETCH_AND_IMPORT_AGAIN})"
