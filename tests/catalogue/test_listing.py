"""A search shows each unit from its stored JSON (``UnitListing``), not from a built ``Unit``.

The listing must show what the model shows, for every stored unit; anything not in
``Unit.to_dict``'s shape goes through the model, which reads old shapes and names what
is wrong with a broken one.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.listing import UnitListing, listing_of
from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import CatalogueDataError
from cardsmith.models import Unit


def _as_the_model_shows(unit: Unit) -> tuple[Any, ...]:
    """What the search table and JSON used to read from the ``Unit`` itself."""
    four = unit.type is not None and unit.type.family in ("fighter", "large-craft")
    bands = unit.damage if four else unit.damage[:3]
    return (
        unit.mul_id,
        unit.name,
        unit.type.value if unit.type else None,
        unit.type_code,
        unit.size,
        unit.move_text,
        unit.tmm,
        unit.armor,
        unit.structure,
        unit.threshold,
        tuple(str(d) for d in unit.damage),
        "/".join(str(d) for d in bands),
        unit.overheat,
        unit.pv,
        unit.role,
        tuple(s.text for s in unit.specials),
        unit.specials_text,
        unit.technology,
        unit.rules,
        unit.era_id,
        unit.has_stats,
    )


def _as_listed(listing: UnitListing) -> tuple[Any, ...]:
    return (
        listing.mul_id,
        listing.name,
        listing.type,
        listing.type_code,
        listing.size,
        listing.move,
        listing.tmm,
        listing.armor,
        listing.structure,
        listing.threshold,
        listing.damage,
        listing.damage_text,
        listing.overheat,
        listing.pv,
        listing.role,
        listing.specials,
        listing.specials_text,
        listing.technology,
        listing.rules,
        listing.era_id,
        listing.has_stats,
    )


def _stored_rows(folder: Path) -> list[tuple[str, int]]:
    with Catalogue.open(folder):  # seeds the starter catalogue into a new folder
        pass
    db = sqlite3.connect(folder / "catalogue-v1.sqlite3")
    try:
        return db.execute("SELECT data, has_stats FROM units ORDER BY mul_id").fetchall()
    finally:
        db.close()


def _check_every_row(rows: list[tuple[str, int]], monkeypatch: pytest.MonkeyPatch) -> None:
    shown = [_as_the_model_shows(Unit.from_dict(json.loads(data))) for data, _ in rows]

    def no_model(data: object) -> Unit:
        raise AssertionError(f"a stored unit went through the model: {data!r:.80}")

    monkeypatch.setattr(Unit, "from_dict", no_model)
    listed = [_as_listed(listing_of(json.loads(data), bool(stats))) for data, stats in rows]
    for expected, got in zip(shown, listed, strict=True):
        assert got == expected


def test_the_starter_units_list_as_the_model_shows_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = _stored_rows(tmp_path / "cache")
    assert len(rows) > 50
    _check_every_row(rows, monkeypatch)


@pytest.mark.slow
def test_every_mul_unit_lists_as_the_model_shows_it(
    full_catalogue_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = _stored_rows(full_catalogue_dir)
    assert len(rows) > 8000
    # Every family of cards is among them: fighters and craft print a fourth damage band.
    types = {json.loads(data)["type"] for data, _ in rows}
    assert {"BM", "CV", "BA", "CI", "AF", "CF", "SC", "JS", "SS", None} <= types
    _check_every_row(rows, monkeypatch)


_ATLAS: dict[str, Any] = {
    "mul_id": 140,
    "name": "Atlas AS7-D",
    "type": "BM",
    "role": "Juggernaut",
    "size": 4,
    "move": '6"',
    "tmm": 1,
    "armor": 10,
    "structure": 8,
    "threshold": 0,
    "damage": ["5", "5", "2", "0"],
    "overheat": 0,
    "pv": 52,
    "specials": ["AC2/2/-", "IF1", "LRM1/1/1", "REAR1/1/-"],
    "technology": "Inner Sphere",
    "rules": "Introductory",
    "era_id": 10,
}


@pytest.mark.parametrize(
    "change",
    [
        {"specials": "AC2/2/-,IF1,LRM1/1/1,REAR1/1/-"},  # the specials as one text
        {"damage": ["5", "5", "2"]},  # no Extreme band
        {"tmm": None},  # no TMM: the model derives it from the move
        {"name": "  Atlas AS7-D "},
        {"type": "bm"},
        {"move": 6},  # inches as a number
    ],
)
def test_other_shapes_are_read_through_the_model(change: dict[str, Any]) -> None:
    data = {**_ATLAS, **change}
    if change.get("tmm", 0) is None:
        del data["tmm"]
    assert listing_of(data, True) == listing_of(_ATLAS, True)


def test_a_record_without_stats_says_so() -> None:
    record = {**_ATLAS, "type": None, "pv": 0, "damage": ["0", "0", "0", "0"]}
    listing = listing_of(record, False)
    assert (listing.has_stats, listing.type_code) == (False, "--")


def test_an_empty_role_is_no_role() -> None:
    assert listing_of({**_ATLAS, "role": ""}, True).role is None


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({**_ATLAS, "name": 5}, "'name'"),
        ({**_ATLAS, "specials": [1, 2]}, "'specials'"),
        ({**_ATLAS, "damage": "5/5/2"}, "'damage'"),
        ({**_ATLAS, "name": "A" * 600}, "'name'"),
        ({**_ATLAS, "specials": ["A" * 600]}, "'specials'"),
        ({**_ATLAS, "type": 5}, "not a valid"),
        ({**_ATLAS, "armor": True}, "'armor'"),
        (["not", "a", "unit"], "JSON object"),
    ],
)
def test_a_broken_stored_unit_says_what_is_wrong(data: object, named: str) -> None:
    with pytest.raises(CatalogueDataError, match=named):
        listing_of(data, True)


def test_a_search_over_a_broken_row_is_a_clean_error(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    with Catalogue.open(cache):
        pass
    db = sqlite3.connect(cache / "catalogue-v1.sqlite3")
    with db:
        db.execute(
            "UPDATE units SET data = json_set(data, '$.specials', json('[1]')) "
            "WHERE name = 'Atlas AS7-D'"
        )
    db.close()
    for args in (["search", "atlas"], ["search", "atlas", "--format", "json"]):
        done = subprocess.run(
            [sys.executable, "-m", "cardsmith", *args],
            capture_output=True,
            text=True,
            env={"CARDSMITH_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"},
            timeout=60,
            check=False,
        )
        assert done.returncode == 2, done
        assert "Traceback" not in done.stderr
        assert "unit 140" in done.stderr and "'specials'" in done.stderr, done.stderr


def test_the_store_lists_units_in_the_order_asked_with_their_stats_flag(tmp_path: Path) -> None:
    from cardsmith.catalogue.dump import UnitRecord, content_hash

    bare = Unit(mul_id=999_001, name="Atlas Salvage Frame")  # no Alpha Strike stats
    with Catalogue.open(tmp_path / "cache") as catalogue:
        catalogue.add([UnitRecord(bare, content_hash(bare))], source="test")
        listed = catalogue.listings([999_001, 140, 424_242, 999_001])
    assert [(x.mul_id, x.has_stats, x.type_code) for x in listed] == [
        (999_001, False, "--"),
        (140, True, "BM"),
        (999_001, False, "--"),
    ]


def test_a_unit_the_model_reads_but_cannot_list_is_a_data_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # to_dict writes the listing's shape for every unit; were that ever broken, the search
    # must still end in a clean error, never a listing of nothing.
    monkeypatch.setattr(Unit, "to_dict", lambda self: {"mul_id": self.mul_id})
    with pytest.raises(CatalogueDataError, match="unit 140: its stats cannot be listed"):
        listing_of({**_ATLAS, "specials": "IF1"}, True)
