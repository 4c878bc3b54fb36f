"""The README's sample lance, run as written on the starter catalogue, ends legal."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from kit import CliRun

README = Path(__file__).resolve().parents[2] / "README.md"


def _first_evening() -> list[list[str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## A first evening", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "no command block in 'A first evening'"
    lines = [shlex.split(line, comments=True) for line in block.group(1).splitlines()]
    return [
        args[1:] for args in lines if args[:2] in (["cardsmith", "force"], ["cardsmith", "check"])
    ]


def test_the_sample_lance_ends_legal(
    cli_run: CliRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    commands = _first_evening()
    assert commands and commands[-1][0] == "check"
    for args in commands[:-1]:
        result = cli_run(*args)
        assert result.code == 0, (args, result)
    verdict = cli_run(*commands[-1])
    assert verdict.code == 0, verdict
    assert "lance.json: legal (tournament-300" in verdict.stdout
