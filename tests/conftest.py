"""Shared fixtures: isolated cache and config folders, and the real MUL test data."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

# The fake MUL server fixtures (tests/mulserver), for every test that wants them.
pytest_plugins = ["mulserver.plugin"]

_DEFAULT_TEST_DATA = Path(__file__).resolve().parents[2] / "shared" / "mul"


def mul_data_dir() -> Path:
    """Where the real MUL records live (``CARDSMITH_TEST_DATA`` overrides)."""
    return Path(os.environ.get("CARDSMITH_TEST_DATA") or _DEFAULT_TEST_DATA)


@pytest.fixture(autouse=True)
def _isolated_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Keep every test away from the developer's own cache, config and the network."""
    base = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("CARDSMITH_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("CARDSMITH_MUL_URL", "http://127.0.0.1:9/")  # nothing listens on port 9
    monkeypatch.delenv("CARDSMITH_OFFLINE", raising=False)


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
def mul_records(mul_units_path: Path) -> list[dict[str, Any]]:
    """Every real MUL record (read once per test session)."""
    with mul_units_path.open(encoding="utf-8") as handle:
        records: list[dict[str, Any]] = json.load(handle)["Units"]
    return records


@pytest.fixture(scope="session")
def mul_by_id(mul_records: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Real MUL records by Id."""
    return {record["Id"]: record for record in mul_records}


class CliResult:
    """What one run of the command line gave: exit code, stdout and stderr."""

    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code = code
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self) -> str:
        return f"CliResult(code={self.code}, stdout={self.stdout[:200]!r}, stderr={self.stderr[:400]!r})"


@pytest.fixture()
def cli_run() -> Any:
    """Run ``cardsmith ARGS…`` in-process through its real entry point (exit codes included)."""
    from click.testing import CliRunner

    from cardsmith.cli import main

    def run(*args: str, input: str | None = None) -> CliResult:
        runner = CliRunner()
        with runner.isolation(input=input) as streams:
            try:
                main(list(args))
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            stdout = streams[0].getvalue().decode("utf-8", "replace")
            stderr = streams[1].getvalue().decode("utf-8", "replace")
        return CliResult(code, stdout, stderr)

    return run
