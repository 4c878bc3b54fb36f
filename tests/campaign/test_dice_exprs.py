"""Dice expressions: parsing, seeded rolling, D66 bounds and dice entered by hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardsmith.tables import Dice, DiceError, MoreDiceNeeded, parse_dice, parse_entered, roll


@pytest.mark.parametrize(
    ("text", "count", "sides", "mult", "mod"),
    [
        ("D3", 1, 3, 1, 0),
        ("D6", 1, 6, 1, 0),
        ("2D6", 2, 6, 1, 0),
        ("d66", 1, 66, 1, 0),
        ("2D6+1", 2, 6, 1, 1),
        ("D6-1", 1, 6, 1, -1),
        ("D6x5", 1, 6, 5, 0),
        ("D6×5", 1, 6, 5, 0),
    ],
)
def test_parse(text: str, count: int, sides: int, mult: int, mod: int) -> None:
    expr = parse_dice(text)
    assert (expr.count, expr.sides, expr.multiplier, expr.modifier) == (count, sides, mult, mod)
    assert parse_dice(str(expr)) == expr


@pytest.mark.parametrize("text", ["", "6", "D", "D1", "2D", "0D6", "D6+", "2D6+x", "D6/2"])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(DiceError):
        parse_dice(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("D3", set(range(1, 4))),
        ("2D6", set(range(2, 13))),
        ("2D6+1", set(range(3, 14))),
        ("D6x5", {5, 10, 15, 20, 25, 30}),
        ("D66", {10 * t + u for t in range(1, 7) for u in range(1, 7)}),
    ],
)
def test_possible_results(text: str, expected: set[int]) -> None:
    assert parse_dice(text).results() == expected


def test_seeded_rolls_follow_the_generator_exactly() -> None:
    for text in ("D3", "D6", "2D6+1", "D66"):
        expr = parse_dice(text)
        mine = Dice.seeded(1234)
        reference = random.Random(1234)
        for _ in range(50):
            result = mine.roll(expr)
            expected = tuple(reference.randint(1, expr.die_faces) for _ in range(expr.dice_needed))
            assert result.dice == expected
            assert result.total == expr.total(expected)


def test_same_seed_same_sequence_and_global_random_untouched() -> None:
    state = random.getstate()
    first = [roll("2D6", Dice.seeded(7)).total for _ in range(3)]
    rng_a, rng_b = random.Random(99), random.Random(99)
    seq_a = [roll("D66", Dice(rng=rng_a)).total for _ in range(20)]
    seq_b = [roll("D66", Dice(rng=rng_b)).total for _ in range(20)]
    assert seq_a == seq_b
    assert len(set(first)) == 1
    assert random.getstate() == state


def test_2d6_distribution_is_sane() -> None:
    rng = random.Random(2026)
    counts = Counter(roll("2D6", Dice(rng=rng)).total for _ in range(36_000))
    assert set(counts) == set(range(2, 13))
    assert counts.most_common(1)[0][0] == 7
    # Expected 6/36 of the rolls are 7s: 6,000; allow a wide margin.
    assert 5_500 < counts[7] < 6_500
    assert 700 < counts[2] < 1_300


def test_d66_stays_in_bounds_and_reaches_all_36_results() -> None:
    rng = random.Random(66)
    seen = Counter(roll("D66", Dice(rng=rng)).total for _ in range(5_000))
    assert set(seen) == parse_dice("D66").results()
    assert min(seen) == 11 and max(seen) == 66


def test_d3_is_one_to_three() -> None:
    rng = random.Random(3)
    assert {roll("D3", Dice(rng=rng)).total for _ in range(500)} == {1, 2, 3}


@pytest.mark.parametrize(
    ("typed", "values"),
    [
        ("3,5", (3, 5)),
        ("3 5", (3, 5)),
        ("35", (3, 5)),
        ("4", (4,)),
        ("1, 6;2", (1, 6, 2)),
        (",3 5;", (3, 5)),  # separators at either end are no dice, and no end
    ],
)
def test_parse_entered(typed: str, values: tuple[int, ...]) -> None:
    assert parse_entered(typed) == values


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("3, x", "entered dice must be numbers: 'x' in '3, x'"),
        ("-2", "entered dice must be numbers: '-2' in '-2'"),
        ("", "no dice entered"),
        (" ,; ", "no dice entered"),
    ],
)
def test_entered_dice_that_are_not_dice_say_why(typed: str, message: str) -> None:
    with pytest.raises(DiceError) as refused:
        parse_entered(typed)
    assert str(refused.value) == message


def test_own_dice_mark_and_rewind_without_a_generator() -> None:
    dice = Dice.own([2, 5])
    mark = dice.mark()
    assert dice.roll(parse_dice("D6")).total == 2
    dice.rewind(mark)
    assert [dice.roll(parse_dice("D6")).total for _ in range(2)] == [2, 5]


def test_entered_dice_make_a_d66_and_run_in_order() -> None:
    dice = Dice.own([3, 5, 2])
    d66 = dice.roll(parse_dice("D66"))
    assert (d66.total, d66.source) == (35, "entered")
    assert dice.roll(parse_dice("D6")).total == 2
    assert dice.remaining == ()


def test_entered_dice_running_out_names_the_roll() -> None:
    dice = Dice.own([3])
    with pytest.raises(DiceError, match="D66 for injury needs 2 dice; 1 entered die is left"):
        dice.roll(parse_dice("D66"), "injury")


def test_entered_die_must_be_a_face() -> None:
    with pytest.raises(DiceError, match="7 is not a face of a D6"):
        Dice.own([7]).roll(parse_dice("D6"))
    with pytest.raises(DiceError):
        Dice.own([4]).roll(parse_dice("D3"))


def test_entered_dice_fall_back_to_the_generator_when_spent() -> None:
    dice = Dice.seeded(5, [6])
    assert dice.roll(parse_dice("D6")).source == "entered"
    later = dice.roll(parse_dice("D6"))
    assert later.source == "rolled"
    assert later.dice == (random.Random(5).randint(1, 6),)


def test_own_dice_ask_for_more_naming_the_roll_and_keeping_what_is_left() -> None:
    dice = Dice.own([4])
    with pytest.raises(MoreDiceNeeded) as asked:
        dice.roll(parse_dice("D66"), "serious injury")
    assert (asked.value.expr, asked.value.needed, asked.value.have) == ("D66", 2, (4,))
    dice.add("2")
    assert dice.roll(parse_dice("D66")).total == 42


def test_rewind_gives_the_same_dice_again_entered_and_rolled() -> None:
    dice = Dice.seeded(11, [3])
    mark = dice.mark()
    first = [dice.roll(parse_dice("D6")).dice for _ in range(4)]
    dice.rewind(mark)
    assert [dice.roll(parse_dice("D6")).dice for _ in range(4)] == first
    assert first[0] == (3,)


def test_a_text_seed_rolls_alike_every_time() -> None:
    # A battle's Betrayal test is seeded by text (the battle and the turn).
    rolls = [Dice.seeded("lance.json:3").roll(parse_dice("2D6")).total for _ in range(3)]
    assert len(set(rolls)) == 1
    rng = random.Random("lance.json:3")
    assert rolls[0] == rng.randint(1, 6) + rng.randint(1, 6)


@pytest.mark.parametrize(
    ("text", "dice", "total"),
    [
        ("2D66", [1, 2, 6, 5], 12 + 65),  # each pair a tens and a units die
        ("D66+1", [3, 4], 35),
        ("D66x2", [3, 4], 68),
        ("2D6-1", [6, 6], 11),
        ("D6x5", [4], 20),
    ],
)
def test_a_total_counts_each_die_then_multiplies_then_adds(
    text: str, dice: list[int], total: int
) -> None:
    assert parse_dice(text).total(dice) == total
    assert Dice.own(dice).roll(parse_dice(text)).total == total


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("101D6", "'101D6': roll between 1 and 100 dice"),
        ("D1", "'D1': a die needs at least 2 faces"),
    ],
)
def test_a_dice_expression_out_of_bounds_says_which_bound(text: str, message: str) -> None:
    with pytest.raises(DiceError) as refused:
        parse_dice(text)
    assert refused.value.message == message


def test_the_bounds_themselves_are_dice() -> None:
    assert parse_dice("100D2").count == 100 and parse_dice("100D2").sides == 2


def test_a_logged_roll_keeps_its_total_and_comes_back_from_the_log() -> None:
    rolled = Dice.own([6, 5]).roll(parse_dice("2D6+1"))
    logged = rolled.to_json()
    assert logged == {"expr": "2D6+1", "dice": [6, 5], "total": 12, "source": "entered"}
    assert type(rolled).from_json(logged) == rolled
    # A roll logged without its source was drawn from the generator.
    assert type(rolled).from_json({"expr": "D6", "dice": [3]}).source == "rolled"
    for bad in ([1, "2"], "12", None):
        with pytest.raises(DiceError) as refused:
            type(rolled).from_json({"expr": "2D6", "dice": bad})
        assert refused.value.message == f"logged roll has bad dice: {bad!r}"


def test_an_entered_die_that_is_no_face_names_the_roll_or_the_dice() -> None:
    with pytest.raises(DiceError) as named:
        Dice.own([7]).roll(parse_dice("D6"), "injury")
    assert named.value.message == "7 is not a face of a D6 (injury)"
    with pytest.raises(DiceError) as unnamed:
        Dice.own([7, 1]).roll(parse_dice("2D6"))
    assert unnamed.value.message == "7 is not a face of a D6 (2D6)"
