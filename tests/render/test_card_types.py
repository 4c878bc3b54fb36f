"""The card each special type needs, on real MUL records: aerospace support vehicles,
large craft, buildings, and the modes of LAMs and QuadVees, read back from the PDF."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from render.conftest import MM

from cardsmith.battle.crits import crit_tracks
from cardsmith.models import Force, ForceEntry, Unit
from cardsmith.render.content.card import card_for
from cardsmith.render.content.multi_profile import multi_card_for
from cardsmith.render.content.sheets import SheetOptions
from cardsmith.render.pdf.record_sheets import render_sheets

CLOUD_TEN, ZUGVOGEL, LEVIATHAN, HARUSPEX, FIRE_BASE = 654, 3655, 4502, 7831, 5495


def _unit(mul_by_id: dict[int, dict[str, Any]], mul_id: int) -> Unit:
    return Unit.from_mul(mul_by_id[mul_id])


@pytest.mark.parametrize("mul_id", [CLOUD_TEN, ZUGVOGEL])
def test_aerospace_support_vehicles_are_aerospace_units(
    mul_by_id: dict[int, dict[str, Any]], mul_id: int
) -> None:
    unit = _unit(mul_by_id, mul_id)
    card = card_for(unit)
    assert card.template.family == "aerospace"
    assert card.thrust and card.tmm is None and card.move == ""
    assert [c.label for c in card.damage] == ["S", "M", "L", "E"]
    assert card.threshold == unit.threshold and card.threshold >= 1
    assert {t.name for t in card.crits} == {"ENGINE", "FIRE CONTROL", "WEAPONS"}  # no MOTIVE
    assert card.heat_scale == ()


def test_large_craft_tracks_and_thrust(
    mul_by_id: dict[int, dict[str, Any]], tmp_path: Path
) -> None:
    jumpship = _unit(mul_by_id, LEVIATHAN)
    card = card_for(jumpship)
    names = [t.name for t in card.crits]
    assert {"CREW", "ENGINE", "FIRE CONTROL", "THRUSTER", "WEAPONS"} <= set(names)
    assert "DOCK" in names and "KF DRIVE" in names  # DT8 and a KF drive
    assert card.thrust == "200" and card.tmm is None
    out = render_sheets(
        [
            Force(
                name="Ships", entries=(ForceEntry(jumpship), ForceEntry(_unit(mul_by_id, HARUSPEX)))
            )
        ],
        tmp_path / "ships.pdf",
        SheetOptions(reference=False),
    )
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[1].extract_text()
        squares = [r for r in pdf.pages[1].rects if abs(r["width"] - 2.2 * MM) < 0.2]
    assert "THR 200" in text and 'MV 200"' not in text and "TMM 5" not in text
    expected = sum(t.boxes for t in crit_tracks(jumpship))
    expected += sum(t.boxes for t in crit_tracks(_unit(mul_by_id, HARUSPEX)))
    assert len(squares) == expected


def test_a_building_prints_its_own_card_and_never_blocks_the_pdf(
    mul_by_id: dict[int, dict[str, Any]], tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    base = _unit(mul_by_id, FIRE_BASE)
    assert base.type_code == "BD"
    force = Force(name="Outpost", entries=(ForceEntry(starter_units[140]), ForceEntry(base)))
    out = render_sheets([force], tmp_path / "outpost.pdf", SheetOptions(reference=False))
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[1].extract_text()
    assert "Heavy Fire Base" in text and "TP BD" in text and "NOTES" in text
    assert "TUR(3/3/0,AC1/1/0)" in text


def test_bimodal_lam_names_only_its_own_modes(mul_by_id: dict[int, dict[str, Any]]) -> None:
    from cardsmith.profiles.modes import profile_set

    bimodal = [
        u
        for u in (
            Unit.from_mul(r) for r in mul_by_id.values() if "BIM" in str(r.get("BFAbilities"))
        )
        if (m := profile_set(u)) is not None and len(m.profiles) == 2
    ]
    assert bimodal
    for unit in bimodal:
        card = multi_card_for(unit)
        assert "AirMech" not in card.rule_text
        assert card.rule_text.startswith("BattleMech and Fighter modes share")
        assert {t.name for t in card.crits} == {"ENGINE", "FIRE CONTROL", "MP", "WEAPONS"}


def test_quadvee_modes_share_mech_and_motive_tracks(mul_by_id: dict[int, dict[str, Any]]) -> None:
    quadvees = [
        Unit.from_mul(r)
        for r in mul_by_id.values()
        if re.search(r"\bQV\b", str(r.get("BFAbilities")))
    ]
    assert quadvees
    card = multi_card_for(quadvees[0])
    names = {t.name for t in card.crits}
    assert {"ENGINE", "FIRE CONTROL", "MP", "WEAPONS", "MOTIVE"} <= names


def test_large_craft_crit_effects_print_whole(
    mul_by_id: dict[int, dict[str, Any]], tmp_path: Path
) -> None:
    """The crowded JumpShip crit box wraps an effect onto two lines rather than cutting it."""
    from render.conftest import card_rect, in_box

    from cardsmith.render.layout.paper import sheet_layout

    jumpship = _unit(mul_by_id, LEVIATHAN)
    force = Force(name="Ship", entries=(ForceEntry(jumpship),))
    out = render_sheets([force], tmp_path / "ship.pdf", SheetOptions(reference=False))
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[1]
        words = [w for w in page.extract_words() if in_box(w, card_rect(sheet_layout("letter"), 0))]
        sizes = [c["size"] for c in page.chars if c["text"] == "%"]
    text = " ".join(w["text"] for w in words)
    assert "…" not in text
    for track in crit_tracks(jumpship):
        for group in track.groups:
            for word in re.split(r"(?<=/)|\s+", group.effect):  # lines break at / too
                assert word in text, (track.name, word)
    assert min(sizes) >= 4.0 - 1e-6


def test_a_dropship_card_has_its_kf_boom_and_docking_collar(
    mul_by_id: dict[int, dict[str, Any]], tmp_path: Path
) -> None:
    """The MUL data holds no DropShip; one built from the small craft's record (type DS)
    carries the DropShip tracks, read back from the PDF."""
    import dataclasses

    from cardsmith.models import UnitType

    dropship = dataclasses.replace(_unit(mul_by_id, 5790), type=UnitType.DS)
    force = Force(name="Drop", entries=(ForceEntry(dropship),))
    out = render_sheets([force], tmp_path / "drop.pdf", SheetOptions(reference=False))
    with pdfplumber.open(out) as pdf:
        text = pdf.pages[1].extract_text()
    for track in ("CREW", "ENGINE", "FIRE CONTROL", "THRUSTER", "KF BOOM", "DOCKING COLLAR"):
        assert track in text, track
    assert "THR 3a" in text and "TN 10+" in text and "MV" not in text
