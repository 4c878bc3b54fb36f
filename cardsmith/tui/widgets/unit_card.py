"""Provides ``UnitCard``: a unit's Alpha Strike card drawn in the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from cardsmith import services

if TYPE_CHECKING:  # the models load after the first frame (an empty card needs none)
    from cardsmith.models import ForceEntry, Unit


def stat_panel(unit: Unit, skill: int = 4, pilot: str = "", spas: tuple[str, ...] = ()) -> Text:
    """A plain stat block for ``unit``, used when the card renderer is not installed."""
    text = Text()
    text.append(unit.name, style="bold")
    if not unit.has_stats:
        text.append("\n\nNo Alpha Strike stats in the Master Unit List.\n", style="bold red")
        text.append("This unit can be browsed but not added to a force.", style="italic")
        return text
    pv = services.skill_pv(unit, skill)
    text.append(f"   PV {pv}", style="bold reverse")
    text.append(f"  (skill {skill}, base {unit.pv})\n", style="dim")
    family = unit.type.family if unit.type is not None else ""
    move_label = "THR" if unit.thrust is not None and family != "mech" else "MV"
    text.append(f"TP {unit.type_code}  SZ {unit.size}  ")
    if move_label == "MV":
        text.append(f"TMM {unit.tmm}  ")
    text.append(f"{move_label} {unit.move_text}\n")
    text.append(f"ROLE {unit.role or '—'}   SKILL {skill}")
    if pilot:
        text.append(f"   PILOT {pilot}")
    text.append("\n\n")
    ranges = ("S", "M", "L", "E") if family in ("fighter", "large-craft") else ("S", "M", "L")
    hits = (skill, skill + 2, skill + 4, skill + 6)
    text.append("DAMAGE  ", style="bold")
    for i, band in enumerate(ranges):
        text.append(f"{band}(+{2 * i}) {unit.damage[i]!s:<3} ")
    text.append("\nTO-HIT  ", style="bold")
    text.append("  ".join(f"{band} {hits[i]}+" for i, band in enumerate(ranges)))
    text.append("\n")
    from cardsmith.services.battle_choices import card_tracks, keeps_heat  # loads play rules

    if keeps_heat(unit):
        text.append(f"OV {unit.overheat}   HEAT ", style="bold")
        text.append("[1][2][3][S]\n")
    text.append("\n")
    text.append("A ", style="bold")
    text.append("○" * unit.armor, style="bold")
    if unit.threshold:
        text.append(f"  TH {unit.threshold}")
    text.append("\nS ", style="bold")
    text.append("●" * unit.structure)
    text.append("\n\n")
    text.append("SPECIAL ", style="bold")
    text.append(", ".join(s.text for s in unit.specials) or "—")
    text.append("\n")
    if spas:
        text.append("SPAs    ", style="bold")
        text.append(", ".join(services.spa_name(s) for s in spas))
        text.append("\n")
    tracks = card_tracks(unit)
    if tracks:
        text.append("\nCRITICAL HITS\n", style="bold")
        for label, boxes, effect in tracks:
            text.append(f"  {label:<13}{'□ ' * boxes:<11}", style="")
            text.append(f"{effect}\n", style="dim")
    return text


class UnitCard(Static):
    """Shows one unit (or force entry) as a card; empty when given nothing."""

    DEFAULT_CSS = """
    UnitCard {
        padding: 0 0 0 1;
        height: auto;
    }
    """

    item: Unit | ForceEntry | None = None
    _drawn_width = 0

    def on_resize(self) -> None:
        # The card is drawn to the width it has: draw it again when that changes (a new
        # card's height changes the size too, and needs no second drawing).
        if self.content_size.width != self._drawn_width:
            self.show(self.item)

    def show(self, item: Unit | ForceEntry | None) -> None:
        """Draw ``item``'s card, or a hint when there is nothing to show."""
        self.item = item
        if item is None:
            self.update(Text("Highlight a unit to see its card.", style="dim italic"))
            return
        from cardsmith.models import ForceEntry

        self._drawn_width = self.content_size.width
        width = max(32, self.content_size.width) if self.content_size.width else 40
        unit = item.unit if isinstance(item, ForceEntry) else item
        lines = services.card_lines(item, width)
        if lines is not None:
            card = Text("\n".join(lines), no_wrap=True, overflow="crop")
        elif isinstance(item, ForceEntry):
            card = stat_panel(item.unit, item.skill, item.pilot.name, item.spas)
        else:
            card = stat_panel(item)
        self.update(card + specials_legend(unit))


def specials_legend(unit: Unit) -> Text:
    """What each of the unit's special abilities means, from the glossary."""
    text = Text()
    seen: set[str] = set()
    for code in (c for special in unit.specials for c in special.codes()):
        if code in seen:
            continue
        seen.add(code)
        meaning = services.special_meaning(code)
        if meaning:
            if not text:
                text.append("\n\nSPECIAL ABILITIES\n", style="bold")
            text.append(f"{code:<6}", style="bold")
            text.append(f"{meaning}\n")
    return text
