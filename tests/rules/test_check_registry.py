"""The checks registry itself: declaring checks, joining modules, parameters, shared data."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardsmith.rules import registry
from cardsmith.rules.model import Rule, Violation
from cardsmith.rules.registry import CheckSet, ForceView, Param, join, shared

_names = itertools.count()


def _nothing(view: ForceView, rule: Rule) -> Iterator[Violation]:
    yield from ()


def test_a_check_set_keeps_each_check_with_its_parameters() -> None:
    checks = CheckSet()
    param = Param("max", "int", "most units", minimum=1)
    checks.add("most", param, validate=registry.range_problems)(_nothing)
    spec = checks.specs["most"]
    assert (spec.name, spec.func, spec.params, spec.validate) == (
        "most",
        _nothing,
        (param,),
        registry.range_problems,
    )
    assert spec.param("max") is param
    assert spec.param("min") is None


def test_a_check_declared_twice_is_refused() -> None:
    checks = CheckSet()
    checks.add("most")(_nothing)
    with pytest.raises(ValueError, match="check 'most' is declared twice"):
        checks.add("most")(_nothing)


def test_joined_sets_keep_every_check_and_refuse_a_name_in_two_modules() -> None:
    first, second = CheckSet(), CheckSet()
    first.add("a")(_nothing)
    second.add("b")(_nothing)
    assert list(join(first, second)) == ["a", "b"]
    assert join(first, second)["b"] is second.specs["b"]
    second.add("a")(_nothing)
    with pytest.raises(ValueError, match="check 'a' is declared in two modules"):
        join(first, second)


def test_an_unknown_parameter_lists_the_accepted_ones() -> None:
    checks = CheckSet()
    checks.add("c", Param("min", "int", "x", default=0), Param("max", "int", "y", default=9))(
        _nothing
    )
    checks.add("bare")(_nothing)
    _, problems = checks.specs["c"].validate_params({"most": 3})
    assert problems == [("most", "unknown parameter for check 'c' (accepted: max, min)")]
    _, problems = checks.specs["bare"].validate_params({"most": 3})
    assert problems == [("most", "unknown parameter for check 'bare' (accepted: none)")]


def test_a_choice_is_matched_without_case_and_given_back_as_spelled() -> None:
    param = Param("max", "str", "level", choices=("Standard", "Advanced"))
    assert param.coerce(" advanced ") == ("Advanced", None)
    assert param.coerce("Expert") == (None, "'Expert' is not one of: Standard, Advanced")


def _counting_loader() -> tuple[str, Callable[[], int], list[int]]:
    """A fresh shared-data name and a loader that answers how often it has run."""
    calls: list[int] = []

    def loader() -> int:
        calls.append(1)
        return len(calls)

    return f"test-{next(_names)}", loader, calls


def test_shared_data_is_loaded_once_while_fresh() -> None:
    name, loader, calls = _counting_loader()
    assert shared(name, loader) == 1
    assert shared(name, loader) == 1
    assert len(calls) == 1


def test_shared_data_is_loaded_again_when_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    name, loader, _ = _counting_loader()
    monkeypatch.setattr(registry, "SHARED_MAX_AGE", -1.0)
    assert [shared(name, loader), shared(name, loader)] == [1, 2]


def test_shared_data_is_kept_per_config_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A user's file in another config folder replaces the built-in: not the same data.
    name, loader, _ = _counting_loader()
    assert shared(name, loader) == 1
    monkeypatch.setenv("CARDSMITH_CONFIG_DIR", str(tmp_path / "other"))
    assert shared(name, loader) == 2


def test_the_view_totals_skill_adjusted_pv_and_base_pv_for_an_unpriced_skill() -> None:
    from cardsmith.forces.pricing import entry_pv
    from cardsmith.models import Force, ForceEntry
    from cardsmith.rules.model import RulePack
    from rules.rulekit import build_unit

    # PVs no other test uses, so each is priced here and not taken from the memo.
    priced = [ForceEntry(unit=build_unit(f"Odd O-{pv}", pv=pv), skill=2) for pv in (997, 1013)]
    # ASCE p.29 prices skills 0-7 only: skill 9 counts at the base PV, the check goes on.
    unpriced = ForceEntry(unit=build_unit("Odd O-9", pv=991), skill=9)
    view = ForceView(Force("F", entries=(*priced, unpriced)), RulePack("p", "P"))
    assert [row.pv for row in view.rows] == [entry_pv(priced[0]), entry_pv(priced[1]), 991]
    assert entry_pv(priced[0]) != 997
    assert view.total_pv == entry_pv(priced[0]) + entry_pv(priced[1]) + 991
    assert [row.index for row in view.rows] == [1, 2, 3]
