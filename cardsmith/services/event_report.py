"""Provides ``EventReport``: the report an organiser writes over a folder of lists (CSV, Markdown, PDF).

``cardsmith check FOLDER --report event.csv`` adds each list's verdict as it is checked
and writes the report at the end, in one atomic save: one row per list with the file,
force, verdict, errors, total PV, era, faction and fingerprint.  Only a line of text per
list is kept (and, for the PDF, the rows one page can show), so a folder of 10,000
lists checks in flat memory.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from cardsmith.errors import RenderError, UsageError
from cardsmith.fileio import refuse_overwrite, save_bytes
from cardsmith.render.content import event_report as content
from cardsmith.render.content.event_report import ReportRow, Tally
from cardsmith.services.checks import FileVerdict

#: Report file kinds by suffix.
KINDS = {".csv": "CSV", ".md": "Markdown", ".pdf": "PDF"}


def report_row(found: FileVerdict) -> ReportRow:
    """The report's row for one checked (or unreadable) file."""
    verdict = found.verdict
    if verdict is None:
        return ReportRow(found.file, "", content.UNREADABLE, 0, (), None, "", "", "", found.error)
    rules = tuple(dict.fromkeys(v.rule_id for v in verdict.errors))
    return ReportRow(
        file=found.file,
        force=verdict.force,
        verdict=content.LEGAL if verdict.legal else content.NOT_LEGAL,
        errors=len(verdict.errors),
        error_rules=rules,
        total_pv=verdict.total_pv,
        era=verdict.era,
        faction=verdict.faction,
        fingerprint=verdict.fingerprint,
    )


class EventReport:
    """An event report being written: ``add`` each verdict, then ``write``.

    Raises (on creation):
        UsageError: the file's suffix is not ``.csv``, ``.md`` or ``.pdf``, or the file
            is one of the lists being checked (an output never replaces an input).
    """

    def __init__(
        self, path: Path, *, inputs: Iterable[Path], title: str = "Event report", paper: str = "a4"
    ) -> None:
        self.path = path
        self.kind = path.suffix.lower()
        if self.kind not in KINDS:
            raise UsageError(
                f"cannot write a report as {path.name!r}: end its name in "
                f"{', '.join(KINDS)} ({', '.join(KINDS.values())})"
            )
        refuse_overwrite(path, inputs)
        self.title = title
        self.paper = paper
        self.tally = Tally()
        self._lines: list[str] = []
        self._packs: dict[str, None] = {}
        self._versions: dict[str, None] = {}
        if self.kind == ".pdf":
            from cardsmith.render.pdf.event_report import rows_that_fit

            self._room = rows_that_fit(paper)
            self._page_rows = content.PageRows(self._room)
        elif self.kind == ".csv":
            self._lines.append(content.csv_header())
        else:
            self._lines.append(content.markdown_head(title))

    def add(self, found: FileVerdict) -> None:
        """Add one list's verdict."""
        row = report_row(found)
        self.tally.add(row)
        if found.verdict is not None:
            self._packs[found.verdict.pack] = None
            if found.verdict.availability:
                self._versions[found.verdict.availability] = None
        if self.kind == ".pdf":
            self._page_rows.add(row)
        elif self.kind == ".csv":
            self._lines.append(content.csv_row(row))
        else:
            self._lines.append(content.markdown_row(row))

    @property
    def notes(self) -> list[str]:
        """What every list was checked against: the packs and the availability data."""
        notes = [f"Rule packs: {', '.join(self._packs) or 'none'}."]
        if self._versions:
            notes.append(f"Availability data: {', '.join(self._versions)}.")
        return notes

    def write(self) -> Tally:
        """Save the report (atomically) and say how many lists it holds.

        Raises:
            RenderError: the report cannot be written.
        """
        if self.kind == ".pdf":
            from cardsmith.render.pdf.event_report import event_report_pdf

            page = self._page_rows.page(self.title, self.tally, self.notes, self._room)
            data = event_report_pdf(page, self.paper)
        elif self.kind == ".csv":
            data = "".join(self._lines).encode("utf-8")
        else:
            text = "".join(self._lines) + content.markdown_tail(self.tally, self.notes)
            data = text.encode("utf-8")
        save_bytes(self.path, data, RenderError, what="event report")
        return self.tally
