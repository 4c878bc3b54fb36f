"""Provides the app's one doorway into the core: force edits, files, checks, cards, printing.

Printing is ``services.printing`` (imported on use: it loads the rules engine).

Every screen calls ``services.<name>`` instead of importing core modules itself, so the
shape of the core (and any module that is not there yet) matters in this package only.
Nothing here imports Textual.  The names below load their module on first use, so a
command that needs one use case does not import every area (``cardsmith check`` never
loads the card renderer).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardsmith.render.content.reference import RefTable as ReferenceTable
    from cardsmith.services.cards import (
        GlossaryRow,
        card_lines,
        glossary,
        reference_tables,
        special_info,
        special_meaning,
    )
    from cardsmith.services.catalogue import UnitSource, available_ids, load_index, parse_filters
    from cardsmith.services.checks import (
        GroupStatus,
        Verdict,
        check,
        formation_choices,
        formation_status,
        pack_choices,
        packs,
        pv_cap,
        set_formation,
        unread_pack_files,
    )
    from cardsmith.services.force_files import (
        OutsideChange,
        load_force,
        merge_outside,
        outside_change,
        save_force,
        save_unless_changed,
    )
    from cardsmith.services.force_settings import era_ref, faction_ref, set_force
    from cardsmith.services.forces import (
        SpaChoice,
        add_unit,
        declare_group,
        duplicate_entry,
        move_entry,
        remove_entry,
        set_entry,
        set_groups,
        skill_pv,
        spa_budget,
        spa_choices,
        spa_cost,
        spa_name,
        to_hit,
    )
    from cardsmith.services.mul import (
        AvailabilitySummary,
        FetchSummary,
        fetch_availability,
        fetch_units,
    )

#: Name → the module that defines it; imported when the name is first asked for.
_LAZY: dict[str, str] = {
    "AvailabilitySummary": "cardsmith.services.mul",
    "FetchSummary": "cardsmith.services.mul",
    "GlossaryRow": "cardsmith.services.cards",
    "GroupStatus": "cardsmith.services.checks",
    "OutsideChange": "cardsmith.services.force_files",
    "ReferenceTable": "cardsmith.services.cards",
    "SpaChoice": "cardsmith.services.forces",
    "UnitSource": "cardsmith.services.catalogue",
    "Verdict": "cardsmith.services.checks",
    "add_unit": "cardsmith.services.forces",
    "available_ids": "cardsmith.services.catalogue",
    "card_lines": "cardsmith.services.cards",
    "check": "cardsmith.services.checks",
    "declare_group": "cardsmith.services.forces",
    "duplicate_entry": "cardsmith.services.forces",
    "era_ref": "cardsmith.services.force_settings",
    "faction_ref": "cardsmith.services.force_settings",
    "fetch_availability": "cardsmith.services.mul",
    "fetch_units": "cardsmith.services.mul",
    "formation_choices": "cardsmith.services.checks",
    "formation_status": "cardsmith.services.checks",
    "glossary": "cardsmith.services.cards",
    "load_force": "cardsmith.services.force_files",
    "load_index": "cardsmith.services.catalogue",
    "merge_outside": "cardsmith.services.force_files",
    "move_entry": "cardsmith.services.forces",
    "outside_change": "cardsmith.services.force_files",
    "pack_choices": "cardsmith.services.checks",
    "packs": "cardsmith.services.checks",
    "parse_filters": "cardsmith.services.catalogue",
    "pv_cap": "cardsmith.services.checks",
    "reference_tables": "cardsmith.services.cards",
    "remove_entry": "cardsmith.services.forces",
    "save_force": "cardsmith.services.force_files",
    "save_unless_changed": "cardsmith.services.force_files",
    "set_entry": "cardsmith.services.forces",
    "set_force": "cardsmith.services.force_settings",
    "set_formation": "cardsmith.services.checks",
    "set_groups": "cardsmith.services.forces",
    "skill_pv": "cardsmith.services.forces",
    "spa_budget": "cardsmith.services.forces",
    "spa_choices": "cardsmith.services.forces",
    "spa_cost": "cardsmith.services.forces",
    "spa_name": "cardsmith.services.forces",
    "special_info": "cardsmith.services.cards",
    "special_meaning": "cardsmith.services.cards",
    "to_hit": "cardsmith.services.forces",
    "unread_pack_files": "cardsmith.services.checks",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "AvailabilitySummary",
    "FetchSummary",
    "GlossaryRow",
    "GroupStatus",
    "OutsideChange",
    "ReferenceTable",
    "SpaChoice",
    "UnitSource",
    "Verdict",
    "add_unit",
    "available_ids",
    "card_lines",
    "check",
    "declare_group",
    "duplicate_entry",
    "era_ref",
    "faction_ref",
    "fetch_availability",
    "fetch_units",
    "formation_choices",
    "formation_status",
    "glossary",
    "load_force",
    "load_index",
    "merge_outside",
    "move_entry",
    "outside_change",
    "pack_choices",
    "packs",
    "parse_filters",
    "pv_cap",
    "reference_tables",
    "remove_entry",
    "save_force",
    "save_unless_changed",
    "set_entry",
    "set_force",
    "set_formation",
    "set_groups",
    "skill_pv",
    "spa_budget",
    "spa_choices",
    "spa_cost",
    "spa_name",
    "special_info",
    "special_meaning",
    "to_hit",
    "unread_pack_files",
]
