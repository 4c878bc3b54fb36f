"""Typed fields read out of MUL records and unit dicts: empty is zero, thousands separators
are read, booleans are not numbers, text is stripped; a record with no card type says so."""

from __future__ import annotations

import pytest

from cardsmith.models.record_fields import (
    damage_value,
    float_field,
    int_field,
    int_or_default,
    kind_name,
    nested_field,
    optional_int,
    text_field,
)
from cardsmith.models.unit_type import UnitType, card_type_of


@pytest.mark.parametrize(
    ("value", "read"),
    [(None, 0), ("", 0), ("1,234", 1234), (" 12 ", 12), (3.7, 3), (52, 52), ("0", 0)],
)
def test_a_whole_number_field(value: object, read: int) -> None:
    assert int_field({"PV": value}, "PV") == read


def test_a_missing_number_is_zero_and_a_boolean_or_a_word_is_refused() -> None:
    assert int_field({}, "PV") == 0
    with pytest.raises(TypeError) as refused:
        int_field({"PV": True}, "PV")
    assert str(refused.value) == "field 'PV' must be a number, not a boolean"
    with pytest.raises(ValueError):
        int_field({"PV": "lots"}, "PV")


def test_a_number_with_a_default_takes_it_only_when_the_key_is_absent_or_null() -> None:
    assert int_or_default({}, "cap", 7) == 7
    assert int_or_default({}, "cap") == 0
    assert int_or_default({"cap": None}, "cap", 7) == 7
    assert int_or_default({"cap": ""}, "cap", 7) == 0  # present but empty: the MUL's zero
    assert int_or_default({"cap": "1,500"}, "cap") == 1500


@pytest.mark.parametrize(
    ("value", "read"), [(None, 0.0), ("", 0.0), ("0.5", 0.5), ("2,000.5", 2000.5), (3, 3.0)]
)
def test_a_decimal_field(value: object, read: float) -> None:
    assert float_field({"Move": value}, "Move") == read


@pytest.mark.parametrize(
    ("value", "read"),
    [(None, None), ("", None), (True, None), (False, None), ("7", 7), (" 7 ", 7), (7.9, 7)],
)
def test_an_optional_number(value: object, read: int | None) -> None:
    assert optional_int(value) == read


def test_text_is_stripped_and_nested_values_are_read_from_mappings_only() -> None:
    assert text_field(None) == ""
    assert text_field("  Atlas AS7-D \r\n") == "Atlas AS7-D"
    assert text_field(12) == "12"
    assert nested_field({"Name": "Clan"}, "Name") == "Clan"
    assert nested_field(["Clan"], "Name") is None
    assert (kind_name(3), kind_name("x"), kind_name(None)) == ("int", "str", "NoneType")


def test_a_damage_value_is_minimal_when_any_of_its_flags_is_set() -> None:
    record = {"BFDamageShort": 0, "BFDamageShortMin": True, "BFDamageMedium": "2"}
    short = damage_value(record, "BFDamageShort", "BFDamageShortMin")
    assert (short.value, short.minimal) == (0, True)
    medium = damage_value(record, "BFDamageMedium", "BFDamageMediumMin")
    assert (medium.value, medium.minimal) == (2, False)


def test_an_aerospace_record_without_a_card_type_is_a_fighter_only_with_thrust() -> None:
    assert card_type_of("Aerospace", thrust=True) is UnitType.AF
    assert card_type_of("Aerospace", thrust=False) is None
    assert card_type_of("No Such Type", thrust=True) is None
