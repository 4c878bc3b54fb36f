"""Provides ``card_lines``: a unit card drawn in text for the terminal (TUI preview, text output).

It shows the same ``CardData`` as the PDF: pips as ○ (armor) and ● (structure), the
heat scale as ``[1][2][3][S]``, critical-hit tracks as □ boxes.  No drawing library.
"""

from __future__ import annotations

import textwrap

from cardsmith.models import ForceEntry, Unit
from cardsmith.render.model import CardData, card_for

ARMOR_PIP = "○"
STRUCTURE_PIP = "●"
CRIT_BOX = "□"
MIN_WIDTH = 32


def card_lines(item: ForceEntry | Unit | CardData, width: int = 60) -> list[str]:
    """The card of an entry or unit as framed lines, each exactly ``width`` characters.

    Widths below 32 are raised to 32.

    Raises:
        RenderError: the unit has no Alpha Strike stats or no card family prints it.
    """
    card = item if isinstance(item, CardData) else card_for(item)
    width = max(MIN_WIDTH, width)
    inner = width - 4
    body: list[str] = []
    pv = f"PV {card.pv}"
    body.append(_fit(card.name, inner - len(pv) - 1).ljust(inner - len(pv)) + pv)
    if card.pilot or card.group or card.commander:
        body.append(_fit(card.pilot_line, inner))
    for line in card.info_lines:
        body.extend(_wrap(line, inner))
    damage = "  ".join(f"{c.label} {c.value} (TN {c.target}+)" for c in card.damage)
    body.extend(_wrap(f"DMG  {damage}", inner))
    if card.heat_scale:
        boxes = "".join(f"[{level}]" for level in card.heat_scale)
        body.append(f"OV {card.overheat}   HEAT {boxes}")
    body.extend(_pips("A", card.armor, ARMOR_PIP, inner))
    body.extend(_pips("S", card.structure, STRUCTURE_PIP, inner))
    if card.threshold is not None:
        body.append(f"TH {card.threshold}")
    if card.squad is not None:
        body.append(f"SQUAD {card.squad} troopers")
    body.extend(_wrap("SPECIAL " + (", ".join(card.specials) or "—"), inner))
    if card.crits:
        body.append("CRITICAL HITS")
        label_width = max(len(t.name) for t in card.crits)
        for track in card.crits:
            groups = "  ".join(f"{CRIT_BOX * g.boxes} {g.effect}" for g in track.groups)
            body.extend(
                _wrap(f" {track.name.ljust(label_width)} {groups}", inner, indent=label_width + 2)
            )
    if card.spas:
        body.extend(_wrap(card.spa_line, inner))
    if card.footer:
        body.append(card.footer.rjust(inner))
    top = "┌" + "─" * (width - 2) + "┐"
    bottom = "└" + "─" * (width - 2) + "┘"
    return [top, *(f"│ {line.ljust(inner)} │" for line in body), bottom]


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _wrap(text: str, width: int, indent: int = 2) -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=" " * indent) or [""]


def _pips(label: str, count: int, pip: str, width: int) -> list[str]:
    if count == 0:
        return [f"{label} none"]
    per_row = max(1, width - 2)
    rows = [pip * min(per_row, count - start) for start in range(0, count, per_row)]
    return [f"{label if i == 0 else ' '} {row}" for i, row in enumerate(rows)]
