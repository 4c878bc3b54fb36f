"""Provides ``UnitDetail``: the selected unit in play — skills, specials, crits, staged changes."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from cardsmith.battle import actions, effects
from cardsmith.battle.state import Battle
from cardsmith.services.battle import status_words, values_text

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
                    "o  open a battle file (cardsmith battle start FORCE… -o FILE makes one)\n"
                    "n  start a battle from the open force (save it first)",
                    style="dim",
                )
            )
            return
        text = Text()
        if key is not None:
            text.append_text(_unit_text(battle, key))
        if battle.log:
            text.append("\nRecent changes\n", style="bold")
            for change in battle.log[-LOG_LINES:]:
                text.append(f"  {actions.describe(battle, change)}\n", style="dim")
        self.update(text)


def _unit_text(battle: Battle, key: str) -> Text:
    state = battle.unit(key)
    entry = battle.entry(state)
    unit = entry.unit
    text = Text()
    text.append(f"{state.key} {entry.name}", style="bold")
    text.append(f"  {unit.type_code}  {battle.side_name(state.side)}")
    if state.controller != state.side:
        text.append(f"  → controlled by {battle.side_name(state.controller)}", style="bold magenta")
    text.append("\n")
    pilot = f"{entry.pilot.name}, " if entry.pilot.name else ""
    text.append(
        f"Pilot {pilot}skill {entry.skill}: weapons {effects.weapon_skill(entry, state)}, "
        f"piloting {effects.piloting_skill(entry, state)}"
    )
    if entry.commander:
        text.append("  ★ commander")
    text.append("\n")
    move, tmm, damage, to_hit = values_text(battle, state)
    text.append("Now        ", style="bold")
    text.append(f"MV {move}  TMM {tmm}  DMG {damage}  TN {to_hit}")
    physical = effects.physical_to_hit(entry, state, turn=battle.turn)
    if physical is not None:
        text.append(f"  phys {physical}")
    text.append("\n")
    staged = [c for c in battle.pending if c.unit == key]
    if staged:
        later = values_text(battle, actions.projected(battle, key))
        if later != (move, tmm, damage, to_hit):
            text.append("End Phase  ", style="bold yellow")
            text.append(f"MV {later[0]}  TMM {later[1]}  DMG {later[2]}  TN {later[3]}")
            text.append("  (heat aside)\n", style="dim")
    specials = effects.specials_after_hits(entry, state)
    text.append("Specials   ", style="bold")
    text.append(", ".join(s.text for s in specials) or "—")
    text.append("\n")
    if state.crits:
        text.append("Crits      ", style="bold")
        text.append(", ".join(k.label for k in state.crits))
        text.append("\n")
    words = status_words(battle, state)
    if words:
        text.append("Status     ", style="bold")
        text.append(", ".join(words))
        text.append("\n")
    if staged:
        text.append("Staged for the End Phase (e)\n", style="bold yellow")
        for change in staged:
            text.append(f"  {actions.describe(battle, change)}\n")
    return text
