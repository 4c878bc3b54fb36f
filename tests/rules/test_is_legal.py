"""``is_legal`` and ``iter_violations``: the short answers agree with ``check_force``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardsmith.models import Force
from cardsmith.models.force import MulRef
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.engine import check_force, is_legal, iter_violations, load_pack
from cardsmith.rules.model import Rule, RulePack


def test_the_legal_list_is_legal(legal_force: Force) -> None:
    pack = load_pack("tournament-300")
    assert is_legal(legal_force, pack)
    assert list(iter_violations(legal_force, pack)) == list(
        check_force(legal_force, pack).violations
    )


def test_a_cap_below_the_total_makes_it_illegal(legal_force: Force) -> None:
    pack = load_pack("tournament-300")
    total = check_force(legal_force, pack).total_pv
    assert not is_legal(legal_force, pack, cap=total - 1)
    assert is_legal(legal_force, pack, cap=total)
    over = [v.rule_id for v in iter_violations(legal_force, pack, cap=total - 1)]
    assert over == ["pv-cap"]


def test_a_warning_alone_leaves_the_list_legal(legal_force: Force) -> None:
    # tournament-300 makes a missing commander a warning (its pack, "commander" rule).
    pack = load_pack("tournament-300")
    entries = tuple(replace(e, commander=False) for e in legal_force.entries)
    force = replace(legal_force, entries=entries)
    assert is_legal(force, pack)
    assert [v.rule_id for v in iter_violations(force, pack)] == ["commander"]


def _rule(rule_id: str, check: str, **given: Any) -> Rule:
    """A rule with its check's defaults for what is not given, as a pack file makes it."""
    params, problems = CHECKS[check].validate_params(given)
    assert not problems, problems
    return Rule(rule_id, check, params)


def test_a_check_that_reads_the_pack_sees_it(legal_force: Force) -> None:
    """``skill-extremes`` without a ``best`` counts from the pack's ``skill-range`` min."""
    pack = RulePack(
        "p",
        "P",
        rules=(
            _rule("range", "skill-range", min=3, max=6),
            _rule("best", "skill-extremes", max_at_best=1),
        ),
    )
    entries = tuple(replace(e, skill=3) for e in legal_force.entries)
    force = replace(legal_force, entries=entries)
    found = list(iter_violations(force, pack))
    assert found == list(check_force(force, pack).violations)
    assert [v.message for v in found] == [
        f"{len(entries)} units at skill 3 or better, at most 1 allowed"
    ]


class _Unreadable:
    """Availability data whose catalogue could not be read."""

    problem = "the store is locked"
    has_factions = False
    version = None


def test_the_availability_data_given_reaches_the_checks(legal_force: Force) -> None:
    pack = RulePack("p", "P", rules=(_rule("avail", "availability", era="Clan Invasion"),))
    force = replace(legal_force, faction=MulRef(24, "Clan Wolf"))
    data: Any = _Unreadable()
    found = list(iter_violations(force, pack, availability=data))
    assert found == list(check_force(force, pack, availability=data).violations)
    assert (
        len(found) == 1 and "the catalogue cannot be read (the store is locked)" in found[0].message
    )
