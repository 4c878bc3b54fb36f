"""Rule packs: the built-in ids, broken packs refused with file, key and reason, user overrides."""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import Any

import pytest

from cardsmith import limits, paths
from cardsmith.errors import RulePackError
from cardsmith.rules import engine
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.engine import available_packs, check_force, load_pack, uses_check
from cardsmith.rules.model import Severity
from cardsmith.rules.optional import OPTIONAL_RULES, BetrayalRule

GOOD_RULE = '[[rule]]\nid = "cap"\ncheck = "pv-cap"\nmax = 200\n'


def _pack(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _user_rules() -> Path:
    return paths.user_templates_dir() / "rules"


def test_builtin_pack_ids() -> None:
    assert {"standard", "tournament-300", "tournament-350", "betrayal"} <= set(available_packs())


def test_tournament_300_has_the_contract_rule_ids() -> None:
    pack = load_pack("tournament-300")
    ids = {rule.id for rule in pack.rules}
    assert {
        "pv-cap", "unit-count", "skill-range", "skill-extremes", "chassis-copies",
        "rules-level", "unit-types", "spa-budget", "spa-units", "commander",
    } <= ids  # fmt: skip
    assert pack.rule("pv-cap").params["max"] == 300  # type: ignore[union-attr]
    assert pack.rule("commander").severity is Severity.WARNING  # type: ignore[union-attr]
    assert load_pack("tournament-350").rule("pv-cap").params["max"] == 350  # type: ignore[union-attr]
    assert load_pack("tournament-350").rule("rules-level").params["max"] == "Advanced"  # type: ignore[union-attr]


#: Broken packs: (text, the key the problem names, words of its reason).
BROKEN = [
    ('id = "x"\ntitle = "X"\n[[rule]\n', "(syntax)", "invalid TOML"),
    (
        'id = "x"\ntitle = "X"\n' + GOOD_RULE.replace("pv-cap", "pv-capp"),
        "rule[1] (cap).check",
        "did you mean 'pv-cap'",
    ),
    (
        'id = "x"\ntitle = "X"\n[[rule]]\nid = "c"\ncheck = "chassis-copies"\n',
        "rule[1] (c).max",
        "missing",
    ),
    (
        'id = "x"\ntitle = "X"\n' + GOOD_RULE.replace("200", '"200"'),
        "rule[1] (cap).max",
        "expected an integer",
    ),
    (
        'id = "x"\ntitle = "X"\n' + GOOD_RULE.replace("200", "true"),
        "rule[1] (cap).max",
        "expected an integer",
    ),
    (
        'id = "x"\ntitle = "X"\n' + GOOD_RULE + "maximum = 3\n",
        "rule[1] (cap).maximum",
        "unknown parameter",
    ),
    (
        'id = "x"\ntitle = "X"\n' + GOOD_RULE + 'severity = "fatal"\n',
        "rule[1] (cap).severity",
        "error",
    ),
    (
        'id = "x"\ntitle = "X"\n[[rule]]\nid = "t"\ncheck = "unit-types"\nallowed = ["BM", "ZZ"]\n',
        "rule[1] (t).allowed",
        "'ZZ' is not one of",
    ),
    (
        'id = "x"\ntitle = "X"\n[[rule]]\nid = "r"\ncheck = "rules-level"\nmax = "Expert"\n',
        "rule[1] (r).max",
        "is not one of",
    ),
    (
        'id = "x"\ntitle = "X"\n[[rule]]\nid = "u"\ncheck = "unit-count"\nmin = 9\nmax = 3\n',
        "rule[1] (u).min",
        "larger than max",
    ),
    (
        'id = "x"\ntitle = "X"\n[[rule]]\nid = "e"\ncheck = "era"\nera = "Stone Age"\n',
        "rule[1] (e).era",
        "unknown era",
    ),
    (
        'id = "x"\ntitle = "X"\n' + GOOD_RULE + GOOD_RULE,
        "rule[2] (cap).id",
        "duplicate rule id",
    ),
    ('title = "X"\n' + GOOD_RULE, "id", "missing"),
    ('id = "x"\n' + GOOD_RULE, "title", "missing"),
    ('id = "x"\ntitle = "X"\n[[rules]]\nid = "a"\n', "rules", "[[rule]]"),
    ('id = "x"\ntitle = "X"\n', "rule", "no rules"),
    ('id = "x"\ntitle = "X"\nextends = "nope"\n', "extends", "no rule pack with id 'nope'"),
    ('id = "x"\ntitle = "X"\nextends = 5\n' + GOOD_RULE, "extends", "expected non-empty text"),
    (
        'id = "x"\ntitle = "X"\n[[rule]]\nid = "s"\ncheck = "skill-extremes"\n',
        "rule[1] (s).max_at_best",
        "set max_at_best, max_at_worst or both",
    ),
    (
        'id = "x"\ntitle = "X"\n[[rule]]\nid = "s"\ncheck = "skill-extremes"\nmax_at_worst = 1\n',
        "rule[1] (s).worst",
        "max_at_worst needs the worst skill it counts",
    ),
    (
        'id = "x"\ntitle = "X"\n[optional.mutiny]\nbase_tn = 8\n',
        "optional.mutiny",
        "unknown optional rule",
    ),
    (
        'id = "x"\ntitle = "X"\nextends = "standard"\n[optional.betrayal]\nbase_tn = "9"\n',
        "optional.betrayal.base_tn",
        "expected an integer",
    ),
]


def _case_id(key: str, reason: str) -> str:
    # Plain ids: pytest escapes one made from the text again on each run in one process.
    return re.sub(r"[^a-z0-9]+", "-", f"{key} {reason}".lower()).strip("-")


@pytest.mark.parametrize(
    ("text", "key", "reason"), BROKEN, ids=[_case_id(key, reason) for _, key, reason in BROKEN]
)
def test_broken_pack_is_refused_with_file_key_and_reason(
    tmp_path: Path, text: str, key: str, reason: str
) -> None:
    path = _pack(tmp_path, "broken.toml", text)
    with pytest.raises(RulePackError) as caught:
        load_pack(str(path))
    problems = caught.value.problems
    assert problems, caught.value.message
    assert "rule pack" in caught.value.message  # "…: 1 problem in the rule pack"
    matching = [p for p in problems if p.startswith(f"{path}: {key}: ")]
    assert matching, problems
    assert any(reason in p for p in matching), problems


def test_a_pack_that_does_not_read_says_why(tmp_path: Path) -> None:
    not_text = tmp_path / "latin.toml"
    not_text.write_bytes(b'id = "x"\ntitle = "Caf\xe9"\n')
    not_toml = _pack(tmp_path, "syntax.toml", 'id = "x"\ntitle = "X"\n[[rule]\n')
    for path, problem in (
        (not_text, "(file): not UTF-8 text"),
        (not_toml, "(syntax): invalid TOML"),
    ):
        with pytest.raises(RulePackError) as caught:
            load_pack(path)
        assert caught.value.message == f"rule pack {path} does not load"
        assert [p.split(": ", 1)[1][: len(problem)] for p in caught.value.problems] == [problem]


def test_a_pack_named_as_a_file_is_read_from_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name ending in .toml or holding a slash is a file, not an id: ``--pack club.toml``."""
    monkeypatch.chdir(tmp_path)
    _pack(tmp_path, "club.toml", 'id = "club"\ntitle = "Club"\n' + GOOD_RULE)
    _pack(tmp_path / "packs", "night", 'id = "night"\ntitle = "Night"\n' + GOOD_RULE)
    assert load_pack("club.toml").title == "Club"
    assert load_pack("packs/night").title == "Night"  # no .toml, but a path
    for missing in ("other.toml", "packs/other", "packs\\other"):
        with pytest.raises(RulePackError) as caught:
            load_pack(missing)
        assert caught.value.message == f"rule pack file {Path(missing)} does not exist"


def test_a_pack_without_an_id_is_listed_under_its_file_name() -> None:
    """Its rules' ids are not the pack's: only the lines before the first table are."""
    _pack(_user_rules(), "no-id.toml", 'title = "No id"\n' + GOOD_RULE + GOOD_RULE)
    packs = available_packs()
    assert "no-id" in packs and "cap" not in packs
    with pytest.raises(RulePackError, match="no-id"):
        load_pack("no-id")  # listed, and refused when loaded: its id is missing


def test_an_unknown_check_suggests_the_three_closest(tmp_path: Path) -> None:
    close = difflib.get_close_matches("unit-copies", list(CHECKS), n=10)
    assert len(close) > 3  # more close names than are offered
    text = 'id = "x"\ntitle = "X"\n[[rule]]\nid = "u"\ncheck = "unit-copies"\n'
    with pytest.raises(RulePackError) as caught:
        load_pack(_pack(tmp_path, "x.toml", text))
    offered = " or ".join(repr(name) for name in close[:3])
    assert any(f"did you mean {offered}?" in p for p in caught.value.problems)


def test_every_broken_rule_and_optional_rule_is_listed(tmp_path: Path) -> None:
    """A broken entry is skipped and the next one still read, so all are named at once."""
    text = 'id = "x"\ntitle = "X"\nrule = [1, 2]\n'
    text += "[optional]\nmutiny = 1\nzealots = 2\nbetrayal = 3\nbetrayals = 4\n"
    path = _pack(tmp_path, "x.toml", text)
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    known = ", ".join(sorted(OPTIONAL_RULES))
    assert sorted(str(p).removeprefix(f"{path}: ") for p in caught.value.problems) == sorted(
        [
            "rule[1]: must be a table",
            "rule[2]: must be a table",
            f"optional.mutiny: unknown optional rule (known: {known})",
            f"optional.zealots: unknown optional rule (known: {known})",
            "optional.betrayal: must be a table",
            f"optional.betrayals: unknown optional rule (known: {known})",
        ]
    )


def test_a_pack_uses_the_checks_its_rules_name() -> None:
    """Only packs with an availability rule make ``check`` read the availability lists."""
    assert not uses_check(load_pack("standard"), "availability")
    assert uses_check(load_pack("clan-invasion-wolf-350"), "availability")
    assert uses_check(load_pack("standard"), "pv-cap")


def test_every_problem_is_listed_at_once(tmp_path: Path) -> None:
    text = (
        'id = "Bad Id"\ntitle = 3\n'
        '[[rule]]\nid = "a"\ncheck = "nope"\n'
        '[[rule]]\nid = "b"\ncheck = "unit-count"\nmax = "many"\n'
    )
    path = _pack(tmp_path, "many.toml", text)
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    keys = [p.split(": ")[1] for p in caught.value.problems]
    assert keys == ["id", "title", "rule[1] (a).check", "rule[2] (b).max"]


def test_unknown_pack_id_lists_the_available_ones() -> None:
    with pytest.raises(RulePackError) as caught:
        load_pack("tournament-999")
    known = ", ".join(
        sorted(path.stem for path in (paths.templates_dir() / "rules").glob("*.toml"))
    )
    assert "tournament-300, tournament-350" in known  # (the shipped files are named by id)
    assert caught.value.message == f"unknown rule pack 'tournament-999' (available: {known})"


def test_a_pack_too_large_to_be_a_pack_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text('id = "huge"\ntitle = "Huge"\n' + "#" * limits.MAX_TEMPLATE_BYTES, "utf-8")
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    size = path.stat().st_size
    limit = limits.MAX_TEMPLATE_BYTES
    assert (
        caught.value.message == f"{path} is {size:,} bytes; rule packs over {limit:,} are refused"
    )


def test_user_pack_overrides_a_builtin_by_id_whatever_its_file_name() -> None:
    _pack(
        _user_rules(),
        "our-club.toml",
        'id = "tournament-300"\ntitle = "Our club 300"\n' + GOOD_RULE,
    )
    pack = load_pack("tournament-300")
    assert pack.title == "Our club 300" and not pack.builtin
    assert [r.id for r in pack.rules] == ["cap"]
    assert available_packs()["tournament-300"].builtin is False
    assert load_pack("tournament-350").builtin  # others untouched


def test_a_user_pack_is_found_by_its_id_and_says_it_is_the_users() -> None:
    _pack(_user_rules(), "club-night.toml", 'id = "club-night"\ntitle = "Club"\n' + GOOD_RULE)
    pack = load_pack("club-night")
    assert pack.title == "Club" and pack.builtin is False
    assert load_pack("standard").builtin is True


def test_a_file_name_is_not_an_id() -> None:
    """``league.toml`` that declares the id ``spring-league`` answers to that id only."""
    _pack(_user_rules(), "league.toml", 'id = "spring-league"\ntitle = "Spring"\n' + GOOD_RULE)
    assert load_pack("spring-league").title == "Spring"
    with pytest.raises(RulePackError, match="unknown rule pack 'league'"):
        load_pack("league")


def test_a_built_in_pack_is_found_by_its_id_whatever_its_file_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = tmp_path / "shipped"
    _pack(shipped, "a-older-name.toml", 'id = "renamed"\ntitle = "Renamed"\n' + GOOD_RULE)
    monkeypatch.setattr(engine, "builtin_pack_dir", lambda: shipped)
    pack = load_pack("renamed")
    assert pack.title == "Renamed" and pack.builtin is True
    # A user pack of that id still wins, as it does over a file named after the id.
    _pack(_user_rules(), "mine.toml", 'id = "renamed"\ntitle = "Mine"\n' + GOOD_RULE)
    pack = load_pack("renamed")
    assert pack.title == "Mine" and pack.builtin is False


def test_of_two_files_that_claim_an_id_the_list_shows_the_one_that_loads() -> None:
    """The file named after the id wins, else the first by name; ``rules list`` agrees."""
    rules = _user_rules()
    _pack(rules, "a-copy.toml", 'id = "claimed"\ntitle = "Copy"\n' + GOOD_RULE)
    _pack(rules, "claimed.toml", 'id = "claimed"\ntitle = "Named"\n' + GOOD_RULE)
    _pack(rules, "first.toml", 'id = "twice"\ntitle = "First"\n' + GOOD_RULE)
    _pack(rules, "second.toml", 'id = "twice"\ntitle = "Second"\n' + GOOD_RULE)
    assert load_pack("claimed").title == "Named"
    assert available_packs()["claimed"].path == rules / "claimed.toml"
    assert load_pack("twice").title == "First"
    assert available_packs()["twice"].path == rules / "first.toml"
    # The files that lose are named, so that ``rules list`` can say which edits count.
    assert available_packs()["claimed"].ignored == (rules / "a-copy.toml",)
    assert available_packs()["twice"].ignored == (rules / "second.toml",)
    _pack(rules, "third.toml", 'id = "twice"\ntitle = "Third"\n' + GOOD_RULE)
    assert available_packs()["twice"].ignored == (rules / "second.toml", rules / "third.toml")
    assert all(not s.ignored for s in available_packs().values() if s.builtin)


def test_a_pack_that_does_not_load_still_names_the_file_it_hides() -> None:
    """The file read is broken and the one hidden may be the good copy: both are said."""
    from cardsmith.services.checks import packs

    rules = _user_rules()
    _pack(rules, "a-broken.toml", 'id = "cup"\ntitle = "Cup"\n[[rule]]\nid = "x"\n')
    _pack(rules, "b-good.toml", 'id = "cup"\ntitle = "Cup, mended"\n' + GOOD_RULE)
    cup = next(p for p in packs() if p.id == "cup")
    assert cup.error and cup.path == rules / "a-broken.toml"
    assert cup.ignored == (rules / "b-good.toml",)


def test_a_user_pack_that_replaces_a_built_in_ignores_nothing() -> None:
    """Replacing a shipped pack is what a user folder is for: no file is left unread."""
    _pack(_user_rules(), "club.toml", 'id = "tournament-300"\ntitle = "Club"\n' + GOOD_RULE)
    source = available_packs()["tournament-300"]
    assert source.path == _user_rules() / "club.toml" and source.ignored == ()


def test_user_pack_may_extend_the_builtin_it_overrides() -> None:
    text = 'id = "tournament-300"\ntitle = "Club 300, 250 cap"\nextends = "tournament-300"\n'
    text += '[[rule]]\nid = "pv-cap"\ncheck = "pv-cap"\nmax = 250\n'
    _pack(_user_rules(), "tournament-300.toml", text)
    pack = load_pack("tournament-300")
    builtin_ids = [
        r.id for r in load_pack(paths.templates_dir() / "rules" / "tournament-300.toml").rules
    ]
    assert [r.id for r in pack.rules] == builtin_ids  # replaced in place, nothing lost
    assert pack.rule("pv-cap").params["max"] == 250  # type: ignore[union-attr]


def test_packs_that_extend_each_other_in_a_loop_are_refused() -> None:
    _pack(_user_rules(), "a.toml", 'id = "loop-a"\ntitle = "A"\nextends = "loop-b"\n')
    _pack(_user_rules(), "b.toml", 'id = "loop-b"\ntitle = "B"\nextends = "loop-a"\n')
    with pytest.raises(RulePackError) as caught:
        load_pack("loop-a")
    assert any("loop" in p for p in caught.value.problems)


def test_a_pack_file_changed_on_disk_is_read_again(tmp_path: Path) -> None:
    path = _pack(tmp_path, "p.toml", 'id = "p"\ntitle = "One"\n' + GOOD_RULE)
    assert load_pack(path).title == "One"
    path.write_text('id = "p"\ntitle = "Two"\n' + GOOD_RULE, encoding="utf-8")
    os.utime(path, ns=(1, 10**18))
    assert load_pack(path).title == "Two"


def test_underscored_check_names_are_accepted(tmp_path: Path) -> None:
    text = 'id = "p"\ntitle = "P"\n[[rule]]\nid = "n"\ncheck = "unit_count"\nmax = 3\n'
    assert load_pack(_pack(tmp_path, "p.toml", text)).rules[0].check == "unit-count"


def test_every_check_accepts_an_empty_force() -> None:
    from cardsmith.models import Force
    from cardsmith.rules.model import Rule, RulePack

    defaults: dict[str, dict[str, Any]] = {
        "chassis-copies": {"max": 1}, "variant-copies": {"max": 1}, "unit-types": {"allowed": ["BM"]},
        "type-count": {"types": ["CV"], "max": 1}, "era": {"era": "3025"}, "faction": {"faction": "Davion"},
        "skill-extremes": {"max_at_best": 1},
    }  # fmt: skip
    for name, spec in CHECKS.items():
        params, problems = spec.validate_params(defaults.get(name, {}))
        assert not problems, (name, problems)
        rule = Rule(name, name, params)
        result = check_force(Force("empty"), RulePack("p", "P", rules=(rule,)))
        assert result.pack_id == "p"  # the verdict names its pack (the roster prints it)
        if name == "unit-count":
            assert [v.actual for v in result.violations] == [0]
        else:
            assert result.violations == (), name


def test_betrayal_pack_carries_the_rule_as_data() -> None:
    pack = load_pack("betrayal")
    assert pack.extends == "standard"
    assert [r.id for r in pack.rules] == [r.id for r in load_pack("standard").rules]
    rule = pack.optional["betrayal"]
    assert isinstance(rule, BetrayalRule)
    assert (rule.base_tn, rule.dice, rule.from_turn, rule.range_hexes) == (9, "2d6", 3, 10)
    assert rule.skill_penalty == 1
    assert [o.alias for o in rule.objectives] == ["B", "C", "D"]
    assert "TLS" in rule.aliases


@pytest.mark.parametrize(
    ("state", "tn"),
    [
        ({}, 9),
        ({"structure_exposed": True, "pilot_wounds": 2}, 11),
        ({"heat": 3}, 10),
        ({"heat": 4}, 11),
        ({"piloting": 4}, 9),
        ({"piloting": 5}, 8),
        ({"piloting": 7}, 7),
        ({"commander": True}, 7),
        (
            {
                "structure_exposed": True,
                "pilot_wounds": 1,
                "heat": 4,
                "piloting": 6,
                "commander": True,
            },
            9,
        ),
    ],
)
def test_betrayal_target_number(state: dict[str, Any], tn: int) -> None:
    rule = load_pack("betrayal").optional["betrayal"]
    assert rule.target_number(state)[0] == tn
