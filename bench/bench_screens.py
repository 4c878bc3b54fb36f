"""Benchmarks switching screens and opening the filter dialog, against bare Textual apps.

    .venv/bin/python bench/bench_screens.py [--data ../shared/mul] [--rounds 9]

Each figure is the CPU time the app spends on one key (pressed, then every message handled
until the app is idle), median of the rounds, taken alternately with its floor:

- F3 then F2, catalogue → force → catalogue, both screens already built, against a bare
  Textual app switching between two screens with a header, a 40-row table, a status line
  and a footer of fifteen keys each;
- Ctrl+G, the filter dialog opened again (and Escape), against the same bare app opening
  a fresh dialog of the same fields (seven selects, four inputs, a checkbox, three
  buttons in a scrolling box), as Textual apps do.

Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Checkbox, DataTable, Footer, Header, Input, Select, Static

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_tui import add_data_option, fill_cache

SIZE = (120, 40)
#: Fifteen keys for the footer, none of them a key the bench presses.
KEYS = [Binding(key, f"noop('{key}')", f"Key {key}") for key in "1234567890abcde"]


class _Page(Screen[None]):
    BINDINGS: ClassVar = KEYS

    def compose(self) -> ComposeResult:
        yield Header()
        table: DataTable[str] = DataTable()
        table.add_columns("Name", "Type", "Size", "Move", "PV", "Role")
        for n in range(40):
            table.add_row(f"Unit {n}", "BM", "3", '10"', str(n), "Brawler")
        yield table
        yield Static("status")
        yield Footer(compact=True)

    def action_noop(self, _key: str) -> None:
        """A key the footer shows."""


class _Fields(ModalScreen[None]):
    BINDINGS: ClassVar = [Binding("escape", "dismiss", "Cancel")]

    def compose(self) -> ComposeResult:
        options = [(f"Option {n}", str(n)) for n in range(20)]
        with Vertical(), VerticalScroll():
            for n in range(7):
                with Horizontal():
                    yield Select(options, id=f"s{n}", compact=True)
            for n in range(4):
                yield Input(id=f"i{n}", compact=True)
            yield Checkbox("Only units with stats", compact=True)
            with Horizontal():
                for name in ("Apply", "Clear all", "Cancel"):
                    yield Button(name, compact=True)


class _Bare(App[None]):
    BINDINGS: ClassVar = [
        Binding("f3", "go('b')", "B"),
        Binding("f2", "go('a')", "A"),
        Binding("ctrl+g", "fields", "Fields"),
    ]

    def on_mount(self) -> None:
        self.install_screen(_Page(), "a")
        self.install_screen(_Page(), "b")
        self.push_screen("a")

    def action_go(self, name: str) -> None:
        self.switch_screen(name)

    def action_fields(self) -> None:
        self.push_screen(_Fields())


async def _cpu(pilot: Any, *keys: str) -> float:
    """CPU seconds the app spends on ``keys``, until every message is handled."""
    start = time.process_time()
    await pilot.press(*keys)
    await pilot.pause()
    return time.process_time() - start


async def _measure(app: App[Any], rounds: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"switch": [], "dialog": []}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(1.0)
        for key in ("f3", "f2", "ctrl+g", "escape"):  # untimed: builds each screen once
            await _cpu(pilot, key)
        for _ in range(rounds):
            out["switch"].append(await _cpu(pilot, "f3") + await _cpu(pilot, "f2"))
            out["dialog"].append(await _cpu(pilot, "ctrl+g") + await _cpu(pilot, "escape"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_option(parser)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    from textual import _wait

    # Pilot waits for idle in 20 ms sleeps; finer ones keep the waits out of the figures.
    _wait.SLEEP_GRANULARITY = 0.005
    _wait.SLEEP_IDLE = 0.005 / 20
    from cardsmith.tui.app import CardsmithApp

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "cache"
        os.environ["CARDSMITH_CONFIG_DIR"] = str(Path(tmp) / "config")
        if (args.data / "units.json").is_file():
            print(f"catalogue: {fill_cache(args.data, folder):,} units")
        ours: dict[str, list[float]] = {"switch": [], "dialog": []}
        bare: dict[str, list[float]] = {"switch": [], "dialog": []}
        for _ in range(3):  # alternate: load on the machine hits both sides alike
            for side, app in (
                (ours, CardsmithApp(cache_dir=folder, recovery=False)),
                (bare, _Bare()),
            ):
                for name, values in asyncio.run(_measure(app, args.rounds)).items():
                    side[name] += values
    for name, label in (
        ("switch", "F3 then F2 (two screen switches)"),
        ("dialog", "Ctrl+G then Escape (filters again)"),
    ):
        mine, floor = statistics.median(ours[name]) * 1000, statistics.median(bare[name]) * 1000
        print(
            f"{label:36s} cardsmith {mine:6.1f} ms   bare Textual {floor:6.1f} ms"
            f"   → {mine / floor:4.2f}×"
        )


if __name__ == "__main__":
    main()
