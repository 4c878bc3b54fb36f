"""Benchmarks ``cardsmith --help`` against a bare click group doing the same, side by side.

Usage: ``python bench/bench_help.py [--rounds N]``.

The floor is a Python process that imports click, declares a group with the same global
options and the same commands (each with its one-line help, no body), and prints
``--help``.  Both are whole-process wall times, taken in alternation so load on the
machine hits both alike; the median of each and their ratio are printed.
Goal (issue 20 §5): ``cardsmith --help`` within 1.5× the bare group.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardsmith.cli import SHORT_HELP  # noqa: E402

FLOOR = """
import click

@click.group()
@click.version_option("0", prog_name="cardsmith")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Folder of the catalogue.")
@click.option("--offline", is_flag=True, help="Never touch the network.")
def cli(cache_dir, offline):
    "Alpha Strike forces, legality checks and record sheets."

for name, text in {commands!r}.items():
    cli.command(name, help=text)(lambda: None)

cli(["--help"], prog_name="cardsmith")
"""


def run(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    rounds = parser.parse_args().rounds
    ours = [sys.executable, "-m", "cardsmith", "--help"]
    floor = [sys.executable, "-c", FLOOR.format(commands=SHORT_HELP)]
    run(ours), run(floor)  # warm the file cache
    times: dict[str, list[float]] = {"cardsmith --help": [], "bare click group": []}
    for _ in range(rounds):
        times["cardsmith --help"].append(run(ours))
        times["bare click group"].append(run(floor))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, value in medians.items():
        print(f"{name:18} median {value * 1000:7.1f} ms over {rounds} runs")
    ratio = medians["cardsmith --help"] / medians["bare click group"]
    print(f"ratio {ratio:.2f}× (goal ≤ 1.5×)")


if __name__ == "__main__":
    main()
