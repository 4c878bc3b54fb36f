"""What each effect kind becomes when rolled: the change recorded, with its words and numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.tables import Dice, Resolver, ScriptedChooser, load_files
from cardsmith.tables.outcome import Change
from cardsmith.tables.resolver import Context

from .conftest import PACK_HEAD

#: The entry rolled is always the D6's one entry (1-6); dice after the first are the
#: effect's own (its D3 or D6 amount).
CASES = [
    (
        '{ kind = "stat", stat = "courage", delta = -1, min = 1, max = 5 }',
        [],
        Change("stat", "-1 Courage", stat="courage", amount=-1, minimum=1, maximum=5),
    ),
    (
        '{ kind = "stat", stat = "courage", delta = 1, label = "Steady" }',
        [],
        Change("stat", "Steady", stat="courage", amount=1),
    ),
    ('{ kind = "miss-games", games = 1 }', [], Change("miss-games", "Misses 1 game", amount=1)),
    (
        '{ kind = "miss-games", games = "D3" }',
        [3],
        Change("miss-games", "Misses 3 games", amount=3),
    ),
    (
        '{ kind = "remove", status = "dead", reason = "Shot" }',
        [],
        Change("remove", "Dead", value="dead", text="Shot"),
    ),
    (
        '{ kind = "remove", status = "gone" }',
        [],
        Change("remove", "Leaves the roster", value="gone"),
    ),
    (
        '{ kind = "lose-equipment" }',
        [],
        Change("lose-equipment", "Loses all weapons and equipment"),
    ),
    ('{ kind = "xp", amount = "D6" }', [4], Change("xp", "+4 XP", amount=4)),
    (
        '{ kind = "stat", stat = "courage", delta = "D3" }',
        [2],
        Change("stat", "+2 Courage", stat="courage", amount=2),
    ),
    ('{ kind = "promote", to = "hero" }', [], Change("promote", "Promoted to Hero", value="hero")),
    (
        '{ kind = "captured", bounty = "2D6" }',
        [],
        Change("captured", "Captured by the enemy", text="2D6"),
    ),
    ('{ kind = "enmity" }', [], Change("enmity", "Hates Los Bandidos", value="Los Bandidos")),
    (
        '{ kind = "condition", id = "limp", label = "Limp", games = 2, text = "Half move" }',
        [],
        Change("condition", "Limp", value="limp", games=2, text="Half move"),
    ),
    ('{ kind = "funds", delta = -5 }', [], Change("funds", "Funds -5", amount=-5)),
    ('{ kind = "note", text = "Buys a round" }', [], Change("note", "Buys a round")),
]


def _roll(tmp_path: Path, effect: str, dice: list[int], context: Context) -> tuple[Change, ...]:
    path = tmp_path / "effects.toml"
    path.write_text(
        PACK_HEAD + f'\n[[table]]\nid = "t"\ntitle = "T"\ndice = "D6"\n\n[[table.entry]]\n'
        f'range = "1-6"\nkey = "a"\nlabel = "A"\neffects = [{effect}]\n',
        encoding="utf-8",
    )
    tables = load_files([path])
    resolver = Resolver(tables, Dice.own([1, *dice]), ScriptedChooser([]), context)
    return resolver.resolve(tables.tables["t"]).changes


@pytest.mark.parametrize(("effect", "dice", "change"), CASES, ids=[c[2].label for c in CASES])
def test_each_effect_is_recorded_as_it_reads(
    tmp_path: Path, effect: str, dice: list[int], change: Change
) -> None:
    assert _roll(tmp_path, effect, dice, Context(opponent="Los Bandidos")) == (change,)


def test_enmity_without_a_known_opponent_names_the_injurer(tmp_path: Path) -> None:
    (change,) = _roll(tmp_path, '{ kind = "enmity" }', [], Context())
    assert change == Change(
        "enmity",
        "Hates the team that caused the injury",
        value="the team that caused the injury",
    )
