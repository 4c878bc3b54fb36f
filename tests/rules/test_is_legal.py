"""``is_legal`` and ``iter_violations``: the short answers agree with ``check_force``."""

from __future__ import annotations

from dataclasses import replace

from cardsmith.models import Force
from cardsmith.rules.engine import check_force, is_legal, iter_violations, load_pack


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
