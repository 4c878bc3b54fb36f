"""Every exception class lives in cardsmith.errors, drawn in its docstring's tree."""

from __future__ import annotations

import ast
import inspect
import pickle
import re
from pathlib import Path

import pytest

from cardsmith import errors
from cardsmith.problems import Problem, Problems, problem_lines
from cardsmith.templates import Problems as TemplateProblems

PACKAGE = Path(errors.__file__).resolve().parent
#: Exceptions that must stay where they are, and why (see the errors docstring).
ELSEWHERE = {"catalogue/answers.py": {"BadAnswer"}}


def _exception_classes_outside_errors() -> list[str]:
    """Classes whose bases name an error or exception, found by reading every module."""
    found: list[str] = []
    known = {
        name
        for name, obj in vars(errors).items()
        if inspect.isclass(obj) and issubclass(obj, BaseException)
    }
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or node.name.startswith("_"):
                continue
            bases = {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases}
            is_error = any(b in known or re.search(r"(Error|Exception)$", b) for b in bases)
            if is_error and node.name not in ELSEWHERE.get(rel, set()):
                found.append(f"{rel}: {node.name}")
    return found


@pytest.mark.slow
def test_no_exception_class_is_defined_outside_errors() -> None:
    assert _exception_classes_outside_errors() == []


def test_the_docstring_tree_names_every_class_under_its_parent() -> None:
    block = (errors.__doc__ or "").split("::\n\n", 1)[1].split("\n\n", 1)[0]
    parents: list[str] = []
    drawn: dict[str, str | None] = {}
    for line in block.splitlines():
        match = re.match(r"^    ([│├└─ ]*)(\w+)", line)
        assert match, line
        depth = len(match.group(1)) // 4
        del parents[depth:]
        drawn[match.group(2)] = parents[-1] if parents else None
        parents.append(match.group(2))
    classes = {
        name: obj
        for name, obj in vars(errors).items()
        if inspect.isclass(obj) and issubclass(obj, errors.CardsmithError)
    }
    assert set(drawn) == set(classes)
    for name, parent in drawn.items():
        cls = classes[name]
        if parent is None:
            assert cls is errors.CardsmithError
        else:
            assert cls.__mro__[1] is classes[parent], f"{name} is drawn under {parent}"


def test_old_import_paths_still_give_the_same_classes() -> None:
    from cardsmith.battle.battle_file import BattleFileError
    from cardsmith.campaign.model import CampaignError
    from cardsmith.formats.exchange import FormatProblems
    from cardsmith.services.campaign import MoreDiceNeeded
    from cardsmith.tables.dice import DiceError

    assert BattleFileError is errors.BattleFileError
    assert CampaignError is errors.CampaignError
    assert FormatProblems is errors.FormatProblems
    assert MoreDiceNeeded is errors.MoreDiceNeeded
    assert DiceError is errors.DiceError


def test_a_problem_is_its_line_and_keeps_its_parts() -> None:
    problem = Problem("must be 0-8", where="lance.json: entries[2].skill", hint="use 4")
    assert problem == "lance.json: entries[2].skill: must be 0-8"
    assert (problem.where, problem.message, problem.hint) == (
        "lance.json: entries[2].skill",
        "must be 0-8",
        "use 4",
    )
    assert Problem("no where") == "no where"
    copy = pickle.loads(pickle.dumps(problem))
    assert (copy, copy.where, copy.hint) == (problem, problem.where, problem.hint)


def test_problems_collect_and_raise_together() -> None:
    problems = TemplateProblems(Path("/x/card.toml"))
    problems.at("box.name", "overlaps box.pv")
    problems.add("row 3: no such unit", hint="check the spelling")
    with pytest.raises(errors.TemplateError) as caught:
        problems.raise_if_any("card layout")
    assert caught.value.message == "/x/card.toml: 2 problems in the card layout"
    assert caught.value.problems == (
        "card.toml: box.name: overlaps box.pv",
        "row 3: no such unit",
    )
    assert caught.value.problems[1].hint == "check the spelling"
    Problems().raise_if_any("anything", error=errors.FormatError)  # nothing to raise


def test_one_problem_is_one_and_a_key_without_a_file_stands_alone() -> None:
    problems = Problems()  # no source: the key is all the place there is
    problems.at("title", "missing", hint="give the pack a title")
    assert problems.items == ["title: missing"]
    assert (problems.items[0].where, problems.items[0].hint) == ("title", "give the pack a title")
    assert problems.headline("rule pack") == "1 problem in the rule pack"
    problems.add("row 2: unknown unit")  # it says where it is itself
    assert problems.items[1].where == "" and problems.items[1].message == "row 2: unknown unit"
    assert Problems("lance.json").headline("force") == "lance.json: 0 problems in the force"


def test_problem_lines_show_hints_and_cut_long_lists() -> None:
    items = [Problem(f"bad {n}", where=f"row {n}", hint="fix" if n == 0 else "") for n in range(5)]
    assert problem_lines(items, limit=2) == [
        "row 0: bad 0",
        "  fix",
        "row 1: bad 1",
        "… and 3 more",
    ]


def test_every_error_carries_problems_as_problem_objects() -> None:
    exc = errors.FormatProblems("2 bad rows", ["row 1: x", "row 2: y"])
    assert all(isinstance(p, Problem) for p in exc.problems)
    assert errors.UsageError("bad").problems == ()


def test_the_cli_lists_each_problem_and_its_hint() -> None:
    """The CLI prints the headline, then one problem a line, each hint under it."""
    from click.testing import CliRunner

    from cardsmith.cli.output import report_error

    runner = CliRunner()
    with runner.isolation() as (_out, err, _both):
        report_error(
            errors.TemplateError(
                "x.toml: 1 problem in the card layout",
                problems=[Problem("too small", where="[card] line_mm", hint="use 2.0 or more")],
            )
        )
        text = err.getvalue().decode()
    assert text.splitlines() == [
        "cardsmith: x.toml: 1 problem in the card layout",
        "  - [card] line_mm: too small",
        "    use 2.0 or more",
    ]
