"""Provides the ``rules`` group: the rule packs and the checks they are built from."""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.services import checks as services
from cardsmith.services.checks import RulePack
from cardsmith.wording import count


class _RulesGroup(click.Group):
    """The ``rules`` group; ``rules betrayal`` belongs to the battle commands and is loaded
    only when it is asked for, so ``check`` and ``rules list`` never import play."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), "betrayal"})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name == "betrayal":
            # The Betrayal test of seed 000, owned by the battle commands.
            from cardsmith.cli.betrayal_cmds import betrayal

            return betrayal
        return super().get_command(ctx, cmd_name)


@click.group(cls=_RulesGroup)
def rules() -> None:
    """Rule packs and the checks they are built from."""


def _pack_rows(found: list[services.PackInfo]) -> list[dict[str, Any]]:
    return [
        {
            "id": info.id,
            "title": info.title,
            "rules": info.rule_count,
            "builtin": info.builtin,
            "path": str(info.path),
            "error": info.error,
            "ignored": [str(path) for path in info.ignored],
        }
        for info in found
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
    found = services.packs()
    checks, packs = _check_rows(), _pack_rows(found)
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
    # Two files with one id: edits to the one not read would silently not count.
    for message in services.unread_pack_files(found):
        warn(message)


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
