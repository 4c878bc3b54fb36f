"""Import and export from the app's File menu: the report of unknown units, CSV read back."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from kit import paste
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Select

from cardsmith.catalogue.store import Catalogue
from cardsmith.formats.exchange import import_file
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.screens.exchange import ExportDialog, ImportDialog, ImportReportScreen
from cardsmith.tui.screens.file_menu import FileMenu
from cardsmith.tui.screens.force import ForceScreen

from .conftest import SIZE, file_error, ready

MUL = """<?xml version="1.0" encoding="UTF-8"?>
<unit version="0.49.19">
  <entity chassis="Atlas" model="AS7-D" type="Biped">
    <pilot name="Ada Kell" gunnery="3" piloting="4"/>
  </entity>
  <entity chassis="Locust" model="LCT-1V" type="Biped">
    <pilot name="Bo" gunnery="4" piloting="5"/>
  </entity>
  <entity chassis="Atlass" model="AS7-Q" type="Biped">
    <pilot name="Cy" gunnery="4" piloting="5"/>
  </entity>
</unit>
"""


def _notes(messages: list[Message]) -> list[str]:
    return [m.notification.message for m in messages if isinstance(m, Notify)]


async def until(pilot: object, done: Callable[[], bool]) -> None:
    """Let the app run until ``done()`` (a worker that is waiting on a dialog never completes,
    so ``workers.wait_for_complete`` cannot be used while one is open)."""
    for _ in range(500):
        if done():
            return
        await pilot.pause(0.01)  # type: ignore[attr-defined]
    raise AssertionError("the app never got there")


async def _type(pilot: Pilot[None], text: str) -> None:
    await paste(pilot, text)


async def test_import_a_mul_with_an_unknown_unit(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    source = tmp_path / "lance.mul"
    source.write_text(MUL, encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f10")  # the File menu …
        await pilot.pause()
        assert isinstance(app.screen, FileMenu)
        await pilot.press("i")  # … Import
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        await _type(pilot, str(source))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ImportReportScreen))
        screen = app.screen
        assert isinstance(screen, ImportReportScreen)
        report = screen.report
        assert report.format == "mul"
        (unknown,) = report.unknown
        assert unknown.name.startswith("Atlass")
        assert "Atlas AS7-D (MUL 140)" in unknown.suggestions
        shown = str(app.screen.query_one("#report-details").render())
        assert "Atlass AS7-Q" in shown and "closest:" in shown and "Atlas AS7-D" in shown
        assert "F5 on the catalogue fetches it" in shown and "cardsmith fetch" not in shown
        await pilot.press("enter")  # Open in the editor
        await until(pilot, lambda: isinstance(app.screen, ForceScreen))
        assert isinstance(app.screen, ForceScreen)
        force = app.document.force
        assert [(e.name, e.skill, e.pilot.name) for e in force.entries] == [
            ("Atlas AS7-D", 3, "Ada Kell"),
            ("Locust LCT-1V", 4, "Bo"),
        ]
        assert app.document.dirty and app.document.path is None  # Ctrl+S asks where


async def test_a_broken_file_is_explained_in_a_panel(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    source = tmp_path / "bomb.mul"
    source.write_text(
        '<?xml version="1.0"?><!DOCTYPE u [<!ENTITY a "aaaa">]><unit>&a;</unit>', encoding="utf-8"
    )
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        await _type(pilot, str(source))
        await pilot.press("enter")
        await until(pilot, lambda: bool(file_error(app)))
        assert app.document.force.entries == ()
        text = file_error(app)
        assert "bomb.mul" in text or "entit" in text.lower()


async def test_export_to_csv_and_read_it_back(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    source = tmp_path / "lance.mul"
    source.write_text(MUL, encoding="utf-8")
    target = tmp_path / "out" / "lance.csv"
    target.parent.mkdir()
    messages: list[Message] = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        await _type(pilot, str(source))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ImportReportScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ForceScreen))
        exported = app.document.force
        await pilot.press("ctrl+t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        # The TTS format cannot carry pilot names: the dialog says so before writing.
        dialog.query_one("#export-format").value = "tts"  # type: ignore[attr-defined]
        await pilot.pause()
        assert "pilot names" in str(dialog.query_one("#export-warnings").render())
        dialog.query_one("#export-format").value = "csv"  # type: ignore[attr-defined]
        await pilot.pause()
        dialog.query_one("#export-path").focus()
        await _type(pilot, str(target))
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not isinstance(app.screen, ExportDialog)
        assert any(str(target) in n for n in _notes(messages))
    assert target.read_bytes().startswith(b"\xef\xbb\xbf")  # UTF-8 mark for spreadsheets
    with Catalogue.open(None) as catalogue:
        back = import_file(target, catalogue)
    assert back.format == "csv" and back.complete
    assert [(e.unit.mul_id, e.skill, e.pilot.name) for e in back.force.entries] == [
        (e.unit.mul_id, e.skill, e.pilot.name) for e in exported.entries
    ]


async def test_export_asks_before_replacing_a_file(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    from cardsmith.forces.editing import add_entry, new_force
    from cardsmith.forces.force_file import save_force

    force_file = tmp_path / "duo.json"
    existing = tmp_path / "duo.mul"
    existing.write_text("keep me", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        unit = app.units.get(140)
        assert unit is not None
        save_force(add_entry(new_force("Duo"), unit), force_file)
        app.open_force(force_file)
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ExportDialog)
        assert dialog.query_one("#export-path").value == str(existing)  # type: ignore[attr-defined]
        dialog.query_one("#export-path").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog  # asked first
        assert "exists" in str(dialog.query_one("#export-warnings").render())
        assert existing.read_text(encoding="utf-8") == "keep me"
        await pilot.press("enter")  # yes, replace it
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert existing.read_text(encoding="utf-8").lstrip().startswith("<?xml")


async def test_a_close_match_picked_in_the_report_is_added(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    source = tmp_path / "lance.mul"
    source.write_text(MUL, encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        await _type(pilot, str(source))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ImportReportScreen))
        report_screen = app.screen
        assert isinstance(report_screen, ImportReportScreen)
        (unknown,) = report_screen.report.unknown
        first = unknown.suggestions[0]
        # From the Open button back to the "instead of" box; pick its first close match.
        await pilot.press("shift+tab")
        picker = report_screen.query_one("#pick-0", Select)
        assert picker.has_focus and picker.value is Select.NULL
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert report_screen.picks == [first.mul_id]
        await pilot.press("tab", "enter")  # Open in the editor
        await until(pilot, lambda: isinstance(app.screen, ForceScreen))
        names = [e.name for e in app.document.force.entries]
        assert names[:2] == ["Atlas AS7-D", "Locust LCT-1V"]
        assert len(names) == 3 and first.startswith(names[2])
        assert app.document.force.entries[2].skill == 4


async def test_importing_a_cardsmith_force_file_says_how_to_open_it_here(
    make_app: Callable[..., CardsmithApp], tmp_path: Path
) -> None:
    source = tmp_path / "lance.json"
    source.write_text('{"format": "cardsmith-force", "version": 1}', encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("f10", "i")
        await pilot.pause()
        assert isinstance(app.screen, ImportDialog)
        await _type(pilot, str(source))
        await pilot.press("enter")
        await until(pilot, lambda: bool(file_error(app)))
        said = file_error(app)
        assert "already a cardsmith force file; open it with Ctrl+O" in said, said
        assert "cardsmith force show" not in said
