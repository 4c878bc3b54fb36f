"""Provides ``ReferenceScreen``: special abilities, critical hits, heat and to-hit tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Static, TabbedContent, TabPane

from cardsmith import services
from cardsmith.errors import CardsmithError
from cardsmith.tui.widgets.forwarding import FocusInput
from cardsmith.tui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from cardsmith.tui.app import CardsmithApp


class ReferenceScreen(Screen[None]):
    """Rules at a glance while building: the glossary and the tables of the reference page."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #special-filter {
        margin: 0;
    }
    #specials-legend {
        padding: 0 1;
    }
    """

    BINDINGS = [
        Binding(
            "slash", "find", "Find special", tooltip="Filter the special abilities", id="ref.find"
        ),
    ]

    def __init__(self) -> None:
        super().__init__(id="reference")
        self.rows: list[services.GlossaryRow] = []
        self._codes_added = False

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(id="ref-tabs"):
            with TabPane("Special abilities", id="tab-specials"):
                yield FocusInput(
                    placeholder="Filter by code or words (IF, ECM, jump …)", id="special-filter"
                )
                yield Static(
                    "Codes marked • are on the reference list; the others were found in the "
                    "catalogue.",
                    id="specials-legend",
                    classes="hint",
                )
                yield DataTable(id="specials", cursor_type="row", zebra_stripes=True)
            try:
                tables = services.reference_tables()
                problem = ""
            except CardsmithError as exc:
                tables, problem = [], exc.message
            tabs: dict[str, list[services.ReferenceTable]] = {}
            for table in tables:
                tabs.setdefault(table.tab or table.title, []).append(table)
            for number, (tab, grouped) in enumerate(tabs.items()):
                with TabPane(tab, id=f"tab-{number}"), VerticalScroll():
                    for table in grouped:
                        yield Static(Text(table.title, style="bold"), classes="ref-title")
                        grid: DataTable[str] = DataTable(cursor_type="row", zebra_stripes=True)
                        for column in table.columns:
                            grid.add_column(column)
                        grid.add_rows(table.rows)
                        yield grid
                        if table.note:
                            yield Static(Text(table.note, style="italic"), classes="hint")
            if problem:
                with TabPane("Tables", id="tab-problem"):
                    yield Static(f"The reference tables could not be read: {problem}")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Reference"
        table = self.query_one("#specials", DataTable)
        table.add_column("Code", width=8)
        table.add_column("Name", width=28)
        table.add_column("Meaning", width=80)
        self.rows = sorted(services.glossary().values(), key=lambda r: r.code)
        self._fill("")

    def on_screen_resume(self) -> None:
        self._add_catalogue_codes()

    def _add_catalogue_codes(self) -> None:
        """Add the codes found in the catalogue that the glossary does not explain."""
        index = self.cs_app.index
        if index is None or self._codes_added:
            return
        self._codes_added = True
        known = {row.code for row in self.rows}
        found: set[str] = set()
        for unit_row in index.rows:
            found.update(code for code in unit_row.specials.split(",") if code)
        extra: list[services.GlossaryRow] = []
        for code in sorted(found - known):
            if not code[:1].isalpha():
                continue  # fragments of odd MUL texts ("0*", "/-SPC") are not abilities
            info = services.special_info(code)
            if info is not None:  # ARTAIS and friends share the ART entry
                extra.append(services.GlossaryRow(code, info.name, info.summary, False))
            else:
                extra.append(services.GlossaryRow(code, "—", "not in the glossary yet", False))
        if extra:
            self.rows = sorted([*self.rows, *extra], key=lambda r: r.code)
            self._fill(self.query_one("#special-filter", Input).value)

    def _fill(self, text: str) -> None:
        needle = text.casefold().strip()
        table = self.query_one("#specials", DataTable)
        table.clear()
        for row in self.rows:
            if needle and needle not in f"{row.code} {row.name} {row.summary}".casefold():
                continue
            code = Text(row.code, style="bold")
            if row.seed:
                code.append(" •", style="cyan")
            table.add_row(code, row.name, Text(row.summary, overflow="fold"), height=None)

    @on(Input.Changed, "#special-filter")
    def _filter(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def action_find(self) -> None:
        self.query_one(TabbedContent).active = "tab-specials"
        self.query_one("#special-filter", Input).focus()

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]
