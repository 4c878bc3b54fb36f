"""Provides the ``check`` command: legality of force files, fingerprints and the event report."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardsmith.cli.context import settings_of
from cardsmith.cli.output import echo_json, warn
from cardsmith.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_PROBLEMS
from cardsmith.services import checks as services
from cardsmith.services.checks import FileVerdict, Fix, Violation
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.services.event_report import EventReport

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
    Fix.SET_ERA_FACTION: "cardsmith force settings {file} --era ERA --faction FACTION",
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
    import textwrap

    text = json.dumps(found.to_dict(), indent=2, ensure_ascii=False)
    return textwrap.indent(text, "  ")


@dataclass
class _Batch:
    """Standard output gathered over a few verdicts and written together: one write for
    many lists, still shown as they come (at most ``size`` verdicts or ``seconds`` late)."""

    size: int = 64
    seconds: float = 0.25
    parts: list[str] = field(default_factory=list)
    since: float = field(default_factory=time.monotonic)

    def add(self, text: str, *, nl: bool = True) -> None:
        """Queue ``text`` as ``click.echo(text, nl=nl)`` would write it."""
        self.parts.append(text + "\n" if nl else text)
        if len(self.parts) >= self.size or time.monotonic() - self.since >= self.seconds:
            self.flush()

    def flush(self) -> None:
        """Write what is queued (before anything goes to stderr, and at the end)."""
        if self.parts:
            click.echo("".join(self.parts), nl=False)
            self.parts.clear()
        self.since = time.monotonic()


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
@click.option(
    "--report",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Also write an event report, one row per list: .csv, .md or a one-page .pdf.",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default=None,
    help="Paper of a PDF report (default: from the locale).",
)
@click.pass_context
def check(
    ctx: click.Context,
    files: tuple[Path, ...],
    pack_name: str | None,
    cap: int | None,
    fmt: str,
    report: Path | None,
    paper: str | None,
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
    event = _event_report(report, paths, files, paper) if report is not None else None
    tally = Tally()
    first = True
    out = _Batch()
    if fmt == "json" and not single:
        out.add("[")
    # Verdicts are printed as they come, so memory stays flat over thousands of files.
    cache_dir = settings_of(ctx).resolved_cache_dir
    try:
        for found in services.check_files(paths, pack=pack, cap=cap, cache_dir=cache_dir):
            tally.add(found)
            if event is not None:
                event.add(found)
            if found.verdict is None:
                out.flush()  # the lists before it first, as they were checked
                where = "" if found.file in found.error else f"{found.file}: "
                click.echo(f"cardsmith: {where}{found.error}", err=True)
            if fmt == "json":
                if single:
                    echo_json(found.to_dict())
                else:
                    out.add(("" if first else ",\n") + _json_item(found), nl=False)
            else:
                out.add("\n".join(verdict_lines(found)))
            first = False
        if fmt == "json" and not single:
            out.add("\n]" if not first else "]")
        elif fmt == "text":
            out.add(f"\n{tally.summary}")
    finally:
        out.flush()  # what was checked is shown, even when a later step fails
    if event is not None:
        written = event.write()
        click.echo(f"cardsmith: event report written to {report} ({written.text})", err=True)
    ctx.exit(tally.exit_code if paths else EXIT_BAD_INPUT)


def _event_report(
    report: Path, paths: list[Path], given: tuple[Path, ...], paper: str | None
) -> EventReport:
    """The report to fill, refused before any list is checked if it could not be written."""
    from cardsmith.services.event_report import EventReport

    if paper is None and report.suffix.lower() == ".pdf":
        from cardsmith.services.printing import default_paper

        paper = default_paper()
    folders = [p for p in given if p.is_dir()]
    title = f"Event report: {', '.join(p.name for p in folders) or f'{len(paths)} lists'}"
    return EventReport(report, inputs=paths, title=title, paper=paper or "a4")
