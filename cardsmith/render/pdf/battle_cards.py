"""Provides ``draw_marked_cards``: a battle's unit cards re-printed with what they have taken.

Each card is the one ``cardsmith print`` draws, with the armor and structure pips lost
filled, the heat level and the crit boxes so far ticked.  The marks come from the
battle engine's one view of a unit in play (``battle.view``), the view ``battle show``
and the app's battle grid read, so paper and screen agree.
"""

from __future__ import annotations

from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from cardsmith.battle.state import Battle
from cardsmith.battle.view import battle_view
from cardsmith.render.content.card import marks_in_play
from cardsmith.render.content.multi_profile import sheet_card
from cardsmith.render.layout.paper import sheet_layout
from cardsmith.render.pdf.fonts import FontSet
from cardsmith.render.pdf.record_sheets import SlotCard, draw_grid


def draw_marked_cards(
    canvas: Canvas, battle: Battle, paper: str, fonts: FontSet, mono: bool
) -> None:
    """Every unit's card as printed, with its lost pips filled, heat level and crits ticked,
    from the battle engine's one view of each unit; one side's cards after the other's."""
    layout = sheet_layout(paper)
    views = {view.key: view for view in battle_view(battle)}
    for side in sorted({state.side for state in battle.units}):
        cards: list[SlotCard] = []
        for state in battle.units:
            if state.side != side:
                continue
            card = sheet_card(battle.force_entry(state), index=state.index)
            cards.append(replace(card, marks=marks_in_play(views[state.key])))
        label = f"{battle.side_name(side)} · turn {battle.turn}, as it stands"
        draw_grid(canvas, cards, layout, fonts, mono, label)
