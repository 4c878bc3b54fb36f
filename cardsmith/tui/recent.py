"""Provides the recent files the app offers on open: forces, battles and campaigns.

A small JSON file in the config folder, newest first, at most ``KEEP`` per kind; files
that no longer exist are left out when read.  Losing it costs nothing but the list.
"""

from __future__ import annotations

import json
from pathlib import Path

from cardsmith import paths

#: Most files remembered per kind.
KEEP = 8

KINDS = ("force", "battle", "campaign", "unit")


def _store() -> Path:
    return paths.config_dir() / "recent-files.json"


def _read() -> dict[str, list[str]]:
    try:
        data = json.loads(_store().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        kind: [p for p in files if isinstance(p, str)]
        for kind, files in data.items()
        if kind in KINDS and isinstance(files, list)
    }


def recent(kind: str) -> list[Path]:
    """The files of ``kind`` opened or saved lately, newest first, that still exist."""
    return [Path(p) for p in _read().get(kind, []) if Path(p).is_file()]


def remember(kind: str, path: Path) -> None:
    """Put ``path`` first in the recent ``kind`` files (quietly: the list is a convenience)."""
    data = _read()
    name = str(path.expanduser().resolve())
    data[kind] = [name, *(p for p in data.get(kind, []) if p != name)][:KEEP]
    store = _store()
    try:
        store.parent.mkdir(parents=True, exist_ok=True)
        temporary = store.with_suffix(".tmp")
        temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
        temporary.replace(store)
    except OSError:
        pass
