"""Weapon hits on damage-bearing specials, and VTOL/WiGE crashes (ASCE p.51; facts §4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from battle.conftest import BattleFile, entry, make_unit, two_sides
from cardsmith.battle import actions, effects
from cardsmith.battle.crits import CritKind
from cardsmith.models import ForceEntry, UnitType
from cardsmith.models.stats import parse_special


@pytest.mark.parametrize(
    ("printed", "after_1", "after_2", "after_3"),
    [
        ("AC2/2/-", "AC1/1/-", "AC0*/0*/-", "AC0/0/-"),
        ("FLK1/1/1", "FLK0*/0*/0*", "FLK0/0/0", "FLK0/0/0"),
        ("HT1/1/-", "HT0*/0*/-", "HT0/0/-", "HT0/0/-"),
        ("IF2", "IF1", "IF0*", "IF0"),
        ("IF1", "IF0*", "IF0", "IF0"),
        ("IF0*", "IF0", "IF0", "IF0"),
        ("LRM1/1/1", "LRM0*/0*/0*", "LRM0/0/0", "LRM0/0/0"),
        ("SRM2/2", "SRM1/1", "SRM0*/0*", "SRM0/0"),
        ("TOR3/3/-", "TOR2/2/-", "TOR1/1/-", "TOR0*/0*/-"),
        ("REAR1/1/-", "REAR0*/0*/-", "REAR0/0/-", "REAR0/0/-"),
        ("REAR0*/-/-", "REAR0/-/-", "REAR0/-/-", "REAR0/-/-"),
        # A turret's own values and its damage-bearing contents drop; SRCH does not.
        ("TUR(3/3/2,IF1)", "TUR(2/2/1,IF0*)", "TUR(1/1/0*,IF0)", "TUR(0*/0*/0,IF0)"),
        ("TUR2(1/1/-,SRCH)", "TUR2(0*/0*/-,SRCH)", "TUR2(0/0/-,SRCH)", "TUR2(0/0/-,SRCH)"),
        # Artillery counts pieces; its table damage drops, noted on the text.
        ("ARTAIS-1", "ARTAIS-1 (−1 dmg)", "ARTAIS-1 (−2 dmg)", "ARTAIS-1 (−3 dmg)"),
        # Not damage: unchanged.
        ("CASE", "CASE", "CASE", "CASE"),
        ("ECM", "ECM", "ECM", "ECM"),
        ("CAR4", "CAR4", "CAR4", "CAR4"),
    ],
)
def test_weapon_hits_lower_damage_bearing_specials(
    printed: str, after_1: str, after_2: str, after_3: str
) -> None:
    special = parse_special(printed)
    assert effects.reduce_special(special, 0) == special
    got = [effects.reduce_special(special, hits).text for hits in (1, 2, 3)]
    assert got == [after_1, after_2, after_3]
    # The reduced special reads back as the same values (text and parts agree).
    again = parse_special(after_1)
    reduced = effects.reduce_special(special, 1)
    if "dmg" not in after_1:
        assert (reduced.damage, reduced.number) == (again.damage, again.number)


def test_current_specials_follow_the_battle() -> None:
    blue = (entry(make_unit("Gunner", specials="IF1,LRM1/1/1,CASE")),)
    battle = two_sides(blue=blue)
    assert [s.text for s in effects.current_specials(battle, "1.1")] == [
        "IF1",
        "LRM1/1/1",
        "CASE",
    ]
    battle = actions.crit(battle, "Gunner", CritKind.WEAPON)  # staged: no change yet
    assert effects.current_specials(battle, "Gunner")[0].text == "IF1"
    battle = actions.end_round(battle)
    assert [s.text for s in effects.current_specials(battle, "1.1")] == [
        "IF0*",
        "LRM0*/0*/0*",
        "CASE",
    ]
    battle, _ = actions.undo(battle)
    battle, _ = actions.undo(battle)
    assert effects.current_specials(battle, "1.1")[0].text == "IF1"


def _vehicle(move: str, name: str = "Flyer") -> tuple[ForceEntry, ...]:
    return (entry(make_unit(name, type_=UnitType.CV, move=move, armor=3, structure=2)),)


@pytest.mark.parametrize(
    ("move", "crits", "crashed"),
    [
        ('10"v', (CritKind.MOTIVE_STOP,), True),  # 12+: immobilized → crash
        ('2"v', (CritKind.MOTIVE_MINUS2,), True),  # −2" leaves 0"
        ('4"v', (CritKind.MOTIVE_HALF, CritKind.MOTIVE_MINUS2), True),  # 4 → 2 → 0
        ('10"g', (CritKind.MOTIVE_STOP,), True),  # WiGE too
        ('10"v', (CritKind.MOTIVE_MINUS2,), False),  # still flying at 8"
        ('10"t', (CritKind.MOTIVE_STOP,), False),  # a tank is immobilized, no crash
        ('10"h', (CritKind.MOTIVE_STOP,), False),  # hover: no crash
    ],
)
def test_vtol_and_wige_crash_when_motive_damage_takes_all_move(
    move: str, crits: tuple[CritKind, ...], crashed: bool
) -> None:
    battle = two_sides(blue=_vehicle(move))
    for kind in crits:
        battle = actions.crit(battle, "Flyer", kind, now=True)
    state = battle.unit("1.1")
    assert state.crashed is crashed
    assert state.immobile is (crashed or kind is CritKind.MOTIVE_STOP)
    assert state.armor_damage == (effects.CRASH_DAMAGE if crashed else 0)


def test_a_staged_crash_lands_in_the_end_phase_and_undoes() -> None:
    battle = two_sides(blue=_vehicle('8"v'))
    battle = actions.damage(battle, "Flyer", 4)  # 3 armor + 1 structure
    battle = actions.crit(battle, "Flyer", CritKind.MOTIVE_STOP)
    assert not battle.unit("1.1").crashed
    battle = actions.end_round(battle)
    state = battle.unit("1.1")
    # The crash's 1 damage takes the last structure point: the VTOL is destroyed.
    assert state.crashed and state.structure_damage == 2 and state.destroyed
    undone, change = actions.undo(battle)
    assert change.kind == "end-round" and not undone.unit("1.1").crashed


def test_crash_shows_in_battle_show(cli_run: Any, battle_file: BattleFile) -> None:
    path = battle_file(blue=_vehicle('6"v'))
    assert cli_run("battle", "crit", str(path), "Flyer", "motive-0", "--now").code == 0
    data = json.loads(cli_run("battle", "show", str(path), "--format", "json").stdout)
    flyer = next(u for u in data["units"] if u["key"] == "1.1")
    assert flyer["crashed"] is True and flyer["armor"] == 2
    text = cli_run("battle", "show", str(path)).stdout
    assert "crashed" in text


@pytest.mark.parametrize(
    ("printed", "after_one_hit", "contents"),
    [
        # Artillery keeps its code and its count of pieces; only the text notes the hit.
        ("ARTAIS-1", "ARTAIS-1 (−1 dmg)", []),
        # A real turret of the MUL with artillery inside: both its values and the
        # artillery inside note the hit (ASCE p.51; facts §4).
        ("TUR(1/1/-,ARTAIS-1)", "TUR(0*/0*/-,ARTAIS-1 (−1 dmg))", ["ARTAIS-1 (−1 dmg)"]),
        ("TUR(3/3/2,IF1)", "TUR(2/2/1,IF0*)", ["IF0*"]),
    ],
)
def test_a_weapon_hit_keeps_the_parts_of_a_special(
    printed: str, after_one_hit: str, contents: list[str]
) -> None:
    special = parse_special(printed)
    reduced = effects.reduce_special(special, 1)
    assert reduced.text == after_one_hit
    # The codes the battle view and the rules read stay, a turret's contents included.
    assert reduced.codes() == special.codes()
    assert [c.text for c in reduced.contents] == contents
    artillery = [s for s in (reduced, *reduced.contents) if s.code.startswith("ART")]
    assert [s.number for s in artillery] == [1.0] * len(artillery)


def test_weapon_hits_add_up_on_the_specials() -> None:
    # ASCE p.51: each weapon hit takes 1 more off; two hits take IF2 to IF0*.
    from cardsmith.battle.state import UnitState

    unit = entry(make_unit("Gunner", specials="IF2,LRM2/2/1,CASE"))
    state = UnitState(key="1.1", side=1, index=1, controller=1)
    two_hits = state.with_changes(crits=(CritKind.WEAPON, CritKind.WEAPON))
    assert [s.text for s in effects.specials_after_hits(unit, two_hits)] == [
        "IF0*",
        "LRM0*/0*/0",
        "CASE",
    ]


@pytest.mark.parametrize("type_", [UnitType.DS, UnitType.WS])
def test_a_large_crafts_weapon_hit_leaves_its_specials_as_printed(type_: UnitType) -> None:
    # A large craft's weapon hit falls on one arc (ASCE p.187), not on every special.
    from cardsmith.battle.state import UnitState

    craft = entry(make_unit("Union", type_=type_, move='3"p', specials="IF2,CASE"))
    hit = UnitState(key="1.1", side=1, index=1, controller=1).with_changes(crits=(CritKind.WEAPON,))
    assert [s.text for s in effects.specials_after_hits(craft, hit)] == ["IF2", "CASE"]
