"""Provides the special pilot ability (SPA) catalogue, skill budgets and SPA effects on cards."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith.errors import TemplateError
from cardsmith.models.stats import Movement, format_move
from cardsmith.models.unit import RANGES, Unit, UnitType
from cardsmith.templates import Problems, file_mtime, read_toml, template_path
from cardsmith.wording import count

SPA_FILE = "spas.toml"

#: Standard range to-hit modifiers (ASCE p.44 Range Modifiers): Short +0, Medium +2,
#: Long +4, Extreme +6.
STANDARD_RANGE_MODIFIERS: dict[str, int] = {"S": 0, "M": 2, "L": 4, "E": 6}

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True, slots=True)
class CardEffect:
    """How an SPA changes numbers printed on a unit's card."""

    move_inches: int = 0
    """Added to every ground (non-jump, non-thrust) move mode; the TMM does not change."""
    thrust: int = 0
    """Added to aerospace thrust."""
    range_modifiers: tuple[tuple[str, int], ...] = ()
    """Range band → to-hit modifier replacing the standard one (``(("M", 1), …)``)."""


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
    choices: tuple[str, ...] = ()
    """What a pilot picks with the SPA (Range Master's range, ASCE p.98; Environmental
    Specialist's condition, p.95); the entry stores it after the id (``range-master:long``)."""

    def choice_problem(self, choice: str) -> str:
        """Why ``choice`` does not go with this SPA ("" when it does, or none is asked)."""
        if not self.choices:
            return f"{self.name} takes no choice" if choice else ""
        options = ", ".join(self.choices)
        if not choice:
            return f"{self.name} needs a choice: one of {options} (e.g. {self.id}:{_key(self.choices[0])})"
        if choice_key(choice) not in {choice_key(c) for c in self.choices}:
            return f"{choice!r} is not a choice of {self.name}: one of {options}"
        return ""

    def label(self, choice: str = "") -> str:
        """``Range Master (Long)``: the name with the choice as the pilot made it."""
        chosen = next((c for c in self.choices if choice_key(c) == choice_key(choice)), choice)
        return f"{self.name} ({chosen})" if chosen else self.name

    """A restriction the data cannot check (four legs, beast mounts …)."""

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

    def __contains__(self, spa_id: object) -> bool:
        return spa_id in self._by_id

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


# -- card effects -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardNumbers:
    """The numbers a card shows for a unit flown by a pilot of some skill and SPAs."""

    move: tuple[Movement, ...]
    move_text: str
    tmm: int
    """Unchanged by SPAs (Speed Demon explicitly keeps the TMM, ASCE p.99)."""
    range_modifiers: dict[str, int]
    target_numbers: dict[str, int]
    """Skill + range modifier per band (S, M, L, E)."""
    changed_by: tuple[str, ...]
    """Ids of the SPAs that changed something."""


def card_numbers(
    unit: Unit,
    skill: int,
    spa_ids: Iterable[str],
    catalogue: SpaCatalogue | None = None,
    *,
    move: Sequence[Movement] | None = None,
) -> CardNumbers:
    """Apply a pilot's SPAs to the numbers on a unit's card: move, TMM and target numbers.

    This is the one place where SPAs change card values (Sniper's range modifiers, ASCE
    p.99; Speed Demon's move and thrust, ASCE p.99; the infantry move abilities, ASCE
    p.101): the printed card, the app's grid and the battle engine all call it.

    Args:
        unit: the unit flown.
        skill: the number the target numbers start from.  On a card it is the pilot's
            skill; in play, pass the weapon skill with every other modifier that adds to
            each band alike (heat, fire-control hits, ASCE p.50-52): an SPA replaces only
            the range modifier.
        spa_ids: the pilot's SPA ids; ids the catalogue does not know are ignored.
        catalogue: the SPA catalogue (the built-in one when None).
        move: the move modes to boost instead of the unit's printed ones, e.g. the move
            left after crits and heat in play.  A mode at 0" stays at 0": a unit that
            cannot move gains nothing from Speed Demon.

    Returns:
        The boosted move, its text, the unchanged TMM, the range modifiers per band and
        ``skill`` plus each of them, and the ids of the SPAs that changed something.
    """
    catalogue = catalogue or load_spas()
    move_bonus = 0
    thrust_bonus = 0
    modifiers = dict(STANDARD_RANGE_MODIFIERS)
    changed: list[str] = []
    for spa_id in spa_ids:
        spa = catalogue.get(spa_id)
        if spa is None or spa.card_effect is None:
            continue
        effect = spa.card_effect
        move_bonus += effect.move_inches
        thrust_bonus += effect.thrust
        for band, value in effect.range_modifiers:
            modifiers[band] = min(modifiers[band], value)
        changed.append(spa_id)
    modes = unit.move if move is None else tuple(move)
    boosted = tuple(_boost(m, move_bonus, thrust_bonus) for m in modes)
    return CardNumbers(
        move=boosted,
        move_text=format_move(boosted),
        tmm=unit.tmm,
        range_modifiers=modifiers,
        target_numbers={band: skill + modifiers[band] for band in RANGES},
        changed_by=tuple(changed),
    )


def _boost(mode: Movement, inches: int, thrust: int) -> Movement:
    # Station keeping ("k") is not thrust a pilot can push; jump is not Move (ASCE p.99).
    bonus = inches
    if mode.is_thrust:
        bonus = thrust if mode.mode != "k" else 0
    elif mode.is_jump:
        bonus = 0
    if not bonus or mode.inches <= 0:
        return mode
    return Movement(mode.inches + bonus, mode.mode, mode.detail)


# -- loading ------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _load_cached(path: Path, mtime_ns: int) -> SpaCatalogue:
    return load_spa_file(path)


def load_spas(path: Path | None = None) -> SpaCatalogue:
    """The SPA catalogue: ``path``, else the user's ``spas.toml``, else the built-in one.

    Raises:
        TemplateError: the file is unreadable or has bad entries (all listed).
    """
    if path is None:
        path = template_path(SPA_FILE)
    mtime = file_mtime(path, what="the SPA catalogue")
    return _load_cached(path, mtime)


def load_spa_file(path: Path) -> SpaCatalogue:
    """Read one SPA TOML file, checking every entry.

    Raises:
        TemplateError: unreadable file or bad entries; ``problems`` lists each.
    """
    data = read_toml(path, what="the SPA catalogue")
    problems = Problems(path)
    spas: list[Spa] = []
    seen: set[str] = set()
    raw = data.get("spa", [])
    if not isinstance(raw, list):
        raise TemplateError(f"{path}: 'spa' must be an array of tables ([[spa]])")
    for number, item in enumerate(raw):
        where = f"{path.name}: spa[{number}]"
        if not isinstance(item, Mapping):
            problems.add(f"{where}: must be a table")
            continue
        spa = _parse_spa(item, where, problems)
        if spa is None:
            continue
        if spa.id in seen:
            problems.add(f"{where}.id: duplicate id {spa.id!r}")
        seen.add(spa.id)
        spas.append(spa)
    problems.raise_if_any("SPA catalogue")
    return SpaCatalogue(spas)


def _parse_spa(item: Mapping[str, Any], where: str, problems: Problems) -> Spa | None:
    before = len(problems)
    spa_id = item.get("id")
    if not isinstance(spa_id, str) or not _ID.match(spa_id):
        problems.add(f"{where}.id: must be kebab-case text, not {spa_id!r}")
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add(f"{where}.name: must be non-empty text")
    cost = item.get("cost")
    if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
        problems.add(f"{where}.cost: must be a whole number of points, not {cost!r}")
    types = item.get("unit_types", [])
    valid_codes = {t.value for t in UnitType}
    if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
        problems.add(f"{where}.unit_types: must be a list of type codes")
        types = []
    for code in types:
        if code.partition(":")[0] not in valid_codes:
            problems.add(f"{where}.unit_types: unknown unit type {code!r}")
    texts = {}
    for key in ("summary", "family", "note"):
        value = item.get(key, "")
        if not isinstance(value, str):
            problems.add(f"{where}.{key}: must be text")
            value = ""
        texts[key] = value
    aliases = item.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        problems.add(f"{where}.aliases: must be a list of text")
        aliases = []
    page = item.get("page", 0)
    if not isinstance(page, int) or isinstance(page, bool):
        problems.add(f"{where}.page: must be a page number")
        page = 0
    effect = _parse_effect(item.get("card_effect"), f"{where}.card_effect", problems)
    choices = item.get("choices", [])
    if not isinstance(choices, list) or not all(isinstance(c, str) and c.strip() for c in choices):
        problems.add(f"{where}.choices: must be a list of text")
        choices = []
    if len(problems) > before:
        return None
    return Spa(
        id=str(spa_id),
        name=str(name).strip(),
        cost=int(cost),  # type: ignore[arg-type]
        unit_types=tuple(types),
        summary=texts["summary"],
        aliases=tuple(aliases),
        card_effect=effect,
        family=texts["family"],
        page=page,
        note=texts["note"],
        choices=tuple(c.strip() for c in choices),
    )


def _parse_effect(raw: object, where: str, problems: Problems) -> CardEffect | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        problems.add(f"{where}: must be a table")
        return None
    unknown = set(raw) - {"move_inches", "thrust", "range_modifiers"}
    if unknown:
        problems.add(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    numbers: dict[str, int] = {}
    for key in ("move_inches", "thrust"):
        value = raw.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            problems.add(f"{where}.{key}: must be a whole number")
            value = 0
        numbers[key] = value
    modifiers = raw.get("range_modifiers", {})
    pairs: list[tuple[str, int]] = []
    if not isinstance(modifiers, Mapping):
        problems.add(f"{where}.range_modifiers: must be a table of band = modifier")
    else:
        for band, value in modifiers.items():
            if band not in STANDARD_RANGE_MODIFIERS:
                problems.add(f"{where}.range_modifiers: unknown range band {band!r}")
            elif not isinstance(value, int) or isinstance(value, bool):
                problems.add(f"{where}.range_modifiers.{band}: must be a whole number")
            else:
                pairs.append((band, value))
    return CardEffect(numbers["move_inches"], numbers["thrust"], tuple(pairs))
