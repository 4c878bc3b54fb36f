"""The rolls a result makes along the way, and why one is thrown away; lookups without a number."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardsmith.errors import MoreDiceNeeded, TemplateError, UsageError
from cardsmith.tables import Dice, Resolver, ScriptedChooser, TableSet, load_files
from cardsmith.tables.outcome import Change, Outcome
from cardsmith.tables.resolver import Context

from .conftest import PACK_HEAD

TABLES = """
[[table]]
id = "injury"
title = "Injury"
dice = "D6"

[[table.entry]]
range = "1-3"
key = "bruised"
label = "Bruised"
effects = [{ kind = "stat", stat = "courage", delta = "-D3" }]

[[table.entry]]
range = "4-5"
key = "again"
label = "Roll again"
effects = [{ kind = "roll-again", times = 1, ignore = ["again", "promoted"] }]

[[table.entry]]
range = "6"
key = "promoted"
label = "Promoted"
effects = [{ kind = "promote", to = "hero", once_per_game = true }]

[[table]]
id = "tricks"
title = "Tricks"
dice = "D6"
skill_table = true

[[table.entry]]
range = "1-3"
key = "quick"
label = "Quick"

[[table.entry]]
range = "4-6"
key = "sly"
label = "Sly"

[[table]]
id = "bail"
title = "Bail"
dice = "D6"

[[table.entry]]
range = "1-6"
key = "jailed"
label = "Jailed"
effects = [{ kind = "pay", amount = "D6", prompt = "Bail", otherwise_label = "Stay in jail", otherwise = [{ kind = "miss-games", games = 1 }] }]

[[table]]
id = "mixed"
title = "Mixed"
dice = "D6"

[[table.entry]]
range = "1"
key = "learn"
label = "Learns"
effects = [{ kind = "xp", amount = "D6" }]

[[table.entry]]
range = "2"
key = "loot"
label = "Loot"
effects = [{ kind = "funds", delta = "D6" }]

[[table.entry]]
range = "3"
key = "limp"
label = "Limp"
effects = [{ kind = "condition", id = "limp", label = "Limp", if_present = [{ kind = "miss-games", games = 1 }] }]

[[table.entry]]
range = "4"
key = "again"
label = "Again"
effects = [{ kind = "roll-again", times = "D3", table = "tricks" }]

[[table.entry]]
range = "5-6"
key = "promoted"
label = "Promoted"
effects = [{ kind = "promote", to = "hero", once_per_game = true }]

[[table]]
id = "rating"
title = "Rating gap"
input = "the rating difference"

[[table.entry]]
range = "0-4"
key = "close"
label = "Close"

[[table.entry]]
range = "5+"
key = "far"
label = "Far"
"""


@pytest.fixture
def pack(tmp_path: Path) -> TableSet:
    path = tmp_path / "rolls.toml"
    path.write_text(PACK_HEAD + TABLES, encoding="utf-8")
    return load_files([path])


def _roll(pack: TableSet, table: str, dice: list[int], context: Context | None = None) -> Outcome:
    return Resolver(pack, Dice.own(dice), ScriptedChooser([]), context or Context()).resolve(table)


def test_an_amount_rolled_says_what_it_was_for(pack: TableSet) -> None:
    outcome = _roll(pack, "injury", [2, 3])
    assert outcome.changes == (Change("stat", "-3 Courage", stat="courage", amount=-3),)
    assert [(r.purpose, r.roll.dice) for r in outcome.extra] == [("courage change", (3,))]
    # Rolled at the table: the player is told what the die is for.
    with pytest.raises(MoreDiceNeeded) as asked:
        _roll(pack, "injury", [2])
    assert asked.value.message == "D3 for courage change needs 1 die; 0 entered dice are left"
    # The outcome names the pack it came from, as the log keeps it.
    assert (outcome.pack, outcome.pack_digest) == ("test", pack.packs["test"].digest)


def test_a_result_that_does_not_count_is_rolled_again_and_says_why(pack: TableSet) -> None:
    (again,) = _roll(pack, "injury", [4, 5, 6, 1, 1]).children
    assert [r.purpose for r in again.extra] == [
        "re-rolled Roll again: does not count on this roll",
        "re-rolled Promoted: does not count on this roll",
        "courage change",
    ]
    assert again.entry == "bruised"


def test_a_second_promotion_in_one_game_is_rolled_again(pack: TableSet) -> None:
    outcome = _roll(pack, "injury", [6, 2, 1], Context(promotion_taken=True))
    assert [r.purpose for r in outcome.extra[:1]] == [
        "re-rolled Promoted: only one promotion per game"
    ]
    assert outcome.entry == "bruised"


def test_a_skill_already_held_is_rolled_again(pack: TableSet) -> None:
    outcome = _roll(pack, "tricks", [1, 5], Context(skills=Counter(quick=1)))
    assert [r.purpose for r in outcome.extra] == ["re-rolled Quick: already has this skill"]
    assert outcome.entry == "sly"


def test_bail_the_team_cannot_pay_is_not_paid(pack: TableSet) -> None:
    outcome = _roll(pack, "bail", [1, 5], Context(funds=3))
    assert outcome.notes == ("Bail $5: the team has only $3, so it cannot pay",)
    assert outcome.changes == (Change("miss-games", "Misses 1 game", amount=1),)
    assert outcome.choices == ()  # nobody was asked
    assert [r.purpose for r in outcome.extra] == ["bail"]


def test_a_lookup_table_asks_for_its_number_by_name(pack: TableSet) -> None:
    with pytest.raises(TemplateError) as missing:
        _roll(pack, "rating", [])
    assert missing.value.message == (
        "table rating is looked up by the rating difference; give the number"
    )
    with pytest.raises(UsageError) as off:
        Resolver(pack, Dice.own([]), ScriptedChooser([]), Context()).resolve("rating", value=-1)
    assert off.value.message == (
        "-1 is not on Rating gap: it is looked up by the rating difference (0-4, 5+)"
    )


def test_each_amount_rolled_is_named_for_what_it_decides(pack: TableSet) -> None:
    purposes = [
        [r.purpose for r in _roll(pack, "mixed", dice).extra]
        for dice in ([1, 4], [2, 6], [4, 2, 1, 4])
    ]
    assert purposes == [["experience"], ["funds"], ["rolls again on Tricks"]]
    with pytest.raises(MoreDiceNeeded) as asked:
        _roll(pack, "mixed", [])
    assert asked.value.message == "D6 for Mixed needs 1 die; 0 entered dice are left"


def test_what_a_roll_gives_the_warrior_counts_for_the_next_roll_of_the_game(
    pack: TableSet,
) -> None:
    """One context for a warrior's rolls after a game: a condition held, a promotion made."""
    context = Context(kind="hired-gun")
    resolver = Resolver(pack, Dice.own([3, 3, 5, 6, 1, 2]), ScriptedChooser([]), context)
    first, second = resolver.resolve("mixed"), resolver.resolve("mixed")
    assert first.changes == (Change("condition", "Limp", value="limp"),)
    assert context.conditions == {"limp"}
    assert second.notes == ("already has Limp",)
    assert second.changes == (Change("miss-games", "Misses 1 game", amount=1),)
    promoted = resolver.resolve("mixed")
    assert promoted.changes == (Change("promote", "Promoted to Hero", value="hero"),)
    assert (context.kind, context.promotion_taken) == ("hero", True)
    # The second promotion of the game (a 6) does not count: the 1 after it does.
    again = resolver.resolve("mixed")
    assert again.extra[0].purpose == "re-rolled Promoted: only one promotion per game"
    assert again.entry == "learn"
