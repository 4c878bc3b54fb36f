"""Provides ``cardsmith search``, its filter options and the catalogue opening other commands share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from cardsmith.catalogue.eras import era_name
from cardsmith.catalogue.search import Hit
from cardsmith.cli.context import Settings
from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.models import Unit
from cardsmith.services import catalogue as service
from cardsmith.services.catalogue import Catalogue

F = TypeVar("F", bound=Callable[..., Any])


def open_catalogue(settings: Settings) -> Catalogue:
    """Open the catalogue and pass its repair notices on to the user."""
    catalogue = service.open_catalogue(settings.resolved_cache_dir)
    for notice in catalogue.notices:
        warn(notice)
    return catalogue


def note(message: str) -> None:
    """Something the user should know that is no warning (stderr, so JSON stays clean)."""
    click.echo(f"cardsmith: note: {message}", err=True)


def unit_summary(unit: Unit) -> dict[str, Any]:
    """The JSON object ``search --format json`` prints for one unit."""
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


_FILTER_OPTIONS = [
    click.option(
        "--type",
        "types",
        multiple=True,
        metavar="CODE",
        help="Unit type: BM, IM, PM, CV, SV, BA, CI, AF, CF … (repeat or comma-separate).",
    ),
    click.option(
        "--role",
        "roles",
        multiple=True,
        metavar="ROLE",
        help="Unit role, e.g. Brawler, 'Missile Boat'.",
    ),
    click.option(
        "--size", "sizes", multiple=True, metavar="N", help="Size 1-4 (or more for large craft)."
    ),
    click.option(
        "--pv", metavar="MIN-MAX", help="Point value range at skill 4: 20-40, 20-, -40 or 35."
    ),
    click.option(
        "--move-min", type=float, metavar="INCHES", help="At least this many inches of movement."
    ),
    click.option(
        "--special",
        "specials",
        multiple=True,
        metavar="CODE",
        help="Has this special ability (IF, ECM, CASE …); repeat to require several.",
    ),
    click.option(
        "--era",
        "eras",
        multiple=True,
        metavar="ERA",
        help="Production era (when the unit was first built, MUL 'Eras'): MUL id, year or "
        "name, e.g. 3025, 'Clan Invasion'.  Not availability: see --available-in.",
    ),
    click.option(
        "--tech",
        "techs",
        multiple=True,
        metavar="BASE",
        help="Tech base: 'Inner Sphere', Clan, Mixed, Primitive.",
    ),
    click.option(
        "--rules",
        "rules",
        multiple=True,
        metavar="LEVEL",
        help="Rules level: Introductory, Standard, Advanced, Experimental, 'Era Specific', Unknown.",
    ),
    click.option(
        "--available-in",
        "available_in",
        default="",
        metavar="ERA",
        help="Available in this era according to the MUL's availability lists "
        "(`catalogue sync --availability`), whatever its production era.",
    ),
    click.option(
        "--faction",
        default="",
        metavar="FACTION",
        help="With --available-in: available to this faction (MUL name or id).",
    ),
]


def filter_options(func: F) -> F:
    """Attach the search filter options to a command."""
    for option in reversed(_FILTER_OPTIONS):
        func = option(func)
    return func


@click.command()
@click.argument("query", nargs=-1)
@filter_options
@click.option(
    "--usable", is_flag=True, help="Only units with Alpha Strike stats (that can join a force)."
)
@click.option(
    "--limit",
    type=click.IntRange(0, None),
    default=25,
    show_default=True,
    help="Most results to show (0 = all).",
)
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
@click.pass_obj
def search(
    settings: Settings,
    query: tuple[str, ...],
    types: tuple[str, ...],
    roles: tuple[str, ...],
    sizes: tuple[str, ...],
    pv: str | None,
    move_min: float | None,
    specials: tuple[str, ...],
    eras: tuple[str, ...],
    techs: tuple[str, ...],
    rules: tuple[str, ...],
    available_in: str,
    faction: str,
    usable: bool,
    limit: int,
    fmt: str,
) -> None:
    """Search the local catalogue by name (typos forgiven) and by stats.

    QUERY may be empty to list units by filters alone.  Works offline.
    """
    text = service.FilterText(
        types=types,
        roles=roles,
        sizes=sizes,
        pv=pv,
        move_min=move_min,
        specials=specials,
        eras=eras,
        techs=techs,
        rules=rules,
        usable_only=usable,
        available_in=available_in,
        faction=faction,
    )
    outcome = service.search(settings.resolved_cache_dir, " ".join(query), text, limit=limit)
    for message in outcome.notes:
        (note if message in _NOTES else warn)(message)
    if fmt == "json":
        echo_json([unit_summary(u) for u in outcome.units])
        return
    if not outcome.units:
        click.echo("No units match.", err=True)
        return
    _print_units(outcome.units, outcome.hits)
    if outcome.total > len(outcome.units):
        click.echo(
            f"{len(outcome.units)} of {outcome.total:,} matches; --limit 0 shows all.", err=True
        )


_NOTES = (service.STARTER_HINT, service.NO_AVAILABILITY_HINT)


def _print_units(units: list[Unit], hits: list[Hit]) -> None:
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
    headers = ["ID", "Name", "TP", "SZ", "MV", "TMM", "A/S", "Dmg", "OV", "PV", "Role", "Specials"]
    click.echo(format_table(headers, rows, right=(0, 3, 5, 8, 9)))
