"""Fixtures for the forces tests: builders of synthetic units and group members."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import kit
import pytest

from cardsmith.models import ForceEntry, Unit


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
    """The shared ``kit.make_unit`` with the forces tests' defaults."""
    return kit.make_unit(
        name,
        mul_id=mul_id,
        type_=type_code,
        size=size,
        move=move,
        role=role,
        damage=damage,
        armor=armor,
        pv=pv,
        specials=specials,
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
