"""Provides the ``unit`` commands: check, import and show custom and multi-profile units."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.cli.context import Settings
from cardsmith.cli.output import echo_json, format_table
from cardsmith.cli.search_cmds import open_catalogue
from cardsmith.models.profiles import ProfileSet
from cardsmith.services import custom_units
from cardsmith.services.catalogue import find_unit
from cardsmith.wording import count


@click.group()
def unit() -> None:
    """Custom units (TOML/JSON files) and units with several profiles."""


@unit.command("validate")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
def validate(file: Path) -> None:
    """Check a custom unit file and list every problem with its key."""
    for item in custom_units.check_file(file):
        profiles = len(item.profiles.profiles) if item.profiles else 1
        click.echo(
            f"ok  {item.name}  ({profiles} profile{'s' if profiles > 1 else ''}, {item.pv} points)"
        )


@unit.command("import")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.pass_obj
def import_units(settings: Settings, file: Path) -> None:
    """Add the units of a custom unit file to the local catalogue."""
    imported = custom_units.import_units(settings.resolved_cache_dir, file)
    click.echo(
        f"Imported {count(len(imported.units), 'custom unit')} from {file.name}: "
        f"{imported.added} new, {imported.updated} updated."
    )
    for item in imported.units:
        click.echo(f"  {item.mul_id}  {item.name}")


@unit.command("show")
@click.argument("unit_ref")
@click.option(
    "--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True
)
@click.pass_obj
def show(settings: Settings, unit_ref: str, fmt: str) -> None:
    """Show a unit's profiles side by side (MUL id, custom id or exact name)."""
    from cardsmith.models.profiles import ALPHA_STRIKE
    from cardsmith.profiles.catalogues import load_switch_rules
    from cardsmith.profiles.modes import profile_set
    from cardsmith.services.force_summary import PRICING_TEXT

    with open_catalogue(settings) as catalogue:
        found = find_unit(catalogue, unit_ref, usable_only=False)
    unit_profiles = profile_set(found)
    if fmt == "json":
        echo_json({"unit": found.to_dict(), "profiles": _profiles_json(unit_profiles)})
        return
    # Alpha Strike units are priced in PV; a generic system's units in its own points.
    unit_of_price = (
        "PV" if unit_profiles is None or unit_profiles.system == ALPHA_STRIKE else "points"
    )
    click.echo(f"{found.name}  (id {found.mul_id}, {found.pv} {unit_of_price})")
    if unit_profiles is None:
        click.echo("One profile.")
        return
    rule = load_switch_rules().get(unit_profiles.switch_rule)
    if rule is not None:
        value = f" X={unit_profiles.switch_value}" if unit_profiles.switch_value is not None else ""
        click.echo(f"Switch: {rule.name}{value} — {rule.summary}")
    click.echo(f"Priced by: {PRICING_TEXT.get(unit_profiles.pricing, unit_profiles.pricing)}")
    click.echo(_profiles_table(unit_profiles))


def _profiles_table(unit_profiles: ProfileSet) -> str:
    if all(p.stats is not None for p in unit_profiles.profiles):
        rows = []
        for profile in unit_profiles.profiles:
            stats = profile.stats
            assert stats is not None
            rows.append(
                [
                    profile.name,
                    stats.type_code,
                    stats.move_text,
                    stats.tmm,
                    f"{stats.armor}/{stats.structure}",
                    "/".join(str(d) for d in stats.damage[:3]),
                    stats.pv,
                    stats.specials_text,
                ]
            )
        return format_table(["Profile", "TP", "MV", "TMM", "A/S", "Dmg", "PV", "Specials"], rows)
    columns: list[str] = []
    for profile in unit_profiles.profiles:
        for column, _ in profile.values:
            if column not in columns:
                columns.append(column)
    rows = [[p.name, *[p.value(c) or "-" for c in columns]] for p in unit_profiles.profiles]
    return format_table(["Profile", *columns], rows)


def _profiles_json(unit_profiles: ProfileSet | None) -> list[dict[str, object]]:
    if unit_profiles is None:
        return []
    return [
        {"name": p.name, "stats": p.stats.to_dict() if p.stats else None, "values": dict(p.values)}
        for p in unit_profiles.profiles
    ]
