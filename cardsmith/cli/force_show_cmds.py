"""Provides ``cardsmith force show``, ``force spas`` and ``force formations``: what a force holds."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.cli.context import settings_of
from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.cli.search_cmds import open_catalogue
from cardsmith.errors import CardsmithError
from cardsmith.forces.formations import load_formations
from cardsmith.models.force import SKILL_NAMES, Force
from cardsmith.services import force_files as files
from cardsmith.services import forces as use
from cardsmith.services.force_summary import PRICING_TEXT, ForceSummary, summarise
from cardsmith.services.forces import OutdatedEntry
from cardsmith.wording import count

FILE = click.Path(dir_okay=False, path_type=Path)
FORMAT = click.option(
    "--format",
    "output_format",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output format.",
)


@click.command("show")
@click.argument("file", type=FILE)
@FORMAT
@click.pass_context
def show_command(ctx: click.Context, file: Path, output_format: str) -> None:
    """Entries with base PV, skill, adjusted PV, SPAs, groups and totals."""
    current = files.load_force(file)
    outdated = _outdated_quietly(ctx, current)
    summary = summarise(current, outdated)
    if outdated:
        numbers = ", ".join(f"#{o.index}" for o in outdated)
        warn(f"the catalogue has newer versions of {numbers}; run `cardsmith force update {file}`")
    if output_format == "json":
        echo_json(summary.to_json())
        return
    click.echo(_table(summary))


def _outdated_quietly(ctx: click.Context, current: Force) -> list[OutdatedEntry]:
    """Newer-version check; a catalogue that cannot be opened never stops `show`."""
    try:
        with open_catalogue(settings_of(ctx)) as catalogue:
            return use.outdated(current, catalogue)
    except CardsmithError as exc:
        warn(f"could not check the catalogue for newer unit versions: {exc.message}")
        return []


def _table(data: ForceSummary) -> str:
    rows = [
        [
            u.index,
            u.name + (" *" if u.newer_version else ""),
            u.type if u.type != "--" or not u.profiles else u.profiles.system,
            f"{u.skill} {SKILL_NAMES[u.skill]}",
            u.base_pv,
            u.pv,
            u.pilot,
            ", ".join(u.spas),
            u.group,
            "yes" if u.commander else "",
        ]
        for u in data.units
    ]
    headers = ["#", "Unit", "Type", "Skill", "Base PV", "PV", "Pilot", "SPAs", "Group", "Cmdr"]
    lines = [f"{data.name}  (pack {data.pack})"]
    if data.era or data.faction:
        era = data.era.name if data.era else "no era chosen"
        faction = data.faction.name if data.faction else "no faction chosen"
        lines.append(f"Era: {era}   Faction: {faction}")
    lines.append("")
    lines.append(format_table(headers, rows, right=[0, 4, 5]) if rows else "(no units)")
    cap = f" of {data.cap}" + (" — OVER THE CAP" if data.over_cap else "") if data.cap else ""
    lines += ["", f"Total: {count(len(rows), 'unit')}, {data.total_pv} PV{cap}"]
    lines.append(f"Fingerprint: {data.fingerprint}")
    for group in data.groups:
        formation = group.formation_result
        label = group.formation or "no formation"
        verdict = ""
        if formation:
            verdict = " — qualifies" if formation.qualifies else " — does not qualify"
            if formation.waived_by_ideal_role:
                verdict += " (ideal role)"
        lines.append(
            f"Group {group.name}: {count(len(group.units), 'unit')}, {group.total_pv} PV, "
            f"{label}{verdict}"
        )
        for req in formation.requirements if formation else ():
            mark = "ok  " if req.passed else "FAIL"
            lines.append(f"  {mark} {req.text}: expected {req.expected}, have {req.actual}")
    for u in data.units:
        profiles = u.profiles
        if profiles:
            rule = profiles.switch_rule + (
                f" {profiles.switch_value}" if profiles.switch_value is not None else ""
            )
            system = f", {profiles.system} unit" if profiles.system != "alpha-strike" else ""
            lines.append(
                f"#{u.index} {u.name}: {' / '.join(profiles.names)} ({rule}{system}); "
                f"priced by {PRICING_TEXT.get(profiles.pricing, profiles.pricing)}: "
                f"{u.base_pv}"
            )
    for text in data.warnings:
        lines.append(f"warning: {text}")
    return "\n".join(lines)


# -- reference lists ---------------------------------------------------------------------------


@click.command("spas")
@click.option(
    "--type", "unit_type", default=None, help="Only SPAs a unit type may take (BM, CV …)."
)
@FORMAT
def spas_command(unit_type: str | None, output_format: str) -> None:
    """List the special pilot abilities with their costs."""
    items = use.spa_choices(unit_type=unit_type)
    if output_format == "json":
        echo_json(
            [
                {
                    "id": s.id,
                    "name": s.name,
                    "cost": s.cost,
                    "unit_types": list(s.unit_types),
                    "summary": s.summary,
                    "changes_card": s.changes_card,
                }
                for s in items
            ]
        )
        return
    rows = [[s.id, s.cost, s.unit_types_text, s.summary] for s in items]
    click.echo(format_table(["SPA", "Cost", "Units", "Effect"], rows, right=[1]))


@click.command("formations")
@FORMAT
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
