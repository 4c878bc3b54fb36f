"""Provides the command line's output: plain-text tables, JSON, warnings and error reports."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

import click

from cardsmith.errors import CardsmithError, UnitNotFound
from cardsmith.problems import problem_lines

P = ParamSpec("P")
R = TypeVar("R")


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


def report_error(exc: CardsmithError) -> None:
    """Print a cardsmith error on stderr: its message, close names, then each problem."""
    click.echo(f"cardsmith: {exc.message}", err=True)
    if isinstance(exc, UnitNotFound) and exc.candidates:
        click.echo("Did you mean:", err=True)
        for candidate in exc.candidates:
            click.echo(f"  {candidate}", err=True)
    for line in problem_lines(exc.problems):
        click.echo(f"  {line}" if line.startswith(" ") else f"  - {line}", err=True)


def handled(command: Callable[P, R]) -> Callable[P, R]:
    """Cardsmith errors become a report on stderr and their exit code, never a traceback.

    Commands need this as well as ``main``'s handler: tests (and other callers) run the
    click group directly.
    """

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except CardsmithError as exc:
            report_error(exc)
            raise click.exceptions.Exit(exc.exit_code) from exc

    return wrapper
