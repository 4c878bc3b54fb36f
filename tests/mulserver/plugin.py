"""Pytest fixtures for the fake MUL: import them into a test module or a conftest.

``pytest_plugins = ["mulserver.plugin"]`` in a test module makes them available.  The
fake serves the real records of ../shared/mul (``CARDSMITH_TEST_DATA``) where they are,
and the starter catalogue (with synthetic twins) where they are not, so no client,
fault or fetch test skips on a machine without ../shared.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mulserver.server import FakeMul, MulData

_DEFAULT_TEST_DATA = Path(__file__).resolve().parents[3] / "shared" / "mul"


@pytest.fixture(scope="session")
def mul_data() -> MulData:
    """The records the fake serves (real or starter), loaded once per session."""
    folder = Path(os.environ.get("CARDSMITH_TEST_DATA") or _DEFAULT_TEST_DATA)
    units = folder / "units.json"
    if not units.is_file():
        return MulData.starter()
    records = json.loads(units.read_text(encoding="utf-8"))["Units"]
    return MulData.load(records, folder)


@pytest.fixture
def fake_mul(mul_data: MulData) -> Iterator[FakeMul]:
    """A fake MUL on 127.0.0.1, fresh for each test (no faults, no recorded requests)."""
    server = FakeMul(mul_data.fresh()).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def mul_env(fake_mul: FakeMul, monkeypatch: pytest.MonkeyPatch) -> FakeMul:
    """The fake MUL, with CARDSMITH_MUL_URL pointing at it, short timeouts, no sync pauses."""
    monkeypatch.setenv("CARDSMITH_MUL_URL", fake_mul.url)
    monkeypatch.setenv("CARDSMITH_MUL_TIMEOUT", "2")
    monkeypatch.setenv("CARDSMITH_MUL_INTERVAL", "0")
    return fake_mul
