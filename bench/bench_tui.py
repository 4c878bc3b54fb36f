"""Benchmark of the terminal app: first screen, keystroke to results, keys lost under load.

Prints figures side by side with their floors, in one run:

- the first frame and the first rows shown, against a bare Textual app's first frame
  (bars ≤ 1.2× and ≤ 1.5×) and against a bare Textual app drawing the same first screen;
- a keystroke to results drawn, against a bare Textual app that echoes the same keys
  (bar ≤ 1.3× at 8.6k units) and one that redraws the same rows per key (``tui_floors``);
- the p90 on a catalogue ten times the MUL (bar ≤ 100 ms);
- keys lost when typing at 60 ms a key while two CPU-bound processes run (bar: none).

Not a test: nothing is asserted.

    .venv/bin/python bench/bench_tui.py [--data ../shared/mul] [--part start|keys|big|lost]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tui_floors
from tui_floors import SAME_SCREEN, SIZE, echo_keys, table_keys, timed_frames

#: Both launched apps time their frames alike: where Textual hands a finished frame to the
#: terminal driver (``App._display``).
_FRAMES = r"""
def timed_frames(app):
    frames = []
    display = app._display
    def timed(screen, renderable):
        if renderable is not None:
            frames.append(time.perf_counter())
        display(screen, renderable)
    app._display = timed
    return frames
"""

_CHILD = r"""
import time
start = time.perf_counter()
import asyncio, sys
from pathlib import Path
from cardsmith.tui import collector
collector.hold()  # as the launcher does (cardsmith.cli.misc_cmds.run_app)
from cardsmith.tui.app import CardsmithApp
imported = time.perf_counter()

from cardsmith.tui.widgets.results import ResultsTable
TIMED_FRAMES
async def main() -> None:
    app = CardsmithApp(cache_dir=Path(sys.argv[1]), recovery=False)
    frames = timed_frames(app)
    shown = []
    show_rows = ResultsTable.show_rows
    def noted(table, rows):
        if rows and not shown:
            shown.append(time.perf_counter())
        show_rows(table, rows)
    ResultsTable.show_rows = noted
    async with app.run_test(size=(140, 45)) as pilot:
        while not shown or not frames or frames[-1] < shown[0]:
            await pilot.pause()
        # Rows are visible in the first frame drawn after the table was given them.
        visible = next(f for f in frames if f >= shown[0])
    print(f"{imported - start:.4f} {frames[0] - start:.4f} {visible - start:.4f}")

asyncio.run(main())
""".replace("TIMED_FRAMES", _FRAMES)


_BARE = r"""
import time
start = time.perf_counter()
import asyncio
from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Input, Static
imported = time.perf_counter()

class Bare(App[None]):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Input()
        yield Static("bare")
        yield Footer()
TIMED_FRAMES
async def main() -> None:
    app = Bare()
    frames = timed_frames(app)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        while not frames:
            await pilot.pause()
    print(f"{imported - start:.4f} {frames[0] - start:.4f} {frames[0] - start:.4f}")

asyncio.run(main())
""".replace("TIMED_FRAMES", _FRAMES)


def fill_cache(data: Path, folder: Path) -> int:
    """Import every record of ``data/units.json`` into a catalogue in ``folder``."""
    from cardsmith.catalogue.dump import read_unit_file
    from cardsmith.catalogue.store import Catalogue

    with Catalogue.open(folder) as catalogue:
        catalogue.add(read_unit_file(data / "units.json"), source="bench")
        return len(catalogue)


def first_screen(folder: Path, runs: int, child: str = _CHILD) -> list[tuple[float, float, float]]:
    """Launch the app in fresh processes; (import, first screen, rows visible) seconds.

    Each child keeps its compiled bytecode (in a folder of the bench's own, written by
    an untimed first launch), as an installed cardsmith and Textual do.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder.parent / "bytecode")
    results = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", child, str(folder)],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        imported, first, visible = (float(x) for x in done.stdout.split())
        # Measured from the child's first line: the interpreter's own start-up is left out.
        results.append((imported, first, visible))
    return results


def interpreter_startup(runs: int) -> float:
    """Median seconds for ``python -c pass`` (what a launch pays before our code runs)."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def keystrokes(
    folder: Path, queries: list[str], kept: list[bool] | None = None
) -> list[float]:
    """Per keystroke: ms from the key to the first frame drawn with its results.

    ``kept``, when given, gets one flag per keystroke: True when the key left the rows on
    screen as they were ("atla" → "atlas"), so the table had no line to draw again.

    Frames are timed where Textual hands a finished screen update to the terminal driver
    (``App._display``), so the figure covers the search worker, the table, layout and
    rendering.  A keystroke counts as answered when the screen shows the results of
    exactly the text typed so far.
    """
    from textual.widgets import Input

    from cardsmith.tui import collector
    from cardsmith.tui.app import CardsmithApp
    from cardsmith.tui.screens.catalogue import CatalogueScreen
    from cardsmith.tui.widgets.results import ResultsTable

    Input._toggle_cursor = lambda _self: None  # type: ignore[method-assign,assignment]  # no blink frames
    collector.hold()  # as the launcher does: the app freezes what start-up built
    app = CardsmithApp(cache_dir=folder, recovery=False)
    timed_frames(app)
    answered: dict[str, float] = {}
    found = CatalogueScreen._found

    same_rows: dict[str, bool] = {}

    def timed_found(screen: CatalogueScreen, wanted: Any, *rest: Any) -> None:
        table = screen.query_one(ResultsTable)
        height = table.scrollable_content_region.height - 1
        before = table.shown[:height]
        found(screen, wanted, *rest)
        answered[wanted[0]] = time.perf_counter()
        after = table.shown[:height]
        same_rows[wanted[0]] = len(before) == len(after) and all(
            old is new for old, new in zip(before, after, strict=True)
        )

    CatalogueScreen._found = timed_found  # type: ignore[method-assign,assignment]
    ui: list[float] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            while app.index is None or app.screen.searching:  # type: ignore[attr-defined]
                await pilot.pause()
            for query in queries:
                await pilot.press("ctrl+u")
                while "" not in answered:
                    await pilot.pause()
                typed = ""
                for char in query:
                    typed += char
                    answered.pop(typed, None)
                    text = typed
                    ui.append(
                        await tui_floors.typed(pilot, lambda text=text: answered.get(text), char)
                    )
                    if kept is not None:
                        kept.append(same_rows[text])
                answered.clear()
    finally:
        CatalogueScreen._found = found  # type: ignore[method-assign]
    return ui


def ten_times(source: Path, folder: Path) -> int:
    """A catalogue of ten copies of every unit (new ids, names ending X1 … X9), in ``folder``."""
    from dataclasses import replace

    from cardsmith.catalogue.dump import read_unit_file, record
    from cardsmith.catalogue.store import Catalogue

    units = [r.unit for r in read_unit_file(source / "units.json")]
    copies = [
        record(replace(u, mul_id=u.mul_id + k * 100_000, name=f"{u.name} X{k}" if k else u.name))
        for k in range(10)
        for u in units
    ]
    with Catalogue.open(folder) as catalogue:
        catalogue.add(copies, source="bench")
        return len(catalogue)


_BUSY = "while True: pass"


async def lost_keys(folder: Path, text: str, pv: tuple[str, str]) -> tuple[int, int]:
    """Type at 60 ms a key, into the search box and the PV fields, with two CPU hogs running.

    Returns (keys typed, keys lost): a key is lost when the fields do not end up holding
    exactly what was typed.  Keys go to the terminal driver on a timer, as a player's do,
    without waiting for the app.
    """
    from textual import events
    from textual.widgets import Input

    from cardsmith.tui.app import CardsmithApp

    def send(app: Any, key: str) -> None:
        event = events.Key({" ": "space"}.get(key, key), key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)

    hogs = [subprocess.Popen([sys.executable, "-c", _BUSY]) for _ in range(2)]
    try:
        app = CardsmithApp(cache_dir=folder, recovery=False)
        async with app.run_test(size=(80, 24)) as pilot:
            while app.index is None:
                await pilot.pause()
            keys = [*text, "ctrl+g"]
            for key in keys:
                send(app, key)
                await asyncio.sleep(0.06)
            while not app.screen.query("#pv-min"):
                await pilot.pause()
            # As a player does: Tab from the first field (type, role, size) to the PV fields.
            pv_keys = ["tab", "tab", "tab", *pv[0], "tab", *pv[1]]
            for key in pv_keys:
                send(app, key)
                await asyncio.sleep(0.06)
            for _ in range(50):
                await pilot.pause()
            low = app.screen.query_one("#pv-min", Input).value
            high = app.screen.query_one("#pv-max", Input).value
            await pilot.press("escape")
            await pilot.pause()
            box = app.screen.query_one("#search", Input).value
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    typed = len(text) + len(pv[0]) + len(pv[1])
    kept = _common(box, text) + _common(low, pv[0]) + _common(high, pv[1])
    return typed, typed - kept


def _common(got: str, wanted: str) -> int:
    return (
        len(wanted)
        if got == wanted
        else sum(1 for a, b in zip(got, wanted, strict=False) if a == b)
    )


def add_data_option(parser: argparse.ArgumentParser) -> None:
    """``--data``: the folder of the real MUL records (``CARDSMITH_TEST_DATA`` by default)."""
    default = Path(
        os.environ.get("CARDSMITH_TEST_DATA")
        or Path(__file__).resolve().parents[2] / "shared" / "mul"
    )
    parser.add_argument("--data", type=Path, default=default, help="folder holding units.json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_option(parser)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--part", choices=("all", "start", "keys", "big", "lost"), default="all", help="one part"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cache"
        if (args.data / "units.json").is_file():
            count = fill_cache(args.data, folder)
        else:
            print(f"no MUL data at {args.data}: using the starter catalogue only")
            from cardsmith.catalogue.store import Catalogue

            with Catalogue.open(folder) as catalogue:
                count = len(catalogue)
        print(f"catalogue: {count:,} units")
        part = args.part
        if part in ("all", "start"):
            startup(folder, args.runs)
        if part in ("all", "keys"):
            typing(folder, count)
        if part in ("all", "big") and (args.data / "units.json").is_file():
            big = Path(tmp) / "big"
            size = ten_times(args.data, big)
            large = asyncio.run(keystrokes(big, QUERIES))
            print(
                f"keystroke → results drawn, {size:,} units: median "
                f"{statistics.median(large):6.1f} ms   p90 {_p90(large):6.1f} ms   "
                "(bar p90 ≤ 100 ms)"
            )
        if part in ("all", "lost"):
            typed, lost = asyncio.run(lost_keys(folder, "griffin grf-1n", ("30", "50")))
            print(
                f"60 ms a key with two CPU-bound processes: {typed} keys typed, {lost} lost (bar 0)"
            )


QUERIES = ["atlas", "mad cat", "griffin grf", "locust", "hunchback", "a", "zzz"]


def startup(folder: Path, runs: int) -> None:
    """Print the app's first frame and first rows against two floors' first frames: a bare
    Textual app, and one that draws the same first screen (``tui_floors.SAME_SCREEN``)."""
    python = interpreter_startup(runs)
    same_screen = SAME_SCREEN.replace("TIMED_FRAMES", _FRAMES)
    launches, bare, same = [], [], []
    for child in (_BARE, same_screen, _CHILD):
        first_screen(folder, 1, child)  # untimed: compiles the bytecode every side keeps
    for _ in range(runs):  # alternate: load on the machine hits every side alike
        bare += first_screen(folder, 1, _BARE)
        same += first_screen(folder, 1, same_screen)
        launches += first_screen(folder, 1)
    print(f"python start-up (python -c pass): {python * 1000:7.1f} ms (median)")
    bare_first = statistics.median(run[1] for run in bare) * 1000
    same_first = statistics.median(run[1] for run in same) * 1000
    print(f"bare Textual app, first frame           median {bare_first:7.1f} ms")
    print(f"bare Textual app, same first screen     median {same_first:7.1f} ms")
    bars = {"first screen": 1.2, "rows visible": 1.5}
    for label, column in (("import app", 0), ("first screen", 1), ("rows visible", 2)):
        values = [run[column] * 1000 for run in launches]
        ratio = (
            f"   → {statistics.median(values) / bare_first:4.2f}× the bare app's first "
            f"frame (bar ≤ {bars[label]}×), {statistics.median(values) / same_first:4.2f}× "
            "the same screen's"
            if label in bars
            else ""
        )
        print(
            f"{label:<16} median {statistics.median(values):7.1f} ms   "
            f"max {max(values):7.1f} ms{ratio}"
        )


def typing(folder: Path, count: int) -> None:
    """Print keystroke → results drawn against both floors, in the same run.

    The keys fall in two kinds, printed apart as well: those that leave the screenful of
    rows as it was, whose frame holds the box and the status line (as the echo app's holds
    its line), and those that change it, whose frame redraws the rows (as the same-rows
    app's does on every key).
    """
    kept: list[bool] = []
    echo = asyncio.run(echo_keys(QUERIES))
    same = asyncio.run(table_keys(folder, QUERIES))
    ui = asyncio.run(keystrokes(folder, QUERIES, kept))
    echo += asyncio.run(echo_keys(QUERIES))  # before and after: noise hits every side
    same += asyncio.run(table_keys(folder, QUERIES))
    ui += asyncio.run(keystrokes(folder, QUERIES, kept))
    median_ui = statistics.median(ui)
    print(
        f"keystroke → results drawn, {count:,} units: median {median_ui:6.1f} ms   "
        f"p90 {_p90(ui):6.1f} ms   ({len(ui)} keystrokes)"
    )
    for label, floor, bar in (
        ("bare Textual echo app", echo, "   (bar ≤ 1.3×)"),
        ("bare Textual app, same rows", same, ""),
    ):
        print(
            f"{label + ' (same keys):':<40} median {statistics.median(floor):6.1f} ms   "
            f"p90 {_p90(floor):6.1f} ms   → ratio {median_ui / statistics.median(floor):4.2f}×{bar}"
        )
    for label, keep, floor_label, floor in (
        ("keys that keep the rows", True, "the echo app", echo),
        ("keys that change the rows", False, "the same-rows app", same),
    ):
        times = [ms for ms, flag in zip(ui, kept, strict=True) if flag is keep]
        if times:
            print(
                f"  {label + f' ({len(times)}):':<38} median {statistics.median(times):6.1f} ms"
                f"   → {statistics.median(times) / statistics.median(floor):4.2f}× {floor_label}"
            )


def _p90(values: list[float]) -> float:
    return sorted(values)[int(len(values) * 0.9)]


if __name__ == "__main__":
    main()
