"""The specials glossary covers the seed's list and the codes players meet most."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardsmith.errors import TemplateError
from cardsmith.glossary import load_glossary
from cardsmith.models import Unit

SEED_CODES = [
    "AMS",
    "ARM",
    "CASE",
    "CR",
    "ECM",
    "ENE",
    "HT",
    "IF",
    "MEL",
    "STL",
    "TSM",
    "C3M",
    "C3S",
    "C3I",
]


def test_seed_glossary_codes_are_explained() -> None:
    glossary = load_glossary()
    for code in SEED_CODES:
        info = glossary.lookup(code)
        assert info is not None and info.seed, code


def test_artillery_codes_share_an_entry() -> None:
    info = load_glossary().lookup("ARTAIS")
    assert info is not None and info.code == "ART"


def test_common_real_codes_are_covered(mul_records: list[dict[str, Any]]) -> None:
    counts: Counter[str] = Counter()
    for record in mul_records:
        for code in Unit.from_mul(record).special_codes():
            counts[code] += 1
    glossary = load_glossary()
    common = [code for code, n in counts.items() if n >= 20]
    missing = [code for code in common if glossary.lookup(code) is None]
    assert missing == []


def test_bad_glossary_names_the_entry(tmp_path: Path) -> None:
    bad = tmp_path / "specials.toml"
    bad.write_text(
        '[[special]]\ncode = "X"\n\n[[special]]\ncode = "Y"\nname = "Y"\nsummary = "y"\n',
        encoding="utf-8",
    )
    with pytest.raises(TemplateError) as info:
        load_glossary(bad)
    assert any("special[1]" in p for p in info.value.problems)
