"""Provides what the app's battle pickers offer: heat sources, crit kinds, flags, optional packs.

A choice's id maps onto the same use case the CLI calls (``services.battle``), so a heat
choice in the app and ``battle heat`` on the command line stage the same change.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardsmith.battle import effects
from cardsmith.battle.crits import CritKind, allowed_crits, crit_tracks, has_motive_table
from cardsmith.battle.state import FLAGS, HEAT_SHUTDOWN, Battle, heat_text
from cardsmith.errors import CardsmithError, UsageError
from cardsmith.models import Unit
from cardsmith.rules.engine import available_packs, load_pack
from cardsmith.services.battle import Outcome, stage_heat


@dataclass(frozen=True, slots=True)
class Choice:
    """One line of a picker: an id the screen hands back, and what the player reads."""

    id: str
    label: str


def heat_choices(battle: Battle, key: str) -> list[Choice]:
    """What the heat picker offers for a unit: End-Phase heat to stage, or a correction."""
    state = battle.unit(key)
    unit = battle.entry(state).unit
    choices = [Choice("fired", "Fired this turn, no OV")]
    choices += [
        Choice(f"ov-{n}", f"Fired with OV {n} (+{n} heat in the End Phase)")
        for n in range(1, unit.overheat + 1)
    ]
    choices += [
        Choice("external-1", "External heat +1 (HT, max 2 a turn)"),
        Choice("external-2", "External heat +2 (HT, max 2 a turn)"),
        Choice("water", 'Stands in water 1" deep or more (−1 heat)'),
    ]
    choices += [
        Choice(f"set-{level}", f"Correct the heat now: {heat_text(level)}")
        for level in range(HEAT_SHUTDOWN + 1)
    ]
    return choices


def apply_heat_choice(path: Path, key: str, choice: str) -> Outcome:
    """Stage (or correct) heat as a picker choice says (see ``heat_choices``).

    Raises:
        UsageError: not one of the picker's ids.
    """
    source, _, amount = choice.partition("-")
    if source == "set":
        return stage_heat(path, key, level=amount)
    if source == "fired":
        return stage_heat(path, key, fired=True)
    if source == "water":
        return stage_heat(path, key, water=True)
    if source in ("ov", "external") and amount.isdigit():
        return stage_heat(path, key, int(amount), external=source == "external")
    raise UsageError(f"unknown heat choice {choice!r}")


def crit_choices(battle: Battle, key: str) -> list[Choice]:
    """The crit kinds this unit can take, with the boxes of its tracks already marked."""
    state = battle.unit(key)
    tracks = crit_tracks(battle.force_entry(state).unit)
    out: list[Choice] = []
    allowed = allowed_crits(battle.entry(state).unit)
    for kind in CritKind:
        if kind not in allowed:
            continue
        total = sum(t.boxes_for(kind) for t in tracks)
        boxes = f"  [{state.count(kind)}/{total}]" if total else ""
        out.append(Choice(kind.value, f"{kind.label}{boxes}"))
    return out


def rolls_motive(battle: Battle, key: str) -> bool:
    """True when the unit (in its active profile) rolls on the motive table."""
    return has_motive_table(battle.entry(battle.unit(key)).unit)


def flag_choices(battle: Battle, key: str) -> list[Choice]:
    """Every hand-set flag with whether it is on now (choosing one toggles it)."""
    state = battle.unit(key)
    return [Choice(flag, f"{'[x]' if getattr(state, flag) else '[ ]'} {flag}") for flag in FLAGS]


def tracks_heat(battle: Battle, key: str) -> bool:
    """True when the unit (in its active profile) keeps a heat scale."""
    return effects.tracks_heat(battle.entry(battle.unit(key)).unit)


def optional_packs() -> list[Choice]:
    """Rule packs that carry an optional in-game rule (they can be switched on in a battle)."""
    out: list[Choice] = []
    for pack_id in sorted(available_packs()):
        try:
            pack = load_pack(pack_id)
        except CardsmithError:
            continue
        if pack.optional:
            out.append(Choice(pack_id, str(pack.title)))
    return out


def card_tracks(unit: Unit) -> list[tuple[str, int, str]]:
    """The crit tracks a unit's card keeps: (name, boxes, effect), from the battle's data."""
    return [
        (track.name, track.boxes, " / ".join(g.effect for g in track.groups if g.effect))
        for track in crit_tracks(unit)
    ]


def keeps_heat(unit: Unit) -> bool:
    """True for a unit with a heat scale ('Mechs and aerospace fighters, ASCE p.28)."""
    return effects.tracks_heat(unit)
