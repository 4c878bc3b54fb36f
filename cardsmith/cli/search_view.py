"""Shows a search's outcome on the command line: its notes, then a table or JSON."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardsmith.cli.output import echo, echo_json, format_table, warn
from cardsmith.services import catalogue as service

if TYPE_CHECKING:
    from cardsmith.catalogue.listing import UnitListing

#: Outcome notes that are hints, not warnings.
_NOTES = (service.STARTER_HINT, service.NO_AVAILABILITY_HINT)

#: Results shown when no ``--limit`` is given.
DEFAULT_LIMIT = 25

HEADERS = ["ID", "Name", "TP", "SZ", "MV", "TMM", "A/S", "Dmg", "OV", "PV", "Role", "Specials"]


def note(message: str) -> None:
    """Something the user should know that is no warning (stderr, so JSON stays clean)."""
    echo(f"cardsmith: note: {message}", err=True)


def show_outcome(outcome: service.SearchOutcome, fmt: str = "table") -> None:
    """Print a search's notes on stderr, then its units as a table or JSON on stdout."""
    for message in outcome.notes:
        (note if message in _NOTES else warn)(message)
    if fmt == "json":
        echo_json([unit_summary(u) for u in outcome.listings])
        return
    if not outcome.listings:
        echo("No units match.", err=True)
        return
    _print_units(outcome.listings)
    if outcome.total > len(outcome.listings):
        echo(
            f"{len(outcome.listings)} of {outcome.total:,} matches; --limit 0 shows all.", err=True
        )


def unit_summary(unit: UnitListing) -> dict[str, Any]:
    """The JSON object ``search --format json`` prints for one unit."""
    from cardsmith.catalogue.eras import era_name  # the table does not show eras

    return {
        "mul_id": unit.mul_id,
        "name": unit.name,
        "type": unit.type,
        "size": unit.size,
        "move": unit.move,
        "tmm": unit.tmm,
        "armor": unit.armor,
        "structure": unit.structure,
        "threshold": unit.threshold,
        "damage": dict(zip("SMLE", unit.damage, strict=True)),
        "ov": unit.overheat,
        "pv": unit.pv,
        "role": unit.role,
        "specials": list(unit.specials),
        "technology": unit.technology,
        "rules": unit.rules,
        "era": era_name(unit.era_id),
        "has_stats": unit.has_stats,
    }


def _print_units(units: list[UnitListing]) -> None:
    rows = []
    for unit in units:
        name = unit.name if unit.has_stats else f"{unit.name} (no AS stats)"
        rows.append(
            [
                unit.mul_id,
                name,
                unit.type_code,
                unit.size,
                unit.move or "-",
                unit.tmm,
                f"{unit.armor}/{unit.structure}",
                unit.damage_text,
                unit.overheat,
                unit.pv,
                unit.role or "-",
                unit.specials_text,
            ]
        )
    echo(format_table(HEADERS, rows, right=(0, 3, 5, 8, 9)))
