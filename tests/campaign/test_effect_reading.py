"""Each effect kind is read whole from a pack file, and each of its problems says where and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.errors import TemplateError
from cardsmith.tables import load_files, parse_dice
from cardsmith.tables.model import (
    Amount,
    Captured,
    Condition,
    GainXp,
    MissGames,
    Pay,
    RollAgain,
    StatChange,
)

from .conftest import PACK_HEAD as HEAD


def _file(tmp_path: Path, effect: str) -> Path:
    """A pack whose one D6 table has one entry with ``effect``."""
    path = tmp_path / "effects.toml"
    path.write_text(
        HEAD + f'\n[[table]]\nid = "t"\ntitle = "T"\ndice = "D6"\n\n[[table.entry]]\n'
        f'range = "1-6"\nkey = "a"\nlabel = "A"\neffects = [{effect}]\n',
        encoding="utf-8",
    )
    return path


D3, D6, TWO_D6 = parse_dice("D3"), parse_dice("D6"), parse_dice("2D6")


@pytest.mark.parametrize(
    ("effect", "read"),
    [
        (
            '{ kind = "stat", stat = "courage", delta = -1, min = 1, max = 5, label = "Shaken" }',
            StatChange("courage", Amount(-1), minimum=1, maximum=5, label="Shaken"),
        ),
        (
            '{ kind = "stat", stat = "courage", delta = "D3" }',
            StatChange("courage", Amount(dice=D3)),
        ),
        ('{ kind = "miss-games", games = " -D6 " }', MissGames(Amount(dice=D6, negative=True))),
        ('{ kind = "xp", amount = 2 }', GainXp(Amount(2))),
        ('{ kind = "roll-again", times = 2, table = "t" }', RollAgain(Amount(2), table="t")),
        ('{ kind = "captured", bounty = "2D6" }', Captured(bounty=TWO_D6)),
        ('{ kind = "captured" }', Captured(bounty=None)),
        (
            '{ kind = "condition", id = "old-wound", label = "Old wound", text = "Roll first.", '
            'games = 2, if_present = [{ kind = "xp", amount = 1 }] }',
            Condition("old-wound", "Old wound", "Roll first.", 2, (GainXp(Amount(1)),)),
        ),
        (
            '{ kind = "pay", amount = "D6", prompt = "Bail", otherwise_label = "Jail", '
            'otherwise = [{ kind = "miss-games", games = "D3" }] }',
            Pay(Amount(dice=D6), "Bail", "Jail", (MissGames(Amount(dice=D3)),)),
        ),
    ],
)
def test_an_effect_is_read_whole(tmp_path: Path, effect: str, read: object) -> None:
    (got,) = load_files([_file(tmp_path, effect)]).tables["t"].entries[0].effects
    assert got == read


KNOWN = (
    "stat, miss-games, remove, lose-equipment, xp, skill, promote, roll-again, subtable, "
    "choice, captured, enmity, condition, funds, pay, note"
)


@pytest.mark.parametrize(
    ("effect", "problem"),
    [
        (
            '{ kind = "xp", amount = true }',
            "amount: must be a whole number or a dice expression such as D3",
        ),
        (
            '{ kind = "xp", amount = 1.5 }',
            "amount: must be a whole number or a dice expression such as D3",
        ),
        ('{ kind = "xp", amount = "D7x" }', "amount: not a dice expression: 'D7x'"),
        ('{ kind = "xp" }', "amount: is required"),
        ('{ kind = "captured", bounty = "D7x" }', "bounty: not a dice expression: 'D7x'"),
        (
            '{ kind = "condition", id = "Old Wound", label = "X" }',
            "id: must be lower-case letters, digits and dashes",
        ),
        ('{ kind = "condition", id = "x", label = "X", games = 0 }', "games: must be at least 1"),
        (
            '{ kind = "condition", id = "x", label = "X", if_present = "xp" }',
            "if_present: must be a list of effects",
        ),
        (
            '{ kind = "condition", id = "x", label = "X", if_present = ["xp"] }',
            "if_present[0]: must be a table with a 'kind'",
        ),
        ('{ kind = "condition", label = "X" }', "id: is required"),
        (
            '{ kind = "roll-again", times = 1, ignore = [1] }',
            "ignore: must be a list of entry keys",
        ),
        (
            '{ kind = "pay", amount = 1, prompt = "Bail", otherwise_label = "No", otherwise = [{ kind = "nope" }] }',
            f"otherwise[0].kind: unknown effect kind 'nope'; known: {KNOWN}",
        ),
        ('{ kind = "pay", amount = 1, otherwise_label = "No" }', "prompt: is required"),
        ('{ kind = "pay", amount = 1, prompt = "Bail" }', "otherwise_label: is required"),
        ('{ kind = "stat", delta = 1 }', "stat: is required"),  # and not also "stat ''"
        ('{ kind = "subtable" }', "table: is required"),
        ('{ kind = "promote" }', "to: is required"),
        (
            '{ kind = "stat", stat = "courage", delta = 1, min = "1" }',
            "min: must be a whole number",
        ),
        ('{ color = "red" }', f"kind: unknown effect kind None; known: {KNOWN}"),
    ],
)
def test_a_bad_effect_says_where_and_why(tmp_path: Path, effect: str, problem: str) -> None:
    with pytest.raises(TemplateError) as refused:
        load_files([_file(tmp_path, effect)])
    problems = [str(p) for p in refused.value.problems]
    where = f"effects.toml: table.t.entry.a.effects[0].{problem}"
    assert len(problems) == 1 and problems[0].startswith(where), (problems, where)
