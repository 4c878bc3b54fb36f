"""Two programs on one force file: locked edits keep every change, and nothing is lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.force_file import load_force

PROCESSES = 8


@pytest.mark.slow
def test_parallel_adds_keep_every_entry(cli_run: Callable[..., Any], tmp_path: Path) -> None:
    lance = tmp_path / "lance.json"
    assert cli_run("force", "new", "Race", "-o", str(lance)).code == 0
    # Seed the catalogue once, so the processes below only read it.
    with Catalogue.open(Path(os.environ["CARDSMITH_CACHE_DIR"])) as catalogue:
        assert catalogue.get(140) is not None
    command = [sys.executable, "-m", "cardsmith", "force", "add", str(lance), "140"]
    processes = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(PROCESSES)
    ]
    results = [(p.wait(timeout=300), *p.communicate()) for p in processes]
    assert all(code == 0 for code, _out, _err in results), results
    entries = json.loads(lance.read_text(encoding="utf-8"))["entries"]
    assert len(entries) == PROCESSES
    # Each process saw the others' entries: every one reported a different place.
    places = sorted(out.split()[1] for _code, out, _err in results)
    assert places == [f"#{n}" for n in range(1, PROCESSES + 1)]
    assert len(load_force(lance).entries) == PROCESSES
