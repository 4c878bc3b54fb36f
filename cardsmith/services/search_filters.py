"""Provides ``parse_filters``: search filters as a player types them, checked and made typed.

``cardsmith search`` and the app's filter dialog both read their filters through here, so
a value one shell refuses the other refuses with the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardsmith.catalogue.row_filters import SearchFilters
from cardsmith.errors import UsageError
from cardsmith.models.unit_type import RULES_LEVELS, UnitType
from cardsmith.services.filter_text import FilterText as FilterText

if TYPE_CHECKING:
    from cardsmith.catalogue.eras import Era
    from cardsmith.catalogue.store import Catalogue

#: Tech bases the MUL knows (facts §1.2), as the filters accept them.
TECH_BASES = ("Inner Sphere", "Clan", "Mixed", "Primitive")
#: Rules levels the filters accept: the four of ASCE p.110 and the MUL's two others.
RULES_CHOICES = (*RULES_LEVELS, "Era Specific", "Unknown")


def resolve_era(text: str) -> Era:
    """The era a name, year or MUL id means (``UnknownName`` with suggestions if none).

    The era table loads on the first call: a search by name never needs it.
    """
    from cardsmith.catalogue.eras import find_era

    return find_era(text)


def split_values(values: Sequence[str]) -> list[str]:
    """Values may repeat and may hold comma lists: ``BM,CV`` and ``BA``."""
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def parse_range(text: str | None, label: str) -> tuple[int | None, int | None]:
    """Read ``20-40``, ``20-``, ``-40`` or ``35`` (both ends 35).

    Raises:
        UsageError: anything else, naming the option.
    """
    if not text or not text.strip():
        return None, None
    low, sep, high = text.strip().partition("-")
    try:
        if not sep:
            value = int(low)
            return value, value
        return (int(low) if low.strip() else None, int(high) if high.strip() else None)
    except ValueError:
        raise UsageError(f"{label} must look like 20-40, 20- or -40, not {text!r}") from None


def _choice(values: Sequence[str], known: Sequence[str], label: str) -> frozenset[str]:
    wanted = {v.casefold() for v in split_values(values)}
    unknown = sorted(wanted - {k.casefold() for k in known})
    if unknown:
        raise UsageError(f"unknown {label} {', '.join(unknown)}; use one of: {', '.join(known)}")
    return frozenset(wanted)


def _number(text: str, label: str) -> int | None:
    if not text.strip():
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{label} takes a whole number, not {text!r}") from None


def parse_filters(text: FilterText, catalogue: Catalogue | None = None) -> SearchFilters:
    """Turn typed filters into ``SearchFilters``, refusing unknown values.

    ``catalogue`` answers the availability filter (``available_in``); without one that
    filter is refused.

    Raises:
        UsageError: a value no filter accepts (the message lists what is accepted).
        UnknownName: an era or faction that names nothing.
    """
    type_codes = {t.upper() for t in split_values(text.types)}
    unknown = sorted(type_codes - {t.value for t in UnitType})
    if unknown:
        known = ", ".join(t.value for t in UnitType)
        raise UsageError(f"unknown unit type {', '.join(unknown)}; use one of: {known}")
    try:
        sizes = {int(s) for s in split_values(text.sizes)}
    except ValueError:
        raise UsageError("--size takes whole numbers, e.g. --size 3 or --size 1,2") from None
    pv_min, pv_max = parse_range(text.pv, "--pv")
    low, high = _number(text.pv_min, "the lowest PV"), _number(text.pv_max, "the highest PV")
    available: frozenset[int] | None = None
    if text.faction.strip() and not text.available_in.strip():
        raise UsageError("--faction needs --available-in ERA: availability is per era")
    if text.available_in.strip():
        if catalogue is None:
            raise UsageError("the availability filter needs the local catalogue")
        era = resolve_era(text.available_in)
        faction = catalogue.find_faction(text.faction) if text.faction.strip() else None
        view = catalogue.availability_view(era.id, faction.id if faction else None)
        available = view.available_ids()
    return SearchFilters(
        types=frozenset(type_codes),
        roles=frozenset(r.casefold() for r in split_values(text.roles)),
        sizes=frozenset(sizes),
        pv_min=low if low is not None else pv_min,
        pv_max=high if high is not None else pv_max,
        move_min=text.move_min,
        specials=frozenset(s.upper() for s in split_values(text.specials)),
        eras=frozenset(resolve_era(e).id for e in split_values(text.eras)),
        techs=_choice(text.techs, TECH_BASES, "tech base"),
        rules=_choice(text.rules, RULES_CHOICES, "rules level"),
        usable_only=text.usable_only,
        available=available,
    )
