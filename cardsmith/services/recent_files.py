"""Provides the recent files the app offers on open: forces, battles and campaigns.

A small JSON file in the config folder, newest first, at most ``KEEP`` per kind; files
that no longer exist are left out when read.  Losing it costs nothing but the list.
"""

from __future__ import annotations

import json
from pathlib import Path

from cardsmith import paths
from cardsmith.errors import CardsmithError
from cardsmith.fileio import atomic_write, read_json

#: Most files remembered per kind.
KEEP = 8

#: The list is a few hundred bytes; anything far larger is not one of ours.
MAX_BYTES = 256 * 1024

KINDS = ("force", "battle", "campaign", "unit")


def _store() -> Path:
    return paths.config_dir() / "recent-files.json"


def _read() -> dict[str, list[str]]:
    try:
        data = read_json(
            _store(), what="recent files list", max_bytes=MAX_BYTES, error=CardsmithError
        )
    except CardsmithError:
        return {}  # missing, damaged or foreign: the list starts again
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
        atomic_write(store, json.dumps(data, indent=1).encode("utf-8"), max_bytes=MAX_BYTES)
    except (OSError, ValueError):
        pass  # a read-only config folder or a full disk costs the list, nothing more
