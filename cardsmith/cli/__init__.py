"""Provides the ``cardsmith`` command's entry point: a plain search at once, the rest by click."""

from __future__ import annotations

import sys

from cardsmith.cli.quick_search import try_quick_search


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the command line and exit with its code (``errors.EXIT_*``)."""
    code = try_quick_search(sys.argv[1:] if argv is None else list(argv))
    if code is not None:
        sys.exit(code)
    # Imported only now: loading click is most of what a plain search would cost.
    from cardsmith.cli.group import main as run_group

    run_group(argv)
