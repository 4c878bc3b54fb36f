"""The search and catalogue commands, run as a user runs them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.store import Catalogue


def test_search_table_on_the_starter_catalogue(cli_run: Any) -> None:
    result = cli_run("search", "atlas")
    assert result.code == 0, result
    assert "Atlas AS7-D" in result.stdout
    assert "Juggernaut" in result.stdout


def test_search_json_fields(cli_run: Any) -> None:
    result = cli_run("search", "sparky", "--format", "json", "--limit", "1")
    assert result.code == 0, result
    (unit,) = json.loads(result.stdout)
    for key in (
        "mul_id",
        "name",
        "type",
        "size",
        "move",
        "tmm",
        "armor",
        "structure",
        "damage",
        "ov",
        "pv",
        "role",
        "specials",
    ):
        assert key in unit
    assert unit["name"] == 'Griffin GRF-1E "Sparky"'
    assert unit["damage"]["S"] == "2" and unit["damage"]["L"] == "1"


def test_search_filters_only(cli_run: Any) -> None:
    result = cli_run("search", "--type", "CV", "--pv", "20-30", "--format", "json", "--limit", "0")
    units = json.loads(result.stdout)
    assert units and all(u["type"] == "CV" and 20 <= u["pv"] <= 30 for u in units)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--type", "XX"], "unknown unit type"),
        (["--pv", "lots"], "--pv must look like"),
        (["--era", "Stone Age"], "unknown era"),
        (["--size", "big"], "--size takes whole numbers"),
        (["--limit", "-3"], "Invalid value"),
        (["--rules", "Silly"], "unknown rules level silly"),
        (["--tech", "Martian"], "unknown tech base martian"),
        (["--available-in", "Stone Age"], "unknown era"),
        (["--faction", "Clan Wolf"], "needs --available-in"),
    ],
)
def test_bad_filters_exit_2(cli_run: Any, args: list[str], fragment: str) -> None:
    result = cli_run("search", "x", *args)
    assert result.code == 2
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("faction", ["Lyran Commonwealth", "16"])
def test_a_faction_before_any_is_known_says_how_to_get_them(cli_run: Any, faction: str) -> None:
    """The starter catalogue knows no factions: the way to get them is said, not offered
    as a name the user might have meant."""
    result = cli_run("search", "griffin", "--available-in", "3025", "--faction", faction)
    assert result.code == 2, result
    assert "no MUL factions are in the local catalogue yet" in result.stderr
    assert "catalogue sync --availability --factions NAME" in result.stderr
    assert "Did you mean" not in result.stderr


@pytest.mark.slow
def test_import_then_search_everything(cli_run: Any, mul_units_path: Path) -> None:
    result = cli_run("catalogue", "import", str(mul_units_path))
    assert result.code == 0, result
    assert "8,605" in result.stdout
    info = json.loads(cli_run("catalogue", "info", "--format", "json").stdout)
    assert info["total"] == 8605 and info["usable"] == 7644
    found = json.loads(cli_run("search", "timberwolf", "--format", "json").stdout)
    assert found and all("Timber Wolf" in u["name"] for u in found)
    by_role = json.loads(
        cli_run(
            "search", "--role", "Missile Boat", "--era", "3025", "--limit", "0", "--format", "json"
        ).stdout
    )
    assert by_role and all(u["role"] == "Missile Boat" for u in by_role)


def test_bad_dump_changes_nothing(cli_run: Any, tmp_path: Path) -> None:
    before = json.loads(cli_run("catalogue", "info", "--format", "json").stdout)
    dump = tmp_path / "half.json"
    dump.write_text('{"Units": [{"Id": 9999999, "Name": "Half"}, {"Id": ', encoding="utf-8")
    result = cli_run("catalogue", "import", str(dump))
    assert result.code == 2
    assert "not valid JSON" in result.stderr
    mixed = tmp_path / "mixed.json"
    mixed.write_text(
        json.dumps({"Units": [{"Id": 9999998, "Name": "Fine"}, {"Id": None}]}), encoding="utf-8"
    )
    assert cli_run("catalogue", "import", str(mixed)).code == 2
    after = json.loads(cli_run("catalogue", "info", "--format", "json").stdout)
    assert after["total"] == before["total"]
    with Catalogue.open(Path(os.environ["CARDSMITH_CACHE_DIR"])) as catalogue:
        assert catalogue.get(9999998) is None and catalogue.get(9999999) is None


def test_missing_dump_exit_2(cli_run: Any, tmp_path: Path) -> None:
    result = cli_run("catalogue", "import", str(tmp_path / "none.json"))
    assert result.code == 2
    assert "cannot read" in result.stderr


def test_clear_needs_confirmation(cli_run: Any) -> None:
    refused = cli_run("catalogue", "clear", input="n\n")
    assert refused.code == 1
    assert "Nothing removed" in refused.stderr
    result = cli_run("catalogue", "clear", "--yes")
    assert result.code == 0 and "Removed" in result.stdout


def test_corrupt_catalogue_is_reported_not_a_crash(cli_run: Any) -> None:
    folder = Path(os.environ["CARDSMITH_CACHE_DIR"])
    Catalogue.open(folder).close()
    store = next(folder.glob("catalogue-v*.sqlite3"))
    store.write_bytes(b"\x00garbage" * 1000)
    result = cli_run("search", "atlas")
    assert result.code == 0
    assert "could not be read" in result.stderr
    assert "Atlas AS7-D" in result.stdout


def test_cache_dir_flag_wins_over_environment(cli_run: Any, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    result = cli_run("--cache-dir", str(target), "catalogue", "info", "--format", "json")
    assert json.loads(result.stdout)["path"].startswith(str(target))


@pytest.mark.slow
def test_python_dash_m_is_the_same_program(tmp_path: Path) -> None:
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "cardsmith", "search", "atlas", "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["name"] == "Atlas AS7-D"


@pytest.mark.slow
def test_the_starter_catalogue_says_so(cli_run: Any, mul_units_path: Path) -> None:
    first = cli_run("search", "atlas")
    assert first.code == 0
    assert "only the starter catalogue's units are here" in first.stderr
    assert "catalogue import FILE" in first.stderr and "catalogue sync" in first.stderr
    as_json = cli_run("search", "atlas", "--format", "json")
    assert json.loads(as_json.stdout)  # the note goes to stderr: the JSON stays clean
    assert cli_run("catalogue", "import", str(mul_units_path)).code == 0
    assert "starter" not in cli_run("search", "atlas").stderr


@pytest.mark.slow
def test_equal_matches_rank_in_natural_name_order(cli_run: Any, mul_units_path: Path) -> None:
    assert cli_run("catalogue", "import", str(mul_units_path)).code == 0
    found = json.loads(cli_run("search", "griffin", "--limit", "10", "--format", "json").stdout)
    names = [unit["name"] for unit in found]
    assert names[:3] == ["Griffin C", "Griffin GRF-1A", "Griffin GRF-1DS"]
    assert "Griffin GRF-1N" in names
    iic = json.loads(cli_run("search", "griffin iic", "--limit", "3", "--format", "json").stdout)
    assert [u["name"] for u in iic] == ["Griffin IIC", "Griffin IIC 2", "Griffin IIC 3"]


@pytest.mark.slow
def test_import_availability_answers_and_show_coverage(cli_run: Any, mul_dir: Path) -> None:
    folder = mul_dir / "quicklist" / "available-eras"
    result = cli_run("catalogue", "import", str(folder))
    assert result.code == 0, result
    assert "Stored 14 availability lists" in result.stdout
    assert "BattleMech (Clan) in Clan Invasion for any faction: 426 units" in result.stdout
    info = cli_run("catalogue", "info")
    assert "Availability (data version av-" in info.stdout
    assert "Clan Invasion" in info.stdout and "any faction" in info.stdout
    found = json.loads(
        cli_run(
            "search", "atlas", "--available-in", "Clan Invasion", "--limit", "0", "--format", "json"
        ).stdout
    )
    available = {
        u["Id"]
        for name in folder.glob("*_AvailableEras_13.json")
        for u in json.loads(name.read_text("utf-8"))["Units"]
    }
    assert found and {u["mul_id"] for u in found} <= available
    assert 140 in {u["mul_id"] for u in found}
    # An era no stored list covers matches nothing, and the search says why and what to do.
    uncovered = cli_run("search", "atlas", "--available-in", "Age of War")
    assert uncovered.code == 0 and "No units match." in uncovered.stderr
    assert "no availability list for Age of War is stored" in uncovered.stderr
    assert '--availability --eras "Age of War"' in uncovered.stderr
    covered = cli_run("search", "atlas", "--available-in", "Clan Invasion")
    assert "is stored" not in covered.stderr


def test_an_availability_filter_without_data_says_how_to_get_it(cli_run: Any) -> None:
    result = cli_run("search", "--available-in", "Jihad")
    assert result.code == 0
    assert "no availability data yet" in result.stderr and "sync --availability" in result.stderr


def test_era_help_tells_production_from_availability(cli_run: Any) -> None:
    text = " ".join(cli_run("search", "--help").stdout.split())
    assert "--era ERA Production era" in text and "Not availability: see --available-in" in text
    assert "--available-in ERA Available in this era" in text


@pytest.mark.parametrize(("query", "fuzzy"), [("atlas", False), ("atlsa", True)])
def test_rapidfuzz_and_requests_load_only_when_needed(
    tmp_path: Path, query: str, fuzzy: bool
) -> None:
    code = (
        "import sys\n"
        "from cardsmith.cli import main\n"
        "try:\n"
        f"    main(['search', '{query}', '--format', 'json'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('LOADED:' + ','.join(m for m in ('rapidfuzz', 'requests', 'textual') if m in sys.modules), file=sys.stderr)\n"
    )
    env = {**os.environ, "CARDSMITH_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )
    assert json.loads(done.stdout)[0]["name"] == "Atlas AS7-D"
    loaded = done.stderr.rsplit("LOADED:", 1)[1].strip()
    assert loaded == ("rapidfuzz" if fuzzy else "")
