"""Provides ``UnitInPlay``: the one view of a unit in a battle that every shell and sheet shows.

Current move and TMM, damage and to-hit numbers per range band, heat, armor and
structure (with what staged damage will take in the End Phase), crits and the boxes they
fill on the unit's tracks, specials after weapon hits, status words, who controls the
unit and its profile.  ``battle show``, the app's battle grid and detail, the battle sheet
and marked battle cards all read this view, so the numbers and the wording are the same
everywhere.  Nothing here draws or prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardsmith.battle import actions, effects
from cardsmith.battle.crits import CritKind, CritTrack, crit_tracks
from cardsmith.battle.profile_state import ProfileInfo, is_generic, profile_info, profile_value
from cardsmith.battle.state import Battle, UnitState, heat_text
from cardsmith.models import DamageValue, Special

#: Range bands in card order; aerospace units and large craft have E too.
ALL_BANDS = ("S", "M", "L", "E")


@dataclass(frozen=True, slots=True)
class TrackMarks:
    """One crit track of the unit's card and how many boxes of each group are marked."""

    track: CritTrack
    marked: tuple[int, ...]
    """Per group of ``track.groups``: boxes filled (never more than the group has)."""


@dataclass(frozen=True, slots=True)
class UnitInPlay:
    """Everything shown about one unit in play, worked out once."""

    key: str
    """``<side>.<entry>`` (``2.3``)."""
    name: str
    type_code: str
    side: int
    side_name: str
    controller: int
    controller_name: str
    pilot: str
    skill: int
    weapon_skill: int
    """Skill for weapon attacks (a betrayal's gunnery penalty added)."""
    piloting_skill: int
    pv: int
    armor: int
    armor_left: int
    armor_staged: int
    """Armor points staged damage will take in the End Phase."""
    structure: int
    structure_left: int
    structure_staged: int
    heat: int | None
    """Heat level 0–3, 4 for S; None for a unit without a heat scale."""
    move: effects.MoveNow
    thrust: bool
    """True when the move is thrust (aerospace units, large craft)."""
    bands: tuple[str, ...]
    """The range bands the unit's card shows: ``S M L``, or ``S M L E``."""
    damage: Mapping[str, DamageValue]
    """Damage now per band (all four bands)."""
    to_hit: Mapping[str, int | None]
    """Weapon attack base TN now per band (all four); None: cannot attack at that band."""
    physical_to_hit: int | None
    specials: tuple[Special, ...]
    """Specials after weapon hits (damage-bearing ones lowered)."""
    changed_specials: tuple[str, ...]
    """The specials that weapon hits changed, as they read now."""
    crits: tuple[CritKind, ...]
    """Crits in the order received."""
    tracks: tuple[TrackMarks, ...]
    flags: tuple[str, ...]
    """Status words: destroyed, shut down, immobile, wounds 2, turned from …"""
    staged: int
    """Changes on this unit waiting for the End Phase."""
    out_of_play: bool
    objective: str
    profile: ProfileInfo | None
    generic: bool
    """True for a unit of another game system: its track is a wound column."""
    generic_track: str
    """A generic unit's track now (``W 1/2``); empty for Alpha Strike units."""
    generic_move: str
    """A generic unit's MOV column in its active profile; empty for Alpha Strike units."""
    spas: tuple[str, ...]
    """Ids of the SPAs that changed this unit's move or target numbers."""

    @property
    def turned(self) -> bool:
        """True when another side controls the unit (a betrayal)."""
        return self.controller != self.side

    @property
    def heat_text(self) -> str:
        """``0``–``3`` or ``S``; ``-`` for a unit without a heat scale."""
        return "-" if self.heat is None else heat_text(self.heat)

    @property
    def move_text(self) -> str:
        """Move now as the card prints it (``8"/6"j``); thrust without inches (``5a``, ``200``)."""
        if self.thrust:
            return "/".join(f"{m.inches:g}{m.mode}" for m in self.move.modes) or "0"
        return self.move.text

    @property
    def tmm(self) -> int:
        """TMM now (−4 when the unit cannot move)."""
        return self.move.tmm

    @property
    def damage_text(self) -> str:
        """Damage now over the card's bands (``3/3/2``)."""
        return "/".join(str(self.damage[b]) for b in self.bands)

    @property
    def to_hit_text(self) -> str:
        """Base TN now over the card's bands (``4/6/8``; ``-`` where it cannot attack)."""
        return "/".join("-" if (t := self.to_hit[b]) is None else str(t) for b in self.bands)

    @property
    def crit_counts(self) -> tuple[tuple[CritKind, int], ...]:
        """Each crit kind taken with how many times, in the order first taken."""
        return tuple((k, self.crits.count(k)) for k in dict.fromkeys(self.crits))

    @property
    def crits_text(self) -> str:
        """Crits in words (``Fire control hit ×2, MP hit``), empty when none."""
        return ", ".join(k.label + (f" ×{n}" if n > 1 else "") for k, n in self.crit_counts)

    @property
    def crits_short(self) -> str:
        """Crits in grid words (``2×FC MP``), empty when none."""
        return " ".join(f"{n}×{k.short}" if n > 1 else k.short for k, n in self.crit_counts)

    @property
    def status_text(self) -> str:
        """Every status word, ``ok`` when there is none."""
        return ", ".join(self.flags) or "ok"


def status_words(battle: Battle, state: UnitState) -> tuple[str, ...]:
    """The unit's flags and conditions, each in a few words (one wording for every shell)."""
    entry = battle.entry(state)
    words = [
        word
        for flag, word in (
            ("destroyed", "destroyed"),
            ("withdrawn", "withdrawn"),
            ("crashed", "crashed"),
            ("sunk", "sunk"),
            ("shutdown", "shut down"),
            ("pilotless", "pilotless"),
        )
        if getattr(state, flag)
    ]
    if effects.permanently_immobile(entry, state) and not state.out_of_play:
        words.append("immobile")
    if state.stunned_turn == battle.turn:
        words.append("crew stunned")
    if state.pilot_wounds and not is_generic(battle.force_entry(state)):
        words.append(f"pilot wounds {state.pilot_wounds}")
    if state.controller != state.side:
        words.append(f"turned from {battle.side_name(state.side)}")
    if state.weapon_penalty or state.piloting_penalty:
        words.append(f"skill +{state.weapon_penalty} weapons, +{state.piloting_penalty} piloting")
    if state.objective:
        words.append(f"objective {state.objective}")
    return tuple(words)


def _tracks(battle: Battle, state: UnitState) -> tuple[TrackMarks, ...]:
    out: list[TrackMarks] = []
    for track in crit_tracks(battle.force_entry(state).unit):
        marked = tuple(min(group.boxes, state.count(group.kind)) for group in track.groups)
        out.append(TrackMarks(track, marked))
    return tuple(out)


def unit_in_play(battle: Battle, state: UnitState) -> UnitInPlay:
    """The view of one unit of ``battle`` as it stands now."""
    entry = battle.entry(state)
    unit = entry.unit
    after = actions.projected(battle, state.key)
    armor_left = max(0, unit.armor - state.armor_damage)
    structure_left = max(0, unit.structure - state.structure_damage)
    thrust = effects.moves_by_thrust(unit)
    bands = ALL_BANDS if thrust else ALL_BANDS[:3]
    damage = effects.current_damage(entry, state)
    specials = effects.specials_after_hits(entry, state)
    changed = tuple(
        now.text
        for now, printed in zip(specials, unit.specials, strict=True)
        if now.text != printed.text
    )
    card = effects.card_values(entry)
    force_entry = battle.force_entry(state)
    info = profile_info(force_entry, state)
    generic = is_generic(force_entry)
    track = profile_value(force_entry, state.profile, info.track) if generic and info else None
    return UnitInPlay(
        key=state.key,
        name=entry.name,
        type_code=unit.type_code,
        side=state.side,
        side_name=battle.side_name(state.side),
        controller=state.controller,
        controller_name=battle.side_name(state.controller),
        pilot=entry.pilot.name,
        skill=entry.skill,
        weapon_skill=effects.weapon_skill(entry, state),
        piloting_skill=effects.piloting_skill(entry, state),
        pv=unit.pv,
        armor=unit.armor,
        armor_left=armor_left,
        armor_staged=min(armor_left, after.armor_damage - state.armor_damage),
        structure=unit.structure,
        structure_left=structure_left,
        structure_staged=min(structure_left, after.structure_damage - state.structure_damage),
        heat=state.heat if effects.tracks_heat(unit) else None,
        move=effects.current_move(entry, state, turn=battle.turn),
        thrust=thrust,
        bands=bands,
        damage={b: damage[i] for i, b in enumerate(ALL_BANDS)},
        to_hit={b: effects.to_hit(entry, state, b, turn=battle.turn) for b in ALL_BANDS},
        physical_to_hit=effects.physical_to_hit(entry, state, turn=battle.turn),
        specials=specials,
        changed_specials=changed,
        crits=state.crits,
        tracks=_tracks(battle, state),
        flags=status_words(battle, state),
        staged=sum(1 for c in battle.pending if c.unit == state.key),
        out_of_play=state.out_of_play,
        objective=state.objective,
        profile=info,
        generic=generic,
        generic_track=f"{info.track} {info.wounds}/{track or '?'}" if generic and info else "",
        generic_move=(profile_value(force_entry, state.profile, "MOV") or "") if generic else "",
        spas=card.changed_by,
    )


def battle_view(battle: Battle) -> tuple[UnitInPlay, ...]:
    """Every unit of the battle, in side and entry order."""
    return tuple(unit_in_play(battle, state) for state in battle.units)


def projected_view(battle: Battle, key: str) -> UnitInPlay:
    """The unit as it will stand once its staged damage, crits and wounds apply (heat aside)."""
    after = actions.projected(battle, key)
    rest = tuple(c for c in battle.pending if c.unit != key)
    return unit_in_play(battle.with_unit(after).with_changes(pending=rest), after)
