"""Provides the ``check`` command (legality of force files) and the ``rules`` group (packs, checks)."""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from cardsmith.cli.context import settings_of
from cardsmith.cli.output import echo_json, format_table, handled, warn
from cardsmith.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_PROBLEMS
from cardsmith.services import checks as services
from cardsmith.services.checks import FileVerdict, Fix, RulePack, Violation
from cardsmith.wording import count

#: How to make each kind of fix from the command line; {file} and {index} are filled in.
CLI_FIXES: dict[Fix, str] = {
    Fix.ADD_UNITS: "cardsmith force add {file} UNIT",
    Fix.REMOVE_UNITS: "cardsmith force remove {file} {index}",
    Fix.REPLACE_UNITS: "cardsmith force remove {file} {index}, then cardsmith force add {file} UNIT",
    Fix.CHANGE_SKILL: "cardsmith force set {file} {index} --skill N",
    Fix.SET_COMMANDER: "cardsmith force set {file} {index} --commander",
    Fix.CLEAR_COMMANDER: "cardsmith force set {file} {index} --no-commander",
    Fix.EDIT_SPAS: "cardsmith force set {file} {index} --spa ID (or --no-spas)",
    Fix.SET_FORMATION: "cardsmith force group {file} GROUP --formation ID (see cardsmith force formations)",
    Fix.SET_ERA_FACTION: "cardsmith force set-era {file} --era ERA --faction FACTION",
    Fix.SYNC_AVAILABILITY: "cardsmith catalogue sync --availability --eras ERA --factions FACTION",
    Fix.LOOK_UP: "look the units up on masterunitlist.info",
}


def cli_fix(violation: Violation, file: str) -> str:
    """The command that mends ``violation`` in ``file`` (empty when it names no kind of fix)."""
    if violation.fix is None:
        return ""
    index = str(violation.entries[0][0]) if violation.entries else "INDEX"
    return CLI_FIXES[violation.fix].format(file=file, index=index)


def _violation_lines(violation: Violation, file: str) -> list[str]:
    label = "ERROR" if violation.is_error else "warning"
    lines = [f"  {label:7} {violation.rule_id}: {violation.message}"]
    pad = " " * 10
    if violation.entries:
        units = ", ".join(f"#{i} {name}" for i, name in violation.entries)
        lines.append(f"{pad}units: {units}")
    if violation.expected is not None or violation.actual is not None:
        lines.append(f"{pad}expected {violation.expected}, actual {violation.actual}")
    if violation.hint:
        lines.append(f"{pad}fix: {violation.hint}")
    how = cli_fix(violation, file)
    if how:
        lines.append(f"{pad}how: {how}")
    return lines


def _reason(error: str, file: str) -> str:
    """The error without the file name it starts with: the report line names the file first."""
    for lead in (f"{file}: ", f"{file} is ", f"{file} "):
        if error.startswith(lead):
            return error[len(lead) :]
    return error


def verdict_lines(found: FileVerdict) -> list[str]:
    """One file's block of the human report: its state, then each violation, errors first."""
    verdict = found.verdict
    if verdict is None:
        return [f"{found.file}: UNREADABLE: {_reason(found.error, found.file)}"]
    errors, warnings = len(verdict.errors), len(verdict.warnings)
    counts = [count(errors, "error")] if errors else []
    counts += [count(warnings, "warning")] if warnings else []
    state = "legal" if verdict.legal else "NOT LEGAL"
    tail = f", {', '.join(counts)}" if counts else ""
    data = f"  availability data {verdict.availability}" if verdict.availability else ""
    lines = [
        f"{found.file}: {state} ({verdict.pack}, {verdict.total_pv} PV{tail})"
        f"  fingerprint {verdict.fingerprint}{data}"
    ]
    for violation in verdict.violations:
        lines.extend(_violation_lines(violation, found.file))
    return lines


@dataclass
class Tally:
    """Counts of the verdicts seen so far, for the summary line and the exit code."""

    legal: int = 0
    illegal: int = 0
    unreadable: int = 0

    def add(self, found: FileVerdict) -> None:
        """Count one file's verdict."""
        if found.verdict is None:
            self.unreadable += 1
        elif found.verdict.legal:
            self.legal += 1
        else:
            self.illegal += 1

    @property
    def summary(self) -> str:
        """``3 legal, 1 not, 1 unreadable``."""
        text = f"{self.legal} legal, {self.illegal} not"
        return text + (f", {self.unreadable} unreadable" if self.unreadable else "")

    @property
    def exit_code(self) -> int:
        """2 when any file could not be checked, else 1 when any force is illegal, else 0."""
        if self.unreadable:
            return EXIT_BAD_INPUT
        return EXIT_PROBLEMS if self.illegal else EXIT_OK


def _json_item(found: FileVerdict) -> str:
    text = json.dumps(found.to_dict(), indent=2, ensure_ascii=False)
    return textwrap.indent(text, "  ")


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--pack",
    "pack_name",
    metavar="PACK",
    help="Rule pack id or .toml file (default: each force's own pack).",
)
@click.option(
    "--cap",
    type=click.IntRange(min=1),
    metavar="PV",
    help="PV cap to check against (wins over pack and force).",
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.pass_context
@handled
def check(
    ctx: click.Context, files: tuple[Path, ...], pack_name: str | None, cap: int | None, fmt: str
) -> None:
    """Check force FILES (or folders of them) against a rule pack.

    Each force's fingerprint is printed beside its verdict: it is the one on the force's
    printed roster, so a GM can tell whether a printout is the list that was checked.

    Exit status: 0 all legal, 1 any force illegal, 2 any file unreadable (the others are
    still checked and reported).
    """
    # A broken pack is bad input for every file: exit 2 before anything is checked.
    pack = services.load_pack(pack_name) if pack_name else None
    paths, empty = services.expand_paths(files)
    for folder in empty:
        warn(f"{folder}: no *.json force files in this folder")
    single = len(files) == 1 and len(paths) == 1 and not empty and not files[0].is_dir()
    tally = Tally()
    first = True
    if fmt == "json" and not single:
        click.echo("[")
    # Verdicts are printed as they come, so memory stays flat over thousands of files.
    cache_dir = settings_of(ctx).resolved_cache_dir
    for found in services.check_files(paths, pack=pack, cap=cap, cache_dir=cache_dir):
        tally.add(found)
        if found.verdict is None:
            where = "" if found.file in found.error else f"{found.file}: "
            click.echo(f"cardsmith: {where}{found.error}", err=True)
        if fmt == "json":
            if single:
                echo_json(found.to_dict())
            else:
                click.echo(("" if first else ",\n") + _json_item(found), nl=False)
        else:
            click.echo("\n".join(verdict_lines(found)))
        first = False
    if fmt == "json" and not single:
        click.echo("\n]" if not first else "]")
    elif fmt == "text":
        click.echo(f"\n{tally.summary}")
    ctx.exit(tally.exit_code if paths else EXIT_BAD_INPUT)


# -- rules ------------------------------------------------------------------------------


class _RulesGroup(click.Group):
    """The ``rules`` group; ``rules betrayal`` belongs to the battle commands and is loaded
    only when it is asked for, so ``check`` and ``rules list`` never import play."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), "betrayal"})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name == "betrayal":
            # The Betrayal test of seed 000, owned by the battle commands.
            from cardsmith.cli.battle_cmds import betrayal

            return betrayal
        return super().get_command(ctx, cmd_name)


@click.group(cls=_RulesGroup)
def rules() -> None:
    """Rule packs and the checks they are built from."""


def _pack_rows() -> list[dict[str, Any]]:
    return [
        {
            "id": info.id,
            "title": info.title,
            "rules": info.rule_count,
            "builtin": info.builtin,
            "path": str(info.path),
            "error": info.error,
        }
        for info in services.packs()
    ]


def _check_rows() -> list[dict[str, Any]]:
    rows = []
    for spec in services.check_specs():
        rows.append(
            {
                "name": spec.name,
                "summary": spec.summary,
                "doc": spec.doc,
                "params": [
                    {
                        "name": p.name,
                        "type": p.kind_label,
                        "required": p.required,
                        "default": None if p.required else _jsonable(p.default),
                        "choices": list(p.choices),
                        "doc": p.doc,
                    }
                    for p in spec.params
                ],
                "text": [p.describe() for p in spec.params],
            }
        )
    return rows


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


@rules.command("list")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
def list_rules(fmt: str) -> None:
    """List the checks a pack may use (with their parameters) and the available packs."""
    checks, packs = _check_rows(), _pack_rows()
    if fmt == "json":
        for row in checks:
            del row["text"]
        echo_json({"checks": checks, "packs": packs})
        return
    click.echo('Checks (a [[rule]] table names one with check = "NAME"):')
    for row in checks:
        click.echo("")
        click.echo(f"  {row['name']}")
        for line in row["doc"].splitlines():
            click.echo(f"      {line}".rstrip())
        if row["text"]:
            click.echo("      parameters:")
            for text in row["text"]:
                click.echo(f"        {text}")
    click.echo("")
    click.echo("Every rule also takes: id (required), severity (error|warning), message.")
    click.echo("")
    click.echo("Packs:")
    table = [
        (
            p["id"],
            p["title"] or f"(does not load: {p['error']})",
            p["rules"],
            "built in" if p["builtin"] else "user",
            p["path"],
        )
        for p in packs
    ]
    click.echo(format_table(["id", "title", "rules", "from", "file"], table, right=[2]))


@rules.command("show")
@click.argument("pack_name", metavar="PACK")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
def show_rules(pack_name: str, fmt: str) -> None:
    """Show one pack (by id or .toml path): its rules, parameters and optional rules."""
    pack = services.load_pack(pack_name)
    if fmt == "json":
        echo_json(_pack_json(pack))
        return
    click.echo(f"{pack.id}: {pack.title}")
    if pack.description:
        click.echo(pack.description.strip())
    origin = "built in" if pack.builtin else "user pack"
    click.echo(f"file: {pack.source} ({origin})")
    if pack.extends:
        click.echo(f"extends: {pack.extends}")
    click.echo("")
    rows = [
        (
            rule.id,
            rule.check,
            rule.severity.value,
            ", ".join(f"{k}={_show(v)}" for k, v in rule.params.items() if v not in (None, ())),
        )
        for rule in pack.rules
    ]
    click.echo(format_table(["rule", "check", "severity", "parameters"], rows))
    for rule in pack.rules:
        if rule.message:
            click.echo(f"  {rule.id}: {rule.message}")
    for key, value in pack.optional.items():
        click.echo("")
        click.echo(f"optional rule {key}:")
        for line in _optional_lines(value):
            click.echo(f"  {line}")


def _show(value: Any) -> str:
    if isinstance(value, tuple):
        return "/".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _pack_json(pack: RulePack) -> dict[str, Any]:
    import dataclasses

    return {
        "id": pack.id,
        "title": pack.title,
        "description": pack.description,
        "file": str(pack.source),
        "builtin": pack.builtin,
        "extends": pack.extends or None,
        "rules": [
            {
                "id": r.id,
                "check": r.check,
                "severity": r.severity.value,
                "message": r.message,
                "params": {k: _jsonable(v) for k, v in r.params.items()},
            }
            for r in pack.rules
        ],
        "optional": {
            key: dataclasses.asdict(value)
            if dataclasses.is_dataclass(value) and not isinstance(value, type)
            else value
            for key, value in pack.optional.items()
        },
    }


def _optional_lines(value: Any) -> list[str]:
    from cardsmith.rules.optional import BetrayalRule

    if not isinstance(value, BetrayalRule):
        return [str(value)]
    lines = [
        f"roll {value.dice} ≥ TN {value.base_tn} + modifiers, from turn {value.from_turn},"
        f" target within {value.range_hexes} hexes",
        f"success: skills +{value.skill_penalty}; failure: wait {count(value.retry_wait_turns, 'turn')}",
        "modifiers:",
    ]
    lines += [f"  {m.value:+d}  {m.label}" for m in value.modifiers]
    lines.append("objectives:")
    lines += [f"  {o.alias or '-'}  {o.label}: {o.summary}" for o in value.objectives]
    return lines
