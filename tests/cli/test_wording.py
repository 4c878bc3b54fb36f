"""Counts in messages take the singular or the plural noun, never "(s)"."""

from __future__ import annotations

import pytest

from cardsmith.wording import count, first_words, shorten


@pytest.mark.parametrize(
    ("n", "noun", "plural", "expected"),
    [
        (0, "unit", "", "0 units"),
        (1, "unit", "", "1 unit"),
        (2, "unit", "", "2 units"),
        (1, "SPA", "", "1 SPA"),
        (3, "box", "boxes", "3 boxes"),
    ],
)
def test_count(n: int, noun: str, plural: str, expected: str) -> None:
    assert count(n, noun, plural) == expected


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("Griffin GRF-1N", 20, "Griffin GRF-1N"),
        ("Griffin GRF-1N", 14, "Griffin GRF-1N"),
        ("Atlas AS7-D-DC Dragoon Compact", 20, "Atlas AS7…on Compact"),
        ("Marauder II MAD-4A", 12, "Marau…MAD-4A"),  # the variant stays whole
        ("Elemental Battle Armor [Laser] (Sqd5)", 24, "Elemental B…aser] (Sqd5)"),
        ("Long Tom Artillery Vehicle", 9, "Long…icle"),
        ("Achileus Light Battle Armor (Sqd5)", 10, "Ach…(Sqd5)"),  # the last word, 3 before it
        ("Achileus Light Battle Armor (Sqd5)", 9, "Achi…qd5)"),  # no room for both
        ("Atlas Dragoon Compact Edition", 14, "Atlas…Edition"),  # no space before the …
        ("Locust LCT-1V Mk", 6, "Lo…Mk"),  # nor after it
        ("abc", 2, "…c"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
    ],
)
def test_shorten_cuts_the_middle_and_keeps_the_end(text: str, width: int, expected: str) -> None:
    assert shorten(text, width) == expected
    assert len(shorten(text, width)) <= max(width, 0)


def test_shortened_variants_stay_distinct() -> None:
    names = [f"Marauder II MAD-{suffix}" for suffix in ("4A", "4K", "5A", "5D")]
    assert len({shorten(name, 11) for name in names}) == len(names)


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("CASE JMPS1", 10, "CASE JMPS1"),
        ("CASE JMPS1 MHQ", 9, "CASE…"),  # not "CAS…MHQ": specials are read from the start
        ("CASE JMPS1", 6, "CASE…"),
        ("CASE JMPS1", 5, "CASE…"),
        ("AB CD EF", 6, "AB CD…"),
        ("C3M ECM", 4, "C3M…"),
        ("ARTLTC-1 CASE", 4, "ART…"),  # a first special too long is cut
        ("CASE JMPS1", 2, "C…"),
        ("CASE  JMPS1 MHQ", 7, "CASE…"),  # no space before the …
        ("abc", 1, "…"),
        ("abc", 0, ""),
    ],
)
def test_first_words_keeps_whole_words_from_the_start(text: str, width: int, expected: str) -> None:
    assert first_words(text, width) == expected
    assert len(first_words(text, width)) <= width
