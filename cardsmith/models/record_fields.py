"""Reads typed fields (numbers, text, damage) out of MUL records and unit dicts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardsmith.errors import CatalogueDataError
from cardsmith.limits import MAX_UNIT_TEXT
from cardsmith.models.stats import DamageValue


def kind_name(value: object) -> str:
    return type(value).__name__


def text_field(value: object) -> str:
    """Strip text fields; the MUL pads names and ends some URLs with CR LF."""
    if value is None:
        return ""
    return str(value).strip()


def text_too_long(fields: Mapping[str, object]) -> tuple[str, int] | None:
    """The first field whose text is over ``MAX_UNIT_TEXT`` characters, and its length."""
    for key, value in fields.items():
        if isinstance(value, str) and len(value) > MAX_UNIT_TEXT:
            return key, len(value)
    return None


def check_text_lengths(fields: Mapping[str, object], what: str) -> None:
    """Refuse a text field over ``MAX_UNIT_TEXT`` characters, before anything parses it.

    Raises:
        CatalogueDataError: names ``what`` (the unit) and the field.
    """
    found = text_too_long(fields)
    if found is not None:
        key, length = found
        raise CatalogueDataError(
            f"{what}: {key!r} is {length:,} characters long; "
            f"a unit's text is at most {MAX_UNIT_TEXT:,}"
        )


def nested_field(value: object, key: str) -> Any:
    return value.get(key) if isinstance(value, Mapping) else None


def int_field(record: Mapping[str, Any], key: str) -> int:
    value = record.get(key)
    if value is None or value == "":
        return 0
    if isinstance(value, bool):
        raise TypeError(f"field {key!r} must be a number, not a boolean")
    if isinstance(value, int | float):
        return int(value)
    return int(str(value).replace(",", "").strip())


def int_or_default(data: Mapping[str, Any], key: str, default: int = 0) -> int:
    if key not in data or data[key] is None:
        return default
    return int_field(data, key)


def float_field(record: Mapping[str, Any], key: str) -> float:
    value = record.get(key)
    if value is None or value == "":
        return 0.0
    return float(str(value).replace(",", ""))


def optional_int(value: object) -> int | None:
    if value is None or value == "" or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return int(value)
    return int(str(value).strip())


def damage_value(record: Mapping[str, Any], value_key: str, *flag_keys: str) -> DamageValue:
    minimal = any(bool(record.get(key)) for key in flag_keys)
    return DamageValue(int_field(record, value_key), minimal=minimal)
