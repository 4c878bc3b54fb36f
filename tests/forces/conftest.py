"""Fixtures for the forces tests: builders of synthetic units and group members."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import kit
import pytest

from cardsmith.errors import TemplateError
from cardsmith.forces.formations import FormationResult, RequirementResult
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


def spec(
    size: int = 2,
    move: str = '8"',
    role: str = "Brawler",
    dmg: tuple[int | str, ...] = (2, 2, 1),
    armor: int = 5,
    sp: str = "",
    cmd: bool = False,
    tp: str = "BM",
    twin: int | None = None,
) -> dict[str, Any]:
    """A unit's stats; units with the same ``twin`` number are the same unit (a pair)."""
    return {
        "size": size,
        "move": move,
        "role": role,
        "dmg": dmg,
        "armor": armor,
        "sp": sp,
        "cmd": cmd,
        "tp": tp,
        "twin": twin,
    }


def build(specs: list[dict[str, Any]]) -> list[tuple[int, ForceEntry]]:
    """A group's (1-based index, entry) members built from ``spec`` dictionaries."""
    out = []
    for i, s in enumerate(specs, start=1):
        twin = s.get("twin")
        unit: Unit = make_unit(
            mul_id=i if twin is None else 1000 + twin,
            name=f"U{i}" if twin is None else f"Twin {twin}",
            type_code=s.get("tp", "BM"),
            size=s["size"],
            move=s["move"],
            role=s["role"],
            damage=s["dmg"],
            armor=s["armor"],
            specials=s["sp"],
        )
        out.append((i, ForceEntry(unit=unit, group="G", commander=s["cmd"])))
    return out


def requirement_of(result: FormationResult, req_id: str) -> RequirementResult:
    """The result of the requirement ``req_id`` within a formation's result."""
    return next(r for r in result.requirements if r.id == req_id)


@pytest.fixture
def unit_factory() -> Callable[..., Unit]:
    """``make_unit`` as a fixture."""
    return make_unit


@pytest.fixture
def group_members() -> Callable[..., list[tuple[int, ForceEntry]]]:
    """``members`` as a fixture."""
    return members


def refused(load: Callable[[Path], object], path: Path, text: str) -> TemplateError:
    """The error ``load`` raises for a rules file holding ``text`` (written to ``path``)."""
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TemplateError) as caught:
        load(path)
    return caught.value
