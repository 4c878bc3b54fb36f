"""Tabletop Simulator codes ``{{mulId,skill},…}``: the real code from MekBay #118, round trips, bad pairs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import FormatError
from cardsmith.forces.force_file import load_force
from cardsmith.formats.exchange import FormatProblems, ImportReport, detect_format, import_data
from cardsmith.formats.tts import export_tts
from cardsmith.models.force import Force

#: The code quoted in MegaMek/mekbay#118 ("[RFE] Add Alpha Strike TTS Code Export").
MEKBAY_118 = (
    "{{4759,4},{7740,4},{1130,4},{2846,3},{9498,4},{1869,3},{9494,4},{9425,4},{160,4},"
    "{7873,4},{1302,4},{398,5},{2242,2},{2242,2},{9379,4},{3343,4}}"
)

#: What each pair of that code is in the real MUL data (../shared/mul/units.json).
MEKBAY_118_UNITS = [
    (4759, "Orion ON1-MD", 4),
    (7740, "Butcherbird (Ion Sparrow) B", 4),
    (1130, "Flatbed Truck (LRM)", 4),
    (2846, "Scorpion Light Tank (SRM)", 3),
    (9498, "UrbanMech UM-R27", 4),
    (1869, "Light SRM Carrier", 3),
    (9494, "Battle Cobra BTL-C-2OI", 4),
    (9425, "SRM Carrier C", 4),
    (160, "Avatar AV1-O", 4),
    (7873, "Ground Pounder DVM-2M MiningMech MOD", 4),
    (1302, "Griffin GRF-4R", 4),
    (398, "Blizzard Hover Transport", 5),
    (2242, "Mountaineer Infantry", 2),
    (2242, "Mountaineer Infantry", 2),
    (9379, "Dragoon Battle Armor (Sqd4)", 4),
    (3343, "Uller (Kit Fox) D", 4),
]


def _import(text: str, catalogue: Catalogue) -> ImportReport:
    return import_data(text.encode("utf-8"), catalogue, fmt="tts", name="t", origin="t.txt")


def test_the_code_from_mekbay_118_imports_all_16_units(full_catalogue: Catalogue) -> None:
    assert detect_format(MEKBAY_118.encode()) == "tts"
    report = _import(MEKBAY_118, full_catalogue)
    assert report.complete and report.warnings == ()
    assert [(e.unit.mul_id, e.unit.name, e.skill) for e in report.force.entries] == (
        MEKBAY_118_UNITS
    )


def test_export_is_the_code_players_paste(starter_force: Force) -> None:
    code = export_tts(starter_force)
    expected = ",".join(f"{{{e.unit.mul_id},{e.skill}}}" for e in starter_force.entries)
    assert code == "{" + expected + "}\n"


def test_round_trip_keeps_units_and_skills(starter_force: Force, catalogue: Catalogue) -> None:
    report = _import(export_tts(starter_force), catalogue)
    assert report.complete
    assert [(e.unit.mul_id, e.skill) for e in report.force.entries] == [
        (e.unit.mul_id, e.skill) for e in starter_force.entries
    ]


def test_spaces_line_breaks_and_a_trailing_comma_are_fine(catalogue: Catalogue) -> None:
    report = _import("{ {140, 2},\n  {1901,4}, }\n", catalogue)
    assert [(e.unit.mul_id, e.skill) for e in report.force.entries] == [(140, 2), (1901, 4)]


def test_bad_pairs_are_listed_by_number(catalogue: Catalogue) -> None:
    with pytest.raises(FormatProblems) as caught:
        _import("{{140,4},{Atlas,3},{140},{-5,4},{140,inf},{140,1e400}}", catalogue)
    assert [p.split(":")[0] for p in caught.value.problems] == [
        "pair 2",
        "pair 3",
        "pair 4",
        "pair 5",
        "pair 6",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{}", "not a Tabletop Simulator code"),
        ("{{}}", "bad pair"),
        ('[{"mulId": 140, "skill": 4}]', "not a Tabletop Simulator code"),
        ("{{140,4} junk {1901,4}}", "bad pair"),
    ],
)
def test_what_is_not_a_code_is_refused(text: str, expected: str, catalogue: Catalogue) -> None:
    with pytest.raises(FormatError, match=expected):
        _import(text, catalogue)


def test_skill_outside_the_scale_is_clamped_with_a_warning(catalogue: Catalogue) -> None:
    report = _import("{{140,9}}", catalogue)
    assert report.force.entries[0].skill == 7
    assert any("pair 1" in w and "skill 9" in w for w in report.warnings)


def test_cli_reads_a_pasted_code_and_reports_unknown_ids(cli_run: Any, tmp_path: Path) -> None:
    out = tmp_path / "f.json"
    result = cli_run("import", "{{140,3},{987654,4}}", "-o", str(out))
    assert result.code == 1, result
    assert "pair 2" in result.stderr and "987654" in result.stderr
    assert "1 unit could not be imported and was left out:" in result.stderr
    assert "from the Tabletop Simulator code (tts)" in result.stdout
    assert [e.unit.mul_id for e in load_force(out).entries] == [140]
