"""Provides ``in_app_words``: the app's own keys in place of the commands the core's hints name."""

from __future__ import annotations

import re

from cardsmith.hints import (
    FETCH_AND_IMPORT_AGAIN,
    NO_FACTIONS_HINT,
    OPEN_FORCE_FILE,
    SYNC_LIST_HINT,
    UNKNOWN_FACTION_HINT,
)

#: A hint of the core (written for the command line) → what the app says instead.
APP_HINTS: dict[str, str] = {
    NO_FACTIONS_HINT: (
        "no MUL factions are known here yet; type the name in the catalogue's filters "
        "(Ctrl+G) with an era under 'Available in' and press F5: that looks it up on the MUL"
    ),
    FETCH_AND_IMPORT_AGAIN: "F5 on the catalogue fetches it by name; then import again",
    OPEN_FORCE_FILE: "open it with Ctrl+O",
    UNKNOWN_FACTION_HINT: (
        "name a faction the catalogue knows; F5 in the catalogue's filters (Ctrl+G) "
        "fetches a faction's list by name"
    ),
    # The force editor names its key (m) on the next line.
    SYNC_LIST_HINT: "the MUL's list for this era and faction is not in the catalogue yet",
}

#: Each hint as a pattern: its ``{command}`` matches whatever command line it was filled with.
_PATTERNS = [
    (re.compile(re.escape(hint).replace(re.escape("{command}"), ".+?")), app)
    for hint, app in APP_HINTS.items()
]


def in_app_words(message: str) -> str:
    """``message`` with every command-line hint it carries put in the app's keys."""
    for pattern, app in _PATTERNS:
        message = pattern.sub(lambda _match: app, message)  # noqa: B023 (used at once)
    return message
