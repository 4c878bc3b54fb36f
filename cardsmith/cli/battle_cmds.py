"""Provides the ``battle`` commands (play state: damage, heat, crits, end of round, undo) and ``rules betrayal``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardsmith.battle import actions, effects
from cardsmith.battle.battle_file import load_battle, save_battle, start_battle
from cardsmith.battle.crits import CritKind, crit_from_roll, motive_from_roll, parse_crit
from cardsmith.battle.profile_state import ProfileInfo, profile_info
from cardsmith.battle.state import FLAGS, Battle, UnitState, heat_text, parse_heat
from cardsmith.cli.battle_print_cmds import battle_print
from cardsmith.cli.battle_profile_cmds import order_end_cmd, profile_cmd
from cardsmith.cli.betrayal_cmds import betrayal
from cardsmith.cli.output import echo_json, format_table
from cardsmith.errors import UsageError
from cardsmith.models import ForceEntry
from cardsmith.rules.engine import load_pack
from cardsmith.wording import count

_BATTLE = click.Path(dir_okay=False, path_type=Path)


@click.group("battle")
def play() -> None:
    """Track a game: damage, heat and critical hits per unit, end of round, undo."""


#: The same group under the name the commands are spelt with (`cardsmith battle …`).
battle = play


def _save(battle_path: Path, before: Battle, after: Battle) -> None:
    save_battle(after, battle_path)
    for change in after.log[len(before.log) :]:
        click.echo(actions.describe(after, change))


@play.command("start")
@click.argument("forces", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", "out", required=True, type=_BATTLE, help="Battle file to write.")
@click.option(
    "--optional",
    "packs",
    multiple=True,
    metavar="PACK",
    help="Switch on an optional-rule pack (betrayal).",
)
@click.option("--overwrite", is_flag=True, help="Replace an existing battle file.")
def start(forces: tuple[Path, ...], out: Path, packs: tuple[str, ...], overwrite: bool) -> None:
    """Start a battle from FORCE files (one side each) and write it to BATTLE."""
    if out.exists() and not overwrite:
        raise UsageError(f"{out} exists; pass --overwrite to replace it")
    for pack in packs:
        if not load_pack(pack).optional:
            raise UsageError(f"rule pack {pack!r} carries no optional in-game rule")
    created = start_battle(list(forces), out, packs)
    save_battle(created, out)
    sides = ", ".join(
        f"{n} {s.name} ({len(s.force.entries)} units)" for n, s in enumerate(created.sides, 1)
    )
    click.echo(f"Started {out}: turn 1; sides {sides}")


@play.command("show")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--log", "show_log", is_flag=True, help="Also list every change so far.")
def show(battle_path: Path, fmt: str, show_log: bool) -> None:
    """Show every unit's state and current values: move, TMM, damage and to-hit."""
    current = load_battle(battle_path)
    if fmt == "json":
        echo_json(battle_json(current))
        return
    waiting = (
        f" ({count(len(current.pending), 'change')} waiting for the End Phase)"
        if current.pending
        else ""
    )
    click.echo(f"Battle {battle_path}: turn {current.turn}{waiting}")
    if current.packs:
        click.echo(f"Optional rules: {', '.join(current.packs)}")
    for number, side in enumerate(current.sides, start=1):
        click.echo(f"\nSide {number}: {side.name} ({side.force_path})")
        rows = [_row(current, s, e) for s, e in current.pairs() if s.controller == number]
        headers = [
            "KEY",
            "UNIT",
            "TP",
            "A",
            "S",
            "HEAT",
            "MV",
            "TMM",
            "DMG",
            "TN S/M/L",
            "CRITS",
            "STATUS",
        ]
        click.echo(format_table(headers, rows) if rows else "  (no units)")
        profiled = [
            (s, info)
            for s, _ in current.pairs()
            if s.controller == number and (info := profile_info(current.force_entry(s), s))
        ]
        if profiled:
            click.echo("Profiles:")
            for state, info in profiled:
                click.echo(f"  {state.key} {current.entry(state).name}: {_profile_line(info)}")
    if current.pending:
        click.echo("\nEnd Phase:")
        for change in current.pending:
            click.echo(f"  {actions.describe(current, change)}")
    if show_log:
        click.echo("\nLog:")
        for change in current.log:
            click.echo(f"  {actions.describe(current, change)}")


def _profile_line(info: ProfileInfo) -> str:
    """Active profile, every profile, the switch rule and the shared track of a unit."""
    value = f" X={info.switch_value}" if info.switch_value is not None else ""
    parts = [
        f"profile {info.active + 1}/{len(info.names)} {info.active_name} ({' / '.join(info.names)})",
        f"{info.rule_name} [{info.rule_id}{value}]",
        f"shared {info.track}: {info.wounds} taken",
    ]
    if info.locked:
        parts.append("switched for good")
    if info.marker:
        parts.append(f"marker: {info.marker}")
    return "; ".join(parts)


def _row(current: Battle, state: UnitState, entry: ForceEntry) -> list[str]:
    unit = entry.unit
    info = profile_info(current.force_entry(state), state)
    if info is not None and info.track != "armor/structure":
        return _generic_row(current, state, entry, info)
    move = effects.current_move(entry, state, turn=current.turn)
    damage = effects.current_damage(entry, state)
    ranges = "SMLE"[: 4 if unit.type is not None and unit.type.family == "fighter" else 3]
    hits = [effects.to_hit(entry, state, band, turn=current.turn) for band in ranges]
    crits = ", ".join(f"{k.value}×{state.count(k)}" for k in dict.fromkeys(state.crits))
    return [
        state.key,
        entry.name,
        unit.type_code,
        f"{unit.armor - state.armor_damage}/{unit.armor}",
        f"{unit.structure - state.structure_damage}/{unit.structure}",
        heat_text(state.heat) if effects.tracks_heat(unit) else "-",
        move.text,
        str(move.tmm),
        "/".join(str(d) for d in damage[: len(ranges)]),
        "/".join("-" if h is None else str(h) for h in hits),
        crits or "-",
        _status(current, state, entry),
    ]


def _generic_row(
    current: Battle, state: UnitState, entry: ForceEntry, info: ProfileInfo
) -> list[str]:
    """A generic-system unit (seed 001's troopers): its wound track and MOV column."""
    profiles = entry.unit.profiles
    profile = profiles.profiles[state.profile] if profiles is not None else None
    track = profile.value(info.track) if profile is not None else None
    move = profile.value("MOV") if profile is not None else None
    return [
        state.key,
        entry.name,
        info.system,
        "-",
        f"{info.track} {info.wounds}/{track or '?'}",
        "-",
        move or "-",
        "-",
        "-",
        "-",
        "-",
        _status(current, state, entry),
    ]


def _status(current: Battle, state: UnitState, entry: ForceEntry) -> str:
    flags = ("destroyed", "withdrawn", "shutdown", "pilotless", "crashed")
    words = [f for f in flags if getattr(state, f)]
    if effects.permanently_immobile(entry, state):
        words.append("immobile")
    if state.stunned_turn == current.turn:
        words.append("crew stunned")
    if state.pilot_wounds:
        words.append(f"wounds {state.pilot_wounds}")
    if state.controller != state.side:
        words.append(f"turned from {current.side_name(state.side)}")
    if state.weapon_penalty or state.piloting_penalty:
        words.append(f"skill +{state.weapon_penalty} weapons/+{state.piloting_penalty} piloting")
    if state.objective:
        words.append(f"objective {state.objective}")
    return ", ".join(words) or "ok"


def battle_json(current: Battle) -> dict[str, Any]:
    """The battle with every unit's state and current values, for ``show --format json``."""
    units = []
    for state, entry in current.pairs():
        move = effects.current_move(entry, state, turn=current.turn)
        units.append(
            {
                "key": state.key,
                "name": entry.name,
                "side": state.side,
                "controller": state.controller,
                "armor": entry.unit.armor - state.armor_damage,
                "structure": entry.unit.structure - state.structure_damage,
                "heat": heat_text(state.heat),
                "shutdown": state.shutdown,
                "crits": [c.value for c in state.crits],
                "pilot_wounds": state.pilot_wounds,
                "destroyed": state.destroyed,
                "withdrawn": state.withdrawn,
                "pilotless": state.pilotless,
                "crashed": state.crashed,
                "immobile": effects.permanently_immobile(entry, state),
                "move": move.text,
                "tmm": move.tmm,
                "damage": [str(d) for d in effects.current_damage(entry, state)],
                "specials": [s.text for s in effects.specials_after_hits(entry, state)],
                "to_hit": {b: effects.to_hit(entry, state, b, turn=current.turn) for b in "SMLE"},
                "weapon_skill": effects.weapon_skill(entry, state),
                "piloting_skill": effects.piloting_skill(entry, state),
                "objective": state.objective,
                "profile": _profile_json(profile_info(current.force_entry(state), state)),
            }
        )
    return {
        "turn": current.turn,
        "packs": list(current.packs),
        "sides": [
            {"name": s.name, "force": s.force_path, "fingerprint": s.fingerprint}
            for s in current.sides
        ],
        "units": units,
        "pending": [c.to_dict() for c in current.pending],
        "log_length": len(current.log),
    }


def _profile_json(info: ProfileInfo | None) -> dict[str, Any] | None:
    if info is None:
        return None
    return {
        "active": info.active + 1,
        "name": info.active_name,
        "profiles": list(info.names),
        "rule": info.rule_id,
        "rule_name": info.rule_name,
        "switch_value": info.switch_value,
        "locked": info.locked,
        "marker": info.marker,
        "track": info.track,
        "wounds": info.wounds,
    }


@play.command("damage")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("points", type=click.IntRange(min=1))
@click.option(
    "--now", is_flag=True, help="Apply at once instead of in the End Phase (corrections)."
)
def damage_cmd(battle_path: Path, unit: str, points: int, now: bool) -> None:
    """Mark POINTS damage on UNIT (key like 1.3, or its name); armor first, then structure."""
    before = load_battle(battle_path)
    key = before.find(unit).key
    after = actions.damage(before, unit, points, now=now)
    _save(battle_path, before, after)
    old, new = actions.projected(before, key), actions.projected(after, key)
    if new.structure_damage > old.structure_damage:
        click.echo(
            "Structure damaged: roll for a critical hit (`battle crit BATTLE UNIT --roll N`)."
        )
    if effects.family(before.entry(old).unit) == "vehicle":
        click.echo(
            "Vehicle damaged: roll on the motive table (`battle crit BATTLE UNIT --motive-roll N`)."
        )


@play.command("heat")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("points", type=click.IntRange(min=0), default=0)
@click.option(
    "--external", is_flag=True, help="POINTS are heat from enemy HT attacks (max 2 a turn)."
)
@click.option("--fired", is_flag=True, help="The unit made weapon attacks this turn (no OV used).")
@click.option("--water", is_flag=True, help='The unit stands in water 1" deep or more (−1 heat).')
@click.option("--set", "level", metavar="LEVEL", help="Correct the heat level at once: 0-3 or S.")
def heat_cmd(
    battle_path: Path,
    unit: str,
    points: int,
    external: bool,
    fired: bool,
    water: bool,
    level: str | None,
) -> None:
    """Stage End-Phase heat for UNIT: POINTS of OV used (the unit fired), or --external/--fired/--water."""
    before = load_battle(battle_path)
    if level is not None:
        try:
            after = actions.set_heat(before, unit, parse_heat(level))
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
    else:
        after = before
        if external:
            after = actions.heat(after, unit, points, source="external")
        elif points:
            after = actions.heat(after, unit, points, source="ov")
        if fired and (external or not points):
            after = actions.heat(after, unit, 0, source="fired")
        if water:
            after = actions.heat(after, unit, 0, source="water")
        if after is before:
            raise UsageError("give OV POINTS, --external POINTS, --fired, --water or --set LEVEL")
    _save(battle_path, before, after)


@play.command("crit")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("kind", required=False)
@click.option("--roll", type=click.IntRange(2, 12), help="2D6 on the unit's critical-hit table.")
@click.option("--motive-roll", type=click.IntRange(2, 12), help="2D6 on the vehicle motive table.")
@click.option("--now", is_flag=True, help="Apply at once instead of in the End Phase.")
def crit_cmd(
    battle_path: Path,
    unit: str,
    kind: str | None,
    roll: int | None,
    motive_roll: int | None,
    now: bool,
) -> None:
    """Mark a critical hit: KIND (mp, engine, fire-control, weapon, ammo, motive-2 …) or a table roll."""
    if sum(x is not None for x in (kind, roll, motive_roll)) != 1:
        raise UsageError("give exactly one of KIND, --roll N or --motive-roll N")
    before = load_battle(battle_path)
    entry = before.entry(before.find(unit))
    result: CritKind | None
    try:
        if kind is not None:
            result = parse_crit(kind)
        elif roll is not None:
            result = crit_from_roll(entry.unit, roll)
        else:
            if effects.family(entry.unit) != "vehicle":
                raise UsageError(f"{entry.name} is not a vehicle: no motive table")
            result = motive_from_roll(entry.unit, motive_roll or 0)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    if result is None:
        click.echo("No critical hit.")
        return
    after = actions.crit(before, unit, result, now=now)
    _save(battle_path, before, after)


@play.command("wound")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("count", type=click.IntRange(min=1), default=1)
@click.option("--now", is_flag=True, help="Apply at once instead of in the End Phase.")
def wound_cmd(battle_path: Path, unit: str, count: int, now: bool) -> None:
    """Mark COUNT pilot wounds on UNIT."""
    before = load_battle(battle_path)
    _save(battle_path, before, actions.wound(before, unit, count, now=now))


@play.command("flag")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("flag", type=click.Choice(FLAGS))
@click.option("--off", is_flag=True, help="Clear the flag instead of setting it.")
def flag_cmd(battle_path: Path, unit: str, flag: str, off: bool) -> None:
    """Set (or clear with --off) a flag on UNIT at once: shutdown, immobile, destroyed, withdrawn, pilotless."""
    before = load_battle(battle_path)
    _save(battle_path, before, actions.set_flag(before, unit, flag, not off))


@play.command("end-round")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
def end_round_cmd(battle_path: Path) -> None:
    """Run the End Phase: apply staged damage, crits and wounds, resolve heat, start the next turn."""
    before = load_battle(battle_path)
    after = actions.end_round(before)
    save_battle(after, battle_path)
    click.echo(f"End of turn {before.turn}; turn {after.turn} begins.")
    for old, new in zip(before.units, after.units, strict=True):
        changes = _differences(old, new)
        if changes:
            click.echo(f"  {new.key} {after.entry(new).name}: {'; '.join(changes)}")


def _differences(old: UnitState, new: UnitState) -> list[str]:
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
    if new.destroyed and not old.destroyed:
        out.append("DESTROYED")
    return out


@play.command("undo")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
def undo_cmd(battle_path: Path) -> None:
    """Take back the last change (an end of round included)."""
    before = load_battle(battle_path)
    after, change = actions.undo(before)
    save_battle(after, battle_path)
    click.echo(f"Undone: {actions.describe(before, change)}")


# `battle betrayal` is the same command as `rules betrayal`.
play.add_command(betrayal)
play.add_command(battle_print)
play.add_command(order_end_cmd)
play.add_command(profile_cmd)
