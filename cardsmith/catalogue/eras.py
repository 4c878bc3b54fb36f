"""Provides the MUL era and type ids that filters and the MUL client speak in."""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.errors import UsageError


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
    """Read an era given as a MUL id, a year, or a (partial) name.

    Raises:
        UsageError: the text names no era.
    """
    text = text.strip()
    if text.isdigit():
        number = int(text)
        if number in _BY_ID:
            return number
        if number >= 2005:  # a year: the era it falls in
            for era in reversed(ERAS):
                if number >= era.start:
                    return era.id
    lowered = text.lower()
    matches = [era for era in ERAS if lowered in era.name.lower()]
    if len(matches) == 1:
        return matches[0].id
    names = ", ".join(f"{e.name} ({e.id})" for e in ERAS)
    if matches:
        raise UsageError(f"era {text!r} is ambiguous; one of: {names}")
    raise UsageError(f"unknown era {text!r}; known eras: {names}")
