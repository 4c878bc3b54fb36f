"""Crit tables and tracks per kind of unit: aerospace support vehicles, LAMs, QuadVees, large craft.

ASCE p.50–51 (crit and motive tables), p.184/187 (aerospace units and their table), p.28
(who tracks heat); the large-craft columns as MegaMek's mekbay codes the ASCE tables.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from battle.conftest import entry, make_unit
from cardsmith import paths
from cardsmith.battle import actions, effects
from cardsmith.battle.crit_data import load_crit_file
from cardsmith.battle.crits import (
    CritKind,
    allowed_crits,
    crit_from_roll,
    crit_tracks,
    has_motive_table,
    motive_from_roll,
    parse_crit,
    table_family,
)
from cardsmith.battle.state import UnitState
from cardsmith.errors import BattleEditError, CardsmithError, CritError, TemplateError
from cardsmith.models import Unit, UnitType

#: Fixed-wing support vehicles (thrust ``a``) and airships (``i``) in the MUL data: 19 + 4.
AERO_SV_COUNTS = {"a": 19, "i": 4}


def _state(**fields: Any) -> UnitState:
    return UnitState(key="1.1", side=1, index=1, controller=1).with_changes(**fields)


def _names(unit: Unit) -> list[str]:
    return [t.name for t in crit_tracks(unit)]


def _aero_svs(records: list[dict[str, Any]]) -> list[Unit]:
    units = [Unit.from_mul(r) for r in records if (r.get("BFType") or "").upper() == "SV"]
    return [u for u in units if any(m.mode in ("a", "i") for m in u.move)]


def test_every_aerospace_support_vehicle_uses_the_aerospace_table(
    mul_records: list[dict[str, Any]],
) -> None:
    # ASCE p.184/187: fixed-wing support vehicles and airships fight as aerospace units.
    units = _aero_svs(mul_records)
    modes = {m: sum(1 for u in units if u.move[0].mode == m) for m in AERO_SV_COUNTS}
    assert modes == AERO_SV_COUNTS
    for unit in units:
        assert table_family(unit) == "aerospace", unit.name
        assert _names(unit) == ["ENGINE", "FIRE CONTROL", "WEAPONS"], unit.name
        assert not has_motive_table(unit)
        assert crit_from_roll(unit, 2) is CritKind.FUEL
        assert CritKind.MOTIVE_STOP not in allowed_crits(unit)
        with pytest.raises(CritError, match="no motive table"):
            motive_from_roll(unit, 12)
    ground = make_unit("Truck", type_=UnitType.SV, move='8"w')
    assert table_family(ground) == "vehicle" and "MOTIVE" in _names(ground)


def test_aerospace_sv_engine_hit_halves_thrust_and_the_second_crashes(
    mul_records: list[dict[str, Any]],
) -> None:
    zugvogel = next(u for u in _aero_svs(mul_records) if u.name.startswith("Zugvogel"))
    item = entry(zugvogel)
    one = actions.apply_crit(item, _state(), CritKind.ENGINE, 1)
    assert effects.current_move(item, one).modes[0].inches == 2  # 4a → 2a
    assert effects.current_damage(item, one) == zugvogel.damage  # no vehicle halving
    two = actions.apply_crit(item, one, CritKind.ENGINE, 1)
    assert two.destroyed and two.crashed


def test_a_fighters_second_engine_hit_crashes_it() -> None:
    # ASCE p.187 (and the reference page): the second engine hit leaves no thrust: crash.
    fighter = entry(make_unit("Sparrowhawk", type_=UnitType.AF, move="7a", damage="2/2/0/0"))
    one = actions.apply_crit(fighter, _state(), CritKind.ENGINE, 1)
    assert not one.destroyed and effects.current_move(fighter, one).modes[0].inches == 3
    two = actions.apply_crit(fighter, one, CritKind.ENGINE, 1)
    assert two.destroyed and two.crashed


def test_only_mechs_and_aerospace_fighters_track_heat() -> None:
    # ASCE p.28: conventional fighters and support vehicles have no heat scale.
    assert effects.tracks_heat(make_unit(type_=UnitType.AF, move="6a"))
    assert effects.tracks_heat(make_unit(type_=UnitType.IM))
    for type_ in (UnitType.CF, UnitType.SV, UnitType.CV):
        assert not effects.tracks_heat(make_unit(type_=type_, move="6a"))


def test_land_air_mechs_keep_mech_tracks_in_every_mode(mul_by_id: dict[int, Any]) -> None:
    for mul_id in (4821, 5039, 5138):  # LAM and bimodal LAM
        unit = Unit.from_mul(mul_by_id[mul_id])
        assert _names(unit) == ["ENGINE", "FIRE CONTROL", "MP", "WEAPONS"], unit.name


def test_quadvees_add_the_motive_track(mul_records: list[dict[str, Any]]) -> None:
    quadvees = [
        Unit.from_mul(r) for r in mul_records if "QV" in (r.get("BFAbilities") or "").split(",")
    ]
    assert quadvees
    for unit in quadvees:
        tracks = crit_tracks(unit)
        assert [t.name for t in tracks] == ["ENGINE", "FIRE CONTROL", "MP", "WEAPONS", "MOTIVE"]
        assert [g.boxes for g in tracks[-1].groups] == [2, 2, 1]


def test_large_craft_tracks(mul_records: list[dict[str, Any]]) -> None:
    by_type = {(r.get("BFType") or "").upper(): Unit.from_mul(r) for r in mul_records}
    small, jumpship, station = by_type["SC"], by_type["JS"], by_type["SS"]
    assert _names(small) == ["CREW", "ENGINE", "FIRE CONTROL", "THRUSTER", "WEAPONS"]
    dropship = make_unit("Union", type_=UnitType.DS, move="5a", specials="KF")
    assert _names(dropship) == [
        "CREW",
        "ENGINE",
        "FIRE CONTROL",
        "THRUSTER",
        "KF BOOM",
        "DOCKING COLLAR",
        "WEAPONS",
    ]
    # The Leviathan: DT8 and a KF drive of Size 3; the station has neither.
    tracks = {t.name: t.boxes for t in crit_tracks(jumpship)}
    assert tracks["DOCK"] == 8 and tracks["KF DRIVE"] == 3 and tracks["CREW"] == 2
    assert "DOCK" not in _names(station) and "KF DRIVE" not in _names(station)
    assert crit_from_roll(dropship, 2) is CritKind.KF_BOOM
    assert crit_from_roll(jumpship, 3) is CritKind.DOCK


def test_large_craft_engine_and_crew_hits() -> None:
    craft = entry(make_unit("Leopard", type_=UnitType.DS, move="8a", damage="4/4/3/0"))
    state = _state()
    thrust = []
    for _ in range(2):
        state = actions.apply_crit(craft, state, CritKind.ENGINE, 1)
        thrust.append(effects.current_move(craft, state).modes[0].inches)
    assert thrust == [6, 4] and not state.destroyed  # −25%, −50%
    assert actions.apply_crit(craft, state, CritKind.ENGINE, 1).destroyed  # −100%: crash
    crew = actions.apply_crit(craft, _state(), CritKind.CREW, 1)
    assert effects.to_hit(craft, crew, "S") == 4 + 2
    assert actions.apply_crit(craft, crew, CritKind.CREW, 1).destroyed
    once = actions.apply_crit(craft, _state(), CritKind.KF_BOOM, 1)
    again = actions.apply_crit(craft, once, CritKind.KF_BOOM, 1)
    assert again.count(CritKind.KF_BOOM) == 1 and again.armor_damage == 1


def test_a_submarine_reduced_to_zero_sinks() -> None:
    # ASCE p.51: a submerged unit brought to 0" sinks: 1 damage, immobilized.
    sub = entry(make_unit("Neptune", type_=UnitType.CV, move='6"s'))
    state = actions.apply_crit(sub, _state(), CritKind.MOTIVE_STOP, 1)
    assert state.sunk and state.immobile and state.armor_damage == 1
    boat = entry(make_unit("Hydrofoil", type_=UnitType.CV, move='12"n'))
    assert not actions.apply_crit(boat, _state(), CritKind.MOTIVE_STOP, 1).sunk


def test_crit_errors_are_cardsmith_errors() -> None:
    unit = make_unit()
    with pytest.raises(CritError) as roll:
        crit_from_roll(unit, 13)
    with pytest.raises(CritError) as name:
        parse_crit("laser")
    for caught in (roll, name):
        assert isinstance(caught.value, CardsmithError)
        assert isinstance(caught.value, BattleEditError)
    with pytest.raises(CritError, match="no critical-hit table"):
        crit_from_roll(make_unit(type_=UnitType.CI), 7)


def test_a_broken_crit_file_is_refused_with_every_problem(tmp_path: Path) -> None:
    text = paths.templates_dir() / "battle" / "crits.toml"
    broken = tmp_path / "crits.toml"
    broken.write_text(
        text.read_text(encoding="utf-8").replace('"crew-stunned", "fire-control"', '"stun"')
        + '\n[result.weird]\nlabel = "x"\n',
        encoding="utf-8",
    )
    with pytest.raises(TemplateError) as caught:
        load_crit_file(broken)
    problems = "\n".join(caught.value.problems)
    assert "table.vehicle.rolls" in problems and "unknown crit result 'stun'" in problems
    assert "10 results" in problems or "needs 11 results" in problems
    assert "'weird'" in problems


def test_the_terminal_stat_panel_prints_the_same_tracks(mul_by_id: dict[int, Any]) -> None:
    from cardsmith.tui.widgets.unit_card import stat_panel

    lam = Unit.from_mul(mul_by_id[4821])
    text = stat_panel(lam).plain
    for track in crit_tracks(lam):
        assert f"{track.name:<13}{'□ ' * track.boxes}" in text
    jumpship = make_unit("Leviathan", type_=UnitType.JS, move="200", specials="DT8,KF")
    assert "DOCK" in stat_panel(jumpship).plain and "KF DRIVE" in stat_panel(jumpship).plain
    assert "HEAT" not in stat_panel(make_unit(type_=UnitType.CF, move="6a")).plain


def test_large_craft_move_is_thrust_without_inches_or_tmm(
    mul_records: list[dict[str, Any]],
) -> None:
    from cardsmith.battle.state import Side, new_battle
    from cardsmith.battle.view import unit_in_play
    from cardsmith.models import Force

    jumpship = next(Unit.from_mul(r) for r in mul_records if (r.get("BFType") or "") == "JS")
    battle = new_battle((Side("Fleet", Force("Fleet", entries=(entry(jumpship),))),))
    view = unit_in_play(battle, battle.units[0])
    assert (view.move_text, view.tmm, view.bands) == ("200", 0, ("S", "M", "L", "E"))


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("Fire Control", CritKind.FIRE_CONTROL),
        ("fire_control", CritKind.FIRE_CONTROL),
        ("  MOTIVE_HALF ", CritKind.MOTIVE_HALF),
        ("crew stunned", CritKind.CREW_STUNNED),
        ("motive immobile", CritKind.MOTIVE_STOP),
    ],
)
def test_crit_names_may_be_typed_with_spaces_or_underscores(typed: str, kind: CritKind) -> None:
    assert parse_crit(typed) is kind


def test_an_unknown_crit_name_is_named_with_the_names_there_are() -> None:
    with pytest.raises(CritError) as caught:
        parse_crit("laser")
    message = str(caught.value)
    assert message.startswith("unknown critical hit 'laser' (one of: ammo, engine, fire-control,")
    assert all(kind.value in message for kind in CritKind)


@pytest.mark.parametrize(
    ("move", "roll", "expected"),
    [
        # ASCE p.51 Motive Systems Damage: 2-8 no effect, 9-10 −2", 11 half, 12 immobilized;
        # tracked and naval add 0, wheeled and hover +1, VTOL and WiGE +2.
        ('8"t', 8, None),
        ('8"t', 9, CritKind.MOTIVE_MINUS2),
        ('8"w', 8, CritKind.MOTIVE_MINUS2),
        ('8"h', 10, CritKind.MOTIVE_HALF),
        ('8"v', 10, CritKind.MOTIVE_STOP),
        # A support vehicle whose move names no mode (23 in the MUL) adds nothing.
        ('8"', 8, None),
        ('8"', 11, CritKind.MOTIVE_HALF),
    ],
)
def test_motive_rolls_add_the_movement_mode_modifier(
    move: str, roll: int, expected: CritKind | None
) -> None:
    vehicle = make_unit("Truck", type_=UnitType.SV, move=move)
    assert motive_from_roll(vehicle, roll) is expected


def test_every_unit_may_be_marked_destroyed_and_only_vehicles_roll_motive_damage() -> None:
    # The vehicle crit table has no "destroyed" roll (ASCE p.51), yet any unit can be
    # destroyed by hand; the three motive results belong to ground vehicles only.
    motive = {CritKind.MOTIVE_MINUS2, CritKind.MOTIVE_HALF, CritKind.MOTIVE_STOP}
    tank = allowed_crits(make_unit("Tank", type_=UnitType.CV, move='8"t'))
    mech = allowed_crits(make_unit("Mech"))
    infantry = allowed_crits(make_unit("Platoon", type_=UnitType.CI, move='1"f'))
    assert CritKind.DESTROYED in tank and motive <= tank
    assert CritKind.DESTROYED in mech and not motive & mech
    assert CritKind.DESTROYED in infantry and not motive & infantry


def test_a_roll_outside_2d6_is_refused_by_its_number() -> None:
    with pytest.raises(CritError, match="a 2D6 roll is 2-12, not 13"):
        crit_from_roll(make_unit(), 13)
