"""``battle print`` re-prints every unit's card with its damage, heat and crits so far marked."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pdfplumber
from battle.conftest import BattleFile, two_sides
from battle.conftest import battle_file as battle_file  # the fixture, shared
from render.conftest import MM, in_box

from cardsmith.battle import actions
from cardsmith.battle.crits import CritKind
from cardsmith.battle.view import unit_in_play
from cardsmith.render.layout.card import load_template
from cardsmith.render.layout.paper import sheet_layout
from cardsmith.render.pdf.battle_sheet import battle_sheet_bytes


def _rect(slot: int, box: Any) -> tuple[float, float, float, float]:
    layout = sheet_layout("letter")
    left, top = layout.card_origin(slot)
    return (
        (left + box.x) * MM,
        (top + box.y) * MM,
        (left + box.right) * MM,
        (top + box.bottom) * MM,
    )


def _marks(page: Any, slot: int) -> tuple[int, int, int]:
    """(black pips, crossed crit boxes, crossed heat boxes) on the 'Mech card in ``slot``."""
    boxes = load_template("mech").boxes
    pips = [c for c in page.curves if in_box(c, _rect(slot, boxes["armor"]), slack=0.5)]
    black = [p for p in pips if p["fill"] and p.get("non_stroking_color") in ((0,), (0.0,), 0, [0])]
    crossings = [
        line
        for line in page.lines
        if abs(line["x1"] - line["x0"]) > 0.3 and abs(line["bottom"] - line["top"]) > 0.3
    ]
    crit = [c for c in crossings if in_box(c, _rect(slot, boxes["crits"]), slack=0.2)]
    heat = [c for c in crossings if in_box(c, _rect(slot, boxes["heat"]), slack=0.2)]
    return len(black), len(crit) // 2, len(heat) // 2


def test_cards_come_back_marked_as_the_unit_stands() -> None:
    battle = two_sides()
    battle = actions.damage(battle, "1.1", 7, now=True)  # 5 armor and 2 structure
    battle = actions.crit(battle, "1.1", CritKind.FIRE_CONTROL, now=True)
    battle = actions.crit(battle, "1.1", CritKind.MP, now=True)
    battle = actions.set_heat(battle, "1.1", 2)
    view = unit_in_play(battle, battle.units[0])
    lost = (view.armor - view.armor_left) + (view.structure - view.structure_left)
    assert lost == 7
    data = battle_sheet_bytes(battle)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        texts = [p.extract_text() or "" for p in pdf.pages]
        first = next(i for i, t in enumerate(texts) if "Blue · turn" in t)
        blue = pdf.pages[first]
        assert "Blue Mech" in texts[first] and "Blue Tank" in texts[first]
        assert _marks(blue, 0) == (lost, 2, 1)
        red = pdf.pages[first + 1]
        assert "Red · turn" in texts[first + 1]
        assert _marks(red, 0) == (0, 0, 0)  # untouched: nothing marked


def test_no_cards_leaves_the_sheet_alone() -> None:
    battle = two_sides()
    with pdfplumber.open(io.BytesIO(battle_sheet_bytes(battle, cards_too=False))) as pdf:
        assert not any("turn 1, as it stands" in (p.extract_text() or "") for p in pdf.pages)


def test_battle_print_refuses_to_write_over_the_battle(
    tmp_path: Path, cli_run: Any, battle_file: BattleFile
) -> None:
    path = battle_file()
    before = path.read_bytes()
    result = cli_run("battle", "print", str(path), "-o", str(path))
    assert result.code == 2 and path.read_bytes() == before
    assert "one of the files being printed" in result.stderr
    out = tmp_path / "sheet.pdf"
    assert cli_run("battle", "print", str(path), "-o", str(out)).code == 0


def test_status_table_shortens_a_long_name_from_the_middle() -> None:
    from battle.conftest import entry, make_unit

    long_name = 'Trinity Medium Battle Armor (Theseus Support) "Killshot" (Sqd6)'
    battle = two_sides(blue=(entry(make_unit(long_name)),))
    with pdfplumber.open(io.BytesIO(battle_sheet_bytes(battle, cards_too=False))) as pdf:
        table = next(p.extract_text() for p in pdf.pages if "Units now" in (p.extract_text() or ""))
    row = next(line for line in table.splitlines() if line.startswith("1.1 "))
    assert "(Sqd6)" in row and "…" in row, row
