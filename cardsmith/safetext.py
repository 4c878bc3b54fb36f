"""Provides ``safe_text``: names from files shown so that they cannot steer a terminal or PDF.

A name read from a shared force file, a MegaMek file or the MUL is data.  Before it
reaches a terminal (both shells) or a PDF, every character that could act instead of
being seen is replaced by a visible escape: C0 and C1 control characters (so no escape
sequence can set the window title, write the clipboard through OSC 52, move the cursor
or clear the screen), DEL, the bidirectional overrides, embeddings, isolates and marks
(so ``‮`` cannot reverse a name to spoof another), the line and paragraph separators,
and lone surrogates.  The escape is ``\\uXXXX``, which also reads back as the same
character inside a JSON string, so ``--format json`` output stays the same data.

The stored name is never changed: only what is shown is.
"""

from __future__ import annotations

import functools
import re

# C0 controls, DEL and C1 controls; the bidi marks, embeddings, overrides and isolates
# (U+061C, U+200E-F, U+202A-E, U+2066-9); U+2028/9; lone surrogates (from undecodable
# file names).  Every one is outside ``str.isprintable`` (Unicode's "Other" and
# "Separator" classes), so printable text, nearly all of it, skips the patterns; they are
# compiled on first need (the surrogate range makes compiling them cost about what a
# search by name spends on its output).
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_UNSAFE = f"[\x00-\x1f\x7f-\x9f{_BIDI}\u2028\u2029\ud800-\udfff]"
_UNSAFE_KEEP_LAYOUT = f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}\u2028\u2029\ud800-\udfff]"


@functools.cache
def unsafe_pattern(*, keep_layout: bool = False) -> re.Pattern[str]:
    """The characters ``safe_text`` escapes (without newline and tab for ``keep_layout``)."""
    return re.compile(_UNSAFE_KEEP_LAYOUT if keep_layout else _UNSAFE)


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def safe_text(text: str, *, keep_layout: bool = False) -> str:
    """``text`` with every control, escape and bidi character shown as ``\\uXXXX``.

    ``keep_layout`` keeps newlines and tabs (for whole lines of output); without it a
    newline inside a name is shown too (for one cell, one title, one line of a card).
    Text with nothing to escape is returned as it is.
    """
    if text.isprintable():
        return text
    pattern = unsafe_pattern(keep_layout=keep_layout)
    if pattern.search(text) is None:
        return text
    return pattern.sub(_escape, text)


def is_safe(text: str) -> bool:
    """True when ``safe_text`` would leave ``text`` as it is."""
    return text.isprintable() or unsafe_pattern().search(text) is None


def _picture(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ESC → ␛, BEL → ␇
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"


def one_cell(text: str) -> str:
    """``text`` with every character ``safe_text`` escapes shown as one visible symbol
    (ESC as ␛, a bidi override as �), for text already laid out in terminal cells."""
    if text.isprintable() or unsafe_pattern().search(text) is None:
        return text
    return unsafe_pattern().sub(_picture, text)
