"""Provides the battle changes that switch a multi-profile unit: order end, movement, dodge, WIP, mode.

Each event is logged as a ``profile`` change (undo like any other change).  The unit's
switch rule decides (``cardsmith.profiles.switching.decide``); the outcome, its reason
and any marker to place (Escape System) are written into the change for the log.
"""

from __future__ import annotations

from cardsmith.battle.actions import record, shared_track
from cardsmith.battle.profile_state import (
    decide_change,
    is_generic,
    profile_value,
    profiles_of,
    resolve_profile,
)
from cardsmith.battle.state import Battle, BattleEditError, Change

#: Event names as players give them (CLI ``--event``) → the recorded event kind.
EVENTS: dict[str, str] = {
    "order-end": "order-ended",
    "movement": "movement-declared",
    "dodge": "dodge-succeeded",
    "activation": "activation",
    "turn-end": "turn-ended",
    "declare": "declared",
    "deploy": "deployed",
}

#: The willpower column of a generic system's profile (seed 001: WIP, alias VOL).
WILLPOWER_COLUMN = "WIP"


def profile_event(
    battle: Battle,
    ref: str,
    event: str,
    *,
    choose: int | str | None = None,
    roll: int | None = None,
    wip: int | None = None,
    first_skill_is_movement: bool = True,
) -> Battle:
    """Log a switch event for a multi-profile unit and apply its rule's decision.

    ``event`` is one of ``EVENTS`` (``movement``, ``dodge`` …) or a recorded kind;
    ``choose`` a profile number (1-based) or name; ``roll``/``wip`` a willpower roll
    (``wip`` defaults to the active profile's WIP column).

    Raises:
        BattleEditError: unknown unit or event, a single-profile unit, or an event that
            lacks what the unit's rule needs.
    """
    kind = EVENTS.get(event, event)
    if kind not in EVENTS.values():
        raise BattleEditError(f"profile event must be one of {', '.join(EVENTS)}, not {event!r}")
    state = battle.find(ref)
    entry = battle.force_entry(state)
    unit_profiles = profiles_of(entry)
    if unit_profiles is None:
        raise BattleEditError(f"{state.key} {entry.name} has one profile: nothing to switch")
    data: list[tuple[str, int | str | bool]] = []
    if choose is not None:
        data.append(("choose", resolve_profile(unit_profiles, choose) + 1))
    if kind == "movement-declared":
        data.append(("first", first_skill_is_movement))
    if kind == "activation":
        if wip is None and is_generic(entry):
            column = profile_value(entry, state.profile, WILLPOWER_COLUMN)
            wip = int(column) if column and column.isdigit() else None
        if roll is None or wip is None:
            raise BattleEditError(
                "a willpower roll needs the roll and the WIP value (--roll, --wip)"
            )
        data.extend((("roll", roll), ("wip", wip)))
    change = Change("profile", state.key, battle.turn, detail=kind, data=tuple(data))
    decision = decide_change(entry, state, change, shared_track(battle, state.key))
    to = decision.state.active
    outcome: tuple[tuple[str, int | str | bool], ...] = (
        ("to", to + 1),
        ("name", unit_profiles.profiles[to].name),
        ("switched", decision.switched),
        ("reason", decision.reason),
    )
    if decision.switched and decision.marker:
        outcome += (("marker", decision.marker),)
    return record(
        battle, Change("profile", state.key, battle.turn, detail=kind, data=(*data, *outcome))
    )


def order_end(battle: Battle, ref: str) -> Battle:
    """The unit's order (activation) ended: Transmutation (X) / Escape System check the wounds."""
    return profile_event(battle, ref, "order-end")
