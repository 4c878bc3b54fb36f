"""Provides the battle sheet's content: rule-card sections from the packs, unit rows from the battle.

No drawing here: ``rule_cards`` turns each optional rule switched on in a battle into
titled sections (wording from the layout, numbers and the modifier table from the pack),
and ``unit_rows`` gives every unit's current values from the one view of a unit in play
(``cardsmith.battle.view``), the view ``battle show`` and the app's grid print.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardsmith.battle.state import HEAT_SHUTDOWN, Battle, heat_text
from cardsmith.battle.view import UnitInPlay, battle_view
from cardsmith.render.layout.battle_sheet import BattleSheetLayout, RuleCardSpec
from cardsmith.rules.engine import load_pack
from cardsmith.rules.optional import BetrayalRule, TnModifier
from cardsmith.wording import count

#: How a modifier's state field reads on the card (``cardsmith.rules.optional.STATE_FIELDS``).
FIELD_WORDS: Mapping[str, str] = {
    "structure_exposed": "armor gone, structure damaged",
    "pilot_wounds": "pilot wounds",
    "heat": "heat",
    "piloting": "piloting skill",
    "commander": "force commander",
}


@dataclass(frozen=True, slots=True)
class CardSection:
    """One section of a rule card: a heading, then a paragraph or a small table."""

    id: str
    heading: str
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    """Table rows (a modifier: label, condition, value; an objective: letter, name, what)."""


@dataclass(frozen=True, slots=True)
class RuleCard:
    """The reference card of one optional rule switched on in a battle."""

    pack: str
    rule: str
    title: str
    subtitle: str
    """The rule's other names (the seed's own terms), so players can find it."""
    sections: tuple[CardSection, ...]


@dataclass(frozen=True, slots=True)
class UnitRow:
    """One unit's line in the state table, and the detail line under it."""

    key: str
    cells: Mapping[str, str]
    """Cell text by column id (``battle_layout.TABLE_COLUMNS``)."""
    detail: str
    out_of_play: bool
    """Destroyed or withdrawn: printed grey."""


def condition_text(modifier: TnModifier) -> str:
    """The condition of a TN modifier in short words (``heat 3``, ``piloting skill ≥ 6``)."""
    word = FIELD_WORDS.get(modifier.when, modifier.when.replace("_", " "))
    if modifier.when == "heat":
        # Heat S is stored as 4 (the pack's heat mapping); print it as the card does.
        if modifier.equals is not None:
            return f"heat {heat_text(modifier.equals)}"
        if modifier.at_least is not None:
            if modifier.at_least >= HEAT_SHUTDOWN:
                return f"heat {heat_text(modifier.at_least)}"
            return f"heat ≥ {modifier.at_least}"
    if modifier.equals is not None:
        return f"{word} {modifier.equals}"
    if modifier.at_least is not None:
        return f"{word} ≥ {modifier.at_least}" if modifier.at_least > 1 else word
    return word


def caveat(description: str, lead: str = "Commander:") -> str:
    """The pack description's caveat that begins with ``lead`` (to its end), or empty."""
    text = " ".join(description.split())
    start = text.find(lead)
    return text[start:] if start >= 0 else ""


def betrayal_sections(
    rule: BetrayalRule, spec: RuleCardSpec, note: str = ""
) -> tuple[CardSection, ...]:
    """The sections of a Betrayal card, in the layout's order, filled from the pack.

    ``note`` is printed with the modifier table: the pack's caveat on the commander's −2
    (seed 000 II.C's own note calls it harder, though a lower TN makes the turn easier).
    """
    numbers = {
        "base_tn": rule.base_tn,
        "dice": rule.dice.upper(),
        "from_turn": rule.from_turn,
        "range_hexes": rule.range_hexes,
        "skill_penalty": rule.skill_penalty,
        "retry_wait_turns": rule.retry_wait_turns,
    }
    sections: list[CardSection] = []
    for name in spec.sections:
        heading = spec.headings.get(name, name.capitalize())
        if name == "modifiers":
            rows = tuple((m.label, condition_text(m), f"{m.value:+d}") for m in rule.modifiers)
            sections.append(CardSection(name, heading, text=note, rows=rows))
        elif name == "objectives":
            rows = tuple((o.alias or o.id, o.label, o.summary) for o in rule.objectives)
            sections.append(CardSection(name, heading, rows=rows))
        else:
            sections.append(CardSection(name, heading, text=spec.text[name].format(**numbers)))
    return tuple(sections)


def rule_cards(battle: Battle, layout: BattleSheetLayout) -> tuple[RuleCard, ...]:
    """A card for every optional rule of every pack switched on in the battle.

    Raises:
        RulePackError: a pack does not load.
        TemplateError: the layout has no card for one of the rules.
    """
    cards: list[RuleCard] = []
    for pack_id in battle.packs:
        pack = load_pack(pack_id)
        for rule_id, rule in sorted(pack.optional.items()):
            spec = layout.card_for(rule_id)
            if isinstance(rule, BetrayalRule):
                sections = betrayal_sections(rule, spec, caveat(pack.description))
                subtitle = " · ".join(rule.aliases)
            else:  # a rule type without a section builder: its wording only
                sections = tuple(
                    CardSection(n, spec.headings.get(n, n), text=spec.text.get(n, ""))
                    for n in spec.sections
                )
                subtitle = ""
            cards.append(RuleCard(pack.id, rule_id, pack.title, subtitle, sections))
    return tuple(cards)


def unit_rows(battle: Battle) -> tuple[UnitRow, ...]:
    """Every unit's current state and values, in side and entry order (the one view of a unit)."""
    rows: list[UnitRow] = []
    for view in battle_view(battle):
        controller = view.controller_name
        if view.turned:
            controller += f" (from {view.side_name})"
        cells = {
            "key": view.key,
            "unit": view.name,
            "type": view.type_code,
            "controller": controller,
            "armor": f"{view.armor_left}/{view.armor}",
            "structure": f"{view.structure_left}/{view.structure}",
            "heat": view.heat_text,
            "move": view.move_text,
            "tmm": str(view.tmm),
            "damage": view.damage_text,
            "to_hit": view.to_hit_text,
            "skill": f"{view.weapon_skill}/{view.piloting_skill}",
            "pv": str(view.pv),
        }
        rows.append(UnitRow(view.key, cells, detail(view), view.out_of_play))
    return tuple(rows)


def detail(view: UnitInPlay) -> str:
    """Crits, status words, specials after weapon hits and staged changes, in one line."""
    parts: list[str] = []
    if view.crits:
        parts.append(f"crits: {view.crits_text}")
    parts.extend(view.flags)
    if view.changed_specials:
        parts.append("specials now: " + ", ".join(view.changed_specials))
    if view.staged:
        parts.append(f"{count(view.staged, 'change')} waiting for the End Phase")
    return "; ".join(parts)
