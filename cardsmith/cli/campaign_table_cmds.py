"""Provides ``cardsmith campaign tables list|show``: the dice tables cardsmith knows."""

from __future__ import annotations

from typing import Any

import click

from cardsmith.cli.output import echo_json, format_table
from cardsmith.services.campaign import tables as load_tables
from cardsmith.tables.model import Table


@click.group("tables")
def campaign_tables() -> None:
    """The dice tables cardsmith knows (built-in and your own)."""


@campaign_tables.command("list")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def tables_list(fmt: str) -> None:
    """Every table, with its pack and dice."""
    tables = load_tables()
    rows = []
    for table in sorted(tables.tables.values(), key=lambda t: (t.pack, t.id)):
        pack = tables.packs[table.pack]
        flags = ("house default" if pack.house_default else "") + (
            " incomplete" if table.incomplete else ""
        )
        rows.append(
            (
                table.id,
                table.pack,
                str(table.dice or f"lookup: {table.input_label}"),
                table.title,
                flags.strip(),
            )
        )
    if fmt == "json":
        echo_json(
            [dict(zip(["id", "pack", "dice", "title", "flags"], r, strict=True)) for r in rows]
        )
    else:
        click.echo(format_table(["id", "pack", "dice", "title", "notes"], rows))


@campaign_tables.command("show")
@click.argument("table")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def tables_show(table: str, fmt: str) -> None:
    """One table's entries."""
    tables = load_tables()
    found = tables.find(table)
    pack = tables.packs[found.pack]
    if fmt == "json":
        echo_json(_table_json(found, pack.house_default))
        return
    click.echo(f"{found.title} ({found.id}) — {found.dice or 'lookup by ' + found.input_label}")
    if pack.house_default:
        click.echo("House default: edit it to suit your group.")
    if found.aliases:
        click.echo("Also called: " + ", ".join(found.aliases))
    if found.incomplete:
        click.echo(f"Incomplete: {found.incomplete}")
    rows = [(e.range_text, e.label, e.text) for e in found.entries]
    click.echo(format_table(["roll", "result", "rule"], rows))


def _table_json(table: Table, house_default: bool) -> dict[str, Any]:
    return {
        "id": table.id,
        "title": table.title,
        "pack": table.pack,
        "dice": str(table.dice) if table.dice else None,
        "input": table.input_label or None,
        "aliases": list(table.aliases),
        "incomplete": table.incomplete or None,
        "house_default": house_default,
        "entries": [
            {
                "range": e.range_text,
                "key": e.key,
                "label": e.label,
                "aliases": list(e.aliases),
                "text": e.text,
                "value": e.value,
                "gap": e.gap,
            }
            for e in table.entries
        ],
    }


__all__ = ["campaign_tables"]
