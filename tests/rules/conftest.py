"""Fixtures for the rules tests (helpers live in rulekit.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from cardsmith.models import Force, Group, Unit
from rules.rulekit import build_unit, legal_entries, write_force


@pytest.fixture
def make_unit() -> Callable[..., Unit]:
    """Factory for units: ``make_unit("Atlas AS7-D", pv=52)``."""
    return build_unit


@pytest.fixture
def legal_force() -> Force:
    """A force that meets every rule of tournament-300."""
    return Force(
        name="Legal Lance",
        pack="tournament-300",
        entries=tuple(legal_entries()),
        groups=(Group("Alpha", "battle"),),
    )


@pytest.fixture
def force_file(tmp_path: Path) -> Callable[[Force, str], Path]:
    """``force_file(force, "name.json")`` writes it into the test's folder."""

    def write(force: Force, name: str) -> Path:
        return write_force(force, tmp_path / name)

    return write
