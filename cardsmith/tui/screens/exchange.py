"""Provides the import and export dialogs and the import report (other tools' force files)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from cardsmith.models import Force
from cardsmith.services.exchange import (
    EXPORT_LABELS,
    IMPORT_LABELS,
    ImportReport,
    warnings_for,
)
from cardsmith.tui.app_hints import in_app_words
from cardsmith.tui.screens.file_picker import PathDialog
from cardsmith.tui.widgets.forwarding import FocusInput, FocusSelect


@dataclass(frozen=True, slots=True)
class ImportRequest:
    """What the import dialog returns: a file name or a share code, and a format."""

    source: str
    fmt: str
    """The format id; ``""`` means "tell from the content"."""
    group: str = ""
    """The group of a Jeff's BattleTech Tools file (a backup needs one)."""


@dataclass(frozen=True, slots=True)
class ExchangeRequest:
    """A file and a format, as the import or export dialog returns them."""

    path: Path
    fmt: str
    """The format id; ``""`` on import means "tell from the content"."""


class ImportDialog(ModalScreen[ImportRequest | None]):
    """Asks for the file (or share code) to import and its format (detected unless chosen)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="import.cancel"),
        Binding("ctrl+b", "browse", "Browse", id="import.browse"),
    ]

    def __init__(self, value: str = "") -> None:
        super().__init__(classes="dialog")
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="import-box"):
            yield Label("Import a force from another tool", classes="dialog-title")
            yield Label(
                "File (.mul, Jeff's BattleTech Tools JSON, CSV, Tabletop Simulator) or a share code"
            )
            yield FocusInput(
                value=self.value, id="import-path", placeholder="path/to/lance.mul or CS1-…"
            )
            yield Label("Format")
            yield FocusSelect(
                [(label, fmt or "auto") for label, fmt in IMPORT_LABELS],
                value="auto",
                allow_blank=False,
                id="import-format",
            )
            yield FocusInput(
                id="import-group",
                placeholder="Group (Jeff's BattleTech Tools backups): its name",
            )
            with Horizontal(classes="dialog-buttons"):
                yield Button("Import", variant="primary", id="ok")
                yield Button("Browse… ^B", id="browse")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#import-path", Input).focus()

    @on(Button.Pressed, "#browse")
    def action_browse(self) -> None:
        """Pick the file to import from the folders."""
        browse_into(self.query_one("#import-path", Input), "Import from", "Pick", _IMPORTABLE)

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        text = self.query_one("#import-path", Input).value.strip()
        if not text:
            self.notify("Give the file or the share code to import.", severity="warning")
            return
        fmt = self.query_one("#import-format", Select).value
        chosen = fmt if isinstance(fmt, str) and fmt != "auto" else ""
        group = self.query_one("#import-group", Input).value.strip()
        self.dismiss(ImportRequest(text, chosen, group))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class ImportReportScreen(ModalScreen[bool]):
    """What an import brought in and what it left out; dismisses True to open the force."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #report-body {
        height: auto;
        max-height: 20;
        border: round $primary 50%;
    }
    """

    BINDINGS = [
        Binding("escape", "choose(False)", "Drop it", id="report.cancel"),
        Binding("o", "choose(True)", "Open", show=False, id="report.open"),
    ]

    def __init__(self, report: ImportReport, source: str) -> None:
        super().__init__(classes="dialog")
        self.report = report
        self.source = source

    def compose(self) -> ComposeResult:
        report = self.report
        count = len(report.force.entries)
        with Vertical(classes="dialog-box", id="report-box"):
            yield Label(
                f"Imported from {escape(self.source)} ({report.format})", classes="dialog-title"
            )
            left_out = f", {len(report.unknown)} left out" if report.unknown else ""
            yield Static(
                f"[b]{count}[/b] {'unit' if count == 1 else 'units'} read into “{escape(report.force.name)}”{left_out}.",
                id="report-summary",
            )
            with VerticalScroll(id="report-body"):
                yield Static(self._body(), id="report-details")
                for number, unknown in enumerate(report.unknown):
                    options = [(str(s), s.mul_id) for s in unknown.suggestions]
                    if not options:
                        continue
                    with Horizontal(classes="report-pick"):
                        yield Label(f"Instead of {escape(unknown.name or unknown.where)}:")
                        yield FocusSelect(
                            options, prompt="leave it out", id=f"pick-{number}", compact=True
                        )
            if self._pickable:
                yield Label(
                    "Tab to a box above to add a close match instead (at skill 4).",
                    classes="hint",
                )
            with Horizontal(classes="dialog-buttons"):
                yield Button(
                    "Open in the editor",
                    variant="primary",
                    id="open",
                    disabled=count == 0 and not self._pickable,
                )
                yield Button("Drop it", id="drop")

    @property
    def _pickable(self) -> bool:
        return any(u.suggestions for u in self.report.unknown)

    @property
    def picks(self) -> list[int]:
        """MUL ids of the close matches the player chose to add instead of unknown units."""
        chosen: list[int] = []
        for select in self.query(".report-pick Select").results(Select):
            if isinstance(select.value, int):
                chosen.append(select.value)
        return chosen

    @on(Select.Changed)
    def _picked(self) -> None:
        self.query_one("#open", Button).disabled = not (self.report.force.entries or self.picks)

    def _body(self) -> str:
        report = self.report
        lines: list[str] = []
        if report.unknown:
            lines.append("[b $error]Not in the catalogue — left out:[/]")
            for unknown in report.unknown:
                lines.append(f"• {escape(in_app_words(unknown.describe()))}")
                if unknown.suggestions:
                    closest = "; ".join(escape(s) for s in unknown.suggestions)
                    lines.append(f"    [dim]closest:[/dim] {closest}")
                else:
                    lines.append("    [dim]no close match in the local catalogue[/dim]")
        if report.warnings:
            lines.append("[b $warning]Warnings:[/]")
            lines.extend(f"• {escape(w)}" for w in report.warnings)
        if not lines:
            lines.append("Every unit of the file was found in the catalogue.")
        return "\n".join(lines)

    def on_mount(self) -> None:
        button = self.query_one("#open" if self.report.force.entries else "#drop", Button)
        button.focus()
        if not self.report.force.entries and self._pickable:
            # Nothing came in by itself: start on the first close match to pick.
            self.query(".report-pick Select").first().focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "open")

    def action_choose(self, open_it: bool) -> None:
        self.dismiss(open_it and bool(self.report.force.entries or self.picks))


class ExportDialog(ModalScreen[ExchangeRequest | None]):
    """Asks for the export format and file; shows what the format cannot carry."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #export-warnings {
        height: auto;
        margin-top: 1;
    }
    """

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="export.cancel"),
        Binding("ctrl+b", "browse", "Browse", id="export.browse"),
    ]

    def __init__(self, force: Force, default_path: Callable[[str], Path]) -> None:
        super().__init__(classes="dialog")
        self.force = force
        self.default_path = default_path
        self._suggested = str(default_path("mul"))
        self._confirmed: Path | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="export-box"):
            yield Label(f"Export “{self.force.name}”", classes="dialog-title")
            yield Label("Format")
            yield FocusSelect(
                [(label, fmt) for label, fmt in EXPORT_LABELS],
                value="mul",
                allow_blank=False,
                id="export-format",
            )
            yield Label("File")
            yield FocusInput(value=self._suggested, id="export-path")
            yield Static("", id="export-warnings")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Export", variant="primary", id="ok")
                yield Button("Browse… ^B", id="browse")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self._show_warnings("mul")
        self.query_one("#export-format", Select).focus()

    @property
    def fmt(self) -> str:
        """The chosen format."""
        value = self.query_one("#export-format", Select).value
        return value if isinstance(value, str) else "mul"

    @on(Select.Changed, "#export-format")
    def _format_changed(self) -> None:
        fmt = self.fmt
        path = self.query_one("#export-path", Input)
        # Follow the format with the file ending unless the player typed a name of their own.
        if path.value == self._suggested:
            self._suggested = str(self.default_path(fmt))
            path.value = self._suggested
        self._confirmed = None
        self._show_warnings(fmt)

    def _show_warnings(self, fmt: str) -> None:
        notes = warnings_for(self.force, fmt)
        text = "\n".join(f"[b $warning]![/] {escape(n)}" for n in notes)
        self.query_one("#export-warnings", Static).update(
            text or "[dim]This format carries everything the force holds.[/dim]"
        )

    @on(Button.Pressed, "#browse")
    def action_browse(self) -> None:
        """Pick the folder and file name to export to."""
        browse_into(self.query_one("#export-path", Input), "Export to", "Export to", ())

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        text = self.query_one("#export-path", Input).value.strip()
        if not text:
            self.notify("Give a file name to export to.", severity="warning")
            return
        path = Path(text).expanduser()
        if path.exists() and path != self._confirmed:
            # Replacing a file (perhaps the one the force was imported from) takes a second press.
            self._confirmed = path
            self.query_one("#export-warnings", Static).update(
                f"[b $warning]{escape(str(path))} exists.[/] Press Export again to replace it."
            )
            return
        self.dismiss(ExchangeRequest(path, self.fmt))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


#: Files the import dialog's browser lists.
_IMPORTABLE = (".mul", ".json", ".csv", ".txt")


def browse_into(box: Input, title: str, action: str, suffixes: tuple[str, ...]) -> None:
    """Open the file picker on ``box``'s path; the file picked is written into ``box``."""

    def picked(path: Path | None) -> None:
        if path is not None:
            box.value = str(path)
            box.focus()

    box.app.push_screen(
        PathDialog(title, box.value, action, kind="file", suffixes=suffixes), picked
    )
