"""The starter catalogue covers every card type and its stats equal the MUL's."""

from __future__ import annotations

from typing import Any

from cardsmith.catalogue.dump import read_unit_file
from cardsmith.models import Unit
from cardsmith.paths import starter_dir

REQUIRED_TYPES = {"BM", "IM", "PM", "CV", "SV", "CI", "BA", "AF", "CF"}
LARGE_CRAFT = {"SC", "DS", "DA", "JS", "WS", "SS"}


def _starter() -> list[Unit]:
    return [r.unit for r in read_unit_file(starter_dir() / "starter.json")]


def test_every_card_type_and_the_seed_units_are_there() -> None:
    units = _starter()
    types = {u.type_code for u in units}
    assert types >= REQUIRED_TYPES
    assert types & LARGE_CRAFT
    names = {u.name for u in units}
    assert {"Atlas AS7-D", 'Griffin GRF-1E "Sparky"'} <= names
    assert all(u.has_stats for u in units)


def test_starter_stats_equal_the_mul(mul_by_id: dict[int, dict[str, Any]]) -> None:
    for unit in _starter():
        assert unit == Unit.from_mul(mul_by_id[unit.mul_id]), unit.name


def test_sparky_matches_the_seed_sheet() -> None:
    sparky = next(u for u in _starter() if u.mul_id == 1295)
    # Seed 004's player sheet: Griffin GRF-1E "Sparky", damage 2/2/1.
    assert [str(d) for d in sparky.damage[:3]] == ["2", "2", "1"]
