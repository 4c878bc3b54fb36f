"""Provides the SPA types: an ability, its card effect, the catalogue of them, and budgets."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardsmith.models.unit import Unit
from cardsmith.wording import count


@dataclass(frozen=True, slots=True)
class CardEffect:
    """How an SPA changes numbers printed on a unit's card."""

    move_inches: int = 0
    """Added to every ground (non-jump, non-thrust) move mode; the TMM does not change."""
    thrust: int = 0
    """Added to aerospace thrust."""
    range_modifiers: tuple[tuple[str, int], ...] = ()
    """Range band → to-hit modifier replacing the standard one (``(("M", 1), …)``)."""
    swap_short_with_choice: bool = False
    """The range band the pilot chose trades its to-hit modifier with Short's (Range
    Master, ASCE p.98: ``range-master:long`` → Long +0, Short +4)."""


@dataclass(frozen=True, slots=True)
class Spa:
    """One special pilot ability (ASCE p.92-101)."""

    id: str
    """Kebab-case id (``speed-demon``, ``lucky-2``)."""
    name: str
    cost: int
    """SPA points it costs (ASCE p.92 table)."""
    unit_types: tuple[str, ...] = ()
    """Allowed type codes, optionally with a movement mode (``CV:v``); empty = any unit."""
    summary: str = ""
    aliases: tuple[str, ...] = ()
    card_effect: CardEffect | None = None
    """Set when the SPA changes a number on the card (move, thrust, to-hit by range)."""
    family: str = ""
    """Levels of one ability share a family (``lucky``); a pilot takes one level at most."""
    page: int = 0
    """ASCE page of the ability's entry."""
    note: str = ""
    """A restriction the data cannot check (four legs, beast mounts …)."""
    choices: tuple[str, ...] = ()
    """What a pilot picks with the SPA (Range Master's range, ASCE p.98; Environmental
    Specialist's condition, p.95); the entry stores it after the id (``range-master:long``)."""

    def choice_problem(self, choice: str) -> str:
        """Why ``choice`` does not go with this SPA ("" when it does, or none is asked)."""
        if not self.choices:
            return f"{self.name} takes no choice" if choice else ""
        options = ", ".join(self.choices)
        if not choice:
            return f"{self.name} needs a choice: one of {options} (e.g. {self.id}:{choice_key(self.choices[0])})"
        if choice_key(choice) not in {choice_key(c) for c in self.choices}:
            return f"{choice!r} is not a choice of {self.name}: one of {options}"
        return ""

    def label(self, choice: str = "") -> str:
        """``Range Master (Long)``: the name with the choice as the pilot made it."""
        chosen = next((c for c in self.choices if choice_key(c) == choice_key(choice)), choice)
        return f"{self.name} ({chosen})" if chosen else self.name

    def allows(self, unit: Unit) -> bool:
        """True when a unit of this type (and movement) may take the ability."""
        if not self.unit_types:
            return True
        if unit.type is None:
            return False
        modes = {m.mode for m in unit.move}
        for allowed in self.unit_types:
            code, _, mode = allowed.partition(":")
            if code == unit.type.value and (not mode or mode in modes):
                return True
        return False

    @property
    def unit_types_text(self) -> str:
        """The allowed unit types for people: ``any`` or ``BM, IM, PM``."""
        return ", ".join(self.unit_types) if self.unit_types else "any"


@dataclass(frozen=True, slots=True)
class SpaBudget:
    """How many SPAs, and how many SPA points, a pilot of one skill may have (ASCE p.92)."""

    max_count: int
    max_cost: int


#: ASCE p.92 "Special Pilot Abilities by Skill Level": skill → (SPAs, points).
#: Green or worse (5-7) get none.
_BUDGETS: dict[int, SpaBudget] = {
    0: SpaBudget(3, 6),  # Legendary
    1: SpaBudget(3, 6),  # Heroic
    2: SpaBudget(2, 4),  # Elite
    3: SpaBudget(2, 4),  # Veteran
    4: SpaBudget(1, 2),  # Regular
}


def spa_budget(skill: int) -> SpaBudget:
    """SPA allowance for a pilot of ``skill`` (0-7; Green or worse get none)."""
    return _BUDGETS.get(skill, SpaBudget(0, 0))


class SpaCatalogue:
    """Every known SPA, looked up by id or by a name/alias."""

    def __init__(self, spas: Iterable[Spa]) -> None:
        self._by_id: dict[str, Spa] = {}
        self._by_key: dict[str, Spa] = {}
        for spa in spas:
            self._by_id[spa.id] = spa
            for key in (spa.id, spa.name, *spa.aliases):
                self._by_key.setdefault(_key(key), spa)

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, spa_id: str) -> Spa | None:
        """The SPA with this id (a choice after ``:`` is allowed: ``range-master:long``), or None."""
        return self._by_id.get(spa_id) or self._by_id.get(split_choice(spa_id)[0])

    def find(self, text: str) -> Spa | None:
        """The SPA whose id, name or alias matches ``text`` (case and punctuation ignored).

        A choice after ``:`` is ignored here (``split_choice`` gives it).
        """
        base = split_choice(text)[0]
        return self._by_id.get(base) or self._by_key.get(_key(base))

    def label(self, spa_id: str) -> str:
        """``Range Master (Long)`` for ``range-master:long``; the id itself when unknown."""
        spa = self.get(spa_id)
        return spa.label(split_choice(spa_id)[1]) if spa is not None else spa_id

    def all(self) -> list[Spa]:
        """Every SPA, in file order."""
        return list(self._by_id.values())

    def allowed_for(self, unit: Unit) -> list[Spa]:
        """The SPAs a unit of this type may take."""
        return [spa for spa in self._by_id.values() if spa.allows(unit)]

    def cost(self, spa_ids: Iterable[str]) -> int:
        """Total points of these SPAs (unknown ids count 0)."""
        return sum(spa.cost for spa in (self.get(i) for i in spa_ids) if spa is not None)


def _key(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "", text.casefold())


def split_choice(spa_id: str) -> tuple[str, str]:
    """(the SPA id, the pilot's choice) of ``range-master:long`` (choice "" when none)."""
    base, _colon, choice = spa_id.partition(":")
    return base.strip(), choice.strip()


def choice_key(choice: str) -> str:
    """A choice as it is stored and compared: ``Extreme Temperatures`` → ``extreme-temperatures``."""
    return re.sub(r"[^0-9a-z]+", "-", choice.casefold()).strip("-")


def budget_problems(skill: int, spa_ids: Sequence[str], catalogue: SpaCatalogue) -> list[str]:
    """What breaks the ASCE p.92 allowance for this skill (empty when within it)."""
    budget = spa_budget(skill)
    cost = catalogue.cost(spa_ids)
    problems: list[str] = []
    if len(spa_ids) > budget.max_count:
        problems.append(
            f"skill {skill} allows {count(budget.max_count, 'SPA')}, this pilot has {len(spa_ids)}"
        )
    if cost > budget.max_cost:
        problems.append(f"skill {skill} allows {budget.max_cost} SPA points, these cost {cost}")
    return problems
