"""Provides the profiles of a unit: its own custom set, or land-air 'Mech and QuadVee modes.

Alpha Strike prints a LAM's other modes inside its special, ``LAM(30"g/5a)``: AirMech
move (WiGE, ``g``) and fighter thrust (``a``); a bimodal LAM has only the fighter mode,
``BIM(3a)``.  A QuadVee (``QV``) moves on tracks or wheels (``qt``/``qw``) in vehicle
mode and walks in 'Mech mode.  Armor, structure and damage stay the same in every mode.
"""

from __future__ import annotations

from dataclasses import replace

from cardsmith.models import Unit, UnitType
from cardsmith.models.profiles import Profile, ProfileSet
from cardsmith.models.stats import Movement, derive_tmm, parse_move


def profile_set(unit: Unit) -> ProfileSet | None:
    """The unit's profiles, or None for a unit with a single profile."""
    if unit.profiles is not None:
        return unit.profiles
    for code in ("LAM", "BIM"):
        special = unit.special(code)
        if special is not None and special.argument:
            return _land_air(unit, parse_move(special.argument))
    if unit.has_special("QV"):
        return _quadvee(unit)
    return None


def _land_air(unit: Unit, other_modes: tuple[Movement, ...]) -> ProfileSet:
    profiles = [Profile("BattleMech", unit)]
    for mode in other_modes:
        if mode.mode == "g":
            moved = (Movement(mode.inches, "g"),)
            profiles.append(Profile("AirMech", replace(unit, move=moved, tmm=derive_tmm(moved))))
        elif mode.is_thrust:
            fighter = replace(unit, type=UnitType.AF, move=(mode,), tmm=0)
            profiles.append(Profile("Fighter", fighter))
    return ProfileSet(tuple(profiles), switch_rule="lam", pricing="first")


def _quadvee(unit: Unit) -> ProfileSet | None:
    vehicle_moves = [m for m in unit.move if m.mode in ("qt", "qw")]
    if not vehicle_moves:
        return None
    walking = tuple(Movement(m.inches, "") if m.mode in ("qt", "qw") else m for m in unit.move)
    driving = tuple(
        Movement(m.inches, m.mode[1]) if m.mode in ("qt", "qw") else m for m in unit.move
    )
    mech = replace(unit, move=walking, tmm=derive_tmm(walking))
    # In vehicle mode it takes vehicle critical hits (motive table): model it as a CV.
    vehicle = replace(unit, type=UnitType.CV, move=driving, tmm=derive_tmm(driving))
    return ProfileSet((Profile("'Mech", mech), Profile("Vehicle", vehicle)), switch_rule="quadvee")
