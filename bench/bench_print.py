"""Benchmark: printing 96 cards vs a bare reportlab canvas drawing the same primitives.

Run: ``.venv/bin/python bench/bench_print.py`` (add ``--no-accel`` to run without
reportlab's C accelerator, ``rl_accel``, and ``--pdf OUT`` to keep the PDF).  One recording pass counts every canvas
call cardsmith makes (text, rectangles, circles, lines and the state changes between
them); the baseline is a plain script that replays exactly those calls on a fresh
``Canvas`` with the same fonts.  Both are timed in the same run, interleaved, and the
ratio of medians (and of the fastest runs) is printed (issue bar: at most 1.3×; design §10: 100 cards at most 1 s).
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
if "--no-accel" in sys.argv:
    # Judge reportlab's C accelerator (the rl_accel package): without it reportlab runs
    # its pure-Python fallbacks.  Compare the medians of a run with and without.
    sys.modules["_rl_accel"] = None  # type: ignore[assignment]

from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from cardsmith.catalogue.dump import read_unit_file  # noqa: E402
from cardsmith.models import Force, ForceEntry, Pilot  # noqa: E402
from cardsmith.paths import starter_dir  # noqa: E402
from cardsmith.render.content.sheets import SheetOptions  # noqa: E402
from cardsmith.render.pdf.fonts import register_fonts  # noqa: E402
from cardsmith.render.pdf.record_sheets import render_bytes  # noqa: E402

CARDS = 96
ROUNDS = 15

#: Canvas calls that put marks on the page.
DRAWING = (
    "drawString",
    "drawRightString",
    "drawCentredString",
    "rect",
    "circle",
    "line",
)
#: Canvas calls that change state or pages (replayed too, counted apart).
STATE = (
    "setFont",
    "setFillGray",
    "setStrokeGray",
    "setFillColorRGB",
    "setLineWidth",
    "showPage",
    "setPageSize",
    "saveState",
    "restoreState",
    "translate",
    "scale",
    "setTitle",
    "setAuthor",
    "setSubject",
    "setCreator",
    "setProducer",
)

Call = tuple[str, tuple[Any, ...], dict[str, Any]]


def build_force() -> Force:
    units = [r.unit for r in read_unit_file(starter_dir() / "starter.json") if r.unit.has_stats]
    entries = tuple(
        ForceEntry(units[i % len(units)], skill=i % 8, pilot=Pilot(f"Пилот {i}"))
        for i in range(CARDS)
    )
    return Force(name="Benchmark force", entries=entries)


def record(force: Force) -> list[Call]:
    """Every canvas call one print makes, in order."""
    calls: list[Call] = []
    originals: dict[str, Callable[..., Any]] = {}
    for name in DRAWING + STATE:
        original = getattr(Canvas, name)
        originals[name] = original

        def wrapper(self: Canvas, *args: Any, _n: str = name, _o: Any = original, **kw: Any) -> Any:
            calls.append((_n, args, kw))
            return _o(self, *args, **kw)

        setattr(Canvas, name, wrapper)
    try:
        render_bytes([force], SheetOptions(reference=False))
    finally:
        for name, original in originals.items():
            setattr(Canvas, name, original)
    return calls


def bare_reportlab(calls: list[Call], pagesize: tuple[float, float]) -> bytes:
    """The baseline: a fresh canvas replaying the calls, nothing else."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=pagesize, invariant=True, pageCompression=1)
    for name, args, kw in calls:
        getattr(canvas, name)(*args, **kw)
    canvas.save()
    return buffer.getvalue()


def main() -> None:
    register_fonts()
    force = build_force()
    calls = record(force)
    counts = Counter(name for name, _, _ in calls)
    drawing = sum(counts[n] for n in DRAWING)
    pagesize = (612.0, 792.0)  # Letter, as render_bytes' default

    def cardsmith_print() -> None:
        render_bytes([force], SheetOptions(reference=False))

    def baseline() -> None:
        bare_reportlab(calls, pagesize)

    cardsmith_print()
    baseline()  # warm both paths (font subsetting tables, caches)
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(ROUNDS):
        for runner, times in ((cardsmith_print, ours), (baseline, theirs)):
            start = time.perf_counter()
            runner()
            times.append(time.perf_counter() - start)
    mine, bare = statistics.median(ours), statistics.median(theirs)
    print(f"cards: {CARDS}  (Letter, roster pages included, no reference page)")
    print(
        f"drawing primitives: {drawing}  (" + ", ".join(f"{n} {counts[n]}" for n in DRAWING) + ")"
    )
    print(f"state calls replayed: {sum(counts[n] for n in STATE)}")
    print(f"cardsmith print:   median {mine * 1000:8.1f} ms over {ROUNDS} runs")
    print(f"bare reportlab:    median {bare * 1000:8.1f} ms over {ROUNDS} runs")
    print(f"ratio: {mine / bare:.2f}x  (bar: <= 1.3x; 100 cards <= 1 s)")
    # The fastest runs are the least disturbed by other work on a shared machine.
    print(f"ratio of the fastest runs: {min(ours) / min(theirs):.2f}x")
    from reportlab.lib import rl_accel

    accel = getattr(rl_accel, "_c_funcs", None)
    print(f"rl_accel C functions in use: {len(accel) if accel else 0}")
    if "--pdf" in sys.argv:
        out = Path(sys.argv[sys.argv.index("--pdf") + 1])
        out.write_bytes(render_bytes([force], SheetOptions(reference=False)))


if __name__ == "__main__":
    main()
