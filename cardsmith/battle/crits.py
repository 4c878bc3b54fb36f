"""Provides which crit table and crit tracks each unit has, and the 2D6 crit and motive look-ups.

The tables and tracks are data (``templates/battle/crits.toml``, read by ``crit_data``);
this module decides which of them a unit uses:

- 'Mechs (BM, IM), ProtoMechs and ground vehicles (CV, SV) use their own columns;
- aerospace fighters, conventional fighters and the aerospace support vehicles
  (fixed-wing craft, thrust ``a``, and airships, ``i``) use the aerospace table, with no
  motive table (ASCE p.184, p.187);
- small craft and DropShips, and JumpShips, WarShips and space stations, use the two
  large-craft tables;
- a unit with several modes (a LAM, a QuadVee) keeps one set of tracks that covers every
  mode it has: the modes share their crits.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.battle.crit_data import BoxSpec, CritData, CritKind, crit_data
from cardsmith.errors import CritError
from cardsmith.models import Unit, UnitType
from cardsmith.profiles.modes import profile_set

__all__ = [
    "CRIT_ALIASES",
    "CritBoxes",
    "CritKind",
    "CritTrack",
    "allowed_crits",
    "crit_from_roll",
    "crit_tracks",
    "has_motive_table",
    "is_aerospace",
    "motive_from_roll",
    "parse_crit",
    "table_family",
    "track_family",
]

#: Movement modes of the aerospace support vehicles: fixed-wing thrust and airships
#: (ASCE p.184/187: they fight as aerospace units).
AEROSPACE_SV_MODES = frozenset({"a", "i"})

#: Short command-line names accepted besides the kind values.
CRIT_ALIASES: dict[str, CritKind] = {
    "fc": CritKind.FIRE_CONTROL,
    "firecontrol": CritKind.FIRE_CONTROL,
    "weapons": CritKind.WEAPON,
    "motive-minus2": CritKind.MOTIVE_MINUS2,
    "motive-stop": CritKind.MOTIVE_STOP,
    "motive-immobile": CritKind.MOTIVE_STOP,
    "stunned": CritKind.CREW_STUNNED,
    "killed": CritKind.CREW_KILLED,
    "crash": CritKind.FUEL,
    "kf": CritKind.KF_DRIVE,
    "collar": CritKind.DOCKING_COLLAR,
}

_TABLE_BY_TYPE: dict[UnitType, str] = {
    UnitType.BM: "mech",
    UnitType.IM: "mech",
    UnitType.PM: "protomech",
    UnitType.CV: "vehicle",
    UnitType.SV: "vehicle",
    UnitType.AF: "aerospace",
    UnitType.CF: "aerospace",
    UnitType.SC: "dropship",
    UnitType.DS: "dropship",
    UnitType.DA: "dropship",
    UnitType.JS: "capital",
    UnitType.WS: "capital",
    UnitType.SS: "capital",
}

_TRACKS_BY_TYPE: dict[UnitType, str] = {
    **_TABLE_BY_TYPE,
    UnitType.SC: "small-craft",
}


@dataclass(frozen=True, slots=True)
class CritBoxes:
    """One group of boxes on a track: the result it counts, how many boxes, and its effect."""

    kind: CritKind
    boxes: int
    effect: str


@dataclass(frozen=True, slots=True)
class CritTrack:
    """One crit track a unit keeps (``FIRE CONTROL``, 4 boxes, ``+2 TN each``)."""

    name: str
    groups: tuple[CritBoxes, ...]
    """One group, or several for the vehicle motive track (−2", ½, 0)."""

    @property
    def boxes(self) -> int:
        """Boxes in the whole track."""
        return sum(g.boxes for g in self.groups)

    def boxes_for(self, kind: CritKind) -> int:
        """Boxes this track keeps for one result (0 when it does not count it)."""
        return sum(g.boxes for g in self.groups if g.kind is kind)


def is_aerospace(unit: Unit) -> bool:
    """True for fighters and for the aerospace support vehicles (fixed-wing, airships)."""
    if unit.type in (UnitType.AF, UnitType.CF):
        return True
    return unit.type is UnitType.SV and any(m.mode in AEROSPACE_SV_MODES for m in unit.move)


def table_family(unit: Unit) -> str | None:
    """The crit table a unit rolls on (``mech``, ``vehicle``, ``aerospace`` …); None: no table."""
    if unit.type is None:
        return None
    if is_aerospace(unit):
        return "aerospace"
    return _TABLE_BY_TYPE.get(unit.type)


def track_family(unit: Unit) -> str | None:
    """The set of tracks a unit of this one profile keeps; None for units with no crit box."""
    if unit.type is None:
        return None
    if is_aerospace(unit):
        return "aerospace"
    return _TRACKS_BY_TYPE.get(unit.type)


def has_motive_table(unit: Unit) -> bool:
    """True for ground vehicles: they roll on the motive table whenever damaged (ASCE p.51)."""
    return table_family(unit) == "vehicle"


def _profiles(unit: Unit) -> tuple[Unit, ...]:
    """The unit in each of its Alpha Strike modes (just itself for a single-profile unit)."""
    modes = profile_set(unit)
    if modes is None:
        return (unit,)
    stats = tuple(p.stats for p in modes.profiles if p.stats is not None)
    return stats or (unit,)


def _boxes(spec: BoxSpec, unit: Unit) -> int:
    if isinstance(spec.boxes, int):
        return spec.boxes
    if spec.boxes == "size":
        # A WarShip sustains twice its Size in KF drive hits, a JumpShip its Size.
        return unit.size * (2 if unit.type is UnitType.WS else 1)
    special = unit.special(spec.boxes.removeprefix("special:"))
    return int(special.number or 0) if special is not None else 0


def _tracks_of(unit: Unit, data: CritData) -> list[CritTrack]:
    family = track_family(unit)
    out: list[CritTrack] = []
    for spec in data.tracks.get(family or "", ()):
        if spec.only_with and not unit.has_special(spec.only_with):
            continue
        groups = tuple(
            CritBoxes(g.kind, n, g.effect) for g in spec.groups if (n := min(10, _boxes(g, unit)))
        )
        if groups:
            out.append(CritTrack(spec.name, groups))
    return out


def crit_tracks(unit: Unit) -> tuple[CritTrack, ...]:
    """The crit tracks a unit's card prints and a battle fills, covering every mode it has.

    A LAM keeps the 'Mech tracks in all three modes (its fighter mode's engine, fire
    control and weapon hits fall on them); a QuadVee adds the vehicle motive track.

    Raises:
        TemplateError: the crit data does not load.
    """
    data = crit_data()
    tracks: dict[str, CritTrack] = {}
    for profile in _profiles(unit):
        for track in _tracks_of(profile, data):
            tracks.setdefault(track.name, track)
    return tuple(tracks.values())


def allowed_crits(unit: Unit) -> frozenset[CritKind]:
    """Every crit result this unit (in this profile) tracks, can roll, or may mark by hand."""
    data = crit_data()
    kinds = {g.kind for t in crit_tracks(unit) for g in t.groups}
    family = table_family(unit)
    if family is not None and family in data.tables:
        kinds.update(k for k in data.tables[family].rolls if k is not None)
    kinds.update(data.extra.get("all", frozenset()))
    kinds.update(data.extra.get(family or "", frozenset()))
    return frozenset(kinds)


def _check_roll(roll: int) -> None:
    if not 2 <= roll <= 12:
        raise CritError(f"a 2D6 roll is 2-12, not {roll}")


def crit_from_roll(unit: Unit, roll: int) -> CritKind | None:
    """The result of a 2D6 roll on the unit's crit table (None: no critical hit).

    Raises:
        CritError: the roll is not 2–12, or the unit's type has no crit table.
    """
    _check_roll(roll)
    family = table_family(unit)
    table = crit_data().tables.get(family or "")
    if table is None:
        raise CritError(f"{unit.name}: no critical-hit table for {unit.type_code or 'these'} units")
    return table.rolls[roll - 2]


def motive_from_roll(unit: Unit, roll: int) -> CritKind | None:
    """The Motive Systems Damage result for a 2D6 roll, the unit's mode modifier added.

    2–8 no effect; 9–10 −2"; 11 half; 12+ immobilized (ASCE p.51).

    Raises:
        CritError: the roll is not 2–12, or the unit is not a ground vehicle.
    """
    _check_roll(roll)
    if not has_motive_table(unit):
        raise CritError(f"{unit.name} is not a ground vehicle: no motive table")
    motive = crit_data().motive
    mode = unit.move[0].mode if unit.move else ""
    total = roll + motive.modifiers.get(mode, 0)
    result: CritKind | None = None
    for line in motive.results:
        if total >= line.at_least:
            result = line.kind
    return result


def parse_crit(text: str) -> CritKind:
    """Read a crit name as typed (``mp``, ``fire-control``, ``fc``, ``motive-half`` …).

    Raises:
        CritError: not a crit name; the message lists the names.
    """
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return CritKind(key)
    except ValueError:
        pass
    if key in CRIT_ALIASES:
        return CRIT_ALIASES[key]
    names = ", ".join(k.value for k in CritKind)
    raise CritError(f"unknown critical hit {text!r} (one of: {names})")
