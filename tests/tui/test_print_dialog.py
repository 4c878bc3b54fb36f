"""The print dialog: paper from the locale, every record-sheet option, and what F6 then prints."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit import paste
from pypdf import PdfReader
from textual.app import App, ComposeResult
from textual.widgets import Checkbox, Label, Select

from cardsmith.render.content.sheets import SheetOptions
from cardsmith.services.printing import default_paper
from cardsmith.tui.screens.print_dialog import SWITCHES, PrintDialog, PrintRequest


@pytest.mark.parametrize(
    ("locale", "paper"),
    [
        ("en_US.UTF-8", "letter"),
        ("fr_CA.UTF-8", "letter"),
        ("en_GB.UTF-8", "a4"),
        ("de_DE", "a4"),
        ("C.UTF-8", "a4"),
        ("", "a4"),
    ],
)
def test_paper_follows_the_locale(locale: str, paper: str) -> None:
    assert default_paper(locale) == paper


def test_paper_reads_lc_paper_before_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("LC_PAPER", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    assert default_paper() == "a4"


class _Host(App[None]):
    """A bare app that opens the dialog and keeps what it returned."""

    def __init__(self, dialog: PrintDialog) -> None:
        super().__init__()
        self.dialog = dialog
        self.result: PrintRequest | None = None

    def compose(self) -> ComposeResult:
        yield Label("host")

    def on_mount(self) -> None:
        self.push_screen(self.dialog, callback=self._done)

    def _done(self, result: PrintRequest | None) -> None:
        self.result = result


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_switch_is_visible_and_reaches_the_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, size: tuple[int, int]
) -> None:
    monkeypatch.setenv("LC_PAPER", "de_DE.UTF-8")
    host = _Host(PrintDialog(tmp_path / "out.pdf"))
    async with host.run_test(size=size) as pilot:
        await pilot.pause()
        dialog = host.screen
        assert isinstance(dialog, PrintDialog)
        assert dialog.query_one("#paper", Select).value == "a4"
        for switch, _label in SWITCHES:
            box = dialog.query_one(f"#{switch}", Checkbox)
            region = box.region
            assert region.width > 0 and region.bottom <= size[1], switch  # on screen
        for switch in ("mono", "blank_skill", "pilot", "token"):
            dialog.query_one(f"#{switch}", Checkbox).value = True
        dialog.query_one("#group_breaks", Checkbox).value = False
        dialog.query_one("#per-page", Select).value = 3
        dialog.query_one("#sort", Select).value = "pv"
        await pilot.click("#ok")
        await pilot.pause()
    assert host.result is not None
    assert host.result.path == tmp_path / "out.pdf"
    assert host.result.options == SheetOptions(
        paper="a4",
        mono=True,
        reference=True,
        cards_per_page=3,
        sort="pv",
        group_breaks=False,
        roster_only=False,
        blank_skill=True,
        enlarged=False,
        extras=("pilot", "token"),
    )


async def test_the_roster_dialog_asks_for_path_and_paper_only(tmp_path: Path) -> None:
    host = _Host(PrintDialog(tmp_path / "roster.pdf", sheet_options=False, paper="letter"))
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not host.screen.query(Checkbox)
        await pilot.click("#ok")
        await pilot.pause()
    assert host.result is not None and host.result.options == SheetOptions(paper="letter")


async def test_f6_prints_what_the_dialog_asked_for(tmp_path: Path) -> None:
    from cardsmith.catalogue.dump import read_unit_file
    from cardsmith.forces.force_file import save_force
    from cardsmith.models import Force, ForceEntry
    from cardsmith.paths import starter_dir
    from cardsmith.tui.app import CardsmithApp

    units = {r.unit.mul_id: r.unit for r in read_unit_file(starter_dir() / "starter.json")}
    source = tmp_path / "lance.json"
    save_force(
        Force(name="Lance", entries=tuple(ForceEntry(units[i]) for i in (140, 1295))), source
    )
    out = tmp_path / "roster.pdf"
    app = CardsmithApp(force_path=source, recovery=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.press("f3", "f6")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PrintDialog)
        dialog.query_one("#roster_only", Checkbox).value = True
        dialog.query_one("#reference", Checkbox).value = False
        await paste(pilot, str(out))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
    pages = PdfReader(out).pages
    assert len(pages) == 1 and "Lance" in pages[0].extract_text()
