"""Counts in messages take the singular or the plural noun, never "(s)"."""

from __future__ import annotations

import pytest

from cardsmith.wording import count


@pytest.mark.parametrize(
    ("n", "noun", "plural", "expected"),
    [
        (0, "unit", "", "0 units"),
        (1, "unit", "", "1 unit"),
        (2, "unit", "", "2 units"),
        (1, "SPA", "", "1 SPA"),
        (3, "box", "boxes", "3 boxes"),
    ],
)
def test_count(n: int, noun: str, plural: str, expected: str) -> None:
    assert count(n, noun, plural) == expected
