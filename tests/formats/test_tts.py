"""Tabletop Simulator {mulId, skill} lists: round trips, shapes and bad items."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import FormatError
from cardsmith.formats.exchange import FormatProblems, ImportReport, import_data
from cardsmith.formats.tts import export_tts
from cardsmith.models.force import Force


def _import(value: object, catalogue: Catalogue) -> ImportReport:
    data = json.dumps(value, ensure_ascii=False).encode("utf-8")
    return import_data(data, catalogue, fmt="tts", name="t", origin="t.json")


def test_export_is_a_list_of_mul_id_and_skill(starter_force: Force) -> None:
    items = json.loads(export_tts(starter_force))
    assert items == [{"mulId": e.unit.mul_id, "skill": e.skill} for e in starter_force.entries]


def test_round_trip_keeps_units_and_skills(starter_force: Force, catalogue: Catalogue) -> None:
    report = _import(json.loads(export_tts(starter_force)), catalogue)
    assert report.complete
    assert [(e.unit.mul_id, e.skill) for e in report.force.entries] == [
        (e.unit.mul_id, e.skill) for e in starter_force.entries
    ]


@pytest.mark.parametrize(
    "value",
    [
        {"units": [{"mulID": "140", "skill": 2}, {"mul_id": 1901}]},
        [{"mulId": 140.0, "skill": "2"}, {"id": 1901, "skill": 4}],
    ],
    ids=["wrapped-with-string-ids", "spelling-variants"],
)
def test_accepted_shapes(value: object, catalogue: Catalogue) -> None:
    report = _import(value, catalogue)
    assert [(e.unit.mul_id, e.skill) for e in report.force.entries] == [(140, 2), (1901, 4)]


def test_bad_items_are_listed_by_number(catalogue: Catalogue) -> None:
    value = [
        {"mulId": 140},
        "Atlas",
        {"skill": 3},
        {"mulId": 140, "skill": "veteran"},
        {"mulId": -5},
    ]
    with pytest.raises(FormatProblems) as caught:
        _import(value, catalogue)
    assert [p.split(":")[0] for p in caught.value.problems] == [
        "item 2",
        "item 3",
        "item 4",
        "item 5",
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [({"mulId": 140}, "must be a JSON array"), ([], "holds no units")],
)
def test_not_a_list(value: object, expected: str, catalogue: Catalogue) -> None:
    with pytest.raises(FormatError, match=expected):
        _import(value, catalogue)


def test_skill_outside_the_scale_is_clamped_with_a_warning(catalogue: Catalogue) -> None:
    report = _import([{"mulId": 140, "skill": 9}], catalogue)
    assert report.force.entries[0].skill == 7
    assert any("item 1" in w and "skill 9" in w for w in report.warnings)


def test_cli_unknown_id_exits_1_and_keeps_the_rest(cli_run, tmp_path: Path) -> None:
    from cardsmith.forces.force_file import load_force

    source = tmp_path / "list.json"
    source.write_text(json.dumps([{"mulId": 140, "skill": 3}, {"mulId": 987654, "skill": 4}]))
    out = tmp_path / "f.json"
    result = cli_run("import", str(source), "-o", str(out))
    assert result.code == 1, result
    assert "item 2" in result.stderr and "987654" in result.stderr
    assert [e.unit.mul_id for e in load_force(out).entries] == [140]
