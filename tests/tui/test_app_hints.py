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
        assert "`" not in said and "cardsmith " not in said, said
        assert said.startswith("something went wrong; ") and said.endswith(".")
