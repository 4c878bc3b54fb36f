"""Formations (ASCE p.116-123): a qualifying and a failing group for each, and the rules around them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardsmith.errors import ForceEditError, TemplateError
from cardsmith.forces.formations import (
    FormationResult,
    evaluate,
    evaluate_group,
    load_formations,
    matched_pairs,
    required_count,
)
from cardsmith.models import Force, Group

from .conftest import build, requirement_of, spec


def veh(
    size: int = 2, role: str = "Brawler", twin: int | None = None, **more: Any
) -> dict[str, Any]:
    """A combat vehicle (CV)."""
    return spec(size, role=role, tp="CV", twin=twin, **more)


def air(
    role: str, twin: int | None = None, tp: str = "AF", move: str = "8a", **more: Any
) -> dict[str, Any]:
    """An aerospace fighter (AF) with an aerospace role."""
    return spec(2, move, role, tp=tp, twin=twin, **more)


ASSAULT_OK = [
    spec(3, role="Juggernaut", dmg=(3, 3, 1), armor=6),
    spec(4, role="Sniper", dmg=(3, 3, 2)),
    spec(3, role="Brawler", dmg=(3, 3, 1)),
    spec(2, role="Brawler", dmg=(2, 2, 1)),
]
FIRE_OK = [
    spec(role="Missile Boat"),
    spec(role="Sniper"),
    spec(role="Missile Boat"),
    spec(role="Brawler"),
]

CASES: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
    "battle": (
        [
            spec(3, role="Brawler"),
            spec(3, role="Sniper"),
            spec(2, role="Skirmisher"),
            spec(2, role="Scout"),
        ],
        [
            spec(1, role="Scout"),
            spec(1, role="Scout"),
            spec(2, role="Sniper"),
            spec(2, role="Brawler"),
        ],
    ),
    "light-battle": (
        [spec(1, role="Scout"), spec(1, role="Striker"), spec(1), spec(2, role="Sniper")],
        [spec(1, role="Scout"), spec(1, role="Striker"), spec(1), spec(4, role="Sniper")],
    ),
    "medium-battle": (
        [spec(2), spec(2), spec(3), spec(1)],
        [spec(2), spec(3), spec(3), spec(4)],
    ),
    "heavy-battle": (
        [spec(3), spec(3), spec(2), spec(4)],
        [spec(3), spec(3), spec(4), spec(1)],
    ),
    "assault": (ASSAULT_OK, [*ASSAULT_OK[:3], spec(2, armor=4)]),
    "fast-assault": (
        [{**s, "move": m} for s, m in zip(ASSAULT_OK, ['10"', '6"j', '12"', '10"'], strict=True)],
        [{**s, "move": m} for s, m in zip(ASSAULT_OK, ['10"', '6"j', '12"', '8"'], strict=True)],
    ),
    "striker": (
        [
            spec(2, '10"', "Striker"),
            spec(3, '6"/8"j', "Skirmisher"),
            spec(1, '12"', "Scout"),
            spec(2, '10"'),
        ],
        [
            spec(2, '10"', "Striker"),
            spec(3, '6"/8"j', "Skirmisher"),
            spec(1, '12"', "Scout"),
            spec(2, '8"'),
        ],
    ),
    "light-striker": (
        [
            spec(1, '10"', "Striker"),
            spec(2, '12"', "Skirmisher"),
            spec(1, '10"', "Scout", (1, 1, 0)),
            spec(2, '10"', dmg=(2, 2, 0)),
        ],
        [
            spec(1, '10"', "Striker"),
            spec(2, '12"', "Skirmisher"),
            spec(1, '10"', "Scout", (1, 1, 0)),
            spec(3, '10"', dmg=(2, 2, 0)),
        ],
    ),
    "heavy-striker": (
        [
            spec(3, '8"', "Striker", (3, 3, 2)),
            spec(3, '8"', "Skirmisher"),
            spec(3, '8"'),
            spec(2, '10"', "Scout"),
        ],
        [
            spec(3, '8"', "Striker", (3, 3, 2)),
            spec(3, '8"', "Skirmisher"),
            spec(3, '8"'),
            spec(1, '10"', "Scout"),
        ],
    ),
    "fire": (
        FIRE_OK,
        [spec(role="Missile Boat"), spec(role="Sniper"), spec(role="Brawler"), spec(role="Scout")],
    ),
    "fire-support": (
        [spec(sp="IF1"), spec(sp="IF0*"), spec(sp="CASE,IF2"), spec()],
        [spec(sp="IF1"), spec(sp="IF2"), spec(), spec()],
    ),
    "artillery-fire": (
        [spec(sp="ARTAIS-1"), spec(sp="ARTLT-1"), spec(), spec()],
        [spec(sp="ARTAIS-1"), spec(), spec(), spec()],
    ),
    "direct-fire": (
        [
            spec(3, dmg=(3, 3, 2)),
            spec(4, dmg=(3, 3, 3)),
            spec(2, dmg=(2, 2, 2)),
            spec(1, dmg=(2, 2, 2)),
        ],
        [
            spec(3, dmg=(3, 3, 2)),
            spec(4, dmg=(3, 3, 3)),
            spec(2, dmg=(2, 2, 2)),
            spec(1, dmg=(2, 2, 1)),
        ],
    ),
    "anti-air": (
        [{**FIRE_OK[0], "sp": "FLK1/1/1"}, {**FIRE_OK[1], "sp": "AC2/2/-"}, *FIRE_OK[2:]],
        [{**FIRE_OK[0], "sp": "FLK1/1/1"}, *FIRE_OK[1:]],
    ),
    "recon": (
        [
            spec(move='10"', role="Scout"),
            spec(move='12"', role="Striker"),
            spec(move='10"'),
            spec(move='14"', role="Sniper"),
        ],
        [
            spec(move='10"', role="Scout"),
            spec(move='12"', role="Striker"),
            spec(move='8"'),
            spec(move='14"', role="Sniper"),
        ],
    ),
    "light-recon": (
        [spec(1, '12"', "Scout")] * 4,
        [spec(1, '12"', "Scout")] * 3 + [spec(1, '10"', "Scout")],
    ),
    "heavy-recon": (
        [spec(3, '8"'), spec(2, '10"', "Scout"), spec(2, '10"', "Scout"), spec(2, '8"', "Sniper")],
        [spec(2, '8"'), spec(2, '10"', "Scout"), spec(2, '10"', "Scout"), spec(2, '8"', "Sniper")],
    ),
    "pursuit": (
        [
            spec(2, '12"', "Skirmisher", (2, 2, 0)),
            spec(1, '12"', "Scout", (1, 1, 0)),
            spec(2, '12"', "Sniper", (1, 1, 1)),
            spec(1, '8"', dmg=(1, 1, 0)),
        ],
        [
            spec(2, '12"', "Skirmisher", (2, 1, 0)),
            spec(1, '12"', "Scout", (1, 1, 0)),
            spec(2, '12"', "Sniper", (1, 1, 1)),
            spec(1, '8"', dmg=(1, 1, 0)),
        ],
    ),
    "probe": (
        [spec(3, '10"'), spec(2, '10"'), spec(1, '12"', dmg=(3, 3, 0)), spec(2, '8"')],
        [
            spec(3, '10"'),
            spec(2, '10"'),
            spec(1, '12"', dmg=(3, 3, 0)),
            spec(2, '8"', dmg=(2, 1, 0)),
        ],
    ),
    "sweep": (
        [spec(2, '10"')] * 4,
        [spec(2, '10"')] * 3 + [spec(2, '10"', dmg=(1, 1, 0))],
    ),
    "command": (
        [
            spec(role="Sniper", cmd=True),
            spec(role="Missile Boat"),
            spec(role="Brawler"),
            spec(role="Scout"),
        ],
        [spec(role="Sniper"), spec(role="Missile Boat"), spec(role="Brawler"), spec(role="Scout")],
    ),
    "vehicle-command": (
        [
            veh(role="Sniper", cmd=True),
            veh(role="Missile Boat"),
            veh(role="Brawler"),
            veh(role="Scout"),
        ],
        [
            veh(role="Sniper", cmd=True),
            veh(role="Brawler"),
            veh(role="Brawler"),
            spec(role="Sniper"),
        ],
    ),
    "support": ([spec(), spec(), spec()], [spec(), spec()]),
    "mechanized": (
        [
            spec(3, sp="OMNI"),
            spec(1, tp="BA", sp="MEC,CAR5"),
            spec(2, tp="CV", sp="IT4"),
            spec(1, tp="CI", sp="CAR3"),
        ],
        [
            spec(3, sp="OMNI"),
            spec(1, tp="BA", sp="MEC,CAR5"),
            spec(1, tp="BA", sp="MEC,CAR5"),
            spec(2, tp="CV", sp="IT4"),
        ],
    ),
    "air-lance": (
        [spec(), spec(), spec(), spec(), air("Dogfighter", twin=1), air("Dogfighter", twin=1)],
        [spec(), spec(), spec(), spec(), air("Dogfighter", twin=1), air("Dogfighter", twin=2)],
    ),
    "flight": (
        [air("Dogfighter", twin=1), air("Dogfighter", twin=1)],
        [air("Dogfighter", twin=1), air("Dogfighter", twin=2)],
    ),
    "interceptor-squadron": (
        [air("Interceptor")] * 4 + [air("Dogfighter")] * 2,
        [air("Interceptor")] * 3 + [air("Dogfighter")] * 3,
    ),
    "aerospace-superiority-squadron": (
        [air("Interceptor")] * 2
        + [air("Fast Dogfighter")] * 2
        + [air("Attack")] * 2
        + [air("Fast Dogfighter")],
        [air("Interceptor")] * 2 + [air("Fast Dogfighter")] + [air("Attack")] * 3,
    ),
    "fire-support-squadron": (
        [air("Fire-Support")] * 3 + [air("Dogfighter")] + [air("Attack")] * 2,
        [air("Fire-Support")] * 3 + [air("Attack")] * 3,
    ),
    "strike-squadron": (
        [air("Attack")] * 2 + [air("Dogfighter")] * 2 + [air("Interceptor")] + [air("Attack")],
        [air("Attack")] * 3 + [air("Dogfighter"), air("Interceptor"), spec(3)],
    ),
    "electronic-warfare-squadron": (
        [air("Attack", sp="ECM")] * 2
        + [air("Attack", sp="TAG,PRB")] * 2
        + [air("Attack")] * 2
        + [air("Attack", sp="BH")],
        [air("Attack", sp="ECM")] * 3 + [air("Attack")] * 3,
    ),
    "transport-squadron": (
        [air("Transport", tp="SC", move="6a")] * 3 + [air("Dogfighter")] * 3,
        [air("Transport", tp="SC", move="6a")] * 2 + [air("Dogfighter")] * 4,
    ),
}

#: The requirements each failing group of CASES breaks, and no others.
FAILS: dict[str, set[str]] = {
    "battle": {"heavy-half", "line-roles"},
    "light-battle": {"no-assault"},
    "medium-battle": {"medium-half", "no-assault"},
    "heavy-battle": {"no-light"},
    "assault": {"armor"},
    "fast-assault": {"fast"},
    "striker": {"fast"},
    "light-striker": {"no-heavy"},
    "heavy-striker": {"no-light"},
    "fire": {"fire-roles"},
    "fire-support": {"indirect-fire"},
    "artillery-fire": {"artillery"},
    "direct-fire": {"long-range"},
    "anti-air": {"anti-air-weapons"},
    "recon": {"fast"},
    "light-recon": {"fast"},
    "heavy-recon": {"one-heavy"},
    "pursuit": {"medium-damage"},
    "probe": {"medium-damage"},
    "sweep": {"short-damage"},
    "command": {"commander"},
    "vehicle-command": {"vehicles", "fire-pair"},
    "support": {"min-units"},
    "mechanized": {"carried"},
    "air-lance": {"same-model"},
    "flight": {"same-model"},
    "interceptor-squadron": {"interceptors"},
    "aerospace-superiority-squadron": {"dogfighters"},
    "fire-support-squadron": {"dogfighter"},
    "strike-squadron": {"aerospace"},
    "electronic-warfare-squadron": {"electronics"},
    "transport-squadron": {"transports"},
}


def test_every_formation_has_cases() -> None:
    assert set(CASES) == set(FAILS) == {f.id for f in load_formations().all()}


@pytest.mark.parametrize("formation_id", sorted(CASES))
def test_qualifying_group(formation_id: str) -> None:
    formation = load_formations().get(formation_id)
    assert formation is not None
    result = evaluate(formation, build(CASES[formation_id][0]))
    failed = [(r.id, r.expected, r.actual) for r in result.requirements if not r.passed]
    assert result.qualifies, failed
    assert not result.waived_by_ideal_role


@pytest.mark.parametrize("formation_id", sorted(CASES))
def test_failing_group(formation_id: str) -> None:
    formation = load_formations().get(formation_id)
    assert formation is not None
    result = evaluate(formation, build(CASES[formation_id][1]))
    assert not result.qualifies
    failed = {r.id for r in result.requirements if not r.passed}
    assert failed == FAILS[formation_id], _failed(result)
    for requirement in result.requirements:
        if not requirement.passed and requirement.id != "min-units":
            # A failure says what it counted against what it needs.
            assert requirement.expected and requirement.actual, requirement


def test_each_requirement_is_reported_with_counts_and_entries() -> None:
    formation = load_formations().get("battle")
    assert formation is not None
    result = evaluate(formation, build(CASES["battle"][1]))
    by_id = {r.id: r for r in result.requirements}
    assert set(by_id) == {"min-units", "heavy-half", "line-roles", "vehicle-pairs"}
    assert by_id["vehicle-pairs"].passed  # no vehicles: nothing to pair
    heavy = by_id["heavy-half"]
    assert not heavy.passed and heavy.entries == () and heavy.actual == "0 of 4"
    assert heavy.expected == "at least 2 of 4 (50%)"
    roles = by_id["line-roles"]
    assert not roles.passed and roles.entries == (3, 4)


@pytest.mark.parametrize(
    ("percent", "units", "needed"),
    [(50, 4, 2), (50, 5, 3), (50, 6, 3), (75, 4, 3), (75, 5, 4), (75, 3, 3)],
)
def test_percent_rounds_up(percent: int, units: int, needed: int) -> None:
    assert required_count(percent, units) == needed


def test_clan_star_half_needs_three_of_five() -> None:
    formation = load_formations().get("heavy-battle")
    assert formation is not None
    two_heavy = [spec(3), spec(3), spec(2), spec(2), spec(2)]
    three_heavy = [spec(3), spec(3), spec(3), spec(2), spec(2)]
    assert not evaluate(formation, build(two_heavy)).qualifies
    assert evaluate(formation, build(three_heavy)).qualifies


def test_ideal_role_waives_the_requirements() -> None:
    catalogue = load_formations()
    battle, light = catalogue.get("battle"), catalogue.get("light-battle")
    assert battle is not None and light is not None
    all_brawlers = build([spec(1, role="Brawler")] * 4)  # far too light for a Battle Lance
    result = evaluate(battle, all_brawlers)
    assert result.qualifies and result.waived_by_ideal_role
    assert any(not r.passed for r in result.requirements)  # still reported
    # Variants have no ideal role.
    assert light.ideal_role is None


def test_ideal_role_does_not_waive_three_units() -> None:
    battle = load_formations().get("battle")
    assert battle is not None
    result = evaluate(battle, build([spec(3, role="Brawler")] * 2))
    assert result.waived_by_ideal_role and not result.qualifies


def test_pursuit_ideal_role_is_striker() -> None:
    pursuit = load_formations().get("pursuit")
    assert pursuit is not None and pursuit.ideal_role == "Striker"


def test_heavy_striker_with_three_size_three_units_passes_thatrequirement_of() -> None:
    formation = load_formations().get("heavy-striker")
    assert formation is not None
    result = evaluate(formation, build(CASES["heavy-striker"][0]))
    three = next(r for r in result.requirements if r.id == "three-heavy")
    assert three.passed and three.entries == (1, 2, 3)


def test_evaluate_group_reads_the_force() -> None:
    entries = [e.with_changes(group="Alpha") for _, e in build(CASES["fire"][0])]
    force = Force(name="F", entries=tuple(entries), groups=(Group("Alpha", "fire"),))
    result = evaluate_group(force, "Alpha")
    assert result.qualifies and result.formation_id == "fire" and result.unit_count == 4
    with pytest.raises(ForceEditError):
        evaluate_group(force, "Bravo")
    broken = force.with_changes(groups=(Group("Alpha", "no-such-formation"),))
    with pytest.raises(ForceEditError):
        evaluate_group(broken, "Alpha")


def test_formations_find_by_alias() -> None:
    catalogue = load_formations()
    assert catalogue.find("Cavalry Star") is catalogue.get("striker")
    assert {s.units for s in catalogue.sizes} >= {4, 5, 6}


# -- vehicles in matched pairs (ASCE p.117) ----------------------------------------------

# formation, qualifying vehicle group, failing vehicle group, units the failure names
VEHICLE_CASES: list[tuple[str, list[dict[str, Any]], list[dict[str, Any]], tuple[int, ...]]] = [
    (
        "battle",
        [veh(3, twin=1), veh(3, "Sniper", twin=1), veh(2, "Skirmisher"), veh(2, "Scout")],
        [veh(3, twin=1), veh(3, "Sniper", twin=2), veh(2, "Skirmisher"), veh(2, "Scout")],
        (1, 2),
    ),
    (
        "battle",  # three alike: one pair and a spare, the last one
        [veh(3, twin=1), veh(3, twin=1), veh(3, "Sniper", twin=2), veh(3, "Sniper", twin=2)],
        [veh(3, twin=1), veh(3, twin=1), veh(3, twin=1), veh(2, "Sniper")],
        (3,),
    ),
    (
        "light-battle",
        [veh(1, "Scout", twin=1), veh(1, "Scout", twin=1), veh(1, twin=2), veh(1, twin=2)],
        [veh(1, "Scout", twin=1), veh(1, "Scout", twin=1), veh(1, twin=2), veh(1, twin=3)],
        (3, 4),
    ),
    (
        "medium-battle",
        [veh(2, twin=1), veh(2, twin=1), veh(2, twin=2), veh(2, twin=2)],
        [veh(2, twin=1), veh(2, twin=1), veh(2, twin=2), veh(3, twin=3)],
        (3, 4),
    ),
    (
        "heavy-battle",
        [veh(3, twin=1), veh(3, twin=1), veh(4, twin=2), veh(4, twin=2)],
        [veh(3, twin=1), veh(3, twin=1), veh(3, twin=2), veh(4, twin=3)],
        (3, 4),
    ),
]


@pytest.mark.parametrize(
    ("formation_id", "good", "bad", "offending"),
    VEHICLE_CASES,
    ids=[f"{c[0]}-{n}" for n, c in enumerate(VEHICLE_CASES)],
)
def test_vehicles_come_in_matched_pairs(
    formation_id: str,
    good: list[dict[str, Any]],
    bad: list[dict[str, Any]],
    offending: tuple[int, ...],
) -> None:
    formation = load_formations().get(formation_id)
    assert formation is not None
    passing = evaluate(formation, build(good))
    assert passing.qualifies, _failed(passing)
    failing = evaluate(formation, build(bad))
    assert not failing.qualifies
    (pairs,) = [r for r in failing.requirements if not r.passed]
    assert pairs.id == "vehicle-pairs" and pairs.offending == offending


def test_unpaired_battle_vehicles_are_the_entries_of_the_failure() -> None:
    battle = load_formations().get("battle")
    assert battle is not None
    group = [veh(3, twin=1), veh(3, "Sniper", twin=2), veh(3, "Skirmisher", twin=1), veh(2)]
    pairs = requirement_of(evaluate(battle, build(group)), "vehicle-pairs")
    assert not pairs.passed and pairs.entries == (2,) and pairs.actual == "1 of 4"


def test_battle_pairs_ignore_light_vehicles() -> None:
    battle = load_formations().get("battle")
    assert battle is not None
    # A lone Size 2 vehicle does not count towards Size 3+; the heavy ones are paired.
    group = [veh(3, twin=5), veh(3, "Sniper", twin=5), veh(2, "Skirmisher"), veh(2, twin=6)]
    pairs = requirement_of(evaluate(battle, build(group)), "vehicle-pairs")
    assert pairs.passed and pairs.entries == ()


def test_battle_pairs_apply_only_when_the_formation_is_all_vehicles() -> None:
    # ASCE p.117: "If the Battle Lance is a vehicle formation, these Size 3+ units must
    # also be pairs": a 'Mech lance with two different heavy tanks is still a Battle Lance.
    battle = load_formations().get("battle")
    assert battle is not None
    mixed = [spec(3, role="Brawler"), spec(3, role="Sniper"), veh(3, "Skirmisher"), veh(3)]
    result = evaluate(battle, build(mixed))
    pairs = requirement_of(result, "vehicle-pairs")
    assert result.qualifies, _failed(result)
    assert pairs.passed and pairs.actual == "not applicable"
    all_vehicles = [veh(3, "Brawler"), veh(3, "Sniper"), veh(3, "Skirmisher"), veh(3)]
    failing = evaluate(battle, build(all_vehicles))
    assert _failed(failing) == [("vehicle-pairs", "none", "4 of 4")] and requirement_of(
        failing, "vehicle-pairs"
    ).offending == (1, 2, 3, 4)


def test_variant_pairs_only_apply_to_vehicle_formations() -> None:
    medium = load_formations().get("medium-battle")
    assert medium is not None
    mixed = [spec(2), spec(2), veh(2, twin=1), veh(3, twin=2)]
    result = evaluate(medium, build(mixed))
    pairs = requirement_of(result, "vehicle-pairs")
    assert result.qualifies and pairs.passed and pairs.actual == "not applicable"
    assert "vehicle formations" in pairs.expected


def test_matched_pairs_use_the_unit_not_the_entry() -> None:
    members = build([veh(twin=1), veh(twin=2), veh(twin=1), veh(twin=1), veh()])
    assert matched_pairs(members) == frozenset({1, 3})


# -- Command Lance: commanders across the force (ASCE p.122) ------------------------------


def _command_force(extra: list[dict[str, Any]]) -> Force:
    """A Command Lance (commander at #1) plus other units; marked ones are lieutenants."""
    lance = [e.with_changes(group="Command") for _, e in build(CASES["command"][0])]
    others = [e.with_changes(group="Line") for _, e in build(extra)]
    groups = (Group("Command", "command"), Group("Line"))
    return Force(name="F", entries=tuple(lance + others), groups=groups)


@pytest.mark.parametrize(
    ("extra", "passed", "allowed", "non_infantry"),
    [
        ([spec(cmd=True)] + [spec()] * 7, True, 3, 12),  # 12 units: commander + 2 lieutenants
        ([spec(cmd=True), spec(cmd=True)] + [spec()] * 6, True, 3, 12),
        ([spec(cmd=True), spec(cmd=True)] + [spec()] * 4 + [spec(tp="CI")] * 2, False, 2, 10),
        ([spec(cmd=True)], False, 1, 5),  # 5 units: no lieutenant yet
        ([spec(cmd=True), spec(tp="BA")], False, 1, 5),  # battle armor is infantry
    ],
)
def test_commander_limit_counts_the_whole_force(
    extra: list[dict[str, Any]], passed: bool, allowed: int, non_infantry: int
) -> None:
    force = _command_force(extra)
    limit = requirement_of(evaluate_group(force, "Command"), "commander-limit")
    assert limit.passed is passed
    assert limit.expected.startswith(f"at most {allowed} ")
    assert f"has {non_infantry}" in limit.expected
    marked = tuple(i for i, e in enumerate(force.entries, start=1) if e.commander)
    assert limit.entries == marked
    assert limit.offending == (() if passed else marked)


def test_command_lance_fails_on_too_many_lieutenants_only() -> None:
    force = _command_force([spec(cmd=True), spec(cmd=True), spec(cmd=True)] + [spec()] * 5)
    result = evaluate_group(force, "Command")
    assert not result.qualifies
    assert [r.id for r in result.requirements if not r.passed] == ["commander-limit"]


def test_commander_limit_without_the_force_says_so() -> None:
    command = load_formations().get("command")
    assert command is not None
    limit = requirement_of(evaluate(command, build(CASES["command"][0])), "commander-limit")
    assert limit.passed and "force was not given" in limit.actual


# -- Vehicle Command Lance (ASCE p.120) --------------------------------------------------


def test_four_sniper_vehicles_with_a_commander_are_a_vehicle_command_lance() -> None:
    # ASCE p.120: a commander plus one pair of Sniper, Missile Boat, Skirmisher or
    # Juggernaut vehicles; the Command Lance's Brawler/Striker/Scout unit is not asked for.
    vehicle = load_formations().get("vehicle-command")
    assert vehicle is not None and vehicle.page == 120
    snipers = [veh(3, "Sniper", cmd=True), veh(3, "Sniper"), veh(2, "Sniper"), veh(2, "Sniper")]
    result = evaluate(vehicle, build(snipers))
    assert result.qualifies, _failed(result)
    assert [r.id for r in result.requirements] == [
        "min-units",
        "commander",
        "vehicles",
        "fire-pair",
    ]


@pytest.mark.parametrize(
    ("group", "failed"),
    [
        ([veh(role="Sniper"), veh(role="Sniper"), veh(), veh()], {"commander"}),
        ([veh(role="Sniper", cmd=True), veh(), veh(), veh(role="Scout")], {"fire-pair"}),
        ([veh(role="Sniper", cmd=True), veh(role="Juggernaut"), spec(), veh()], {"vehicles"}),
    ],
)
def test_vehicle_command_needs_its_commander_a_pair_and_only_vehicles(
    group: list[dict[str, Any]], failed: set[str]
) -> None:
    vehicle = load_formations().get("vehicle-command")
    assert vehicle is not None
    result = evaluate(vehicle, build(group))
    assert not result.qualifies
    assert {r.id for r in result.requirements if not r.passed} == failed
    assert load_formations().find("Vehicle Command Star") is vehicle


# -- Pursuit Lance rounds normally (ASCE p.120) ------------------------------------------


@pytest.mark.parametrize(
    ("fast", "slow", "qualifies"),
    [(2, 1, True), (1, 2, False), (5, 2, True), (4, 3, False), (3, 1, True), (4, 2, False)],
)
def test_pursuit_needs_75_percent_fast_rounded_normally(
    fast: int, slow: int, qualifies: bool
) -> None:
    # 75% of 3 is 2.25 → 2; of 7, 5.25 → 5; of 6, 4.5 → 5 (halves up): 4 of 6 is too few.
    pursuit = load_formations().get("pursuit")
    assert pursuit is not None
    group = [spec(2, '12"', dmg=(2, 2, 0))] * fast + [spec(2, '8"', dmg=(2, 2, 0))] * slow
    result = evaluate(pursuit, build(group))
    assert result.qualifies is qualifies, _failed(result)
    needed = {3: 2, 4: 3, 7: 5, 6: 5}[fast + slow]
    assert requirement_of(result, "fast").expected.startswith(f"at least {needed} of {fast + slow}")


@pytest.mark.parametrize(
    ("rounding", "percent", "units", "needed"),
    [
        ("nearest", 75, 3, 2), ("nearest", 75, 7, 5), ("nearest", 75, 6, 5), ("nearest", 50, 5, 3),
        ("nearest", 75, 4, 3), ("over", 50, 6, 4), ("over", 50, 7, 4), ("over", 50, 4, 3),
        ("up", 75, 3, 3), ("up", 75, 7, 6),
    ],
)  # fmt: skip
def test_the_three_roundings(rounding: str, percent: int, units: int, needed: int) -> None:
    assert required_count(percent, units, rounding) == needed


# -- Mechanized/Nova and Air Lance (ASCE p.121) -------------------------------------------


@pytest.mark.parametrize(
    ("group", "qualifies"),
    [
        # Five Elementals on five OmniMechs: a Nova.
        ([spec(3, sp="OMNI")] * 5 + [spec(1, tp="BA", sp="MEC,CAR1")] * 5, True),
        # A sixth squad has no seat.
        ([spec(3, sp="OMNI")] * 5 + [spec(1, tp="BA", sp="MEC,CAR1")] * 6, False),
        # XMEC rides a plain 'Mech; MEC does not.
        ([spec(3), spec(3), spec(1, tp="BA", sp="XMEC,CAR2")], True),
        ([spec(3), spec(1, tp="BA", sp="XMEC,CAR2"), spec(1, tp="BA", sp="XMEC,CAR2")], False),
        ([spec(3), spec(3), spec(3), spec(1, tp="BA", sp="MEC,CAR2")], False),
        # Conventional infantry fills infantry bays by weight: 3 + 2 tons in 4 + 1 tons.
        ([spec(2, tp="CV", sp="IT4"), spec(2, tp="CV", sp="IT1"), spec(1, tp="CI", sp="CAR3"),
          spec(1, tp="CI", sp="CAR2")], True),
        ([spec(2, tp="CV", sp="IT4"), spec(2, tp="CV"), spec(1, tp="CI", sp="CAR3"),
          spec(1, tp="CI", sp="CAR2")], False),
        # No infantry: nothing to mechanize.
        ([spec(2, tp="CV", sp="IT4")] * 3, False),
    ],
)  # fmt: skip
def test_mechanized_nova_carries_all_its_infantry(
    group: list[dict[str, Any]], qualifies: bool
) -> None:
    formation = load_formations().get("mechanized")
    assert formation is not None and formation.page == 121
    result = evaluate(formation, build(group))
    assert result.qualifies is qualifies, _failed(result)
    carried = requirement_of(result, "carried")
    infantry = tuple(i for i, s in enumerate(group, start=1) if s["tp"] in ("CI", "BA"))
    assert carried.entries == infantry
    if not qualifies:
        assert carried.offending


def test_a_flight_is_one_pair_of_the_same_fighter() -> None:
    # ASCE p.122: two fighters of one model; three flights make a squadron.
    formation = load_formations().get("flight")
    assert formation is not None and (formation.min_units, formation.max_units) == (2, 2)
    assert evaluate(formation, build([air("Attack", twin=1)] * 2)).qualifies
    three = evaluate(formation, build([air("Attack", twin=1)] * 3))
    assert _failed(three)[0] == ("min-units", "exactly 2", "3")
    tanks = evaluate(formation, build([veh(twin=1)] * 2))
    assert {r.id for r in tanks.requirements if not r.passed} == {"fighters"}
    assert load_formations().find("Aerospace Flight") is formation


@pytest.mark.parametrize(
    ("group", "failed"),
    [
        # A lance of four 'Mechs (or vehicles) with a flight of two like fighters.
        ([spec()] * 4 + [air("Attack", twin=1)] * 2, set()),
        ([veh(), veh(), veh(), air("Attack", tp="CF", twin=1), air("Attack", tp="CF", twin=1)],
         set()),
        # The flight alone is no Air Lance; a third fighter is one too many.
        ([air("Attack", twin=1)] * 2, {"min-units", "ground"}),
        ([spec()] * 4 + [air("Attack", twin=1)] * 3, {"one-flight", "same-model"}),
        # Two different fighters, or no flight at all.
        ([spec()] * 4 + [air("Attack", twin=1), air("Attack", twin=2)], {"same-model"}),
        ([spec()] * 4, {"flight"}),
        # A DropShip is no fighter.
        ([spec()] * 4 + [air("Attack", twin=1)] * 2 + [air("Transport", tp="DS", move="4a")],
         {"no-other-aerospace"}),
    ],
)  # fmt: skip
def test_an_air_lance_is_a_ground_lance_and_one_flight(
    group: list[dict[str, Any]], failed: set[str]
) -> None:
    # ASCE p.121: a lance of ground units with a flight of two fighters of one model.
    formation = load_formations().get("air-lance")
    assert formation is not None and formation.page == 121
    result = evaluate(formation, build(group))
    assert {r.id for r in result.requirements if not r.passed} == failed
    assert result.qualifies is (not failed)


def test_squadrons_need_six_aerospace_units_and_a_majority() -> None:
    interceptor = load_formations().get("interceptor-squadron")
    assert interceptor is not None and interceptor.min_units == 6
    five = evaluate(interceptor, build([air("Interceptor")] * 5))
    assert {r.id for r in five.requirements if not r.passed} == {"min-units"}
    # "More than 50%": 3 of 6 is not enough, 4 of 6 is.
    half = evaluate(interceptor, build([air("Interceptor")] * 3 + [air("Attack")] * 3))
    assert requirement_of(half, "interceptors").expected == "at least 4 of 6 (more than 50%)"
    # A fixed-wing support vehicle flies: it counts as an aerospace unit (ASCE p.184).
    plane = evaluate(interceptor, build([air("Interceptor")] * 5 + [air("Interceptor", tp="SV")]))
    assert plane.qualifies, _failed(plane)
    truck = evaluate(
        interceptor, build([air("Interceptor")] * 5 + [spec(2, '8"w', "Interceptor", tp="SV")])
    )
    assert _failed(truck) == [("aerospace", "all 6", "5 of 6")]


# -- the file format -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("requirement", "problem"),
    [
        ('quantity = "at_least"\namount = 1\nper_units = 6', "per_units"),
        ('quantity = "at_most"\namount = 1\nscope = "army"', "scope"),
        ('quantity = "none"\nwhere = { paired = "yes" }', "paired"),
        ('quantity = "none"\nwhere = { unit_types = "CV" }', "unit_types"),
        ('quantity = "all"\nonly_if = { tonnage = 20 }', "tonnage"),
        ('quantity = "at_most"\namount = -1', "amount"),
    ],
)
def test_bad_requirements_are_listed(tmp_path: Path, requirement: str, problem: str) -> None:
    path = tmp_path / "formations.toml"
    path.write_text(
        f'[[formation]]\nid = "x"\nname = "X"\n[[formation.requirement]]\nid = "r"\n'
        f'text = "R"\n{requirement}\n',
        encoding="utf-8",
    )
    with pytest.raises(TemplateError) as caught:
        load_formations(path)
    assert any(problem in p for p in caught.value.problems)


def _failed(result: FormationResult) -> list[tuple[str, str, str]]:
    return [(r.id, r.expected, r.actual) for r in result.requirements if not r.passed]
