"""Provides ``CardData``: what one unit's card shows, worked out once for PDF and terminal.

Pure: no drawing library.  The values follow ASCE p.26-27 ("The Unit Card") and the
per-type layout of alpha-strike-facts §3; the target number at each range is the skill
plus the range modifier (+0/+2/+4/+6, ASCE p.44; seed 004 "Modificador por alcance").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TypeVar

from cardsmith.battle.crits import CritTrack, crit_tracks, is_aerospace
from cardsmith.battle.effects import moves_by_thrust, tracks_heat
from cardsmith.battle.view import UnitInPlay
from cardsmith.errors import RenderError, TemplateError
from cardsmith.forces.pricing import adjusted_pv
from cardsmith.forces.spas import CardEffect, SpaCatalogue, card_numbers, chosen_band, load_spas
from cardsmith.models import ForceEntry, Pilot, Unit, UnitType
from cardsmith.models.force import DEFAULT_SKILL, MAX_SKILL, MIN_SKILL
from cardsmith.models.stats import Movement, format_move
from cardsmith.render.layout.card import CardTemplate, load_template, template_for_type

#: Per print, what has been worked out for each unit (its card template, crit tracks and
#: whether it keeps heat): these read data files, and one print asks for each unit once.
T = TypeVar("T")
_PRINT_MEMO: ContextVar[dict[tuple[str, int], object] | None] = ContextVar(
    "print_memo", default=None
)


@contextmanager
def one_print() -> Iterator[None]:
    """Within the block, each unit's template, tracks and heat are worked out once (a data
    file edited meanwhile is read again by the next print)."""
    token = _PRINT_MEMO.set({})
    try:
        yield
    finally:
        _PRINT_MEMO.reset(token)


def _memo(kind: str, unit: Unit, work: Callable[[Unit], T]) -> T:
    memo = _PRINT_MEMO.get()
    if memo is None:
        return work(unit)
    key = (kind, id(unit))
    if key not in memo:
        memo[key] = (unit, work(unit))  # the unit is kept so its id stays its own
    found: tuple[Unit, T] = memo[key]  # type: ignore[assignment]
    return found[1]


def unit_tracks(unit: Unit) -> tuple[CritTrack, ...]:
    """The crit tracks the battle engine gives the unit (one definition for play and paper)."""
    return _memo("tracks", unit, crit_tracks)


def keeps_heat(unit: Unit) -> bool:
    """True when the unit has a heat scale (ASCE p.28)."""
    return _memo("heat", unit, tracks_heat)


#: To-hit modifier per range bracket (ASCE p.44; seed 004 range table; E for aerospace).
RANGE_MODIFIERS: dict[str, int] = {"S": 0, "M": 2, "L": 4, "E": 6}


@dataclass(frozen=True, slots=True)
class RangeColumn:
    """One damage bracket: its label, modifier, printed value and target number."""

    label: str
    modifier: int
    value: str
    """Damage as printed: ``3``, ``0*`` (minimal damage) or ``0``."""
    target: int | None
    """Skill + range modifier: roll this or more on 2D6 (before other modifiers); None
    on a blank-skill card, where the player adds the modifier to the skill written in."""

    @property
    def target_text(self) -> str:
        """``TN 6+``, or ``skill+2`` on a blank-skill card."""
        return f"TN {self.target}+" if self.target is not None else f"skill+{self.modifier}"


@dataclass(frozen=True, slots=True)
class SpaLine:
    """A special pilot ability as the card shows it: a name and what it changes."""

    id: str
    name: str
    effect: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.effect})" if self.effect else self.name


@dataclass(frozen=True, slots=True)
class CardMarks:
    """What a unit has taken so far in play, marked on its re-printed card."""

    armor: int = 0
    """Armor points lost (filled pips)."""
    structure: int = 0
    heat: int = 0
    """Current heat level, 0-4 (4 is S, shutdown)."""
    crits: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Crit track name → boxes ticked in each of its groups (``MOTIVE`` has three)."""

    def ticked(self, track: str, group: int) -> int:
        """Boxes ticked in one group of a track."""
        counts = self.crits.get(track, ())
        return counts[group] if group < len(counts) else 0


def marks_in_play(view: UnitInPlay) -> CardMarks:
    """The marks of a unit in play (the battle engine's one view of it): points lost,
    the heat level and the boxes its crits fill."""
    return CardMarks(
        armor=view.armor - view.armor_left,
        structure=view.structure - view.structure_left,
        heat=view.heat or 0,
        crits={t.track.name: t.marked for t in view.tracks},
    )


@dataclass(frozen=True, slots=True)
class CardData:
    """Everything printed on one card, already turned into text and counts."""

    family: str
    template: CardTemplate
    name: str
    variant: str
    type_code: str
    size: int
    move: str
    """Movement (``10"j``), empty for units that use thrust."""
    tmm: int | None
    """TMM, None for aerospace units (they show THR instead)."""
    thrust: str
    """Thrust (``6a``) for aerospace units, empty otherwise."""
    role: str
    skill: int | None
    """None on a blank-skill card: the skill is written in, the PV read from ``pv_table``."""
    pv: int
    """PV at the entry's skill."""
    base_pv: int
    """PV at skill 4, as the MUL prints it."""
    damage: tuple[RangeColumn, ...]
    overheat: int | None
    """OV, None for units without a heat scale."""
    heat_scale: tuple[str, ...]
    armor: int
    structure: int
    threshold: int | None
    """Damage threshold for aerospace units, None otherwise."""
    squad: int | None
    """Battle armor troopers (MUL ``(SqdN)``)."""
    specials: tuple[str, ...]
    crits: tuple[CritTrack, ...]
    pilot: str
    spas: tuple[SpaLine, ...]
    commander: bool = False
    group: str = ""
    mul_id: int = 0
    index: int | None = None
    """1-based position in the force, when the card comes from a force."""
    pv_table: tuple[tuple[int, int], ...] = ()
    """(skill, PV) for every skill, on a blank-skill card (ASCE p.29 skill PV table)."""
    marks: CardMarks | None = None
    """Damage, heat and crits so far (``battle print``); None on a fresh card."""

    @property
    def title(self) -> str:
        """Name as printed on the card's first line."""
        return self.name

    @property
    def info_pairs(self) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
        """The two base-info lines as (label, value) pairs: TP/SZ/TMM/MV (or THR), role/skill."""
        first = [("TP", self.type_code), ("SZ", str(self.size))]
        if self.thrust:
            first.append(("THR", self.thrust))
        else:
            first.append(("TMM", str(self.tmm)))
            first.append(("MV", self.move or '0"'))
        skill = "____" if self.skill is None else str(self.skill)
        second = [("ROLE", self.role), ("SKILL", skill)]
        if self.skill is not None and self.pv != self.base_pv:
            second.append(("BASE PV", str(self.base_pv)))
        return tuple(first), tuple(second)

    @property
    def info_lines(self) -> tuple[str, str]:
        """The two base-info lines as text."""
        first, second = self.info_pairs
        return (
            "   ".join(f"{k} {v}" for k, v in first),
            "   ".join(f"{k} {v}" for k, v in second),
        )

    @property
    def pilot_line(self) -> str:
        """Pilot, commander mark and group, for the line under the name."""
        return pilot_text(self.pilot, self.commander, self.group)

    @property
    def spa_line(self) -> str:
        """SPAs with what they change, or an empty string."""
        return spa_text(self.spas)

    @property
    def footer(self) -> str:
        """Card id: force position and MUL id."""
        where = f"#{self.index} · " if self.index is not None else ""
        return f"{where}MUL {self.mul_id}" if self.mul_id > 0 else where.rstrip(" ·")


def pilot_text(pilot: str, commander: bool, group: str) -> str:
    """Pilot (a write-in line when unnamed), commander mark and group, as printed on a card."""
    parts = [f"Pilot: {pilot}" if pilot else "Pilot: ______________"]
    if commander:
        parts.append("commander")
    if group:
        parts.append(f"group {group}")
    return " · ".join(parts)


def spa_text(spas: Sequence[SpaLine]) -> str:
    """SPAs with what they change, or an empty string."""
    return "SPA: " + "; ".join(str(s) for s in spas) if spas else ""


def card_for(
    item: ForceEntry | Unit,
    *,
    index: int | None = None,
    spa_catalogue: SpaCatalogue | None = None,
    blank_skill: bool = False,
) -> CardData:
    """Work out the card of a force entry (its skill, pilot, SPAs) or of a bare unit (skill 4).

    SPAs that change printed numbers (Sniper's range modifiers, Speed Demon's move) are
    applied to the damage columns' target numbers and to MV/THR.  A blank-skill card
    leaves the skill to be written in and lists the PV at every skill instead.

    Raises:
        RenderError: the unit has no Alpha Strike stats or no card family prints its type.
    """
    if isinstance(item, ForceEntry):
        entry = item
    else:
        entry = ForceEntry(unit=item, skill=DEFAULT_SKILL, pilot=Pilot())
    unit = entry.unit
    if unit.type is None:
        raise RenderError(f"{unit.name} has no Alpha Strike stats and cannot be printed")
    try:
        template = template_for(unit)
        tracks = unit_tracks(unit) if "crits" in template.boxes else ()
    except TemplateError as exc:
        raise RenderError(f"{unit.name}: {exc.message}") from exc
    skill = entry.skill
    catalogue = spa_catalogue if spa_catalogue is not None else spa_catalogue_for(entry.spas)
    modifiers = dict(RANGE_MODIFIERS)
    move = unit.move
    if entry.spas and catalogue is not None:
        numbers = card_numbers(unit, skill, entry.spas, catalogue)
        modifiers.update(numbers.range_modifiers)
        move = numbers.move
    columns = tuple(
        RangeColumn(
            label=label,
            modifier=modifiers.get(label, 0),
            value=str(unit.damage[i]) if i < len(unit.damage) else "0",
            target=None if blank_skill else skill + modifiers.get(label, 0),
        )
        for i, label in enumerate(template.ranges)
    )
    thrust = thrust_text(unit, move)
    aerospace = "E" in template.ranges
    return CardData(
        family=template.family,
        template=template,
        name=unit.name,
        variant=unit.variant,
        type_code=unit.type.value,
        size=unit.size,
        move=format_move(move) if not thrust else "",
        tmm=None if thrust else unit.tmm,
        thrust=thrust,
        role=unit.role or "None",
        skill=None if blank_skill else skill,
        pv=adjusted_pv(unit.pv, skill),
        base_pv=unit.pv,
        damage=columns,
        overheat=unit.overheat if template.heat_scale and keeps_heat(unit) else None,
        # The battle data decides who keeps heat (ASCE p.28); the template only draws it.
        heat_scale=template.heat_scale if keeps_heat(unit) else (),
        armor=unit.armor,
        structure=unit.structure,
        threshold=unit.threshold if (aerospace or unit.threshold) else None,
        squad=unit.squad_size if unit.type.value == "BA" else None,
        specials=tuple(s.text for s in unit.specials),
        crits=tracks,
        pilot=entry.pilot.name.strip(),
        spas=tuple(spa_lines(entry.spas, catalogue)),
        commander=entry.commander,
        group=entry.group,
        mul_id=unit.mul_id,
        index=index,
        pv_table=pv_by_skill(unit.pv) if blank_skill else (),
    )


def template_for(unit: Unit) -> CardTemplate:
    """The card a unit prints on: its type's, except that support vehicles with aerospace
    movement (fixed-wing, airships) print on the aerospace card (ASCE p.184, p.187).

    Raises:
        TemplateError: no card family prints the unit's type.
    """
    if unit.type is UnitType.SV and is_aerospace(unit):
        return load_template("aerospace")
    return template_for_type(unit.type_code)


def thrust_text(unit: Unit, move: Sequence[Movement]) -> str:
    """THR for units that move by thrust (``6a``; a JumpShip's ``200``, never inches)."""
    if not move:
        return ""
    thrust = next((m for m in move if m.is_thrust), None)
    if thrust is not None:
        return str(thrust)
    if moves_by_thrust(unit):
        first = move[0]
        return f"{first.inches:g}{first.mode}"
    return ""


def pv_by_skill(base_pv: int) -> tuple[tuple[int, int], ...]:
    """(skill, PV) for skills 0-7 from a unit's skill-4 PV (ASCE p.29; facts §2)."""
    return tuple((skill, adjusted_pv(base_pv, skill)) for skill in range(MIN_SKILL, MAX_SKILL + 1))


def spa_lines(ids: tuple[str, ...], catalogue: SpaCatalogue | None) -> list[SpaLine]:
    """Name and card effect of each SPA id; ids the catalogue does not know print as they are."""
    lines: list[SpaLine] = []
    for spa_id in ids:
        spa = catalogue.get(spa_id) if catalogue is not None else None
        if spa is None:
            lines.append(SpaLine(spa_id, spa_id))
        else:
            name = catalogue.label(spa_id) if catalogue is not None else spa.name
            lines.append(SpaLine(spa_id, name, effect_text(spa.card_effect, spa_id)))
    return lines


def effect_text(effect: CardEffect | None, spa_id: str = "") -> str:
    """What an SPA changes on the card, in card words: ``MV +2"``, ``TN M+1 L+2 E+3``,
    ``TN S↔L`` (Range Master with the pilot's choice in ``spa_id``, ASCE p.98)."""
    if effect is None:
        return ""
    parts: list[str] = []
    if effect.move_inches:
        parts.append(f'MV {effect.move_inches:+d}"')
    if effect.thrust:
        parts.append(f"THR {effect.thrust:+d}")
    if effect.range_modifiers:
        parts.append("TN " + " ".join(f"{band}+{value}" for band, value in effect.range_modifiers))
    if effect.swap_short_with_choice:
        # Short's modifier trades places with the chosen band's (Long +0, Short +4).
        parts.append(f"TN S↔{chosen_band(spa_id) or 'chosen range'}")
    return ", ".join(parts)


def spa_catalogue_for(ids: tuple[str, ...]) -> SpaCatalogue | None:
    """The SPA catalogue when an entry has SPAs; None when there are none or it fails to load.

    A broken SPA file must not stop a print: the card then shows the bare SPA ids.
    """
    if not ids:
        return None
    try:
        return load_spas()
    except TemplateError:
        return None


def cards_for_force(entries: tuple[ForceEntry, ...]) -> list[CardData]:
    """Cards of every entry, numbered from 1 as the CLI numbers them."""
    catalogue = spa_catalogue_for(tuple(s for e in entries for s in e.spas))
    return [card_for(e, index=i, spa_catalogue=catalogue) for i, e in enumerate(entries, start=1)]
