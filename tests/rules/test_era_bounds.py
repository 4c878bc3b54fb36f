"""The ``era`` check at the edges of an era: its last year, the open last era, a bare year.

ASCE p.110 step 2: a force is built from what its faction fields in the era played.  An
era runs to the year before the next one starts (MUL era starts, facts §1.2).
"""

from __future__ import annotations

from typing import Any

import pytest

from cardsmith.models import Force, ForceEntry
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.engine import check_force
from cardsmith.rules.model import Rule, RulePack, Severity, Violation
from rules.rulekit import build_unit


def _era_violations(params: dict[str, Any], **unit: Any) -> list[Violation]:
    clean, problems = CHECKS["era"].validate_params(params)
    assert not problems
    pack = RulePack("test", "Test", rules=(Rule("era", "era", clean),))
    force = Force("F", entries=(ForceEntry(unit=build_unit("Griffin GRF-1N", **unit)),))
    return list(check_force(force, pack).violations)


def test_a_unit_of_the_eras_last_year_is_allowed_and_one_a_year_later_is_not() -> None:
    # Clan Invasion starts 3050 and Civil War 3062: the Clan Invasion ends in 3061.
    assert _era_violations({"era": "Clan Invasion"}, introduced="3061") == []
    (late,) = _era_violations({"era": "Clan Invasion"}, introduced="3062")
    assert late.severity is Severity.ERROR
    assert "introduced after Clan Invasion (to 3061)" in late.message
    assert late.expected == "introduced by 3061"
    assert late.actual == "3062"


def test_the_last_era_is_open_ended() -> None:
    # ilClan is the newest era: no later era closes it, so any later year fits.
    assert _era_violations({"era": "ilClan"}, introduced="3200") == []
    assert _era_violations({"era": "ilClan"}, introduced="9998") == []


def test_an_era_closes_before_the_open_last_one() -> None:
    # Dark Age (3131) is followed by ilClan (3151): it ends in 3150.
    assert _era_violations({"era": "Dark Age"}, introduced="3150") == []
    (late,) = _era_violations({"era": "Dark Age"}, introduced="3151")
    assert "introduced after Dark Age (to 3150)" in late.message


def test_a_year_is_its_own_label_and_bound() -> None:
    (late,) = _era_violations({"year": 3055}, introduced="3056")
    assert "introduced after 3055:" in late.message
    assert late.expected == "introduced by 3055"


@pytest.mark.parametrize(
    ("year", "era_id", "expected"),
    [
        (3055, 13, []),  # Clan Invasion unit, year inside the Clan Invasion
        (3055, 247, ["error"]),  # Civil War unit: its era starts after the year
        (3050, 13, []),  # the era's first year already counts as that era
        (3049, 13, ["error"]),  # one year earlier the Clan Invasion has not begun
    ],
)
def test_a_year_rule_judges_units_without_a_year_by_their_era(
    year: int, era_id: int, expected: list[str]
) -> None:
    found = _era_violations({"year": year}, introduced="Unknown", era_id=era_id)
    assert [v.severity.value for v in found] == expected


def test_a_year_before_every_era_cannot_place_units_known_only_by_era() -> None:
    # 2000 is before the Age of War (2005): the unit's era cannot be compared, only noted.
    (note,) = _era_violations({"year": 2000}, introduced="Unknown", era_id=9)
    assert note.severity is Severity.WARNING
    assert "cannot verify the era" in note.message
