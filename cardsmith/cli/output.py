"""Provides plain-text tables and JSON output for the command line."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import click


def echo_json(data: Any) -> None:
    """Print data as indented UTF-8 JSON on stdout."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def format_table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], *, right: Sequence[int] = ()
) -> str:
    """Lay out rows in aligned columns; ``right`` lists column numbers to right-align."""
    text_rows = [[str(cell) for cell in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in text_rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out = [line(list(headers)), line(["-" * w for w in widths])]
    out.extend(line(row) for row in text_rows)
    return "\n".join(out)


def warn(message: str) -> None:
    """A warning on stderr."""
    click.echo(f"cardsmith: warning: {message}", err=True)
