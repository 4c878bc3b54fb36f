"""Shows a search's outcome on the command line: its notes, then a table or JSON."""

from __future__ import annotations

from cardsmith.cli.output import echo, echo_json, format_table, warn
from cardsmith.services import catalogue as service

#: As ``typing.TYPE_CHECKING``, without importing typing: a plain search never loads it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from cardsmith.models import Unit

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
        echo_json([unit_summary(u) for u in outcome.units])
        return
    if not outcome.units:
        echo("No units match.", err=True)
        return
    _print_units(outcome.units)
    if outcome.total > len(outcome.units):
        echo(f"{len(outcome.units)} of {outcome.total:,} matches; --limit 0 shows all.", err=True)


def unit_summary(unit: Unit) -> dict[str, Any]:
    """The JSON object ``search --format json`` prints for one unit."""
    from cardsmith.catalogue.eras import era_name  # the table does not show eras

    return {
        "mul_id": unit.mul_id,
        "name": unit.name,
        "type": unit.type.value if unit.type else None,
        "size": unit.size,
        "move": unit.move_text,
        "tmm": unit.tmm,
        "armor": unit.armor,
        "structure": unit.structure,
        "threshold": unit.threshold,
        "damage": {band: str(value) for band, value in zip("SMLE", unit.damage, strict=True)},
        "ov": unit.overheat,
        "pv": unit.pv,
        "role": unit.role,
        "specials": [s.text for s in unit.specials],
        "technology": unit.technology,
        "rules": unit.rules,
        "era": era_name(unit.era_id),
        "has_stats": unit.has_stats,
    }


def _damage_text(unit: Unit) -> str:
    bands = (
        unit.damage
        if unit.type and unit.type.family in ("fighter", "large-craft")
        else unit.damage[:3]
    )
    return "/".join(str(d) for d in bands)


def _print_units(units: list[Unit]) -> None:
    rows = []
    for unit in units:
        name = unit.name if unit.has_stats else f"{unit.name} (no AS stats)"
        rows.append(
            [
                unit.mul_id,
                name,
                unit.type_code,
                unit.size,
                unit.move_text or "-",
                unit.tmm,
                f"{unit.armor}/{unit.structure}",
                _damage_text(unit),
                unit.overheat,
                unit.pv,
                unit.role or "-",
                unit.specials_text,
            ]
        )
    echo(format_table(HEADERS, rows, right=(0, 3, 5, 8, 9)))
