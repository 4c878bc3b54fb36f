"""The shared limits: depth, finite numbers, SQLite integers, sizes and extends chains."""

from __future__ import annotations

import pytest

from cardsmith import limits
from cardsmith.errors import ForceFileError, UsageError


def test_a_tree_within_the_limits_passes() -> None:
    doc = {"entries": [{"pv": 34, "skill": 4, "move": 8.0, "name": "Atlas", "ok": True}]}
    limits.check_tree(doc, where="lance.json", error=ForceFileError)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"entries": [{"unit": {"pv": float("nan")}}]}, r"entries\[0\]\.unit\.pv is not a finite"),
        ({"a": [1, float("inf")]}, r"a\[1\] is not a finite number"),
        ({"mul_id": 2**63}, "mul_id is too large a number"),
        ({"mul_id": -(2**63) - 1}, "mul_id is too large a number"),
    ],
)
def test_bad_numbers_are_named_where_they_are(doc: object, message: str) -> None:
    with pytest.raises(ForceFileError, match=rf"^lance\.json: {message}"):
        limits.check_tree(doc, where="lance.json", error=ForceFileError)


def test_the_edges_of_the_sqlite_range_are_accepted() -> None:
    limits.check_tree([2**63 - 1, -(2**63)], where="x", error=ForceFileError)
    assert limits.fits_sqlite(2**63 - 1) and not limits.fits_sqlite(2**63)


def test_depth_is_bounded_without_recursion() -> None:
    shallow: list[object] = []
    deep: list[object] = shallow
    for _ in range(limits.MAX_DEPTH - 1):
        deep.append([])
        deep = deep[0]  # type: ignore[assignment]
    limits.check_tree(shallow, where="x", error=ForceFileError)  # exactly MAX_DEPTH levels
    deep.append([])
    with pytest.raises(ForceFileError, match=f"nests more than {limits.MAX_DEPTH} levels"):
        limits.check_tree(shallow, where="x", error=ForceFileError)
    hostile: list[object] = []
    node = hostile
    for _ in range(100_000):  # far past the recursion limit
        node.append([])
        node = node[0]  # type: ignore[assignment]
    with pytest.raises(ForceFileError, match="nests more than"):
        limits.check_tree(hostile, where="x", error=ForceFileError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nan", "must be a finite number"),
        ("inf", "must be a finite number"),
        ("1e400", "must be a finite number"),
        ("soon", "must be a number"),
        ("0", "must be more than 0"),
        ("-3", "must be more than 0"),
    ],
)
def test_numbers_from_the_environment_must_be_finite(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        limits.finite_number(text, name="CARDSMITH_MUL_TIMEOUT", error=UsageError, above=0)
    assert limits.finite_number("2.5", name="T", error=UsageError, above=0) == 2.5
    assert limits.finite_number("0", name="T", error=UsageError, at_least=0) == 0


def test_sizes_and_chains() -> None:
    limits.check_size(10, 10, where="x", what="force file", error=ForceFileError)
    with pytest.raises(ForceFileError, match="would be 11 bytes; force files over 10 bytes"):
        limits.check_size(11, 10, where="x", what="force file", error=ForceFileError)
    limits.check_chain(limits.MAX_EXTENDS, where="p.toml", error=ForceFileError)
    with pytest.raises(ForceFileError, match="extends chain is longer than"):
        limits.check_chain(limits.MAX_EXTENDS + 1, where="p.toml", error=ForceFileError)


def test_toml_that_does_not_read_or_nests_too_deep_names_its_file() -> None:
    from cardsmith.errors import TemplateError

    with pytest.raises(TemplateError) as caught:
        limits.parse_toml("a = [", where="card.toml", error=TemplateError)
    assert caught.value.message.startswith("card.toml is not valid TOML: ")
    deep = "a = " + "[" * (limits.MAX_DEPTH + 1) + "]" * (limits.MAX_DEPTH + 1)
    with pytest.raises(TemplateError) as caught:
        limits.parse_toml(deep, where="card.toml", error=TemplateError)
    assert caught.value.message == f"card.toml nests more than {limits.MAX_DEPTH} levels deep"
    assert limits.parse_toml("a = [[1]]", where="card.toml", error=TemplateError) == {"a": [[1]]}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            b'{"a": 1,, "b": 2}',
            "lance.json is not valid JSON: Expecting property name enclosed in double quotes"
            " at line 1 column 9",
        ),
        (
            b"[1, 2",
            "lance.json is not valid JSON (the file looks cut short): Expecting ',' delimiter"
            " at line 1 column 6",
        ),
        (  # a list closed by the wrong bracket at the very end: cut short, then closed
            b'{"a": [1, 2}',
            "lance.json is not valid JSON (the file looks cut short): Expecting ',' delimiter"
            " at line 1 column 12",
        ),
    ],
)
def test_bad_json_says_where_and_whether_it_looks_cut_short(raw: bytes, message: str) -> None:
    with pytest.raises(ForceFileError) as caught:
        limits.parse_json(raw, where="lance.json", what="force file", error=ForceFileError)
    assert caught.value.message == message


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"1e400", "x.json: the value is not a finite number"),
        (b"99999999999999999999999", "x.json: the value is too large a number"),
        (b'{"a": [1, 1e400]}', "x.json: a[1] is not a finite number"),
    ],
)
def test_a_number_out_of_range_is_named_where_it_is(raw: bytes, message: str) -> None:
    """A document that is one bare number is "the value", not an item of a list."""
    with pytest.raises(ForceFileError) as caught:
        limits.parse_json(raw, where="x.json", what="force file", error=ForceFileError)
    assert caught.value.message == message
