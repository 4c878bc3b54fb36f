"""Provides ``in_app_words``: the app's own keys in place of the commands the core's hints name."""

from __future__ import annotations

from cardsmith.hints import FETCH_AND_IMPORT_AGAIN, NO_FACTIONS_HINT, OPEN_FORCE_FILE

#: A hint of the core (written for the command line) → what the app says instead.
APP_HINTS: dict[str, str] = {
    NO_FACTIONS_HINT: (
        "no MUL factions are known here yet; type the name in the catalogue's filters "
        "(Ctrl+G) with an era under 'Available in' and press F5: that looks it up on the MUL"
    ),
    FETCH_AND_IMPORT_AGAIN: "F5 on the catalogue fetches it by name; then import again",
    OPEN_FORCE_FILE: "open it with Ctrl+O",
}


def in_app_words(message: str) -> str:
    """``message`` with every command-line hint it carries put in the app's keys."""
    for command_line, app in APP_HINTS.items():
        message = message.replace(command_line, app)
    return message
