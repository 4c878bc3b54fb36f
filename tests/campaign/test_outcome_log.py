"""A rolled outcome as the campaign log keeps it: every field written, read back the same."""

from __future__ import annotations

from typing import Any

from cardsmith.tables import Dice, parse_dice
from cardsmith.tables.outcome import Change, Outcome, Rolled


def _roll(text: str, dice: list[int]) -> Any:
    return Dice.own(dice).roll(parse_dice(text))


INJURY = Outcome(
    table="injury",
    table_title="Injury",
    pack="test",
    pack_version=3,
    pack_digest="abc123",
    roll=_roll("D66", [3, 4]),
    input=34,
    entry="leg-wound",
    label="Leg wound",
    value=None,
    changes=(
        Change("stat", "-1 Move", stat="move", amount=-1, minimum=0, maximum=8),
        Change("condition", "Limp", value="limp", games=2, text="Half move", pick="Rifle"),
    ),
    extra=(Rolled("re-rolled Dead: only one promotion per game", _roll("D6", [6])),),
    children=(
        Outcome(
            table="underdog",
            table_title="Underdog",
            pack="test",
            pack_version=3,
            pack_digest="abc123",
            roll=None,
            input=7,
            entry="far",
            label="Far behind",
            value=2,
        ),
    ),
    choices=(("Skill table", "guts-skills"),),
    notes=("already has Limp",),
)

LOGGED = {
    "table": "injury",
    "table_title": "Injury",
    "pack": "test",
    "pack_version": 3,
    "pack_digest": "abc123",
    "roll": {"expr": "D66", "dice": [3, 4], "total": 34, "source": "entered"},
    "input": 34,
    "entry": "leg-wound",
    "label": "Leg wound",
    "value": None,
    "changes": [
        {"kind": "stat", "label": "-1 Move", "stat": "move", "amount": -1, "minimum": 0,
         "maximum": 8},
        {"kind": "condition", "label": "Limp", "amount": 0, "value": "limp", "games": 2,
         "text": "Half move", "pick": "Rifle"},
    ],
    "extra": [
        {"purpose": "re-rolled Dead: only one promotion per game", "expr": "D6", "dice": [6],
         "total": 6, "source": "entered"}
    ],
    "children": [
        {"table": "underdog", "table_title": "Underdog", "pack": "test", "pack_version": 3,
         "pack_digest": "abc123", "roll": None, "input": 7, "entry": "far",
         "label": "Far behind", "value": 2, "changes": [], "extra": [], "children": [],
         "choices": [], "notes": []}
    ],
    "choices": [["Skill table", "guts-skills"]],
    "notes": ["already has Limp"],
}  # fmt: skip


def test_every_field_is_written_under_its_name() -> None:
    assert INJURY.to_json() == LOGGED


def test_what_is_written_reads_back_the_same() -> None:
    assert Outcome.from_json(LOGGED) == INJURY
    assert [r.total for r in INJURY.all_rolls()] == [34, 6]


def test_a_sparse_log_entry_reads_with_the_defaults() -> None:
    """An entry written with only what it had: a lookup, no pack details, nothing nested."""
    assert Outcome.from_json({"table": "underdog", "input": 3}) == Outcome(
        table="underdog",
        table_title="underdog",
        pack="",
        pack_version=0,
        pack_digest="",
        roll=None,
        input=3,
        entry="",
        label="",
    )
    assert Change.from_json({"kind": "note"}) == Change("note", "")
    assert Change("note", "Buys a round").to_json() == {"kind": "note", "label": "Buys a round",
                                                        "amount": 0}  # fmt: skip
