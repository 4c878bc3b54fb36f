"""The reference page and the battle engine read one set of tables (issue 18 §1 and §7).

Crit and motive tables: ASCE p.50–51, p.187; heat: ASCE p.52; to-hit modifiers: ASCE
p.42–44; rear attacks: ASCE p.48; the turn sequence: seed 004 ("Secuencia de juego").
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from battle.conftest import entry, make_unit
from cardsmith.battle import effects
from cardsmith.battle.crit_data import crit_data
from cardsmith.battle.crits import crit_from_roll, motive_from_roll
from cardsmith.battle.state import UnitState
from cardsmith.errors import TemplateError
from cardsmith.models import Unit, UnitType
from cardsmith.render.content.reference import RefTable, load_reference

HOUSE = Path(__file__).parents[2] / "templates" / "cards" / "house" / "seed-004.toml"

#: One unit per crit table column, in the order the page prints them.
_COLUMN_UNITS: dict[str, tuple[Unit, ...]] = {
    "Critical hits (2D6)": (
        make_unit(type_=UnitType.BM),
        make_unit(type_=UnitType.PM),
        make_unit(type_=UnitType.CV, move='8"t'),
        make_unit(type_=UnitType.SV, move="4a"),  # a fixed-wing support vehicle
    ),
    "Large craft critical hits (2D6)": (
        make_unit(type_=UnitType.DS, move="5a"),
        make_unit(type_=UnitType.JS, move="200"),
    ),
}


def _tables() -> dict[str, RefTable]:
    return {t.title.split(" (")[0] if "To-hit" in t.title else t.title: t for t in load_reference()}


def _row(table: RefTable, first: str) -> tuple[str, ...]:
    return next(r for r in table.rows if r[0].startswith(first))


@pytest.mark.parametrize("title", sorted(_COLUMN_UNITS))
def test_the_page_prints_the_engines_crit_tables(title: str) -> None:
    table = _tables()[title]
    assert [r[0] for r in table.rows] == [str(n) for n in range(2, 13)]
    for row in table.rows:
        roll = int(row[0])
        for cell, unit in zip(row[1:], _COLUMN_UNITS[title], strict=True):
            result = crit_from_roll(unit, roll)
            assert cell == (result.label if result else "No critical hit"), (title, roll, unit)


def _span(text: str) -> range:
    low, _, high = text.rstrip("+").partition("–")
    return range(int(low), 13 if text.endswith("+") else int(high or low) + 1)


def test_the_page_prints_the_engines_motive_table() -> None:
    table = _tables()["Vehicle motive damage (2D6 on every damage)"]
    texts = {line.kind: line.text for line in crit_data().motive.results}
    tracked = make_unit(type_=UnitType.CV, move='8"t')  # +0 on the motive table
    covered = []
    for row in table.rows:
        for roll in _span(row[0]):
            result = motive_from_roll(tracked, roll)
            assert row[1] == ("No effect" if result is None else texts[result]), (roll, row)
            covered.append(roll)
    assert covered == list(range(2, 13))
    hover = make_unit(type_=UnitType.CV, move='10"h')  # +1: an 11 reads as 12
    assert motive_from_roll(hover, 11) is motive_from_roll(tracked, 12)
    assert "hover +1" in table.note


def test_the_page_prints_the_engines_heat_scale() -> None:
    table = _tables()["Heat ('Mechs and aerospace fighters)"]
    mech = entry(make_unit(move='12"', damage="3/3/3"), skill=4)
    cold = UnitState(key="1.1", side=1, index=1, controller=1)
    for row in table.rows:
        if row[0] == "S":
            hot = cold.with_changes(heat=4, shutdown=True)
            assert effects.current_move(mech, hot).tmm == -4 and row[3].startswith("−4")
            assert effects.to_hit(mech, hot, "S") is None
            continue
        hot = cold.with_changes(heat=int(row[0]))
        assert effects.to_hit(mech, hot, "S") == 4 + int(row[1])
        lost = 12 - effects.current_move(mech, hot).modes[0].inches
        assert row[2] == f'−{int(lost)}"'
        tmm = effects.current_move(mech, hot).tmm - effects.current_move(mech, cold).tmm
        assert row[3] == ("—" if tmm == 0 else f"−{-tmm}")


def test_to_hit_modifiers_are_asces() -> None:
    table = _tables()["To-hit modifiers"]
    assert _row(table, "Woods")[1] == "+1"  # ASCE p.43-44
    assert _row(table, "Partial cover")[1] == "+1"  # ASCE p.44
    # ASCE p.44: charge +1, death from above +1, no modifier for standard or melee.
    assert _row(table, "Physical attack")[1] == "+0 / +1 / +1"
    assert "standard or melee / charge / death from above" in _row(table, "Physical attack")[0]
    assert _row(table, "Attacker jumped")[1] == "+2"  # ASCE p.42
    assert _row(table, "Attacker stood still")[1] == "−1"  # ASCE p.42


def test_range_bands_rear_attacks_and_the_turn_sequence() -> None:
    tables = _tables()
    bands = tables["Range bands and damage"]
    assert [r[1] for r in bands.rows[:3]] == ['up to 6"', 'over 6" to 24"', 'over 24" to 42"']
    assert _row(bands, "Attack into the rear")[2] == "+1 damage"  # ASCE p.48
    turn = tables["Turn sequence (seed 004)"]
    text = " ".join(" ".join(r) for r in turn.rows)
    assert [r[0] for r in turn.rows] == ["Initiative", "Movement", "Combat", "End"]
    for words in ("2D6", "loser moves first", "twice", "simultaneous"):
        assert words in text


def _config_cards() -> Path:
    folder = Path(os.environ["CARDSMITH_CONFIG_DIR"]) / "templates" / "cards"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_house_pack_restores_seed_004s_modifiers() -> None:
    shutil.copy(HOUSE, _config_cards() / "reference-house.toml")
    table = _tables()["To-hit modifiers"]
    assert _row(table, "Woods")[1] == "+2" and _row(table, "Partial cover")[1] == "+2"
    assert _row(table, "Physical attack")[1] == "+0 / +1 / +2 / +3"
    assert not [r for r in table.rows if r[0].startswith(("Attacker jumped", "Attacker stood"))]
    bands = _tables()["Range bands and damage"]
    assert _row(bands, "Long")[1] == "25 to 48 hexes"
    # The crit tables are untouched: the engine's data.
    assert _row(_tables()["Critical hits (2D6)"], "2")[1] == "Ammo hit"


def test_a_bad_house_pack_says_what_is_wrong() -> None:
    (_config_cards() / "reference-house.toml").write_text(
        '[[row]]\ntable = "to-hit"\nid = "lasers"\ncells = ["x", "+9"]\n'
        '[[row]]\ntable = "to-hit"\nid = "woods"\ncells = ["x"]\n',
        encoding="utf-8",
    )
    with pytest.raises(TemplateError) as caught:
        load_reference()
    problems = "\n".join(caught.value.problems)
    assert "no row 'lasers'" in problems and "1 cells for 2 columns" in problems
