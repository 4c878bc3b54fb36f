"""Provides ``cardsmith force …``: create and edit force files (``force_show_cmds`` shows them)."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.cli.context import settings_of
from cardsmith.cli.force_show_cmds import FILE, FORMAT, formations_command, show_command
from cardsmith.cli.force_show_cmds import spas_command as spas_list_command
from cardsmith.cli.output import echo_json
from cardsmith.cli.search_cmds import open_catalogue
from cardsmith.errors import UsageError
from cardsmith.forces.pricing import entry_pv, force_pv
from cardsmith.models.force import Force, MulRef
from cardsmith.services import force_files as files
from cardsmith.services import force_settings as settings
from cardsmith.services import forces as use
from cardsmith.services.forces import OutdatedEntry


@click.group()
def force() -> None:
    """Create, edit and show force files."""


force.add_command(show_command)
force.add_command(spas_list_command)
force.add_command(formations_command)


# -- create ------------------------------------------------------------------------------


_ERA_HELP = "The era played: its name or part of it, a year, or its MUL id."
_FACTION_HELP = "The faction fielded: its MUL name or id (see `catalogue info`)."


@force.command("new")
@click.argument("name")
@click.option("--pack", default="standard", show_default=True, help="Rule pack id.")
@click.option("--cap", type=int, default=None, help="Agreed PV total.")
@click.option("--era", default=None, help=_ERA_HELP)
@click.option("--faction", default=None, help=_FACTION_HELP)
@click.option("-o", "--output", "output", type=FILE, required=True, help="Force file to create.")
@click.option("--overwrite", is_flag=True, help="Replace an existing file (kept as .bak).")
@click.pass_context
def new_command(
    ctx: click.Context,
    name: str,
    pack: str,
    cap: int | None,
    era: str | None,
    faction: str | None,
    output: Path,
    overwrite: bool,
) -> None:
    """Create a force file called NAME."""
    created = settings.new_force(
        name,
        pack=pack,
        cap=cap,
        era=settings.era_ref(era) if era is not None else None,
        faction=_faction(ctx, faction),
    )
    files.create_force_file(output, created, overwrite=overwrite)
    click.echo(f"created {output}: {created.name} ({_describe_force(created)})")


def _faction(ctx: click.Context, text: str | None) -> MulRef | None:
    if text is None:
        return None
    return settings.faction_ref(settings_of(ctx).resolved_cache_dir, text)


def _describe_force(force: Force) -> str:
    parts = [f"pack {force.pack}", f"cap {force.cap} PV" if force.cap else "no cap"]
    if force.era is not None:
        parts.append(f"era {force.era.name}")
    if force.faction is not None:
        parts.append(f"faction {force.faction.name}")
    return ", ".join(parts)


@force.command("settings")
@click.argument("file", type=FILE)
@click.option("--name", default=None, help="A new force name.")
@click.option("--pack", default=None, help="Another rule pack id.")
@click.option("--cap", type=int, default=None, help="Agreed PV total.")
@click.option("--no-cap", is_flag=True, help="Remove the PV cap.")
@click.option("--era", default=None, help=_ERA_HELP)
@click.option("--no-era", is_flag=True, help="Forget the era.")
@click.option("--faction", default=None, help=_FACTION_HELP)
@click.option("--no-faction", is_flag=True, help="Forget the faction.")
@click.pass_context
def settings_command(
    ctx: click.Context,
    file: Path,
    name: str | None,
    pack: str | None,
    cap: int | None,
    no_cap: bool,
    era: str | None,
    no_era: bool,
    faction: str | None,
    no_faction: bool,
) -> None:
    """Change the force's name, rule pack, PV cap, era or faction (the app's f dialog)."""
    for value, flag, option in (
        (cap, no_cap, "cap"),
        (era, no_era, "era"),
        (faction, no_faction, "faction"),
    ):
        if value is not None and flag:
            raise UsageError(f"give --{option} or --no-{option}, not both")
    given = [name, pack, cap, era, faction]
    if all(v is None for v in given) and not (no_cap or no_era or no_faction):
        raise UsageError(
            "nothing to change: give --name, --pack, --cap, --era or --faction (or a --no- option)"
        )
    era_ref = settings.era_ref(era) if era is not None else None
    faction_ref = _faction(ctx, faction)
    edit = files.edit_force_file(
        file,
        lambda f: settings.set_force(
            f,
            name=name,
            pack=pack,
            cap=cap,
            clear_cap=no_cap,
            era=era_ref,
            clear_era=no_era,
            faction=faction_ref,
            clear_faction=no_faction,
        ),
    )
    click.echo(f"{edit.after.name}: {_describe_force(edit.after)}")


# -- entries ---------------------------------------------------------------------------------


# A custom unit's id is negative (``-871925788``): let it through as UNIT, not an option.
@force.command("add", context_settings={"ignore_unknown_options": True})
@click.argument("file", type=FILE)
@click.argument("unit")
@click.option("--skill", type=int, default=4, show_default=True, help="Skill 0 (best) to 7.")
@click.option("--pilot", default="", help="Pilot name.")
@click.option("--spa", "spas", multiple=True, help="SPA id (repeatable), e.g. --spa sniper.")
@click.option("--group", default="", help="Group (lance, star …) name.")
@click.option("--commander", is_flag=True, help="Mark the unit as a commander.")
@click.pass_context
def add_command(
    ctx: click.Context,
    file: Path,
    unit: str,
    skill: int,
    pilot: str,
    spas: tuple[str, ...],
    group: str,
    commander: bool,
) -> None:
    """Add UNIT (a MUL id, a custom unit's negative id, or an exact name) to the force in FILE."""
    files.load_force(file)  # a bad file is reported before the catalogue is opened
    with open_catalogue(settings_of(ctx)) as catalogue:
        found = use.find_unit(catalogue, unit)
        version = use.catalogue_version(catalogue, found)
    edit = files.edit_force_file(
        file,
        lambda f: use.add_unit(
            f,
            found,
            skill=skill,
            pilot=pilot,
            spas=spas,
            group=group,
            commander=commander,
            unit_version=version,
        ),
    )
    updated = edit.after
    entry = updated.entries[-1]
    click.echo(
        f"added #{len(updated.entries)} {entry.name} at skill {entry.skill}: "
        f"{entry_pv(entry)} PV (force total {force_pv(updated)})"
    )


@force.command("set")
@click.argument("file", type=FILE)
@click.argument("index", type=int)
@click.option("--skill", type=int, default=None, help="Skill 0 (best) to 7.")
@click.option("--pilot", default=None, help='Pilot name ("" to clear).')
@click.option("--spa", "spas", multiple=True, help="SPA id (repeatable); replaces the SPAs.")
@click.option("--no-spas", is_flag=True, help="Remove every SPA.")
@click.option("--group", default=None, help='Group name ("" for none).')
@click.option("--commander/--no-commander", default=None, help="Set or clear the commander mark.")
def set_command(
    file: Path,
    index: int,
    skill: int | None,
    pilot: str | None,
    spas: tuple[str, ...],
    no_spas: bool,
    group: str | None,
    commander: bool | None,
) -> None:
    """Change entry INDEX (as `force show` numbers them) of the force in FILE."""
    if spas and no_spas:
        raise UsageError("give --spa or --no-spas, not both")
    chosen = list(spas) if spas or no_spas else None
    if skill is None and pilot is None and chosen is None and group is None and commander is None:
        raise UsageError("nothing to change: give --skill, --pilot, --spa, --group or --commander")
    edit = files.edit_force_file(
        file,
        lambda f: use.set_entry(
            f, index, skill=skill, pilot=pilot, spas=chosen, group=group, commander=commander
        ),
    )
    entry = edit.after.entries[index - 1]
    # Say what the entry is now in every field the command touched, not only skill and PV.
    parts = [f"skill {entry.skill}", f"{entry_pv(entry)} PV"]
    if pilot is not None:
        parts.append(f"pilot {entry.pilot.name!r}" if entry.pilot.name else "no pilot")
    if chosen is not None:
        parts.append("SPAs " + ", ".join(entry.spas) if entry.spas else "no SPAs")
    if group is not None:
        parts.append(f"group {entry.group}" if entry.group else "no group")
    if commander is not None:
        parts.append("commander" if entry.commander else "not commander")
    click.echo(f"#{index} {entry.name}: {', '.join(parts)}")


@force.command("remove")
@click.argument("file", type=FILE)
@click.argument("index", type=int)
def remove_command(file: Path, index: int) -> None:
    """Remove entry INDEX from the force in FILE."""
    edit = files.edit_force_file(file, lambda f: use.remove_entry(f, index))
    click.echo(f"removed #{index} {edit.before.entries[index - 1].name}")


@force.command("duplicate")
@click.argument("file", type=FILE)
@click.argument("index", type=int)
def duplicate_command(file: Path, index: int) -> None:
    """Add a copy of entry INDEX right after it (same skill, pilot, SPAs and group)."""
    edit = files.edit_force_file(file, lambda f: use.duplicate_entry(f, index))
    entry = edit.after.entries[index]
    click.echo(f"added #{index + 1} {entry.name}, a copy of #{index}")


@force.command("move")
@click.argument("file", type=FILE)
@click.argument("index", type=int)
@click.argument("to", type=int)
def move_command(file: Path, index: int, to: int) -> None:
    """Move entry INDEX so that it becomes entry TO."""
    edit = files.edit_force_file(file, lambda f: use.move_entry(f, index, to))
    click.echo(f"moved {edit.after.entries[to - 1].name} from #{index} to #{to}")


# -- groups ----------------------------------------------------------------------------------


@force.command("group")
@click.argument("file", type=FILE)
@click.argument("name")
@click.option("--formation", default=None, help="Formation id or name (see `force formations`).")
@click.option("--no-formation", is_flag=True, help="Clear the group's formation.")
@click.option(
    "--remove", "remove", is_flag=True, help="Drop the group; its units become ungrouped."
)
@click.option(
    "--units", "units", type=int, multiple=True, help="Put entry N in the group (repeatable)."
)
def group_command(
    file: Path,
    name: str,
    formation: str | None,
    no_formation: bool,
    remove: bool,
    units: tuple[int, ...],
) -> None:
    """Declare group NAME in FILE, change its formation, or put units in it."""
    if sum([formation is not None, no_formation, remove]) > 1:
        raise UsageError("give one of --formation, --no-formation and --remove")
    if remove and units:
        raise UsageError("give --remove or --units, not both")
    if remove:
        files.edit_force_file(file, lambda f: use.remove_group(f, name))
        click.echo(f"removed group {name}")
        return

    def change(current: Force) -> Force:
        declared = use.declare_group(
            current, name, formation=formation, clear_formation=no_formation
        )
        return use.set_groups(declared, units, name) if units else declared

    edit = files.edit_force_file(file, change)
    group = edit.after.group(" ".join(name.split()))
    label = group.formation if group and group.formation else "no formation"
    members = ", ".join(f"#{i}" for i, _ in edit.after.members(group.name)) if group else ""
    click.echo(f"group {name}: {label}" + (f"; units {members}" if members else ""))


# -- catalogue updates -------------------------------------------------------------------------


@force.command("update")
@click.argument("file", type=FILE)
@click.argument("indices", type=int, nargs=-1)
@click.option("--dry-run", is_flag=True, help="Only list the entries that have newer versions.")
@FORMAT
@click.pass_context
def update_command(
    ctx: click.Context, file: Path, indices: tuple[int, ...], dry_run: bool, output_format: str
) -> None:
    """Take the catalogue's newer unit versions into FILE (all, or entries INDICES)."""
    listed: list[OutdatedEntry] = []
    with open_catalogue(settings_of(ctx)) as catalogue:
        if dry_run:
            listed = use.outdated(files.load_force(file), catalogue)
        else:

            def change(current: Force) -> Force:
                updated, applied = use.update_units(current, catalogue, indices or None)
                listed[:] = applied
                return updated

            files.edit_force_file(file, change)
    if output_format == "json":
        echo_json(
            {
                "file": str(file),
                "dry_run": dry_run,
                "entries": [
                    {
                        "index": item.index,
                        "mul_id": item.mul_id,
                        "name": item.name,
                        "have": item.have,
                        "available": item.available,
                    }
                    for item in listed
                ],
            }
        )
        return
    if not listed:
        click.echo("every unit matches the catalogue")
        return
    for item in listed:
        verb = "newer version available" if dry_run else "updated"
        click.echo(f"#{item.index} {item.name}: {verb} ({item.have} → {item.available})")
