"""Provides ``card_lines``: a unit card drawn in text for the terminal (TUI preview, text output).

It shows the same ``CardData`` as the PDF: pips as ○ (armor) and ● (structure), the
heat scale as ``[1][2][3][S]``, critical-hit tracks as □ boxes.  A unit with several
profiles shows its ``MultiCardData``: a profile table (or one block per profile when the
table is too wide), one shared track and the switch rule.  No drawing library.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from cardsmith.models import ForceEntry, Pilot, Unit
from cardsmith.render.content.card import CardData
from cardsmith.render.content.multi_profile import MultiCardData, sheet_card

ARMOR_PIP = "○"
STRUCTURE_PIP = "●"
CRIT_BOX = "□"
MIN_WIDTH = 32

#: Joins the words of one item while a line is wrapped: textwrap never breaks there.
_NBSP = "\u00a0"


def card_lines(item: ForceEntry | Unit | CardData | MultiCardData, width: int = 60) -> list[str]:
    """The card of an entry or unit as framed lines, each exactly ``width`` characters.

    Widths below 32 are raised to 32.  A unit with several profiles gets its one
    multi-profile card, as in the PDF.

    Raises:
        RenderError: the unit has no Alpha Strike stats (nor profiles of another system)
            or no card family prints it.
    """
    if isinstance(item, CardData | MultiCardData):
        card = item
    else:
        entry = item if isinstance(item, ForceEntry) else ForceEntry(unit=item, pilot=Pilot())
        card = sheet_card(entry)
    width = max(MIN_WIDTH, width)
    if isinstance(card, MultiCardData):
        return _frame(width, multi_body(card, width - 4))
    inner = width - 4
    body: list[str] = []
    pv = f"PV {card.pv}"
    body.append(_fit(card.name, inner - len(pv) - 1).ljust(inner - len(pv)) + pv)
    if card.pilot or card.group or card.commander:
        body.append(_fit(card.pilot_line, inner))
    for line in card.info_lines:
        body.extend(_wrap(line, inner))
    damage = (f"{c.label} {c.value} (TN {c.target}+)" for c in card.damage)
    body.extend(_wrap_whole("DMG  ", damage, "  ", inner))
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
    return _frame(width, body)


def _frame(width: int, body: list[str]) -> list[str]:
    inner = width - 4
    top = "┌" + "─" * (width - 2) + "┐"
    bottom = "└" + "─" * (width - 2) + "┘"
    return [top, *(f"│ {_fit(line, inner).ljust(inner)} │" for line in body), bottom]


def multi_body(card: MultiCardData, inner: int) -> list[str]:
    """The lines inside the frame of a multi-profile card."""
    body: list[str] = []
    points = f"{card.points_label} {card.pv}"
    body.append(_fit(card.name, inner - len(points) - 1).ljust(inner - len(points)) + points)
    if card.pilot or card.group or card.commander:
        body.append(_fit(card.pilot_line, inner))
    body.extend(_wrap(card.info_line, inner))
    body.extend(_profile_table(card, inner))
    if card.track_name:
        track = CRIT_BOX * card.wounds if card.wounds else "none"
        body.extend(_wrap(f"{card.track_name} {track}  (shared by every profile)", inner))
    else:
        body.extend(_pips("A", card.armor, ARMOR_PIP, inner))
        body.extend(_pips("S", card.structure, STRUCTURE_PIP, inner))
    if card.heat_scale:
        boxes = "".join(f"[{level}]" for level in card.heat_scale)
        body.append(f"OV {card.overheat}   HEAT {boxes}")
    label = "NOTES " if card.track_name else "SPECIAL "
    body.extend(_wrap(label + (", ".join(card.specials) or "—"), inner))
    body.extend(_wrap(f"SWITCH {card.rule_line}", inner))
    if card.spas:
        body.extend(_wrap(card.spa_line, inner))
    if card.footer:
        body.append(card.footer.rjust(inner))
    return body


def _profile_table(card: MultiCardData, inner: int) -> list[str]:
    """Profiles as an aligned table, or one wrapped block per profile when it is too wide."""
    header = ["PROFILE", *card.columns]
    rows = [[r.name, *r.cells] for r in card.rows]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    if sum(widths) + len(widths) - 1 <= inner:
        lines = [" ".join(c.ljust(w) for c, w in zip(header, widths, strict=True)).rstrip()]
        lines += [
            " ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
        ]
        return lines
    lines = []
    for row in rows:
        pairs = (f"{h} {c}" for h, c in zip(card.columns, row[1:], strict=True))
        lines.extend(_wrap_whole(f"{row[0]}: ", pairs, ", ", inner))
    return lines


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def _wrap(text: str, width: int, indent: int = 2) -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=" " * indent) or [""]


def _wrap_whole(head: str, items: Iterable[str], separator: str, width: int) -> list[str]:
    """``head`` and the ``items`` wrapped to ``width``, no line break inside an item.

    "L 3 (TN" and "8+)" on two lines, or "TMM" and "2", read as two values.  An item
    longer than half the width (a profile's specials) may still break between words.
    """
    whole = (item.replace(" ", _NBSP) if len(item) <= width // 2 else item for item in items)
    text = head + separator.join(whole)
    return [line.replace(_NBSP, " ") for line in _wrap(text, width)]


def _pips(label: str, count: int, pip: str, width: int) -> list[str]:
    if count == 0:
        return [f"{label} none"]
    per_row = max(1, width - 2)
    rows = [pip * min(per_row, count - start) for start in range(0, count, per_row)]
    return [f"{label if i == 0 else ' '} {row}" for i, row in enumerate(rows)]
