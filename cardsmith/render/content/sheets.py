"""Provides ``SheetOptions`` and the order of a force's cards: sorting and the per-group breaks.

Pure: what a print holds and in which order, decided once for the PDF, the app and the
CLI.  A force's cards come in sections, one per group (in the order the force lists its
groups, ungrouped units last) when group breaks are on; each section starts a new card
page.  Within a section the entries follow ``sort``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardsmith.forces.pricing import entry_pv
from cardsmith.models import Force, ForceEntry

#: How cards and roster rows can be ordered (``force``: the order of the force file).
SORTS = ("group", "pv", "name", "role", "force")
#: The extra card kinds a print can add after a force's unit cards.
EXTRA_KINDS = ("pilot", "spa", "token")
#: Paper sizes ``templates/cards/sheet.toml`` lists.
PAPERS = ("letter", "a4")


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """What a print holds and how it looks; both shells build one and pass it on."""

    paper: str = "letter"
    mono: bool = False
    reference: bool = True
    """Close the file with the quick-reference page."""
    cards_per_page: int | None = None
    """Unit cards on a page; None puts as many as fit (8 on Letter and A4, 4 enlarged)."""
    sort: str = "group"
    group_breaks: bool = True
    """Start each group's cards on a new page."""
    roster_only: bool = False
    """Roster pages only: no unit cards, no extra cards."""
    blank_skill: bool = False
    """Unit cards with the skill left to write in and a PV-per-skill table."""
    enlarged: bool = False
    """Unit cards at twice the area, 4 to a landscape page."""
    extras: tuple[str, ...] = ()
    """Extra card kinds after the unit cards: ``pilot``, ``spa``, ``token``."""

    def problems(self) -> list[str]:
        """What is wrong with these options (empty when they can be printed)."""
        found = []
        if self.paper.lower() not in PAPERS:
            found.append(f"unknown paper {self.paper!r}; choose one of {', '.join(PAPERS)}")
        if self.sort not in SORTS:
            found.append(f"unknown sort {self.sort!r}; choose one of {', '.join(SORTS)}")
        unknown = [kind for kind in self.extras if kind not in EXTRA_KINDS]
        if unknown:
            found.append(
                f"unknown card kind {', '.join(unknown)}; choose from {', '.join(EXTRA_KINDS)}"
            )
        if self.cards_per_page is not None and self.cards_per_page < 1:
            found.append(f"cards per page must be at least 1, got {self.cards_per_page}")
        return found


@dataclass(frozen=True, slots=True)
class Section:
    """One group's entries (or every entry when groups do not break pages), in print order."""

    group: str
    """The group's name; empty for ungrouped units or for a print without group breaks."""
    entries: tuple[tuple[int, ForceEntry], ...]
    """(1-based force position, entry) pairs: the position is the card's ``#``."""


def _sort_key(sort: str, force: Force) -> Callable[[tuple[int, ForceEntry]], tuple[object, ...]]:
    groups = {name: n for n, name in enumerate(force.group_names())}
    ungrouped = len(groups)

    def group_rank(item: tuple[int, ForceEntry]) -> int:
        return groups.get(item[1].group, ungrouped) if item[1].group else ungrouped

    if sort == "pv":
        return lambda item: (-entry_pv(item[1]), item[0])
    if sort == "name":
        return lambda item: (item[1].unit.name.casefold(), item[0])
    if sort == "role":
        # Units without a role go last, then by name within a role.
        return lambda item: (
            not item[1].unit.role,
            (item[1].unit.role or "").casefold(),
            item[1].unit.name.casefold(),
            item[0],
        )
    if sort == "group":
        return lambda item: (group_rank(item), item[0])
    return lambda item: (item[0],)


def sections(force: Force, sort: str = "group", group_breaks: bool = True) -> list[Section]:
    """The force's entries in print order: one section per group when groups break pages."""
    numbered = list(enumerate(force.entries, start=1))
    key = _sort_key(sort, force)
    if not group_breaks or not any(e.group for e in force.entries):
        return [Section("", tuple(sorted(numbered, key=key)))] if numbered else []
    found: list[Section] = []
    for name in [*force.group_names(), ""]:
        members = [item for item in numbered if item[1].group == name]
        if members:
            found.append(Section(name, tuple(sorted(members, key=key))))
    return found


def print_order(force: Force, sort: str = "group") -> list[tuple[int, ForceEntry]]:
    """Every (position, entry) of ``force`` in print order (sections run together)."""
    return [item for section in sections(force, sort) for item in section.entries]


def extras_wanted(options: SheetOptions) -> Sequence[str]:
    """The extra card kinds to print, in the fixed order pilots, SPAs, tokens."""
    if options.roster_only:
        return ()
    return tuple(kind for kind in EXTRA_KINDS if kind in options.extras)
