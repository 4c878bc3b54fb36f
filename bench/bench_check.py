"""Benchmarks legality checks against plain-Python baselines measured side by side.

Usage: ``python bench/bench_check.py [--forces N] [--memory-forces M]``.

1. A 16-unit force against ``tournament-300``: each check, and the whole ``check_force``,
   next to a trivial baseline (summing the entries' PVs) timed in the same loop.
2. N (default 1,000) force files in one ``cardsmith check`` process, next to a bare
   ``python -c`` that ``json.loads`` the same files; both are whole-process wall times,
   alternated so that noise hits every side alike, with the CPU time (user + system) of
   each beside it: on a shared machine the wall time also counts the other programs.
   The bar: at most 3× the JSON parse.  The lists repeat their entries, as an event's
   lists do (the same unit at the same skill); the same lists with every pilot named,
   so that no entry's text repeats, are timed beside them against their own JSON parse
   (the case that remembering repeated entries cannot help).  Each pair of runs also
   gives a ratio of its own; their spread shows how much of a figure is the machine's
   noise.  The same check writing a CSV event report, and a game master's check of the
   same lists for era and faction (``era-faction-350``, against availability lists in a
   catalogue of the bench's own), are timed beside them.
   Every timed process keeps its compiled bytecode (in a folder of the bench's own,
   after one untimed run), as an installed cardsmith does: with ``PYTHONDONTWRITEBYTECODE``
   set, each run would first compile cardsmith's modules, which no user pays.
3. Peak memory (max RSS) of ``cardsmith check --format json`` over N and over M (default
   10,000) files: the verdicts are streamed, so the peak must stay flat, not grow 10×.

Forces are built from the starter catalogue (the repository's ``cache/starter.json``).
Design §10 bars: a 16-unit force ≤ 1 ms; 1,000 forces in one call ≤ 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardsmith.forces.force_file import force_to_dict  # noqa: E402
from cardsmith.models import Force, ForceEntry, Group, Pilot, Unit, UnitType  # noqa: E402
from cardsmith.models.force import MulRef  # noqa: E402
from cardsmith.rules.checks import CHECKS  # noqa: E402
from cardsmith.rules.engine import check_force, load_pack  # noqa: E402
from cardsmith.rules.registry import ForceView  # noqa: E402

GROUND = {UnitType.BM, UnitType.IM, UnitType.PM, UnitType.CV, UnitType.SV, UnitType.CI, UnitType.BA}


def starter_units() -> list[Unit]:
    data = json.loads((ROOT / "cache" / "starter.json").read_text(encoding="utf-8"))
    units = [Unit.from_dict(u) for u in data["units"]]
    return [
        u
        for u in units
        if u.has_stats and u.type in GROUND and u.rules in ("Introductory", "Standard")
    ]


#: The era and faction of the lists a game master checks for availability (part 2).
ERA, FACTION = MulRef(13, "Clan Invasion"), MulRef(24, "Clan Wolf")


def make_force(units: list[Unit], rng: random.Random, number: int) -> Force:
    # Cheap units, so a 16-unit list lands near 300 PV and many lists are legal.
    cheap = [u for u in units if 8 <= u.pv <= 22] or units
    chosen = rng.sample(cheap, 16) if len(cheap) >= 16 else [rng.choice(cheap) for _ in range(16)]
    entries = []
    for i, unit in enumerate(chosen):
        skill = rng.choice((3, 4, 4, 4, 5))
        spas = ("marksman",) if i == 0 and skill <= 4 else ()
        group = "Alpha" if i < 4 else ""
        entries.append(ForceEntry(unit=unit, skill=skill, spas=spas, group=group, commander=i == 0))
    return Force(
        f"Force {number}",
        pack="tournament-300",
        entries=tuple(entries),
        groups=(Group("Alpha", "battle"),) if number % 2 else (),
        era=ERA,
        faction=FACTION,
    )


def _per_call_us(func: object, rounds: int) -> float:
    best = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(rounds):
            func()  # type: ignore[operator]
        best.append((time.perf_counter() - start) / rounds)
    return min(best) * 1e6


def bench_one_force(units: list[Unit]) -> None:
    pack = load_pack("tournament-300")
    force = make_force(units, random.Random(16), 1)  # odd: a Battle Lance to evaluate
    check_force(force, pack)  # warm caches (SPA and formation catalogues)
    rounds = 2000
    baseline = _per_call_us(lambda: sum(e.unit.pv for e in force.entries), rounds)
    whole = _per_call_us(lambda: check_force(force, pack), rounds)
    view_cost = _per_call_us(lambda: ForceView(force, pack), rounds)
    print("1) a 16-unit force against tournament-300")
    print(f"   baseline (sum of 16 PVs)     {baseline:8.2f} µs")
    print(
        f"   ForceView (PV per entry)     {view_cost:8.2f} µs   {view_cost / baseline:6.1f}× baseline"
    )
    view = ForceView(force, pack)
    for rule in pack.rules:
        spec = CHECKS[rule.check]
        cost = _per_call_us(lambda spec=spec, rule=rule: list(spec(view, rule)), rounds)
        print(f"   {rule.id:28} {cost:8.2f} µs   {cost / baseline:6.1f}× baseline")
    verdict = check_force(force, pack)
    print(
        f"   check_force (whole pack)     {whole:8.2f} µs   {whole / baseline:6.1f}× baseline"
        f"   [bar ≤ 1000 µs] ({len(verdict.violations)} violations found)"
    )


def bytecode_env(folder: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a timed process: bytecode written to and read from ``folder``."""
    env = dict(os.environ if base is None else base)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(folder)
    return env


def _wall(cmd: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``cmd``, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def availability_catalogue(
    folder: Path, units: list[Unit], base: dict[str, str] | None = None
) -> dict[str, str]:
    """A catalogue in ``folder`` with the era's lists (synthetic: every second starter unit
    for Clan Wolf, all of them for any faction); the environment that points at it."""
    from cardsmith.catalogue.availability import ANY_FACTION, AvailabilityList, Scope
    from cardsmith.catalogue.factions import Faction
    from cardsmith.catalogue.store import Catalogue

    ids = sorted({u.mul_id for u in units})
    with Catalogue.open(folder) as catalogue:
        catalogue.add_factions([Faction(FACTION.id, FACTION.name)], source="bench")
        catalogue.add_availability(
            [
                AvailabilityList(Scope(ERA.id, ANY_FACTION), frozenset(ids)),
                AvailabilityList(Scope(ERA.id, FACTION.id), frozenset(ids[::2])),
            ],
            source="bench (synthetic)",
        )
    return {**(os.environ if base is None else base), "CARDSMITH_CACHE_DIR": str(folder)}


def write_forces(folder: Path, units: list[Unit], count: int, *, named: bool = False) -> None:
    """``count`` force files as cardsmith saves them.  ``named``: every pilot has a name of
    its own, so no entry's text repeats in any other file (units still do)."""
    rng = random.Random(1000)
    for n in range(count):
        force = make_force(units, rng, n)
        if named:
            entries = tuple(
                replace(e, pilot=Pilot(f"Pilot {n}-{i}")) for i, e in enumerate(force.entries)
            )
            force = replace(force, entries=entries)
        data = force_to_dict(force)
        (folder / f"force-{n:05}.json").write_text(json.dumps(data, indent=2), encoding="utf-8")


#: Launches of each side in part 2.  With 7, the median ratio moved by 0.4× from run to
#: run on a shared 2-core machine; 15 halves that.
ROUNDS = 15


def bench_many_files(units: list[Unit], count: int) -> None:
    with tempfile.TemporaryDirectory(prefix="cardsmith-bench-") as tmp:
        folder = Path(tmp) / "lists"
        folder.mkdir()
        write_forces(folder, units, count)
        named = Path(tmp) / "named"
        named.mkdir()
        write_forces(named, units, count, named=True)
        check_cmd = [
            sys.executable,
            "-m",
            "cardsmith",
            "check",
            str(folder),
            "--pack",
            "tournament-300",
        ]
        json_cmd = [sys.executable, "-c", (
            "import json, pathlib, sys\n"
            "for p in sorted(pathlib.Path(sys.argv[1]).glob('*.json')):\n"
            "    json.loads(p.read_text(encoding='utf-8'))\n"
        ), str(folder)]  # fmt: skip
        json_named_cmd = [*json_cmd[:-1], str(named)]
        named_cmd = [*check_cmd[:4], str(named), *check_cmd[5:]]
        bare_cmd = [sys.executable, "-c", "pass"]
        report_cmd = [*check_cmd, "--report", str(Path(tmp) / "event.csv")]
        gm_cmd = [*check_cmd[:-1], "era-faction-350", "--report", str(Path(tmp) / "gm.csv")]
        env = bytecode_env(Path(tmp) / "bytecode")
        gm_env = availability_catalogue(Path(tmp) / "catalogue", units, env)
        commands = {
            "check": (check_cmd, env),
            "json": (json_cmd, env),
            "bare": (bare_cmd, env),
            "report": (report_cmd, env),
            "gm": (gm_cmd, gm_env),
            "json named": (json_named_cmd, env),
            "named": (named_cmd, env),
        }
        for cmd, cmd_env in commands.values():
            _wall(cmd, cmd_env)  # untimed: writes the bytecode
        runs: dict[str, list[tuple[float, float]]] = {k: [] for k in commands}
        for _ in range(ROUNDS):  # alternate so noise hits all sides alike
            for key, (cmd, cmd_env) in commands.items():
                runs[key].append(_wall(cmd, cmd_env))
        done = subprocess.run(
            [*check_cmd, "--format", "json"], capture_output=True, text=True, check=False, env=env
        )
        verdicts = json.loads(done.stdout)
    wall = {k: statistics.median(w for w, _ in v) for k, v in runs.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in runs.items()}
    legal = sum(1 for v in verdicts if v["legal"])
    print(f"\n2) {count} force files in one `cardsmith check` process (median of {ROUNDS})")
    print("                                   wall            CPU (user + system)")
    for key, label in (
        ("bare", "python -c pass"),
        ("json", f"python -c json.loads × {count}"),
        ("check", "cardsmith check"),
        ("report", "check --report event.csv"),
        ("gm", "check era-faction-350 --report"),
        ("json named", "json.loads, every pilot named"),
        ("named", "check, every pilot named"),
    ):
        floor = "json named" if key == "named" else "json"
        line = f"   {label:31} {wall[key] * 1000:6.0f} ms"
        if not key.startswith(("bare", "json")):
            line += f" {wall[key] / wall[floor]:4.1f}×"
        else:
            line += "      "
        line += f"   {cpu[key] * 1000:6.0f} ms"
        if not key.startswith(("bare", "json")):
            line += f" {cpu[key] / cpu[floor]:4.1f}× json.loads"
        print(line + ("   [bar ≤ 3.0×]" if key == "check" else ""))
    print(f"   ({legal} legal, {len(verdicts) - legal} not; exit code {done.returncode})")
    pairs = sorted(c[0] / j[0] for c, j in zip(runs["check"], runs["json"], strict=True))
    print(
        f"   check ÷ json.loads run by run: median {statistics.median(pairs):.2f}×, "
        f"from {pairs[0]:.2f}× to {pairs[-1]:.2f}× (the machine's noise)"
    )


_PEAK = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def peak_rss_kib(cmd: list[str]) -> int:
    """The largest resident set (KiB, Linux) of one run of ``cmd``, measured by a parent."""
    done = subprocess.run([sys.executable, "-c", _PEAK, *cmd], capture_output=True, text=True)
    return int(done.stdout.strip())


def bench_memory(units: list[Unit], small: int, large: int) -> None:
    with tempfile.TemporaryDirectory(prefix="cardsmith-bench-") as tmp:
        peaks = {}
        for count in dict.fromkeys((small, large)):  # the same count twice is one run
            folder = Path(tmp) / f"lists-{count}"
            folder.mkdir()
            write_forces(folder, units, count)
            cmd = [sys.executable, "-m", "cardsmith", "check", str(folder), "--format", "json",
                   "--report", str(Path(tmp) / f"event-{count}.csv")]  # fmt: skip
            peaks[count] = peak_rss_kib(cmd)
    print("\n3) peak memory of `cardsmith check --format json --report event.csv`")
    for count, kib in peaks.items():
        print(f"   {count:6} files                {kib / 1024:8.1f} MiB")
    print(
        f"   {large}/{small} files: {peaks[large] / peaks[small]:4.2f}× the memory for "
        f"{large / small:.0f}× the files   [bar: flat]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--forces", type=int, default=1000)
    parser.add_argument("--memory-forces", type=int, default=10_000)
    parser.add_argument("--skip-memory", action="store_true", help="Leave out part 3.")
    args = parser.parse_args()
    units = starter_units()
    bench_one_force(units)
    bench_many_files(units, args.forces)
    if not args.skip_memory:
        bench_memory(units, args.forces, args.memory_forces)


if __name__ == "__main__":
    main()
