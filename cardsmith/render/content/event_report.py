"""Provides the event report's content: one row per list, as CSV, as Markdown, and the PDF page.

An organiser checks a folder of submitted lists and pins up one page: how many are legal,
and per list the file, the force, the verdict, its errors, the total PV, the era and
faction it was checked for, and the fingerprint its printed roster must show.  The rows
come from the check (``services.event_report``); this module only words them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardsmith.safetext import safe_text

#: The report's columns, in order: CSV header and table heading.
COLUMNS = ("File", "Force", "Verdict", "Errors", "Total PV", "Era", "Faction", "Fingerprint")

LEGAL, NOT_LEGAL, UNREADABLE = "legal", "NOT LEGAL", "UNREADABLE"


@dataclass(frozen=True, slots=True)
class ReportRow:
    """One list in the report."""

    file: str
    force: str
    verdict: str
    """``legal``, ``NOT LEGAL`` or ``UNREADABLE``."""
    errors: int
    error_rules: tuple[str, ...]
    """The ids of the rules it breaks, in the check's order (each once)."""
    total_pv: int | None
    era: str
    faction: str
    fingerprint: str
    reason: str = ""
    """Why an unreadable list could not be checked."""

    @property
    def errors_text(self) -> str:
        """``2: pv-cap, skill-range``; for an unreadable list, why."""
        if self.verdict == UNREADABLE:
            return self.reason
        if not self.errors:
            return "0"
        return f"{self.errors}: {', '.join(self.error_rules)}"

    def cells(self) -> tuple[str, ...]:
        """The row's cells in ``COLUMNS`` order, as text."""
        pv = "" if self.total_pv is None else str(self.total_pv)
        return (self.file, self.force, self.verdict, self.errors_text, pv, self.era,
                self.faction, self.fingerprint)  # fmt: skip


@dataclass
class Tally:
    """How many lists are legal, not legal and unreadable."""

    legal: int = 0
    illegal: int = 0
    unreadable: int = 0

    def add(self, row: ReportRow) -> None:
        """Count one row."""
        if row.verdict == LEGAL:
            self.legal += 1
        elif row.verdict == NOT_LEGAL:
            self.illegal += 1
        else:
            self.unreadable += 1

    @property
    def total(self) -> int:
        """Every list counted."""
        return self.legal + self.illegal + self.unreadable

    @property
    def text(self) -> str:
        """``12 lists: 10 legal, 1 not legal, 1 unreadable``."""
        head = f"{self.total} list{'s' if self.total != 1 else ''}"
        parts = [f"{self.legal} legal", f"{self.illegal} not legal"]
        if self.unreadable:
            parts.append(f"{self.unreadable} unreadable")
        return f"{head}: {', '.join(parts)}"


# -- CSV and Markdown --------------------------------------------------------------------------


def csv_header() -> str:
    """The CSV's header line."""
    return _csv_line(COLUMNS)


def csv_row(row: ReportRow) -> str:
    """One CSV line (RFC 4180 quoting; names kept exactly as the files give them)."""
    return _csv_line(row.cells())


def _csv_line(cells: Sequence[str]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow([_no_formula(c) for c in cells])
    return buffer.getvalue()


def _no_formula(cell: str) -> str:
    # A spreadsheet runs a cell that starts with = + - @ as a formula; a force named
    # "=HYPERLINK(…)" in a submitted list must stay text when the organiser opens it.
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") else cell


def markdown_head(title: str) -> str:
    """The Markdown report's title and table heading."""
    heading = "| " + " | ".join(COLUMNS) + " |\n"
    rule = "|" + "|".join("---:" if c in ("Total PV",) else "---" for c in COLUMNS) + "|\n"
    return f"# {_md(title)}\n\n{heading}{rule}"


def markdown_row(row: ReportRow) -> str:
    """One table row; ``|`` and line breaks in names cannot break the table."""
    cells = [_md(cell) for cell in row.cells()]
    cells[0] = "`" + cells[0].replace("`", "'") + "`"
    if cells[-1]:
        cells[-1] = "`" + cells[-1] + "`"
    return "| " + " | ".join(cells) + " |\n"


def markdown_tail(tally: Tally, notes: Iterable[str]) -> str:
    """The summary under the table."""
    lines = [f"\n**{tally.text}.**\n"]
    lines.extend(f"\n{_md(note)}\n" for note in notes)
    return "".join(lines)


def _md(text: str) -> str:
    return safe_text(text).replace("|", "\\|").replace("\n", " ").replace("\r", " ")


# -- the one-page summary ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReportPage:
    """What the one-page PDF summary shows: headline, counts, the rows that fit, the rest counted."""

    title: str
    summary: str
    notes: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    """Rows to print: unreadable lists, then illegal ones, then legal ones, in file order."""
    verdicts: tuple[str, ...]
    """Each printed row's verdict (for its shading)."""
    more: int
    """Lists the page had no room for (the CSV and Markdown reports hold every one)."""


class PageRows:
    """Keeps the rows a one-page summary can show, problems first, without holding them all.

    A folder of 10,000 lists must not fill memory: at most ``limit`` rows of each verdict
    are kept (unreadable, not legal, legal: the order the organiser needs them in); the
    rest are only counted.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.kept: dict[str, list[ReportRow]] = {UNREADABLE: [], NOT_LEGAL: [], LEGAL: []}
        self.seen = 0

    def add(self, row: ReportRow) -> None:
        """Offer one row."""
        self.seen += 1
        kept = self.kept[row.verdict]
        if len(kept) < self.limit:
            kept.append(row)

    def page(self, title: str, tally: Tally, notes: Iterable[str], room: int) -> ReportPage:
        """The page with at most ``room`` rows."""
        shown = [row for rows in self.kept.values() for row in rows][:room]
        return ReportPage(
            title=title,
            summary=tally.text,
            notes=tuple(notes),
            columns=COLUMNS,
            rows=tuple(tuple(safe_text(c) for c in r.cells()) for r in shown),
            verdicts=tuple(r.verdict for r in shown),
            more=self.seen - len(shown),
        )
