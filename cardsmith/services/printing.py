"""Provides printing as one use case: read or take forces, check each against its pack, write the PDF.

``cardsmith print`` and the app's print (F6) both call ``print_forces`` (or
``print_files``), so a roster carries the same verdict whichever shell printed it: the
rule check runs here, on the force as it is printed, never in a shell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardsmith.battle.battle_file import load_battle
from cardsmith.errors import CardsmithError, UsageError
from cardsmith.forces.force_file import load_force
from cardsmith.formats import share_code
from cardsmith.models import Force
from cardsmith.render.content.roster import Verdict, verdict_from_check
from cardsmith.render.content.sheets import EXTRA_KINDS, PAPERS, SORTS, SheetOptions
from cardsmith.rules.model import CheckResult
from cardsmith.services import checks

__all__ = [
    "EXTRA_KINDS",
    "PAPERS",
    "SORTS",
    "BattlePrint",
    "ForceToPrint",
    "PrintResult",
    "SheetOptions",
    "default_paper",
    "print_battle",
    "print_files",
    "print_forces",
    "roster_share_code",
    "roster_verdict",
]

#: Countries whose paper is US Letter; everywhere else prints on A4 (ISO 216).
LETTER_COUNTRIES = frozenset({"US", "CA"})


@dataclass(frozen=True, slots=True)
class ForceToPrint:
    """A force and where it came from (None for a force that is only in the app)."""

    force: Force
    source: Path | None = None


@dataclass(frozen=True, slots=True)
class PrintResult:
    """What a print wrote."""

    path: Path
    forces: int
    cards: int
    """Unit cards printed (0 for a roster-only print)."""
    paper: str
    warnings: tuple[str, ...] = field(default=())
    """Forces that could not be checked, and why (their roster says "not checked")."""


def roster_verdict(force: Force) -> tuple[Verdict | None, str]:
    """The verdict the roster prints: the force checked against its own pack.

    The check is ``services.checks.check``, the one both shells run, so a roster says
    what ``cardsmith check`` says.  A pack that does not load gives no verdict and a
    warning saying why; the roster then says "not checked" rather than stopping the print.
    """
    verdict = checks.check(force)
    if not verdict.available:
        return None, f"not checked against pack {force.pack!r}: {verdict.note}"
    result = CheckResult(verdict.legal, verdict.violations, verdict.total_pv, verdict.pack)
    return verdict_from_check(result, force.pack), ""


def roster_share_code(force: Force) -> str:
    """The force's share code for the roster's QR code; empty when it has none (a force
    that a code cannot carry prints without one rather than failing)."""
    try:
        return share_code.encode(force)
    except CardsmithError:
        return ""


def refuse_output_over_inputs(output: Path, inputs: Sequence[Path]) -> None:
    """Refuse an output that resolves to one of the inputs (it would replace a force or a battle).

    Raises:
        UsageError: ``output`` is one of ``inputs`` (through links and relative paths too).
    """
    try:
        target = output.expanduser().resolve()
    except OSError:
        return
    for source in inputs:
        try:
            same = source.expanduser().resolve() == target
        except OSError:
            continue
        if same:
            raise UsageError(
                f"{output} is one of the files being printed; choose another file for the PDF"
            )


def print_forces(
    forces: Sequence[ForceToPrint], output: Path, options: SheetOptions | None = None
) -> PrintResult:
    """Check every force against its pack and print them all to ``output`` (blocking).

    Raises:
        UsageError: bad options, or an output that would replace one of the forces.
        TemplateError: bad paper, card count or template data.
        RenderError: the PDF could not be written.
    """
    options = options or SheetOptions()
    problems = options.problems()
    if problems:
        raise UsageError("; ".join(problems))
    if not forces:
        raise UsageError("nothing to print: no force given")
    refuse_output_over_inputs(output, [f.source for f in forces if f.source is not None])
    verdicts: list[Verdict | None] = []
    codes: list[str] = []
    warnings: list[str] = []
    for item in forces:
        verdict, warning = roster_verdict(item.force)
        verdicts.append(verdict)
        codes.append(roster_share_code(item.force))
        if warning:
            where = str(item.source) if item.source is not None else item.force.name
            warnings.append(f"{where}: {warning}")
    # reportlab is imported only here, so the other use cases never pay for it.
    from cardsmith.render.pdf.record_sheets import render_sheets

    written = render_sheets([f.force for f in forces], output, options, verdicts, codes)
    cards = 0 if options.roster_only else sum(len(f.force.entries) for f in forces)
    return PrintResult(written, len(forces), cards, options.paper.lower(), tuple(warnings))


def print_files(
    paths: Sequence[Path], output: Path, options: SheetOptions | None = None
) -> PrintResult:
    """Read every force file (any failure stops the print), then ``print_forces``.

    Raises:
        ForceFileError: a file that cannot be read as a force.
        UsageError, TemplateError, RenderError: as ``print_forces``.
    """
    refuse_output_over_inputs(output, paths)
    return print_forces([ForceToPrint(load_force(p), p) for p in paths], output, options)


@dataclass(frozen=True, slots=True)
class BattlePrint:
    """What a battle print wrote."""

    path: Path
    turn: int
    units: int
    packs: tuple[str, ...]
    paper: str


def print_battle(
    battle_path: Path,
    output: Path,
    *,
    paper: str = "letter",
    mono: bool = False,
    cards: bool = True,
) -> BattlePrint:
    """The battle sheet of a battle file: rule cards, every unit now and, with ``cards``,
    each unit's card with its damage, heat and crits so far marked.

    Raises:
        UsageError: ``output`` is the battle file or one of its sides' force files.
        BattleFileError: the battle file cannot be read.
        TemplateError, RenderError: as ``print_forces``.
    """
    refuse_output_over_inputs(output, [battle_path])
    battle = load_battle(battle_path)
    # The sides' force files are inputs too (the battle file names them, relative to it).
    folder = battle_path.parent
    sides = [folder / side.force_path for side in battle.sides if side.force_path]
    refuse_output_over_inputs(output, [path for path in sides if path.exists()])
    from cardsmith.render.pdf.battle_sheet import render_battle_sheet

    written = render_battle_sheet(
        battle,
        output,
        title=f"Battle {battle_path.name}",
        paper=paper.lower(),
        mono=mono,
        cards_too=cards,
    )
    return BattlePrint(written, battle.turn, len(battle.units), tuple(battle.packs), paper.lower())


def default_paper(locale_name: str | None = None) -> str:
    """``letter`` where the locale's country is the US or Canada, else ``a4``.

    ``locale_name`` is a POSIX locale (``en_US.UTF-8``, ``de_DE``); without one it is read
    from ``LC_PAPER``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``.
    """
    if locale_name is None:
        import os

        for variable in ("LC_PAPER", "LC_ALL", "LC_MESSAGES", "LANG"):
            locale_name = os.environ.get(variable, "")
            if locale_name:
                break
    code = (locale_name or "").split(".")[0].split("@")[0]
    _, _, country = code.partition("_")
    # "C", "POSIX" or no locale name no country: A4, the paper of most of the world.
    return "letter" if country.upper() in LETTER_COUNTRIES else "a4"
