"""Shared fixtures: isolated cache and config folders, and the real MUL test data."""

from __future__ import annotations

import gc
import inspect
import json
import os
from pathlib import Path
from typing import Any

import pytest
from kit import CliRun, isolate, run_cli

# The fake MUL server fixtures (tests/mulserver), for every test that wants them.
pytest_plugins = ["mulserver.plugin"]

_DEFAULT_TEST_DATA = Path(__file__).resolve().parents[2] / "shared" / "mul"


def mul_data_dir() -> Path:
    """Where the real MUL records live (``CARDSMITH_TEST_DATA`` overrides)."""
    return Path(os.environ.get("CARDSMITH_TEST_DATA") or _DEFAULT_TEST_DATA)


@pytest.fixture(scope="session", autouse=True)
def _children_keep_bytecode(tmp_path_factory: pytest.TempPathFactory) -> None:
    """cardsmith processes started by tests keep compiled bytecode, as an installed one does.

    With ``PYTHONDONTWRITEBYTECODE`` set (as on the CI machine) every child process would
    compile each module it imports again: about a third of a second a process.  They
    write it to a folder of this test run instead, so only the first one compiles.
    """
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(tmp_path_factory.getbasetemp() / "bytecode")


@pytest.fixture(autouse=True)
def _isolated_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keep every test away from the developer's own cache, config and the network."""
    isolate(monkeypatch, tmp_path_factory.mktemp("home"))


@pytest.fixture(scope="session")
def mul_dir() -> Path:
    """The folder of real MUL data; skips the test where it is absent."""
    folder = mul_data_dir()
    if not (folder / "units.json").is_file():
        pytest.skip(f"real MUL data not found at {folder} (set CARDSMITH_TEST_DATA)")
    return folder


@pytest.fixture(scope="session")
def mul_units_path(mul_dir: Path) -> Path:
    """Path of ``units.json``: all 8,605 real records, QuickList-shaped."""
    return mul_dir / "units.json"


@pytest.fixture(scope="session")
def full_catalogue_dir(mul_units_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A catalogue folder of every real MUL record, for tests that only read it.

    Built once per run: under pytest-xdist every worker's temporary folder sits in the
    run's own, so the first worker builds it there (under a lock) and the others wait and
    share it; a run without workers builds it in its own folder.
    """
    from filelock import FileLock

    from cardsmith.catalogue.dump import read_unit_file
    from cardsmith.catalogue.store import Catalogue

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = shared / "full-catalogue"
    with FileLock(str(shared / "full-catalogue.lock")):
        if not (folder / "built").is_file():
            with Catalogue.open(folder) as opened:
                opened.add(read_unit_file(mul_units_path), source="import")
            (folder / "built").touch()
    return folder


@pytest.fixture(scope="session")
def mul_records(mul_units_path: Path) -> list[dict[str, Any]]:
    """Every real MUL record (read once per test session)."""
    with mul_units_path.open(encoding="utf-8") as handle:
        records: list[dict[str, Any]] = json.load(handle)["Units"]
    return records


@pytest.fixture(scope="session")
def mul_by_id(mul_records: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Real MUL records by Id."""
    return {record["Id"]: record for record in mul_records}


@pytest.fixture()
def cli_run() -> CliRun:
    """Run ``cardsmith ARGS…`` in-process through its real entry point (``kit.run_cli``)."""
    return run_cli


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives the whole app ``slow``: the fast loop leaves them out.

    An app test is a coroutine in a module that starts the app under Pilot (``run_test``),
    or a screen snapshot; each takes seconds, where the rest take milliseconds.
    """
    drives_app: dict[str, bool] = {}
    for item in items:
        if "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)  # a screenshot of the running app
            continue
        function = getattr(item, "function", None)
        module = getattr(item, "module", None)
        if function is None or module is None or not inspect.iscoroutinefunction(function):
            continue
        name = module.__name__
        if name not in drives_app:
            drives_app[name] = "run_test(" in inspect.getsource(module)
        if drives_app[name]:
            item.add_marker(pytest.mark.slow)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` starts one worker more than there are cores.

    App tests and the fake-server tests wait about a fifth of their time (for the app's
    next frame, a server's delay, a child process), and a third worker runs in those
    gaps: on 2 cores, 3 min 53 s against 4 min 55 s, and 2 min 45 s against 3 min 30 s,
    measured one after the other.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


def pytest_configure(config: pytest.Config) -> None:
    """Collect cyclic garbage less often than Python's default (700, 10, 10) in a test process.

    Textual keeps up to a thousand styles caches, each with its rendered lines, in its own
    class-level caches after an app has stopped; a worker of this suite holds hundreds of
    thousands of objects, and every full collection walks them all.  With the defaults the
    collector took a quarter of the suite's CPU time (139 s of 570 s in two workers, 0.4 s
    a full collection); these thresholds leave it about 35 s.  Garbage is still collected.
    """
    gc.set_threshold(50_000, 50, 1_000)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what collection built (modules, test functions) out of the collector's sight:
    it lives until the process ends, so no full collection needs to walk it again."""
    gc.collect()
    gc.freeze()
