"""Provides ``Unit``, one Alpha Strike unit's stats, with constructors from MUL records and dicts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

from cardsmith.errors import CatalogueDataError
from cardsmith.models.record_fields import (
    check_text_lengths,
    damage_value,
    float_field,
    int_field,
    int_or_default,
    kind_name,
    nested_field,
    optional_int,
    text_field,
)
from cardsmith.models.stats import (
    DamageValue,
    Movement,
    Special,
    derive_tmm,
    format_move,
    parse_move,
    parse_specials,
)
from cardsmith.models.unit_type import RANGES as RANGES
from cardsmith.models.unit_type import RULES_LEVELS as RULES_LEVELS
from cardsmith.models.unit_type import UnitType as UnitType
from cardsmith.models.unit_type import card_type_of

if TYPE_CHECKING:
    from cardsmith.models import profile_base

_YEAR = re.compile(r"(\d{4})")
_SQUAD = re.compile(r"\(Sqd(\d+)\)", re.IGNORECASE)

#: The text fields ``from_mul`` reads (``limits.MAX_UNIT_TEXT`` applies to each), and the
#: fields whose ``Name`` it reads.
_MUL_TEXT_FIELDS = (
    "Name", "Class", "Variant", "BFType", "BFMove", "BFAbilities", "Rules", "DateIntroduced",
    "GroupName", "ImageUrl",
)  # fmt: skip
_MUL_NAMED_FIELDS = ("Type", "Technology", "Role")
#: The text fields ``from_dict`` reads (and ``specials``, as text or a list of it).
_TEXT_FIELDS = (
    "name", "chassis", "variant", "type", "mul_type", "role", "move", "technology", "rules",
    "introduced", "group_name", "image_url",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit's Alpha Strike stats and the catalogue facts a force builder needs."""

    mul_id: int
    """Master Unit List id; negative for custom units that are not in the MUL."""
    name: str
    """Full name, trimmed (``Atlas AS7-D``)."""
    chassis: str = ""
    """MUL ``Class``: the chassis, used for copy limits (``Atlas``)."""
    variant: str = ""
    """Model or variant (``AS7-D``); empty when the MUL has none."""
    type: UnitType | None = None
    """Alpha Strike type; None when the record has no Alpha Strike stats."""
    mul_type: str = ""
    """The MUL's own unit type name (``BattleMech``, ``Infantry`` …)."""
    role: str | None = None
    """Unit role (``Juggernaut``, ``Fire-Support`` …), None when the MUL gives none."""
    size: int = 0
    move: tuple[Movement, ...] = ()
    """Movement modes, the primary mode first."""
    tmm: int = 0
    """Target movement modifier, derived from ``move`` (the MUL's BFTMM is always 0)."""
    armor: int = 0
    structure: int = 0
    threshold: int = 0
    """Damage threshold (aerospace units)."""
    damage: tuple[DamageValue, DamageValue, DamageValue, DamageValue] = field(
        default=(DamageValue(0), DamageValue(0), DamageValue(0), DamageValue(0))
    )
    """Damage at Short, Medium, Long and Extreme range."""
    overheat: int = 0
    pv: int = 0
    """Base point value (at skill 4)."""
    specials: tuple[Special, ...] = ()
    tonnage: float = 0.0
    battle_value: int = 0
    cost: int = 0
    technology: str = ""
    """Tech base: Inner Sphere, Clan, Mixed, Primitive, Unknown."""
    rules: str = ""
    """Rules level: Introductory, Standard, Advanced, Experimental, Unknown."""
    era_id: int | None = None
    """MUL production era id (see ``cardsmith.catalogue.eras``)."""
    introduced: str = ""
    """Introduction date as the MUL gives it (a year, or ``Unknown``, ``PS`` …)."""
    group_name: str = ""
    image_url: str = ""
    profiles: ProfileSet | None = None
    """Further profiles sharing this unit's damage track (custom multi-profile units)."""

    # -- derived facts -------------------------------------------------------------

    @property
    def has_stats(self) -> bool:
        """True when the record carries Alpha Strike stats and can join a force."""
        return self.type is not None and self.pv > 0

    @property
    def type_code(self) -> str:
        """The two-letter type code, or ``--`` for records without Alpha Strike stats."""
        return self.type.value if self.type is not None else "--"

    @property
    def move_text(self) -> str:
        """Movement as printed on the card (``8"/6"j``)."""
        return format_move(self.move)

    @property
    def max_move(self) -> float:
        """The longest move in inches over all non-thrust modes (0 when none)."""
        return max((m.inches for m in self.move if not m.is_thrust), default=0.0)

    @property
    def thrust(self) -> float | None:
        """Thrust for aerospace units, None for ground units."""
        return next((m.inches for m in self.move if m.is_thrust), None)

    @property
    def year(self) -> int | None:
        """The introduction year when the MUL gives one (``circa 2440`` → 2440)."""
        match = _YEAR.search(self.introduced)
        return int(match.group(1)) if match else None

    @property
    def squad_size(self) -> int | None:
        """Troopers in a battle armor squad, from the variant (``(Sqd4)``)."""
        match = _SQUAD.search(self.variant) or _SQUAD.search(self.name)
        return int(match.group(1)) if match else None

    @property
    def specials_text(self) -> str:
        """Specials comma-joined as on the card."""
        return ",".join(s.text for s in self.specials)

    def special_codes(self) -> frozenset[str]:
        """Every ability code on the unit, turret contents included."""
        return frozenset(code for s in self.specials for code in s.codes())

    def has_special(self, code: str) -> bool:
        """True when the unit has the ability ``code`` (case-insensitive, turrets included)."""
        return code.upper() in self.special_codes()

    def special(self, code: str) -> Special | None:
        """The first top-level ability with this code, if any."""
        code = code.upper()
        return next((s for s in self.specials if s.code == code), None)

    # -- constructors --------------------------------------------------------------

    @classmethod
    def from_mul(cls, record: Mapping[str, Any]) -> Unit:
        """Build a unit from one MUL QuickList/QuickDetails record.

        Handles the real data's quirks: lower-case or null ``BFType``, padded names,
        null or blank ``Variant``, all-null ``Role``, the misspelt
        ``BFDamageExtemeMin``, ``ImageUrl`` with a trailing CR LF, non-numeric
        ``DateIntroduced``.

        Raises:
            CatalogueDataError: the record is not an object or lacks a usable ``Id``
                or ``Name``.
        """
        if not isinstance(record, Mapping):
            raise CatalogueDataError(
                f"a unit record must be a JSON object, not {kind_name(record)}"
            )
        mul_id = record.get("Id")
        if not isinstance(mul_id, int) or isinstance(mul_id, bool):
            raise CatalogueDataError(f"unit record has no integer 'Id' (got {mul_id!r})")
        check_text_lengths(
            {
                **{key: record.get(key) for key in _MUL_TEXT_FIELDS},
                **{key: nested_field(record.get(key), "Name") for key in _MUL_NAMED_FIELDS},
            },
            f"unit record {mul_id}",
        )
        name = text_field(record.get("Name"))
        if not name:
            raise CatalogueDataError(f"unit record {mul_id} has no 'Name'")
        bf_type = text_field(record.get("BFType")).upper()
        try:
            unit_type: UnitType | None = UnitType(bf_type) if bf_type else None
        except ValueError:
            unit_type = None
        move = parse_move(text_field(record.get("BFMove")))
        if unit_type is None and move and int_field(record, "BFPointValue") > 0:
            # A whole card without its BFType (5 records): the MUL type names the card.
            mul_kind = text_field(nested_field(record.get("Type"), "Name"))
            unit_type = card_type_of(mul_kind, thrust=any(m.is_thrust for m in move))
        role_name = nested_field(record.get("Role"), "Name")
        role = None if role_name in (None, "", "None") else role_name
        try:
            damage = (
                damage_value(record, "BFDamageShort", "BFDamageShortMin"),
                damage_value(record, "BFDamageMedium", "BFDamageMediumMin"),
                damage_value(record, "BFDamageLong", "BFDamageLongMin"),
                # The MUL spells this flag without the second 'r'.
                damage_value(record, "BFDamageExtreme", "BFDamageExtemeMin", "BFDamageExtremeMin"),
            )
            return cls(
                mul_id=mul_id,
                name=name,
                chassis=text_field(record.get("Class")) or name,
                variant=text_field(record.get("Variant")),
                type=unit_type,
                mul_type=text_field(nested_field(record.get("Type"), "Name")),
                role=role,
                size=int_field(record, "BFSize"),
                move=move,
                tmm=derive_tmm(move),
                armor=int_field(record, "BFArmor"),
                structure=int_field(record, "BFStructure"),
                threshold=int_field(record, "BFThreshold"),
                damage=damage,
                overheat=int_field(record, "BFOverheat"),
                pv=int_field(record, "BFPointValue"),
                specials=parse_specials(text_field(record.get("BFAbilities"))),
                tonnage=float_field(record, "Tonnage"),
                battle_value=int_field(record, "BattleValue"),
                cost=int_field(record, "Cost"),
                technology=text_field(nested_field(record.get("Technology"), "Name")),
                rules=text_field(record.get("Rules")),
                era_id=optional_int(record.get("EraId")),
                introduced=text_field(record.get("DateIntroduced")),
                group_name=text_field(record.get("GroupName")),
                image_url=text_field(record.get("ImageUrl")),
            )
        except (TypeError, ValueError) as exc:
            raise CatalogueDataError(f"unit record {mul_id} ({name}): {exc}") from exc

    def to_dict(self) -> dict[str, Any]:
        """The unit in cardsmith's own JSON form (catalogue files, force snapshots)."""
        return {
            "mul_id": self.mul_id,
            "name": self.name,
            "chassis": self.chassis,
            "variant": self.variant,
            "type": self.type.value if self.type else None,
            "mul_type": self.mul_type,
            "role": self.role,
            "size": self.size,
            "move": self.move_text,
            "tmm": self.tmm,
            "armor": self.armor,
            "structure": self.structure,
            "threshold": self.threshold,
            "damage": [str(d) for d in self.damage],
            "overheat": self.overheat,
            "pv": self.pv,
            "specials": [s.text for s in self.specials],
            "tonnage": self.tonnage,
            "battle_value": self.battle_value,
            "cost": self.cost,
            "technology": self.technology,
            "rules": self.rules,
            "era_id": self.era_id,
            "introduced": self.introduced,
            "group_name": self.group_name,
            "image_url": self.image_url,
            # Written only when present, so ordinary units keep their content hash.
            **({"profiles": _profiles_to_dict(self.profiles)} if self.profiles else {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Unit:
        """Read a unit written by ``to_dict`` (a force snapshot or a catalogue file).

        Raises:
            CatalogueDataError: a field is missing or of the wrong type; names the field.
        """
        if not isinstance(data, Mapping):
            raise CatalogueDataError(f"a unit must be a JSON object, not {kind_name(data)}")
        try:
            mul_id = data["mul_id"]
            name = data["name"]
            if not isinstance(mul_id, int) or isinstance(mul_id, bool):
                raise CatalogueDataError(f"unit field 'mul_id' must be an integer, not {mul_id!r}")
            if not isinstance(name, str) or not name.strip():
                raise CatalogueDataError(f"unit {mul_id}: field 'name' must be non-empty text")
            specials_text = data.get("specials")
            if isinstance(specials_text, list):
                specials_text = ",".join(map(str, specials_text))
            check_text_lengths(
                {**{key: data.get(key) for key in _TEXT_FIELDS}, "specials": specials_text},
                f"unit {mul_id}",
            )
            type_code = data.get("type")
            unit_type = UnitType(str(type_code).upper()) if type_code else None
            raw_damage = data.get("damage") or ["0", "0", "0", "0"]
            if not isinstance(raw_damage, list) or len(raw_damage) not in (3, 4):
                raise CatalogueDataError(f"unit {mul_id}: 'damage' must list 3 or 4 values")
            values = [DamageValue.parse(str(v)) or DamageValue(0) for v in raw_damage]
            while len(values) < 4:
                values.append(DamageValue(0))
            move = parse_move(str(data.get("move") or ""))
            specials_raw = data.get("specials") or []
            if isinstance(specials_raw, str):
                specials = parse_specials(specials_raw)
            elif isinstance(specials_raw, list) and all(isinstance(s, str) for s in specials_raw):
                specials = parse_specials(",".join(specials_raw))
            else:
                raise CatalogueDataError(f"unit {mul_id}: 'specials' must be a list of text")
            return cls(
                mul_id=mul_id,
                name=name.strip(),
                chassis=str(data.get("chassis") or name).strip(),
                variant=str(data.get("variant") or "").strip(),
                type=unit_type,
                mul_type=str(data.get("mul_type") or ""),
                role=data.get("role") or None,
                size=int_or_default(data, "size"),
                move=move,
                tmm=int_or_default(data, "tmm", derive_tmm(move)),
                armor=int_or_default(data, "armor"),
                structure=int_or_default(data, "structure"),
                threshold=int_or_default(data, "threshold"),
                damage=(values[0], values[1], values[2], values[3]),
                overheat=int_or_default(data, "overheat"),
                pv=int_or_default(data, "pv"),
                specials=specials,
                tonnage=float(data.get("tonnage") or 0),
                battle_value=int_or_default(data, "battle_value"),
                cost=int_or_default(data, "cost"),
                technology=str(data.get("technology") or ""),
                rules=str(data.get("rules") or ""),
                era_id=optional_int(data.get("era_id")),
                introduced=str(data.get("introduced") or ""),
                group_name=str(data.get("group_name") or ""),
                image_url=str(data.get("image_url") or ""),
                profiles=_profiles_in(data, mul_id),
            )
        except KeyError as exc:
            raise CatalogueDataError(f"unit is missing the field {exc.args[0]!r}") from exc
        except (TypeError, ValueError) as exc:
            if isinstance(exc, CatalogueDataError):
                raise
            raise CatalogueDataError(f"unit {data.get('mul_id')!r}: {exc}") from exc


def _profiles_to_dict(profile_set: ProfileSet) -> dict[str, Any]:
    return {
        "system": profile_set.system,
        "switch_rule": profile_set.switch_rule,
        "switch_value": profile_set.switch_value,
        "pricing": profile_set.pricing,
        "points": profile_set.points,
        "profiles": [
            {
                "name": p.name,
                **({"stats": p.stats.to_dict()} if p.stats is not None else {}),
                **({"values": dict(p.values)} if p.values else {}),
                **({"notes": p.notes} if p.notes else {}),
            }
            for p in profile_set.profiles
        ],
    }


def _profiles_in(data: Mapping[str, Any], mul_id: object) -> ProfileSet | None:
    """The unit's further profiles; files written before the rename call them ``modes``."""
    raw = data.get("profiles") or data.get("modes")
    return _profiles_from_dict(raw, mul_id) if raw else None


def _profiles_from_dict(data: Any, mul_id: object) -> ProfileSet:
    if not isinstance(data, Mapping):
        raise CatalogueDataError(f"unit {mul_id}: 'profiles' must be an object")
    raw_profiles = data.get("profiles")
    if not isinstance(raw_profiles, list) or len(raw_profiles) < 2:
        raise CatalogueDataError(
            f"unit {mul_id}: 'profiles.profiles' must list two or more profiles"
        )
    # Imported here: few units have several profiles, and a search lists units without
    # loading the profile containers.
    from cardsmith.models import profile_base as base

    profiles = []
    for item in raw_profiles:
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
            raise CatalogueDataError(f"unit {mul_id}: every profile needs a 'name'")
        stats = Unit.from_dict(item["stats"]) if item.get("stats") else None
        values = item.get("values") or {}
        if not isinstance(values, Mapping):
            raise CatalogueDataError(f"unit {mul_id}: profile 'values' must be an object")
        profiles.append(
            base.Profile(
                name=item["name"],
                stats=stats,
                values=tuple((str(k), str(v)) for k, v in values.items()),
                notes=str(item.get("notes") or ""),
            )
        )
    pricing = str(data.get("pricing") or "first")
    if pricing not in base.PRICING_RULES:
        raise CatalogueDataError(
            f"unit {mul_id}: 'profiles.pricing' must be one of {', '.join(base.PRICING_RULES)}"
        )
    return base.ProfileSet(
        profiles=tuple(profiles),
        switch_rule=str(data.get("switch_rule") or ""),
        switch_value=optional_int(data.get("switch_value")),
        system=str(data.get("system") or base.ALPHA_STRIKE),
        pricing=pricing,
        points=optional_int(data.get("points")),
    )


if TYPE_CHECKING:
    #: A profile whose stats are a ``Unit`` (``models.profile_base`` keeps it generic).
    Profile: TypeAlias = profile_base.Profile[Unit]
    #: A unit's set of ``Unit`` profiles.
    ProfileSet: TypeAlias = profile_base.ProfileSet[Unit]
