"""Provides the rolls damage calls for: crit rolls and the vehicle motive roll (ASCE p.49–51, p.187).

- Damage to structure: one crit roll; two for an IndustrialMech or a unit with BAR
  (barrier armor rating) (ASCE p.49).
- A unit with BAR rolls once on any damage, armor only included (ASCE p.49).
- A submerged unit (a submarine) rolls once on any damage: the hull may breach (ASCE's
  list of when crits are rolled, alpha-strike-facts §4; seed 004, "Daño bajo el agua").
- An aerospace unit or large craft rolls when one attack's damage exceeds its threshold
  (ASCE p.187).
- A ground vehicle rolls on the motive table whenever it is damaged (ASCE p.51).

A destroyed unit rolls nothing.  Where several rules call for crit rolls, the largest
number of rolls is asked for, not their sum: each rule names the rolls one hit makes.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.battle.crits import has_motive_table, is_aerospace, table_family
from cardsmith.battle.effects import submerged
from cardsmith.battle.state import UnitState
from cardsmith.models import ForceEntry, UnitType
from cardsmith.wording import count

#: Crit tables of the units that roll when a hit exceeds their threshold (ASCE p.187).
THRESHOLD_TABLES = frozenset({"aerospace", "dropship", "capital"})


@dataclass(frozen=True, slots=True)
class RollPrompt:
    """Rolls the players now make for one unit: on its crit table, or on the motive table."""

    unit: str
    """Key of the unit."""
    table: str
    """``crit`` or ``motive``."""
    rolls: int
    reason: str

    @property
    def text(self) -> str:
        """The prompt in words (``Roll 2 critical hits: structure damaged (IndustrialMech)``)."""
        what = "critical hit" if self.table == "crit" else "motive-table roll"
        return f"{self.unit}: roll {count(self.rolls, what)} — {self.reason}"


def rolls_after_damage(
    entry: ForceEntry, before: UnitState, after: UnitState, points: int
) -> tuple[RollPrompt, ...]:
    """The rolls a hit of ``points`` damage calls for, given the state before and after it.

    ``before`` and ``after`` are the states with the damage applied (staged damage
    projected), so the structure the hit reached is known.
    """
    unit = entry.unit
    if after.destroyed or points < 1:
        return ()
    prompts: list[RollPrompt] = []
    structure = after.structure_damage > before.structure_damage
    bar = unit.has_special("BAR")
    crits, reason = 0, ""
    if structure:
        doubled = unit.type is UnitType.IM or bar
        crits = 2 if doubled else 1
        reason = "structure damaged" + (
            " (IndustrialMech: two rolls)"
            if unit.type is UnitType.IM
            else " (BAR: two rolls)"
            if bar
            else ""
        )
    elif bar:
        crits, reason = 1, "damage to a unit with BAR"
    elif submerged(unit):
        crits, reason = 1, "damage to a submerged unit"
    threshold = table_family(unit) in THRESHOLD_TABLES or is_aerospace(unit)
    if threshold and points > unit.threshold and crits == 0:
        crits, reason = 1, f"{points} damage exceeds its threshold {unit.threshold}"
    if crits:
        prompts.append(RollPrompt(before.key, "crit", crits, reason))
    if has_motive_table(unit):
        prompts.append(RollPrompt(before.key, "motive", 1, "a vehicle was damaged"))
    return tuple(prompts)
