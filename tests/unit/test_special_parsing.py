"""The special-ability and damage readers called directly, not through ``parse_specials``,
whose cache answers a string it has read once from memory: commas inside turrets, a
stray or missing parenthesis, codes with hyphens, moves in parentheses, what is left over."""

from __future__ import annotations

import pytest

from cardsmith.models.stats import DamageValue, parse_special, split_specials


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("TUR(2/3/3,IF2,LRM1/2/2),CASE", ["TUR(2/3/3,IF2,LRM1/2/2)", "CASE"]),
        ("TUR(1/1/1,TUR(1/1/-,IF1),AC1/1/-), ECM", ["TUR(1/1/1,TUR(1/1/-,IF1),AC1/1/-)", "ECM"]),
        ("CASE), IF1, ENE", ["CASE)", "IF1", "ENE"]),  # a stray ")" does not swallow the rest
        (" IF1 ,, ECM ", ["IF1", "ECM"]),
        ("", []),
        (None, []),
    ],
)
def test_abilities_split_on_commas_outside_parentheses(text: str | None, parts: list[str]) -> None:
    assert split_specials(text) == parts


def test_a_turret_keeps_its_damage_and_contents_and_leaves_nothing_over() -> None:
    turret = parse_special("TUR(3/3/2,IF1,LRM1/1/1)")
    assert (turret.code, turret.tail, turret.number) == ("TUR", "", None)
    assert [str(d) for d in turret.damage] == ["3", "3", "2"]
    assert [(s.code, s.number) for s in turret.contents] == [("IF", 1.0), ("LRM", None)]
    assert turret.argument == "3/3/2,IF1,LRM1/1/1"
    assert turret.codes() == ("TUR", "IF", "LRM")


def test_a_turret_missing_its_closing_parenthesis_reads_to_the_end() -> None:
    turret = parse_special("TUR2(3/3/2,IF1")
    assert turret.number == 2.0
    assert [(s.code, s.number) for s in turret.contents] == [("IF", 1.0)]


@pytest.mark.parametrize("text", ['LAM(36"g/4a)', 'BIM(24"g/6a)', 'XMV(12"j)'])
def test_a_move_in_parentheses_is_an_argument_not_contents(text: str) -> None:
    special = parse_special(text)
    assert special.contents == () and special.argument == text[4:-1]
    assert special.tail == ""


def test_codes_hyphens_lower_case_and_leftovers() -> None:
    assert (parse_special("ARTAIS-1").code, parse_special("ARTAIS-1").number) == ("ARTAIS", 1.0)
    lower = parse_special("case")
    assert (lower.code, lower.text) == ("CASE", "case")
    odd = parse_special("CT76D1")
    assert (odd.code, odd.number, odd.tail) == ("CT", 76.0, "D1")
    plain = parse_special("ENE")
    assert (plain.number, plain.tail, plain.damage, plain.contents) == (None, "", (), ())
    no_code = parse_special(" 12/3 ")
    assert (no_code.code, no_code.text, no_code.tail) == ("12/3", "12/3", "")


@pytest.mark.parametrize("text", ["-", "—", "--", "", "  "])
def test_a_range_without_damage_reads_as_none(text: str) -> None:
    assert DamageValue.parse(text) is None


@pytest.mark.parametrize(
    ("text", "value", "minimal", "shown"),
    [("0*", 0, True, "0*"), ("*", 0, True, "0*"), ("3", 3, False, "3"), (" 12 ", 12, False, "12")],
)
def test_damage_values_and_the_minimal_mark(
    text: str, value: int, minimal: bool, shown: str
) -> None:
    damage = DamageValue.parse(text)
    assert damage == DamageValue(value, minimal=minimal)
    assert str(damage) == shown
