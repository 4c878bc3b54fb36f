"""Provides ``UnitType``, the Alpha Strike unit type codes, their names and card families."""

from __future__ import annotations

from enum import StrEnum


class UnitType(StrEnum):
    """Alpha Strike unit type codes (ASCE p.28; MegaMek ASUnitType)."""

    BM = "BM"  # BattleMech
    IM = "IM"  # IndustrialMech
    PM = "PM"  # ProtoMech
    CV = "CV"  # combat vehicle
    SV = "SV"  # support vehicle
    MS = "MS"  # mobile structure
    BA = "BA"  # battle armor
    CI = "CI"  # conventional infantry
    AF = "AF"  # aerospace fighter
    CF = "CF"  # conventional fighter
    SC = "SC"  # small craft
    DS = "DS"  # spheroid DropShip
    DA = "DA"  # aerodyne DropShip
    JS = "JS"  # JumpShip
    WS = "WS"  # WarShip
    SS = "SS"  # space station
    BD = "BD"  # building / emplacement

    @property
    def label(self) -> str:
        """A player's name for the type."""
        return _TYPE_LABELS[self]

    @property
    def family(self) -> str:
        """The card family: mech, protomech, vehicle, infantry, fighter, large-craft, building."""
        return _TYPE_FAMILY[self]


_TYPE_LABELS = {
    UnitType.BM: "BattleMech",
    UnitType.IM: "IndustrialMech",
    UnitType.PM: "ProtoMech",
    UnitType.CV: "Combat Vehicle",
    UnitType.SV: "Support Vehicle",
    UnitType.MS: "Mobile Structure",
    UnitType.BA: "Battle Armor",
    UnitType.CI: "Conventional Infantry",
    UnitType.AF: "Aerospace Fighter",
    UnitType.CF: "Conventional Fighter",
    UnitType.SC: "Small Craft",
    UnitType.DS: "DropShip (spheroid)",
    UnitType.DA: "DropShip (aerodyne)",
    UnitType.JS: "JumpShip",
    UnitType.WS: "WarShip",
    UnitType.SS: "Space Station",
    UnitType.BD: "Building",
}

_TYPE_FAMILY = {
    UnitType.BM: "mech",
    UnitType.IM: "mech",
    UnitType.PM: "protomech",
    UnitType.CV: "vehicle",
    UnitType.SV: "vehicle",
    UnitType.MS: "building",
    UnitType.BA: "infantry",
    UnitType.CI: "infantry",
    UnitType.AF: "fighter",
    UnitType.CF: "fighter",
    UnitType.SC: "large-craft",
    UnitType.DS: "large-craft",
    UnitType.DA: "large-craft",
    UnitType.JS: "large-craft",
    UnitType.WS: "large-craft",
    UnitType.SS: "large-craft",
    UnitType.BD: "building",
}

#: Range bands in card order.
RANGES = ("S", "M", "L", "E")

#: Rules levels in increasing order (MUL ``Rules``; ASCE p.110).
RULES_LEVELS = ("Introductory", "Standard", "Advanced", "Experimental")


#: The card a MUL unit type name stands for, where it stands for one card only.  The MUL
#: leaves ``BFType`` empty on a few records that carry a whole card all the same (PV, move,
#: armor: the data's README counts 5); for those the MUL type names the card (ASCE p.28).
#: Aerospace is fighter only when the unit moves by thrust; other names cover several.
_CARD_OF_MUL_TYPE = {
    "BattleMech": UnitType.BM,
    "IndustrialMech": UnitType.IM,
    "ProtoMech": UnitType.PM,
    "Combat Vehicle": UnitType.CV,
    "Support Vehicle": UnitType.SV,
}


def card_type_of(mul_type: str, *, thrust: bool) -> UnitType | None:
    """The card type a record with no ``BFType`` needs, from its MUL type name, or None."""
    if mul_type == "Aerospace":
        return UnitType.AF if thrust else None
    return _CARD_OF_MUL_TYPE.get(mul_type)
