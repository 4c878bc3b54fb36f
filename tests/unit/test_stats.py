"""Movement, damage and special-ability text is read into parts and written back."""

from __future__ import annotations

import pytest

from cardsmith.models.stats import (
    DamageValue,
    Movement,
    derive_tmm,
    format_move,
    parse_move,
    parse_special,
    parse_specials,
    split_specials,
    tmm_for_inches,
)


@pytest.mark.parametrize(
    ("text", "modes"),
    [
        ('6"', [(6, "")]),
        ('10"j', [(10, ""), (10, "j")]),  # equal ground and jump move written once
        ('8"/6"j', [(8, ""), (6, "j")]),
        ('8"t', [(8, "t")]),
        ('2"f', [(2, "f")]),
        ('6"f/3"s', [(6, "f"), (3, "s")]),
        ('12"qt', [(12, "qt")]),
        ("6a", [(6, "a")]),
        ("0.2k", [(0.2, "k")]),
        ("26", [(26, "")]),
        ("", []),
        ("   ", []),
        ("fast", []),
    ],
)
def test_parse_move(text: str, modes: list[tuple[float, str]]) -> None:
    assert [(m.inches, m.mode) for m in parse_move(text)] == modes


@pytest.mark.parametrize("text", ['6"', '10"j', '8"/6"j', '6"w(b)', "6a", '10"/8"s', '12"h/6"j'])
def test_move_round_trips(text: str) -> None:
    assert format_move(parse_move(text)) == text


def test_sub_mode_in_parentheses_is_kept() -> None:
    (wheeled,) = parse_move('6"w(b)')
    assert (wheeled.mode, wheeled.detail) == ("w", "b")


@pytest.mark.parametrize(
    ("inches", "tmm"),
    [
        (0, 0),
        (4, 0),
        (5, 1),
        (8, 1),
        (9, 2),
        (12, 2),
        (13, 3),
        (18, 3),
        (19, 4),
        (34, 4),
        (35, 5),
        (60, 5),
    ],
)
def test_tmm_bands(inches: int, tmm: int) -> None:
    assert tmm_for_inches(inches) == tmm


def test_tmm_comes_from_primary_mode_and_is_zero_for_thrust() -> None:
    assert derive_tmm(parse_move('8"/6"j')) == 1
    assert derive_tmm(parse_move('10"j')) == 2
    assert derive_tmm(parse_move("6a")) == 0
    assert derive_tmm(()) == 0


@pytest.mark.parametrize(
    ("text", "shown", "effective"),
    [("3", "3", 3.0), ("0*", "0*", 0.5), ("0", "0", 0.0)],
)
def test_damage_values(text: str, shown: str, effective: float) -> None:
    value = DamageValue.parse(text)
    assert value is not None
    assert str(value) == shown
    assert value.effective == effective


def test_dash_is_no_damage() -> None:
    assert DamageValue.parse("-") is None


def test_split_specials_keeps_commas_inside_parentheses() -> None:
    assert split_specials("REAR0*/-/-,SRCH,TUR(3/3/2,IF1)") == [
        "REAR0*/-/-",
        "SRCH",
        "TUR(3/3/2,IF1)",
    ]
    assert split_specials(" EE, MEL ,") == ["EE", "MEL"]
    assert split_specials(None) == []


def test_numbered_special() -> None:
    special = parse_special("IF1")
    assert (special.code, special.number, special.damage) == ("IF", 1.0, ())


def test_damage_special_with_minimal_and_missing_ranges() -> None:
    special = parse_special("REAR0*/-/-")
    assert special.code == "REAR"
    assert special.damage == (DamageValue(0, minimal=True), None, None)


def test_turret_with_nested_abilities() -> None:
    turret = parse_special("TUR(3/3/2,IF1)")
    assert turret.code == "TUR"
    assert [str(d) for d in turret.damage] == ["3", "3", "2"]
    assert [(s.code, s.number) for s in turret.contents] == [("IF", 1.0)]
    assert turret.codes() == ("TUR", "IF")


def test_numbered_turrets_and_artillery_counts() -> None:
    turret = parse_special("TUR2(1/1/1,AC0*/1/1,ARTT-1)")
    assert (turret.code, turret.number) == ("TUR", 2.0)
    assert [s.code for s in turret.contents] == ["AC", "ARTT"]
    assert parse_special("ARTAIS-1").code == "ARTAIS"
    assert parse_special("ARTAIS-1").number == 1.0


@pytest.mark.parametrize(
    ("text", "code", "number"),
    [
        ("C3BSM2", "C3BSM", 2.0),
        ("CT0.5", "CT", 0.5),
        ("I-TSM", "I-TSM", None),
        ("FUEL 12", "FUEL", 12.0),
    ],
)
def test_codes_with_digits_hyphens_and_spaces(text: str, code: str, number: float | None) -> None:
    special = parse_special(text)
    assert (special.code, special.number) == (code, number)


def test_unreadable_tail_is_kept_not_dropped() -> None:
    special = parse_special("CT76D1")
    assert (special.code, special.number, special.tail, special.text) == (
        "CT",
        76.0,
        "D1",
        "CT76D1",
    )


def test_land_air_mech_modes_stay_as_argument() -> None:
    lam = parse_special('LAM(30"g/5a)')
    assert lam.code == "LAM"
    assert lam.argument == '30"g/5a'
    assert parse_move(lam.argument) == (Movement(30, "g"), Movement(5, "a"))


def test_parse_specials_whole_string() -> None:
    specials = parse_specials("AC2/2/-,IF1,LRM1/1/1,REAR1/1/-")
    assert [s.code for s in specials] == ["AC", "IF", "LRM", "REAR"]
    assert ",".join(s.text for s in specials) == "AC2/2/-,IF1,LRM1/1/1,REAR1/1/-"
