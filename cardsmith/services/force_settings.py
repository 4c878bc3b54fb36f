"""Provides a force's own settings for both shells: name, rule pack, PV cap, era and faction.

Eras resolve the way ``search --era`` reads them (a name or part of one, a year, a MUL
id); factions among those the local catalogue knows from the MUL.  Both fail with
suggestions.  The force stores the MUL id and the name, so it shows both offline.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardsmith.errors import ForceEditError
from cardsmith.forces import editing
from cardsmith.models import Force
from cardsmith.models.force import MulRef
from cardsmith.rules.engine import load_pack
from cardsmith.services.catalogue import resolve_era, resolve_faction


def era_ref(text: str) -> MulRef:
    """The era a name, year or MUL id means (``Clan Invasion``, ``3052``, ``13``).

    Raises:
        UnknownName: no era or several fit; ``candidates`` suggests some.
    """
    era = resolve_era(text)
    return MulRef(era.id, era.name)


def faction_ref(cache_dir: Path, text: str) -> MulRef:
    """The faction a name or MUL id means, among the factions the local catalogue knows.

    Raises:
        UnknownName: none or several fit (with suggestions, or how to sync the list).
        CatalogueError: the catalogue cannot be opened.
    """
    faction = resolve_faction(cache_dir, text)
    return MulRef(faction.id, faction.name)


def new_force(
    name: str,
    *,
    pack: str = "standard",
    cap: int | None = None,
    era: MulRef | None = None,
    faction: MulRef | None = None,
) -> Force:
    """An empty force built for a rule pack that loads.

    Raises:
        ForceEditError: a bad name or cap.
        RulePackError: the pack is unknown or does not load.
    """
    force = editing.new_force(name, pack=pack, cap=cap, era=era, faction=faction)
    load_pack(force.pack)
    return force


def set_force(
    force: Force,
    *,
    name: str | None = None,
    pack: str | None = None,
    cap: int | None = None,
    clear_cap: bool = False,
    era: MulRef | None = None,
    clear_era: bool = False,
    faction: MulRef | None = None,
    clear_faction: bool = False,
) -> Force:
    """Change the force's name, rule pack, PV cap, era or faction (``clear_…`` removes one).

    Raises:
        ForceEditError: a bad name or cap, or a value and its clear flag together.
        RulePackError: the new pack is unknown or does not load.
    """
    changed = editing.set_force(
        force,
        name=name,
        pack=pack,
        cap=cap,
        clear_cap=clear_cap,
        era=era,
        clear_era=clear_era,
        faction=faction,
        clear_faction=clear_faction,
    )
    if pack is not None:
        load_pack(changed.pack)
    return changed


def settings_from_text(
    force: Force,
    cache_dir: Path,
    *,
    name: str,
    pack: str,
    cap: str,
    era: str,
    faction: str,
) -> Force:
    """The force with settings typed as text (the app's settings dialog).

    An empty cap, era or faction clears it; an era or faction whose text is still the
    name the force has keeps it without a look-up, so a force opened on a machine that
    has not synced the MUL's factions can still be renamed.

    Raises:
        ForceEditError: an empty name, or a cap that is not a whole number above 0.
        UnknownName: an era or faction that fits none or several (with suggestions).
        RulePackError: the pack does not load.
    """
    cap_text = cap.strip()
    if cap_text and not (cap_text.isdigit() and int(cap_text) > 0):
        raise ForceEditError(f"the PV cap is a whole number of PV above 0, not {cap_text!r}")
    chosen_era = _kept_or(force.era, era, era_ref)
    chosen_faction = _kept_or(force.faction, faction, lambda text: faction_ref(cache_dir, text))
    return set_force(
        force,
        name=name,
        pack=pack,
        cap=int(cap_text) if cap_text else None,
        clear_cap=not cap_text,
        era=chosen_era,
        clear_era=chosen_era is None,
        faction=chosen_faction,
        clear_faction=chosen_faction is None,
    )


def _kept_or(current: MulRef | None, text: str, resolve: Callable[[str], MulRef]) -> MulRef | None:
    text = " ".join(text.split())
    if not text:
        return None
    if current is not None and text == current.name:
        return current
    return resolve(text)
