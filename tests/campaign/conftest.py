"""Fixtures for campaign and table tests: the built-in tables and a fresh campaign."""

from __future__ import annotations

import pytest

from cardsmith import campaign as cp
from cardsmith.tables import DiceExpr, TableSet, load_tables


@pytest.fixture(scope="session")
def tables() -> TableSet:
    """Every built-in table pack (the user folder is empty in tests)."""
    return load_tables()


def dice_for(expr: DiceExpr, result: int) -> list[int]:
    """Physical dice that give ``result`` on ``expr`` (no modifiers or multipliers)."""
    if expr.is_d66:
        return [result // 10, result % 10]
    if expr.count == 1:
        return [result]
    if expr.count == 2 and expr.sides == 6:
        first = max(1, result - 6)
        return [first, result - first]
    raise ValueError(f"no helper for {expr}")


@pytest.fixture
def west(tables: TableSet) -> cp.Campaign:
    """A Wild West campaign with a hero (w1) and two hired guns (w2, w3), one game played."""
    state = cp.new_campaign("Тестовая банда", "old-west", tables, ["shooting", "guts"])
    stats = {
        "move": 6,
        "shooting": 4,
        "fighting": 3,
        "strength": 3,
        "toughness": 3,
        "attacks": 1,
        "wounds": 1,
        "courage": 2,
        "glory": 0,
        "luck": 0,
    }
    state, _ = cp.add_warrior(state, tables, "Док", "hero", stats, ["Revolver", "Rifle"])
    state, _ = cp.add_warrior(state, tables, "Slim", "hired-gun", stats)
    state, _ = cp.add_warrior(state, tables, "Shorty", "hired-gun", stats)
    return cp.record_game(state, "Los Bandidos", "loss")


#: The head of a test pack file: one stat and one kind, for tables to name.
PACK_HEAD = """
[pack]
id = "test"
title = "Test pack"
version = 1

[[pack.stat]]
id = "courage"
label = "Courage"

[[pack.kind]]
id = "hero"
label = "Hero"
"""
