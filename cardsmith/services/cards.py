"""Provides terminal cards, the specials glossary and reference tables (printing: ``printing``)."""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.errors import CardsmithError
from cardsmith.glossary import load_glossary
from cardsmith.models import ForceEntry, Unit
from cardsmith.render.content.reference import RefTable as ReferenceTable
from cardsmith.render.content.reference import load_reference
from cardsmith.render.terminal import card as terminal_card

# -- terminal cards ---------------------------------------------------------------------------


def card_lines(item: Unit | ForceEntry, width: int) -> list[str] | None:
    """Terminal card lines, or None when the unit has no card (the stat panel says why)."""
    try:
        return terminal_card.card_lines(item, width)
    except CardsmithError:
        return None


# -- reference data ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GlossaryRow:
    """One special ability code and its meaning, for the reference screen and cards."""

    code: str
    name: str
    summary: str
    seed: bool
    """True when seed 004's glossary explains it."""


def glossary() -> dict[str, GlossaryRow]:
    """Every special ability the glossary explains, by code (empty when unavailable)."""
    try:
        entries = load_glossary().entries
    except CardsmithError:
        return {}
    return {
        code: GlossaryRow(code, info.name, info.summary, bool(info.seed))
        for code, info in entries.items()
    }


def special_info(code: str) -> GlossaryRow | None:
    """The glossary entry that explains ``code`` (``ARTAIS`` → the ART entry), if any."""
    try:
        info = load_glossary().lookup(code)
    except CardsmithError:
        return None
    return None if info is None else GlossaryRow(info.code, info.name, info.summary, info.seed)


def special_meaning(code: str) -> str:
    """A one-line meaning of an ability code (empty when the glossary does not know it)."""
    try:
        info = load_glossary().lookup(code)
    except CardsmithError:
        return ""
    return f"{info.name}: {info.summary}" if info is not None else ""


def reference_tables() -> list[ReferenceTable]:
    """Crit tables, motive damage, heat, to-hit modifiers, range and turn, in page order.

    The crit, motive and heat tables come from the battle engine's own data.

    Raises:
        TemplateError: the reference data does not load.
    """
    return list(load_reference())
