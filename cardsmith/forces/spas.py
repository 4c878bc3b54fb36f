"""Provides the special pilot ability (SPA) catalogue, skill budgets and SPA effects on cards.

The types live in ``spa_model``; they are named here too, where callers look for them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith.errors import ForceEditError, TemplateError
from cardsmith.forces.spa_model import (
    CardEffect,
    Spa,
    SpaBudget,
    SpaCatalogue,
    budget_problems,
    choice_key,
    spa_budget,
    split_choice,
)
from cardsmith.models.stats import Movement, format_move
from cardsmith.models.unit import RANGES, Unit, UnitType
from cardsmith.templates import Problems, file_mtime, read_toml, template_path

__all__ = [
    "STANDARD_RANGE_MODIFIERS",
    "CardEffect",
    "CardNumbers",
    "Spa",
    "SpaBudget",
    "SpaCatalogue",
    "budget_problems",
    "card_numbers",
    "choice_key",
    "load_spa_file",
    "load_spas",
    "resolve_spas",
    "spa_budget",
    "split_choice",
]

SPA_FILE = "spas.toml"

#: Standard range to-hit modifiers (ASCE p.44 Range Modifiers): Short +0, Medium +2,
#: Long +4, Extreme +6.
STANDARD_RANGE_MODIFIERS: dict[str, int] = {"S": 0, "M": 2, "L": 4, "E": 6}

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


# -- a pilot's SPAs ------------------------------------------------------------------


def resolve_spas(
    unit: Unit, spas: Sequence[str], catalogue: SpaCatalogue | None = None
) -> tuple[str, ...]:
    """SPA ids for these ids/names, checked against the unit's type.

    Raises:
        ForceEditError: unknown SPA, not allowed for the unit type, given twice, or two
            levels of one ability (``lucky-1`` and ``lucky-3``).
    """
    if not spas:
        return ()
    catalogue = catalogue or load_spas()
    ids: list[str] = []
    families: dict[str, str] = {}
    for text in spas:
        if not isinstance(text, str) or not text.strip():
            raise ForceEditError("an SPA must be given by its id, e.g. 'sniper'")
        spa = catalogue.find(text.strip())
        if spa is None:
            raise ForceEditError(f"unknown SPA {text!r} (see `cardsmith force spas` for the list)")
        choice = split_choice(text)[1]
        # A choice must be one the SPA offers; leaving it out is allowed here (the
        # player may pick it later) and the spa-budget check reminds them.
        if choice and spa.choice_problem(choice):
            raise ForceEditError(spa.choice_problem(choice))
        if not spa.allows(unit):
            raise ForceEditError(
                f"{spa.name} is for {spa.unit_types_text} units; {unit.name} is {unit.type_code}"
            )
        if spa.id in {split_choice(i)[0] for i in ids}:
            raise ForceEditError(f"{spa.name} is given twice")
        if spa.family:
            if spa.family in families:
                raise ForceEditError(
                    f"{spa.name} and {families[spa.family]} are levels of the same ability; "
                    "take one"
                )
            families[spa.family] = spa.name
        ids.append(f"{spa.id}:{choice_key(choice)}" if choice else spa.id)
    return tuple(ids)


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
    p.99; Range Master's chosen range trading modifiers with Short, ASCE p.98; Speed
    Demon's move and thrust, ASCE p.99; the infantry move abilities, ASCE p.101): the
    printed card, the app's grid and the battle engine all call it.

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
    swaps: list[str] = []
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
        if effect.swap_short_with_choice:
            chosen = chosen_band(spa_id)
            if chosen is None:
                continue  # no range chosen yet: `check` asks for it
            swaps.append(chosen)
        changed.append(spa_id)
    for swapped in swaps:
        modifiers["S"], modifiers[swapped] = modifiers[swapped], modifiers["S"]
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


def chosen_band(spa_id: str) -> str | None:
    """The range band a choice names (``range-master:long`` → ``L``); None for no band."""
    choice = choice_key(split_choice(spa_id)[1])
    band = choice[:1].upper()
    return band if band in STANDARD_RANGE_MODIFIERS and band != "S" else None


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
    unknown = set(raw) - {"move_inches", "thrust", "range_modifiers", "swap_short_with_choice"}
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
    swap = raw.get("swap_short_with_choice", False)
    if not isinstance(swap, bool):
        problems.add(f"{where}.swap_short_with_choice: must be true or false")
        swap = False
    return CardEffect(numbers["move_inches"], numbers["thrust"], tuple(pairs), swap)
