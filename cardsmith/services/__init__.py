"""Provides the app's one doorway into the core: force edits, files, checks, cards, printing.

Printing is ``services.printing`` (imported on use: it loads the rules engine).

Every screen calls ``services.<name>`` instead of importing core modules itself, so the
shape of the core (and any module that is not there yet) matters in this package only.
Nothing here imports Textual.
"""

from cardsmith.services.cards import (
    GlossaryRow,
    ReferenceTable,
    card_lines,
    glossary,
    reference_tables,
    special_info,
    special_meaning,
)
from cardsmith.services.catalogue import UnitSource, load_index
from cardsmith.services.checks import (
    GroupStatus,
    Verdict,
    check,
    formation_choices,
    formation_status,
    pack_choices,
    pv_cap,
    set_formation,
)
from cardsmith.services.force_files import load_force, save_force
from cardsmith.services.forces import (
    SpaChoice,
    add_unit,
    declare_group,
    duplicate_entry,
    move_entry,
    remove_entry,
    set_entry,
    set_force,
    set_groups,
    skill_pv,
    spa_budget,
    spa_choices,
    spa_cost,
    spa_name,
    to_hit,
)
from cardsmith.services.mul import FetchSummary, fetch_units

__all__ = [
    "FetchSummary",
    "GlossaryRow",
    "GroupStatus",
    "ReferenceTable",
    "SpaChoice",
    "UnitSource",
    "Verdict",
    "add_unit",
    "card_lines",
    "check",
    "declare_group",
    "duplicate_entry",
    "fetch_units",
    "formation_choices",
    "formation_status",
    "glossary",
    "load_force",
    "load_index",
    "move_entry",
    "pack_choices",
    "pv_cap",
    "reference_tables",
    "remove_entry",
    "save_force",
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
]
