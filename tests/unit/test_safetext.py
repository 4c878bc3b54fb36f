"""Names from files cannot steer a terminal: controls, escapes and bidi are shown visibly."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsmith.safetext import is_safe, safe_text, unsafe_pattern


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Atlas AS7-D", "Atlas AS7-D"),
        ("Jäger Ёж 'Sparky'", "Jäger Ёж 'Sparky'"),
        ("Evil\x1b]0;pwned\x07", "Evil\\u001b]0;pwned\\u0007"),  # sets the window title
        ("\x1b]52;c;aGk=\x07", "\\u001b]52;c;aGk=\\u0007"),  # writes the clipboard (OSC 52)
        ("\x9b2J", "\\u009b2J"),  # C1 CSI: clears the screen on some terminals
        ("abc\u202edcba", "abc\\u202edcba"),  # right-to-left override
        ("a\u2066b\u2069", "a\\u2066b\\u2069"),  # isolates
        ("two\nlines\ttab", "two\\u000alines\\u0009tab"),
        ("del\x7f", "del\\u007f"),
        ("bad\udcff", "bad\\udcff"),  # an undecodable byte of a file name
    ],
)
def test_what_could_act_is_shown(name: str, shown: str) -> None:
    assert safe_text(name) == shown
    assert is_safe(name) == (name == shown)


def test_layout_can_be_kept_for_whole_lines() -> None:
    assert safe_text("a\tb\nc\r\x1b[2J", keep_layout=True) == "a\tb\nc\\u000d\\u001b[2J"


def test_the_escapes_read_back_as_the_same_name_inside_json() -> None:
    name = "Evil\x1b]0;x\x07\u202eZ\x85"
    shown = safe_text(json.dumps({"name": name}, ensure_ascii=False), keep_layout=True)
    assert json.loads(shown) == {"name": name}
    assert is_safe(shown)


@given(st.text())
def test_nothing_unsafe_is_left(text: str) -> None:
    assert is_safe(safe_text(text))
    assert is_safe(safe_text(text, keep_layout=True).replace("\n", "").replace("\t", ""))


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Atlas AS7-D", "Atlas AS7-D"),
        ("Evil\x1b]0;x\x07", "Evil␛]0;x␇"),  # C0 controls as their Control Pictures
        ("\x00tab\tnew\n", "␀tab␉new␊"),
        ("del\x7f", "del␡"),
        ("\x9b2J", "\ufffd2J"),  # C1, bidi and lone surrogates have no picture
        ("abc\u202edcba", "abc\ufffddcba"),
        ("bad\udcff", "bad\ufffd"),
    ],
)
def test_text_laid_out_in_cells_shows_one_symbol_a_character(text: str, shown: str) -> None:
    """The app's last guard: a line already cut to its cells keeps its width."""
    from cardsmith.safetext import one_cell

    assert one_cell(text) == shown
    assert len(one_cell(text)) == len(text)


def test_every_character_it_escapes_is_outside_printable_text() -> None:
    # Printable text skips the patterns, so each character they match must be one
    # str.isprintable refuses: checked over all of Unicode, one character at a time.
    for keep_layout in (False, True):
        matches = unsafe_pattern(keep_layout=keep_layout).fullmatch
        escaped = [c for c in map(chr, range(0x110000)) if matches(c)]
        assert len(escaped) > 2_000  # the surrogates alone are 2,048
        assert not any(c.isprintable() for c in escaped)
        assert all(safe_text(c, keep_layout=keep_layout) != c for c in escaped)
