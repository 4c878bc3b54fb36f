"""Provides ``UnitDetail``: the selected unit in play — skills, specials, crits, staged changes."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from cardsmith.battle.state import Battle
from cardsmith.services import battle as use
from cardsmith.services.battle import UnitInPlay

#: Recent log lines shown under the unit.
LOG_LINES = 4


class UnitDetail(Static):
    """Shows one unit's state, its values now and after the End Phase, and the recent log."""

    DEFAULT_CSS = """
    UnitDetail {
        padding: 0 1;
        height: auto;
    }
    """

    def show(self, battle: Battle | None, key: str | None) -> None:
        """Draw the unit ``key`` of ``battle`` (a hint when there is none)."""
        if battle is None:
            self.update(
                Text(
                    "No battle open.\n\n"
                    "o  open a battle file\n"
                    "n  start a battle from the open force (save it first)",
                    style="dim",
                )
            )
            return
        text = Text()
        if key is not None:
            text.append_text(unit_text(battle, key))
        if battle.log:
            text.append("\nRecent changes\n", style="bold")
            for change in battle.log[-LOG_LINES:]:
                text.append(f"  {use.describe(battle, change)}\n", style="dim")
        self.update(text)


def _values(view: UnitInPlay) -> str:
    return f"MV {view.move_text}  TMM {view.tmm}  DMG {view.damage_text}  TN {view.to_hit_text}"


def unit_text(battle: Battle, key: str) -> Text:
    """The detail of one unit, from the one view of a unit in play."""
    view = use.unit_in_play(battle, battle.unit(key))
    text = Text()
    text.append(f"{view.key} {view.name}", style="bold")
    text.append(f"  {view.type_code}  {view.side_name}")
    if view.turned:
        text.append(f"  → controlled by {view.controller_name}", style="bold magenta")
    text.append("\n")
    pilot = f"{view.pilot}, " if view.pilot else ""
    text.append(
        f"Pilot {pilot}skill {view.skill}: weapons {view.weapon_skill}, "
        f"piloting {view.piloting_skill}"
    )
    if battle.entry(battle.unit(key)).commander:
        text.append("  ★ commander")
    text.append("\n")
    text.append("Now        ", style="bold")
    text.append(_values(view))
    if view.physical_to_hit is not None:
        text.append(f"  phys {view.physical_to_hit}")
    text.append("\n")
    if view.staged:
        later = use.projected_view(battle, key)
        if _values(later) != _values(view):
            text.append("End Phase  ", style="bold yellow")
            text.append(_values(later))
            text.append("  (heat aside)\n", style="dim")
    text.append("Specials   ", style="bold")
    text.append(", ".join(s.text for s in view.specials) or "—")
    text.append("\n")
    if view.crits:
        text.append("Crits      ", style="bold")
        text.append(view.crits_text)
        text.append("\n")
    if view.flags:
        text.append("Status     ", style="bold")
        text.append(view.status_text)
        text.append("\n")
    staged = [c for c in battle.pending if c.unit == key]
    if staged:
        text.append("Staged for the End Phase (e)\n", style="bold yellow")
        for change in staged:
            text.append(f"  {use.describe(battle, change)}\n")
    return text
