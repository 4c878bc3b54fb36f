"""A vehicle engine hit halves damage-bearing specials like its damage values (ASCE p.50)."""

from __future__ import annotations

import pytest

from battle.conftest import entry, make_unit, two_sides
from cardsmith.battle import actions, effects
from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import UnitState
from cardsmith.models import ForceEntry, UnitType
from cardsmith.models.stats import parse_special

W, E = CritKind.WEAPON, CritKind.ENGINE


@pytest.mark.parametrize(
    ("printed", "halved"),
    [
        ("AC4/3/-", "AC2/1/-"),
        ("SRM1/1", "SRM0/0"),
        ("LRM2/2/1", "LRM1/1/0"),
        ("FLK0*/0*/0*", "FLK0/0/0"),
        ("HT2/1/-", "HT1/0/-"),
        ("TOR5/5/-", "TOR2/2/-"),
        ("REAR3/2/-", "REAR1/1/-"),
        ("IF3", "IF1"),
        ("IF1", "IF0"),
        ("IF0*", "IF0"),
        # A turret's own values and its damage-bearing contents are halved; SRCH is not.
        ("TUR(4/4/3,IF2)", "TUR(2/2/1,IF1)"),
        ("TUR2(3/3/-,SRCH)", "TUR2(1/1/-,SRCH)"),
        ("ARTAIS-1", "ARTAIS-1 (½ dmg)"),
        ("CASE", "CASE"),
        ("CAR4", "CAR4"),
    ],
)
def test_engine_hit_halves_damage_bearing_specials(printed: str, halved: str) -> None:
    special = parse_special(printed)
    result = effects.halve_special(special)
    assert result.text == halved
    if "dmg" not in halved:
        again = parse_special(halved)
        assert (result.damage, result.number) == (again.damage, again.number)


def _tank(specials: str, type_: UnitType = UnitType.CV) -> ForceEntry:
    return entry(make_unit("Tank", type_=type_, move='10"t', damage="4/4/2", specials=specials))


@pytest.mark.parametrize(
    ("crits", "specials", "damage"),
    [
        ((), ["AC4/4/-", "IF3", "TUR(4/2/-)", "CASE"], ["4", "4", "2"]),
        ((E,), ["AC2/2/-", "IF1", "TUR(2/1/-)", "CASE"], ["2", "2", "1"]),
        # In the order received, like the damage values: −1 then ½ differs from ½ then −1.
        ((W, E), ["AC1/1/-", "IF1", "TUR(1/0/-)", "CASE"], ["1", "1", "0"]),
        ((E, W), ["AC1/1/-", "IF0*", "TUR(1/0*/-)", "CASE"], ["1", "1", "0*"]),
    ],
)
def test_vehicle_specials_follow_engine_hit_in_order(
    crits: tuple[CritKind, ...], specials: list[str], damage: list[str]
) -> None:
    tank = _tank("AC4/4/-,IF3,TUR(4/2/-),CASE")
    state = UnitState(key="1.1", side=1, index=1, controller=1, crits=crits)
    assert [s.text for s in effects.specials_after_hits(tank, state)] == specials
    # The card's damage values take the same crits in the same order.
    assert [str(v) for v in effects.current_damage(tank, state)[:3]] == damage


def test_current_specials_halved_after_engine_hit_in_battle() -> None:
    battle = two_sides(blue=(_tank("LRM2/2/1,IF2,CASE"),))
    battle = actions.crit(battle, "Tank", CritKind.ENGINE, now=True)
    assert [s.text for s in effects.current_specials(battle, "1.1")] == ["LRM1/1/0", "IF1", "CASE"]


def test_mech_engine_hit_leaves_specials_alone() -> None:
    battle = two_sides(blue=(_tank("LRM2/2/1,IF2", type_=UnitType.BM),))
    battle = actions.crit(battle, "Tank", CritKind.ENGINE, now=True)
    assert [s.text for s in effects.current_specials(battle, "1.1")] == ["LRM2/2/1", "IF2"]
