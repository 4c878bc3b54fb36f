"""Hostile rule packs (issue: nothing hung, nothing lost): deep nesting, a 1,500-pack
``extends`` chain, a FIFO in the pack folder, non-finite numbers — each a clear error."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardsmith import limits, paths
from cardsmith.errors import RulePackError
from cardsmith.rules.engine import available_packs, load_pack

GOOD_RULE = '[[rule]]\nid = "cap"\ncheck = "pv-cap"\nmax = 200\n'


def _user_rules() -> Path:
    folder = paths.user_templates_dir() / "rules"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.mark.parametrize("depth", [limits.MAX_DEPTH + 1, 5_000, 100_000])
def test_deeply_nested_arrays_are_refused(tmp_path: Path, depth: int) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(
        'id = "deep"\ntitle = "Deep"\n' + GOOD_RULE + "note = " + "[" * depth + "]" * depth + "\n",
        encoding="utf-8",
    )
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    assert "does not load" in caught.value.message
    deep = f"nests more than {limits.MAX_DEPTH} levels deep"
    assert any(str(p).startswith(str(path)) and deep in str(p) for p in caught.value.problems), (
        caught.value.problems
    )


def test_deeply_nested_tables_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "tables.toml"
    keys = ".".join(f"k{n}" for n in range(limits.MAX_DEPTH + 5))
    path.write_text(
        f'id = "t"\ntitle = "T"\n{GOOD_RULE}[optional.{keys}]\nx = 1\n', encoding="utf-8"
    )
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    assert any("levels deep" in p for p in caught.value.problems)


def test_a_1500_pack_extends_chain_stops_at_the_bound() -> None:
    folder = _user_rules()
    for n in range(1500):
        base = f'extends = "chain-{n + 1}"\n' if n < 1499 else GOOD_RULE
        (folder / f"chain-{n}.toml").write_text(
            f'id = "chain-{n}"\ntitle = "Chain {n}"\n{base}', encoding="utf-8"
        )
    with pytest.raises(RulePackError) as caught:
        load_pack("chain-0")
    # The first files of the chain are named, and the id it stopped at.
    bound = f"extends: the extends chain is longer than {limits.MAX_EXTENDS} packs"
    shown = r" \(chain-0 → chain-1 → chain-2 → … → 'chain-\d+'\)$"
    assert any(re.search(re.escape(bound) + shown, p) for p in caught.value.problems)
    # A chain within the bound still loads, with its base's rules.
    assert [r.id for r in load_pack(f"chain-{1500 - limits.MAX_EXTENDS + 1}").rules] == ["cap"]


def test_the_chain_is_refused_by_the_command_line_too(cli_run: Any) -> None:
    folder = _user_rules()
    for n in range(40):
        base = f'extends = "link-{n + 1}"\n' if n < 39 else GOOD_RULE
        (folder / f"link-{n}.toml").write_text(
            f'id = "link-{n}"\ntitle = "Link {n}"\n{base}', encoding="utf-8"
        )
    result = cli_run("rules", "show", "link-0")
    assert result.code == 2, result
    assert "extends chain is longer than" in result.stderr
    assert "Traceback" not in result.stderr
    listed = cli_run("rules", "list", "--format", "json")
    assert listed.code == 0  # a broken pack is listed with its reason, never a crash


@pytest.mark.parametrize("number", ["nan", "inf", "-inf"])
def test_non_finite_numbers_are_refused(tmp_path: Path, number: str) -> None:
    path = tmp_path / "nan.toml"
    path.write_text(f'id = "n"\ntitle = "N"\n{GOOD_RULE}weight = {number}\n', encoding="utf-8")
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    assert any("finite" in p for p in caught.value.problems)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_the_pack_folder_neither_hangs_nor_crashes() -> None:
    fifo = _user_rules() / "stuck.toml"
    os.mkfifo(fifo)
    env = {**os.environ}
    # A separate process with a deadline: a hang would fail the test, not block the run.
    done = subprocess.run(
        [sys.executable, "-m", "cardsmith", "rules", "list"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "stuck" in done.stdout and "FIFO" in done.stdout
    assert "stuck" in available_packs()
