"""The edges of crit, heat and crew effects (ASCE p.50–52, p.187): a stunned crew, each
state that stops attacks on its own, floors at 0, rounding down, and repeated engine hits."""

from __future__ import annotations

import pytest

from battle.conftest import entry, make_unit
from cardsmith.battle import effects
from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import UnitState
from cardsmith.errors import BattleEditError
from cardsmith.models import ForceEntry, Pilot, UnitType

E, M2 = CritKind.ENGINE, CritKind.MOTIVE_MINUS2


def state(**fields: object) -> UnitState:
    return UnitState(key="1.1", side=1, index=1, controller=1).with_changes(**fields)


def test_a_crew_stunned_this_turn_neither_moves_nor_attacks() -> None:
    mech = entry(make_unit(move='10"'))
    stunned = state(stunned_turn=1)
    now = effects.current_move(mech, stunned, turn=1)
    assert (now.text, now.tmm, now.immobile) == ('0"', effects.IMMOBILE_TMM, True)
    assert not effects.can_attack(mech, stunned, turn=1)
    assert effects.to_hit(mech, stunned, "S", turn=1) is None
    assert effects.physical_to_hit(mech, stunned, turn=1) is None
    # The next turn the crew is back: full move, and attacks at skill + range.
    later = effects.current_move(mech, stunned, turn=2)
    assert (later.text, later.tmm, later.immobile) == ('10"', 2, False)
    assert effects.to_hit(mech, stunned, "M", turn=2) == 4 + 2
    assert effects.physical_to_hit(mech, stunned, turn=2) == 4


@pytest.mark.parametrize(
    "fields",
    [{"heat": 4}, {"shutdown": True}, {"destroyed": True}],
    ids=["heat-S", "shut-down", "destroyed"],
)
def test_each_state_alone_stops_attacks(fields: dict[str, object]) -> None:
    mech = entry(make_unit())
    assert not effects.can_attack(mech, state(**fields))
    assert effects.to_hit(mech, state(**fields), "S") is None


def test_heat_s_alone_stops_the_unit() -> None:
    now = effects.current_move(entry(make_unit()), state(heat=4))
    assert (now.text, now.tmm, now.immobile) == ('0"', effects.IMMOBILE_TMM, True)


def test_heat_does_not_touch_a_unit_that_keeps_no_heat() -> None:
    tank = entry(make_unit("Tank", type_=UnitType.CV, move='10"t'))
    hot = state(heat=2)
    assert effects.current_move(tank, hot).text == '10"t'
    assert effects.to_hit(tank, hot, "S") == 4


def test_heat_takes_ground_move_down_to_nothing_and_tmm_not_below_zero() -> None:
    mech = entry(make_unit(move='2"/4"j'))  # TMM 0 (ASCE p.20: 0-4" is TMM 0)
    assert mech.unit.tmm == 0
    one = effects.current_move(mech, state(heat=1))
    assert (one.text, one.tmm) == ('0"/4"j', 0)
    two = effects.current_move(mech, state(heat=2))
    assert (two.text, two.tmm, two.immobile) == ('0"/4"j', 0, False)
    tiny = effects.current_move(entry(make_unit(move='1"/4"j')), state(heat=1))
    assert tiny.text == '0"/4"j'


def test_motive_minus_two_costs_one_tmm_down_to_zero() -> None:
    tank = entry(make_unit("Tank", type_=UnitType.CV, move='12"t'))
    assert tank.unit.tmm == 2
    tmms = [effects.current_move(tank, state(crits=(M2,) * n)).tmm for n in (1, 2, 3)]
    assert tmms == [1, 0, 0]


def test_a_vehicle_engine_hit_rounds_move_and_tmm_down() -> None:
    tank = entry(make_unit("Tank", type_=UnitType.CV, move='9"t'))
    assert tank.unit.tmm == 2
    once = effects.current_move(tank, state(crits=(E,)))
    assert (once.text, once.tmm) == ('4"t', 1)
    twice = effects.current_move(tank, state(crits=(E, E)))
    assert (twice.text, twice.tmm) == ('2"t', 0)


def test_a_fighters_second_engine_hit_leaves_no_thrust() -> None:
    fighter = entry(make_unit("Sparrowhawk", type_=UnitType.AF, move="7a", damage="2/2/0/0"))
    assert effects.current_move(fighter, state(crits=(E,))).text == "3a"  # half, down
    gone = effects.current_move(fighter, state(crits=(E, E)))
    assert gone.text == "0a" and gone.immobile
    slow = entry(make_unit("Slow", type_=UnitType.AF, move="2a", damage="1/1/0/0"))
    assert effects.current_move(slow, state(crits=(E,))).text == "1a"  # half: 1 lost


def test_a_range_band_that_is_none_is_refused_by_name() -> None:
    with pytest.raises(BattleEditError) as refused:
        effects.to_hit(entry(make_unit()), state(), "X")
    assert str(refused.value) == "range must be one of S, M, L, E, not 'X'"


def test_large_craft_engine_hits_past_the_third_still_leave_none() -> None:
    craft = entry(make_unit("Leopard", type_=UnitType.DS, move="8a", damage="4/4/3/0"))
    thrust = [effects.current_move(craft, state(crits=(E,) * n)).text for n in range(5)]
    assert thrust == ["8a", "6a", "4a", "0a", "0a"]  # 75%, 50%, then none
    one = entry(make_unit("Tug", type_=UnitType.DS, move="1a", damage="1/1/0/0"))
    assert effects.current_move(one, state(crits=(E,))).text == "0a"  # 0.75 rounds down


def test_a_stations_keeping_thrust_is_cut_by_an_engine_hit() -> None:
    station = entry(make_unit("Haruspex", type_=UnitType.SS, move="0.2k", damage="4/5/3/0"))
    assert effects.current_move(station, state(crits=(E,))).text == "0.15k"


def test_speed_demon_adds_to_the_move_left_after_crits() -> None:
    # ASCE p.99: +2" to what is left; an MP hit first halves 10" to 5".
    demon = ForceEntry(make_unit(move='10"'), skill=4, spas=("speed-demon",), pilot=Pilot("P"))
    assert effects.current_move(demon, state()).text == '12"'
    assert effects.current_move(demon, state(crits=(CritKind.MP,))).text == '7"'


def test_a_modes_sub_mode_stays_on_the_move_in_play() -> None:
    boat = entry(make_unit("Boat", type_=UnitType.CV, move='6"n(b)'))
    assert effects.current_move(boat, state()).text == '6"n(b)'
    assert effects.current_move(boat, state(crits=(M2,))).text == '4"n(b)'
    assert effects.current_move(boat, state(crits=(CritKind.MOTIVE_STOP,))).text == '0"n(b)'
