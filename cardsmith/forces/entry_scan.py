"""Decodes a force file's JSON as ``limits.parse_json`` does, taking repeated entry texts from memory.

An event's lists repeat their entries: the same unit at the same skill, written by the
same save, is the same text byte for byte.  Decoding those texts is most of the cost of
reading a folder of lists.  ``scan_force`` walks the document's top-level object itself,
hands every other value to the standard library's C scanner, and recognises an entry of
``"entries"`` whose exact text it has decoded before: that entry is not decoded again.

Equal text is equal data (JSON text has one meaning), so the document is the one
``json.loads`` builds, types included.  Anything unusual (not an object, a second
byte-order mark, bad UTF-8, ``NaN``, too deep, not JSON) gets None, and the caller's full
decoder reads the file again and words what is wrong: this path never changes a message.

Values are shared: a repeated entry is the same object in every document that holds it,
so a reader must not change what it gets (``force_file.migrate`` copies before it does).
The memory is shared by threads (the app reads files off its UI thread), behind a lock:
under CPython's global lock each step of it happens to run whole, but a build without that
lock would interleave them.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from json.scanner import make_scanner
from typing import Any

from cardsmith.forces.snapshots import MAX_REMEMBERED
from cardsmith.limits import JSON_DECODER

#: Reads one JSON value of ``text`` at ``idx``: (value, index after it).  The decoder's,
#: so numbers and constants are read exactly as ``parse_json`` reads them.
#: (typeshed's stub of ``make_scanner`` asks for a scanner where it takes a decoder.)
_scan: Callable[[str, int], tuple[Any, int]] = make_scanner(JSON_DECODER)  # type: ignore[arg-type]

#: JSON's insignificant whitespace (RFC 8259 §2), as the standard decoder skips it.
_SPACE = re.compile(r"[ \t\n\r]*")

#: Characters of an entry's text that pick its candidates: in a saved file they hold the
#: entry's and its unit's ``mul_id``, so few entries share them.
_PREFIX = 48

#: Most entry texts remembered; past that all are dropped at once, so memory stays flat
#: (each text is at most ``MAX_REMEMBERED`` characters).
MAX_TEXTS = 1024
#: Most texts remembered per prefix, the last found first.  Entries of one unit share a
#: prefix and differ after its snapshot (skill, pilot, group), so each candidate tried
#: costs a compare of about a kilobyte; a list of lists whose every pilot is named (no
#: entry repeats) must not try hundreds of them for each entry.
MAX_PER_PREFIX = 8


class _Memory:
    """The entry texts decoded so far, by their first ``_PREFIX`` characters."""

    def __init__(self) -> None:
        self.by_prefix: dict[str, list[tuple[str, Any]]] = {}
        self.count = 0
        self._lock = threading.Lock()

    def find(self, text: str, idx: int, prefix: str) -> tuple[str, Any] | None:
        """The remembered entry whose text ``text`` holds at ``idx``, if any."""
        with self._lock:
            candidates = self.by_prefix.get(prefix)
            if candidates is None:
                return None
            for place, found in enumerate(candidates):
                # An object's text ends at its own closing brace, so a text that starts
                # with a whole known object holds exactly that object here.
                if text.startswith(found[0], idx):
                    if place:
                        candidates.insert(0, candidates.pop(place))
                    return found
            return None

    def remember(self, prefix: str, text: str, value: Any) -> None:
        with self._lock:
            if self.count >= MAX_TEXTS:
                self.by_prefix.clear()
                self.count = 0
            candidates = self.by_prefix.setdefault(prefix, [])
            candidates.insert(0, (text, value))
            self.count += 1
            if len(candidates) > MAX_PER_PREFIX:
                candidates.pop()
                self.count -= 1


_MEMORY = _Memory()


class _Unusual(Exception):
    """The text is not a JSON object this walk reads; the full decoder takes over."""


def scan_force(raw: bytes) -> tuple[dict[str, Any], list[str | None]] | None:
    """The JSON object in ``raw``, as ``parse_json(raw, check=False)`` decodes it, and
    each entry's exact text (None for an entry that is not an object); None when the
    full decoder must read the file (see the module docstring).

    The texts are the same string objects for repeated entries, so a cache keyed by
    them (``fast_read.plain_entry``) finds them by one hash look-up.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    try:
        return _document(text)  # a second byte-order mark is not "{": left to the decoder
    except (_Unusual, ValueError, StopIteration, RecursionError):
        # ValueError covers the decoder's JSONDecodeError and refused constants.
        return None


def _skip(text: str, idx: int) -> int:
    return _SPACE.match(text, idx).end()  # type: ignore[union-attr]  # "*" always matches


def _document(text: str) -> tuple[dict[str, Any], list[str | None]]:
    idx = _skip(text, 0)
    if not text.startswith("{", idx):
        raise _Unusual
    document: dict[str, Any] = {}
    texts: list[str | None] = []
    idx = _skip(text, idx + 1)
    if text.startswith("}", idx):
        return _ended(text, idx + 1, document, texts)
    while True:
        if not text.startswith('"', idx):
            raise _Unusual
        key, idx = _scan(text, idx)
        idx = _skip(text, idx)
        if not text.startswith(":", idx):
            raise _Unusual
        idx = _skip(text, idx + 1)
        if key != "entries":
            value, idx = _scan(text, idx)
        elif text.startswith("[", idx):
            value, texts, idx = _entries(text, idx)
        else:  # not a list: the reader refuses it, whatever its text
            value, idx = _scan(text, idx)
            texts = []
        # As the decoder does: a repeated key keeps its first place and its last value
        # (so ``texts``, set at each "entries", always belong to the entries kept).
        document[key] = value
        idx = _skip(text, idx)
        if text.startswith("}", idx):
            return _ended(text, idx + 1, document, texts)
        if not text.startswith(",", idx):
            raise _Unusual
        idx = _skip(text, idx + 1)


def _ended(
    text: str, idx: int, document: dict[str, Any], texts: list[str | None]
) -> tuple[dict[str, Any], list[str | None]]:
    if _skip(text, idx) != len(text):
        raise _Unusual  # extra data after the object
    return document, texts


def _entries(text: str, idx: int) -> tuple[list[Any], list[str | None], int]:
    """The entries list starting at ``idx`` (a ``[``): values, their texts, the end."""
    values: list[Any] = []
    texts: list[str | None] = []
    idx = _skip(text, idx + 1)
    if text.startswith("]", idx):
        return values, texts, idx + 1
    while True:
        value, entry_text, idx = _entry(text, idx)
        values.append(value)
        texts.append(entry_text)
        idx = _skip(text, idx)
        if text.startswith("]", idx):
            return values, texts, idx + 1
        if not text.startswith(",", idx):
            raise _Unusual
        idx = _skip(text, idx + 1)


def _entry(text: str, idx: int) -> tuple[Any, str | None, int]:
    """One entry at ``idx``: its value, its text (None unless an object), the end."""
    prefix = text[idx : idx + _PREFIX]
    found = _MEMORY.find(text, idx, prefix)
    if found is not None:
        return found[1], found[0], idx + len(found[0])
    value, end = _scan(text, idx)
    if type(value) is not dict:
        return value, None, end
    known = text[idx:end]
    if len(known) <= MAX_REMEMBERED:
        _MEMORY.remember(prefix, known, value)
    return value, known, end
