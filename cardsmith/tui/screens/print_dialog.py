"""Provides ``PrintDialog``: where to write the PDF and what it holds, for record sheets and rosters.

The paper defaults to the locale's (A4 outside the US and Canada); the record-sheet
dialog also asks for cards per page, the order, group breaks, roster only, blank skill,
enlarged cards and the extra card kinds.  What it returns is the services layer's own
``SheetOptions``, so the app prints with exactly what the CLI's flags build.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select

from cardsmith.render.content.sheets import PAPERS, SORTS, SheetOptions
from cardsmith.tui.widgets.forwarding import FocusInput, FocusSelect
from cardsmith.tui.widgets.ticks import TickBox

#: Most cards of the standard size on one page (2 × 4 on Letter and A4).
MAX_PER_PAGE = 8
#: The cards-per-page choice "as many as fit" (8, or 4 enlarged).
FIT = 0
#: (checkbox id, label): the record-sheet switches, three to a row.
SWITCHES = (
    ("mono", "Ink-saving (mono)"),
    ("reference", "Reference page"),
    ("group_breaks", "Page per group"),
    ("roster_only", "Roster only"),
    ("blank_skill", "Blank skill"),
    ("enlarged", "Enlarged (4/page)"),
    ("pilot", "Pilot cards"),
    ("spa", "SPA cards"),
    ("token", "Tokens"),
)
_ON_BY_DEFAULT = frozenset({"reference", "group_breaks"})


@dataclass(frozen=True, slots=True)
class PrintRequest:
    """What the print dialog asked for: the PDF's path and the print's options."""

    path: Path
    options: SheetOptions

    @property
    def paper(self) -> str:
        """The paper chosen (``letter`` or ``a4``)."""
        return self.options.paper


class PrintDialog(ModalScreen[PrintRequest | None]):
    """Asks where to write the PDF and how (paper; for record sheets every print option)."""

    DEFAULT_CSS = """
    PrintDialog #print-switches {
        grid-size: 3;
        grid-gutter: 0 1;
        height: auto;
    }
    PrintDialog #print-switches Checkbox {
        border: none;
        padding: 0;
        height: 1;
        width: 1fr;
    }
    PrintDialog .dialog-row Select {
        width: 1fr;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="print.cancel")]

    def __init__(
        self,
        default_path: Path,
        *,
        title: str = "Print record sheets",
        sheet_options: bool = True,
        paper: str | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        from cardsmith.services.printing import default_paper

        self.default_path = default_path
        self.title_text = title
        self.sheet_options = sheet_options
        """Offer every record-sheet option (off for the campaign roster: path and paper)."""
        self.paper = paper or default_paper()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield FocusInput(value=str(self.default_path), id="pdf-path")
            with Horizontal(classes="dialog-row"):
                yield FocusSelect(
                    [(name.title() if name != "a4" else "A4", name) for name in PAPERS],
                    value=self.paper,
                    allow_blank=False,
                    id="paper",
                )
                if self.sheet_options:
                    yield FocusSelect(
                        [
                            ("As many as fit", FIT),
                            *((f"{n} per page", n) for n in range(MAX_PER_PAGE, 0, -1)),
                        ],
                        value=FIT,
                        allow_blank=False,
                        id="per-page",
                    )
                    yield FocusSelect(
                        [(f"Sort: {name}", name) for name in SORTS],
                        value=SORTS[0],
                        allow_blank=False,
                        id="sort",
                    )
            if self.sheet_options:
                with Grid(id="print-switches"):
                    for switch, label in SWITCHES:
                        yield TickBox(label, value=switch in _ON_BY_DEFAULT, id=switch)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Print", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def options(self) -> SheetOptions:
        """The options as the dialog shows them now."""
        paper = self.query_one("#paper", Select).value
        paper_name = paper if isinstance(paper, str) else PAPERS[0]
        if not self.sheet_options:
            return SheetOptions(paper=paper_name)

        def ticked(switch: str) -> bool:
            return self.query_one(f"#{switch}", Checkbox).value

        per_page = self.query_one("#per-page", Select).value
        sort = self.query_one("#sort", Select).value
        return SheetOptions(
            paper=paper_name,
            mono=ticked("mono"),
            reference=ticked("reference"),
            cards_per_page=per_page if isinstance(per_page, int) and per_page != FIT else None,
            sort=sort if isinstance(sort, str) else SORTS[0],
            group_breaks=ticked("group_breaks"),
            roster_only=ticked("roster_only"),
            blank_skill=ticked("blank_skill"),
            enlarged=ticked("enlarged"),
            extras=tuple(kind for kind in ("pilot", "spa", "token") if ticked(kind)),
        )

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        text = self.query_one("#pdf-path", Input).value.strip()
        if not text:
            self.notify("Give a file name for the PDF.", severity="warning")
            return
        self.dismiss(PrintRequest(Path(text).expanduser(), self.options()))

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
