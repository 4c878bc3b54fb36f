"""Provides the extra card kinds a print can add: pilot cards, SPA reference cards and tokens.

Pure: the text of each card, worked out once.  A pilot card names the warrior, the
unit and skill (ASCE p.29 Skill Rating Table) and each SPA with what it changes on the
card; an SPA card explains one SPA of the force (cost and page from the SPA table,
ASCE p.92) and says who has it; a token is a small counter with the unit's number
and name, to stand beside the miniature.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsmith.errors import TemplateError
from cardsmith.forces.pricing import entry_pv
from cardsmith.forces.spas import Spa, SpaCatalogue, load_spas
from cardsmith.models import ForceEntry
from cardsmith.models.force import SKILL_NAMES
from cardsmith.render.content.card import effect_text


@dataclass(frozen=True, slots=True)
class PilotSpa:
    """One SPA as a pilot card lists it."""

    name: str
    cost: int | None
    effect: str
    """What it changes on the unit's card (``TN M+1 L+2 E+3``), empty when nothing."""
    summary: str


@dataclass(frozen=True, slots=True)
class PilotCard:
    """A warrior's card: who, in what, how good, and the abilities."""

    pilot: str
    """The name, empty for a write-in line."""
    unit: str
    index: int
    skill: int
    skill_name: str
    group: str
    commander: bool
    spas: tuple[PilotSpa, ...]

    @property
    def name(self) -> str:
        """What the card is called in messages."""
        return self.pilot or f"pilot of #{self.index}"


@dataclass(frozen=True, slots=True)
class SpaCard:
    """The reference card of one SPA in the force."""

    id: str
    name: str
    cost: int | None
    page: int
    summary: str
    effect: str
    note: str
    taken_by: tuple[str, ...]
    """``#2 José Ñúñez (Atlas AS7-D)`` for each entry with the SPA."""


@dataclass(frozen=True, slots=True)
class Token:
    """A counter for one unit: its force number, name, group and PV."""

    index: int
    name: str
    variant: str
    group: str
    pv: int


ExtraCard = PilotCard | SpaCard
"""What an extra card slot holds (tokens print on their own smaller grid)."""


def _catalogue(entries: Sequence[ForceEntry]) -> SpaCatalogue | None:
    if not any(e.spas for e in entries):
        return None
    try:
        return load_spas()
    except TemplateError:
        return None  # a broken SPA file prints bare ids rather than stopping the print


def _spa_line(spa_id: str, catalogue: SpaCatalogue | None) -> PilotSpa:
    spa = catalogue.get(spa_id) if catalogue is not None else None
    if spa is None:
        return PilotSpa(spa_id, None, "", "")
    return PilotSpa(spa.name, spa.cost, effect_text(spa.card_effect), spa.summary)


def pilot_cards(numbered: Sequence[tuple[int, ForceEntry]]) -> list[PilotCard]:
    """A pilot card for every entry whose pilot has a name or SPAs, in print order."""
    catalogue = _catalogue([e for _, e in numbered])
    return [
        PilotCard(
            pilot=e.pilot.name.strip(),
            unit=e.unit.name,
            index=i,
            skill=e.skill,
            skill_name=SKILL_NAMES.get(e.skill, ""),
            group=e.group,
            commander=e.commander,
            spas=tuple(_spa_line(s, catalogue) for s in e.spas),
        )
        for i, e in numbered
        if e.pilot.name.strip() or e.spas
    ]


def spa_cards(numbered: Sequence[tuple[int, ForceEntry]]) -> list[SpaCard]:
    """One card per SPA the force's pilots have, in the order they first appear."""
    catalogue = _catalogue([e for _, e in numbered])
    order: list[str] = []
    holders: dict[str, list[str]] = {}
    for index, entry in numbered:
        who = entry.pilot.name.strip() or "unnamed pilot"
        for spa_id in entry.spas:
            if spa_id not in holders:
                order.append(spa_id)
                holders[spa_id] = []
            holders[spa_id].append(f"#{index} {who} ({entry.unit.name})")
    cards = []
    for spa_id in order:
        spa: Spa | None = catalogue.get(spa_id) if catalogue is not None else None
        if spa is None:
            cards.append(SpaCard(spa_id, spa_id, None, 0, "", "", "", tuple(holders[spa_id])))
            continue
        cards.append(
            SpaCard(
                id=spa.id,
                name=spa.name,
                cost=spa.cost,
                page=spa.page,
                summary=spa.summary,
                effect=effect_text(spa.card_effect),
                note=spa.note,
                taken_by=tuple(holders[spa_id]),
            )
        )
    return cards


def tokens(numbered: Sequence[tuple[int, ForceEntry]]) -> list[Token]:
    """A token per entry, in print order."""
    return [Token(i, e.unit.name, e.unit.variant, e.group, entry_pv(e)) for i, e in numbered]
