"""Provides terminal cards, printing, the specials glossary and reference tables."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardsmith.errors import CardsmithError, RenderError
from cardsmith.models import Force, ForceEntry, Unit
from cardsmith.services._optional import optional_module as _module

# -- cards and printing -----------------------------------------------------------------------


def card_lines(item: Unit | ForceEntry, width: int) -> list[str] | None:
    """Terminal card lines from the renderer, or None when it is not available."""
    text = _module("cardsmith.render.terminal.card")
    if text is None:
        return None
    try:
        lines: list[str] = text.card_lines(item, width)
    except CardsmithError:
        return None  # no card for this unit (no stats): the plain stat panel says why
    return lines


def can_print() -> bool:
    """True when the PDF renderer is installed."""
    return _module("cardsmith.render.pdf.record_sheets") is not None


def print_force(
    force: Force,
    out_path: Path,
    *,
    paper: str = "letter",
    mono: bool = False,
    reference: bool = True,
) -> Path:
    """Write record sheets for ``force`` to ``out_path`` (blocking: run it in a worker).

    Raises:
        RenderError: the renderer is absent or the PDF could not be written.
    """
    pdf = _module("cardsmith.render.pdf.record_sheets")
    if pdf is None:
        raise RenderError("printing is not available in this build")
    written: Path = pdf.render_sheets(
        [force], out_path, paper=paper, mono=mono, reference=reference
    )
    return written


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
    module = _module("cardsmith.glossary")
    if module is None:
        return {}
    try:
        entries = module.load_glossary().entries
    except CardsmithError:
        return {}
    return {
        code: GlossaryRow(code, info.name, info.summary, bool(info.seed))
        for code, info in entries.items()
    }


def special_info(code: str) -> GlossaryRow | None:
    """The glossary entry that explains ``code`` (``ARTAIS`` → the ART entry), if any."""
    module = _module("cardsmith.glossary")
    if module is None:
        return None
    try:
        info = module.load_glossary().lookup(code)
    except CardsmithError:
        return None
    return None if info is None else GlossaryRow(info.code, info.name, info.summary, info.seed)


def special_meaning(code: str) -> str:
    """A one-line meaning of an ability code (empty when the glossary does not know it)."""
    module = _module("cardsmith.glossary")
    if module is None:
        return ""
    try:
        info = module.load_glossary().lookup(code)
    except CardsmithError:
        return ""
    return f"{info.name}: {info.summary}" if info is not None else ""


@dataclass(frozen=True, slots=True)
class ReferenceTable:
    """A reference table: title, headers, rows and a note."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


def reference_tables() -> list[ReferenceTable]:
    """Crit tables, motive damage, heat effects and to-hit modifiers from the templates.

    Raises:
        TemplateError: the reference data does not load.
    """
    module = _module("cardsmith.render.content.reference")
    if module is None:
        return []
    return [ReferenceTable(t.title, t.columns, t.rows, t.note) for t in module.load_reference()]
