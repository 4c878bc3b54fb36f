"""Provides small helpers for messages: counts with the right singular or plural noun."""

from __future__ import annotations


def count(n: int, noun: str, plural: str = "") -> str:
    """``count(1, "unit")`` → "1 unit", ``count(8605, "unit")`` → "8,605 units".

    Irregular plurals are given: ``count(2, "fish", "fish")``.
    """
    return f"{n:,} {noun if n == 1 else (plural or noun + 's')}"
