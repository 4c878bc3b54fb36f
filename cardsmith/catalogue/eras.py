"""Provides the MUL era and type ids that filters and the MUL client speak in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsmith.errors import UnknownName


@dataclass(frozen=True, slots=True)
class Era:
    """A MUL era: its id, name and the first year (MegaMek eras.xml ``<mulid>``)."""

    id: int
    name: str
    start: int


#: MUL era ids in time order (facts §1.2; MegaMek megamek/data/universe/eras.xml).
ERAS: tuple[Era, ...] = (
    Era(9, "Age of War", 2005),
    Era(10, "Star League", 2571),
    Era(11, "Early Succession Wars", 2781),
    Era(255, "Late Succession Wars - LosTech", 2901),
    Era(256, "Late Succession Wars - Renaissance", 3020),
    Era(13, "Clan Invasion", 3050),
    Era(247, "Civil War", 3062),
    Era(14, "Jihad", 3068),
    Era(15, "Early Republic", 3081),
    Era(254, "Late Republic", 3101),
    Era(16, "Dark Age", 3131),
    Era(257, "ilClan", 3151),
)

_BY_ID = {era.id: era for era in ERAS}

#: MUL ``Types`` filter ids (facts §1.2).
MUL_TYPE_IDS: dict[str, int] = {
    "aerospace": 17,
    "battlemech": 18,
    "combat vehicle": 19,
    "industrialmech": 20,
    "infantry": 21,
    "protomech": 23,
    "support vehicle": 24,
}

#: Alpha Strike type code → MUL ``Types`` id that returns it.
TYPE_CODE_TO_MUL: dict[str, int] = {
    "BM": 18,
    "IM": 20,
    "PM": 23,
    "CV": 19,
    "SV": 24,
    "BA": 21,
    "CI": 21,
    "AF": 17,
    "CF": 17,
}

#: MUL ``Technologies`` filter ids.
TECH_IDS: dict[str, int] = {"inner sphere": 1, "is": 1, "clan": 2, "mixed": 3, "primitive": 57}

#: MUL ``Rules`` filter ids.
RULES_IDS: dict[str, int] = {
    "introductory": 55,
    "standard": 4,
    "advanced": 5,
    "experimental": 6,
    "era specific": 56,
    "unknown": 78,
}


def era_name(era_id: int | None) -> str:
    """A readable era name, or the bare id for eras cardsmith does not know."""
    if era_id is None:
        return ""
    era = _BY_ID.get(era_id)
    return era.name if era else f"era {era_id}"


def resolve_era(text: str) -> int:
    """Read an era given as a MUL id, a year, or a (partial) name; its MUL id.

    Raises:
        UnknownName: the text names no era, or several (with suggestions).
    """
    return find_era(text).id


def era_by_id(era_id: int) -> Era | None:
    """The era with this MUL id, if cardsmith knows it."""
    return _BY_ID.get(era_id)


def find_era(text: str) -> Era:
    """The era a MUL id, a year (``3025``) or a name or part of one (``clan inv``) means.

    Case, spacing and punctuation are ignored (``ilClan``, ``Late Succession Wars LosTech``).

    Raises:
        UnknownName: the text names no era, or several; ``candidates`` lists close ones.
    """
    from cardsmith.catalogue.search import normalise

    text = text.strip()
    if text.isdigit():
        number = int(text)
        if number in _BY_ID:
            return _BY_ID[number]
        if number >= ERAS[0].start:  # a year: the era it falls in
            return next(era for era in reversed(ERAS) if number >= era.start)
        raise UnknownName(
            f"no MUL era has id {number}, and {number} is before the first era "
            f"({ERAS[0].name}, {ERAS[0].start})",
            candidates=tuple(_label(e) for e in ERAS),
        )
    key = normalise(text)
    if not key:
        raise UnknownName("give an era: its name, a year or its MUL id")
    exact = [era for era in ERAS if normalise(era.name) == key]
    matches = exact or [era for era in ERAS if key in normalise(era.name)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UnknownName(
            f"era {text!r} fits {len(matches)} eras; say which",
            candidates=tuple(_label(e) for e in matches),
        )
    close = closest(text, [era.name for era in ERAS])
    names = {era.name: era for era in ERAS}
    raise UnknownName(
        f"unknown era {text!r}",
        candidates=tuple(_label(names[n]) for n in close) or tuple(_label(e) for e in ERAS),
    )


def _label(era: Era) -> str:
    return f"{era.name} ({era.start}+, MUL id {era.id})"


def closest(text: str, names: Sequence[str], limit: int = 5) -> list[str]:
    """The names most like ``text`` (typos forgiven), best first; rapidfuzz loads only here."""
    from rapidfuzz import fuzz, process

    from cardsmith.catalogue.search import normalise

    keys = [normalise(name) for name in names]
    found = process.extract(normalise(text), keys, scorer=fuzz.WRatio, limit=limit, score_cutoff=60)
    return [names[index] for _key, _score, index in found]
