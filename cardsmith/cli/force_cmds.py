"""Provides ``cardsmith force …``: create, edit and show force files."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from cardsmith.catalogue.search import SearchFilters
from cardsmith.catalogue.store import Catalogue
from cardsmith.cli.catalogue_cmds import open_catalogue
from cardsmith.cli.context import settings_of
from cardsmith.cli.output import echo_json, format_table, handled, warn
from cardsmith.errors import CardsmithError, ForceFileError, UnitNotFound, UsageError
from cardsmith.forces.editing import (
    OutdatedEntry,
    add_entry,
    new_force,
    outdated_entries,
    remove_entry,
    remove_group,
    set_entry,
    set_group,
    update_entries,
)
from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.force_file import load_force, save_force
from cardsmith.forces.formations import FormationResult, evaluate_force, load_formations
from cardsmith.forces.pricing import entry_pv, force_pv
from cardsmith.forces.spas import budget_problems, load_spas
from cardsmith.models.force import SKILL_NAMES, Force
from cardsmith.models.unit import Unit
from cardsmith.profiles.modes import profile_set
from cardsmith.wording import count

_FILE = click.Path(dir_okay=False, path_type=Path)
_FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output format.",
)

#: How many near matches an unknown or ambiguous unit name lists.
CANDIDATES = 8


@click.group()
def force() -> None:
    """Create, edit and show force files."""


# -- create and edit ----------------------------------------------------------------------


@force.command("new")
@click.argument("name")
@click.option("--pack", default="standard", show_default=True, help="Rule pack id.")
@click.option("--cap", type=int, default=None, help="Agreed PV total.")
@click.option("-o", "--output", "output", type=_FILE, required=True, help="Force file to create.")
@click.option("--overwrite", is_flag=True, help="Replace an existing file (kept as .bak).")
@handled
def new_command(name: str, pack: str, cap: int | None, output: Path, overwrite: bool) -> None:
    """Create a force file called NAME."""
    if output.exists() and not overwrite:
        raise ForceFileError(f"{output} already exists (use --overwrite to replace it)")
    created = new_force(name, pack=pack, cap=cap)
    _check_pack(created.pack)
    save_force(created, output)
    click.echo(f"created {output}: {created.name} (pack {created.pack})")


def _check_pack(pack: str) -> None:
    """Refuse an unknown rule pack when the rules engine is installed."""
    try:
        engine = importlib.import_module("cardsmith.rules.engine")
    except ModuleNotFoundError:
        return
    loader = getattr(engine, "load_pack", None)
    if callable(loader):
        loader(pack)


# A custom unit's id is negative (``-871925788``): let it through as UNIT, not an option.
@force.command("add", context_settings={"ignore_unknown_options": True})
@click.argument("file", type=_FILE)
@click.argument("unit")
@click.option("--skill", type=int, default=4, show_default=True, help="Skill 0 (best) to 7.")
@click.option("--pilot", default="", help="Pilot name.")
@click.option("--spa", "spas", multiple=True, help="SPA id (repeatable), e.g. --spa sniper.")
@click.option("--group", default="", help="Group (lance, star …) name.")
@click.option("--commander", is_flag=True, help="Mark the unit as a commander.")
@click.pass_context
@handled
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
    current = load_force(file)
    with open_catalogue(settings_of(ctx)) as catalogue:
        found = resolve_unit(catalogue, unit)
        version = catalogue.version(found.mul_id)
    updated = add_entry(
        current,
        found,
        skill=skill,
        pilot=pilot,
        spas=spas,
        group=group,
        commander=commander,
        unit_version=version.content_hash if version else "",
    )
    save_force(updated, file)
    entry = updated.entries[-1]
    click.echo(
        f"added #{len(updated.entries)} {entry.name} at skill {entry.skill}: "
        f"{entry_pv(entry)} PV (force total {force_pv(updated)})"
    )


def resolve_unit(catalogue: Catalogue, text: str) -> Unit:
    """The one unit a MUL id or exact name means.

    Raises:
        UnitNotFound: no unit, or several; ``candidates`` lists close matches.
    """
    text = text.strip()
    if text.lstrip("-").isdigit():
        found = catalogue.get(int(text))
        if found is not None:
            return found
        kind = "custom unit id" if text.startswith("-") else "MUL id"
        raise UnitNotFound(f"no unit with {kind} {text} in the local catalogue")
    matches = catalogue.find_by_name(text)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UnitNotFound(
            f"{len(matches)} units are named {text!r}; give the MUL id instead",
            candidates=tuple(_describe(u.mul_id, u.name, u.type_code, u.pv) for u in matches),
        )
    hits = catalogue.index().search(text, SearchFilters(usable_only=True), limit=CANDIDATES)
    raise UnitNotFound(
        f"no unit named exactly {text!r} in the local catalogue",
        candidates=tuple(
            _describe(h.row.mul_id, h.row.name, h.row.type or "--", h.row.pv) for h in hits
        ),
    )


def _describe(mul_id: int, name: str, type_code: str, pv: int) -> str:
    return f"{mul_id:>6}  {name} ({type_code}, {pv} PV)"


@force.command("set")
@click.argument("file", type=_FILE)
@click.argument("index", type=int)
@click.option("--skill", type=int, default=None, help="Skill 0 (best) to 7.")
@click.option("--pilot", default=None, help='Pilot name ("" to clear).')
@click.option("--spa", "spas", multiple=True, help="SPA id (repeatable); replaces the SPAs.")
@click.option("--no-spas", is_flag=True, help="Remove every SPA.")
@click.option("--group", default=None, help='Group name ("" for none).')
@click.option("--commander/--no-commander", default=None, help="Set or clear the commander mark.")
@handled
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
        raise ForceFileError("give --spa or --no-spas, not both")
    changes: dict[str, Any] = {}
    if skill is not None:
        changes["skill"] = skill
    if pilot is not None:
        changes["pilot"] = pilot
    if spas or no_spas:
        changes["spas"] = list(spas)
    if group is not None:
        changes["group"] = group
    if commander is not None:
        changes["commander"] = commander
    current = load_force(file)
    updated = set_entry(current, index, **changes)
    if not changes:
        raise UsageError("nothing to change: give --skill, --pilot, --spa, --group or --commander")
    save_force(updated, file)
    entry = updated.entries[index - 1]
    # Say what the entry is now in every field the command touched, not only skill and PV.
    parts = [f"skill {entry.skill}", f"{entry_pv(entry)} PV"]
    if pilot is not None:
        parts.append(f"pilot {entry.pilot.name!r}" if entry.pilot.name else "no pilot")
    if spas or no_spas:
        parts.append("SPAs " + ", ".join(entry.spas) if entry.spas else "no SPAs")
    if group is not None:
        parts.append(f"group {entry.group}" if entry.group else "no group")
    if commander is not None:
        parts.append("commander" if entry.commander else "not commander")
    click.echo(f"#{index} {entry.name}: {', '.join(parts)}")


@force.command("remove")
@click.argument("file", type=_FILE)
@click.argument("index", type=int)
@handled
def remove_command(file: Path, index: int) -> None:
    """Remove entry INDEX from the force in FILE."""
    current = load_force(file)
    updated = remove_entry(current, index)
    save_force(updated, file)
    click.echo(f"removed #{index} {current.entries[index - 1].name}")


@force.command("group")
@click.argument("file", type=_FILE)
@click.argument("name")
@click.option("--formation", default=None, help="Formation id or name (see `force formations`).")
@click.option("--no-formation", is_flag=True, help="Clear the group's formation.")
@click.option(
    "--remove", "remove", is_flag=True, help="Drop the group; its units become ungrouped."
)
@handled
def group_command(
    file: Path, name: str, formation: str | None, no_formation: bool, remove: bool
) -> None:
    """Declare group NAME in FILE, or change its formation."""
    if sum([formation is not None, no_formation, remove]) > 1:
        raise ForceFileError("give one of --formation, --no-formation and --remove")
    current = load_force(file)
    if remove:
        updated = remove_group(current, name)
        message = f"removed group {name}"
    else:
        keep = current.group(name)
        chosen = formation if formation is not None else None
        if formation is None and not no_formation and keep is not None:
            chosen = keep.formation
        updated = set_group(current, name, formation=chosen)
        declared = updated.group(name.strip())
        label = declared.formation if declared and declared.formation else "no formation"
        message = f"group {name}: {label}"
    save_force(updated, file)
    click.echo(message)


@force.command("update")
@click.argument("file", type=_FILE)
@click.argument("indices", type=int, nargs=-1)
@click.option("--dry-run", is_flag=True, help="Only list the entries that have newer versions.")
@_FORMAT
@click.pass_context
@handled
def update_command(
    ctx: click.Context, file: Path, indices: tuple[int, ...], dry_run: bool, output_format: str
) -> None:
    """Take the catalogue's newer unit versions into FILE (all, or entries INDICES)."""
    current = load_force(file)
    with open_catalogue(settings_of(ctx)) as catalogue:
        if dry_run:
            listed = outdated_entries(current, catalogue)
            updated, applied = current, list[OutdatedEntry]()
        else:
            updated, applied = update_entries(current, catalogue, indices or None)
            listed = applied
    if applied:
        save_force(updated, file)
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


# -- show -------------------------------------------------------------------------------------


@force.command("show")
@click.argument("file", type=_FILE)
@_FORMAT
@click.pass_context
@handled
def show_command(ctx: click.Context, file: Path, output_format: str) -> None:
    """Entries with base PV, skill, adjusted PV, SPAs, groups and totals."""
    current = load_force(file)
    outdated = _outdated_quietly(ctx, current)
    data = force_summary(current, outdated)
    if outdated:
        numbers = ", ".join(f"#{o.index}" for o in outdated)
        warn(f"the catalogue has newer versions of {numbers}; run `cardsmith force update {file}`")
    if output_format == "json":
        echo_json(data)
        return
    click.echo(_table(data))


def _outdated_quietly(ctx: click.Context, current: Force) -> list[OutdatedEntry]:
    """Newer-version check; a catalogue that cannot be opened never stops `show`."""
    try:
        with open_catalogue(settings_of(ctx)) as catalogue:
            return outdated_entries(current, catalogue)
    except CardsmithError as exc:
        warn(f"could not check the catalogue for newer unit versions: {exc.message}")
        return []


def force_summary(current: Force, outdated: Sequence[OutdatedEntry] = ()) -> dict[str, Any]:
    """The data `force show` prints (the JSON form)."""
    spas = load_spas()
    newer = {o.index for o in outdated}
    units = []
    warnings: list[str] = []
    for index, entry in enumerate(current.entries, start=1):
        units.append(
            {
                "index": index,
                "mul_id": entry.unit.mul_id,
                "name": entry.name,
                "type": entry.unit.type_code,
                "skill": entry.skill,
                "base_pv": entry.unit.pv,
                "pv": entry_pv(entry),
                "pilot": entry.pilot.name,
                "spas": list(entry.spas),
                "spa_cost": spas.cost(entry.spas),
                "group": entry.group,
                "commander": entry.commander,
                "unit_version": entry.unit_version,
                "newer_version": index in newer,
                "profiles": _profiles_summary(entry.unit),
            }
        )
        warnings.extend(
            f"#{index} {entry.name}: {p}" for p in budget_problems(entry.skill, entry.spas, spas)
        )
    formations = {r.group: r for r in evaluate_force(current, load_formations())}
    groups = []
    for name in current.group_names():
        members = current.members(name)
        declared = current.group(name)
        result = formations.get(name)
        groups.append(
            {
                "name": name,
                "formation": declared.formation if declared else None,
                "units": [i for i, _ in members],
                "total_pv": sum(entry_pv(e) for _, e in members),
                "formation_result": _result_dict(result) if result else None,
            }
        )
    total = force_pv(current)
    return {
        "name": current.name,
        "pack": current.pack,
        "cap": current.cap,
        "total_pv": total,
        "over_cap": current.cap is not None and total > current.cap,
        "data_version": current.data_version,
        # The roster page prints the same fingerprint: a GM compares the two.
        "fingerprint": force_fingerprint(current),
        "units": units,
        "groups": groups,
        "warnings": warnings,
    }


#: How `force show` words each pricing rule of a multi-profile unit.
PRICING_TEXT = {"first": "first profile", "max": "dearest profile", "fixed": "fixed points"}


def _profiles_summary(unit: Unit) -> dict[str, Any] | None:
    """A multi-profile unit's profiles, switch rule, system and price rule (None: one profile)."""
    unit_profiles = profile_set(unit)
    if unit_profiles is None:
        return None
    return {
        "names": [p.name for p in unit_profiles.profiles],
        "system": unit_profiles.system,
        "switch_rule": unit_profiles.switch_rule,
        "switch_value": unit_profiles.switch_value,
        "pricing": unit_profiles.pricing,
    }


def _result_dict(result: FormationResult) -> dict[str, Any]:
    return {
        "formation": result.formation_id,
        "name": result.name,
        "qualifies": result.qualifies,
        "waived_by_ideal_role": result.waived_by_ideal_role,
        "requirements": [
            {
                "id": r.id,
                "text": r.text,
                "passed": r.passed,
                "expected": r.expected,
                "actual": r.actual,
                "units": list(r.entries),
            }
            for r in result.requirements
        ],
    }


def _table(data: dict[str, Any]) -> str:
    rows = [
        [
            u["index"],
            u["name"] + (" *" if u["newer_version"] else ""),
            u["type"] if u["type"] != "--" or not u["profiles"] else u["profiles"]["system"],
            f"{u['skill']} {SKILL_NAMES[u['skill']]}",
            u["base_pv"],
            u["pv"],
            u["pilot"],
            ", ".join(u["spas"]),
            u["group"],
            "yes" if u["commander"] else "",
        ]
        for u in data["units"]
    ]
    headers = ["#", "Unit", "Type", "Skill", "Base PV", "PV", "Pilot", "SPAs", "Group", "Cmdr"]
    lines = [f"{data['name']}  (pack {data['pack']})", ""]
    lines.append(format_table(headers, rows, right=[0, 4, 5]) if rows else "(no units)")
    cap = (
        f" of {data['cap']}" + (" — OVER THE CAP" if data["over_cap"] else "")
        if data["cap"]
        else ""
    )
    lines += ["", f"Total: {count(len(rows), 'unit')}, {data['total_pv']} PV{cap}"]
    lines.append(f"Fingerprint: {data['fingerprint']}")
    for group in data["groups"]:
        formation = group["formation_result"]
        label = group["formation"] or "no formation"
        verdict = ""
        if formation:
            verdict = " — qualifies" if formation["qualifies"] else " — does not qualify"
            if formation["waived_by_ideal_role"]:
                verdict += " (ideal role)"
        lines.append(
            f"Group {group['name']}: {count(len(group['units']), 'unit')}, {group['total_pv']} PV, "
            f"{label}{verdict}"
        )
        for req in formation["requirements"] if formation else []:
            mark = "ok  " if req["passed"] else "FAIL"
            lines.append(
                f"  {mark} {req['text']}: expected {req['expected']}, have {req['actual']}"
            )
    for u in data["units"]:
        profiles = u["profiles"]
        if profiles:
            rule = profiles["switch_rule"] + (
                f" {profiles['switch_value']}" if profiles["switch_value"] is not None else ""
            )
            system = f", {profiles['system']} unit" if profiles["system"] != "alpha-strike" else ""
            lines.append(
                f"#{u['index']} {u['name']}: {' / '.join(profiles['names'])} ({rule}{system}); "
                f"priced by {PRICING_TEXT.get(profiles['pricing'], profiles['pricing'])}: "
                f"{u['base_pv']}"
            )
    for text in data["warnings"]:
        lines.append(f"warning: {text}")
    return "\n".join(lines)


# -- reference lists ---------------------------------------------------------------------------


@force.command("spas")
@click.option(
    "--type", "unit_type", default=None, help="Only SPAs a unit type may take (BM, CV …)."
)
@_FORMAT
@handled
def spas_command(unit_type: str | None, output_format: str) -> None:
    """List the special pilot abilities with their costs."""
    catalogue = load_spas()
    items = catalogue.all()
    if unit_type:
        code = unit_type.upper()
        items = [
            s
            for s in items
            if not s.unit_types or any(t.split(":")[0] == code for t in s.unit_types)
        ]
    if output_format == "json":
        echo_json(
            [
                {
                    "id": s.id,
                    "name": s.name,
                    "cost": s.cost,
                    "unit_types": list(s.unit_types),
                    "summary": s.summary,
                    "changes_card": s.card_effect is not None,
                }
                for s in items
            ]
        )
        return
    rows = [[s.id, s.cost, s.unit_types_text, s.summary] for s in items]
    click.echo(format_table(["SPA", "Cost", "Units", "Effect"], rows, right=[1]))


@force.command("formations")
@_FORMAT
@handled
def formations_command(output_format: str) -> None:
    """List the formations and their requirements."""
    catalogue = load_formations()
    if output_format == "json":
        echo_json(
            [
                {
                    "id": f.id,
                    "name": f.name,
                    "ideal_role": f.ideal_role,
                    "requirements": [r.text for r in f.requirements],
                    "bonus": f.bonus,
                }
                for f in catalogue.all()
            ]
        )
        return
    for formation in catalogue.all():
        ideal = f" (ideal role: {formation.ideal_role})" if formation.ideal_role else ""
        click.echo(f"{formation.id}: {formation.name}{ideal}")
        for requirement in formation.requirements:
            click.echo(f"  - {requirement.text}")
