"""Benchmarks catalogue search and opening against plain-Python baselines, side by side.

Usage: ``python bench/bench_catalogue.py [path/to/units.json]`` (default ../shared/mul/units.json).
Prints medians and ratios; the design's bars (design.md §10) are shown next to each.
Each pair is timed alternately in the same run, so machine noise hits both sides.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardsmith.catalogue.dump import read_unit_file  # noqa: E402
from cardsmith.catalogue.search import normalise  # noqa: E402
from cardsmith.catalogue.store import Catalogue  # noqa: E402

#: What players type: chassis names, partial names, model codes, several words, typos.
QUERIES = [
    "atlas",
    "timber wolf",
    "griffin",
    "hunchback",
    "locust",
    "mad cat",
    "warhammer",
    "marauder",
    "shadow hawk",
    "catapult",
    "elemental",
    "demolisher",
    "manticore",
    "ferret",
    "lightning",
    "shilone",
    "sparky",
    "AS7-D",
    "HBK-4G",
    "daishi",
    "kit fox",
    "nova",
    "puma",
    "vulture",
    "thor",
    "loki",
    "ryoken",
    "archer",
    "rifleman",
    "jenner",
    "phoenix hawk",
    "wolverine",
    "commando",
    "urbanmech",
    "battle armor",
    "foot platoon",
    "atlsa",
    "hunchbak",
    "timberwolf",
    "marauderr",
]


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def bench_search(catalogue: Catalogue, rounds: int = 30) -> None:
    index = catalogue.index()
    names = [row.name for row in index.rows]
    ours: list[float] = []
    plain: list[float] = []
    for _ in range(rounds):
        for query in QUERIES:
            start = time.perf_counter()
            index.search(query, limit=25)
            ours.append(time.perf_counter() - start)
            start = time.perf_counter()
            lowered = query.lower()
            [name for name in names if lowered in name.lower()]
            plain.append(time.perf_counter() - start)
    # A query takes the typo path when no name holds all its words (rapidfuzz then scores).
    typo = [
        q
        for q in QUERIES
        if not any(all(normalise(w) in row.norm for w in q.split()) for row in index.rows)
    ]
    print(f"search: {len(names):,} units, {len(QUERIES)} queries × {rounds} rounds")
    print(
        f"  cardsmith search     median {_median_ms(ours):6.3f} ms  p95 {statistics.quantiles(ours, n=20)[18] * 1000:6.3f} ms  (bar: median ≤ 5 ms)"
    )
    print(f"  plain substring scan median {_median_ms(plain):6.3f} ms")
    print(
        f"  ratio of medians     {statistics.median(ours) / statistics.median(plain):6.2f}×  (bar: ≤ 2×)"
    )
    print(f"  (queries that took the typo path: {', '.join(typo)})")


def bench_open(cache: Path, dump: Path, rounds: int = 15) -> None:
    ours: list[float] = []
    plain: list[float] = []
    for _ in range(rounds):
        start = time.perf_counter()
        with Catalogue.open(cache) as catalogue:
            catalogue.index()
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        with dump.open(encoding="utf-8") as handle:
            json.load(handle)
        plain.append(time.perf_counter() - start)
    print("open: a new Catalogue with its search index vs json.load of the dump")
    print(f"  Catalogue.open+index median {_median_ms(ours):7.2f} ms")
    print(f"  json.load of the dump  median {_median_ms(plain):7.2f} ms")
    print(
        f"  ratio                       {statistics.median(ours) / statistics.median(plain):5.2f}×  (bar: ≤ 1.5×)"
    )


def bench_process(cache: Path, dump: Path, rounds: int = 10) -> None:
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(cache)}
    ours_cmd = [sys.executable, "-m", "cardsmith", "search", "atlas"]
    plain_cmd = [
        sys.executable,
        "-c",
        "import json,sys\n"
        "d = json.load(open(sys.argv[1], encoding='utf-8'))\n"
        "hits = [u for u in d['Units'] if 'atlas' in u['Name'].lower()]\n"
        "print(len(hits))\n",
        str(dump),
    ]
    ours: list[float] = []
    plain: list[float] = []
    for _ in range(rounds):
        for command, samples in ((ours_cmd, ours), (plain_cmd, plain)):
            start = time.perf_counter()
            subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True)
            samples.append(time.perf_counter() - start)
    print("process: `cardsmith search atlas` vs `python -c` json.load + scan of the dump")
    print(f"  cardsmith search process median {_median_ms(ours):7.1f} ms")
    print(f"  bare python json.load + scan    {_median_ms(plain):7.1f} ms")
    print(
        f"  ratio                           {statistics.median(ours) / statistics.median(plain):5.2f}×  (bar: ≤ 1.5×)"
    )


def main() -> int:
    dump = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "mul" / "units.json"
    if not dump.is_file():
        print(f"no MUL dump at {dump}; pass its path", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder)
        with Catalogue.open(cache) as catalogue:
            catalogue.add(read_unit_file(dump), source="bench")
            bench_search(catalogue)
        bench_open(cache, dump)
        bench_process(cache, dump)
    return 0


if __name__ == "__main__":
    sys.exit(main())
