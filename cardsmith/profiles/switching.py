"""Provides the switch-rule mechanisms: given a unit's profile state and a game event, switch?

Seed 001's rules in short: Transmutation (X) and (Escape System-X) switch for good at
the end of the order in which X or more wounds were taken; Eclosion switches when the
first short skill of an order is a movement skill or after a successful dodge; Auto may
pick any profile at the start of a movement; WIP rolls willpower before an order and uses
profile 2 for that player turn on a success.  Damage and states are shared, so a switch
only changes which profile is active.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardsmith.errors import UsageError
from cardsmith.profiles.catalogues import SwitchRule
from cardsmith.wording import count


@dataclass(frozen=True, slots=True)
class ProfileState:
    """The part of a unit's play state that switching reads and writes."""

    active: int = 0
    """Index of the active profile."""
    wounds: int = 0
    """Wounds (or structure damage) on the one shared track."""
    states: tuple[str, ...] = ()
    """Shared states (``stunned``, ``immobilised-b`` …): kept across a switch."""
    locked: bool = False
    """True after a permanent switch: the unit stays in its new profile."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened to the unit during play."""

    kind: str
    """``order-ended``, ``movement-declared``, ``dodge-succeeded``, ``activation``, ``turn-ended``, ``declared``."""
    first_skill_is_movement: bool = False
    roll: int | None = None
    """The willpower die (d20) for ``activation``."""
    willpower: int | None = None
    """The unit's WIP attribute, for ``activation``."""
    choose: int | None = None
    """The profile the player picks (``auto``, ``declared``)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a rule says about an event: the new state and why."""

    state: ProfileState
    switched: bool
    reason: str
    marker: str = ""
    """A marker or template to place (Escape System)."""


def _to(state: ProfileState, index: int, *, permanent: bool) -> ProfileState:
    return replace(state, active=index, locked=state.locked or permanent)


def decide(
    rule: SwitchRule, value: int | None, state: ProfileState, event: Event, profile_count: int
) -> Decision:
    """Apply one event to the profile state under ``rule``.

    Raises:
        UsageError: an event that lacks what the rule needs (a willpower roll without
            the roll, a choice of a profile the unit does not have).
    """
    if event.choose is not None and not 0 <= event.choose < profile_count:
        raise UsageError(
            f"profile {event.choose + 1} does not exist (the unit has {profile_count})"
        )
    if state.locked:
        return Decision(state, False, "already switched for good")
    trigger = rule.trigger
    if trigger == "wounds-at-least":
        if value is None:
            raise UsageError(f"{rule.name} needs its X (wounds)")
        if event.kind != "order-ended":
            return Decision(state, False, "switches only at the end of an order")
        if state.active == 0 and state.wounds >= value:
            return Decision(
                _to(state, 1, permanent=True),
                True,
                f"{count(state.wounds, 'wound')} ≥ {value} at the end of the order",
                rule.marker,
            )
        return Decision(state, False, f"{count(state.wounds, 'wound')} < {value}")
    if trigger == "movement-or-dodge":
        if event.kind == "movement-declared" and event.first_skill_is_movement:
            return Decision(
                _to(state, 1, permanent=True), True, "declared a movement skill first in the order"
            )
        if event.kind == "dodge-succeeded":
            return Decision(
                _to(state, 1, permanent=True),
                True,
                "dodged successfully (switches before the dodge move)",
            )
        return Decision(
            state, False, "needs a movement skill declared first, or a successful dodge"
        )
    if trigger == "movement-start":
        if event.kind != "movement-declared":
            return Decision(state, False, "may switch only at the start of a movement")
        target = event.choose if event.choose is not None else state.active
        return Decision(
            _to(state, target, permanent=False),
            target != state.active,
            "profile chosen at the start of the movement",
        )
    if trigger == "willpower-roll":
        if event.kind == "turn-ended":
            return Decision(
                _to(state, 0, permanent=False),
                state.active != 0,
                "player turn over: back to profile 1",
            )
        if event.kind != "activation":
            return Decision(state, False, "rolls willpower only on activation")
        if event.roll is None or event.willpower is None:
            raise UsageError("a willpower switch needs the roll and the WIP value")
        target = event.willpower + (value or 0)
        if event.roll <= target:
            return Decision(
                _to(state, 1, permanent=False),
                state.active != 1,
                f"WIP roll {event.roll} ≤ {target}: profile 2 this player turn",
            )
        return Decision(
            _to(state, 0, permanent=False),
            state.active != 0,
            f"WIP roll {event.roll} > {target}: profile 1; may retry next order",
        )
    if trigger == "declared":
        if event.kind != "declared" or event.choose is None:
            return Decision(state, False, "changes mode only when the player declares it")
        return Decision(
            _to(state, event.choose, permanent=False),
            event.choose != state.active,
            "mode declared by the player",
        )
    raise UsageError(f"unknown trigger {trigger!r}")


def take_wounds(state: ProfileState, wounds: int) -> ProfileState:
    """Wounds go on the one shared track, whatever profile is active."""
    return replace(state, wounds=state.wounds + wounds)
