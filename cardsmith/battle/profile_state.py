"""Provides multi-profile units in play: the shared damage track, switch events and their effect.

A unit with several profiles (seed 001's Transmutation troopers, land-air 'Mechs,
QuadVees, custom units) keeps ONE damage track and its states whatever profile is
active (issue 8): the Alpha Strike armor/structure damage, or for a generic-system unit
the wounds on its system's ``track`` column (held as ``pilot_wounds``).  Switching only
changes ``UnitState.profile`` and ``profile_locked``; the rule mechanisms are those of
``cardsmith.profiles.switching``.  All functions here are pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.battle.state import BattleEditError, Change, UnitState
from cardsmith.errors import UsageError
from cardsmith.models import ForceEntry
from cardsmith.models.profiles import ALPHA_STRIKE, ProfileSet
from cardsmith.profiles.catalogues import SwitchRule, load_switch_rules, load_system
from cardsmith.profiles.modes import profile_set
from cardsmith.profiles.switching import Decision, Event, ProfileState, decide

#: Event kinds a ``profile`` change carries in ``detail`` (``Event.kind`` of
#: cardsmith.profiles.switching, plus ``deployed`` for a unit that deploys as any profile).
EVENT_KINDS = (
    "order-ended",
    "movement-declared",
    "dodge-succeeded",
    "activation",
    "turn-ended",
    "declared",
    "deployed",
)

#: Flags that are the unit's shared states (kept across a switch, seed 001).
_STATE_FLAGS = (
    "shutdown",
    "immobile",
    "pilotless",
    "crashed",
    "sunk",
    "destroyed",
    "withdrawn",
)


@dataclass(frozen=True, slots=True)
class ProfileInfo:
    """What a multi-profile unit in play shows: its profiles, active one and switch rule."""

    names: tuple[str, ...]
    active: int
    """0-based index of the active profile."""
    rule_id: str
    rule_name: str
    switch_value: int | None
    locked: bool
    marker: str
    system: str
    track: str
    """The shared track: ``armor/structure`` or the generic system's wound column (``W``)."""
    wounds: int
    """Damage on the shared track (armor + structure damage, or wounds)."""

    @property
    def active_name(self) -> str:
        """The active profile's name."""
        return self.names[self.active]


def profiles_of(entry: ForceEntry) -> ProfileSet | None:
    """The unit's profiles, None for a single-profile unit."""
    return profile_set(entry.unit)


def rule_of(unit_profiles: ProfileSet) -> SwitchRule:
    """The switch rule of a profile set.

    Raises:
        BattleEditError: the rule is not in the switch-rule catalogue.
    """
    rule = load_switch_rules().get(unit_profiles.switch_rule)
    if rule is None:
        raise BattleEditError(f"unknown profile switch rule {unit_profiles.switch_rule!r}")
    return rule


def is_generic(entry: ForceEntry) -> bool:
    """True for a unit of a generic game system (its damage track is a wound column)."""
    unit_profiles = profiles_of(entry)
    return unit_profiles is not None and unit_profiles.system != ALPHA_STRIKE


def shared_wounds(entry: ForceEntry, state: UnitState) -> int:
    """Damage on the one shared track: trooper wounds, or armor plus structure damage."""
    if is_generic(entry):
        return state.pilot_wounds
    return state.armor_damage + state.structure_damage


def profile_state(entry: ForceEntry, state: UnitState, wounds: int | None = None) -> ProfileState:
    """The unit's switch state as ``cardsmith.profiles.switching`` reads it."""
    return ProfileState(
        active=state.profile,
        wounds=shared_wounds(entry, state) if wounds is None else wounds,
        states=tuple(f for f in _STATE_FLAGS if getattr(state, f)),
        locked=state.profile_locked,
    )


def profile_info(entry: ForceEntry, state: UnitState) -> ProfileInfo | None:
    """The unit's profiles and switch state for display; None for a single-profile unit."""
    unit_profiles = profiles_of(entry)
    if unit_profiles is None:
        return None
    rule = load_switch_rules().get(unit_profiles.switch_rule)
    track = "armor/structure"
    if unit_profiles.system != ALPHA_STRIKE:
        track = load_system(unit_profiles.system).track
    return ProfileInfo(
        names=tuple(p.name for p in unit_profiles.profiles),
        active=state.profile,
        rule_id=unit_profiles.switch_rule,
        rule_name=rule.name if rule is not None else unit_profiles.switch_rule,
        switch_value=unit_profiles.switch_value,
        locked=state.profile_locked,
        marker=state.profile_marker,
        system=unit_profiles.system,
        track=track,
        wounds=shared_wounds(entry, state),
    )


def profile_value(entry: ForceEntry, profile: int, column: str) -> str | None:
    """A generic column's value (``WIP``, ``W`` …) in one profile, None when absent."""
    unit_profiles = profiles_of(entry)
    if unit_profiles is None or not 0 <= profile < len(unit_profiles.profiles):
        return None
    return unit_profiles.profiles[profile].value(column)


def resolve_profile(unit_profiles: ProfileSet, ref: int | str) -> int:
    """A profile by 1-based number or name (case-insensitive) → 0-based index.

    Raises:
        BattleEditError: no such profile.
    """
    names = [p.name for p in unit_profiles.profiles]
    text = str(ref).strip()
    if text.lstrip("-").isdigit():
        number = int(text)
        if 1 <= number <= len(names):
            return number - 1
    else:
        for index, name in enumerate(names):
            if name.casefold() == text.casefold():
                return index
    listed = ", ".join(f"{n} {name}" for n, name in enumerate(names, start=1))
    raise BattleEditError(f"no profile {ref!r} (profiles: {listed})")


def event_of(change: Change) -> Event:
    """The switching event a ``profile`` change records."""
    choose = change.get("choose", 0)
    roll = change.get("roll", 0)
    wip = change.get("wip", 0)
    return Event(
        kind=change.detail,
        first_skill_is_movement=bool(change.get("first", True)),
        roll=int(roll) if roll else None,
        willpower=int(wip) if wip else None,
        choose=int(choose) - 1 if choose else None,
    )


def decide_change(entry: ForceEntry, state: UnitState, change: Change, wounds: int) -> Decision:
    """What the unit's switch rule makes of a ``profile`` change.

    ``entry`` is the force entry (profile 1); ``wounds`` the shared track counted with
    damage still waiting for the End Phase (wounds are taken during the order).

    Raises:
        BattleEditError: a single-profile unit, an unknown rule or event, or an event
            that lacks what the rule needs.
    """
    unit_profiles = profiles_of(entry)
    if unit_profiles is None:
        raise BattleEditError(f"{entry.name} has one profile: nothing to switch")
    if change.detail not in EVENT_KINDS:
        raise BattleEditError(f"unknown profile event {change.detail!r}")
    rule = rule_of(unit_profiles)
    event = event_of(change)
    current = profile_state(entry, state, wounds)
    count = len(unit_profiles.profiles)
    if event.kind == "deployed":
        return _deploy(rule, current, event, count)
    try:
        return decide(rule, unit_profiles.switch_value, current, event, count)
    except UsageError as exc:
        raise BattleEditError(f"{entry.name}: {exc.message}") from exc


def _deploy(rule: SwitchRule, current: ProfileState, event: Event, count: int) -> Decision:
    """Deployment in a chosen profile, for rules that deploy with any (Auto, LAM, QuadVee)."""
    if rule.deploys_with != "any":
        raise BattleEditError(f"{rule.name} deploys with profile 1; it cannot choose")
    if event.choose is None or not 0 <= event.choose < count:
        raise BattleEditError(f"choose a profile from 1 to {count} to deploy with")
    return Decision(
        ProfileState(event.choose, current.wounds, current.states, current.locked),
        event.choose != current.active,
        "deploys with the chosen profile",
    )


def apply_change(entry: ForceEntry, state: UnitState, change: Change, wounds: int) -> UnitState:
    """The unit after a ``profile`` change: the active profile and lock; damage and states kept."""
    decision = decide_change(entry, state, change, wounds)
    marker = decision.marker if decision.switched and decision.marker else state.profile_marker
    return state.with_changes(
        profile=decision.state.active,
        profile_locked=decision.state.locked,
        profile_marker=marker,
    )


def end_of_round(entry: ForceEntry, state: UnitState) -> UnitState:
    """End of a round: a WIP switch lasts the player turn only; a placed marker is gone."""
    unit_profiles = profiles_of(entry)
    if unit_profiles is None:
        return state
    rule = load_switch_rules().get(unit_profiles.switch_rule)
    if rule is not None and rule.trigger == "willpower-roll" and state.profile != 0:
        state = state.with_changes(profile=0)
    return state.with_changes(profile_marker="") if state.profile_marker else state


def describe_change(change: Change) -> str:
    """The log text of a ``profile`` change (its recorded outcome)."""
    words = {
        "order-ended": "order ended",
        "movement-declared": "movement declared",
        "dodge-succeeded": "dodged",
        "activation": f"WIP roll {change.get('roll')} (WIP {change.get('wip')})",
        "turn-ended": "player turn ended",
        "declared": "mode declared",
        "deployed": "deployed",
    }.get(change.detail, change.detail)
    reason = str(change.get("reason", ""))
    if change.get("switched", False):
        outcome = f"→ profile {change.get('to')} {change.get('name')}"
    else:
        outcome = f"stays in profile {change.get('to')} {change.get('name')}".rstrip()
    text = f"{words}: {outcome}" + (f" ({reason})" if reason else "")
    marker = str(change.get("marker", ""))
    return text + (f"; place {marker}" if marker else "")
