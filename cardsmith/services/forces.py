"""Provides the force use cases both shells call: edits, groups, updates and SPAs.

The command line edits a file per command (``force_files.edit_force_file``); the app edits
the force in memory and saves it.  Both make every change through the functions here, so
the same edits give the same saved file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import ForceEditError
from cardsmith.forces import editing
from cardsmith.forces.pricing import adjusted_pv
from cardsmith.forces.spas import SpaCatalogue, card_numbers, load_spas
from cardsmith.forces.spas import spa_budget as _spa_budget
from cardsmith.forces.updates import OutdatedEntry as OutdatedEntry
from cardsmith.forces.updates import outdated_entries, update_entries
from cardsmith.models import Force, Unit
from cardsmith.models.force import DEFAULT_SKILL

# The catalogue's one unit lookup, offered to the force commands as ``use.find_unit``.
from cardsmith.services.catalogue import find_unit as find_unit

# -- units -----------------------------------------------------------------------------------


def catalogue_version(catalogue: Catalogue, unit: Unit) -> str:
    """The catalogue's content hash of ``unit`` ("" when the catalogue does not hold it)."""
    version = catalogue.version(unit.mul_id)
    return version.content_hash if version else ""


# -- entries ---------------------------------------------------------------------------------


def add_unit(
    force: Force,
    unit: Unit,
    *,
    skill: int = DEFAULT_SKILL,
    pilot: str = "",
    spas: Sequence[str] = (),
    group: str = "",
    commander: bool = False,
    unit_version: str = "",
) -> Force:
    """Append ``unit`` (SPAs by id, name or alias; ``unit_version`` from the catalogue).

    Raises:
        ForceEditError: no Alpha Strike stats, a bad skill, SPA, pilot or group name.
    """
    return editing.add_entry(
        force,
        unit,
        skill=skill,
        pilot=pilot,
        spas=spas,
        group=group,
        commander=commander,
        unit_version=unit_version,
    )


def set_entry(
    force: Force,
    index: int,
    *,
    skill: int | None = None,
    pilot: str | None = None,
    spas: Sequence[str] | None = None,
    group: str | None = None,
    commander: bool | None = None,
) -> Force:
    """Change entry ``index`` (1-based); None leaves a field as it is, ``""`` clears text.

    Raises:
        ForceEditError: no such entry, or a value ``add_unit`` would refuse.
    """
    return editing.set_entry(
        force, index, skill=skill, pilot=pilot, spas=spas, group=group, commander=commander
    )


def set_groups(force: Force, indices: Iterable[int], group: str) -> Force:
    """Put several entries in one group at once ("" takes them out of any group).

    Raises:
        ForceEditError: an index that is not an entry, or a bad group name.
    """
    return editing.set_groups(force, indices, group)


def remove_entry(force: Force, index: int) -> Force:
    """Drop entry ``index`` (1-based).

    Raises:
        ForceEditError: no such entry.
    """
    return editing.remove_entry(force, index)


def duplicate_entry(force: Force, index: int) -> Force:
    """Insert a copy of entry ``index`` right after it (same skill, pilot, SPAs and group).

    Raises:
        ForceEditError: no such entry.
    """
    return editing.duplicate_entry(force, index)


def move_entry(force: Force, index: int, to: int) -> Force:
    """Move entry ``index`` to place ``to`` (both 1-based).

    Raises:
        ForceEditError: no such entry, or ``to`` outside the force.
    """
    return editing.move_entry(force, index, to)


# -- groups ----------------------------------------------------------------------------------


def declare_group(
    force: Force, name: str, *, formation: str | None = None, clear_formation: bool = False
) -> Force:
    """Declare group ``name``: with ``formation`` (an id, name or alias), with none
    (``clear_formation``), or keeping the formation it has (neither).

    Raises:
        ForceEditError: a bad group name, an unknown formation, or both options at once.
    """
    if formation is not None and clear_formation:
        raise ForceEditError("give a formation or clear it, not both")
    chosen = formation
    if formation is None and not clear_formation:
        existing = force.group(" ".join(name.split()))
        chosen = existing.formation if existing is not None else None
    return editing.set_group(force, name, formation=chosen)


def remove_group(force: Force, name: str) -> Force:
    """Drop group ``name``; its units become ungrouped.

    Raises:
        ForceEditError: no group of that name.
    """
    return editing.remove_group(force, name)


# -- catalogue updates -------------------------------------------------------------------------


def outdated(force: Force, catalogue: Catalogue) -> list[OutdatedEntry]:
    """Entries whose unit the catalogue holds in another version."""
    return outdated_entries(force, catalogue)


def update_units(
    force: Force, catalogue: Catalogue, indices: Iterable[int] | None = None
) -> tuple[Force, list[OutdatedEntry]]:
    """Take the catalogue's versions of the outdated units (all, or entries ``indices``).

    Raises:
        ForceEditError: an index that is not an entry.
    """
    return update_entries(force, catalogue, indices)


# -- numbers the grid shows ------------------------------------------------------------------


def to_hit(skill: int, unit: Unit, spas: Sequence[str] = ()) -> tuple[int, int, int]:
    """Target numbers at short, medium and long range after the SPAs that change them."""
    numbers = card_numbers(unit, skill, spas, _spas()).target_numbers
    return numbers["S"], numbers["M"], numbers["L"]


def skill_pv(unit: Unit, skill: int) -> int:
    """The unit's PV at ``skill`` (0 when the skill is out of range)."""
    try:
        return adjusted_pv(unit.pv, skill)
    except ValueError:
        return 0


# -- special pilot abilities ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpaChoice:
    """One SPA as the picker and ``force spas`` list it."""

    id: str
    name: str
    cost: int
    summary: str
    unit_types: tuple[str, ...] = ()
    """Allowed type codes (``CV:v`` with a movement mode); empty for any unit."""
    changes_card: bool = False
    """True when it changes a number on the card (move, thrust, to-hit by range)."""

    @property
    def unit_types_text(self) -> str:
        """``any`` or ``BM, IM, PM``."""
        return ", ".join(self.unit_types) if self.unit_types else "any"


def _spas() -> SpaCatalogue:
    # load_spas caches by the file's modification time, so this stays cheap per call.
    return load_spas()


def spa_choices(unit: Unit | None = None, *, unit_type: str | None = None) -> list[SpaChoice]:
    """SPAs a unit may take, or a type code may take (``BM``), or every SPA; in file order.

    Raises:
        TemplateError: the SPA catalogue does not load.
    """
    catalogue = _spas()
    spas = catalogue.all() if unit is None else catalogue.allowed_for(unit)
    if unit_type:
        code = unit_type.upper()
        spas = [
            s
            for s in spas
            if not s.unit_types or any(t.split(":")[0] == code for t in s.unit_types)
        ]
    return [
        SpaChoice(
            id=spa.id,
            name=spa.name,
            cost=spa.cost,
            summary=spa.summary,
            unit_types=spa.unit_types,
            changes_card=spa.card_effect is not None,
        )
        for spa in spas
    ]


def spa_cost(spa_id: str) -> int:
    """The cost of one SPA (0 when unknown)."""
    spa = _spas().get(spa_id)
    return spa.cost if spa is not None else 0


def spa_name(spa_id: str) -> str:
    """The display name of an SPA id, with the pilot's choice (``Range Master (Long)``)."""
    return _spas().label(spa_id)


def spa_budget(skill: int) -> tuple[int, int]:
    """How many SPAs, and how many points of them, a pilot of ``skill`` may take (ASCE p.92)."""
    budget = _spa_budget(skill)
    return budget.max_count, budget.max_cost
