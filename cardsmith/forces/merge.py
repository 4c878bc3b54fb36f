"""Provides the merge of entries another program added to a force file into the force edited."""

from __future__ import annotations

from cardsmith.forces.editing import with_entries
from cardsmith.models.force import Force, ForceEntry


def added_entries(base: Force, changed: Force) -> tuple[ForceEntry, ...] | None:
    """The entries ``changed`` appended to ``base`` when that is all it changed, else None.

    ``base`` is the force as the app read it; ``changed`` is what the file holds now.  The
    answer is None when anything else differs (a name, a skill, a removed entry, a new
    group declaration), because only appended entries can be taken over without asking
    which version of a field wins.
    """
    count = len(base.entries)
    if len(changed.entries) <= count or changed.entries[:count] != base.entries:
        return None
    # The data version follows from the entries; everything else must be as it was.
    if changed.with_changes(entries=base.entries, data_version=base.data_version) != base:
        return None
    return changed.entries[count:]


def merge_added(mine: Force, added: tuple[ForceEntry, ...]) -> Force:
    """``mine`` with ``added`` appended after its own entries."""
    return with_entries(mine, (*mine.entries, *added))
