"""The one builder of hand-made units for tests: only the stats a test cares about."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardsmith.models import DamageValue, Unit, UnitType
from cardsmith.models.stats import derive_tmm, parse_move, parse_specials


def make_unit(
    name: str = "Test Unit",
    *,
    mul_id: int = 1,
    type_: UnitType | str = UnitType.BM,
    size: int = 2,
    move: str = '8"',
    role: str | None = "Brawler",
    damage: str | Sequence[int | str] = (2, 2, 1),
    armor: int = 5,
    structure: int = 3,
    overheat: int = 0,
    pv: int = 30,
    specials: str = "",
    tonnage: float = 0.0,
    chassis: str | None = None,
    **fields: Any,
) -> Unit:
    """A unit with the given stats; TMM follows from ``move`` as the rules derive it.

    ``damage`` is ``"3/3/2"`` or ``(3, 3, 2)`` (missing bands are 0, ``"0*"`` is minimal
    damage); ``chassis`` defaults to the name.  Any other ``Unit`` field may be given
    (``rules="Standard"``, ``introduced="3025"``).
    """
    bands = damage.split("/") if isinstance(damage, str) else [str(d) for d in damage]
    values = [DamageValue.parse(band) or DamageValue(0) for band in bands]
    while len(values) < 4:
        values.append(DamageValue(0))
    modes = parse_move(move)
    return Unit(
        mul_id=mul_id,
        name=name,
        chassis=name if chassis is None else chassis,
        type=UnitType(type_),
        role=role,
        size=size,
        move=modes,
        tmm=derive_tmm(modes),
        armor=armor,
        structure=structure,
        damage=(values[0], values[1], values[2], values[3]),
        overheat=overheat,
        pv=pv,
        specials=parse_specials(specials),
        tonnage=tonnage,
        **fields,
    )
