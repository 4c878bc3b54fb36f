"""Floors for ``bench_tui``'s keystroke figure: bare Textual apps typed into the same way.

Two floors, both timed like the app (key pressed → first frame drawn with its answer):

- the echo app: an Input that echoes into a Static, the issue's floor (one line per key);
- the same-work app: an Input over a bare Line-API table that shows, per key, the first
  rows whose names hold the text: the rows, columns and screen size the catalogue shows,
  with none of its widgets, index or ranking.  What it costs is what Textual costs to
  redraw a screenful of rows, the least any search-as-you-type table can pay.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZE = (140, 45)


def timed_frames(app: Any) -> None:
    """Record when Textual hands each finished frame to the terminal driver."""
    frames: list[float] = []
    display = app._display

    def timed_display(screen: Any, renderable: Any) -> None:
        if renderable is not None:
            frames.append(time.perf_counter())
        display(screen, renderable)

    app._display = timed_display
    app._bench_frames = frames


async def typed(pilot: Any, done: Callable[[], float | None], char: str) -> float:
    """Press ``char``; ms until the first frame drawn after ``done()`` became true."""
    frames: list[float] = pilot.app._bench_frames
    started = time.perf_counter()
    await pilot.press(char if char != " " else "space")
    while (finished := done()) is None:  # wait on the condition, not on time
        await pilot.pause()
    while not any(f >= finished for f in frames):
        await pilot.pause()
    return (next(f for f in frames if f >= finished) - started) * 1000


async def _type_all(app: Any, shown: dict[str, float], queries: list[str]) -> list[float]:
    """Type every query into ``app`` (after Ctrl+U); ms per key until its answer is drawn."""
    timed_frames(app)
    result: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for query in queries:
            await pilot.press("ctrl+u")
            await pilot.pause()
            text = ""
            for char in query:
                text += char
                shown.pop(text, None)

                def answer(wanted: str = text) -> float | None:
                    return shown.get(wanted)

                result.append(await typed(pilot, answer, char))
    return result


async def echo_keys(queries: list[str]) -> list[float]:
    """The keys typed into a bare Textual app whose Input only echoes into a Static."""
    from textual.app import App, ComposeResult
    from textual.widgets import Input, Static

    shown: dict[str, float] = {}

    class Echo(App[None]):
        def compose(self) -> ComposeResult:
            yield Input()
            yield Static(id="echo")

        def on_input_changed(self, event: Input.Changed) -> None:
            self.query_one("#echo", Static).update(event.value)
            shown[event.value] = time.perf_counter()

    return await _type_all(Echo(), shown, queries)


def _rows(store: Path) -> list[tuple[str, str]]:
    """(folded name, table line) for every unit, in name order, read once from the store."""
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
        found = db.execute(
            "SELECT name, type, role, size, pv, specials FROM units ORDER BY name"
        ).fetchall()
    return [
        (
            name.casefold(),
            f" {name:<40} {kind or '':<4} {role or '':<14} {size or 0:>2} {pv or 0:>4} "
            f"{specials or ''}",
        )
        for name, kind, role, size, pv, specials in found
    ]


async def table_keys(folder: Path, queries: list[str], top: int = 1000) -> list[float]:
    """The keys typed into a bare Textual app that does the same work as the catalogue:
    an Input over a Line-API table of the first ``top`` units whose names hold the text."""
    from rich.segment import Segment
    from textual.app import App, ComposeResult
    from textual.geometry import Size
    from textual.scroll_view import ScrollView
    from textual.strip import Strip
    from textual.widgets import Input

    rows = _rows(next(folder.glob("catalogue-v*.sqlite3")))
    shown: dict[str, float] = {}

    class Table(ScrollView):
        def __init__(self) -> None:
            super().__init__()
            self.lines: list[str] = []

        def show(self, lines: list[str]) -> None:
            self.lines = lines
            self.virtual_size = Size(self.size.width, len(lines))
            self.scroll_to(y=0, animate=False, immediate=True)
            self.refresh()

        def render_line(self, y: int) -> Strip:
            index = int(self.scroll_y) + y
            text = self.lines[index] if index < len(self.lines) else ""
            return Strip([Segment(text)]).adjust_cell_length(self.size.width)

    class Rows(App[None]):
        def compose(self) -> ComposeResult:
            yield Input()
            yield Table()

        def on_input_changed(self, event: Input.Changed) -> None:
            text = event.value.casefold()
            found = [line for name, line in rows if text in name][:top]
            self.query_one(Table).show(found)
            shown[event.value] = time.perf_counter()

    return await _type_all(Rows(), shown, queries)


#: The first screen's floor, run as a child like the app: a bare Textual app that draws
#: what the catalogue's first frame shows (header, search box, a line under it, a table of
#: the first 120 units read from the store, a card pane, a status line and the footer),
#: with none of cardsmith's code.  It prints (import, first frame, rows visible) seconds.
SAME_SCREEN = r"""
import time
start = time.perf_counter()
import asyncio, sqlite3, sys
from pathlib import Path
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer, Header, Input, Static
imported = time.perf_counter()

class Table(ScrollView):
    def __init__(self, lines):
        super().__init__()
        self.lines = lines
    def on_mount(self):
        self.virtual_size = Size(self.size.width, len(self.lines))
    def render_line(self, y):
        index = int(self.scroll_y) + y
        text = self.lines[index] if index < len(self.lines) else ""
        return Strip([Segment(text)]).adjust_cell_length(self.size.width)

class Same(App[None]):
    def compose(self) -> ComposeResult:
        store = next(Path(sys.argv[1]).glob("catalogue-v*.sqlite3"))
        with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
            rows = db.execute(
                "SELECT name, type, role, size, pv, specials FROM units "
                "ORDER BY has_stats DESC, name COLLATE NOCASE LIMIT 120"
            ).fetchall()
        lines = [f" {n:<40} {t or '':<4} {r or '':<14} {s or 0:>2} {p or 0:>4} {x or ''}"
                 for n, t, r, s, p, x in rows]
        yield Header()
        with Horizontal(id="row"):
            yield Input(placeholder="Search")
            yield Static("● online")
        yield Static("No filters")
        with Horizontal():
            yield Table(lines)
            with VerticalScroll():
                yield Static("Highlight a unit to see its card.")
        yield Static("8,605 units", id="status")
        yield Footer()
TIMED_FRAMES
async def main() -> None:
    app = Same()
    frames = timed_frames(app)
    async with app.run_test(size=(140, 45)) as pilot:
        while not frames:
            await pilot.pause()
    print(f"{imported - start:.4f} {frames[0] - start:.4f} {frames[0] - start:.4f}")

asyncio.run(main())
"""
