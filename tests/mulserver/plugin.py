"""Pytest fixtures for the fake MUL: import them into a test module or a conftest.

``pytest_plugins = ["mulserver.plugin"]`` in a test module makes them available; tests
that use them skip cleanly where ../shared/mul is absent (through ``mul_records``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mulserver.server import FakeMul, MulData


@pytest.fixture(scope="session")
def mul_data(mul_records: list[dict[str, Any]], mul_dir: Path) -> MulData:
    """The real records and availability data, loaded once per session."""
    return MulData.load(mul_records, mul_dir)


@pytest.fixture
def fake_mul(mul_data: MulData) -> Iterator[FakeMul]:
    """A fake MUL on 127.0.0.1, fresh for each test (no faults, no recorded requests)."""
    server = FakeMul(mul_data).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def mul_env(fake_mul: FakeMul, monkeypatch: pytest.MonkeyPatch) -> FakeMul:
    """The fake MUL, with CARDSMITH_MUL_URL pointing at it and short timeouts."""
    monkeypatch.setenv("CARDSMITH_MUL_URL", fake_mul.url)
    monkeypatch.setenv("CARDSMITH_MUL_TIMEOUT", "2")
    return fake_mul
