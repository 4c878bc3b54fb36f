"""Fixtures for battle tests: small hand-made units and forces, force files and battles."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import kit
import pytest

from cardsmith.battle.battle_file import save_battle, start_battle
from cardsmith.battle.state import Battle, Side, new_battle
from cardsmith.catalogue.dump import read_unit_file
from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry, Pilot, Unit, UnitType
from cardsmith.paths import starter_dir

#: Phoenix Hawk LAM Mk I in the starter catalogue: 10"j, LAM(30"g/5a); 'Mech, AirMech, fighter.
LAM_ID = 4824


def make_unit(
    name: str = "Test Mech",
    *,
    type_: UnitType = UnitType.BM,
    move: str = '10"',
    armor: int = 5,
    structure: int = 4,
    damage: str = "3/3/2",
    overheat: int = 1,
    specials: str = "",
    mul_id: int = -1,
) -> Unit:
    """The shared ``kit.make_unit`` with the stats a battle needs (no role, no chassis)."""
    return kit.make_unit(
        name,
        mul_id=mul_id,
        type_=type_,
        move=move,
        armor=armor,
        structure=structure,
        damage=damage,
        overheat=overheat,
        specials=specials,
        role=None,
        chassis="",
        tonnage=50,
    )


def lam_unit() -> Unit:
    """The Phoenix Hawk LAM of the starter catalogue: one unit with three profiles."""
    records = read_unit_file(starter_dir() / "starter.json")
    return next(r.unit for r in records if r.unit.mul_id == LAM_ID)


def entry(
    unit: Unit | None = None, *, skill: int = 4, commander: bool = False, wounds: int = 0
) -> ForceEntry:
    """A force entry around a unit."""
    return ForceEntry(
        unit or make_unit(), skill=skill, commander=commander, pilot=Pilot("P", wounds=wounds)
    )


def two_sides(
    blue: tuple[ForceEntry, ...] | None = None,
    red: tuple[ForceEntry, ...] | None = None,
    packs: tuple[str, ...] = ("betrayal",),
) -> Battle:
    """A battle of two hand-made forces (no files)."""
    blue = blue or (
        entry(make_unit("Blue Mech")),
        entry(make_unit("Blue Tank", type_=UnitType.CV, move='8"t')),
    )
    red = red or (entry(make_unit("Red Mech", mul_id=-2)),)
    return new_battle(
        (Side("Blue", Force("Blue", entries=blue)), Side("Red", Force("Red", entries=red))), packs
    )


BattleFile = Callable[..., Path]


@pytest.fixture()
def battle_file(tmp_path: Path) -> BattleFile:
    """Write two force files and a battle file referring to them; returns the battle path."""

    def build(
        blue: tuple[ForceEntry, ...] | None = None,
        red: tuple[ForceEntry, ...] | None = None,
        packs: tuple[str, ...] = ("betrayal",),
    ) -> Path:
        sample = two_sides(blue, red, packs)
        paths = []
        for side in sample.sides:
            path = tmp_path / "forces" / f"{side.name.lower()}.json"
            path.parent.mkdir(exist_ok=True)
            save_force(side.force, path)
            paths.append(path)
        out = tmp_path / "games" / "battle.json"
        out.parent.mkdir(exist_ok=True)
        save_battle(start_battle(paths, out, packs), out)
        return out

    return build
