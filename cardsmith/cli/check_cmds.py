"""Provides the ``check`` command (legality of force files) and the ``rules`` group (packs, checks)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from cardsmith.cli.output import echo_json, format_table, warn
from cardsmith.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_PROBLEMS, CardsmithError
from cardsmith.rules.model import CheckResult, RulePack, Violation
from cardsmith.wording import count


@dataclass(frozen=True, slots=True)
class FileVerdict:
    """What ``check`` found for one file: a result, or why it could not be checked."""

    file: str
    result: CheckResult | None = None
    error: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Design §5: ``{"file", "legal", "total_pv", "violations"}`` (+ ``pack``, ``error``)."""
        if self.result is None:
            return {
                "file": self.file,
                "legal": None,
                "pack": None,
                "total_pv": None,
                "violations": [],
                "error": self.error,
            }
        return {
            "file": self.file,
            "legal": self.result.legal,
            "pack": self.result.pack_id,
            "total_pv": self.result.total_pv,
            "violations": [v.to_dict() for v in self.result.violations],
        }


def expand_paths(paths: tuple[Path, ...]) -> list[Path]:
    """Files as given; a folder stands for the ``*.json`` files in it (sorted)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.json") if p.is_file())
            if not found:
                warn(f"{path}: no *.json force files in this folder")
            files.extend(found)
        else:
            files.append(path)
    return files


def check_files(files: list[Path], *, pack: RulePack | None, cap: int | None) -> list[FileVerdict]:
    """Check each file against ``pack`` (or the pack the force names); never stops early."""
    from cardsmith.forces.force_file import load_force
    from cardsmith.rules.engine import check_force, load_pack

    packs: dict[str, RulePack | CardsmithError] = {}
    verdicts: list[FileVerdict] = []
    for path in files:
        try:
            force = load_force(path)
        except CardsmithError as exc:
            verdicts.append(FileVerdict(str(path), error=exc.message))
            continue
        use = pack
        if use is None:
            if force.pack not in packs:
                try:
                    packs[force.pack] = load_pack(force.pack)
                except CardsmithError as exc:
                    packs[force.pack] = exc
            found = packs[force.pack]
            if isinstance(found, CardsmithError):
                details = "; ".join(getattr(found, "problems", ()))
                reason = f"{found.message}{': ' + details if details else ''}"
                verdicts.append(FileVerdict(str(path), error=f"its pack: {reason}"))
                continue
            use = found
        verdicts.append(FileVerdict(str(path), result=check_force(force, use, cap=cap)))
    return verdicts


def exit_code(verdicts: list[FileVerdict]) -> int:
    """2 when any file could not be checked, else 1 when any force is illegal, else 0."""
    if any(v.result is None for v in verdicts):
        return EXIT_BAD_INPUT
    if any(v.result is not None and not v.result.legal for v in verdicts):
        return EXIT_PROBLEMS
    return EXIT_OK


def _violation_lines(violation: Violation) -> list[str]:
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
    return lines


def _reason(error: str, file: str) -> str:
    """The error without the file name it starts with: the report line names the file first."""
    for lead in (f"{file}: ", f"{file} is ", f"{file} "):
        if error.startswith(lead):
            return error[len(lead) :]
    return error


def report_lines(verdicts: list[FileVerdict]) -> list[str]:
    """The human report: one block per file, errors before warnings, then a summary."""
    lines: list[str] = []
    legal = illegal = unreadable = 0
    for verdict in verdicts:
        result = verdict.result
        if result is None:
            unreadable += 1
            lines.append(f"{verdict.file}: UNREADABLE: {_reason(verdict.error, verdict.file)}")
            continue
        errors, warnings = len(result.errors), len(result.warnings)
        counts = [count(errors, "error")] if errors else []
        counts += [count(warnings, "warning")] if warnings else []
        state = "legal" if result.legal else "NOT LEGAL"
        tail = f", {', '.join(counts)}" if counts else ""
        lines.append(f"{verdict.file}: {state} ({result.pack_id}, {result.total_pv} PV{tail})")
        for violation in result.violations:
            lines.extend(_violation_lines(violation))
        legal += result.legal
        illegal += not result.legal
    summary = f"{legal} legal, {illegal} not"
    if unreadable:
        summary += f", {unreadable} unreadable"
    lines.extend(["", summary])
    return lines


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
def check(
    ctx: click.Context, files: tuple[Path, ...], pack_name: str | None, cap: int | None, fmt: str
) -> None:
    """Check force FILES (or folders of them) against a rule pack.

    Exit status: 0 all legal, 1 any force illegal, 2 any file unreadable (the others are
    still checked and reported).
    """
    pack = None
    if pack_name:
        from cardsmith.rules.engine import load_pack

        pack = load_pack(pack_name)  # a broken pack is bad input for every file: exit 2
    paths = expand_paths(files)
    verdicts = check_files(paths, pack=pack, cap=cap)
    for verdict in verdicts:
        if verdict.result is None:
            error = verdict.error or "unreadable"
            where = "" if verdict.file in error else f"{verdict.file}: "
            click.echo(f"cardsmith: {where}{error}", err=True)
    if fmt == "json":
        several = len(verdicts) != 1 or any(p.is_dir() for p in files)
        data = [v.to_dict() for v in verdicts]
        echo_json(data if several else data[0])
    else:
        click.echo("\n".join(report_lines(verdicts)))
    ctx.exit(exit_code(verdicts) if paths else EXIT_BAD_INPUT)


# -- rules ------------------------------------------------------------------------------


@click.group()
def rules() -> None:
    """Rule packs and the checks they are built from."""


def _pack_rows() -> list[dict[str, Any]]:
    from cardsmith.rules.engine import available_packs, load_pack

    rows = []
    for pack_id, source in available_packs().items():
        try:
            pack = load_pack(pack_id)
            title, rule_count, broken = pack.title, len(pack.rules), ""
        except CardsmithError as exc:
            title, rule_count, broken = "", 0, exc.message
        rows.append(
            {
                "id": pack_id,
                "title": title,
                "rules": rule_count,
                "builtin": source.builtin,
                "path": str(source.path),
                "error": broken,
            }
        )
    return rows


def _check_rows() -> list[dict[str, Any]]:
    from cardsmith.rules.checks import CHECKS
    from cardsmith.rules.registry import KIND_LABELS

    rows = []
    for name, spec in CHECKS.items():
        rows.append(
            {
                "name": name,
                "summary": spec.summary,
                "doc": spec.doc,
                "params": [
                    {
                        "name": p.name,
                        "type": KIND_LABELS[p.kind],
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
    from cardsmith.rules.engine import load_pack

    pack = load_pack(pack_name)
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


# `rules betrayal`: the Betrayal test of seed 000, owned by the play commands.
from cardsmith.cli.battle_cmds import betrayal as _betrayal  # noqa: E402

rules.add_command(_betrayal)
