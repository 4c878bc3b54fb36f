"""The checks no built-in tournament pack uses, each passing and failing."""

from __future__ import annotations

from typing import Any

import pytest

from cardsmith.models import Force, ForceEntry, UnitType
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.engine import check_force
from cardsmith.rules.model import Rule, RulePack, Severity
from rules.rulekit import build_unit


def _check(name: str, params: dict[str, Any], entries: list[ForceEntry]) -> list[Any]:
    clean, problems = CHECKS[name].validate_params(params)
    assert not problems
    pack = RulePack("test", "Test", rules=(Rule(name, name, clean),))
    return list(check_force(Force("F", entries=tuple(entries)), pack).violations)


def _e(**unit: Any) -> ForceEntry:
    skill = unit.pop("skill", 4)
    spas = unit.pop("spas", ())
    return ForceEntry(unit=build_unit(**unit), skill=skill, spas=spas)


ERA_CASES = [
    # params, unit fields, expected severities
    ({"era": "Late Succession Wars - Renaissance"}, {"introduced": "3039"}, []),
    ({"era": "Late Succession Wars - Renaissance"}, {"introduced": "3050"}, ["error"]),
    ({"era": "3025"}, {"introduced": "Unknown", "era_id": 13}, ["error"]),  # Clan Invasion
    ({"era": "3025"}, {"introduced": "Unknown", "era_id": 10}, []),
    ({"era": "3025"}, {"introduced": "Unknown", "era_id": None}, ["warning"]),
    ({"year": 3060}, {"introduced": "3058"}, []),
    ({"year": 3060}, {"introduced": "3061"}, ["error"]),
]


@pytest.mark.parametrize(("params", "unit", "expected"), ERA_CASES)
def test_era(params: dict[str, Any], unit: dict[str, Any], expected: list[str]) -> None:
    found = _check("era", params, [_e(**unit)])
    assert [v.severity.value for v in found] == expected
    if expected == ["warning"]:
        assert "cannot verify" in found[0].message


def test_faction_without_availability_data_cannot_verify() -> None:
    # With no catalogue at hand the faction check cannot answer: a warning, never an error.
    (warning,) = _check("faction", {"faction": "Federated Suns", "era": "3025"}, [_e()])
    assert warning.severity is Severity.WARNING
    assert "cannot verify" in warning.message and "no catalogue at hand" in warning.message


def test_rules_level_unknown_is_a_warning_and_experimental_an_error() -> None:
    found = _check(
        "rules-level", {"max": "Advanced"}, [_e(rules="Unknown"), _e(rules="Experimental"), _e()]
    )
    assert [(v.severity.value, [i for i, _ in v.entries]) for v in found] == [
        ("error", [2]),
        ("warning", [1]),
    ]


def test_variant_copies_count_the_same_mul_id() -> None:
    entries = [_e(name="Locust LCT-1V", mul_id=1) for _ in range(3)] + [
        _e(name="Locust LCT-1E", chassis="Locust")
    ]
    (violation,) = _check("variant-copies", {"max": 2}, entries)
    assert [i for i, _ in violation.entries] == [1, 2, 3]
    assert _check("chassis-copies", {"max": 4}, entries) == []


def test_copies_limited_to_some_types() -> None:
    entries = [
        _e(name="Elemental", chassis="Elemental", type=UnitType.BA, mul_id=7) for _ in range(6)
    ]
    assert len(_check("chassis-copies", {"max": 5, "types": ["BA", "CI"]}, entries)) == 1
    assert _check("chassis-copies", {"max": 5, "types": ["BM"]}, entries) == []


def test_type_count() -> None:
    entries = [_e(type=UnitType.CV) for _ in range(3)] + [_e()]
    (violation,) = _check("type-count", {"types": ["CV", "SV"], "max": 2}, entries)
    assert violation.actual == 3 and len(violation.entries) == 3


def test_skill_extremes_at_the_worst_skill() -> None:
    entries = [_e(skill=7), _e(skill=7), _e(skill=7), _e(skill=2)]
    (violation,) = _check(
        "skill-extremes", {"best": 2, "max_at_best": 2, "worst": 7, "max_at_worst": 2}, entries
    )
    assert [i for i, _ in violation.entries] == [1, 2, 3]
    assert "or worse" in violation.message


def test_unit_count_too_few() -> None:
    (violation,) = _check("unit-count", {"min": 4, "max": 16}, [_e()])
    assert violation.actual == 1 and violation.hint == "add 3 units"


@pytest.mark.parametrize(
    ("entry", "fragment"),
    [
        (_e(spas=("no-such-spa",)), "unknown SPA"),
        (_e(skill=3, spas=("lucky-1", "lucky-2")), "several levels"),
        (_e(type=UnitType.CV, spas=("dodge",)), "Dodge is for BM, IM, PM"),
        (_e(skill=4, spas=("sniper",)), "allows 1 SPA, 2 points"),
        (_e(skill=6, spas=("iron-will",)), "allows 0 SPAs"),
    ],
)
def test_spa_budget_problems(entry: ForceEntry, fragment: str) -> None:
    found = _check("spa-budget", {}, [entry])
    assert any(fragment in v.message for v in found), [v.message for v in found]


def test_spa_budget_within_allowance() -> None:
    assert _check("spa-budget", {}, [_e(skill=2, spas=("marksman", "iron-will"))]) == []


@pytest.mark.parametrize(
    ("units", "round_up", "allowed"), [(12, True, 1), (13, True, 2), (13, False, 1), (24, False, 2)]
)
def test_spa_units_per_company(units: int, round_up: bool, allowed: int) -> None:
    entries = [_e(spas=("iron-will",)) for _ in range(allowed)] + [
        _e() for _ in range(units - allowed)
    ]
    assert _check("spa-units", {"round_up": round_up}, entries) == []
    entries[-1] = _e(spas=("iron-will",))
    (violation,) = _check("spa-units", {"round_up": round_up}, entries)
    assert violation.expected == f"≤ {allowed}"


@pytest.mark.parametrize(
    ("entry", "hint"),
    [
        # ASCE p.92: a Green (5) or worse pilot may have no SPA at all ...
        (_e(skill=6, spas=("iron-will",)), "may not buy any"),
        # ... a Regular (4) one a single SPA of up to 2 points: a better skill buys more.
        (_e(skill=4, spas=("sniper",)), "give it a better skill"),
    ],
)
def test_spa_budget_hint_says_whether_a_better_skill_helps(entry: ForceEntry, hint: str) -> None:
    (violation,) = _check("spa-budget", {}, [entry])
    assert hint in violation.hint


def test_copies_of_a_counted_type_are_found_after_an_uncounted_one() -> None:
    # A vehicle first in the list must not end the count of the 'Mechs after it.
    entries = [_e(name="Demolisher", chassis="Demolisher", type=UnitType.CV)] + [
        _e(name=f"Atlas AS7-{n}", chassis="Atlas") for n in "DKS"
    ]
    (violation,) = _check("chassis-copies", {"max": 2, "types": ["BM"]}, entries)
    assert violation.message == "3 copies of the chassis Atlas, at most 2 allowed"
    assert [i for i, _ in violation.entries] == [2, 3, 4]
    assert violation.hint.startswith("remove 1 of: ")
