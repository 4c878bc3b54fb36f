"""The ``formations`` check's violations: which units each names, and the hint and fix it offers.

The fix kind picks the app's action for the row (add units, replace units, choose another
formation), so each kind of failed requirement is checked for the units it points at.
"""

from __future__ import annotations

from typing import Any

from cardsmith.models import Force, ForceEntry, Group
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.engine import check_force
from cardsmith.rules.model import Fix, Rule, RulePack, Violation
from rules.rulekit import build_unit

SCOUT = {"name": "Wasp A", "size": 1, "role": "Scout"}


def _violations(units: list[dict[str, Any]], group: str = "Light") -> list[Violation]:
    """The formations check on one group of ``units`` that names a Light Battle Lance."""
    params, problems = CHECKS["formations"].validate_params({})
    assert not problems
    pack = RulePack("p", "P", rules=(Rule("formations", "formations", params),))
    entries = tuple(
        ForceEntry(unit=build_unit(**unit), group=group, commander=n == 0)
        for n, unit in enumerate(units)
    )
    force = Force("F", "standard", entries=entries, groups=(Group(group, "light-battle"),))
    return list(check_force(force, pack).violations)


def test_too_few_units_asks_for_more() -> None:
    (found,) = _violations([SCOUT, {"name": "Wasp B", "size": 1}])
    assert found.message == "group 'Light' is not a Light Battle Lance: At least 3 units"
    assert found.entries == ((1, "Wasp A"), (2, "Wasp B"))  # the whole group
    assert (found.expected, found.actual) == ("at least 3", "2")
    assert found.hint == "add units to group 'Light' or drop its formation"
    assert found.fix is Fix.ADD_UNITS


def test_a_unit_the_formation_forbids_is_the_one_named() -> None:
    units = [SCOUT, {"name": "Wasp B", "size": 1}, {"name": "Wasp C", "size": 1}]
    (found,) = _violations([*units, {"name": "Atlas D", "size": 4}])
    assert found.message.endswith(": No unit Size 4 or larger")
    assert found.entries == ((4, "Atlas D"),)  # the one that meets a "none" requirement
    assert (found.expected, found.actual) == ("none", "1 of 4")
    assert found.hint == "move or replace #4 Atlas D"
    assert found.fix is Fix.REPLACE_UNITS


def test_too_few_units_of_a_kind_names_the_others() -> None:
    mediums = [{"name": "Hunchback B", "size": 2}, {"name": "Hunchback C", "size": 2}]
    (found,) = _violations([SCOUT, *mediums, {"name": "Wasp D", "size": 1}])
    assert found.message.endswith(": At least 75% of units Size 1")
    assert found.entries == ((2, "Hunchback B"), (3, "Hunchback C"))  # those that miss it
    assert (found.expected, found.actual) == ("at least 3 of 4 (75%)", "2 of 4")
    assert found.hint == (
        "replace some of #2 Hunchback B, #3 Hunchback C with units that meet it, "
        "or choose another formation"
    )
    assert found.fix is Fix.REPLACE_UNITS


def test_a_failure_with_no_unit_to_point_at_suggests_another_formation() -> None:
    found = {v.message.split(": ", 1)[1]: v for v in _violations([], group="Empty")}
    size = found["At least 3 units"]
    assert (size.fix, size.entries) == (Fix.ADD_UNITS, ())
    scout = found["At least 1 unit with the Scout role"]
    assert scout.entries == ()
    assert (scout.expected, scout.actual) == ("at least 1", "0 of 0")
    assert scout.hint == "change the units of group 'Empty' or choose another formation"
    assert scout.fix is Fix.SET_FORMATION
