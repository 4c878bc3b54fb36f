"""Provides ``cardsmith search``, its filter options and the catalogue opening other commands share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from cardsmith.cli.context import Settings
from cardsmith.cli.output import warn
from cardsmith.cli.search_view import DEFAULT_LIMIT, show_outcome
from cardsmith.services import catalogue as service
from cardsmith.services.catalogue import Catalogue

F = TypeVar("F", bound=Callable[..., Any])


def open_catalogue(settings: Settings) -> Catalogue:
    """Open the catalogue and pass its repair notices on to the user."""
    catalogue = service.open_catalogue(settings.resolved_cache_dir)
    for notice in catalogue.notices:
        warn(notice)
    return catalogue


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
    default=DEFAULT_LIMIT,
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
    show_outcome(outcome, fmt)
