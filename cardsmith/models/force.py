"""Provides ``Force``, ``ForceEntry``, ``Group`` and ``Pilot``: a player's list of units."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # Only named in annotations: an empty force (the app's first screen) needs no unit model.
    from cardsmith.models.unit import Unit

#: Skill ratings (ASCE p.29 Skill Rating Table).
SKILL_NAMES: dict[int, str] = {
    0: "Legendary",
    1: "Heroic",
    2: "Elite",
    3: "Veteran",
    4: "Regular",
    5: "Green",
    6: "Really Green",
    7: "Wet Behind the Ears",
}
MIN_SKILL = 0
MAX_SKILL = 7
DEFAULT_SKILL = 4


@dataclass(frozen=True, slots=True)
class Pilot:
    """The warrior in a unit: a name now, wounds and history for campaigns and play."""

    name: str = ""
    wounds: int = 0
    """Pilot hits taken (play state and campaigns)."""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class ForceEntry:
    """One unit in a force, with its pilot, skill and special pilot abilities."""

    unit: Unit
    """A snapshot of the unit's stats: the force file carries it, so it needs no catalogue."""
    skill: int = DEFAULT_SKILL
    pilot: Pilot = field(default_factory=Pilot)
    spas: tuple[str, ...] = ()
    """SPA ids from the SPA catalogue (``marksman``, ``lucky-2`` …)."""
    group: str = ""
    """Name of the group (lance, star …) the unit belongs to; empty for none."""
    commander: bool = False
    unit_version: str = ""
    """Content hash of the unit snapshot as the catalogue knew it when added."""

    @property
    def name(self) -> str:
        """The unit's name."""
        return self.unit.name

    def with_changes(self, **changes: object) -> ForceEntry:
        """A copy with some fields replaced."""
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Group:
    """A lance, star or Level II: a named group of entries, with an optional formation."""

    name: str
    formation: str | None = None
    """Formation id from the formation catalogue (``battle``, ``striker`` …), or None."""


@dataclass(frozen=True, slots=True)
class MulRef:
    """An era or a faction of the Master Unit List: its MUL id and its name."""

    id: int
    name: str
    """The name as resolved when it was set, so a force shows it without a catalogue."""


@dataclass(frozen=True, slots=True)
class Force:
    """A player's force: entries, groups, the rule pack it is built for and its PV cap."""

    name: str
    pack: str = "standard"
    """Rule pack id the force is checked against by default."""
    cap: int | None = None
    """Agreed PV total, when the force sets one (a pack may set its own)."""
    entries: tuple[ForceEntry, ...] = ()
    groups: tuple[Group, ...] = ()
    data_version: str = ""
    """Where the stats came from: a summary of the catalogue versions of its units."""
    era: MulRef | None = None
    """The era the force is played in (ASCE p.110 step 2), or None when not chosen."""
    faction: MulRef | None = None
    """The faction the force fields, or None when not chosen."""

    def with_changes(self, **changes: object) -> Force:
        """A copy with some fields replaced."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def group(self, name: str) -> Group | None:
        """The group called ``name``, if the force declares it."""
        return next((g for g in self.groups if g.name == name), None)

    def group_names(self) -> list[str]:
        """Every group name in use, declared groups first, in order of appearance."""
        names = [g.name for g in self.groups]
        for entry in self.entries:
            if entry.group and entry.group not in names:
                names.append(entry.group)
        return names

    def members(self, group: str) -> list[tuple[int, ForceEntry]]:
        """(index, entry) pairs of one group; indices are 1-based as the CLI shows them."""
        return [(i, e) for i, e in enumerate(self.entries, start=1) if e.group == group]
