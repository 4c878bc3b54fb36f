"""Provides what the formation picker shows: each formation, and whether a group fits it now.

The verdicts come from the same evaluation the ``formations`` check runs
(``forces.formations.evaluate``), for every formation instead of the declared one only.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.forces.formations import evaluate, load_formations
from cardsmith.models import Force


@dataclass(frozen=True, slots=True)
class FormationOption:
    """One formation as the picker lists it for a group."""

    id: str
    name: str
    bonus: str
    qualifies: bool
    waived_by_ideal_role: bool
    missing: tuple[str, ...]
    """Each failed requirement: what it asks, what the group has (empty when it fits)."""

    @property
    def why_not(self) -> str:
        """The failed requirements as one line."""
        return "; ".join(self.missing)


def formation_options(force: Force, group: str) -> list[FormationOption]:
    """Every formation judged for ``group`` as its units stand now: those it fits first.

    Raises:
        TemplateError: the formations file does not load.
    """
    catalogue = load_formations()
    members = force.members(group)
    options = []
    for formation in catalogue.all():
        result = evaluate(formation, members, group=group, force=force)
        options.append(
            FormationOption(
                id=formation.id,
                name=formation.name,
                bonus=formation.bonus,
                qualifies=result.qualifies,
                waived_by_ideal_role=result.waived_by_ideal_role,
                missing=tuple(
                    f"{r.text}: has {r.actual}, needs {r.expected}"
                    for r in result.requirements
                    if not r.passed
                ),
            )
        )
    # What the group fits now comes first.
    return sorted(options, key=lambda o: (not o.qualifies, o.name.casefold()))
