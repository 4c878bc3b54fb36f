"""Benchmarks ``cardsmith --help`` against a bare click group doing the same, side by side.

Usage: ``python bench/bench_help.py [--rounds N]``.

The floor is a Python process that imports click, declares a group with the same global
options and the same commands (each with its one-line help, no body), and prints
``--help``.  Both are whole processes, taken in alternation so load on the machine hits
both alike; the median wall and CPU (user + system) time of each and their ratios are
printed.  Both keep their compiled bytecode (in a folder of the bench's own, after one
untimed run), as an installed cardsmith does.
Goal (issue 20 §5): ``cardsmith --help`` within 1.5× the bare group.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardsmith.cli.group import SHORT_HELP  # noqa: E402

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


def run(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``argv``, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, cwd=ROOT, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=21)
    rounds = parser.parse_args().rounds
    ours = [sys.executable, "-m", "cardsmith", "--help"]
    floor = [sys.executable, "-c", FLOOR.format(commands=SHORT_HELP)]
    with tempfile.TemporaryDirectory(prefix="cardsmith-bench-") as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = tmp
        run(ours, env), run(floor, env)  # untimed: warm the file cache, write the bytecode
        times: dict[str, list[tuple[float, float]]] = {
            "cardsmith --help": [],
            "bare click group": [],
        }
        for _ in range(rounds):
            times["cardsmith --help"].append(run(ours, env))
            times["bare click group"].append(run(floor, env))
    wall = {name: statistics.median(w for w, _ in v) for name, v in times.items()}
    cpu = {name: statistics.median(c for _, c in v) for name, v in times.items()}
    for name in times:
        print(f"{name:18} median wall {wall[name] * 1000:6.1f} ms, CPU {cpu[name] * 1000:6.1f} ms"
              f" over {rounds} runs")  # fmt: skip
    ours_name, floor_name = "cardsmith --help", "bare click group"
    print(
        f"ratio wall {wall[ours_name] / wall[floor_name]:.2f}×, "
        f"CPU {cpu[ours_name] / cpu[floor_name]:.2f}× (goal ≤ 1.5×)"
    )


if __name__ == "__main__":
    main()
