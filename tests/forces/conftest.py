"""Fixtures for the forces tests: builders of synthetic units and group members."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from cardsmith.models import DamageValue, ForceEntry, Unit, UnitType
from cardsmith.models.stats import derive_tmm, parse_move, parse_specials


def make_unit(
    *,
    mul_id: int = 1,
    name: str = "Test Unit",
    type_code: str = "BM",
    size: int = 2,
    move: str = '8"',
    role: str | None = "Brawler",
    damage: Sequence[int | str] = (2, 2, 1),
    armor: int = 5,
    pv: int = 30,
    specials: str = "",
) -> Unit:
    """A unit with just the stats a test cares about."""
    values = [DamageValue.parse(str(d)) or DamageValue(0) for d in damage]
    while len(values) < 4:
        values.append(DamageValue(0))
    modes = parse_move(move)
    return Unit(
        mul_id=mul_id,
        name=name,
        chassis=name,
        type=UnitType(type_code),
        role=role,
        size=size,
        move=modes,
        tmm=derive_tmm(modes),
        armor=armor,
        structure=3,
        damage=(values[0], values[1], values[2], values[3]),
        pv=pv,
        specials=parse_specials(specials),
    )


def members(units: Sequence[Unit], commander_at: int | None = None) -> list[tuple[int, ForceEntry]]:
    """(1-based index, entry) pairs as a group's members."""
    return [
        (i, ForceEntry(unit=u, group="G", commander=(i == commander_at)))
        for i, u in enumerate(units, start=1)
    ]


@pytest.fixture
def unit_factory() -> Callable[..., Unit]:
    """``make_unit`` as a fixture."""
    return make_unit


@pytest.fixture
def group_members() -> Callable[..., list[tuple[int, ForceEntry]]]:
    """``members`` as a fixture."""
    return members
