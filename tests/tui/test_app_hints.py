"""Every hint the core words as a command line has the app's own keys in the app."""

from __future__ import annotations

import cardsmith.hints as hints
from cardsmith.tui.app_hints import APP_HINTS, in_app_words


def test_every_command_line_hint_has_app_words() -> None:
    core = {value for name, value in vars(hints).items() if name.isupper()}
    assert len(core) >= 3
    assert set(APP_HINTS) == core
    for hint in core:
        said = in_app_words(f"something went wrong; {hint}.")
        assert "`" not in said and "cardsmith " not in said and " --" not in said, said
        assert said.startswith("something went wrong; ") and said.endswith(".")


def test_a_hint_filled_with_a_command_line_is_said_in_app_words() -> None:
    """The availability check fills its hint with the era and faction to sync."""
    filled = hints.SYNC_LIST_HINT.format(
        command='cardsmith catalogue sync --availability --eras 13 --factions "Clan Wolf"'
    )
    said = in_app_words(f"cannot verify 2 units; {filled}")
    assert said == f"cannot verify 2 units; {APP_HINTS[hints.SYNC_LIST_HINT]}"
