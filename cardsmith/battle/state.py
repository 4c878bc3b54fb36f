"""Provides the play-state types: ``UnitState`` per unit in play, ``Change`` log entries, ``Battle``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardsmith.battle.crits import CritKind

# Re-exported: callers have long imported the edit error from here.
from cardsmith.errors import BattleEditError as BattleEditError
from cardsmith.models import Force, ForceEntry
from cardsmith.models.profiles import ALPHA_STRIKE
from cardsmith.profiles.modes import profile_set

#: Heat levels on the card: 1, 2, 3 and S (ASCE p.52).  S is stored as 4, the level the
#: heat scale shuts a unit down at (seed 004: "si llega a 4 o más").
HEAT_SHUTDOWN = 4
MAX_HEAT = HEAT_SHUTDOWN

#: Unit flags a player can set by hand (the crit and heat rules set some of them too).
FLAGS = ("shutdown", "immobile", "destroyed", "withdrawn", "pilotless")


def heat_text(level: int) -> str:
    """The heat level as the card shows it: ``0``–``3`` or ``S``."""
    return "S" if level >= HEAT_SHUTDOWN else str(level)


def parse_heat(text: str) -> int:
    """Read a heat level typed as ``0``–``3``, ``4`` or ``S``.

    Raises:
        ValueError: anything else.
    """
    value = text.strip().upper()
    if value == "S":
        return HEAT_SHUTDOWN
    if value.isdigit() and 0 <= int(value) <= HEAT_SHUTDOWN:
        return int(value)
    raise ValueError(f"heat level must be 0, 1, 2, 3 or S, not {text!r}")


@dataclass(frozen=True, slots=True)
class UnitState:
    """One unit's state in a battle: damage, heat, crits, pilot, control and flags."""

    key: str
    """``<side>.<entry>`` (``2.3`` is the third unit of the second force); stable for the battle."""
    side: int
    """The side (1-based) whose force fielded the unit."""
    index: int
    """The unit's 1-based entry number in its force."""
    controller: int
    """The side that controls the unit now (changes after a betrayal)."""
    armor_damage: int = 0
    structure_damage: int = 0
    heat: int = 0
    """Heat level 0–3, or 4 for S (shut down)."""
    shutdown: bool = False
    crits: tuple[CritKind, ...] = ()
    """Critical hits in the order received: permanent effects apply in that order (ASCE p.51)."""
    pilot_wounds: int = 0
    pilotless: bool = False
    immobile: bool = False
    """Immobilized for good (motive 0, move reduced to 0", or marked by hand)."""
    destroyed: bool = False
    withdrawn: bool = False
    crashed: bool = False
    """An airborne VTOL or WiGE whose motive damage took all its move, or an aerospace unit
    or large craft left without thrust (ASCE p.51, p.187)."""
    sunk: bool = False
    """A submerged unit whose motive damage took all its move: it sank (ASCE p.51)."""
    stunned_turn: int = 0
    """Turn in which a stunned vehicle crew cannot move or attack (0: none)."""
    weapon_penalty: int = 0
    """Added to the skill for weapon attacks (a betrayal's gunnery penalty)."""
    piloting_penalty: int = 0
    """Added to the skill for piloting and physical attacks (a betrayal's piloting penalty)."""
    objective: str = ""
    """The order a turned unit follows (``flee``, ``fight``, ``sabotage``), empty otherwise."""
    profile: int = 0
    """Index of the active profile of a multi-profile unit (0: the first; issue 8)."""
    profile_locked: bool = False
    """True once a permanent switch (Transmutation) happened: the unit keeps its profile."""
    profile_marker: str = ""
    """A marker or template the last switch placed (Escape System), shown until play moves on."""

    def count(self, kind: CritKind) -> int:
        """How many crits of this kind the unit has taken."""
        return sum(1 for crit in self.crits if crit is kind)

    @property
    def out_of_play(self) -> bool:
        """True when the unit is destroyed or has left the map."""
        return self.destroyed or self.withdrawn

    def with_changes(self, **changes: Any) -> UnitState:
        """A copy with some fields replaced."""
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Change:
    """One recorded change: a log entry, and while staged, a pending end-phase change."""

    kind: str
    """``damage``, ``heat``, ``set-heat``, ``crit``, ``wound``, ``flag``, ``end-round``, ``betrayal``."""
    unit: str = ""
    """Key of the unit changed (empty for ``end-round``)."""
    turn: int = 0
    """Turn in which the change was recorded."""
    amount: int = 0
    detail: str = ""
    """Crit kind, flag name, heat source … (depends on ``kind``)."""
    staged: bool = False
    """True when the change waits for the End Phase (seed 004: damage takes effect there)."""
    data: tuple[tuple[str, int | str | bool], ...] = ()
    """Further fields (a betrayal's roll, TN, instigator and result)."""

    def get(self, key: str, default: int | str | bool = "") -> int | str | bool:
        """One of the further fields."""
        return next((value for name, value in self.data if name == key), default)

    def to_dict(self) -> dict[str, Any]:
        """The change as JSON."""
        out: dict[str, Any] = {"kind": self.kind, "turn": self.turn}
        if self.unit:
            out["unit"] = self.unit
        if self.amount:
            out["amount"] = self.amount
        if self.detail:
            out["detail"] = self.detail
        if self.staged:
            out["staged"] = True
        if self.data:
            out["data"] = dict(self.data)
        return out


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a battle: a force, and the file it was read from."""

    name: str
    force: Force
    force_path: str = ""
    """Path of the force file as the battle file records it (relative to the battle file)."""
    fingerprint: str = ""
    """``force_fingerprint`` of the force when the battle started."""


@dataclass(frozen=True, slots=True)
class Battle:
    """A game in progress: the sides, every unit's state, the turn, packs, pending and log."""

    sides: tuple[Side, ...]
    units: tuple[UnitState, ...]
    turn: int = 1
    packs: tuple[str, ...] = ()
    """Optional-rule packs switched on for this battle (``betrayal``)."""
    pending: tuple[Change, ...] = ()
    """Staged changes the next End Phase applies, in the order recorded."""
    log: tuple[Change, ...] = ()
    """Every change since the start, in order; undo replays all but the last."""

    def unit(self, key: str) -> UnitState:
        """The state of the unit with this key.

        Raises:
            BattleEditError: no such unit.
        """
        for state in self.units:
            if state.key == key:
                return state
        raise BattleEditError(f"no unit {key!r} in this battle")

    def entry(self, state: UnitState) -> ForceEntry:
        """The force entry (stats, skill, pilot) behind a unit's state, in its ACTIVE profile.

        A multi-profile unit (LAM, QuadVee, custom unit) plays with its active profile's
        stats; armor and structure stay the printed ones: the damage track is shared.
        """
        return active_entry(self.force_entry(state), state.profile)

    def force_entry(self, state: UnitState) -> ForceEntry:
        """The force entry as the force file holds it (stats of the first profile)."""
        return self.sides[state.side - 1].force.entries[state.index - 1]

    def side_name(self, side: int) -> str:
        """The name of side ``side`` (1-based)."""
        return self.sides[side - 1].name

    def with_unit(self, state: UnitState) -> Battle:
        """A copy with one unit's state replaced."""
        units = tuple(state if u.key == state.key else u for u in self.units)
        return replace(self, units=units)

    def with_changes(self, **changes: Any) -> Battle:
        """A copy with some fields replaced."""
        return replace(self, **changes)

    def pairs(self) -> Iterator[tuple[UnitState, ForceEntry]]:
        """Every unit's state with its force entry, in side and entry order."""
        for state in self.units:
            yield state, self.entry(state)

    def find(self, ref: str) -> UnitState:
        """A unit by key (``1.3``) or by name (case-insensitive, unique in the battle).

        Raises:
            BattleEditError: no unit, or several, match.
        """
        text = ref.strip()
        for state in self.units:
            if state.key == text:
                return state
        folded = text.casefold()
        matches = [s for s, e in self.pairs() if e.name.casefold() == folded]
        if not matches:
            matches = [
                s for s, e in self.pairs() if e.pilot.name and e.pilot.name.casefold() == folded
            ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            keys = ", ".join(f"{s.key} ({self.entry(s).name})" for s in matches)
            raise BattleEditError(f"{ref!r} names several units: {keys}; use a key")
        keys = ", ".join(f"{s.key} {e.name}" for s, e in self.pairs())
        raise BattleEditError(f"no unit {ref!r} in this battle (units: {keys})")

    def resolve_side(self, ref: str) -> int:
        """A side by number (1-based) or name (case-insensitive).

        Raises:
            BattleEditError: no such side.
        """
        text = ref.strip()
        if text.isdigit() and 1 <= int(text) <= len(self.sides):
            return int(text)
        for number, side in enumerate(self.sides, start=1):
            if side.name.casefold() == text.casefold():
                return number
        names = ", ".join(f"{n} {s.name}" for n, s in enumerate(self.sides, start=1))
        raise BattleEditError(f"no side {ref!r} (sides: {names})")


def active_entry(entry: ForceEntry, profile: int) -> ForceEntry:
    """The entry with the stats of profile ``profile`` (0-based); the entry itself for 0.

    An Alpha Strike profile keeps the unit's name, id, armor and structure: damage goes
    on the one printed track whatever the mode (ASCE LAM/QuadVee rules; issue 8).  A
    generic-system profile has no Alpha Strike stats, so the entry stays as it is.
    """
    if profile == 0:
        return entry
    unit_profiles = profile_set(entry.unit)
    if unit_profiles is None or not 0 <= profile < len(unit_profiles.profiles):
        return entry
    stats = unit_profiles.profiles[profile].stats
    if stats is None or unit_profiles.system != ALPHA_STRIKE:
        return entry
    base = entry.unit
    unit = replace(
        stats,
        mul_id=base.mul_id,
        name=base.name,
        armor=base.armor,
        structure=base.structure,
        profiles=base.profiles,
    )
    return replace(entry, unit=unit)


def new_battle(sides: tuple[Side, ...], packs: tuple[str, ...] = ()) -> Battle:
    """A battle at the start of turn 1: every unit undamaged, under its own side's control.

    Pilot wounds carried in the force file (a campaign's) start on the record.

    Raises:
        BattleEditError: no sides, or a side without units.
    """
    if not sides:
        raise BattleEditError("a battle needs at least one force")
    units: list[UnitState] = []
    for number, side in enumerate(sides, start=1):
        if not side.force.entries:
            raise BattleEditError(f"force {side.name!r} has no units")
        for index, entry in enumerate(side.force.entries, start=1):
            units.append(
                UnitState(
                    key=f"{number}.{index}",
                    side=number,
                    index=index,
                    controller=number,
                    pilot_wounds=entry.pilot.wounds,
                )
            )
    return Battle(sides=sides, units=tuple(units), packs=tuple(dict.fromkeys(packs)))
