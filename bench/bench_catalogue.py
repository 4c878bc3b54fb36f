"""Benchmarks catalogue search and opening against plain-Python baselines, side by side.

Usage: ``python bench/bench_catalogue.py [path/to/units.json] [--during-import | --process]``
(default ../shared/mul/units.json; ``--during-import`` runs only the search-during-import
measurement, ``--process`` only the ``cardsmith search`` process against its floors).
Prints medians and ratios; the design's bars (design.md §10) are shown next to each.
Each pair is timed alternately in the same run, so machine noise hits both sides.
"""

from __future__ import annotations

import json
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


_BARE_SQL = """
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute(
    "SELECT mul_id, name, type, size, pv, role, specials, data FROM units "
    "WHERE instr(norm, ?) > 0 ORDER BY name LIMIT 25", ("atlas",)
).fetchall()
for mul_id, name, kind, size, pv, role, specials, data in rows:
    unit = json.loads(data)
    print(mul_id, name, kind, size, unit["move"], unit["armor"], unit["structure"], pv, role, specials)
"""


#: The same query in a bare click command: the floor of any command-line tool built on
#: click, whose import alone costs about what the whole bare query does.
_CLICK_SQL = (
    "import click\n"
    "@click.command()\n"
    "@click.argument('db')\n"
    "def search(db):\n"
    + "".join(f"    {line}\n" for line in _BARE_SQL.strip().splitlines()).replace(
        "sys.argv[1]", "db"
    )
    + "search()\n"
)


#: cardsmith's own search use case without its command line (no click): what the process
#: costs apart from the parser, so the two floors above show where the time goes.
_USE_CASE = """
import sys
from pathlib import Path
from cardsmith.services import catalogue as service
outcome = service.search(Path(sys.argv[1]), "atlas", service.FilterText(), limit=25)
for u in outcome.listings:
    print(u.mul_id, u.name, u.type_code, u.size, u.move, u.armor, u.structure, u.pv)
"""


#: Lists, when the process exits, every module it loaded (``-X importtime`` misses those
#: loaded through ``importlib.import_module``).
_LIST_MODULES = (
    "import atexit, sys\n"
    "atexit.register(lambda: sys.stderr.write('LOADED ' + ' '.join(sorted(sys.modules))))\n"
)


def library_floor(store: str, env: dict[str, str]) -> tuple[str, int]:
    """Python that imports every module of the standard library (and of the environment) a
    real ``cardsmith search atlas`` loads, then runs the bare query: the floor of any search
    that stands on those modules, with none of cardsmith's code.  Returns the code and how
    many modules the bare process does not load itself."""
    real = _LIST_MODULES + "from cardsmith.cli import main\nmain()\n"
    ours = _loaded([sys.executable, "-c", real, "search", "atlas"], env)
    theirs = _loaded([sys.executable, "-c", _LIST_MODULES + _BARE_SQL, store], env)
    wanted = [m for m in ours if not m.startswith("cardsmith")]
    code = (
        "import importlib\n"
        f"for name in {wanted!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ImportError:\n"
        "        pass\n" + _BARE_SQL
    )
    return code, len(set(wanted) - set(theirs))


def _loaded(cmd: list[str], env: dict[str, str]) -> list[str]:
    """The modules ``cmd`` (a ``_LIST_MODULES`` script) loaded."""
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    return done.stderr.rpartition("LOADED ")[2].split()


def _search_times(cache: Path, rounds: int) -> list[float]:
    return [wall for wall, _ in _search_runs(cache, rounds)]


def _search_runs(cache: Path, rounds: int) -> list[tuple[float, float]]:
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(cache)}
    return [
        _timed([sys.executable, "-m", "cardsmith", "search", "atlas"], env) for _ in range(rounds)
    ]


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``cmd``, in seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def bench_process(cache: Path, rounds: int = 40) -> None:
    """``cardsmith search atlas`` against a bare Python process running the same SQLite query,
    and against the libraries it stands on running that query: click (the command line),
    and every module outside cardsmith that the search loads; wall and CPU time, medians.  The same search with an option beside it shows what the quick path
    (``cli.quick_search``: plain words, no click) saves.

    Each round launches every command once, one after another, so a burst of load on the
    machine mostly falls on one round; the last column, the median of the rounds' own
    ratios, is the figure that burst moves least (a 2-core machine's medians of 15 launches
    still gave 1.7× to 2.6× for the same tree).

    Every process keeps its compiled bytecode (in a folder of the bench's own, after one
    untimed run), as an installed cardsmith does.
    """
    store = str(next(cache.glob("catalogue-v*.sqlite3")))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache.parent / "bytecode")
    env["CARDSMITH_CACHE_DIR"] = str(cache)
    ours = "cardsmith search atlas"
    commands = {
        ours: [sys.executable, "-m", "cardsmith", "search", "atlas"],
        "  the same through click (--limit)": [
            *[sys.executable, "-m", "cardsmith", "search", "atlas", "--limit", "25"]
        ],
        "bare python + sqlite3 query": [sys.executable, "-c", _BARE_SQL, store],
        "bare click command + same query": [sys.executable, "-c", _CLICK_SQL, store],
        "cardsmith use case, no CLI": [sys.executable, "-c", _USE_CASE, str(cache)],
    }
    floor, extra = library_floor(store, env)
    library = f"bare + the {extra} modules more it loads"
    commands[library] = [sys.executable, "-c", floor, store]
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for cmd in commands.values():
        _timed(cmd, env)  # untimed: writes the bytecode
    for _ in range(rounds):
        for name, cmd in commands.items():
            runs[name].append(_timed(cmd, env))
    wall = {k: statistics.median(w for w, _ in v) for k, v in runs.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in runs.items()}
    print(f"process: `{ours}` vs bare processes running the same SQLite query")
    width = max(map(len, runs))
    print(f"  {'':{width}} {'wall':>8}   {'CPU':>8}   ours ÷ this (wall, CPU, by round)")
    for name in runs:
        line = f"  {name:{width}} {wall[name] * 1000:6.1f} ms {cpu[name] * 1000:6.1f} ms"
        if name != ours:
            by_round = statistics.median(
                mine / theirs for (mine, _), (theirs, _) in zip(runs[ours], runs[name], strict=True)
            )
            line += f"   {wall[ours] / wall[name]:4.2f}×  {cpu[ours] / cpu[name]:4.2f}×"
            line += f"  {by_round:4.2f}×"
            line += "  (bar: ≤ 2×)" if name.startswith("bare python") else ""
        print(line)
    bare = "bare python + sqlite3 query"
    print(
        f"  the modules a search stands on, with no cardsmith code, are "
        f"{wall[library] / wall[bare]:4.2f}× the bare process: the floor of this search"
    )


def bench_search_during_import(cache: Path, dump: Path, copies: int = 6) -> None:
    """``cardsmith search`` while another process runs a full ``catalogue import``.

    The import writes ``copies`` × the MUL as new units (new ids), so its write
    transaction lasts seconds; searches run one after another until it ends.  They are
    compared with searches of the idle store, and with searches while a plain busy loop
    takes one core as the import does: the second ratio is what the store itself costs
    a reader (waiting on a lock would show there), the first adds the shared CPU.
    """
    units = [r.unit.to_dict() for r in read_unit_file(dump)]
    big = cache.parent / "many.json"
    big.write_text(
        json.dumps(
            {
                "format": "cardsmith-catalogue",
                "version": 1,
                "units": [
                    {**u, "mul_id": u["mul_id"] + k * 100_000, "name": f"{u['name']} C{k}"}
                    for k in range(1, copies + 1)
                    for u in units
                ],
            }
        ),
        encoding="utf-8",
    )
    idle = _search_times(cache, 8)
    burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        one_core_busy = _search_times(cache, 8)
    finally:
        burner.kill()
        burner.wait()
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    importer = subprocess.Popen(
        [sys.executable, "-m", "cardsmith", "catalogue", "import", str(big)],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    time.sleep(1.0)  # past reading and checking the file: into the write transaction
    during: list[float] = []
    while importer.poll() is None:
        during += _search_times(cache, 1)
    took = time.perf_counter() - started
    slowest = max(during) * 1000 if during else 0.0
    print(f"search during a full import ({len(units) * copies:,} units, {took:.1f} s):")
    print(f"  search, store idle                median {_median_ms(idle):7.1f} ms")
    print(f"  search, one core busy (no import) median {_median_ms(one_core_busy):7.1f} ms")
    print(
        f"  search during the import          median {_median_ms(during):7.1f} ms  "
        f"(slowest {slowest:.0f} ms, {len(during)} searches)"
    )
    print(
        f"  ratio to the idle store           "
        f"{statistics.median(during) / statistics.median(idle):5.2f}×  (bar: ≤ 2×)"
    )
    print(
        f"  ratio to one busy core            "
        f"{statistics.median(during) / statistics.median(one_core_busy):5.2f}×  "
        "(the store's own cost: ~1× when readers never wait)"
    )


def main() -> int:
    paths = [a for a in sys.argv[1:] if not a.startswith("--")]
    dump = Path(paths[0]) if paths else ROOT.parent / "shared" / "mul" / "units.json"
    if not dump.is_file():
        print(f"no MUL dump at {dump}; pass its path", file=sys.stderr)
        return 2
    only_import = "--during-import" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "cache"
        if "--process" in sys.argv[1:]:
            with Catalogue.open(cache) as catalogue:
                catalogue.add(read_unit_file(dump), source="bench")
            bench_process(cache)
            return 0
        if only_import:
            with Catalogue.open(cache) as catalogue:
                catalogue.add(read_unit_file(dump), source="bench")
            bench_search_during_import(cache, dump)
            return 0
        with Catalogue.open(cache) as catalogue:
            catalogue.add(read_unit_file(dump), source="bench")
            bench_search(catalogue)
        bench_open(cache, dump)
        bench_process(cache)
        bench_search_during_import(cache, dump)
    return 0


if __name__ == "__main__":
    sys.exit(main())
