"""A plain ``cardsmith search WORDS…`` is answered without click, and answers as click does.

The entry point hands the command and plain words to ``cli.quick_search``; the rest goes to
the click group.  Each case runs both as real processes (the entry point, and the click
group called directly) and compares exit code, stdout and stderr byte for byte.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from cardsmith.cli import quick_search as quick_search_module
from cardsmith.cli.quick_search import try_quick_search

#: The click group run directly: what every search was before the quick path.
_BY_CLICK = "import sys; from cardsmith.cli.group import main; main()"
#: The real entry point, which tells afterwards whether click was loaded.
_BY_ENTRY = (
    "import atexit, sys\n"
    "atexit.register(lambda: sys.stderr.write(f'click loaded: {\"click\" in sys.modules}'))\n"
    "from cardsmith.cli import main\n"
    "main()\n"
)


#: Exit code, stdout and stderr of one process.
Result = tuple[int, bytes, bytes]


def _run(
    code: str, args: list[str], env: dict[str, str], stdout: IO[bytes] | None = None
) -> Result:
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=stdout is None,
        stdout=stdout,
        stderr=subprocess.PIPE if stdout is not None else None,
        env=env,
        timeout=120,
    )
    return done.returncode, done.stdout, done.stderr


def _both(args: list[str], cache: Path) -> tuple[Result, Result, bool]:
    """(entry point's result, click's result, whether the entry point loaded click)."""
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(cache)}
    code, out, err = _run(_BY_ENTRY, args, env)
    err, _, loaded = err.rpartition(b"click loaded: ")
    return (code, out, err), _run(_BY_CLICK, args, env), loaded == b"True"


@pytest.fixture(scope="module")
def starter_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache folder that cardsmith seeds with its starter units on first open."""
    return tmp_path_factory.mktemp("starter") / "cache"


@pytest.mark.parametrize(
    "words",
    [
        ["atlas"],
        ["timber", "wolf"],  # several words
        ["AS7-D"],  # a model code, hyphen inside the word
        ["atlsa"],  # the typo path
        ["zzqqxx"],  # nothing matches
        ["Atlas\x1b[31m", "ÄÖ"],  # an escape sequence and non-ASCII text
    ],
    ids=["name", "words", "code", "typo", "none", "controls"],
)
def test_a_plain_search_prints_what_click_prints_without_loading_it(
    starter_cache: Path, words: list[str]
) -> None:
    quick, by_click, loaded = _both(["search", *words], starter_cache)
    assert quick == by_click
    assert not loaded
    assert b"only the starter catalogue" in quick[2]  # the starter hint, from both


def test_the_whole_catalogue_searches_alike(full_catalogue_dir: Path) -> None:
    for words in (["griffin"], ["mad", "cat"], ["hunchbak"]):
        quick, by_click, loaded = _both(["search", *words], full_catalogue_dir)
        assert quick == by_click, words
        assert quick[0] == 0 and quick[1].count(b"\n") > 2, quick
        assert not loaded


#: What a search by name does without, each with the one case that loads it.
_NOT_FOR_A_NAME = {
    "click": "options and help",
    "dataclasses": "the models' frozen dataclasses (it loads inspect, ast and dis)",
    "inspect": "dataclasses",
    "cardsmith.models.unit": "anything but the listing a search shows",
    "cardsmith.models.stats": "the unit model",
    "unicodedata": "text that is not ASCII",
    "rapidfuzz": "typos",
    "cardsmith.catalogue.search_index": "typos (and the app)",
    "cardsmith.models.profile_base": "units with several profiles",
    "cardsmith.fileio": "locked saves",
    "cardsmith.catalogue.eras": "era filters and JSON",
    "cardsmith.catalogue.store_records": "imports, info, versions",
}
_WATCH = (
    "import atexit, sys\n"
    f"watched = {sorted(_NOT_FOR_A_NAME)!r}\n"
    "atexit.register(lambda: sys.stderr.write('loaded: ' + ','.join(m for m in watched if m in sys.modules)))\n"
    "from cardsmith.cli import main\n"
    "main()\n"
)


def test_a_search_by_name_loads_only_what_it_uses(tmp_path: Path) -> None:
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(tmp_path / "cache")}
    assert _run(_BY_ENTRY, ["search", "atlas"], env)[0] == 0  # the first open seeds the store

    def loaded(*words: str) -> set[str]:
        code, out, err = _run(_WATCH, ["search", *words], env)
        assert code == 0 and b"Atlas AS7-D" in out, (out, err)
        return set(err.rpartition(b"loaded: ")[2].decode().split(",")) - {""}

    assert loaded("atlas") == set()
    # The in-memory index, a dataclass, answers typos.
    typos = {"rapidfuzz", "cardsmith.catalogue.search_index", "dataclasses", "inspect"}
    assert loaded("atlsa") == typos


def test_options_and_help_go_to_click(starter_cache: Path) -> None:
    for args in (["search", "atlas", "--limit", "3"], ["search", "--help"], ["search"]):
        quick, by_click, loaded = _both(args, starter_cache)
        assert quick == by_click, args
        assert loaded, args


def test_a_broken_catalogue_gets_the_same_repair_and_notice(tmp_path: Path) -> None:
    results = []
    for side, code in (("quick", _BY_ENTRY), ("click", _BY_CLICK)):
        cache = tmp_path / side / "cache"  # each side repairs a broken catalogue of its own
        cache.mkdir(parents=True)
        (cache / "catalogue-v1.sqlite3").write_bytes(b"this is not a database" * 100)
        env = {**os.environ, "CARDSMITH_CACHE_DIR": str(cache)}
        status, out, err = _run(code, ["search", "atlas"], env)
        err = re.sub(rb"corrupt-[0-9-]+", b"corrupt-TIME", err.replace(bytes(cache), b"CACHE"))
        results.append((status, out, err))
    assert results[0][2].endswith(b"click loaded: False")
    assert results[0][:2] == results[1][:2]
    assert results[0][2].removesuffix(b"click loaded: False") == results[1][2]
    assert b"could not be used" in results[1][2], results[1]


def test_a_cache_folder_that_is_a_file_is_left_to_clicks_check(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.write_text("a file", encoding="utf-8")
    quick, by_click, loaded = _both(["search", "atlas"], cache)
    assert quick == by_click
    assert quick[0] == 2 and b"is a file" in quick[2], quick
    assert loaded


def test_a_full_disk_is_the_same_error(starter_cache: Path) -> None:
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(starter_cache)}
    with open("/dev/full", "wb") as full:
        quick = _run("from cardsmith.cli import main; main()", ["search", "atlas"], env, full)
        by_click = _run(_BY_CLICK, ["search", "atlas"], env, full)
    assert quick == by_click
    assert quick[0] != 0 and b"cannot write the output" in quick[2], quick


@pytest.mark.parametrize(
    ("args", "env"),
    [
        ([], {}),
        (["search"], {}),
        (["search", "atlas", "--limit", "3"], {}),
        (["search", "--format", "json", "atlas"], {}),
        (["search", "--", "atlas"], {}),
        (["search", "-h"], {}),
        (["search", "atlas", ""], {}),
        (["--offline", "search", "atlas"], {}),
        (["Search", "atlas"], {}),
        (["fetch", "atlas"], {}),
        (["search", "atlas"], {"CARDSMITH_OFFLINE": "1"}),
        (["search", "atlas"], {"CARDSMITH_CACHE_DIR": "FILE"}),
    ],
)
def test_what_the_quick_path_leaves_to_click(
    args: list[str], env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in env.items():
        if value == "FILE":
            (tmp_path / "file").write_text("x", encoding="utf-8")
            value = str(tmp_path / "file")
        monkeypatch.setenv(name, value)
    assert try_quick_search(args) is None


def test_on_windows_click_reads_the_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quick_search_module, "CLICK_EXPANDS_WILDCARDS", True)
    assert try_quick_search(["search", "atlas"]) is None


def test_a_missing_cache_folder_is_searched_quickly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(tmp_path / "not-yet" / "cache"))
    assert try_quick_search(["search", "atlas"]) == 0
    assert "Atlas" in capsys.readouterr().out


def test_the_quick_path_knows_what_click_would_read_besides_the_words() -> None:
    """Guards the quick path against a new option: a global one read from the environment,
    or a search option whose default is not "no filter" (the quick path passes none)."""
    from cardsmith.cli.group import cli
    from cardsmith.cli.search_cmds import search
    from cardsmith.cli.search_view import DEFAULT_LIMIT

    assert {p.envvar for p in cli.params if p.envvar} == {
        "CARDSMITH_CACHE_DIR",
        "CARDSMITH_OFFLINE",
    }
    assert not [p.name for p in search.params if p.envvar]
    given = search.make_context("search", ["atlas"]).params  # what click passes on
    assert given.pop("query") == ("atlas",)
    assert given.pop("limit") == DEFAULT_LIMIT
    assert given.pop("fmt") == "table"
    assert {
        name: value for name, value in given.items() if value not in (None, (), "", False)
    } == {}
