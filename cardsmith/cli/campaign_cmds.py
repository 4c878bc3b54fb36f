"""Provides ``cardsmith campaign …`` (rosters, post-game rolls, the log) and ``cardsmith roll``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from cardsmith import campaign as cp
from cardsmith.campaign.campaign_file import campaign_to_json
from cardsmith.cli.campaign_table_cmds import campaign_tables
from cardsmith.cli.options import paper_option, pdf_output_option
from cardsmith.cli.output import echo_json, format_table, handled, warn
from cardsmith.tables import (
    Change,
    Dice,
    DiceError,
    Outcome,
    Resolver,
    ScriptedChooser,
    TableSet,
    load_tables,
    parse_dice,
    parse_entered,
)

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_PACK = "old-west"
_FILE = click.Path(dir_okay=False, path_type=Path)
_EXISTING = click.Path(dir_okay=False, exists=True, path_type=Path)


class _PromptChooser:
    """Asks the player at the terminal."""

    def choose(self, prompt: str, options: Sequence[tuple[str, str]]) -> str:
        for number, (key, label) in enumerate(options, start=1):
            click.echo(f"  {number}. {label} [{key}]", err=True)
        keys = [key for key, _ in options]
        numbers = [str(n) for n in range(1, len(options) + 1)]
        answer = click.prompt(prompt, type=click.Choice(keys + numbers), err=True)
        return keys[int(answer) - 1] if answer in numbers else str(answer)


def _chooser(answers: Sequence[str]) -> ScriptedChooser:
    fallback = _PromptChooser() if sys.stdin.isatty() else None
    return ScriptedChooser(list(answers), fallback=fallback)


def _dice(entered: str | None, seed: int | None) -> tuple[Dice, Dice | None]:
    """Dice from --dice (physical dice, in order) and/or --seed (a seeded generator).

    With --dice alone, running out of entered dice is an error naming the roll; with both,
    the generator rolls whatever the entered dice do not cover.
    """
    if entered is None:
        return Dice.seeded(seed), None  # a fresh generator each run; never the global one
    values = parse_entered(entered)
    source = Dice.own(values) if seed is None else Dice.seeded(seed, values)
    return source, source


def _warn_unused(entered: Dice | None) -> None:
    if entered is not None and entered.remaining:
        warn(f"{len(entered.remaining)} entered dice were not needed: {list(entered.remaining)}")


def _choose_option(func: F) -> F:
    return click.option(
        "--choose",
        "choices",
        multiple=True,
        metavar="ANSWER",
        help="Answer a choice the table asks, by key, label or number (repeat in order).",
    )(func)


def _dice_options(func: F) -> F:
    func = click.option(
        "--seed", type=int, help="Seed the dice generator (same seed, same rolls)."
    )(func)
    return click.option(
        "--dice",
        "entered",
        metavar="DICE",
        help='Dice you rolled yourself, in order: "3,5" (a D66 of 35), "4" …',
    )(func)


def _tables() -> TableSet:
    return load_tables()


def _save(campaign: cp.Campaign, path: Path) -> None:
    cp.save_campaign(campaign, path)


# --------------------------------------------------------------------------- campaign
@click.group()
def campaign() -> None:
    """Campaign rosters: warriors and pilots from game to game, with every roll logged."""


@campaign.command("new")
@click.argument("name")
@click.option("-o", "--output", type=_FILE, required=True, help="Campaign file to create.")
@click.option("--pack", default=DEFAULT_PACK, show_default=True, help="Table pack id.")
@click.option("--preferred", multiple=True, help="A preferred skill table of the team.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@handled
def campaign_new(
    name: str, output: Path, pack: str, preferred: tuple[str, ...], force: bool
) -> None:
    """Create a campaign file named NAME."""
    if output.exists() and not force:
        raise cp.CampaignError(f"{output} exists; use --force to overwrite it")
    tables = _tables()
    _save(cp.new_campaign(name, pack, tables, preferred), output)
    click.echo(f"Created campaign {name!r} ({pack}) in {output}")


@campaign.command("add-warrior")
@click.argument("file", type=_EXISTING)
@click.argument("name")
@click.option("--kind", required=True, help="Warrior kind (hero, hired-gun, pilot …).")
@click.option("--stat", "stats", multiple=True, metavar="NAME=N", help="A starting stat.")
@click.option("--equipment", multiple=True, help="A weapon or piece of equipment.")
@click.option("--skill", "skills", multiple=True, help="A skill id the warrior starts with.")
@handled
def campaign_add_warrior(
    file: Path,
    name: str,
    kind: str,
    stats: tuple[str, ...],
    equipment: tuple[str, ...],
    skills: tuple[str, ...],
) -> None:
    """Add warrior NAME to the roster in FILE."""
    values: dict[str, int] = {}
    for item in stats:
        key, _, number = item.partition("=")
        try:
            values[key.strip()] = int(number)
        except ValueError:
            raise cp.CampaignError(f"--stat {item!r}: write NAME=NUMBER, e.g. shooting=4") from None
    state = cp.load_campaign(file)
    state, warrior = cp.add_warrior(state, _tables(), name, kind, values, equipment, skills)
    _save(state, file)
    click.echo(f"Added {warrior.name} as {warrior.id} ({warrior.kind})")


@campaign.command("game")
@click.argument("file", type=_EXISTING)
@click.option("--opponent", default="", help="The team played against.")
@click.option("--result", default="", help="win, loss, draw … (free text)")
@_dice_options
@handled
def campaign_game(
    file: Path, opponent: str, result: str, entered: str | None, seed: int | None
) -> None:
    """Record a game played (warriors sitting games out count one down).

    Warriors with an old battle wound roll a D6 first (--dice for your own dice, in
    roster order); on a 1 they miss the game.
    """
    dice, typed = _dice(entered, seed)
    state = cp.record_game(cp.load_campaign(file), opponent, result, tables=_tables(), dice=dice)
    _save(state, file)
    _warn_unused(typed)
    click.echo(f"Recorded game {cp.replay(state).current_game}")
    _print_checks(state)


def _print_checks(state: cp.Campaign) -> None:
    """The pre-game rolls logged with the last game, one line per warrior."""
    roster = cp.replay(state)
    for check in cp.game_checks(state):
        click.echo(f"{roster.find(check.warrior).name}: {check.describe()}")


def _print_outcome(outcome: Outcome, as_json: bool, extra: dict[str, Any]) -> None:
    if as_json:
        echo_json({**extra, "outcome": outcome.to_json()})
    else:
        click.echo("\n".join(outcome.describe()))


@campaign.command("roll")
@click.argument("file", type=_EXISTING)
@click.argument("warrior")
@click.argument("table")
@_dice_options
@_choose_option
@click.option("--opponent", default="", help="Team for enmity (default: last game's).")
@click.option("--value", type=int, help="The number to look up on a lookup table.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@handled
def campaign_roll(
    file: Path,
    warrior: str,
    table: str,
    entered: str | None,
    seed: int | None,
    choices: tuple[str, ...],
    opponent: str,
    value: int | None,
    fmt: str,
) -> None:
    """Roll on TABLE for WARRIOR and log it (TABLE may be 'injury' or 'advancement')."""
    dice, typed = _dice(entered, seed)
    rolled = cp.roll_for(
        cp.load_campaign(file),
        _tables(),
        warrior,
        table,
        dice,
        _chooser(choices),
        value=value,
        opponent=opponent,
    )
    _save(rolled.campaign, file)
    _warn_unused(typed)
    _print_outcome(
        rolled.outcome, fmt == "json", {"entry": rolled.entry.seq, "warrior": rolled.entry.warrior}
    )
    if fmt == "text":
        click.echo(f"Logged as entry {rolled.entry.seq}.")


@campaign.command("reroll")
@click.argument("file", type=_EXISTING)
@click.argument("seq", type=int)
@_dice_options
@_choose_option
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@handled
def campaign_reroll(
    file: Path,
    seq: int,
    entered: str | None,
    seed: int | None,
    choices: tuple[str, ...],
    fmt: str,
) -> None:
    """Replace logged roll SEQ with new dice (e.g. the real ones: --dice 3,5)."""
    dice, typed = _dice(entered, seed)
    rolled = cp.replace_roll(cp.load_campaign(file), _tables(), seq, dice, _chooser(choices))
    _save(rolled.campaign, file)
    _warn_unused(typed)
    _print_outcome(rolled.outcome, fmt == "json", {"entry": rolled.entry.seq, "replaces": seq})
    if fmt == "text":
        click.echo(f"Entry {seq} replaced by entry {rolled.entry.seq}.")


@campaign.command("post-game")
@click.argument("file", type=_EXISTING)
@click.option("--opponent", default="", help="The team played against.")
@click.option("--result", default="", help="win, loss, draw … (free text)")
@click.option(
    "--out", "casualties", multiple=True, metavar="WARRIOR", help="Taken out: roll injury."
)
@click.option("--xp", "xp", multiple=True, metavar="WARRIOR=N", help="Experience gained.")
@click.option("--advance", multiple=True, metavar="WARRIOR", help="Roll an advancement.")
@_dice_options
@_choose_option
@click.option("--yes", is_flag=True, help="Save without asking.")
@handled
def campaign_post_game(
    file: Path,
    opponent: str,
    result: str,
    casualties: tuple[str, ...],
    xp: tuple[str, ...],
    advance: tuple[str, ...],
    entered: str | None,
    seed: int | None,
    choices: tuple[str, ...],
    yes: bool,
) -> None:
    """Record a game, roll injuries and advancements, show the changes, then save.

    Old battle wounds are rolled first (a D6 each, in roster order), then injuries and
    advancements in the order given.
    """
    awards: dict[str, int] = {}
    for item in xp:
        name, _, number = item.rpartition("=")
        try:
            awards[name] = int(number)
        except ValueError:
            raise cp.CampaignError(f"--xp {item!r}: write WARRIOR=NUMBER") from None
    dice, typed = _dice(entered, seed)
    before = cp.load_campaign(file)
    after, rolls = cp.post_game(
        before,
        _tables(),
        dice,
        _chooser(choices),
        opponent=opponent,
        result=result,
        casualties=casualties,
        xp=awards,
        advance=advance,
    )
    _warn_unused(typed)
    roster = cp.replay(after)
    click.echo(f"Game {roster.current_game}" + (f" against {opponent}" if opponent else ""))
    for check in cp.game_checks(after):
        click.echo(f"{roster.find(check.warrior).name}: {check.describe()}")
    for rolled in rolls:
        name = roster.find(rolled.entry.warrior).name
        click.echo(f"{name}:")
        click.echo("\n".join(rolled.outcome.describe("  ")))
    for ref, points in awards.items():
        click.echo(f"{roster.find(ref).name}: {points:+d} XP")
    if not yes and not click.confirm("Save these results?", default=True, err=True):
        click.echo("Nothing saved.", err=True)
        return
    _save(after, file)
    click.echo(f"Saved {file}")


def _stats_text(warrior: cp.Warrior, tables: TableSet, pack_id: str) -> str:
    pack = tables.packs.get(pack_id)
    parts = []
    for key, value in warrior.stats:
        stat = pack.stat(key) if pack else None
        label = stat.label if stat else key
        parts.append(f"{label} {value}{stat.suffix if stat else ''}")
    return ", ".join(parts)


@campaign.command("show")
@click.argument("file", type=_EXISTING)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@handled
def campaign_show(file: Path, fmt: str) -> None:
    """Show the roster in FILE."""
    state = cp.load_campaign(file)
    data = campaign_to_json(state)
    if fmt == "json":
        data.pop("log")
        echo_json(data)
        return
    roster = cp.replay(state)
    tables = _tables()
    click.echo(
        f"{state.name} — pack {state.pack}, {len(roster.games)} games, funds ${roster.funds}"
    )
    rows = [
        (w.id, w.name, w.kind, w.standing, w.xp, _stats_text(w, tables, state.pack))
        for w in roster.warriors
    ]
    click.echo(format_table(["id", "name", "kind", "status", "xp", "stats"], rows, right=[4]))
    for w in roster.warriors:
        extras = []
        if w.skills:
            extras.append("skills: " + ", ".join(w.skills))
        if w.conditions:
            extras.append("conditions: " + ", ".join(c.label for c in w.conditions))
        if w.equipment:
            extras.append("equipment: " + ", ".join(w.equipment))
        if w.enmities:
            extras.append("hates: " + ", ".join(w.enmities))
        if w.status_note:
            extras.append(w.status_note)
        if extras:
            click.echo(f"{w.id} {w.name}: " + "; ".join(extras))


@campaign.command("log")
@click.argument("file", type=_EXISTING)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@handled
def campaign_log(file: Path, fmt: str) -> None:
    """Every entry of the campaign log, corrections included."""
    state = cp.load_campaign(file)
    if fmt == "json":
        echo_json([e.to_json() for e in state.log])
        return
    undone = {int(e.data["target"]) for e in state.log if e.action == "undo"}
    for e in state.log:
        mark = " (undone)" if e.seq in undone else ""
        click.echo(f"{e.seq:>4}  game {e.game}  {e.action}{mark}  {e.warrior}  {_summary(e)}")


def _summary(entry: cp.LogEntry) -> str:
    data = entry.data
    if entry.action in ("roll", "replace"):
        outcome = Outcome.from_json(data["outcome"])
        dice = "; ".join(r.describe() for r in outcome.all_rolls())
        text = f"{outcome.table}: {outcome.label} [{dice}]"
        return text + (f" replaces {data['replaces']}" if entry.action == "replace" else "")
    if entry.action == "undo":
        return f"undoes {data['target']}"
    if entry.action == "add-warrior":
        return str(data["warrior"]["name"])
    if entry.action == "game":
        text = f"game {data['number']} vs {data.get('opponent') or '?'}"
        checks = [cp.PregameCheck.from_json(c) for c in data.get("pregame", [])]
        return text + "".join(f"; {c.warrior} {c.describe()}" for c in checks)
    if entry.action == "adjust":
        return f"{data.get('reason', '')}: " + ", ".join(c["label"] for c in data["changes"])
    return str(data.get("how", ""))


@campaign.command("undo")
@click.argument("file", type=_EXISTING)
@click.argument("seq", type=int, required=False)
@handled
def campaign_undo(file: Path, seq: int | None) -> None:
    """Cancel log entry SEQ (default: the last one in force); the log keeps both."""
    state, target = cp.undo(cp.load_campaign(file), seq)
    _save(state, file)
    click.echo(f"Undid entry {target.seq} ({target.action}).")


@campaign.command("adjust")
@click.argument("file", type=_EXISTING)
@click.argument("warrior")
@click.option("--stat", "stats", multiple=True, metavar="NAME=±N", help="Change a stat.")
@click.option("--xp", type=int, help="Add (or remove) experience.")
@click.option("--skill", "skills", multiple=True, help="Give a skill by id.")
@click.option("--funds", type=int, help="Add to (or pay from) the team's funds.")
@click.option("--reason", required=True, help="Why, for the log.")
@handled
def campaign_adjust(
    file: Path,
    warrior: str,
    stats: tuple[str, ...],
    xp: int | None,
    skills: tuple[str, ...],
    funds: int | None,
    reason: str,
) -> None:
    """Change a warrior by hand, logged with a reason (e.g. a skill missing from the source)."""
    changes: list[Change] = []
    for item in stats:
        key, _, number = item.partition("=")
        try:
            changes.append(Change("stat", f"{int(number):+d} {key}", stat=key, amount=int(number)))
        except ValueError:
            raise cp.CampaignError(f"--stat {item!r}: write NAME=+1 or NAME=-1") from None
    if xp:
        changes.append(Change("xp", f"{xp:+d} XP", amount=xp))
    changes.extend(Change("skill", f"Skill: {s}", value=s) for s in skills)
    if funds:
        changes.append(Change("funds", f"Funds {funds:+d}", amount=funds))
    if not changes:
        raise cp.CampaignError("nothing to change: give --stat, --xp, --skill or --funds")
    state = cp.adjust(cp.load_campaign(file), warrior, changes, reason)
    _save(state, file)
    click.echo("Logged: " + ", ".join(c.label for c in changes))


@campaign.command("release")
@click.argument("file", type=_EXISTING)
@click.argument("warrior")
@click.argument("how", type=click.Choice(cp.RELEASES))
@_dice_options
@handled
def campaign_release(
    file: Path, warrior: str, how: str, entered: str | None, seed: int | None
) -> None:
    """A captured WARRIOR comes back (ransom, exchange) or is handed to the law (bounty)."""
    dice, typed = _dice(entered, seed)
    state, reward = cp.release(cp.load_campaign(file), warrior, how, dice)
    _save(state, file)
    _warn_unused(typed)
    if reward is None:
        click.echo(f"Released by {how}; back with all equipment.")
    else:
        click.echo(f"Handed to the law: the captors get ${reward} and keep the equipment.")


@campaign.command("print")
@click.argument("file", type=_EXISTING)
@pdf_output_option
@paper_option
@click.option(
    "--log",
    "log_entries",
    type=click.IntRange(min=0),
    metavar="N",
    help="How many of the last log entries to list (default: the layout's, 12).",
)
@handled
def campaign_print(file: Path, output: Path, paper: str, log_entries: int | None) -> None:
    """Print the roster sheet of FILE: warriors, injuries, advances and the recent log."""
    state = cp.load_campaign(file)
    # reportlab is imported only here, so the other campaign commands never pay for it.
    from cardsmith.render.pdf.campaign_sheet import render_campaign_sheet

    written = render_campaign_sheet(
        state, _tables(), output, paper=paper.lower(), log_entries=log_entries
    )
    roster = cp.replay(state)
    click.echo(
        f"{written}: {state.name}, {len(roster.warriors)} warriors, "
        f"{len(roster.games)} games, {paper.lower()}"
    )


campaign.add_command(campaign_tables)


# --------------------------------------------------------------------------- roll
@click.command("roll")
@click.argument("what")
@_dice_options
@_choose_option
@click.option("--value", type=int, help="The number to look up on a lookup table.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@handled
def roll(
    what: str,
    entered: str | None,
    seed: int | None,
    choices: tuple[str, ...],
    value: int | None,
    fmt: str,
) -> None:
    """Roll dice (2D6, D66, D6x5 …) or a table by id or name, without a campaign."""
    dice, typed = _dice(entered, seed)
    try:
        expr = parse_dice(what)
    except DiceError:
        expr = None
    if expr is not None:
        result = dice.roll(expr, what)
        _warn_unused(typed)
        if fmt == "json":
            echo_json(result.to_json())
        else:
            click.echo(result.describe())
        return
    tables = _tables()
    outcome = Resolver(tables, dice, _chooser(choices)).resolve(what, value=value)
    _warn_unused(typed)
    _print_outcome(outcome, fmt == "json", {})


__all__ = ["campaign", "roll"]
