"""The force file scan decodes exactly what the full decoder decodes, and takes only exact repeats from memory."""

from __future__ import annotations

import json
import marshal
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsmith import limits
from cardsmith.errors import ForceFileError
from cardsmith.forces import entry_scan


@pytest.fixture(autouse=True)
def fresh_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(entry_scan, "_MEMORY", entry_scan._Memory())


def exact(value: Any) -> bytes:
    """Equal only for equal data with equal types (``1``, ``1.0`` and ``true`` differ)."""
    return marshal.dumps(value, 2)


def full(raw: bytes) -> Any:
    """What the full decoder makes of ``raw``; None when it refuses it."""
    try:
        return limits.parse_json(
            raw, where="f", what="force file", error=ForceFileError, check=False
        )
    except ForceFileError:
        return None


scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
entries = st.lists(
    st.dictionaries(st.sampled_from(["mul_id", "unit", "skill", "pilot", "x"]), values, max_size=5)
    | values,
    max_size=5,
)
documents = st.dictionaries(
    st.sampled_from(["format", "name", "entries", "groups", "é"]), values, max_size=4
)
layouts = st.sampled_from(
    [{}, {"indent": 2}, {"indent": 0}, {"indent": "\t"}, {"separators": (",", ":")},
     {"separators": (" ,\r\n", " :\t")}, {"ensure_ascii": False}]
)  # fmt: skip


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(documents, st.lists(entries, min_size=1, max_size=3), layouts)
def test_each_document_is_what_the_full_decoder_makes_of_it(
    document: dict[str, Any], lists: list[list[Any]], layout: dict[str, Any]
) -> None:
    # Several documents in a row, sharing entries, so that later ones are read from memory.
    for items in [*lists, *lists]:
        raw = json.dumps({**document, "entries": items}, **layout).encode()
        scanned = entry_scan.scan_force(raw)
        assert scanned is not None
        data, texts = scanned
        assert exact(data) == exact(full(raw))
        assert len(texts) == len(data["entries"])
        for item, text in zip(data["entries"], texts, strict=True):
            if type(item) is dict:
                assert text is not None and exact(json.loads(text)) == exact(item)
            else:
                assert text is None


json_texts = st.builds(
    lambda doc, layout: json.dumps(doc, **layout),
    documents.map(lambda d: {**d, "entries": [{"mul_id": 1, "unit": d}, {"mul_id": 1}]}),
    layouts,
)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(
    json_texts,
    st.integers(min_value=0),
    st.sampled_from([*'{}[]:,"\\ ', "NaN", "1e400", "\ufeff", "tru", "x"]),
)
def test_a_broken_text_is_left_to_the_full_decoder_or_read_as_it_reads_it(
    text: str, where: int, insert: str
) -> None:
    entry_scan.scan_force(text.encode())  # the clean text first: its entries are remembered
    at = where % (len(text) + 1)
    for broken in (text[:at] + insert + text[at:], text[:at] + text[at + 1 :], text[:at]):
        raw = broken.encode()
        scanned = entry_scan.scan_force(raw)
        expected = full(raw)
        if scanned is not None:
            assert expected is not None, f"the scan read {broken!r}, which the decoder refuses"
            assert exact(scanned[0]) == exact(expected)


@pytest.mark.parametrize(
    "raw",
    [b"", b"   ", b"[]", b'"text"', b"{", b'{"a": 1} {}', b'{"a": NaN}', b'{"entries": [1,]}',
     b"\xef\xbb\xbf\xef\xbb\xbf{}", b'{"a": "\xff"}', b"{" * 3000 + b"}" * 3000, b'{"a" 1}',
     b'{"entries": [{"a": 1} {"b": 2}]}', b"{'a': 1}", b"{}x", b'{"a": 1}x',
     b'{"entries": [{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}]}"],
)  # fmt: skip
def test_what_the_full_decoder_must_word_is_left_to_it(raw: bytes) -> None:
    assert entry_scan.scan_force(raw) is None


def test_a_byte_order_mark_and_empty_objects_read_as_the_decoder_reads_them() -> None:
    for raw in (b"\xef\xbb\xbf{}", b" {\n} \n", b'{"entries": []}', b'{"entries": 3}'):
        scanned = entry_scan.scan_force(raw)
        assert scanned is not None and exact(scanned[0]) == exact(full(raw)), raw


def _entry(tail: str) -> str:
    # A long head, the same in every variant: only the last characters tell them apart.
    return '{"mul_id": 7, "unit": {"name": "Griffin GRF-1N", "pv": 29, "size": 2}, ' + tail + "}"


def test_a_repeated_entry_is_taken_from_memory_and_a_changed_one_is_read_again() -> None:
    variants = [_entry(tail) for tail in ('"skill": 4', '"skill": 4.0', '"skill": true',
                                          '"skill": 40', '"skill": 4, "x": 1', '"skill": "4"')]  # fmt: skip
    first = entry_scan.scan_force(f'{{"entries": [{variants[0]}]}}'.encode())
    assert first is not None
    for text in variants:
        raw = f'{{"name": "b", "entries": [{variants[0]}, {text}]}}'.encode()
        scanned = entry_scan.scan_force(raw)
        assert scanned is not None
        data, texts = scanned
        assert data["entries"][0] is first[0]["entries"][0]  # from memory, not decoded again
        assert texts[0] is first[1][0]
        assert exact(data) == exact(full(raw)), text
        assert texts[1] == text


def _entries_of(*texts: str) -> tuple[dict[str, Any], list[str | None]]:
    scanned = entry_scan.scan_force(f'{{"entries": [{", ".join(texts)}]}}'.encode())
    assert scanned is not None
    return scanned


def test_memory_stays_within_its_bound() -> None:
    memory = entry_scan._MEMORY
    shared = "x" * 60  # one prefix for the last ones: that prefix's own bound too
    for number in range(entry_scan.MAX_TEXTS + 2 * entry_scan.MAX_PER_PREFIX):
        name = f"{shared}{number}" if number > entry_scan.MAX_TEXTS else str(number)
        _entries_of(f'{{"name": "{name}"}}')
        assert 0 < memory.count <= entry_scan.MAX_TEXTS
        assert sum(len(known) for known in memory.by_prefix.values()) == memory.count
        assert all(len(known) <= entry_scan.MAX_PER_PREFIX for known in memory.by_prefix.values())


def test_entries_that_differ_early_are_all_remembered() -> None:
    texts = [f'{{"mul_id": {number}, "skill": 4}}' for number in range(40)]
    first = _entries_of(*texts)[0]["entries"]
    again = _entries_of(*texts)[0]["entries"]
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_a_prefix_keeps_the_entries_found_last() -> None:
    shared = "x" * 60  # past the prefix: all of these share one
    limit = entry_scan.MAX_PER_PREFIX

    def text(number: int) -> str:
        return f'{{"name": "{shared}", "skill": {number}}}'

    def value(number: int) -> object:
        return _entries_of(text(number))[0]["entries"][0]

    first = {n: value(n) for n in range(limit)}
    assert all(value(n) is first[n] for n in range(limit))  # each is still there
    assert value(0) is first[0]  # found last: the oldest comes first again
    newer = {n: value(n) for n in range(100, 100 + limit - 1)}  # as many as leave room
    assert value(0) is first[0]
    assert all(value(n) is newer[n] for n in newer)
    assert value(1) is not first[1]  # gone: found before 0, and 7 newer came after 0


def test_a_prefix_forgets_the_oldest_entry_first() -> None:
    shared = "y" * 60
    texts = [f'{{"name": "{shared}", "skill": {n}}}' for n in range(entry_scan.MAX_PER_PREFIX + 1)]
    first = [_entries_of(text)[0]["entries"][0] for text in texts]
    assert _entries_of(texts[1])[0]["entries"][0] is first[1]
    assert _entries_of(texts[0])[0]["entries"][0] is not first[0]


def test_a_document_without_entries_has_no_texts() -> None:
    for raw in (b"{}", b" { } ", b'{"name": "x"}'):
        assert entry_scan.scan_force(raw) == (json.loads(raw), [])


def test_an_entry_with_a_shared_prefix_is_still_told_apart() -> None:
    pad = "x" * 60  # longer than the prefix that picks the candidates
    one = f'{{"name": "{pad}", "skill": 3}}'
    two = f'{{"name": "{pad}", "skill": 5}}'
    for text in (one, two, one, two):
        scanned = entry_scan.scan_force(f'{{"entries": [{text}]}}'.encode())
        assert (
            scanned is not None and scanned[0]["entries"][0]["skill"] == json.loads(text)["skill"]
        )
    assert len(entry_scan._MEMORY.by_prefix) == 1 and entry_scan._MEMORY.count == 2


@pytest.mark.parametrize("key", ["entries", "entr\\u0069es"])
def test_a_repeated_entries_key_keeps_the_last_list_and_its_texts(key: str) -> None:
    raw = f'{{"entries": [{{"a": 1}}], "name": "x", "{key}": [{{"b": 2}}, 3]}}'.encode()
    scanned = entry_scan.scan_force(raw)
    assert scanned is not None
    data, texts = scanned
    assert exact(data) == exact(full(raw))
    assert texts == ['{"b": 2}', None]
    then_not_a_list = entry_scan.scan_force(b'{"entries": [{"a": 1}], "entries": "x"}')
    assert then_not_a_list == ({"entries": "x"}, [])


def test_texts_and_letters_outside_ascii_are_read_exactly() -> None:
    text = (
        '{"entries": [{"name": "Ænima \\u00e9\\ud83d\\ude00 '
        + string.punctuation.replace('"', "").replace("\\", "")
        + '"}]}'
    )
    for _ in range(2):
        scanned = entry_scan.scan_force(text.encode())
        assert scanned is not None and exact(scanned[0]) == exact(json.loads(text))
