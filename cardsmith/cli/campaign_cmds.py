"""Provides ``cardsmith campaign …`` (rosters, post-game rolls, the log) and ``cardsmith roll``.

Every command parses its options, calls one use case of ``cardsmith.services.campaign``
(the app's campaign screen calls the same ones) and prints what came back.
"""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith import campaign as cp
from cardsmith.cli import campaign_options as opt
from cardsmith.cli.campaign_table_cmds import campaign_tables
from cardsmith.cli.options import paper_option, pdf_output_option
from cardsmith.cli.output import echo_json, format_table
from cardsmith.services import campaign as svc
from cardsmith.services import campaign_view as view
from cardsmith.tables import DiceRoll, Outcome

_FILE = click.Path(dir_okay=False, path_type=Path)
_EXISTING = click.Path(dir_okay=False, exists=True, path_type=Path)


def _print_outcome(outcome: Outcome, as_json: bool, extra: dict[str, object]) -> None:
    if as_json:
        echo_json({**extra, "outcome": outcome.to_json()})
    else:
        click.echo("\n".join(outcome.describe()))


def _print_checks(state: cp.Campaign, checks: tuple[cp.PregameCheck, ...]) -> None:
    """The pre-game rolls logged with a game, one line per warrior."""
    roster = cp.replay(state)
    for check in checks:
        click.echo(f"{roster.find(check.warrior).name}: {check.describe()}")


@click.group()
def campaign() -> None:
    """Campaign rosters: warriors and pilots from game to game, with every roll logged."""


@campaign.command("new")
@click.argument("name")
@click.option("-o", "--output", type=_FILE, required=True, help="Campaign file to create.")
@click.option("--pack", default=svc.DEFAULT_PACK, show_default=True, help="Table pack id.")
@click.option("--preferred", multiple=True, help="A preferred skill table of the team.")
@click.option("--team", default="", help="The team's type (outlaws, lawmen …).")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
def campaign_new(
    name: str, output: Path, pack: str, preferred: tuple[str, ...], team: str, force: bool
) -> None:
    """Create a campaign file named NAME."""
    svc.create(output, name, pack, preferred, team=team, overwrite=force)
    click.echo(f"Created campaign {name!r} ({pack}) in {output}")


@campaign.command("add-warrior")
@click.argument("file", type=_EXISTING)
@click.argument("name")
@click.option("--kind", required=True, help="Warrior kind (hero, hired-gun, pilot …).")
@click.option("--stat", "stats", multiple=True, metavar="NAME=N", help="A starting stat.")
@click.option("--equipment", multiple=True, help="A weapon or piece of equipment.")
@click.option("--skill", "skills", multiple=True, help="A skill id the warrior starts with.")
def campaign_add_warrior(
    file: Path,
    name: str,
    kind: str,
    stats: tuple[str, ...],
    equipment: tuple[str, ...],
    skills: tuple[str, ...],
) -> None:
    """Add warrior NAME to the roster in FILE."""
    values = opt.pairs(stats, "--stat", "NAME=NUMBER, e.g. shooting=4")
    added = svc.edit(file, lambda c: svc.add_warrior(c, name, kind, values, equipment, skills))
    warrior = added.warrior
    click.echo(f"Added {warrior.name} as {warrior.id} ({warrior.kind})")


@campaign.command("add-pilots")
@click.argument("file", type=_EXISTING)
@click.argument("force", type=_EXISTING)
def campaign_add_pilots(file: Path, force: Path) -> None:
    """Add the pilots of FORCE (a force file) to the roster in FILE, one per unit.

    A pilot already on the roster (same name) is not added twice.
    """
    added = svc.edit(file, lambda c: svc.add_pilots(c, force))
    for warrior in added.warriors:
        click.echo(f"Added {warrior.name} as {warrior.id} ({', '.join(warrior.equipment)})")
    for line in added.skipped:
        click.echo(line)
    if not added.warriors:
        click.echo("No pilots added.")


@campaign.command("game")
@click.argument("file", type=_EXISTING)
@click.option("--opponent", default="", help="The team played against.")
@click.option("--result", default="", help="win, loss, draw … (free text)")
@opt.dice_options
def campaign_game(
    file: Path, opponent: str, result: str, entered: str | None, seed: int | None
) -> None:
    """Record a game played (warriors sitting games out count one down).

    Warriors with an old battle wound roll a D6 first (--dice for your own dice, in
    roster order); on a 1 they miss the game.
    """
    source = opt.dice(entered, seed)
    game = svc.edit(file, lambda c: svc.record_game(c, opponent, result, source))
    opt.warn_unused(source)
    click.echo(f"Recorded game {game.number}")
    _print_checks(game.campaign, game.checks)


@campaign.command("roll")
@click.argument("file", type=_EXISTING)
@click.argument("warrior")
@click.argument("table")
@opt.dice_options
@opt.choose_option
@click.option("--opponent", default="", help="Team for enmity (default: last game's).")
@click.option("--value", type=int, help="The number to look up on a lookup table.")
@opt.format_option
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
    source = opt.dice(entered, seed)

    rolled = svc.edit(
        file,
        lambda c: svc.roll(
            c, warrior, table, source, choices, ask=opt.asker(), value=value, opponent=opponent
        ),
    )
    opt.warn_unused(source)
    extra: dict[str, object] = {"entry": rolled.entry.seq, "warrior": rolled.entry.warrior}
    _print_outcome(rolled.outcome, fmt == "json", extra)
    if fmt == "text":
        click.echo(f"Logged as entry {rolled.entry.seq}.")


@campaign.command("reroll")
@click.argument("file", type=_EXISTING)
@click.argument("seq", type=int)
@opt.dice_options
@opt.choose_option
@opt.format_option
def campaign_reroll(
    file: Path,
    seq: int,
    entered: str | None,
    seed: int | None,
    choices: tuple[str, ...],
    fmt: str,
) -> None:
    """Replace logged roll SEQ with new dice (e.g. the real ones: --dice 3,5)."""
    source = opt.dice(entered, seed)

    rolled = svc.edit(file, lambda c: svc.reroll(c, seq, source, choices, ask=opt.asker()))
    opt.warn_unused(source)
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
@click.option(
    "--battle",
    type=_EXISTING,
    help="A battle file: its destroyed units and wounded pilots are taken out.",
)
@opt.dice_options
@opt.choose_option
@click.option("--yes", is_flag=True, help="Save without asking.")
def campaign_post_game(
    file: Path,
    opponent: str,
    result: str,
    casualties: tuple[str, ...],
    xp: tuple[str, ...],
    advance: tuple[str, ...],
    battle: Path | None,
    entered: str | None,
    seed: int | None,
    choices: tuple[str, ...],
    yes: bool,
) -> None:
    """Record a game, roll injuries and advancements, show the changes, then save.

    Old battle wounds are rolled first (a D6 each, in roster order), then injuries and
    advancements in the order given.  A warrior an old wound kept out of the game gets no
    injury roll, XP or advancement from it.
    """
    before = svc.load(file)
    plan = cp.PostGamePlan(
        opponent, result, casualties, opt.pairs(xp, "--xp", "WARRIOR=N"), advance
    )
    if battle is not None:
        found = svc.battle_results(before, battle)
        plan = found.merged_into(plan)
        for line in found.lines:
            click.echo(line)
    source = opt.dice(entered, seed)
    done = svc.post_game(before, plan, source, choices, ask=opt.asker())
    opt.warn_unused(source)
    roster = cp.replay(done.campaign)
    click.echo(f"Game {done.game}" + (f" against {opponent}" if opponent else ""))
    _print_checks(done.campaign, done.checks)
    for rolled in done.rolls:
        click.echo(f"{roster.find(rolled.entry.warrior).name}:")
        click.echo("\n".join(rolled.outcome.describe("  ")))
    for ref, points in done.xp:
        click.echo(f"{roster.find(ref).name}: {points:+d} XP")
    for line in done.skipped:
        click.echo(f"Not done: {line}")
    if not yes and not click.confirm("Save these results?", default=True, err=True):
        click.echo("Nothing saved.", err=True)
        return
    svc.commit(file, before, done.campaign)
    click.echo(f"Saved {file}")


@campaign.command("show")
@click.argument("file", type=_EXISTING)
@opt.format_option
def campaign_show(file: Path, fmt: str) -> None:
    """Show the roster in FILE."""
    state = svc.load(file)
    if fmt == "json":
        echo_json(svc.show_json(state))
        return
    roster = cp.replay(state)
    click.echo(
        f"{state.name} — pack {state.pack}, {len(roster.games)} games, funds ${roster.funds}"
    )
    rows = [
        (w.id, w.name, w.kind, w.standing, w.xp, opt.stats_text(w, state.pack))
        for w in roster.warriors
    ]
    click.echo(format_table(["id", "name", "kind", "status", "xp", "stats"], rows, right=[4]))
    for w in roster.warriors:
        if extras := opt.extras_text(w):
            click.echo(f"{w.id} {w.name}: {extras}")


@campaign.command("log")
@click.argument("file", type=_EXISTING)
@opt.format_option
def campaign_log(file: Path, fmt: str) -> None:
    """Every entry of the campaign log, corrections included."""
    state = svc.load(file)
    if fmt == "json":
        echo_json([e.to_json() for e in state.log])
        return
    for e in state.log:
        mark = "" if view.undoable(state, e.seq) or e.action == "undo" else " (undone)"
        summary = opt.entry_summary(e)
        click.echo(f"{e.seq:>4}  game {e.game}  {e.action}{mark}  {e.warrior}  {summary}")


@campaign.command("undo")
@click.argument("file", type=_EXISTING)
@click.argument("seq", type=int, required=False)
def campaign_undo(file: Path, seq: int | None) -> None:
    """Cancel log entry SEQ (default: the last one in force); the log keeps both."""
    target = svc.edit(file, lambda c: svc.undo(c, seq)).target
    click.echo(f"Undid entry {target.seq} ({target.action}).")


@campaign.command("adjust")
@click.argument("file", type=_EXISTING)
@click.argument("warrior")
@click.option("--stat", "stats", multiple=True, metavar="NAME=±N", help="Change a stat.")
@click.option("--xp", type=int, default=0, help="Add (or remove) experience.")
@click.option("--skill", "skills", multiple=True, help="Give a skill by id.")
@click.option("--funds", type=int, default=0, help="Add to (or pay from) the team's funds.")
@click.option("--reason", required=True, help="Why, for the log.")
def campaign_adjust(
    file: Path,
    warrior: str,
    stats: tuple[str, ...],
    xp: int,
    skills: tuple[str, ...],
    funds: int,
    reason: str,
) -> None:
    """Change a warrior by hand, logged with a reason (e.g. a skill missing from the source)."""
    deltas = opt.pairs(stats, "--stat", "NAME=+1 or NAME=-1")
    adjusted = svc.edit(
        file,
        lambda c: svc.adjust(
            c, warrior, stats=deltas, xp=xp, skills=skills, funds=funds, reason=reason
        ),
    )
    click.echo("Logged: " + ", ".join(c.label for c in adjusted.changes))


@campaign.command("release")
@click.argument("file", type=_EXISTING)
@click.argument("warrior")
@click.argument("how", type=click.Choice(cp.RELEASES))
@opt.dice_options
def campaign_release(
    file: Path, warrior: str, how: str, entered: str | None, seed: int | None
) -> None:
    """A captured WARRIOR comes back (ransom, exchange) or is handed to the law (bounty)."""
    source = opt.dice(entered, seed)
    done = svc.edit(file, lambda c: svc.release(c, warrior, how, source))
    opt.warn_unused(source)
    click.echo(done.text)


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
def campaign_print(file: Path, output: Path, paper: str, log_entries: int | None) -> None:
    """Print the roster sheet of FILE: warriors, injuries, advances and the recent log."""
    state = svc.load(file)
    written = svc.print_sheet(state, output, paper.lower(), log_entries, source=file)
    roster = cp.replay(state)
    click.echo(
        f"{written}: {state.name}, {len(roster.warriors)} warriors, "
        f"{len(roster.games)} games, {paper.lower()}"
    )


campaign.add_command(campaign_tables)


@click.command("roll")
@click.argument("what")
@opt.dice_options
@opt.choose_option
@click.option("--value", type=int, help="The number to look up on a lookup table.")
@opt.format_option
def roll(
    what: str,
    entered: str | None,
    seed: int | None,
    choices: tuple[str, ...],
    value: int | None,
    fmt: str,
) -> None:
    """Roll dice (2D6, D66, D6x5 …) or a table by id or name, without a campaign."""
    source = opt.dice(entered, seed)
    result = svc.roll_free(what, source, choices, ask=opt.asker(), value=value)
    opt.warn_unused(source)
    if isinstance(result, DiceRoll):
        if fmt == "json":
            echo_json(result.to_json())
        else:
            click.echo(result.describe())
        return
    _print_outcome(result, fmt == "json", {})
