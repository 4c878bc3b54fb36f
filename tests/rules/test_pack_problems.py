"""What a broken rule pack is told: the exact key and reason of each problem.

Each pack is written to the test's own folder, so it is read afresh (never the cached
copy of an earlier load).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith import limits, paths
from cardsmith.errors import RulePackError
from cardsmith.rules.engine import available_packs, load_pack
from cardsmith.rules.registry import Param

HEAD = 'id = "x"\ntitle = "X"\n'
RULE = '[[rule]]\nid = "cap"\ncheck = "pv-cap"\n'


def _problems(tmp_path: Path, text: str) -> list[str]:
    """The problems of a broken pack, each as ``key: reason`` (the file name cut off)."""
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    prefix = f"{path}: "
    assert all(p.startswith(prefix) for p in caught.value.problems), caught.value.problems
    return [p.removeprefix(prefix) for p in caught.value.problems]


def _rule(check: str, params: str) -> str:
    return f'{HEAD}[[rule]]\nid = "r"\ncheck = "{check}"\n{params}'


@pytest.mark.parametrize(
    ("params", "problem"),
    [
        ('max = "200"', "rule[1] (r).max: expected an integer, got text '200'"),
        ("max = true", "rule[1] (r).max: expected an integer, got a boolean True"),
        ("max = 2.5", "rule[1] (r).max: expected an integer, got a number 2.5"),
        ("max = [1]", "rule[1] (r).max: expected an integer, got a list [1]"),
        ("max = {a = 1}", "rule[1] (r).max: expected an integer, got a table {'a': 1}"),
        (
            "max = 2026-12-02",
            "rule[1] (r).max: expected an integer, got date datetime.date(2026, 12, 2)",
        ),
        ("max = 0", "rule[1] (r).max: must be at least 1, got 0"),
    ],
    ids=["text", "boolean", "number", "list", "table", "date", "below-minimum"],
)
def test_a_wrong_value_names_what_it_got(tmp_path: Path, params: str, problem: str) -> None:
    assert _problems(tmp_path, _rule("pv-cap", params)) == [problem]


def test_a_list_parameter_refuses_a_single_value_and_names_the_bad_item(tmp_path: Path) -> None:
    assert _problems(tmp_path, _rule("unit-types", 'allowed = "BM"')) == [
        "rule[1] (r).allowed: expected a list, got text"
    ]
    assert _problems(tmp_path, _rule("unit-types", 'allowed = ["BM", 3]')) == [
        "rule[1] (r).allowed: item 2: expected text, got an integer 3"
    ]


def test_a_true_false_parameter_refuses_a_number(tmp_path: Path) -> None:
    assert _problems(tmp_path, _rule("availability", "required = 1")) == [
        "rule[1] (r).required: expected true or false, got an integer 1"
    ]


def test_min_above_max_is_refused_at_the_min_key(tmp_path: Path) -> None:
    assert _problems(tmp_path, _rule("unit-count", "min = 9\nmax = 3")) == [
        "rule[1] (r).min: min (9) is larger than max (3)"
    ]


def test_min_equal_to_max_is_a_valid_range(tmp_path: Path) -> None:
    path = tmp_path / "exact.toml"
    path.write_text(_rule("unit-count", "min = 4\nmax = 4"), encoding="utf-8")
    assert load_pack(path).rules[0].params == {"min": 4, "max": 4}


def test_an_era_rule_needs_an_era_or_a_year(tmp_path: Path) -> None:
    assert _problems(tmp_path, _rule("era", "")) == [
        "rule[1] (r).era: set the era (MUL id, year or name) or the year"
    ]


@pytest.mark.parametrize("check", ["era", "availability"])
def test_an_unknown_era_is_refused_at_the_era_key(tmp_path: Path, check: str) -> None:
    (problem,) = _problems(tmp_path, _rule(check, 'era = "Stone Age"'))
    assert problem.startswith("rule[1] (r).era: unknown era 'Stone Age'")


def test_an_unknown_check_suggests_every_close_name(tmp_path: Path) -> None:
    assert _problems(tmp_path, _rule("unit-count-x", "")) == [
        "rule[1] (r).check: unknown check 'unit-count-x'; did you mean 'unit-count' or"
        " 'type-count'? (see `cardsmith rules list`)"
    ]


def test_an_unknown_check_with_nothing_close_suggests_nothing(tmp_path: Path) -> None:
    assert _problems(tmp_path, _rule("zzzz", "")) == [
        "rule[1] (r).check: unknown check 'zzzz' (see `cardsmith rules list`)"
    ]


def test_a_missing_id_and_title_are_named(tmp_path: Path) -> None:
    rule = '[[rule]]\nid = "cap"\ncheck = "pv-cap"\n'
    assert _problems(tmp_path, rule) == ["id: missing (text)", "title: missing (text)"]


def test_extending_a_pack_that_does_not_exist(tmp_path: Path) -> None:
    assert _problems(tmp_path, HEAD + 'extends = "nope"\n' + RULE) == [
        "extends: no rule pack with id 'nope'"
    ]


def test_extending_a_broken_pack_names_it_and_passes_its_problems_on(tmp_path: Path) -> None:
    folder = paths.user_templates_dir() / "rules"
    folder.mkdir(parents=True)
    base = folder / "base.toml"
    base.write_text('id = "base"\ntitle = "Base"\n[[rule]]\nid = "c"\ncheck = "nope"\n')
    problems = _problems(tmp_path, HEAD + 'extends = "base"\n' + RULE)
    assert len(problems) == 2
    assert problems[0].startswith("extends: the base pack 'base' does not load: ")
    assert problems[1].startswith(f"extends: {base}: rule[1] (c).check: unknown check 'nope'")


def test_packs_extending_each_other_name_the_loop() -> None:
    folder = paths.user_templates_dir() / "rules"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text('id = "loop-a"\ntitle = "A"\nextends = "loop-b"\n' + RULE)
    (folder / "b.toml").write_text('id = "loop-b"\ntitle = "B"\nextends = "loop-a"\n' + RULE)
    with pytest.raises(RulePackError) as caught:
        load_pack("loop-a")
    assert "packs extend each other in a loop" in " ".join(caught.value.problems)


def test_the_extends_chain_may_be_exactly_as_long_as_the_bound() -> None:
    folder = paths.user_templates_dir() / "rules"
    folder.mkdir(parents=True)
    bound = limits.MAX_EXTENDS
    # Packs chain-0 … chain-<bound>; the last one has the rule, each other extends the next.
    for n in range(bound + 1):
        body = f'extends = "chain-{n + 1}"\n' if n < bound else '[[rule]]\nid = "cap"\n'
        body += 'check = "pv-cap"\n' if n == bound else ""
        (folder / f"chain-{n}.toml").write_text(f'id = "chain-{n}"\ntitle = "C{n}"\n{body}')
    # From chain-1 the chain holds `bound` packs: it loads.
    assert [r.id for r in load_pack("chain-1").rules] == ["cap"]
    # From chain-0 it holds one more: refused.
    with pytest.raises(RulePackError) as caught:
        load_pack("chain-0")
    assert any(f"longer than {bound} packs" in p for p in caught.value.problems)


def test_available_packs_know_their_file_by_id() -> None:
    source = available_packs()["tournament-300"]
    assert source.path == paths.templates_dir() / "rules" / "tournament-300.toml"
    assert source.builtin


def test_a_pack_has_no_rule_of_an_unknown_id() -> None:
    assert load_pack("standard").rule("no-such-rule") is None


def test_a_list_of_integers_parameter_checks_each_item() -> None:
    param = Param("sizes", "int-list", "unit sizes", minimum=1)
    assert param.coerce([1, 4]) == ((1, 4), None)
    assert param.coerce([1, 0]) == (None, "item 2: must be at least 1, got 0")
    assert param.coerce(3) == (None, "expected a list, got an integer")


@pytest.mark.parametrize(
    ("param", "text"),
    [
        (Param("max", "int", "most units", minimum=1), "max (integer; required; ≥ 1): most units"),
        (Param("year", "int", "last year", default=None), "year (integer; optional): last year"),
        (
            Param("general", "str-list", "lists", default=("IS", "Clan")),
            'general (list of text; default ["IS", "Clan"]): lists',
        ),
        (
            Param("required", "bool", "strict", default=True),
            "required (true/false; default true): strict",
        ),
        (Param("off", "bool", "off", default=False), "off (true/false; default false): off"),
        (Param("per", "int", "units", default=12), "per (integer; default 12): units"),
        (
            Param("max", "str", "level", default="Standard", choices=("Standard", "Advanced")),
            'max (text; default "Standard"; one of Standard, Advanced): level',
        ),
    ],
    ids=["required", "optional", "list-default", "true", "false", "number", "choices"],
)
def test_rules_list_describes_each_parameter(param: Param, text: str) -> None:
    assert param.describe() == text


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (HEAD + 'extends = "standard"\nrule = 3\n', "rule: must be an array of tables ([[rule]])"),
        (HEAD + "rule = [3]\n", "rule[1]: must be a table"),
        (HEAD + '[[rule]]\ncheck = "pv-cap"\n', "rule[1].id: missing or not text: None"),
        (HEAD + '[[rule]]\nid = "c"\n', "rule[1] (c).check: missing or not text: None"),
        (HEAD + RULE + 'severity = "fatal"\n',
         "rule[1] (cap).severity: must be \"error\" or \"warning\", not 'fatal'"),
        (HEAD + RULE + "message = 3\n", "rule[1] (cap).message: expected text, got 3"),
        (HEAD + RULE + RULE, "rule[2] (cap).id: duplicate rule id 'cap'"),
        (HEAD + "optional = 3\n" + RULE,
         "optional: must be a table of optional rules ([optional.<id>])"),
        (HEAD + RULE + "[optional]\nbetrayal = 3\n", "optional.betrayal: must be a table"),
        (HEAD + RULE + "[optional.mutiny]\n",
         "optional.mutiny: unknown optional rule (known: betrayal)"),
    ],
    ids=[
        "rule-not-array", "rule-not-table", "id-missing", "check-missing", "severity",
        "message", "duplicate-id", "optional-not-table", "optional-rule-not-table",
        "optional-unknown",
    ],
)  # fmt: skip
def test_a_broken_rule_or_optional_table_names_its_key(
    tmp_path: Path, text: str, problem: str
) -> None:
    assert _problems(tmp_path, text) == [problem]


def test_a_packs_severity_and_message_reach_the_violation(tmp_path: Path) -> None:
    from cardsmith.models import Force, ForceEntry
    from cardsmith.rules.engine import check_force
    from cardsmith.rules.model import Severity
    from rules.rulekit import build_unit

    path = tmp_path / "soft.toml"
    rule = '[[rule]]\nid = "cap"\ncheck = "pv-cap"\nmax = 20\n'
    path.write_text(
        HEAD + rule + 'severity = "warning"\nmessage = " Club cap "\n', encoding="utf-8"
    )
    pack = load_pack(path)
    (only,) = pack.rules
    assert (only.severity, only.message) == (Severity.WARNING, "Club cap")
    force = Force("F", entries=(ForceEntry(unit=build_unit("Griffin GRF-1N", pv=30)),))
    result = check_force(force, pack)
    # Over the cap, but the pack makes the rule a warning: the force stays legal.
    assert result.legal
    (warning,) = result.violations
    assert warning.severity is Severity.WARNING
    assert warning.message.startswith("Club cap — ")


def test_a_pack_keeps_what_its_file_says(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'id = "club"\ntitle = " Club "\ndescription = " Our rules. "\nextends = "betrayal"\n'
        + RULE,
        encoding="utf-8",
    )
    pack = load_pack(path)
    assert (pack.id, pack.title, pack.description) == ("club", "Club", "Our rules.")
    assert (pack.extends, pack.source, pack.builtin) == ("betrayal", path.resolve(), False)
    # The base's optional Betrayal rule comes along, its rules first, the own one last.
    assert pack.optional["betrayal"] == load_pack("betrayal").optional["betrayal"]
    assert pack.rules[-1].id == "cap"
    assert len(pack.rules) == len(load_pack("betrayal").rules) + 1


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (HEAD + "colour = 3\n" + RULE,
         "colour: unknown key; a pack has: id, title, description, extends, rule, optional"),
        (HEAD + '[[rules]]\nid = "a"\n' + RULE,
         "rules: unknown key (rules go in [[rule]] tables); a pack has: id, title,"
         " description, extends, rule, optional"),
        ('id = ""\ntitle = "X"\n' + RULE, "id: expected non-empty text, got ''"),
        ('id = "x"\ntitle = " "\n' + RULE, "title: expected non-empty text, got ' '"),
        ('id = "Bad Id"\ntitle = "X"\n' + RULE,
         "id: 'Bad Id' must be lower-case letters, digits and hyphens"),
        (HEAD + "description = 3\n" + RULE, "description: expected non-empty text, got 3"),
        (HEAD, "rule: the pack has no rules: add [[rule]] tables (or extend another pack)"),
    ],
    ids=["unknown-key", "rules-key", "empty-id", "blank-title", "bad-id", "description", "no-rules"],
)  # fmt: skip
def test_a_broken_top_level_key_is_named(tmp_path: Path, text: str, problem: str) -> None:
    assert _problems(tmp_path, text) == [problem]
