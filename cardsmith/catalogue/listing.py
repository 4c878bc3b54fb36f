"""Provides ``UnitListing``: what a search shows of one unit, read from the unit's stored JSON.

The store keeps each unit as ``Unit.to_dict`` wrote it, with every stat a search shows in
its printed form (``6"/4"j``, ``5*``, ``LRM1/1/1``).  A search reads those straight from
the JSON instead of building the ``Unit``: a search by name then loads no model code, whose
frozen dataclasses cost more to define than the whole query takes.  Anything not in that
shape (a hand-edited row, a layout a newer cardsmith wrote) is read through
``Unit.from_dict`` instead, which says what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from cardsmith.errors import CatalogueDataError
from cardsmith.limits import MAX_UNIT_TEXT
from cardsmith.models.unit_type import UnitType

#: The type codes whose cards print a fourth, Extreme, damage band: fighters and large craft.
FOUR_BAND_TYPES = frozenset(
    kind.value for kind in UnitType if kind.family in ("fighter", "large-craft")
)
_TYPE_CODES = frozenset(kind.value for kind in UnitType)


class UnitListing(NamedTuple):
    """The stats a search shows of one unit, as its card prints them."""

    mul_id: int
    name: str
    type: str | None
    """The Alpha Strike type code; None for a record without Alpha Strike stats."""
    size: int
    move: str
    tmm: int
    armor: int
    structure: int
    threshold: int
    damage: tuple[str, ...]
    """Damage at Short, Medium, Long and Extreme range."""
    overheat: int
    pv: int
    role: str | None
    specials: tuple[str, ...]
    technology: str
    rules: str
    era_id: int | None
    has_stats: bool
    """True when the record carries Alpha Strike stats (``Unit.has_stats``, as stored)."""

    @property
    def type_code(self) -> str:
        """The two-letter type code, or ``--`` for records without Alpha Strike stats."""
        return self.type or "--"

    @property
    def damage_text(self) -> str:
        """The damage bands the card prints: ``5/5/2``, or ``2/2/1/0`` for fighters and craft."""
        return "/".join(self.damage if self.type in FOUR_BAND_TYPES else self.damage[:3])

    @property
    def specials_text(self) -> str:
        """Specials comma-joined as on the card."""
        return ",".join(self.specials)


def listing_of(data: Any, has_stats: bool) -> UnitListing:
    """The listing of a unit stored as ``data`` (its JSON, decoded).

    Raises:
        CatalogueDataError: the stored unit cannot be read; names the field.
    """
    listing = _read(data, has_stats)
    if listing is None:
        # Not in to_dict's shape: the model reads it (or says what is wrong with it), and
        # its own JSON form is in that shape.
        from cardsmith.models.unit import Unit

        unit = Unit.from_dict(data)
        listing = _read(unit.to_dict(), has_stats)
        if listing is None:  # to_dict writes that shape for every unit from_dict reads
            raise CatalogueDataError(f"unit {unit.mul_id}: its stats cannot be listed")
    return listing


#: The stored fields a listing takes, each with the types its value may have.
_SHAPE: dict[str, tuple[type, ...]] = {
    "mul_id": (int,),
    "name": (str,),
    "type": (str, type(None)),
    "size": (int,),
    "move": (str,),
    "tmm": (int,),
    "armor": (int,),
    "structure": (int,),
    "threshold": (int,),
    "overheat": (int,),
    "pv": (int,),
    "role": (str, type(None)),
    "technology": (str,),
    "rules": (str,),
    "era_id": (int, type(None)),
}


def _read(data: object, has_stats: bool) -> UnitListing | None:
    """The listing of ``data`` when it is in ``Unit.to_dict``'s shape; else None."""
    if not isinstance(data, Mapping):
        return None
    values: dict[str, Any] = {}
    for key, kinds in _SHAPE.items():
        value = data.get(key)
        # bool is an int to Python, never to the model.
        if type(value) not in kinds or (isinstance(value, str) and len(value) > MAX_UNIT_TEXT):
            return None
        values[key] = value
    damage, specials = _texts(data.get("damage")), _texts(data.get("specials"))
    if damage is None or specials is None or len(damage) != 4:
        return None
    name, kind = values["name"], values["type"]
    if not name or name != name.strip() or values["role"] == "":
        return None
    if kind is not None and kind not in _TYPE_CODES:
        return None
    return UnitListing(**values, damage=damage, specials=specials, has_stats=bool(has_stats))


def _texts(value: object) -> tuple[str, ...] | None:
    """The texts of a list of short texts; None for anything else."""
    if not isinstance(value, list):
        return None
    if not all(type(item) is str and len(item) <= MAX_UNIT_TEXT for item in value):
        return None
    return tuple(value)
