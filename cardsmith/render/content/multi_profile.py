"""Provides ``MultiCardData``: the one card of a unit with several profiles, for PDF and terminal.

Pure: no drawing library.  Every profile is a row of one table; the damage track is
printed once because damage and states stay with the unit when it switches profile
(issue 8; ASCE land-air 'Mech and QuadVee modes share armor and structure).  Alpha
Strike rows show MV/THR, TMM, damage with the target number in the header (skill + range
modifier, ASCE p.44) and the specials that differ between profiles; a generic system's
rows show the columns its ``templates/systems/<id>.toml`` defines and its ``track``
column becomes the shared wound track.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cardsmith.battle.crits import CritTrack
from cardsmith.errors import RenderError, TemplateError
from cardsmith.forces.pricing import adjusted_pv
from cardsmith.forces.spas import card_numbers
from cardsmith.models import ForceEntry, Pilot, Unit
from cardsmith.models.profiles import ALPHA_STRIKE, ProfileSet
from cardsmith.models.stats import format_move
from cardsmith.profiles.catalogues import GameSystem, SwitchRule, load_switch_rules, load_system
from cardsmith.profiles.modes import profile_set
from cardsmith.render.content.card import (
    RANGE_MODIFIERS,
    CardData,
    CardMarks,
    SpaLine,
    card_for,
    pilot_text,
    pv_by_skill,
    spa_catalogue_for,
    spa_lines,
    spa_text,
    template_for,
    unit_tracks,
)
from cardsmith.render.layout.multi_profile import MultiTemplate, load_multi_template

#: The switch rules of Alpha Strike's own mode changes (``templates/profiles``): their
#: card text names the unit's own modes rather than the rule's generic list.
MODE_RULES = frozenset({"lam", "quadvee"})

#: How each pricing rule reads on a card and in listings.
PRICING_TEXT = {"first": "first profile", "max": "dearest profile", "fixed": "fixed"}


@dataclass(frozen=True, slots=True)
class ProfileRow:
    """One profile as a table row: its name and one cell per column."""

    name: str
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MultiCardData:
    """Everything printed on a multi-profile card, already turned into text and counts."""

    template: MultiTemplate
    name: str
    system: str
    """``alpha-strike`` or a generic system id (``skirmish``)."""
    system_title: str
    columns: tuple[str, ...]
    """Headers after the profile name: ``TP MV/THR TMM S 4+ … SPECIAL`` or the system's."""
    damage_columns: tuple[int, int]
    """Start and end (exclusive) of the damage brackets within ``columns`` (0, 0 if none)."""
    rows: tuple[ProfileRow, ...]
    info: tuple[tuple[str, str], ...]
    """The base-info line as (label, value) pairs."""
    points_label: str
    """``PV`` for Alpha Strike, ``PTS`` for other systems."""
    pv: int
    base_pv: int
    skill: int | None
    """Alpha Strike skill; None for systems without one."""
    armor: int
    structure: int
    track_name: str
    """Empty for armor/structure pips; the wound column's name (``W``) otherwise."""
    wounds: int
    overheat: str
    """OV per profile (``1`` or ``1/0/0``); empty when no profile tracks heat."""
    heat_scale: tuple[str, ...]
    specials: tuple[str, ...]
    """Specials every profile shares (Alpha Strike) or the profiles' notes."""
    rule_name: str
    rule_text: str
    pricing: str
    pilot: str
    spas: tuple[SpaLine, ...]
    commander: bool = False
    group: str = ""
    mul_id: int = 0
    index: int | None = None
    pv_table: tuple[tuple[int, int], ...] = ()
    """(skill, PV) for every skill, on a blank-skill card."""
    crits: tuple[CritTrack, ...] = ()
    """The crit tracks every profile shares (a LAM's 'Mech tracks, a QuadVee's and its
    motive track), from the battle engine's one definition; none for other systems."""
    marks: CardMarks | None = None
    """Damage, heat and crits so far (``battle print``); None on a fresh card."""
    crits_title: str = "CRITICAL HITS (shared by every mode)"
    """The crit box's heading; it names the profiles when the switch rule does not."""

    @property
    def profile_names(self) -> tuple[str, ...]:
        """The profiles in order."""
        return tuple(r.name for r in self.rows)

    @property
    def pilot_line(self) -> str:
        """Pilot, commander mark and group, for the line under the name."""
        return pilot_text(self.pilot, self.commander, self.group)

    @property
    def info_line(self) -> str:
        """The base-info line as text."""
        return "   ".join(f"{k} {v}" for k, v in self.info)

    @property
    def rule_line(self) -> str:
        """The switch rule in short words: name (with X) and summary."""
        return f"{self.rule_name}: {self.rule_text}" if self.rule_text else self.rule_name

    @property
    def spa_line(self) -> str:
        """SPAs with what they change, or an empty string."""
        return spa_text(self.spas)

    @property
    def footer(self) -> str:
        """Card id: force position and MUL (or custom) id."""
        where = f"#{self.index} · " if self.index is not None else ""
        if self.mul_id > 0:
            return f"{where}MUL {self.mul_id}"
        if self.mul_id < 0:
            return f"{where}custom {self.mul_id}"
        return where.rstrip(" ·")


SheetCard = CardData | MultiCardData
"""What one card slot of a sheet holds."""


def multi_card_for(
    item: ForceEntry | Unit,
    *,
    index: int | None = None,
    unit_profiles: ProfileSet | None = None,
    blank_skill: bool = False,
) -> MultiCardData:
    """The multi-profile card of an entry or bare unit (skill 4).

    A blank-skill card (Alpha Strike profiles only) leaves the skill to write in: the
    damage headers give the range modifier and the card lists the PV at every skill.

    Raises:
        RenderError: the unit has a single profile, or its profiles cannot be printed.
    """
    entry = item if isinstance(item, ForceEntry) else ForceEntry(unit=item, pilot=Pilot())
    unit = entry.unit
    unit_profiles = unit_profiles or profile_set(unit)
    if unit_profiles is None:
        raise RenderError(f"{unit.name} has a single profile; print it on its own card")
    try:
        template = load_multi_template()
        rule = load_switch_rules().get(unit_profiles.switch_rule)
        system = None if unit_profiles.system == ALPHA_STRIKE else load_system(unit_profiles.system)
    except TemplateError as exc:
        raise RenderError(f"{unit.name}: {exc.message}") from exc
    rule_name, rule_text = switch_text(rule, unit_profiles)
    catalogue = spa_catalogue_for(entry.spas)
    common = dict(
        template=template,
        name=unit.name,
        system=unit_profiles.system,
        rule_name=rule_name,
        rule_text=rule_text,
        pricing=PRICING_TEXT.get(unit_profiles.pricing, unit_profiles.pricing),
        pilot=entry.pilot.name.strip(),
        spas=tuple(spa_lines(entry.spas, catalogue)),
        commander=entry.commander,
        group=entry.group,
        mul_id=unit.mul_id,
        index=index,
    )
    if system is None:
        card = _alpha_strike(entry, unit_profiles, common)
        if unit_profiles.switch_rule in MODE_RULES:
            # Name only the modes this unit has: a bimodal LAM has no AirMech mode.
            card = replace(card, rule_text=shared_text(card.profile_names))
        else:
            # The rule's text is about switching: the crit box says who shares the tracks.
            card = replace(
                card, crits_title=f"CRITICAL HITS (shared by {and_join(card.profile_names)})"
            )
        return _blank_skill(card) if blank_skill else card
    return _generic(entry, unit_profiles, system, common)


def and_join(names: Sequence[str]) -> str:
    """``BattleMech, AirMech and Fighter``."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def shared_text(names: Sequence[str]) -> str:
    """``BattleMech and Fighter modes share armor, structure and critical hits.``"""
    return f"{and_join(names)} modes share armor, structure and critical hits."


def _blank_skill(card: MultiCardData) -> MultiCardData:
    """The card with its skill left to write in and the PV per skill listed."""
    start, end = card.damage_columns
    columns = list(card.columns)
    for i in range(start, end):
        band = columns[i].split()[0]
        columns[i] = f"{band} +{RANGE_MODIFIERS.get(band, 0)}"
    info = tuple((k, "____" if k == "SKILL" else v) for k, v in card.info)
    return replace(
        card,
        columns=tuple(columns),
        info=info,
        skill=None,
        pv=card.base_pv,
        pv_table=pv_by_skill(card.base_pv),
    )


def switch_text(rule: SwitchRule | None, unit_profiles: ProfileSet) -> tuple[str, str]:
    """The rule's name with its number filled in, and its summary (``X`` → the number)."""
    if rule is None:
        return unit_profiles.switch_rule or "Switch rule not given", ""
    name, summary, value = rule.name, rule.summary, unit_profiles.switch_value
    if value is not None and rule.value == "wounds":
        name = re.sub(r"\bX\b", str(value), name)
        summary = re.sub(r"\bX\b", str(value), summary)
    elif value is not None:
        name = f"{name} MOD {value:+d}"
    return name, summary


def _alpha_strike(
    entry: ForceEntry, unit_profiles: ProfileSet, common: dict[str, object]
) -> MultiCardData:
    unit = entry.unit
    stats = [p.stats for p in unit_profiles.profiles]
    if any(s is None or s.type is None for s in stats):
        raise RenderError(f"{unit.name}: an Alpha Strike profile has no stats")
    profiles = [s for s in stats if s is not None]
    # Per-profile cards give the brackets and the heat scale; an aerospace profile adds E.
    try:
        templates = [template_for(s) for s in profiles]
        tracks = unit_tracks(unit)
    except TemplateError as exc:
        raise RenderError(f"{unit.name}: {exc.message}") from exc
    ranges = max((t.ranges for t in templates), key=len)
    skill = entry.skill
    shared = [
        s.text
        for s in profiles[0].specials
        if all(s.text in (o.text for o in p.specials) for p in profiles)
    ]
    catalogue = spa_catalogue_for(entry.spas)
    modifiers = dict(RANGE_MODIFIERS)
    moves = [s.move for s in profiles]
    if entry.spas and catalogue is not None:
        # SPAs that change printed numbers (Sniper, Speed Demon) change every profile's.
        numbers = [card_numbers(s, skill, entry.spas, catalogue) for s in profiles]
        modifiers.update(numbers[0].range_modifiers)
        moves = [n.move for n in numbers]
    headers = [f"{r} {skill + modifiers.get(r, 0)}+" for r in ranges]
    rows = []
    for profile, stats_, template, move_modes in zip(
        unit_profiles.profiles, profiles, templates, moves, strict=True
    ):
        thrust = next((m for m in move_modes if m.is_thrust), None)
        move = f"THR {thrust.inches:g}" if thrust is not None else format_move(move_modes) or '0"'
        damage = [
            str(stats_.damage[i]) if r in template.ranges and i < len(stats_.damage) else "—"
            for i, r in enumerate(ranges)
        ]
        differ = [s.text for s in stats_.specials if s.text not in shared]
        cells = (
            stats_.type_code,
            move,
            "—" if thrust is not None else str(stats_.tmm),
            *damage,
            ",".join(differ) or "—",
        )
        rows.append(ProfileRow(profile.name, cells))
    heat = [t.heat_scale for t in templates if t.heat_scale]
    overheats = [str(s.overheat) for s, t in zip(profiles, templates, strict=True) if t.heat_scale]
    first = 3  # TP, MV/THR, TMM come before the damage brackets
    return MultiCardData(
        system_title="Alpha Strike",
        columns=("TP", "MV/THR", "TMM", *headers, "SPECIAL"),
        damage_columns=(first, first + len(ranges)),
        rows=tuple(rows),
        info=(
            ("SZ", str(unit.size)),
            ("ROLE", unit.role or "None"),
            ("SKILL", str(skill)),
            ("PRICED BY", PRICING_TEXT.get(unit_profiles.pricing, unit_profiles.pricing)),
        ),
        points_label="PV",
        pv=adjusted_pv(unit.pv, skill),
        base_pv=unit.pv,
        skill=skill,
        armor=unit.armor,
        structure=unit.structure,
        track_name="",
        wounds=0,
        overheat="/".join(overheats) if len(set(overheats)) > 1 else "".join(overheats[:1]),
        heat_scale=heat[0] if heat else (),
        specials=tuple(shared),
        crits=tracks,
        **common,  # type: ignore[arg-type]
    )


def _generic(
    entry: ForceEntry, unit_profiles: ProfileSet, system: GameSystem, common: dict[str, object]
) -> MultiCardData:
    unit = entry.unit
    columns = [c.id for c in system.columns if any(p.value(c.id) for p in unit_profiles.profiles)]
    rows = tuple(
        ProfileRow(p.name, tuple(p.value(c) or "—" for c in columns))
        for p in unit_profiles.profiles
    )
    # The shared track is as long as the sturdiest profile's (each row shows its own value).
    wounds = max(
        (int(v) for p in unit_profiles.profiles if (v := p.value(system.track)) and v.isdigit()),
        default=0,
    )
    notes = tuple(f"{p.name}: {p.notes}" for p in unit_profiles.profiles if p.notes)
    points = unit.pv
    return MultiCardData(
        system_title=system.title,
        columns=tuple(columns),
        damage_columns=(0, 0),
        rows=rows,
        info=(
            ("SYSTEM", system.title),
            ("PRICED BY", PRICING_TEXT.get(unit_profiles.pricing, unit_profiles.pricing)),
        ),
        points_label="PTS",
        pv=points,
        base_pv=points,
        skill=None,
        armor=0,
        structure=0,
        track_name=system.track,
        wounds=wounds,
        overheat="",
        heat_scale=(),
        specials=notes,
        **common,  # type: ignore[arg-type]
    )


def sheet_card(
    entry: ForceEntry, *, index: int | None = None, blank_skill: bool = False
) -> SheetCard:
    """The card an entry prints on: the multi-profile card, or its type's own card."""
    unit_profiles = profile_set(entry.unit)
    if unit_profiles is not None:
        return multi_card_for(
            entry, index=index, unit_profiles=unit_profiles, blank_skill=blank_skill
        )
    return card_for(entry, index=index, blank_skill=blank_skill)


def sheet_cards(entries: Sequence[ForceEntry]) -> list[SheetCard]:
    """Cards of every entry, numbered from 1 as the CLI numbers them."""
    return [sheet_card(e, index=i) for i, e in enumerate(entries, start=1)]
