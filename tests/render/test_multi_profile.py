"""Multi-profile cards (issue 8): one card per unit, every profile side by side, one track."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from render.conftest import MM, card_rect, in_box

from cardsmith.errors import TemplateError
from cardsmith.models import Force, ForceEntry, Pilot, Unit
from cardsmith.paths import templates_dir
from cardsmith.profiles.catalogues import load_switch_rules, load_system
from cardsmith.profiles.customfile import parse_custom_units
from cardsmith.profiles.modes import profile_set
from cardsmith.render.content.multi_profile import MultiCardData, multi_card_for, sheet_cards
from cardsmith.render.content.sheets import SheetOptions
from cardsmith.render.layout.multi_profile import load_multi_template, parse_multi_template
from cardsmith.render.layout.paper import sheet_layout
from cardsmith.render.pdf.multi_profile import column_widths
from cardsmith.render.pdf.record_sheets import render_sheets
from cardsmith.render.terminal.card import card_lines

LAM, QUADVEE, ATLAS = 4824, 7351, 140

#: A seed-001 trooper: two skirmish profiles, Transmutation (X) with X = 2.
SKIRMISH_UNIT: dict[str, Any] = {
    "format": "cardsmith-units",
    "version": 1,
    "unit": [
        {
            "name": "Gwailo Seed-Soldier",
            "system": "skirmish",
            "switch_rule": "transmutation-x",
            "switch_value": 2,
            "pricing": "max",
            "profile": [
                {"name": "Seed Form", "MOV": "10-5", "CC": 21, "BS": 12, "PH": 14, "WIP": 13,
                 "ARM": 3, "BTS": 3, "W": 1, "S": 2, "PTS": 30},
                {"name": "Developed Form", "MOV": "15-10", "CC": 23, "BS": 13, "PH": 15,
                 "WIP": 13, "ARM": 4, "BTS": 6, "W": 3, "S": 5, "PTS": 45},
            ],
        }
    ],
}  # fmt: skip


def _skirmish_unit() -> Unit:
    (unit,) = parse_custom_units(SKIRMISH_UNIT, origin="test")
    return unit


def _card_words(pdf_path: Path, slot: int, page_number: int = 1) -> list[dict[str, Any]]:
    layout = sheet_layout()
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_number]
        return [w for w in page.extract_words() if in_box(w, card_rect(layout, slot), slack=0)]


def _pip_circles(pdf_path: Path, slot: int, page_number: int = 1) -> list[dict[str, Any]]:
    """Pips are drawn as circles: curves about as wide as they are tall, 1-3 mm across."""
    layout = sheet_layout()
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_number]
        return [
            c
            for c in page.curves
            if in_box(c, card_rect(layout, slot), slack=0)
            and 0.8 * MM < c["x1"] - c["x0"] < 3.0 * MM
            and abs((c["x1"] - c["x0"]) - (c["bottom"] - c["top"])) < 0.2
        ]


def _box_rect(slot: int, name: str) -> tuple[float, float, float, float]:
    """Page rectangle (points, top-left origin) of a multi-profile template box."""
    box = load_multi_template().boxes[name]
    left, top = sheet_layout().card_origin(slot)
    return (
        (left + box.x) * MM,
        (top + box.y) * MM,
        (left + box.right) * MM,
        (top + box.bottom) * MM,
    )


def _text(words: list[dict[str, Any]]) -> str:
    return " ".join(w["text"] for w in words)


# -- the template -----------------------------------------------------------------------


def test_multi_profile_template_loads_and_fits_the_card_grid() -> None:
    template = load_multi_template()
    layout = sheet_layout()
    assert (template.width, template.height) == (layout.card_width, layout.card_height)
    assert {"profiles", "track", "rule"} <= set(template.boxes)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d["box"].pop("rule"), "box 'rule' is missing"),
        (lambda d: d["box"]["track"].update(w_mm=60.0), "overlaps"),
        (lambda d: d["box"]["profiles"].update(h_mm=9.0), "rows need"),
        (lambda d: d["table"].update(name_w_mm=60.0), "columns need"),
        (lambda d: d["box"].update(notes=d["box"]["spas"]), "unknown box"),
        (lambda d: d.update(family="mech"), "family must be"),
    ],
)
def test_multi_profile_template_problems_are_named(change: Any, fragment: str) -> None:
    path = templates_dir() / "cards" / "multi-profile.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(TemplateError) as caught:
        parse_multi_template(data, source=str(path))
    assert any(fragment in p for p in caught.value.problems), caught.value.problems


# -- the card model ----------------------------------------------------------------------


def test_lam_card_model_has_every_mode(starter_units: dict[int, Unit]) -> None:
    lam = starter_units[LAM]
    card = multi_card_for(ForceEntry(lam, skill=3, pilot=Pilot("Ana")))
    modes = profile_set(lam)
    assert modes is not None
    assert card.profile_names == tuple(p.name for p in modes.profiles)
    assert card.profile_names == ("BattleMech", "AirMech", "Fighter")
    # The fighter mode adds the Extreme bracket; target numbers are skill + modifier.
    assert card.columns[card.damage_columns[0] : card.damage_columns[1]] == (
        "S 3+",
        "M 5+",
        "L 7+",
        "E 9+",
    )
    moves = {row.name: row.cells[1] for row in card.rows}
    assert moves["AirMech"] == modes.profiles[1].stats.move_text  # type: ignore[union-attr]
    assert moves["Fighter"] == "THR 5"
    assert (card.armor, card.structure) == (lam.armor, lam.structure)
    assert card.rule_name == load_switch_rules()["lam"].name
    assert card.rule_text == (
        "BattleMech, AirMech and Fighter modes share armor, structure and critical hits."
    )
    # The modes share the 'Mech's crit tracks (battle.crits, one definition).
    assert {t.name: t.boxes for t in card.crits} == {
        "ENGINE": 1,
        "FIRE CONTROL": 4,
        "MP": 4,
        "WEAPONS": 4,
    }


def test_specials_that_differ_go_in_the_rows() -> None:
    data: dict[str, Any] = {
        "format": "cardsmith-units",
        "version": 1,
        "unit": [
            {
                "name": "Homebrew Shifter",
                "switch_rule": "auto",
                "profile": [
                    {"name": "Walker", "type": "BM", "size": 2, "move": '10"', "armor": 4,
                     "structure": 3, "damage": ["2", "2", "1"], "pv": 28,
                     "specials": ["ENE", "SRCH"]},
                    {"name": "Tank", "type": "CV", "size": 2, "move": '8"t', "armor": 4,
                     "structure": 3, "damage": ["3", "2", "0*"], "pv": 30,
                     "specials": ["SRCH"]},
                ],
            }
        ],
    }  # fmt: skip
    (unit,) = parse_custom_units(data, origin="test")
    card = multi_card_for(unit)
    assert card.specials == ("SRCH",)
    assert [row.cells[-1] for row in card.rows] == ["ENE", "—"]
    assert [row.cells[card.damage_columns[0] + 2] for row in card.rows] == ["1", "0*"]


def test_generic_card_uses_the_system_columns_and_wound_track() -> None:
    card = multi_card_for(_skirmish_unit())
    system = load_system("skirmish")
    assert card.columns == tuple(c.id for c in system.columns)
    assert card.track_name == system.track
    assert card.wounds == 3  # the sturdiest profile's W; each row shows its own
    assert card.rule_name == "Transmutation (2)" and "2 or more wounds" in card.rule_text
    assert (card.points_label, card.pv, card.skill) == ("PTS", 45, None)


def test_switch_rule_with_a_modifier_prints_it() -> None:
    data = {**SKIRMISH_UNIT, "unit": [{**SKIRMISH_UNIT["unit"][0], "switch_rule": "willpower",
                                       "switch_value": -3}]}  # fmt: skip
    (unit,) = parse_custom_units(data, origin="test")
    card = multi_card_for(unit)
    assert card.rule_name == f"{load_switch_rules()['willpower'].name} MOD -3"


def test_single_profile_units_keep_their_own_card(starter_units: dict[int, Unit]) -> None:
    cards = sheet_cards((ForceEntry(starter_units[ATLAS]), ForceEntry(starter_units[LAM])))
    assert not isinstance(cards[0], MultiCardData)
    assert isinstance(cards[1], MultiCardData) and cards[1].index == 2


def test_profile_columns_fill_the_table_box(starter_units: dict[int, Unit]) -> None:
    for unit in (starter_units[LAM], starter_units[QUADVEE], _skirmish_unit()):
        card = multi_card_for(unit)
        box = card.template.boxes["profiles"]
        widths = column_widths(card, box)
        assert len(widths) == len(card.columns) + 1
        assert sum(widths) == pytest.approx(box.w)
        assert min(widths) > 4.0


# -- terminal card -----------------------------------------------------------------------


@pytest.mark.parametrize("width", [32, 60, 90])
def test_card_lines_show_every_profile(starter_units: dict[int, Unit], width: int) -> None:
    for unit in (starter_units[LAM], _skirmish_unit()):
        lines = card_lines(unit, width)
        assert all(len(line) == width for line in lines)
        text = "\n".join(lines)
        modes = profile_set(unit)
        assert modes is not None
        for profile in modes.profiles:
            assert profile.name in text
        assert "SWITCH" in text
        # One shared track: a single armor row (pips) or a single wound row.
        assert sum(1 for line in lines if line.startswith(("│ A ", "│ W "))) == 1


# -- the printed PDF ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory, starter_units: dict[int, Unit]) -> Path:
    force = Force(
        name="Shapes",
        entries=(
            ForceEntry(starter_units[LAM], skill=4, pilot=Pilot("Ana")),
            ForceEntry(starter_units[QUADVEE]),
            ForceEntry(_skirmish_unit()),
        ),
    )
    return render_sheets([force], tmp_path_factory.mktemp("multi") / "shapes.pdf")


def test_lam_prints_on_one_card_with_every_mode(
    printed: Path, starter_units: dict[int, Unit]
) -> None:
    lam = starter_units[LAM]
    words = _card_words(printed, 0)
    text = _text(words)
    table = _text([w for w in words if in_box(w, _box_rect(0, "profiles"), slack=0)])
    for name in ("BattleMech", "AirMech", "Fighter"):
        assert table.count(name) == 1, name
    assert '10"j' in text and '30"g' in text and "THR 5" in text
    assert "Land-Air" in text and "share armor" in text
    # One pip track: armor + structure pips once, not once per mode.
    assert len(_pip_circles(printed, 0)) == lam.armor + lam.structure
    # The three modes share one card: the next card is the QuadVee.
    assert "Boreas" in _text(_card_words(printed, 1)) and "Boreas" not in text


def test_quadvee_prints_mech_and_vehicle(printed: Path, starter_units: dict[int, Unit]) -> None:
    text = _text(_card_words(printed, 1))
    assert "'Mech" in text and "Vehicle" in text and '8"t' in text
    boreas = starter_units[QUADVEE]
    assert len(_pip_circles(printed, 1)) == boreas.armor + boreas.structure


def test_skirmish_unit_prints_its_columns_and_one_wound_track(printed: Path) -> None:
    words = _card_words(printed, 2)
    text = _text(words)
    for column in load_system("skirmish").columns:
        assert column.id in text.split(), column.id
    assert "Seed Form" in text and "Developed Form" in text and "15-10" in text
    assert "Transmutation (2)" in text and "PTS 45" in text
    assert not _pip_circles(printed, 2)
    area = _box_rect(2, "track")
    with pdfplumber.open(printed) as pdf:
        boxes = [
            r
            for r in pdf.pages[1].rects
            if in_box(r, area, slack=0) and 3.0 * MM < r["width"] < 6.0 * MM
        ]
    assert len(boxes) == 3  # W 3: the sturdiest profile's wounds, drawn once


def test_roster_names_the_profiles_and_the_other_system(printed: Path) -> None:
    with pdfplumber.open(printed) as pdf:
        roster = pdf.pages[0].extract_text()
    assert "Several profiles, one card each" in roster
    assert "BattleMech / AirMech / Fighter" in roster
    assert "skirmish unit, not judged by Alpha Strike rules" in roster


def test_mode_rows_and_target_numbers_are_readable(printed: Path) -> None:
    """Each mode's stat line (TP, MV/THR, TMM, damage) at 8 pt or more; the target numbers
    in the header at 7 pt or more, as on a single-profile card."""
    layout = sheet_layout()
    with pdfplumber.open(printed) as pdf:
        page = pdf.pages[1]
        words = page.extract_words(extra_attrs=["size"])
    for slot in (0, 1):  # the LAM and the QuadVee
        table = [w for w in words if in_box(w, _box_rect(slot, "profiles"), slack=0)]
        assert table and in_box(table[0], card_rect(layout, slot), slack=0)
        stats = [w for w in table if w["text"] in ("BM", "AF", "CV", "THR", '10"j', '8"t', "0*")]
        stats += [w for w in table if w["text"].isdigit()]
        assert len(stats) >= 8, [w["text"] for w in table]
        assert min(w["size"] for w in stats) >= 8.0 - 1e-6, [(w["text"], w["size"]) for w in stats]
        targets = [w for w in table if w["text"].endswith("+") and w["text"][:-1].isdigit()]
        assert len(targets) >= 3, [w["text"] for w in table]
        assert min(w["size"] for w in targets) >= 7.0 - 1e-6


def test_blank_skill_pv_table_stays_clear_of_the_boxes_above(
    tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    force = Force(name="Blank", entries=(ForceEntry(starter_units[QUADVEE]),))
    out = render_sheets(
        [force], tmp_path / "blank.pdf", SheetOptions(blank_skill=True, reference=False)
    )
    template = load_multi_template()
    lowest = max(template.boxes[b].bottom for b in ("rule", "crits", "specials", "track"))
    _, card_top = sheet_layout().card_origin(0)
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[1]
        wide = (template.width - 2 * template.boxes["spas"].x) * MM
        (table,) = [r for r in page.rects if abs(r["width"] - wide) < 0.5 and r["height"] < 6 * MM]
        assert "SKILL" in page.extract_text()
    assert table["top"] >= (card_top + lowest) * MM - 0.1
    assert table["bottom"] <= (card_top + template.height) * MM
