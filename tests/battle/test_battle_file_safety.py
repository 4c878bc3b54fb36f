"""Battle files under concurrent use and bad outputs: nothing lost, no input overwritten (issue 14)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from battle.conftest import BattleFile
from cardsmith.battle.battle_file import load_battle
from cardsmith.errors import BattleEditError
from cardsmith.services import battle as use

PROCESSES = 6


def test_battle_start_never_writes_over_one_of_its_forces(
    cli_run: Any, battle_file: BattleFile
) -> None:
    forces = battle_file().parent.parent / "forces"
    blue, red = forces / "blue.json", forces / "red.json"
    before = blue.read_bytes()
    for out in (blue, forces / "." / "blue.json"):
        result = cli_run("battle", "start", str(blue), str(red), "-o", str(out), "--overwrite")
        assert result.code == 2, result
        assert "is an input of this command" in result.stderr
    link = forces / "link.json"
    link.symlink_to(red)
    through_link = cli_run("battle", "start", str(blue), str(red), "-o", str(link), "--overwrite")
    assert through_link.code == 2 and "that is" in through_link.stderr, through_link
    assert blue.read_bytes() == before and not (forces / "blue.json.bak").exists()


def test_battle_print_never_writes_over_a_sides_force_file(
    cli_run: Any, battle_file: BattleFile
) -> None:
    path = battle_file()
    forces = path.parent.parent / "forces"
    before = {side: (forces / side).read_bytes() for side in ("blue.json", "red.json")}
    for side in before:
        printed = cli_run("battle", "print", str(path), "-o", str(forces / side))
        assert printed.code == 2, printed
        assert "one of the files being printed" in printed.stderr
    assert {side: (forces / side).read_bytes() for side in before} == before
    assert cli_run("battle", "print", str(path), "-o", str(path.with_suffix(".pdf"))).code == 0


@pytest.mark.slow
def test_parallel_battle_edits_keep_every_change(battle_file: BattleFile) -> None:
    path = battle_file()
    command = [sys.executable, "-m", "cardsmith", "battle", "damage", str(path), "2.1", "1"]
    processes = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(PROCESSES)
    ]
    results = [(p.wait(timeout=300), *p.communicate()) for p in processes]
    assert all(code == 0 for code, _out, _err in results), results
    log = json.loads(path.read_text(encoding="utf-8"))["log"]
    assert [(c["kind"], c["unit"], c["amount"]) for c in log] == [("damage", "2.1", 1)] * PROCESSES
    assert len(load_battle(path).pending) == PROCESSES


def test_a_flag_is_toggled_by_name_and_an_unknown_one_changes_nothing(
    battle_file: BattleFile,
) -> None:
    path = battle_file()
    use.set_flag(path, "1.1", "shutdown")
    assert load_battle(path).find("1.1").shutdown
    use.set_flag(path, "1.1", "shutdown")
    assert not load_battle(path).find("1.1").shutdown
    before = path.read_bytes()
    with pytest.raises(BattleEditError, match="flag must be one of"):
        use.set_flag(path, "1.1", "find")
    assert path.read_bytes() == before
