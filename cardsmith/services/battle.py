"""Provides the play screen's doorway into the play core: open, start, change and save a battle.

``BattleSession`` holds a battle and its file; every change goes through
``cardsmith.battle.actions`` (or ``resolve_betrayal``) and is saved atomically by
``battlefile.save_battle`` before the session adopts it, so what the screen shows is
what is on disk.  ``unit_view`` turns one unit's state into the values the grid shows.
Nothing here imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardsmith.battle import actions, effects
from cardsmith.battle.battle_file import load_battle, save_battle, start_battle
from cardsmith.battle.betrayal import (
    BetrayalCheck,
    BetrayalOutcome,
    battle_rule,
    betrayal_target,
    designated_objective,
    is_switched_on,
    resolve_betrayal,
    roll_2d6,
)
from cardsmith.battle.crits import (
    CritKind,
    allowed_crits,
    crit_from_roll,
    crit_tracks,
    motive_from_roll,
)
from cardsmith.battle.state import FLAGS, HEAT_SHUTDOWN, Battle, UnitState, heat_text
from cardsmith.errors import CardsmithError
from cardsmith.models import ForceEntry
from cardsmith.rules.engine import available_packs, load_pack
from cardsmith.rules.optional import BetrayalRule

__all__ = [
    "BattleSession",
    "BetrayalCheck",
    "BetrayalOutcome",
    "BetrayalRule",
    "Choice",
    "UnitView",
    "betrayal_check",
    "betrayal_on",
    "betrayal_rule",
    "crit_choices",
    "crit_for_roll",
    "designated_objective",
    "flag_choices",
    "heat_choices",
    "optional_packs",
    "roll_seed",
    "unit_view",
]


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of a picker: an id the screen hands back, and what the player reads."""

    id: str
    label: str


@dataclass(frozen=True, slots=True)
class UnitView:
    """What the play grid shows for one unit: state now, staged damage and current values."""

    key: str
    name: str
    type_code: str
    side: int
    controller: int
    controller_name: str
    armor: int
    """Printed armor."""
    armor_left: int
    armor_staged: int
    """Armor points that staged damage will take in the End Phase."""
    structure: int
    structure_left: int
    structure_staged: int
    heat: str
    """``0``–``3``/``S``, or ``-`` for a unit without a heat scale."""
    crits: tuple[tuple[str, int], ...]
    """(short name, count) in the order first taken."""
    flags: tuple[str, ...]
    """Status words: destroyed, shut down, immobile, wounds, turned …"""
    staged: int
    """Changes on this unit waiting for the End Phase."""
    move: str
    tmm: int
    damage: str
    to_hit: str
    bands: str
    """The range bands shown (``SML``, ``SMLE`` for aerospace)."""

    @property
    def turned(self) -> bool:
        """True when another side controls the unit (a betrayal)."""
        return self.controller != self.side


def _bands(entry: ForceEntry) -> str:
    unit = entry.unit
    return "SMLE" if unit.type is not None and unit.type.family == "fighter" else "SML"


def values_text(battle: Battle, state: UnitState) -> tuple[str, int, str, str]:
    """Move, TMM, damage and to-hit (per range band) of a unit in this state."""
    entry = battle.entry(state)
    bands = _bands(entry)
    move = effects.current_move(entry, state, turn=battle.turn)
    damage = effects.current_damage(entry, state)[: len(bands)]
    hits = [effects.to_hit(entry, state, band, turn=battle.turn) for band in bands]
    return (
        move.text,
        move.tmm,
        "/".join(str(d) for d in damage),
        "/".join("-" if h is None else str(h) for h in hits),
    )


def status_words(battle: Battle, state: UnitState) -> tuple[str, ...]:
    """The unit's flags and conditions in a few words each."""
    entry = battle.entry(state)
    words = [f for f in ("destroyed", "withdrawn", "pilotless", "crashed") if getattr(state, f)]
    if state.shutdown:
        words.append("shut down")
    if effects.permanently_immobile(entry, state):
        words.append("immobile")
    if state.stunned_turn == battle.turn:
        words.append("crew stunned")
    if state.pilot_wounds:
        words.append(f"wounds {state.pilot_wounds}")
    if state.weapon_penalty or state.piloting_penalty:
        words.append(f"skill +{state.weapon_penalty}/+{state.piloting_penalty}")
    if state.objective:
        words.append(f"objective {state.objective}")
    return tuple(words)


def unit_view(battle: Battle, state: UnitState) -> UnitView:
    """The grid row of one unit."""
    entry = battle.entry(state)
    unit = entry.unit
    after = actions.projected(battle, state.key)
    armor_left = max(0, unit.armor - state.armor_damage)
    structure_left = max(0, unit.structure - state.structure_damage)
    move, tmm, damage, to_hit = values_text(battle, state)
    return UnitView(
        key=state.key,
        name=entry.name,
        type_code=unit.type_code,
        side=state.side,
        controller=state.controller,
        controller_name=battle.side_name(state.controller),
        armor=unit.armor,
        armor_left=armor_left,
        armor_staged=min(armor_left, after.armor_damage - state.armor_damage),
        structure=unit.structure,
        structure_left=structure_left,
        structure_staged=min(structure_left, after.structure_damage - state.structure_damage),
        heat=heat_text(state.heat) if effects.tracks_heat(unit) else "-",
        crits=tuple((k.short, state.count(k)) for k in dict.fromkeys(state.crits)),
        flags=status_words(battle, state),
        staged=sum(1 for c in battle.pending if c.unit == state.key),
        move=move,
        tmm=tmm,
        damage=damage,
        to_hit=to_hit,
        bands=_bands(entry),
    )


# -- the session --------------------------------------------------------------------------


class BattleSession:
    """A battle and the file it is saved to; every change is saved before it is shown."""

    def __init__(self, path: Path, battle: Battle) -> None:
        self.path = path
        self.battle = battle
        self.stamp = self._file_stamp()
        """The file's modification time when this session last read or wrote it."""

    def _file_stamp(self) -> int:
        try:
            return self.path.stat().st_mtime_ns
        except OSError:
            return 0

    def changed_on_disk(self) -> bool:
        """True when something else (``cardsmith battle …``) wrote the file since."""
        return self._file_stamp() != self.stamp

    @classmethod
    def open(cls, path: Path) -> BattleSession:
        """Load a battle file.

        Raises:
            BattleFileError: the file (or a force it names) cannot be read.
        """
        return cls(path, load_battle(path))

    @classmethod
    def start(
        cls,
        force_paths: list[Path],
        out: Path,
        packs: tuple[str, ...] = (),
        *,
        overwrite: bool = False,
    ) -> BattleSession:
        """Start a battle from force files (one side each) and write it to ``out``.

        Raises:
            CardsmithError: the file exists (and ``overwrite`` is off), a pack carries no
                optional rule, a force does not load, or the file cannot be written.
        """
        if out.exists() and not overwrite:
            raise CardsmithError(f"{out} exists; choose another file name")
        for pack in packs:
            if not load_pack(pack).optional:
                raise CardsmithError(f"rule pack {pack!r} carries no optional in-game rule")
        battle = start_battle(force_paths, out, packs)
        save_battle(battle, out)
        return cls(out, battle)

    def change(self, edit: Callable[[Battle], Battle]) -> list[str]:
        """Apply ``edit``, save, and return a line for each change it logged.

        Raises:
            CardsmithError: the change does not fit, or the file cannot be written
                (the session keeps the battle it had).
        """
        before = self.battle
        after = edit(before)
        save_battle(after, self.path)
        self.battle, self.stamp = after, self._file_stamp()
        return [actions.describe(after, c) for c in after.log[len(before.log) :]]

    def undo(self) -> str:
        """Take back the last change and save; returns what was undone."""
        after, change = actions.undo(self.battle)
        text = actions.describe(self.battle, change)
        save_battle(after, self.path)
        self.battle, self.stamp = after, self._file_stamp()
        return text

    def resolve_betrayal(
        self, key: str, roll: int, *, within_10: bool, objective: str, instigator: int | None
    ) -> BetrayalOutcome:
        """Resolve a betrayal test with ``roll``, record and save it."""
        outcome = resolve_betrayal(
            self.battle,
            key,
            roll,
            within_10=within_10,
            objective=objective,
            instigator=instigator,
        )
        save_battle(outcome.battle, self.path)
        self.battle, self.stamp = outcome.battle, self._file_stamp()
        return outcome


# -- pickers ------------------------------------------------------------------------------


def heat_choices(battle: Battle, key: str) -> list[Choice]:
    """What the heat picker offers for a unit: End-Phase heat to stage, or a correction."""
    state = battle.unit(key)
    unit = battle.entry(state).unit
    choices = [Choice("fired", "Fired this turn, no OV")]
    choices += [
        Choice(f"ov-{n}", f"Fired with OV {n} (+{n} heat in the End Phase)")
        for n in range(1, unit.overheat + 1)
    ]
    choices += [
        Choice("external-1", "External heat +1 (HT, max 2 a turn)"),
        Choice("external-2", "External heat +2 (HT, max 2 a turn)"),
        Choice("water", 'Stands in water 1" deep or more (−1 heat)'),
    ]
    choices += [
        Choice(f"set-{level}", f"Correct the heat now: {heat_text(level)}")
        for level in range(HEAT_SHUTDOWN + 1)
    ]
    return choices


def apply_heat(battle: Battle, key: str, choice: str) -> Battle:
    """Apply a heat picker choice (see ``heat_choices``)."""
    source, _, amount = choice.partition("-")
    if source == "set":
        return actions.set_heat(battle, key, int(amount))
    if source == "fired":
        return actions.heat(battle, key, 0, source="fired")
    if source == "water":
        return actions.heat(battle, key, 0, source="water")
    return actions.heat(battle, key, int(amount), source=source)


def crit_choices(battle: Battle, key: str) -> list[Choice]:
    """The crit kinds this unit can take, with the boxes already marked."""
    state = battle.unit(key)
    unit = battle.entry(state).unit
    tracks = crit_tracks(battle.force_entry(state).unit)
    allowed = allowed_crits(unit)
    out: list[Choice] = []
    for kind in CritKind:
        if kind not in allowed:
            continue
        marked = state.count(kind)
        total = sum(t.boxes_for(kind) for t in tracks)
        boxes = f"  [{marked}/{total}]" if total else ""
        out.append(Choice(kind.value, f"{kind.label}{boxes}"))
    return out


def crit_for_roll(battle: Battle, key: str, roll: int, *, motive: bool = False) -> CritKind | None:
    """The crit-table (or, for vehicles, motive-table) result of a 2D6 roll; None: no effect.

    Raises:
        CritError: the roll is not 2–12, or the unit has no such table.
    """
    unit = battle.entry(battle.unit(key)).unit
    if motive:
        return motive_from_roll(unit, roll)
    return crit_from_roll(unit, roll)


def flag_choices(battle: Battle, key: str) -> list[Choice]:
    """Every hand-set flag with whether it is on now (choosing one toggles it)."""
    state = battle.unit(key)
    return [Choice(flag, f"{'[x]' if getattr(state, flag) else '[ ]'} {flag}") for flag in FLAGS]


def optional_packs() -> list[Choice]:
    """Rule packs that carry an optional in-game rule (they can be switched on in a battle)."""
    out: list[Choice] = []
    for pack_id in sorted(available_packs()):
        try:
            pack = load_pack(pack_id)
        except CardsmithError:
            continue
        if pack.optional:
            out.append(Choice(pack_id, str(pack.title)))
    return out


# -- betrayal -------------------------------------------------------------------------------


def betrayal_on(battle: Battle) -> bool:
    """True when the battle switched on a pack carrying the Betrayal rule."""
    return is_switched_on(battle)


def betrayal_rule(battle: Battle) -> BetrayalRule:
    """The Betrayal data in force for this battle."""
    return battle_rule(battle)


def betrayal_check(
    battle: Battle, key: str, within_10: bool, instigator: int | None = None
) -> BetrayalCheck:
    """The TN with every modifier and reason, and why no test may be made now."""
    return betrayal_target(battle, key, within_10, instigator=instigator)


def roll_seed(path: Path, battle: Battle, key: str) -> str:
    """A seed for the screen's dice: the same battle state gives the same roll.

    It is shown with the result, so ``cardsmith rules betrayal … --seed S`` repeats it.
    """
    return f"{path.name}:{battle.turn}:{key}:{len(battle.log)}"


def seeded_roll(seed: str) -> int:
    """Two six-sided dice from ``seed``."""
    return roll_2d6(seed)
