"""Provides the options and wording the campaign commands share: dice, answers, rosters."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

import click

from cardsmith import campaign as cp
from cardsmith.cli.output import warn
from cardsmith.services.campaign import tables
from cardsmith.tables import Dice, Outcome, ScriptedChooser, parse_entered

F = TypeVar("F", bound=Callable[..., object])


class PromptChooser:
    """Asks the player at the terminal."""

    def choose(self, prompt: str, options: Sequence[tuple[str, str]]) -> str:
        """Show the options, numbered, and read the answer."""
        for number, (key, label) in enumerate(options, start=1):
            click.echo(f"  {number}. {label} [{key}]", err=True)
        keys = [key for key, _ in options]
        numbers = [str(n) for n in range(1, len(options) + 1)]
        answer = click.prompt(prompt, type=click.Choice(keys + numbers), err=True)
        return keys[int(answer) - 1] if answer in numbers else str(answer)


def asker() -> PromptChooser | None:
    """Who answers questions the --choose answers do not cover: the player at a terminal."""
    return PromptChooser() if sys.stdin.isatty() else None


def chooser(answers: Sequence[str]) -> ScriptedChooser:
    """The --choose answers, then the player at a terminal."""
    return ScriptedChooser(list(answers), fallback=asker())


def dice(entered: str | None, seed: int | None) -> Dice:
    """Dice from --dice (physical dice, in order) and/or --seed (a seeded generator).

    With --dice alone, running out of entered dice is an error naming the roll; with both,
    the generator rolls whatever the entered dice do not cover.
    """
    if entered is None:
        return Dice.seeded(seed)  # a fresh generator each run; never the global one
    values = parse_entered(entered)
    return Dice.own(values) if seed is None else Dice.seeded(seed, values)


def warn_unused(source: Dice) -> None:
    """Say so when --dice gave more dice than the rolls took."""
    if source.remaining:
        left = source.remaining
        warn(f"{len(left)} entered dice were not needed: {list(left)}")


def choose_option(func: F) -> F:
    """``--choose ANSWER`` (repeatable)."""
    return click.option(
        "--choose",
        "choices",
        multiple=True,
        metavar="ANSWER",
        help="Answer a choice the table asks, by key, label or number (repeat in order).",
    )(func)


def dice_options(func: F) -> F:
    """``--dice`` and ``--seed``."""
    func = click.option(
        "--seed", type=int, help="Seed the dice generator (same seed, same rolls)."
    )(func)
    return click.option(
        "--dice",
        "entered",
        metavar="DICE",
        help='Dice you rolled yourself, in order: "3,5" (a D66 of 35), "4" …',
    )(func)


def format_option(func: F) -> F:
    """``--format text|json``."""
    return click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")(
        func
    )


def pairs(items: Sequence[str], option: str, example: str) -> dict[str, int]:
    """``NAME=N`` options as a mapping (the last ``=`` splits, so names may hold one).

    Raises:
        CampaignError: an item is not NAME=NUMBER.
    """
    found: dict[str, int] = {}
    for item in items:
        key, _, number = item.rpartition("=")
        try:
            found[key.strip()] = int(number)
        except ValueError:
            raise cp.CampaignError(f"{option} {item!r}: write {example}") from None
        if not key.strip():
            raise cp.CampaignError(f"{option} {item!r}: write {example}")
    return found


def stats_text(warrior: cp.Warrior, pack_id: str) -> str:
    """``Move 4, Shooting 4+`` with the pack's labels."""
    pack = tables().packs.get(pack_id)
    parts = []
    for key, value in warrior.stats:
        stat = pack.stat(key) if pack else None
        label = stat.label if stat else key
        parts.append(f"{label} {value}{stat.suffix if stat else ''}")
    return ", ".join(parts)


def extras_text(warrior: cp.Warrior) -> str:
    """Skills, conditions, equipment, enmities and notes of a warrior, in one line."""
    extras = []
    if warrior.skills:
        extras.append("skills: " + ", ".join(warrior.skills))
    if warrior.conditions:
        extras.append("conditions: " + ", ".join(c.label for c in warrior.conditions))
    if warrior.equipment:
        extras.append("equipment: " + ", ".join(warrior.equipment))
    if warrior.enmities:
        extras.append("hates: " + ", ".join(warrior.enmities))
    if warrior.status_note:
        extras.append(warrior.status_note)
    return "; ".join(extras)


def entry_summary(entry: cp.LogEntry) -> str:
    """One log entry in a line (``campaign log``)."""
    data = entry.data
    if entry.action in ("roll", "replace"):
        outcome = Outcome.from_json(data["outcome"])
        rolled = "; ".join(r.describe() for r in outcome.all_rolls())
        text = f"{outcome.table}: {outcome.label} [{rolled}]"
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
