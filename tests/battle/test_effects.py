"""Crit and heat effects on move, TMM, damage and to-hit, per ASCE p.50–53 (facts §4–5)."""

from __future__ import annotations

import pytest

from battle.conftest import entry, make_unit
from cardsmith.battle import effects
from cardsmith.battle.crits import CritKind, crit_from_roll, motive_from_roll
from cardsmith.battle.state import UnitState
from cardsmith.models import DamageValue, UnitType

MP, FC, W, E = CritKind.MP, CritKind.FIRE_CONTROL, CritKind.WEAPON, CritKind.ENGINE
M2, MH, M0 = CritKind.MOTIVE_MINUS2, CritKind.MOTIVE_HALF, CritKind.MOTIVE_STOP


def state(**fields: object) -> UnitState:
    return UnitState(key="1.1", side=1, index=1, controller=1).with_changes(**fields)


def test_facts_ordering_example_mp_hit_then_heat_1() -> None:
    # Facts §4: MV 10" at heat 1 with an MP hit → 10 / 2 = 5 → heat −2 → 3".
    move = effects.current_move(entry(make_unit(move='10"')), state(heat=1, crits=(MP,)))
    assert move.text == '3"'
    assert move.tmm == 1  # TMM 2 halved; heat 1 costs no TMM


@pytest.mark.parametrize(
    ("move", "crits", "heat", "text", "tmm"),
    [
        ('10"', (), 0, '10"', 2),
        ('10"', (), 2, '6"', 1),  # −2×H inches, −1 TMM from heat 2
        ('10"', (), 3, '4"', 1),  # the TMM loss does not grow past heat 2
        ('4"', (MP,), 0, '2"', 0),  # halving loses at least 2" and 1 TMM
        ('10"', (MP, MP), 0, '2"', 0),  # 10 → 5 → 2 (min loss 2" from 5 gives 2)
        ('10"/10"j', (), 2, '6"/10"j', 1),  # jump move ignores heat
        ('10"/10"j', (MP,), 1, '3"/5"j', 1),  # MP hit halves every mode
    ],
)
def test_mech_move_and_tmm(
    move: str, crits: tuple[CritKind, ...], heat: int, text: str, tmm: int
) -> None:
    now = effects.current_move(entry(make_unit(move=move)), state(heat=heat, crits=crits))
    assert (now.text, now.tmm) == (text, tmm)


def test_heat_s_and_shutdown_mean_no_move_and_tmm_minus_4() -> None:
    unit = entry(make_unit())
    for now in (
        effects.current_move(unit, state(heat=4, shutdown=True)),
        effects.current_move(unit, state(shutdown=True)),
    ):
        assert now.immobile and now.tmm == effects.IMMOBILE_TMM and now.text == '0"'


def test_tsm_gains_two_inches_and_ignores_heat_1() -> None:
    tsm = entry(make_unit(move='10"', specials="TSM"))
    assert effects.current_move(tsm, state(heat=1)).text == '12"'
    assert effects.current_move(tsm, state(heat=2)).text == '8"'  # 10 − 4 + 2
    assert effects.current_move(tsm, state()).text == '10"'


def test_vehicle_motive_hits_apply_in_order_received() -> None:
    tank = entry(make_unit("Tank", type_=UnitType.CV, move='12"t'))
    # −2" then half: 12 → 10 → 5; half then −2": 12 → 6 → 4.
    assert effects.current_move(tank, state(crits=(M2, MH))).text == '5"t'
    assert effects.current_move(tank, state(crits=(MH, M2))).text == '4"t'
    stopped = effects.current_move(tank, state(crits=(M0,)))
    assert stopped.immobile and stopped.tmm == -4


def test_vehicle_engine_hit_halves_move_tmm_and_damage() -> None:
    tank = entry(make_unit("Tank", type_=UnitType.CV, move='10"t', damage="5/3/1"))
    hit = state(crits=(E,))
    now = effects.current_move(tank, hit)
    assert (now.text, now.tmm) == ('5"t', 1)
    assert [str(d) for d in effects.current_damage(tank, hit)] == ["2", "1", "0", "0"]


def test_mech_engine_hit_changes_no_move_but_adds_heat_when_firing() -> None:
    mech = entry(make_unit())
    hit = state(crits=(E,))
    assert effects.current_move(mech, hit).text == '10"'
    assert effects.engine_heat(mech, hit, fired=True) == 1
    assert effects.engine_heat(mech, hit, fired=False) == 0
    assert effects.engine_heat(mech, state(), fired=True) == 0


@pytest.mark.parametrize(
    ("printed", "hits", "now"),
    [
        ("3", 1, "2"),
        ("2", 1, "1"),
        ("1", 1, "0*"),
        ("0*", 1, "0"),
        ("0", 1, "0"),
        ("3", 3, "0*"),
        ("3", 4, "0"),
    ],
)
def test_weapon_hits_and_minimal_damage(printed: str, hits: int, now: str) -> None:
    value = DamageValue.parse(printed)
    assert value is not None
    assert str(effects.reduce_damage(value, hits)) == now


def test_damage_after_weapon_hits_on_the_card() -> None:
    mech = entry(make_unit(damage="3/2/1"))
    assert [str(d) for d in effects.current_damage(mech, state(crits=(W,)))[:3]] == ["2", "1", "0*"]
    assert effects.has_damage_left(mech, state(crits=(W, W, W)))  # 0*/0/0 is still damage
    assert not effects.has_damage_left(mech, state(crits=(W, W, W, W)))


def test_to_hit_is_skill_range_heat_and_two_per_fire_control_hit() -> None:
    mech = entry(make_unit(damage="3/3/2"), skill=4)
    plain = state()
    assert [effects.to_hit(mech, plain, b) for b in "SML"] == [4, 6, 8]
    hot = state(heat=2, crits=(FC,))
    assert [effects.to_hit(mech, hot, b) for b in "SML"] == [
        4 + 0 + 2 + 2,
        4 + 2 + 2 + 2,
        4 + 4 + 2 + 2,
    ]
    assert effects.to_hit(mech, plain, "E") is None  # no damage at extreme range
    assert effects.to_hit(mech, state(shutdown=True, heat=4), "S") is None


def test_physical_attacks_take_the_piloting_penalty_only() -> None:
    mech = entry(make_unit(), skill=4)
    gunnery_only = state(weapon_penalty=1, crits=(FC,))
    assert effects.physical_to_hit(mech, gunnery_only) == 4
    assert effects.to_hit(mech, gunnery_only, "S") == 4 + 1 + 2
    assert effects.physical_to_hit(mech, state(piloting_penalty=1)) == 5
    assert effects.to_hit(mech, state(piloting_penalty=1), "S") == 4


@pytest.mark.parametrize(
    ("type_", "roll", "result"),
    [
        (UnitType.BM, 2, CritKind.AMMO),
        (UnitType.BM, 7, CritKind.MP),
        (UnitType.BM, 5, None),
        (UnitType.BM, 12, CritKind.DESTROYED),
        (UnitType.CV, 3, CritKind.CREW_STUNNED),
        (UnitType.CV, 12, CritKind.ENGINE),
        (UnitType.PM, 10, CritKind.DESTROYED),
        (UnitType.AF, 12, CritKind.CREW_KILLED),
    ],
)
def test_crit_tables_per_unit_type(type_: UnitType, roll: int, result: CritKind | None) -> None:
    assert crit_from_roll(make_unit(type_=type_), roll) is result


@pytest.mark.parametrize(
    ("move", "roll", "result"),
    [
        ('8"t', 8, None),
        ('8"t', 9, M2),
        ('8"w', 10, MH),
        ('8"h', 11, M0),
        ('8"v', 10, M0),
        ('8"t', 11, MH),
    ],
)
def test_motive_table_with_mode_modifier(move: str, roll: int, result: CritKind | None) -> None:
    assert motive_from_roll(make_unit(type_=UnitType.CV, move=move), roll) is result


def test_a_stations_keeping_thrust_is_not_rounded_away() -> None:
    # The Haruspex satellite (MUL 7831) moves 0.2k: it is not immobile, and its keeping
    # thrust shows as the card prints it; a thruster hit takes 1 thrust, which leaves none.
    station = entry(make_unit("Haruspex", type_=UnitType.SS, move="0.2k", damage="4/5/3/0"))
    whole = state()
    assert not effects.permanently_immobile(station, whole)
    assert effects.current_move(station, whole).text == "0.2k"
    hit = state(crits=(CritKind.THRUSTER,))
    assert effects.permanently_immobile(station, hit)
