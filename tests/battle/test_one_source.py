"""One source of truth for play, the reference page and the cards (issue 18 §1 and §7).

The crit and motive tables (ASCE p.50–51, p.187) and the heat scale (ASCE p.52–53) live
once, in ``templates/battle/crits.toml`` and ``heat.toml``.  A group's copy of those files
in its config folder changes the battle engine, the printed reference page (and the F4
screen, which shows ``load_reference``) and the cards' crit tracks together.  The printed
page carries ASCE's to-hit modifiers (p.42–44), range bands and rear-attack damage (p.48)
and seed 004's turn sequence; the house pack ``templates/cards/house/seed-004.toml``
puts seed 004's older modifiers on it instead.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from battle.conftest import entry, make_unit
from cardsmith import paths
from cardsmith.battle import effects
from cardsmith.battle.crits import CritKind, crit_from_roll, motive_from_roll
from cardsmith.battle.heat_data import heat_data
from cardsmith.battle.state import UnitState
from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, UnitType
from cardsmith.render.content.card import card_for
from cardsmith.render.content.reference import RefTable, load_reference
from cardsmith.render.layout.card import FAMILIES, load_template

MECH_ROLLS = '["ammo", "engine", "fire-control", "none", "weapon", "mp", "weapon", "none", '
MECH_FC = 'groups = [{ kind = "fire-control", boxes = 4, effect = "+2 TN each" }]'
MOTIVE_9 = '{ from = 9, kind = "motive-2"'
HEAT_1 = "level = 1\nto_hit = 1\n"


def _user_copy(folder: str, name: str, edits: list[tuple[str, str]]) -> Path:
    """Write the config folder's copy of a built-in template with ``edits`` (first match each)."""
    text = (paths.templates_dir() / folder / name).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    target = Path(os.environ["CARDSMITH_CONFIG_DIR"]) / "templates" / folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


def _tables() -> dict[str, RefTable]:
    return {t.id: t for t in load_reference()}


def _printed(cli_run: Any, tmp_path: Path, name: str) -> list[str]:
    """Print a small force with its reference page; the page's lines, read back."""
    force = tmp_path / "lance.json"
    if not force.exists():
        save_force(Force("Lance", entries=(entry(make_unit("Griffin GRF-1N")),)), force)
    out = tmp_path / f"{name}.pdf"
    result = cli_run("print", str(force), "-o", str(out))
    assert result.code == 0, result
    with pdfplumber.open(out) as pdf:
        return [ln for page in pdf.pages[1:] for ln in (page.extract_text() or "").splitlines()]


def _line(lines: list[str], start: str) -> str:
    found = [ln for ln in lines if ln.startswith(start)]
    assert found, f"no printed line starts with {start!r}"
    return found[0]


@pytest.mark.slow
def test_an_edited_copy_of_the_battle_data_changes_play_the_page_and_the_cards(
    cli_run: Any, tmp_path: Path
) -> None:
    mech = entry(make_unit("Griffin GRF-1N", move='10"'))
    tank = make_unit("Tank", type_=UnitType.CV, move='8"t')
    warm = UnitState(key="1.1", side=1, index=1, controller=1).with_changes(heat=1)

    def fire_control_boxes() -> int:
        return next(t.boxes for t in card_for(mech).crits if t.name == "FIRE CONTROL")

    # The built-in data: ASCE p.50 ('Mech 5: no critical hit), p.51 (motive 8: no effect),
    # p.52 (heat 1: +1 to hit), four fire control boxes on the card.
    assert crit_from_roll(mech.unit, 5) is None
    assert motive_from_roll(tank, 8) is None
    assert effects.to_hit(mech, warm, "S") == 4 + 1
    assert fire_control_boxes() == 4
    assert _tables()["crits"].rows[3][1] == "No critical hit"

    _user_copy(
        "battle",
        "crits.toml",
        [
            (MECH_ROLLS, MECH_ROLLS.replace('"none", "weapon", "mp"', '"weapon", "weapon", "mp"')),
            (MECH_FC, MECH_FC.replace("boxes = 4", "boxes = 3")),
            (MOTIVE_9, MOTIVE_9.replace("9", "8")),
        ],
    )
    _user_copy("battle", "heat.toml", [(HEAT_1, "level = 1\nto_hit = 2\n")])

    # The engine follows the group's copy …
    assert crit_from_roll(mech.unit, 5) is CritKind.WEAPON
    assert motive_from_roll(tank, 8) is CritKind.MOTIVE_MINUS2
    assert effects.to_hit(mech, warm, "S") == 4 + 2
    # … and so do the reference page (F4 shows the same tables) and the card.
    tables = _tables()
    assert tables["crits"].rows[3][:2] == ("5", "Weapon hit")
    assert tables["motive"].rows[:2] == (("2–7", "No effect"), ("8–10", '−2" MV and −1 TMM'))
    assert tables["heat"].rows[0][:2] == ("1", "+2")
    assert fire_control_boxes() == 3
    lines = _printed(cli_run, tmp_path, "edited")
    assert _line(lines, "5 ").startswith("5 Weapon hit MP hit Fire control hit Weapon hit")
    assert _line(lines, "8–10 ").startswith('8–10 −2" MV and −1 TMM')
    assert _line(lines, "1 +2 ")


def test_card_heat_scales_are_the_heat_data() -> None:
    # ASCE p.28: only 'Mechs and aerospace fighters keep heat; heat.toml lists them, and
    # every card family prints the heat scale exactly when its unit types are listed there.
    heat = heat_data()
    boxes = (*(str(n) for n in range(1, heat.shutdown)), "S")
    for family in FAMILIES:
        template = load_template(family)
        kept = {t in heat.types for t in template.types}
        assert len(kept) <= 1, (family, template.types)
        assert template.heat_scale == (boxes if kept == {True} else ()), family


@pytest.mark.slow
def test_the_printed_page_has_asces_modifiers_and_the_house_pack_seed_004s(
    cli_run: Any, tmp_path: Path
) -> None:
    lines = _printed(cli_run, tmp_path, "asce")
    # ASCE p.42 (attacker movement), p.43–44 (terrain, physical attacks), p.48 (rear).
    assert _line(lines, "Attacker jumped this turn").endswith("+2")
    assert _line(lines, "Attacker stood still this turn").endswith("−1")
    assert _line(lines, "Woods:").endswith(" +1")
    assert _line(lines, "Partial cover").endswith(" +1")
    assert _line(lines, "Physical attack: standard or melee / charge / death from above").endswith(
        " +0 / +1 / +1"
    )
    assert _line(lines, "Short (S)") == 'Short (S) up to 6" +0'
    assert _line(lines, "Medium (M)") == 'Medium (M) over 6" to 24" +2'
    assert _line(lines, "Long (L)") == 'Long (L) over 24" to 42" +4'
    assert _line(lines, "Attack into the rear arc").endswith("+1 damage")
    # Seed 004, "Secuencia de juego": 2D6 initiative, loser moves first, moves alternate
    # in proportion to the units, simultaneous fire, then the end phase.
    turn = " ".join(
        ln for ln in lines if ln.startswith(("Initiative", "Movement", "Combat", "End"))
    )
    for words in ("rolls 2D6", "the loser moves first", "twice", "simultaneous", "restart"):
        assert words in turn, words

    house = paths.templates_dir() / "cards" / "house" / "seed-004.toml"
    config_cards = Path(os.environ["CARDSMITH_CONFIG_DIR"]) / "templates" / "cards"
    config_cards.mkdir(parents=True, exist_ok=True)
    shutil.copy(house, config_cards / "reference-house.toml")
    lines = _printed(cli_run, tmp_path, "seed-004")
    assert _line(lines, "Woods:").endswith(" +2")
    assert _line(lines, "Partial cover").endswith(" +2")
    assert _line(lines, "Physical attack: standard / melee / charge").endswith(" +0 / +1 / +2 / +3")
    assert not [ln for ln in lines if ln.startswith(("Attacker jumped", "Attacker stood"))]
    assert _line(lines, "Long (L)") == "Long (L) 25 to 48 hexes +4"
