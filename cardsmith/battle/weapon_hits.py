"""Provides what weapon hits and a vehicle's engine hit do to damage values and specials.

A weapon hit takes 1 off every damage value and every damage-bearing special (1 → 0*,
0* → 0); a ground vehicle's engine hit halves them, rounded down (ASCE p.50–51; facts §4).
"""

from __future__ import annotations

from collections.abc import Callable

from cardsmith.battle.crits import CritKind, table_family
from cardsmith.battle.state import UnitState
from cardsmith.models import DamageValue, ForceEntry, Special

#: Specials whose numbers are damage: each weapon hit lowers them like the card's damage
#: values (ASCE p.51; facts §4 lists AC, ARTX, FLK, HT, IF, LRM, SRM, TOR, TUR; REAR is
#: the rear-arc damage value).  A turret's own values and its contents are both lowered.
DAMAGE_SPECIALS = frozenset({"AC", "FLK", "HT", "IF", "LRM", "SRM", "TOR", "TUR", "REAR"})

#: Artillery specials (ARTX-#, e.g. ``ARTAIS-1``) count pieces; their damage comes from the
#: artillery table, so a weapon hit is noted on the text rather than taken off the count.
ARTILLERY_PREFIX = "ART"


def reduce_damage(value: DamageValue, hits: int) -> DamageValue:
    """A damage value after ``hits`` weapon hits: −1 each, 1 → 0*, 0* → 0 (ASCE p.51)."""
    for _ in range(hits):
        if value.value > 1:
            value = DamageValue(value.value - 1)
        elif value.value == 1:
            value = DamageValue(0, minimal=True)
        else:
            value = DamageValue(0)
    return value


def halve_damage(value: DamageValue) -> DamageValue:
    """A damage value after a vehicle engine hit: half, rounded down, minimum 0 (ASCE p.50).

    ``0*`` is less than 0.5 (facts §1), so its half rounds down to 0, as 1 does.
    """
    return DamageValue(value.value // 2)


def _damage_text(values: tuple[DamageValue | None, ...]) -> str:
    return "/".join("-" if v is None else str(v) for v in values)


def reduce_special(special: Special, hits: int) -> Special:
    """A special ability after ``hits`` weapon hits (ASCE p.51; facts §4).

    Damage-bearing specials lose 1 per hit at every range (1 → 0*, 0* → 0), turret
    contents included; artillery notes the loss; every other special is unchanged.
    """
    if hits <= 0:
        return special
    return _lower_special(special, lambda value: reduce_damage(value, hits), f"−{hits} dmg")


def halve_special(special: Special) -> Special:
    """A special ability after a vehicle engine hit (ASCE p.50; facts §4).

    Damage-bearing specials are halved like the card's damage values (rounded down,
    minimum 0, ``0*`` → 0), turret contents included; artillery notes the loss; every
    other special is unchanged.
    """
    return _lower_special(special, halve_damage, "½ dmg")


def _lower_special(
    special: Special, lower: Callable[[DamageValue], DamageValue], note: str
) -> Special:
    """``special`` with ``lower`` applied to every damage value it bears (see reduce_special)."""
    if special.code.startswith(ARTILLERY_PREFIX):
        return Special(
            code=special.code,
            text=f"{special.text} ({note})",
            number=special.number,
            argument=special.argument,
            tail=special.tail,
        )
    if special.code not in DAMAGE_SPECIALS:
        return special
    damage = tuple(None if d is None else lower(d) for d in special.damage)
    contents = tuple(_lower_special(c, lower, note) for c in special.contents)
    number = special.number
    if special.code == "TUR" or special.argument is not None:
        # TUR2(…): the number before the parentheses counts turrets, it is not damage.
        count = "" if number is None else str(int(number))
        inner = ",".join([_damage_text(damage)] * bool(damage) + [c.text for c in contents])
        text = f"{special.code}{count}({inner})"
    elif damage:
        text = f"{special.code}{_damage_text(damage)}"
        single_value = damage[0]
        if len(damage) == 1 and single_value is not None and not single_value.minimal:
            # ``IF0*`` → ``IF0``: a lone whole value reads back as a number, as parsing gives.
            damage, number = (), float(single_value.value)
    elif number is not None:
        single = lower(DamageValue(int(number)))
        if single.minimal:
            damage, number = (single,), None
        else:
            number = float(single.value)
        text = f"{special.code}{single}"
    else:
        return special
    return Special(
        code=special.code,
        text=text,
        number=number,
        damage=damage,
        contents=contents,
        argument=special.argument,
        tail=special.tail,
    )


def specials_after_hits(entry: ForceEntry, state: UnitState) -> tuple[Special, ...]:
    """The unit's specials after weapon hits and a vehicle's engine hit, in the order received.

    The same crits, in the same order, as ``current_damage`` (ASCE p.50–51): a weapon hit
    takes 1 off the damage-bearing specials, a vehicle engine hit halves them.  Weapon
    hits in a row are taken together so artillery reads ``(−2 dmg)``, not twice ``(−1 dmg)``.
    A large craft's weapon hit falls on one random arc, so its specials stand as printed.
    """
    specials = entry.unit.specials
    kind_family = table_family(entry.unit)
    if kind_family in ("dropship", "capital"):
        return specials
    is_vehicle = kind_family == "vehicle"
    run = 0
    for crit in state.crits:
        if crit is CritKind.WEAPON:
            run += 1
        elif crit is CritKind.ENGINE and is_vehicle:
            specials = tuple(halve_special(reduce_special(s, run)) for s in specials)
            run = 0
    return tuple(reduce_special(s, run) for s in specials)
