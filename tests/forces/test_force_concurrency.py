"""Two programs on one force file: locked edits keep every change, and nothing is lost."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit.nobody import run_as_nobody

from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.force_file import load_force

PROCESSES = 8
REPO = Path(__file__).resolve().parents[2]


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


def _as_nobody(*args: str) -> subprocess.CompletedProcess[str]:
    """``cardsmith ARGS…`` as the user ``nobody`` (the test runs as root)."""
    return run_as_nobody(list(args), {**os.environ, "HOME": "/tmp"})


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as a second user")
def test_a_shared_force_file_shares_its_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cardsmith-shared-"))
    try:
        folder.chmod(0o777)
        monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(folder / "mine"))
        shared, private = folder / "shared.json", folder / "private.json"
        for path in (shared, private):
            made = subprocess.run(
                [sys.executable, "-m", "cardsmith", "force", "new", "S", "-o", str(path)],
                capture_output=True,
                text=True,
                check=False,
            )
            assert made.returncode == 0, made
            path.chmod(0o666)  # the owner shares the file with everyone
        # The owner's next edit takes the lock: it is shared with the file from now on.
        again = subprocess.run(
            [sys.executable, "-m", "cardsmith", "force", "settings", str(shared), "--cap", "300"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert again.returncode == 0, again
        added = _as_nobody(
            "--cache-dir", str(folder / "theirs"), "force", "add", str(shared), "140"
        )
        assert added.returncode == 0, added.stderr
        assert len(load_force(shared).entries) == 1
        # A lock made before the file was shared: the message says what to do.
        refused = _as_nobody(
            "--cache-dir", str(folder / "theirs"), "force", "add", str(private), "140"
        )
        assert refused.returncode == 2, refused.stderr
        assert "its lock file .private.json.lock cannot be written by this user" in refused.stderr
        assert "chmod a+w" in refused.stderr and "Traceback" not in refused.stderr
        assert load_force(private).entries == ()
    finally:
        shutil.rmtree(folder)
