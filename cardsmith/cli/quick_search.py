"""Answers a plain ``cardsmith search WORDS…`` without loading click, the command line's parser.

A search by name is what players run most, and click's import alone costs about what
the whole search does.  So the entry point hands the one form with nothing for click to
check (the command, then words) to this module; everything else, options and help
included, goes to the click group.  Both reach the same use case
(``services.catalogue.search``) and print through the same ``search_view``.
"""

from __future__ import annotations

import os
import stat

from cardsmith.cli.output import run_command

#: On Windows click expands ``*`` and ``?`` in the arguments itself: leave it all to click.
CLICK_EXPANDS_WILDCARDS = os.name == "nt"


def try_quick_search(args: list[str]) -> int | None:
    """Run ``cardsmith search`` when ``args`` is the command and plain words; else None.

    Returns the exit code, or None for anything the full command line would parse or
    check differently: any option, ``--``, no words, Windows, or an environment variable
    click validates (a ``CARDSMITH_CACHE_DIR`` it would refuse, ``CARDSMITH_OFFLINE``).
    """
    if len(args) < 2 or args[0] != "search" or CLICK_EXPANDS_WILDCARDS:
        return None
    words = args[1:]
    if any(not word or word.startswith("-") for word in words):
        return None
    if os.environ.get("CARDSMITH_OFFLINE") or not _cache_dir_passes(
        os.environ.get("CARDSMITH_CACHE_DIR")
    ):
        return None

    def search() -> None:
        # Imported here: the entry point loads this module before it knows the command.
        from cardsmith import paths
        from cardsmith.cli.search_view import DEFAULT_LIMIT, show_outcome
        from cardsmith.services import catalogue as service

        # What the group's settings resolve to without --cache-dir: click reads
        # CARDSMITH_CACHE_DIR into the flag, and paths.cache_dir reads it here.
        cache_dir = paths.cache_dir()
        text = service.FilterText()
        show_outcome(service.search(cache_dir, " ".join(words), text, limit=DEFAULT_LIMIT))

    return run_command(search)


def _cache_dir_passes(value: str | None) -> bool:
    """Whether ``--cache-dir``'s check (a ``click.Path(file_okay=False)``) passes ``value``:
    a folder that does not exist yet, or one that can be read; not a file."""
    if not value:
        return True
    try:
        mode = os.stat(value).st_mode
    except OSError:
        return True
    return not stat.S_ISREG(mode) and os.access(value, os.R_OK)
