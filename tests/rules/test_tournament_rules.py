"""Each rule of tournament-300 against a list that breaks it, and a list that passes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from cardsmith.models import Force, ForceEntry, Group, UnitType
from cardsmith.rules.engine import check_force, load_pack
from cardsmith.rules.model import Severity
from rules.rulekit import build_unit, legal_entries

Breaker = Callable[[list[ForceEntry]], list[ForceEntry]]


def _set(index: int, **changes: object) -> Breaker:
    """Change entry ``index`` (1-based)."""

    def apply(entries: list[ForceEntry]) -> list[ForceEntry]:
        entries[index - 1] = replace(entries[index - 1], **changes)  # type: ignore[arg-type]
        return entries

    return apply


def _unit(index: int, **changes: object) -> Breaker:
    """Change the unit of entry ``index``."""

    def apply(entries: list[ForceEntry]) -> list[ForceEntry]:
        entry = entries[index - 1]
        entries[index - 1] = replace(entry, unit=replace(entry.unit, **changes))  # type: ignore[arg-type]
        return entries

    return apply


def _then(*steps: Breaker) -> Breaker:
    def apply(entries: list[ForceEntry]) -> list[ForceEntry]:
        for step in steps:
            entries = step(entries)
        return entries

    return apply


def _too_many(entries: list[ForceEntry]) -> list[ForceEntry]:
    # 17 different chassis at 17 PV each: 289 PV, under the cap.
    return [
        ForceEntry(unit=build_unit(f"Mech{n} A", chassis=f"Mech{n}", pv=17), commander=n == 1)
        for n in range(1, 18)
    ]


def _atlas_triplet(entries: list[ForceEntry]) -> list[ForceEntry]:
    for index in (2, 5, 7):
        unit = replace(entries[index - 1].unit, chassis="Atlas", name=f"Atlas AS7-{index}")
        entries[index - 1] = replace(entries[index - 1], unit=unit)
    return entries


# rule id, how to break the legal list, 1-based indices the violation must name
CASES: list[tuple[str, Breaker, set[int]]] = [
    ("pv-cap", _then(_unit(3, pv=95), _unit(4, pv=80)), {3, 4}),  # 55 PV over
    ("unit-count", _too_many, {17}),
    ("unit-count", lambda e: e[:3], set()),
    ("skill-range", _set(6, skill=7), {6}),
    ("skill-range", _set(2, skill=1), {2}),
    ("skill-extremes", _then(_set(2, skill=2), _set(3, skill=2), _set(4, skill=2)), {2, 3, 4}),
    ("chassis-copies", _atlas_triplet, {2, 5, 7}),
    ("rules-level", _unit(5, rules="Advanced"), {5}),
    ("unit-types", _unit(8, type=UnitType.AF), {8}),
    ("spa-budget", _set(1, spas=("marksman", "sniper")), {1}),
    ("spa-budget", _then(_set(1, spas=()), _set(4, skill=5, spas=("iron-will",))), {4}),
    ("spa-units", _set(3, spas=("iron-will",)), {1, 3}),
    ("units-without-stats", _unit(7, type=None), {7}),
    ("formations", _then(_unit(2, size=1, role="Scout"), _unit(3, size=1, role="Scout")), {2, 3}),
]


def _force(entries: list[ForceEntry]) -> Force:
    grouped = any(e.group == "Alpha" for e in entries)
    groups = (Group("Alpha", "battle"),) if grouped else ()
    return Force("Broken", pack="tournament-300", entries=tuple(entries), groups=groups)


@pytest.fixture(scope="module")
def pack() -> object:
    return load_pack("tournament-300")


def test_the_legal_list_passes(legal_force: Force) -> None:
    result = check_force(legal_force, load_pack("tournament-300"))
    assert result.legal, [v.message for v in result.violations]
    assert result.violations == ()
    assert result.total_pv == 240


@pytest.mark.parametrize(("rule_id", "breaker", "indices"), CASES, ids=[c[0] for c in CASES])
def test_a_list_breaking_one_rule_is_reported_with_its_id_and_units(
    rule_id: str, breaker: Breaker, indices: set[int]
) -> None:
    pack = load_pack("tournament-300")
    result = check_force(_force(breaker(legal_entries())), pack)
    assert not result.legal
    broken = {v.rule_id for v in result.errors}
    assert broken == {rule_id}, [v.message for v in result.violations]
    violations = [v for v in result.violations if v.rule_id == rule_id]
    named = {index for v in violations for index, _ in v.entries}
    assert indices <= named
    broken_force = _force(breaker(legal_entries()))
    hints = " ".join(v.hint for v in violations)
    for index in indices:
        # The hint tells the player which unit to change, by its number and name.
        assert f"#{index} {broken_force.entries[index - 1].unit.name}" in hints, hints
    for violation in violations:
        assert violation.severity is Severity.ERROR
        assert violation.message
        assert violation.fix is not None
        assert violation.expected is not None and violation.actual is not None
        for index, name in violation.entries:
            assert name == broken_force.entries[index - 1].unit.name


def test_pv_cap_hint_names_the_single_units_that_fix_it() -> None:
    entries = _then(_unit(3, pv=95), _unit(4, pv=80))(legal_entries())
    result = check_force(_force(entries), load_pack("tournament-300"))
    (violation,) = result.violations
    assert violation.expected == "≤ 300" and violation.actual == 355
    assert [i for i, _ in violation.entries] == [4, 3]  # the cheapest fix first
    assert "55 PV over: remove one of: #4 Phoenix Hawk M-4, #3 Shadow Hawk M-3" in violation.hint


def test_pv_cap_without_a_single_fix_names_enough_units() -> None:
    entries = [replace(e, unit=replace(e.unit, pv=45)) for e in legal_entries()]
    result = check_force(_force(entries), load_pack("tournament-300"))
    (violation,) = result.violations
    assert violation.actual == 360
    assert len(violation.entries) == 2  # 60 PV over: two 45-PV units
    assert "no single unit covers it" in violation.hint


def test_too_many_units_names_the_extra_ones() -> None:
    result = check_force(_force(_too_many([])), load_pack("tournament-300"))
    (violation,) = [v for v in result.violations if v.rule_id == "unit-count"]
    assert [i for i, _ in violation.entries] == [17]
    assert violation.actual == 17 and violation.expected == "4-16"


def test_commander_missing_is_only_a_warning() -> None:
    entries = [replace(e, commander=False) for e in legal_entries()]
    result = check_force(_force(entries), load_pack("tournament-300"))
    assert result.legal
    (warning,) = result.violations
    assert warning.rule_id == "commander" and warning.severity is Severity.WARNING
    assert "commander" in warning.message


def test_formation_failures_report_each_requirement() -> None:
    entries = _then(*(_unit(i, size=1, role="Scout") for i in (1, 2, 3)))(legal_entries())
    result = check_force(_force(entries), load_pack("tournament-300"))
    failures = {v.message: v for v in result.violations if v.rule_id == "formations"}
    # Three Size-1 Scouts break both of the Battle Lance's counted requirements (ASCE p.119):
    # each is its own violation with what it needs, what the group has and who counts.
    size = failures.pop(
        "group 'Alpha' is not a Battle Lance: At least 50% of units Size 3 or larger"
    )
    roles = failures.pop(
        "group 'Alpha' is not a Battle Lance: "
        "At least 3 units with the Brawler, Sniper or Skirmisher role"
    )
    assert failures == {}
    assert (size.expected, size.actual) == ("at least 2 of 4 (50%)", "1 of 4")
    assert (roles.expected, roles.actual) == ("at least 3", "1 of 4")
    assert [i for i, _ in size.entries] == [1, 2, 3] == [i for i, _ in roles.entries]


def test_tournament_350_allows_advanced_and_350_pv() -> None:
    entries = _then(_unit(5, rules="Advanced"), _unit(3, pv=130))(legal_entries())
    force = _force(entries)
    assert check_force(force, load_pack("tournament-350")).legal
    assert {v.rule_id for v in check_force(force, load_pack("tournament-300")).errors} == {
        "pv-cap",
        "rules-level",
    }


def test_cap_override_wins_over_the_pack(legal_force: Force) -> None:
    result = check_force(legal_force, load_pack("tournament-300"), cap=200)
    assert [v.rule_id for v in result.errors] == ["pv-cap"]
    assert result.errors[0].expected == "≤ 200"
