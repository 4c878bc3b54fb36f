"""``cardsmith fetch`` and ``cardsmith catalogue sync`` against the fake MUL on loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from mulserver.server import FakeMul, Fault, MulData, add_synthetic_factions

from cardsmith import __version__
from cardsmith.catalogue.http import build_session
from cardsmith.catalogue.store import Catalogue
from cardsmith.cli import main

REPO = Path(__file__).resolve().parents[2]
STARTER_IDS = frozenset(
    u["mul_id"] for u in json.loads((REPO / "cache" / "starter.json").read_text("utf-8"))["units"]
)


def run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """The real program in a child process (environment from the isolating fixtures)."""
    return subprocess.run(
        [sys.executable, "-m", "cardsmith", *args],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
    )


def invoke(*args: str) -> tuple[int, str, str]:
    """The real entry point in this process, with click's output capture."""
    runner = CliRunner()
    code: Any = 0
    with runner.isolation() as (out, err, _):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code
    return int(code or 0), out.getvalue().decode(), err.getvalue().decode()


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Back-off waits of in-process commands, recorded instead of slept."""
    waits: list[float] = []
    monkeypatch.setattr("cardsmith.catalogue.client.DEFAULT_SLEEP", waits.append)
    return waits


@pytest.fixture
def cache_dir() -> Path:
    return Path(os.environ["CARDSMITH_CACHE_DIR"])


def stored(cache_dir: Path) -> dict[int, str]:
    """MUL id → source of every unit the catalogue holds."""
    with Catalogue.open(cache_dir) as catalogue:
        return {u.mul_id: catalogue.version(u.mul_id).source for u in catalogue.iter_units()}  # type: ignore[union-attr]


def expire_http_cache(cache_dir: Path) -> None:
    with build_session(cache_dir) as session:
        session.cache.reset_expiration(0)


# -- end to end, in a child process -----------------------------------------------------------


def _new_units(data: MulData, name: str, type_id: int) -> dict[int, str]:
    """Id → name of served records named like ``name`` that the starter catalogue lacks."""
    return {
        int(r["Id"]): r["Name"].strip()
        for r in data.records
        if name.casefold() in r["Name"].casefold()
        and r["Type"]["Id"] == type_id
        and r["Id"] not in STARTER_IDS
    }


@pytest.mark.slow
def test_fetch_end_to_end(mul_env: FakeMul, cache_dir: Path) -> None:
    new = _new_units(mul_env.data, "Atlas AS7", 18)
    assert new  # the real AS7-K and others, or the starter's synthetic twin
    result = run("fetch", "Atlas AS7", "--type", "BM")
    assert result.returncode == 0, result.stderr
    assert all(name in result.stdout for name in new.values()) and "added" in result.stdout
    assert " 140 " not in result.stdout  # Atlas AS7-D ships in the starter catalogue: unchanged
    request = mul_env.requests[-1]
    assert request.headers["User-Agent"] == f"cardsmith/{__version__}"
    assert (request.values("Name"), request.values("Types")) == (["Atlas AS7"], ["18"])
    sources = stored(cache_dir)
    some_id = min(new)
    assert (sources[some_id], sources[140]) == ("mul", "starter")
    found = run("search", new[some_id], "--format", "json")
    assert some_id in [unit["mul_id"] for unit in json.loads(found.stdout)]


@pytest.mark.slow
def test_unreachable_mul_exits_3_without_a_traceback(mul_env: FakeMul) -> None:
    mul_env.fail_always(Fault("status", code=503))
    result = run("fetch", "Atlas", CARDSMITH_MUL_RETRIES="1")
    assert result.returncode == 3
    assert "answered HTTP 503" in result.stderr and "tried 2 times" in result.stderr
    assert "Traceback" not in result.stderr
    assert mul_env.hits() == 2


@pytest.mark.slow
def test_stale_cache_serves_with_a_warning(mul_env: FakeMul, cache_dir: Path) -> None:
    assert run("fetch", "Griffin").returncode == 0
    expire_http_cache(cache_dir)
    mul_env.fail_always(Fault("html"))
    result = run("fetch", "Griffin", CARDSMITH_MUL_RETRIES="1")
    assert result.returncode == 0, result.stderr
    assert "warning: MUL unreachable; showing cached answer from " in result.stderr
    assert "Traceback" not in result.stderr
    assert "unchanged" in result.stdout


@pytest.mark.slow
def test_offline_env_never_touches_the_network(mul_env: FakeMul) -> None:
    result = run("fetch", "Atlas", CARDSMITH_OFFLINE="1")
    assert result.returncode == 3
    assert "offline" in result.stderr and "Traceback" not in result.stderr
    assert mul_env.hits() == 0


@pytest.mark.slow
def test_sync_end_to_end_with_progress(mul_env: FakeMul, cache_dir: Path) -> None:
    mul_records = mul_env.data.records
    result = run("catalogue", "sync", "--types", "PM", "--eras", "Clan Invasion,3070", "--progress")
    assert result.returncode == 0, result.stderr
    assert "Syncing" in result.stderr  # the progress bar
    expected = {r["Id"] for r in mul_records if r["Type"]["Id"] == 23 and r["EraId"] in (13, 14)}
    assert expected and expected <= set(stored(cache_dir))
    assert f"({len(expected):,} units)" in result.stdout
    assert mul_env.hits() == 2
    info = json.loads(run("catalogue", "info", "--format", "json").stdout)
    assert info["last_sync"]


# -- in-process: every option and error path ---------------------------------------------------


def test_filters_become_mul_parameters(mul_env: FakeMul, cache_dir: Path) -> None:
    code, out, err = invoke(
        "fetch",
        "--era",
        "Late Succession Wars - LosTech",
        "--role",
        "fire support",
        "--role",
        "Brawler",
        "--tech",
        "Clan",
        "--rules",
        "Standard,Advanced",
        "--pv",
        "20-60",
        "--type",
        "BM,CV",
    )
    assert code == 0, err
    request = mul_env.requests[-1]
    assert request.values("Eras") == ["255"]
    assert request.values("Roles") == ["Fire-Support", "Brawler"]
    assert request.values("Technologies") == ["2"]
    assert request.values("Rules") == ["4", "5"]
    assert (request.values("MinPV"), request.values("MaxPV")) == (["20"], ["60"])
    assert request.values("Types") == ["18", "19"]
    ids = [i for i, source in stored(cache_dir).items() if source == "mul"]
    assert ids
    for mul_id in ids:
        record = mul_env.data.by_id[mul_id]
        assert record["EraId"] == 255 and record["Technology"]["Id"] == 2
        assert record["Role"]["Name"] in ("Fire-Support", "Brawler")
        assert 20 <= record["BFPointValue"] <= 60
    assert f"{len(ids):,} new" in out


def test_fetch_json_reports_changes(
    mul_env: FakeMul, mul_data: MulData, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_id = str(min(_new_units(mul_data, "Atlas", 18)))
    code, out, _ = invoke("fetch", "--id", new_id, "--format", "json")
    assert code == 0
    first = json.loads(out)
    assert first["added"] == 1 and first["units"][0]["change"] == "added"
    code, out, _ = invoke("fetch", "--id", new_id, "--format", "json")
    assert json.loads(out)["units"][0]["change"] == "unchanged"
    # The MUL corrects the Atlas: a second server (another URL, so no cached answer) says so.
    changed = [dict(r, BFPointValue=99) if str(r["Id"]) == new_id else r for r in mul_data.records]
    other = FakeMul(MulData(changed, mul_data.available)).start()
    try:
        monkeypatch.setenv("CARDSMITH_MUL_URL", other.url)
        code, out, _ = invoke("fetch", "--id", new_id, "--format", "json")
    finally:
        other.stop()
    report = json.loads(out)
    assert (report["updated"], report["units"][0]["change"], report["units"][0]["pv"]) == (
        1,
        "updated",
        99,
    )


def test_empty_result(mul_env: FakeMul) -> None:
    code, out, err = invoke("fetch", "no such unit anywhere")
    assert code == 0
    assert out == "" and "has no units" in err


@pytest.mark.parametrize(
    "args",
    [
        ("fetch",),
        ("fetch", "Atlas", "--type", "XX"),
        ("fetch", "Atlas", "--pv", "lots"),
        ("fetch", "Atlas", "--era", "Space Age"),
        ("fetch", "Atlas", "--tech", "Martian"),
        ("fetch", "Atlas", "--id", "140"),
        ("catalogue", "sync", "--types", "DS"),
    ],
    ids=[
        "nothing-asked",
        "bad-type",
        "bad-pv",
        "bad-era",
        "bad-tech",
        "id-and-name",
        "sync-bad-type",
    ],
)
def test_bad_input_exits_2_without_asking(mul_env: FakeMul, args: tuple[str, ...]) -> None:
    code, _, err = invoke(*args)
    assert code == 2
    assert err.startswith("cardsmith: ") or "Error" in err
    assert mul_env.hits() == 0


def test_unknown_id_exits_2(mul_env: FakeMul) -> None:
    code, _, err = invoke("fetch", "--id", "1")
    assert code == 2 and "no unit with id 1" in err


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fault", "message"),
    [
        (Fault("status", code=500), "HTTP 500"),
        (Fault("status", code=429, retry_after="5"), "HTTP 429"),
        (Fault("html"), "HTML page"),
        (Fault("truncated"), "truncated JSON"),
        (Fault("cut"), "broke off"),
        (Fault("reset"), "could not be reached"),
        (Fault("slow", delay=1.5), "did not answer within 0.3 s"),
    ],
    ids=lambda value: value.kind if isinstance(value, Fault) else "",
)
def test_faults_exit_3_with_nothing_cached(
    mul_env: FakeMul,
    sleeps: list[float],
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    fault: Fault,
    message: str,
) -> None:
    monkeypatch.setenv("CARDSMITH_MUL_TIMEOUT", "0.3")
    mul_env.fail_always(fault)
    code, out, err = invoke("fetch", "Atlas")
    assert code == 3
    assert message in err and "Traceback" not in err
    assert out == ""
    assert mul_env.hits() == 3 and len(sleeps) == 2
    assert "mul" not in stored(cache_dir).values()


def test_wrong_shape_exits_2(mul_env: FakeMul) -> None:
    mul_env.fail_always(Fault("wrong-shape"))
    code, _, err = invoke("fetch", "Atlas")
    assert code == 2 and "not a QuickList answer" in err


def test_offline_flag_serves_the_cache(mul_env: FakeMul) -> None:
    assert invoke("fetch", "Griffin")[0] == 0
    code, out, err = invoke("--offline", "fetch", "Griffin")
    assert code == 0 and "unchanged" in out and err == ""
    code, _, err = invoke("--offline", "fetch", "Atlas")
    assert code == 3 and "offline" in err
    assert mul_env.hits() == 1


def test_sync_failing_midway_keeps_what_it_stored(
    mul_env: FakeMul, sleeps: list[float], cache_dir: Path
) -> None:
    mul_records = mul_env.data.records
    mul_env.fail_always(Fault("status", code=500), after=1)
    code, out, err = invoke("catalogue", "sync", "--types", "PM", "--eras", "13,14,15")
    assert code == 3
    first = {r["Id"] for r in mul_records if r["Type"]["Id"] == 23 and r["EraId"] == 13}
    assert first and first <= set(stored(cache_dir))
    assert "Synced 1 of 3 batches" in out
    assert "missing 2 of 3 batches" in err
    assert "ProtoMech, Jihad" in err and "ProtoMech, Early Republic" in err
    assert "Run the same command again" in err
    assert mul_env.hits() == 1 + 3  # the sync stopped after the first failing batch
    # Once the MUL is back, the same command finishes; the first batch comes from the cache.
    mul_env.fail_always(None)
    code, out, err = invoke("catalogue", "sync", "--types", "PM", "--eras", "13,14,15")
    assert code == 0, err
    assert mul_env.hits() == 4 + 2


def test_sync_offline_serves_cached_batches_and_names_the_rest(
    mul_env: FakeMul, cache_dir: Path
) -> None:
    assert invoke("catalogue", "sync", "--types", "PM", "--eras", "13")[0] == 0
    code, out, err = invoke("--offline", "catalogue", "sync", "--types", "PM", "--eras", "13,14")
    assert code == 3
    assert "Synced 1 of 2 batches" in out
    assert "ProtoMech, Jihad: not in the HTTP cache (offline)" in err
    assert mul_env.hits() == 1


def test_availability_era_filter(mul_env: FakeMul, cache_dir: Path) -> None:
    code, _, err = invoke(
        "fetch", "--type", "BM", "--available-era", "Star League", "--rules", "Introductory"
    )
    assert code == 0, err
    assert mul_env.requests[-1].values("AvailableEras") == ["10"]
    served = mul_env.data
    expected = {i for i in served.available[10] if served.by_id[i]["Rules"] == "Introductory"}
    assert expected and expected <= set(stored(cache_dir))


# -- availability ------------------------------------------------------------------------------


@pytest.mark.slow
def test_sync_availability_for_any_faction(mul_env: FakeMul, cache_dir: Path) -> None:
    code, out, err = invoke(
        "catalogue", "sync", "--availability", "--eras", "Star League,Jihad", "--types", "BM"
    )
    assert code == 0, err
    asked = [r for r in mul_env.requests if r.values("AvailableEras")]
    assert [r.values("AvailableEras") for r in asked] == [["10"], ["14"]]
    assert all(r.values("Types") == ["18"] and not r.values("Factions") for r in asked)
    assert "Synced 2 of 2 batches" in out
    info = json.loads(invoke("catalogue", "info", "--format", "json")[1])
    lists = info["availability"]["lists"]
    assert [(item["era_id"], item["faction"], item["units"]) for item in lists] == [
        (10, "any faction", len(mul_env.data.available[10])),
        (14, "any faction", len(mul_env.data.available[14])),
    ]
    assert info["availability"]["version"]
    on_list = min(mul_env.data.available[10])
    with Catalogue.open(cache_dir) as catalogue:
        assert catalogue.availability(on_list, 10) is True
        assert catalogue.availability(on_list, 13) is None  # not synced
    # Searching by availability, kept apart from the production era.
    code, out, err = invoke(
        "search", "--available-in", "Star League", "--limit", "0", "--format", "json"
    )
    assert code == 0, err
    assert {u["mul_id"] for u in json.loads(out)} == set(mul_env.data.available[10])
    # Run again: every batch comes from the HTTP cache.
    before = mul_env.hits()
    assert invoke("catalogue", "sync", "--availability", "--eras", "10,14", "--types", "BM")[0] == 0
    assert mul_env.hits() == before


def test_sync_availability_per_faction(mul_env: FakeMul, cache_dir: Path) -> None:
    made = add_synthetic_factions(mul_env.data)
    (alpha, beta) = list(made)[:2]
    code, out, err = invoke(
        "catalogue", "sync", "--availability", "--eras", "13",
        "--factions", "synthetic faction a,Synthetic Faction B", "--types", "BM",
    )  # fmt: skip
    assert code == 0, err
    assert mul_env.hits("/Faction/Autocomplete") == 2  # each unknown name looked up once
    asked = [r.values("Factions") for r in mul_env.requests if r.values("AvailableEras")]
    assert asked == [[str(alpha)], [str(beta)]]
    fielded_by_alpha = mul_env.data.faction_available[(13, alpha)]
    only_beta = next(iter(mul_env.data.faction_available[(13, beta)] - fielded_by_alpha))
    with Catalogue.open(cache_dir) as catalogue:
        assert catalogue.find_faction("faction a").id == alpha  # stored: resolves offline now
        assert catalogue.availability(min(fielded_by_alpha), 13, alpha) is True
        assert catalogue.availability(only_beta, 13, alpha) is False
        assert catalogue.availability(only_beta, 13, beta) is True
        assert catalogue.availability(only_beta, 14, beta) is None
    code, out, _ = invoke(
        "search", "--available-in", "13", "--faction", "Synthetic Faction A", "--limit", "0",
        "--format", "json",
    )  # fmt: skip
    assert code == 0 and {u["mul_id"] for u in json.loads(out)} == set(fielded_by_alpha)


def test_unknown_faction_exits_2_with_suggestions(mul_env: FakeMul) -> None:
    add_synthetic_factions(mul_env.data)
    code, _, err = invoke("catalogue", "sync", "--availability", "--factions", "Synthetic Factoin")
    assert code == 2
    assert "unknown faction 'Synthetic Factoin'" in err and "Did you mean:" in err
    assert "Synthetic Faction A (test data) (MUL id 9001)" in err
    code, _, err = invoke("search", "--available-in", "13", "--faction", "Nobody")
    assert code == 2 and "unknown faction" in err
    code, _, err = invoke("search", "--faction", "Nobody")
    assert code == 2 and "needs --available-in" in err


def test_offline_flag_on_the_subcommands(mul_env: FakeMul) -> None:
    assert invoke("fetch", "Griffin")[0] == 0
    assert invoke("catalogue", "sync", "--types", "PM", "--eras", "13")[0] == 0
    before = mul_env.hits()
    code, out, err = invoke("fetch", "Griffin", "--offline")
    assert code == 0 and "unchanged" in out, err
    code, out, err = invoke("catalogue", "sync", "--types", "PM", "--eras", "13,14", "--offline")
    assert code == 3 and "Synced 1 of 2 batches" in out
    assert "not in the HTTP cache (offline)" in err
    assert mul_env.hits() == before
