"""Provides the battle use cases both shells call: start, open, every change and undo.

Each change is made by ``battle_file.update_battle``: under the file's lock the battle
is read afresh, the change is applied to what the file holds now, and the result is
saved atomically before it is shown, so the CLI and the app can work on one file.  Each
use case returns an ``Outcome``: the battle after it, a line for each change it logged,
and the rolls the players should make now (crit and motive rolls after damage).  What a
unit in play shows is ``UnitInPlay`` (``cardsmith.battle.view``).  Nothing here imports
Textual, click or rich.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardsmith.battle import actions, effects, profile_events
from cardsmith.battle import battle_file as files
from cardsmith.battle.actions import describe as describe
from cardsmith.battle.crit_prompts import RollPrompt, rolls_after_damage
from cardsmith.battle.crits import CritKind, crit_from_roll, motive_from_roll, parse_crit
from cardsmith.battle.state import FLAGS, Battle, UnitState, heat_text, parse_heat
from cardsmith.battle.view import UnitInPlay, battle_view, projected_view, unit_in_play
from cardsmith.errors import BattleEditError, UsageError
from cardsmith.fileio import refuse_overwrite
from cardsmith.rules.engine import load_pack
from cardsmith.wording import count

__all__ = [
    "BattleSession",
    "Outcome",
    "RollPrompt",
    "UnitInPlay",
    "battle_view",
    "describe",
    "end_round",
    "mark_crit",
    "mark_damage",
    "mark_wound",
    "open_battle",
    "order_end",
    "profile_event",
    "projected_view",
    "set_flag",
    "stage_heat",
    "start_battle",
    "undo",
    "unit_in_play",
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a battle use case did: the battle now, what happened, and what to roll next."""

    battle: Battle
    lines: tuple[str, ...]
    """One line per change logged (or a line saying why nothing changed)."""
    prompts: tuple[RollPrompt, ...] = ()
    """Rolls the players make now, in the order the rules call for them."""


def open_battle(path: Path) -> Battle:
    """Read a battle file.

    Raises:
        BattleFileError: the file (or a force it names) cannot be read.
    """
    return files.load_battle(path)


def start_battle(
    force_paths: Sequence[Path], out: Path, packs: Sequence[str] = (), *, overwrite: bool = False
) -> Outcome:
    """Start a battle from force files (one side each) and write it to ``out``.

    Raises:
        UsageError: ``out`` exists and ``overwrite`` is off, ``out`` is one of the force
            files (exit 2: the force would be lost), or a pack carries no in-game rule.
        ForceFileError, BattleEditError, BattleFileError: a force does not load or has
            no units, or the battle file cannot be written.
    """
    refuse_overwrite(out, force_paths)
    if out.exists() and not overwrite:
        raise UsageError(f"{out} exists already; choose another file name for the battle")
    for pack in packs:
        if not load_pack(pack).optional:
            raise UsageError(f"rule pack {pack!r} carries no optional in-game rule")
    battle = files.start_battle(list(force_paths), out, tuple(packs))
    files.save_battle(battle, out)
    sides = ", ".join(
        f"{n} {s.name} ({count(len(s.force.entries), 'unit')})"
        for n, s in enumerate(battle.sides, 1)
    )
    return Outcome(battle, (f"Started {out}: turn 1; sides {sides}",))


def edit(path: Path, change: Callable[[Battle], Battle]) -> Outcome:
    """Apply ``change`` to the battle file under its lock; a line per change it logged.

    Raises:
        BattleFileError: the file is busy, unreadable or cannot be written.
        BattleEditError: the change does not fit the battle (nothing is written).
    """
    before, after = files.update_battle(path, change)
    lines = tuple(actions.describe(after, c) for c in after.log[len(before.log) :])
    return Outcome(after, lines)


def mark_damage(path: Path, unit: str, points: int, *, now: bool = False) -> Outcome:
    """Mark damage (armor first, then structure), and say which rolls it calls for.

    Raises:
        BattleEditError: unknown unit, or points below 1.
    """
    seen: list[tuple[UnitState, UnitState, str]] = []

    def change(battle: Battle) -> Battle:
        key = battle.find(unit).key
        after = actions.damage(battle, unit, points, now=now)
        seen.append((actions.projected(battle, key), actions.projected(after, key), key))
        return after

    outcome = edit(path, change)
    before, after, key = seen[-1]
    entry = outcome.battle.entry(outcome.battle.unit(key))
    return Outcome(outcome.battle, outcome.lines, rolls_after_damage(entry, before, after, points))


def stage_heat(
    path: Path,
    unit: str,
    points: int = 0,
    *,
    external: bool = False,
    fired: bool = False,
    water: bool = False,
    level: str | None = None,
) -> Outcome:
    """Stage End-Phase heat: OV ``points`` (the unit fired), external heat, water, or a correction.

    ``level`` corrects the heat at once (``0``–``3`` or ``S``); otherwise ``points`` are
    OV used, or external (HT) heat with ``external``; ``fired`` marks weapon fire without
    OV; ``water`` a unit standing in water 1" deep or more.

    Raises:
        UsageError: nothing to stage, or a level that is not 0–3/S.
        BattleEditError: the unit has no heat scale, is shut down, or has less OV.
    """
    if level is not None:
        try:
            value = parse_heat(level)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        return edit(path, lambda b: actions.set_heat(b, unit, value))
    if not (external or points or fired or water):
        raise UsageError("give OV points, external heat, fired, water or a level to set")

    def change(battle: Battle) -> Battle:
        after = battle
        if external:
            after = actions.heat(after, unit, points, source="external")
        elif points:
            after = actions.heat(after, unit, points, source="ov")
        if fired and (external or not points):
            after = actions.heat(after, unit, 0, source="fired")
        if water:
            after = actions.heat(after, unit, 0, source="water")
        return after

    return edit(path, change)


def mark_crit(
    path: Path,
    unit: str,
    kind: str | CritKind | None = None,
    *,
    roll: int | None = None,
    motive_roll: int | None = None,
    now: bool = False,
) -> Outcome:
    """Mark a critical hit: a kind, or a 2D6 roll on the unit's crit or motive table.

    A roll that gives no critical hit changes nothing and says so.

    Raises:
        UsageError: not exactly one of kind, roll and motive roll.
        CritError: an unknown kind, a roll outside 2–12, or no such table for the unit.
        BattleEditError: the unit cannot take that crit.
    """
    if sum(x is not None for x in (kind, roll, motive_roll)) != 1:
        raise UsageError("give exactly one of a crit kind, a crit roll or a motive roll")
    battle = files.load_battle(path)
    target = battle.entry(battle.find(unit)).unit
    if kind is not None:
        result: CritKind | None = kind if isinstance(kind, CritKind) else parse_crit(kind)
    elif roll is not None:
        result = crit_from_roll(target, roll)
    else:
        result = motive_from_roll(target, motive_roll or 0)
    if result is None:
        table = "motive" if motive_roll is not None else "crit"
        rolled = motive_roll if motive_roll is not None else roll
        return Outcome(battle, (f"Roll {rolled} on the {table} table: no critical hit.",))
    found = result
    return edit(path, lambda b: actions.crit(b, unit, found, now=now))


def mark_wound(path: Path, unit: str, wounds: int = 1, *, now: bool = False) -> Outcome:
    """Mark pilot wounds (staged for the End Phase unless ``now``)."""
    return edit(path, lambda b: actions.wound(b, unit, wounds, now=now))


def set_flag(path: Path, unit: str, flag: str, value: bool | None = None) -> Outcome:
    """Set or clear a hand-set flag at once; ``value`` None toggles it.

    Raises:
        BattleEditError: unknown unit or flag.
    """

    if flag not in FLAGS:
        raise BattleEditError(f"flag must be one of {', '.join(FLAGS)}, not {flag!r}")

    def change(battle: Battle) -> Battle:
        state = battle.find(unit)
        on = not bool(getattr(state, flag)) if value is None else value
        return actions.set_flag(battle, unit, flag, on)

    return edit(path, change)


def end_round(path: Path) -> Outcome:
    """Run the End Phase: staged changes apply, heat resolves, the next turn begins."""
    before_after: list[tuple[Battle, Battle]] = []

    def change(battle: Battle) -> Battle:
        after = actions.end_round(battle)
        before_after.append((battle, after))
        return after

    outcome = edit(path, change)
    before, after = before_after[-1]
    lines = [
        f"End of turn {before.turn}: {count(len(before.pending), 'staged change')} applied;"
        f" turn {after.turn} begins."
    ]
    for old, new in zip(before.units, after.units, strict=True):
        changes = differences(old, new)
        if changes:
            lines.append(f"  {new.key} {after.entry(new).name}: {'; '.join(changes)}")
    return Outcome(outcome.battle, tuple(lines))


def differences(old: UnitState, new: UnitState) -> list[str]:
    """What an End Phase changed on one unit, in a few words each."""
    out: list[str] = []
    if (old.armor_damage, old.structure_damage) != (new.armor_damage, new.structure_damage):
        out.append(f"damage A{new.armor_damage} S{new.structure_damage}")
    if old.heat != new.heat:
        out.append(f"heat {heat_text(old.heat)} → {heat_text(new.heat)}")
    if old.shutdown != new.shutdown:
        out.append("shut down" if new.shutdown else "restarted")
    if len(new.crits) > len(old.crits):
        out.append("crits " + ", ".join(k.label for k in new.crits[len(old.crits) :]))
    if new.pilot_wounds != old.pilot_wounds:
        out.append(f"pilot wounds {new.pilot_wounds}")
    if new.crashed and not old.crashed:
        out.append(f"CRASHED ({effects.CRASH_DAMAGE} damage)")
    if new.sunk and not old.sunk:
        out.append(f"SUNK ({effects.CRASH_DAMAGE} damage)")
    if new.destroyed and not old.destroyed:
        out.append("DESTROYED")
    return out


def undo(path: Path) -> Outcome:
    """Take back the last change (an end of round too).

    Raises:
        BattleEditError: nothing to undo.
    """
    undone: list[str] = []

    def change(battle: Battle) -> Battle:
        after, last = actions.undo(battle)
        undone.append(actions.describe(battle, last))
        return after

    outcome = edit(path, change)
    return Outcome(outcome.battle, (f"Undone: {undone[-1]}",))


def order_end(path: Path, unit: str) -> Outcome:
    """End a multi-profile unit's order: Transmutation (X) and Escape System may switch."""
    return edit(path, lambda b: profile_events.order_end(b, unit))


def profile_event(
    path: Path,
    unit: str,
    event: str,
    *,
    choose: str | None = None,
    roll: int | None = None,
    wip: int | None = None,
    first_skill_is_movement: bool = True,
) -> Outcome:
    """Log a switch event for a multi-profile unit; its switch rule decides the profile."""
    return edit(
        path,
        lambda b: profile_events.profile_event(
            b,
            unit,
            event,
            choose=choose,
            roll=roll,
            wip=wip,
            first_skill_is_movement=first_skill_is_movement,
        ),
    )


class BattleSession:
    """The app's open battle: its file, the battle as last read or written, and when."""

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
        """Load a battle file (see ``open_battle``)."""
        return cls(path, open_battle(path))

    @classmethod
    def start(
        cls, force_paths: Sequence[Path], out: Path, packs: Sequence[str] = ()
    ) -> BattleSession:
        """Start a battle (see ``start_battle``) and open it."""
        return cls(out, start_battle(force_paths, out, packs).battle)

    def adopt(self, outcome: Outcome) -> Outcome:
        """Take the battle a use case saved as the one on screen."""
        self.battle, self.stamp = outcome.battle, self._file_stamp()
        return outcome

    def run(self, use_case: Callable[..., Outcome], *args: object, **kwargs: object) -> Outcome:
        """Run a path-taking use case on this session's file and adopt its result.

        Raises:
            CardsmithError: whatever the use case raises (the session keeps its battle).
        """
        return self.adopt(use_case(self.path, *args, **kwargs))

    def view(self, key: str) -> UnitInPlay:
        """The view of one unit now."""
        return unit_in_play(self.battle, self.battle.unit(key))
