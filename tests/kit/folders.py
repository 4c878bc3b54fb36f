"""Keeps cardsmith's cache, config and network away from the developer's own during tests."""

from __future__ import annotations

from pathlib import Path

import pytest


def isolate(monkeypatch: pytest.MonkeyPatch, base: Path) -> None:
    """Point cardsmith's cache and config at ``base`` and its MUL address at nothing."""
    monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("CARDSMITH_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("CARDSMITH_MUL_URL", "http://127.0.0.1:9/")  # nothing listens on port 9
    monkeypatch.delenv("CARDSMITH_OFFLINE", raising=False)
