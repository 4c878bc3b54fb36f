"""Provides the battle sheet's content: rule-card sections from the packs, unit rows from play.

No drawing here: ``rule_cards`` turns each optional rule switched on in a battle into
titled sections (wording from the layout, numbers and the modifier table from the pack),
and ``unit_rows`` gives every unit's current values from ``cardsmith.battle.effects``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardsmith.battle import effects
from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import HEAT_SHUTDOWN, Battle, UnitState, heat_text
from cardsmith.models import ForceEntry
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


def betrayal_sections(rule: BetrayalRule, spec: RuleCardSpec) -> tuple[CardSection, ...]:
    """The sections of a Betrayal card, in the layout's order, filled from the pack."""
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
            sections.append(CardSection(name, heading, rows=rows))
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
                sections = betrayal_sections(rule, spec)
                subtitle = " · ".join(rule.aliases)
            else:  # a rule type without a section builder: its wording only
                sections = tuple(
                    CardSection(n, spec.headings.get(n, n), text=spec.text.get(n, ""))
                    for n in spec.sections
                )
                subtitle = ""
            cards.append(RuleCard(pack.id, rule_id, pack.title, subtitle, sections))
    return tuple(cards)


def _skill(entry: ForceEntry, state: UnitState) -> str:
    return f"{effects.weapon_skill(entry, state)}/{effects.piloting_skill(entry, state)}"


def unit_rows(battle: Battle) -> tuple[UnitRow, ...]:
    """Every unit's current state and values, in side and entry order."""
    rows: list[UnitRow] = []
    for state, entry in battle.pairs():
        unit = entry.unit
        move = effects.current_move(entry, state, turn=battle.turn)
        bands = "SMLE" if effects.family(unit) == "fighter" else "SML"
        damage = effects.current_damage(entry, state)[: len(bands)]
        hits = [effects.to_hit(entry, state, b, turn=battle.turn) for b in bands]
        controller = battle.side_name(state.controller)
        if state.controller != state.side:
            controller += f" (from {battle.side_name(state.side)})"
        cells = {
            "key": state.key,
            "unit": entry.name,
            "type": unit.type_code,
            "controller": controller,
            "armor": f"{unit.armor - state.armor_damage}/{unit.armor}",
            "structure": f"{unit.structure - state.structure_damage}/{unit.structure}",
            "heat": heat_text(state.heat) if effects.tracks_heat(unit) else "-",
            "move": move.text,
            "tmm": str(move.tmm),
            "damage": "/".join(str(d) for d in damage),
            "to_hit": "/".join("-" if h is None else str(h) for h in hits),
            "skill": _skill(entry, state),
            "pv": str(unit.pv),
        }
        rows.append(UnitRow(state.key, cells, _detail(battle, state, entry), state.out_of_play))
    return tuple(rows)


def _detail(battle: Battle, state: UnitState, entry: ForceEntry) -> str:
    """Crits, pilot, flags, betrayal penalties and objective, specials after weapon hits."""
    parts: list[str] = []
    if state.crits:
        counts = dict.fromkeys(state.crits, 0)
        for crit in state.crits:
            counts[crit] += 1
        parts.append(
            "crits: "
            + ", ".join(f"{k.label}" + (f" ×{n}" if n > 1 else "") for k, n in counts.items())
        )
    flags = [
        f
        for f in ("destroyed", "withdrawn", "crashed", "shutdown", "pilotless")
        if getattr(state, f)
    ]
    if effects.permanently_immobile(entry, state) and not state.out_of_play:
        flags.append("immobile")
    if state.stunned_turn == battle.turn:
        flags.append("crew stunned")
    parts.extend(flags)
    if state.pilot_wounds:
        parts.append(f"pilot wounds {state.pilot_wounds}")
    if state.weapon_penalty or state.piloting_penalty:
        parts.append(f"penalty +{state.weapon_penalty} weapons, +{state.piloting_penalty} piloting")
    if state.objective:
        parts.append(f"objective: {state.objective}")
    if state.count(CritKind.WEAPON):
        changed = [
            now.text
            for now, printed in zip(
                effects.specials_after_hits(entry, state), entry.unit.specials, strict=True
            )
            if now.text != printed.text
        ]
        if changed:
            parts.append("specials now: " + ", ".join(changed))
    pending = sum(1 for c in battle.pending if c.unit == state.key)
    if pending:
        parts.append(f"{count(pending, 'change')} waiting for the End Phase")
    return "; ".join(parts)
