"""Benchmark of the terminal app: time to the first screen and keystroke-to-results latency.

Prints figures (design §10 bars: first screen ≤ 1 s after launch; a keystroke in search
shows results ≤ 50 ms on the full 8,605-unit catalogue).  Not a test: nothing is asserted.

    .venv/bin/python bench/bench_tui.py [--data ../shared/mul]
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

_CHILD = r"""
import time
start = time.perf_counter()
import asyncio, sys
from pathlib import Path
from cardsmith.tui.app import CardsmithApp
imported = time.perf_counter()

async def main() -> None:
    app = CardsmithApp(cache_dir=Path(sys.argv[1]), recovery=False)
    frames = []
    display = app._display
    def timed(screen, renderable):
        if renderable is not None:
            frames.append(time.perf_counter())
        display(screen, renderable)
    app._display = timed
    async with app.run_test(size=(140, 45)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        loaded = frames[-1]
    print(f"{imported - start:.4f} {frames[0] - start:.4f} {loaded - start:.4f}")

asyncio.run(main())
"""


def fill_cache(data: Path, folder: Path) -> int:
    """Import every record of ``data/units.json`` into a catalogue in ``folder``."""
    from cardsmith.catalogue.dump import read_unit_file
    from cardsmith.catalogue.store import Catalogue

    with Catalogue.open(folder) as catalogue:
        catalogue.add(read_unit_file(data / "units.json"), source="bench")
        return len(catalogue)


def first_screen(folder: Path, runs: int) -> list[tuple[float, float, float]]:
    """Launch the app in fresh processes; (import, first screen, catalogue loaded) seconds."""
    results = []
    for _ in range(runs):
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(folder)],
            capture_output=True,
            text=True,
            check=True,
        )
        interpreter = time.perf_counter() - started
        imported, first, loaded = (float(x) for x in done.stdout.split())
        # The child measures from its first line; add the interpreter's own start-up.
        results.append((imported, first, loaded))
        _ = interpreter
    return results


def interpreter_startup(runs: int) -> float:
    """Median seconds for ``python -c pass`` (what a launch pays before our code runs)."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


async def keystrokes(folder: Path, queries: list[str]) -> tuple[list[float], list[float]]:
    """Per keystroke: ms from the key to the first frame drawn after the results changed,
    and ms of the bare index search for the same text.

    Frames are timed where Textual hands a finished screen update to the terminal driver
    (``App._display``), so the figure covers search, table, layout and rendering.
    """
    from textual.widgets import Input

    from cardsmith.tui.app import CardsmithApp
    from cardsmith.tui.screens.catalogue import CatalogueScreen

    Input._toggle_cursor = lambda _self: None  # type: ignore[method-assign]  # no blink frames
    app = CardsmithApp(cache_dir=folder, recovery=False)
    frames: list[float] = []
    searched: list[float] = []
    display = app._display

    def timed_display(screen: Any, renderable: Any) -> None:
        if renderable is not None:
            frames.append(time.perf_counter())
        display(screen, renderable)

    run_search = CatalogueScreen.run_search

    def timed_search(screen: CatalogueScreen) -> None:
        run_search(screen)
        searched.append(time.perf_counter())

    app._display = timed_display  # type: ignore[method-assign]
    CatalogueScreen.run_search = timed_search  # type: ignore[method-assign]
    ui: list[float] = []
    bare: list[float] = []
    try:
        async with app.run_test(size=(140, 45)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            for query in queries:
                await pilot.press("ctrl+u")
                await pilot.pause()
                typed = ""
                for char in query:
                    typed += char
                    frames.clear()
                    searched.clear()
                    started = time.perf_counter()
                    await pilot.press(char if char != " " else "space")
                    await pilot.pause()
                    done = searched[-1]
                    drawn = next(f for f in frames if f >= done)
                    ui.append((drawn - started) * 1000)
                    started = time.perf_counter()
                    app.index.search(typed, None, limit=0)
                    bare.append((time.perf_counter() - started) * 1000)
    finally:
        CatalogueScreen.run_search = run_search  # type: ignore[method-assign]
    return ui, bare


async def baseline(queries: list[str]) -> list[float]:
    """The same measure for a bare Textual app whose Input only echoes into a Static.

    This is the floor Textual itself sets (frame pacing, layout of a one-line update) on
    this machine, in the same run.
    """
    from textual.app import App, ComposeResult
    from textual.widgets import Input, Static

    class Echo(App[None]):
        def compose(self) -> ComposeResult:
            yield Input()
            yield Static(id="echo")

        def on_input_changed(self, event: Input.Changed) -> None:
            self.query_one("#echo", Static).update(event.value)

    app = Echo()
    frames: list[float] = []
    display = app._display

    def timed_display(screen: Any, renderable: Any) -> None:
        if renderable is not None:
            frames.append(time.perf_counter())
        display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    result: list[float] = []
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        for query in queries:
            await pilot.press("ctrl+u")
            await pilot.pause()
            for char in query:
                frames.clear()
                started = time.perf_counter()
                await pilot.press(char if char != " " else "space")
                await pilot.pause()
                result.append((frames[-1] - started) * 1000)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(
        os.environ.get("CARDSMITH_TEST_DATA")
        or Path(__file__).resolve().parents[2] / "shared" / "mul"
    )
    parser.add_argument("--data", type=Path, default=default, help="folder holding units.json")
    parser.add_argument("--runs", type=int, default=5)
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
        python = interpreter_startup(args.runs)
        launches = first_screen(folder, args.runs)
        print(f"python start-up (python -c pass): {python * 1000:7.1f} ms (median)")
        for label, column in (("import app", 0), ("first screen", 1), ("results shown", 2)):
            values = [run[column] * 1000 for run in launches]
            print(
                f"{label:<16} median {statistics.median(values):7.1f} ms   "
                f"max {max(values):7.1f} ms   (+ python start-up = "
                f"{statistics.median(values) + python * 1000:7.1f} ms)"
            )
        queries = ["atlas", "mad cat", "griffin grf", "locust", "hunchback", "a", "zzz"]
        ui, bare = asyncio.run(keystrokes(folder, queries))
        print(
            f"keystroke → results drawn: median {statistics.median(ui):6.1f} ms   "
            f"p90 {sorted(ui)[int(len(ui) * 0.9)]:6.1f} ms   max {max(ui):6.1f} ms   "
            f"({len(ui)} keystrokes)"
        )
        floor = asyncio.run(baseline(queries))
        print(
            f"bare Textual echo app (same keys): median {statistics.median(floor):6.1f} ms   "
            f"→ ratio {statistics.median(ui) / statistics.median(floor):4.2f}×"
        )
        print(
            f"bare index search (same queries): median {statistics.median(bare):6.1f} ms   "
            f"max {max(bare):6.1f} ms"
        )
        print("bars (design §10): first screen ≤ 1000 ms after launch; keystroke → results ≤ 50 ms")


if __name__ == "__main__":
    main()
