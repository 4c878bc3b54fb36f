"""Provides critical-hit kinds, the crit tracks each unit family prints, and the 2D6 crit tables."""

from __future__ import annotations

from enum import StrEnum

from cardsmith.models import Unit


class CritKind(StrEnum):
    """One critical-hit result a unit can take (ASCE p.50–51; facts §4)."""

    AMMO = "ammo"
    ENGINE = "engine"
    FIRE_CONTROL = "fire-control"
    MP = "mp"
    WEAPON = "weapon"
    MOTIVE_MINUS2 = "motive-2"
    """Motive table 9–10: −2" Move, −1 TMM."""
    MOTIVE_HALF = "motive-half"
    """Motive table 11: half Move and TMM (at least 2" and 1 TMM lost)."""
    MOTIVE_STOP = "motive-0"
    """Motive table 12+: immobilized."""
    CREW_STUNNED = "crew-stunned"
    CREW_KILLED = "crew-killed"
    DESTROYED = "destroyed"

    @property
    def label(self) -> str:
        """A short name for players."""
        return _LABELS[self]


_LABELS = {
    CritKind.AMMO: "Ammo hit",
    CritKind.ENGINE: "Engine hit",
    CritKind.FIRE_CONTROL: "Fire control hit",
    CritKind.MP: "MP hit",
    CritKind.WEAPON: "Weapon hit",
    CritKind.MOTIVE_MINUS2: 'Motive −2"',
    CritKind.MOTIVE_HALF: "Motive ½",
    CritKind.MOTIVE_STOP: "Motive 0 (immobilized)",
    CritKind.CREW_STUNNED: "Crew stunned",
    CritKind.CREW_KILLED: "Crew killed",
    CritKind.DESTROYED: "Unit destroyed",
}

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
}

_E, _FC, _MP, _W = CritKind.ENGINE, CritKind.FIRE_CONTROL, CritKind.MP, CritKind.WEAPON
_M2, _MH, _M0 = CritKind.MOTIVE_MINUS2, CritKind.MOTIVE_HALF, CritKind.MOTIVE_STOP

#: Crit boxes printed per card family: kind → pips (facts §3, MegaMek AS card drawers).
#: A second engine hit on a 'Mech or vehicle destroys it, so one pip is printed.
CRIT_TRACKS: dict[str, dict[CritKind, int]] = {
    "mech": {_E: 1, _FC: 4, _MP: 4, _W: 4},
    "vehicle": {_E: 1, _FC: 4, _W: 4, _M2: 2, _MH: 2, _M0: 1},
    "protomech": {_FC: 4, _MP: 4, _W: 4},
    "fighter": {_E: 2, _FC: 4, _W: 4},
    "infantry": {},
}

#: Results that fill no pip but can be rolled, per family (ASCE p.50 table; facts §4).
_RESULTS: dict[str, frozenset[CritKind]] = {
    "mech": frozenset({CritKind.AMMO, CritKind.DESTROYED}),
    "vehicle": frozenset(
        {CritKind.AMMO, CritKind.CREW_STUNNED, CritKind.CREW_KILLED, CritKind.DESTROYED}
    ),
    "protomech": frozenset({CritKind.DESTROYED}),
    "fighter": frozenset({CritKind.CREW_KILLED, CritKind.DESTROYED}),
    "infantry": frozenset({CritKind.DESTROYED}),
}

_N = None
_AM, _CS, _CK, _D = CritKind.AMMO, CritKind.CREW_STUNNED, CritKind.CREW_KILLED, CritKind.DESTROYED

#: Determining Critical Hits Table, 2D6 → result (ASCE p.50; mekbay CRIT tables, facts §4).
#: Rolls 2..12 in order; None is "No Critical Hit".  Aerospace: 2 is a fuel hit (crash),
#: recorded as destroyed.
CRIT_TABLES: dict[str, tuple[CritKind | None, ...]] = {
    "mech": (_AM, _E, _FC, _N, _W, _MP, _W, _N, _FC, _E, _D),
    "protomech": (_W, _W, _FC, _MP, _N, _MP, _N, _MP, _D, _W, _W),
    "vehicle": (_AM, _CS, _FC, _FC, _N, _N, _N, _W, _W, _CK, _E),
    "fighter": (_D, _FC, _E, _W, _N, _N, _N, _W, _E, _FC, _CK),
}

#: Motive Systems Damage Table modifier by movement mode letter (ASCE p.51): tracked and
#: naval +0, wheeled and hover +1, VTOL and WiGE +2.  Modes the table does not name add 0.
MOTIVE_MODIFIERS: dict[str, int] = {"t": 0, "n": 0, "w": 1, "h": 1, "v": 2, "g": 2}


def crit_family(unit: Unit) -> str:
    """The crit-track family of a unit (its card family); ``none`` when it has no type."""
    return unit.type.family if unit.type is not None else "none"


def allowed_crits(unit: Unit) -> frozenset[CritKind]:
    """Every crit result this unit's card tracks or its crit table can give."""
    family = crit_family(unit)
    return frozenset(CRIT_TRACKS.get(family, {})) | _RESULTS.get(family, frozenset())


def crit_from_roll(unit: Unit, roll: int) -> CritKind | None:
    """The result of a 2D6 roll on the unit's crit table (None: no critical hit).

    Raises:
        ValueError: the roll is not 2–12, or the unit's type has no crit table here.
    """
    if not 2 <= roll <= 12:
        raise ValueError(f"a 2D6 roll is 2-12, not {roll}")
    table = CRIT_TABLES.get(crit_family(unit))
    if table is None:
        raise ValueError(f"{unit.name}: no critical-hit table for {unit.type_code} units here")
    return table[roll - 2]


def motive_from_roll(unit: Unit, roll: int) -> CritKind | None:
    """The Motive Systems Damage result for a 2D6 roll, the unit's mode modifier added.

    2–8 no effect; 9–10 −2"; 11 half; 12+ immobilized (ASCE p.51).
    """
    if not 2 <= roll <= 12:
        raise ValueError(f"a 2D6 roll is 2-12, not {roll}")
    mode = unit.move[0].mode if unit.move else ""
    total = roll + MOTIVE_MODIFIERS.get(mode, 0)
    if total >= 12:
        return CritKind.MOTIVE_STOP
    if total == 11:
        return CritKind.MOTIVE_HALF
    if total >= 9:
        return CritKind.MOTIVE_MINUS2
    return None


def parse_crit(text: str) -> CritKind:
    """Read a crit name as typed (``mp``, ``fire-control``, ``fc``, ``motive-half`` …).

    Raises:
        ValueError: not a crit name; the message lists the names.
    """
    key = text.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return CritKind(key)
    except ValueError:
        pass
    if key in CRIT_ALIASES:
        return CRIT_ALIASES[key]
    names = ", ".join(k.value for k in CritKind)
    raise ValueError(f"unknown critical hit {text!r} (one of: {names})")
