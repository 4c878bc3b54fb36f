"""Provides the ``battle`` commands: start, show, damage, heat, crits, wounds, flags, end of round, undo.

Every command parses its arguments, calls the battle use case of ``services.battle`` and
prints what it returns; what a unit shows comes from the one view of a unit in play.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from cardsmith.battle.state import FLAGS, Battle
from cardsmith.cli.battle_print_cmds import battle_print
from cardsmith.cli.battle_profile_cmds import order_end_cmd, profile_cmd
from cardsmith.cli.betrayal_cmds import betrayal, sabotage_cmd
from cardsmith.cli.output import echo_json, format_table
from cardsmith.services import battle as use
from cardsmith.services.battle import Outcome, UnitInPlay
from cardsmith.wording import count

_BATTLE = click.Path(dir_okay=False, path_type=Path)

#: The text table of ``battle show``.
HEADERS = ("KEY", "UNIT", "TP", "A", "S", "HEAT", "MV", "TMM", "DMG", "TN", "CRITS", "STATUS")

#: How to make each kind of roll a prompt asks for, on the command line.
_ROLL_HOW = {
    "crit": "battle crit BATTLE UNIT --roll N",
    "motive": "battle crit BATTLE UNIT --motive-roll N",
}


@click.group("battle")
def battle() -> None:
    """Track a game: damage, heat and critical hits per unit, end of round, undo."""


def echo_outcome(outcome: Outcome) -> None:
    """Print what a use case did, then the rolls it calls for."""
    for line in outcome.lines:
        click.echo(line)
    for prompt in outcome.prompts:
        click.echo(f"Roll: {prompt.text} (`{_ROLL_HOW[prompt.table]}`)")


@battle.command("start")
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
    echo_outcome(use.start_battle(forces, out, packs, overwrite=overwrite))


@battle.command("show")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--log", "show_log", is_flag=True, help="Also list every change so far.")
def show(battle_path: Path, fmt: str, show_log: bool) -> None:
    """Show every unit's state and current values: move, TMM, damage and to-hit."""
    current = use.open_battle(battle_path)
    views = use.battle_view(current)
    if fmt == "json":
        echo_json(battle_json(current, views))
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
        mine = [v for v in views if v.controller == number]
        rows = [row(v) for v in mine]
        click.echo(format_table(list(HEADERS), rows) if rows else "  (no units)")
        profiled = [v for v in mine if v.profile is not None]
        if profiled:
            click.echo("Profiles:")
            for view in profiled:
                click.echo(f"  {view.key} {view.name}: {profile_line(view)}")
    if current.pending:
        click.echo("\nEnd Phase:")
        for change in current.pending:
            click.echo(f"  {use.describe(current, change)}")
    if show_log:
        click.echo("\nLog:")
        for change in current.log:
            click.echo(f"  {use.describe(current, change)}")


def row(view: UnitInPlay) -> list[str]:
    """One unit's line in ``battle show``."""
    if view.generic:
        dash = "-"
        move = view.generic_move or dash
        cells = [view.key, view.name, dash, dash, view.generic_track, dash, move, dash, dash, dash]
        return [*cells, dash, view.status_text]
    return [
        view.key,
        view.name,
        view.type_code,
        f"{view.armor_left}/{view.armor}",
        f"{view.structure_left}/{view.structure}",
        view.heat_text,
        view.move_text,
        str(view.tmm),
        view.damage_text,
        view.to_hit_text,
        view.crits_short or "-",
        view.status_text,
    ]


def profile_line(view: UnitInPlay) -> str:
    """Active profile, every profile, the switch rule and the shared track of a unit."""
    info = view.profile
    if info is None:
        return ""
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


def battle_json(current: Battle, views: tuple[UnitInPlay, ...]) -> dict[str, Any]:
    """The battle with every unit's state and current values, for ``show --format json``."""
    units = []
    for view in views:
        state = current.unit(view.key)
        info = view.profile
        units.append(
            {
                "key": view.key,
                "name": view.name,
                "side": view.side,
                "controller": view.controller,
                "armor": view.armor_left,
                "structure": view.structure_left,
                "heat": view.heat_text,
                "shutdown": state.shutdown,
                "crits": [c.value for c in view.crits],
                "pilot_wounds": state.pilot_wounds,
                "destroyed": state.destroyed,
                "withdrawn": state.withdrawn,
                "pilotless": state.pilotless,
                "crashed": state.crashed,
                "sunk": state.sunk,
                "immobile": "immobile" in view.flags,
                "move": view.move_text,
                "tmm": view.tmm,
                "damage": [str(view.damage[b]) for b in "SMLE"],
                "specials": [s.text for s in view.specials],
                "to_hit": dict(view.to_hit),
                "weapon_skill": view.weapon_skill,
                "piloting_skill": view.piloting_skill,
                "objective": view.objective,
                "status": list(view.flags),
                "tracks": [
                    {"name": t.track.name, "boxes": t.track.boxes, "marked": sum(t.marked)}
                    for t in view.tracks
                ],
                "profile": None
                if info is None
                else {
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
                },
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


@battle.command("damage")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("points", type=click.IntRange(min=1))
@click.option(
    "--now", is_flag=True, help="Apply at once instead of in the End Phase (corrections)."
)
def damage_cmd(battle_path: Path, unit: str, points: int, now: bool) -> None:
    """Mark POINTS damage on UNIT (key like 1.3, or its name); armor first, then structure."""
    echo_outcome(use.mark_damage(battle_path, unit, points, now=now))


@battle.command("heat")
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
    outcome = use.stage_heat(
        battle_path, unit, points, external=external, fired=fired, water=water, level=level
    )
    echo_outcome(outcome)


@battle.command("crit")
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
    echo_outcome(
        use.mark_crit(battle_path, unit, kind, roll=roll, motive_roll=motive_roll, now=now)
    )


@battle.command("wound")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("wounds", type=click.IntRange(min=1), default=1, metavar="COUNT")
@click.option("--now", is_flag=True, help="Apply at once instead of in the End Phase.")
def wound_cmd(battle_path: Path, unit: str, wounds: int, now: bool) -> None:
    """Mark COUNT pilot wounds on UNIT."""
    echo_outcome(use.mark_wound(battle_path, unit, wounds, now=now))


@battle.command("flag")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
@click.argument("unit")
@click.argument("flag", type=click.Choice(FLAGS))
@click.option("--off", is_flag=True, help="Clear the flag instead of setting it.")
def flag_cmd(battle_path: Path, unit: str, flag: str, off: bool) -> None:
    """Set (or clear with --off) a flag on UNIT at once: shutdown, immobile, destroyed, withdrawn, pilotless."""
    echo_outcome(use.set_flag(battle_path, unit, flag, not off))


@battle.command("end-round")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
def end_round_cmd(battle_path: Path) -> None:
    """Run the End Phase: apply staged damage, crits and wounds, resolve heat, start the next turn."""
    echo_outcome(use.end_round(battle_path))


@battle.command("undo")
@click.argument("battle_path", metavar="BATTLE", type=_BATTLE)
def undo_cmd(battle_path: Path) -> None:
    """Take back the last change (an end of round included)."""
    echo_outcome(use.undo(battle_path))


# `battle betrayal` is the same command as `rules betrayal`.
battle.add_command(betrayal)
battle.add_command(sabotage_cmd)
battle.add_command(battle_print)
battle.add_command(order_end_cmd)
battle.add_command(profile_cmd)
