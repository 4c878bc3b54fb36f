"""MulClient and the cached session against a real HTTP server on loopback (the fake MUL)."""

from __future__ import annotations

import email.utils
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from mulserver.server import FakeMul, Fault

from cardsmith import __version__
from cardsmith.catalogue.client import MulClient
from cardsmith.catalogue.http import HTTP_CACHE_NAME, MulSession, build_session
from cardsmith.errors import (
    CatalogueDataError,
    CatalogueUnavailable,
    OfflineCacheMiss,
    UnitNotFound,
    UsageError,
)

ATLAS = [("Name", "Atlas"), ("Types", 18)]


class SleepLog:
    """Stands in for time.sleep: records the waits the client asks for."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def sleeps() -> SleepLog:
    return SleepLog()


@pytest.fixture
def session(tmp_path: Path) -> Iterator[MulSession]:
    with build_session(tmp_path / "cache") as cached:
        yield cached


@pytest.fixture(params=["cached", "plain"])
def any_session(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[requests.Session]:
    """The client must cope with a plain requests.Session as well as the cached one."""
    chosen = build_session(tmp_path / "cache") if request.param == "cached" else requests.Session()
    with chosen:
        yield chosen


def client_for(
    server: FakeMul, session: requests.Session, sleeps: SleepLog, **options: Any
) -> MulClient:
    return MulClient(
        session, base_url=server.url, timeout=options.pop("timeout", 2.0), sleep=sleeps, **options
    )


def expire_everything(cache_dir: Path) -> None:
    """Make every cached answer stale, as if the day had passed."""
    with build_session(cache_dir) as other:
        other.cache.reset_expiration(0)


# -- normal answers ------------------------------------------------------------------------


def test_quick_list_sends_user_agent_and_repeatable_keys(
    fake_mul: FakeMul, any_session: requests.Session, sleeps: SleepLog
) -> None:
    client = client_for(fake_mul, any_session, sleeps)
    answer = client.quick_list([("Types", 18), ("Types", 19)], Name="ar")
    seen = fake_mul.requests[-1]
    assert seen.headers["User-Agent"] == f"cardsmith/{__version__}"
    assert seen.values("Types") == ["18", "19"]
    assert seen.values("Name") == ["ar"]
    kinds = {u["Type"]["Id"] for u in answer.units}
    assert kinds == {18, 19}  # Marauder and the missile carriers, among others
    assert all("ar" in u["Name"].lower() for u in answer.units)
    assert answer.source.from_cache is False and answer.source.warning is None


def test_keyword_lists_repeat_keys_like_pairs(
    fake_mul: FakeMul, session: MulSession, sleeps: SleepLog
) -> None:
    client = client_for(fake_mul, session, sleeps)
    by_pairs = client.quick_list([("Roles", "Brawler"), ("Roles", "Sniper"), ("Eras", 10)])
    by_keywords = client.quick_list(Roles=["Brawler", "Sniper"], Eras=10)
    assert [u["Id"] for u in by_pairs.units] == [u["Id"] for u in by_keywords.units]
    assert {u["Role"]["Name"] for u in by_pairs.units} == {"Brawler", "Sniper"}
    assert by_keywords.source.from_cache  # the same query, so the cache answered
    assert fake_mul.hits() == 1


@pytest.mark.parametrize(
    ("pairs", "message"),
    [([("Typo", 1)], "unknown QuickList filter"), ([("Name", "a"), ("Name", "b")], "only once")],
    ids=["unknown-key", "name-twice"],
)
def test_bad_filters_are_refused_before_asking(
    fake_mul: FakeMul,
    session: MulSession,
    sleeps: SleepLog,
    pairs: list[tuple[str, object]],
    message: str,
) -> None:
    with pytest.raises(UsageError, match=message):
        client_for(fake_mul, session, sleeps).quick_list(pairs)
    assert fake_mul.hits() == 0


def test_quick_details(fake_mul: FakeMul, session: MulSession, sleeps: SleepLog) -> None:
    client = client_for(fake_mul, session, sleeps)
    assert client.quick_details(140).record == fake_mul.data.by_id[140]
    with pytest.raises(UnitNotFound, match=r"no unit with id 1$"):
        client.quick_details(1)
    fake_mul.fail_next(Fault("empty"))  # the body "null"
    with pytest.raises(UnitNotFound):
        client.quick_details(1297)


def test_empty_result_is_an_answer_not_an_error(
    fake_mul: FakeMul, session: MulSession, sleeps: SleepLog
) -> None:
    fake_mul.fail_next(Fault("empty"))
    answer = client_for(fake_mul, session, sleeps).quick_list(Name="Atlas")
    assert answer.units == ()
    assert fake_mul.hits() == 1


# -- failures with nothing cached ------------------------------------------------------------

FAULTS = [
    (Fault("status", code=500), "answered HTTP 500"),
    (Fault("status", code=503), "answered HTTP 503"),
    (Fault("status", code=429, retry_after="1"), "answered HTTP 429"),
    (Fault("html"), "HTML page instead of JSON"),
    (Fault("truncated"), "truncated JSON"),
    (Fault("cut"), "broke off in the middle"),
    (Fault("reset"), "could not be reached"),
    (Fault("slow", delay=1.5), "did not answer within 0.3 s"),
]


@pytest.mark.parametrize(
    ("fault", "message"), FAULTS, ids=[f"{f.kind}-{f.code}" for f, _ in FAULTS]
)
def test_persistent_faults_are_retried_then_reported(
    fake_mul: FakeMul, any_session: requests.Session, sleeps: SleepLog, fault: Fault, message: str
) -> None:
    fake_mul.fail_always(fault)
    client = client_for(fake_mul, any_session, sleeps, timeout=0.3, retries=2)
    with pytest.raises(CatalogueUnavailable, match=message) as caught:
        client.quick_list(ATLAS)
    assert not isinstance(caught.value, OfflineCacheMiss)
    assert "tried 3 times" in caught.value.message
    assert caught.value.__cause__ is not None  # chained from what requests raised
    assert fake_mul.hits() == 3
    assert len(sleeps.waits) == 2


def test_wrong_shape_is_a_data_error_and_not_retried(
    fake_mul: FakeMul, any_session: requests.Session, sleeps: SleepLog
) -> None:
    fake_mul.fail_always(Fault("wrong-shape"))
    with pytest.raises(CatalogueDataError, match="not a QuickList answer"):
        client_for(fake_mul, any_session, sleeps).quick_list(ATLAS)
    assert fake_mul.hits() == 1


def test_nothing_listening(session: MulSession, sleeps: SleepLog) -> None:
    client = MulClient(session, base_url="http://127.0.0.1:9", timeout=1, retries=1, sleep=sleeps)
    with pytest.raises(CatalogueUnavailable, match="could not be reached") as caught:
        client.quick_list(ATLAS)
    assert isinstance(caught.value.__cause__, requests.ConnectionError)


# -- retries and back-off --------------------------------------------------------------------


def test_transient_faults_pass_with_exponential_backoff(
    fake_mul: FakeMul, any_session: requests.Session, sleeps: SleepLog
) -> None:
    fake_mul.fail_next(Fault("status", code=502), Fault("reset"), Fault("html"))
    client = client_for(fake_mul, any_session, sleeps, retries=3, backoff=0.25)
    answer = client.quick_list(ATLAS)
    assert answer.units and answer.source.attempts == 4
    assert fake_mul.hits() == 4
    assert sleeps.waits == [0.25, 0.5, 1.0]


@pytest.mark.parametrize(
    ("retry_after", "expected"),
    [("2", 2.0), ("3600", 30.0), ("soon", 0.5)],
    ids=["seconds", "capped", "unreadable-uses-backoff"],
)
def test_429_honours_retry_after(
    fake_mul: FakeMul, session: MulSession, sleeps: SleepLog, retry_after: str, expected: float
) -> None:
    fake_mul.fail_next(Fault("status", code=429, retry_after=retry_after))
    answer = client_for(fake_mul, session, sleeps, max_wait=30.0).quick_list(ATLAS)
    assert answer.units
    assert sleeps.waits == [expected]
    assert fake_mul.hits() == 2


def test_retry_after_as_http_date(fake_mul: FakeMul, session: MulSession, sleeps: SleepLog) -> None:
    when = email.utils.formatdate(time.time() + 20, usegmt=True)
    fake_mul.fail_next(Fault("status", code=503, retry_after=when))
    client_for(fake_mul, session, sleeps).quick_list(ATLAS)
    assert len(sleeps.waits) == 1 and 10 < sleeps.waits[0] <= 20


def test_no_retries_when_told_so(fake_mul: FakeMul, session: MulSession, sleeps: SleepLog) -> None:
    fake_mul.fail_always(Fault("status", code=500))
    with pytest.raises(CatalogueUnavailable):
        client_for(fake_mul, session, sleeps, retries=0).quick_list(ATLAS)
    assert (fake_mul.hits(), sleeps.waits) == (1, [])


# -- the HTTP cache: stale answers and offline mode ---------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "fault",
    [
        Fault("status", code=500),
        Fault("html"),
        Fault("truncated"),
        Fault("reset"),
        Fault("slow", delay=1.5),
    ],
    ids=lambda f: f.kind,
)
def test_stale_answer_serves_when_the_server_fails(
    fake_mul: FakeMul, tmp_path: Path, session: MulSession, sleeps: SleepLog, fault: Fault
) -> None:
    client = client_for(fake_mul, session, sleeps, timeout=0.5)
    fresh = client.quick_list(ATLAS)
    expire_everything(tmp_path / "cache")
    fake_mul.fail_always(fault)
    stale = client.quick_list(ATLAS)
    assert stale.units == fresh.units
    assert stale.source.stale and stale.source.from_cache
    assert stale.source.warning is not None
    assert stale.source.warning.startswith("MUL unreachable; showing cached answer from ")
    assert fake_mul.hits() == 1 + 3  # the server was asked again (with retries) before settling


def test_a_bad_body_never_replaces_a_good_cached_answer(
    fake_mul: FakeMul, tmp_path: Path, session: MulSession, sleeps: SleepLog
) -> None:
    client = client_for(fake_mul, session, sleeps, retries=0)
    good = client.quick_list(ATLAS)
    expire_everything(tmp_path / "cache")
    fake_mul.fail_next(Fault("html"))
    assert client.quick_list(ATLAS).source.stale  # the HTML page was not cached ...
    again = client.quick_list(ATLAS)  # ... so the server is asked again and answers well
    assert again.units == good.units and not again.source.from_cache
    assert client.quick_list(ATLAS).source.from_cache  # and that answer is cached


def test_fresh_cache_answers_without_the_network(
    fake_mul: FakeMul, session: MulSession, sleeps: SleepLog
) -> None:
    client = client_for(fake_mul, session, sleeps)
    client.quick_list(ATLAS)
    fake_mul.fail_always(Fault("status", code=500))
    answer = client.quick_list(ATLAS)
    assert answer.source.from_cache and answer.source.warning is None
    assert fake_mul.hits() == 1


def test_offline_never_touches_the_network(
    fake_mul: FakeMul, tmp_path: Path, sleeps: SleepLog
) -> None:
    with build_session(tmp_path / "cache") as online:
        client_for(fake_mul, online, sleeps).quick_list(ATLAS)
    expire_everything(tmp_path / "cache")
    with build_session(tmp_path / "cache", offline=True) as offline:
        assert offline.offline
        client = client_for(fake_mul, offline, sleeps)
        answer = client.quick_list(ATLAS)
        assert answer.units and answer.source.from_cache
        assert answer.source.warning is not None and answer.source.warning.startswith(
            "offline; showing cached answer"
        )
        with pytest.raises(OfflineCacheMiss, match="never fetched before"):
            client.quick_list(Name="Griffin")
        with pytest.raises(OfflineCacheMiss):
            client.quick_details(140)
    assert fake_mul.hits() == 1  # only the first, online request
    assert sleeps.waits == []


def test_a_damaged_cache_file_is_moved_aside(
    tmp_path: Path, fake_mul: FakeMul, sleeps: SleepLog
) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / f"{HTTP_CACHE_NAME}.sqlite").write_bytes(b"this is not a database" * 100)
    with build_session(folder) as rebuilt:
        assert len(rebuilt.notices) == 1 and "could not be read" in rebuilt.notices[0]
        assert client_for(fake_mul, rebuilt, sleeps).quick_list(ATLAS).units
    assert list(folder.glob(f"{HTTP_CACHE_NAME}.sqlite.corrupt-*"))


# -- configuration -------------------------------------------------------------------------


def test_from_env(monkeypatch: pytest.MonkeyPatch, session: MulSession, fake_mul: FakeMul) -> None:
    monkeypatch.setenv("CARDSMITH_MUL_URL", fake_mul.url + "/")
    monkeypatch.setenv("CARDSMITH_MUL_TIMEOUT", "4.5")
    monkeypatch.setenv("CARDSMITH_MUL_RETRIES", "1")
    client = MulClient.from_env(session)
    assert (client.base_url, client.timeout, client.retries) == (fake_mul.url, 4.5, 1)
    monkeypatch.delenv("CARDSMITH_MUL_URL")
    assert MulClient.from_env(session).base_url == "http://masterunitlist.info"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CARDSMITH_MUL_TIMEOUT", "fast"),
        ("CARDSMITH_MUL_TIMEOUT", "nan"),
        ("CARDSMITH_MUL_TIMEOUT", "inf"),
        ("CARDSMITH_MUL_TIMEOUT", "0"),
        ("CARDSMITH_MUL_TIMEOUT", "1e400"),
        ("CARDSMITH_MUL_RETRIES", "-1"),
        ("CARDSMITH_MUL_RETRIES", "nan"),
        ("CARDSMITH_MUL_RETRIES", "inf"),
        ("CARDSMITH_MUL_RETRIES", "1.5"),
        ("CARDSMITH_MUL_URL", "ftp://mul"),
        ("CARDSMITH_MUL_URL", "nan"),
        ("CARDSMITH_MUL_URL", "inf"),
        ("CARDSMITH_MUL_URL", "0"),
        ("CARDSMITH_MUL_URL", "http://[::1"),
        ("CARDSMITH_MUL_URL", "http://mul:99999"),
        ("CARDSMITH_MUL_URL", "http://mul:0"),
    ],
)
def test_bad_settings_are_usage_errors(
    monkeypatch: pytest.MonkeyPatch, session: MulSession, name: str, value: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(UsageError, match=name):
        MulClient.from_env(session)


@pytest.mark.parametrize("value", ["nan", "inf", "0", "http://[::1"])
def test_bad_settings_exit_2_from_the_command_line(
    fake_mul: FakeMul, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    from click.testing import CliRunner

    from cardsmith.cli import main

    for name in ("CARDSMITH_MUL_URL", "CARDSMITH_MUL_TIMEOUT"):
        monkeypatch.setenv("CARDSMITH_MUL_URL", fake_mul.url)
        monkeypatch.setenv(name, value)
        with CliRunner().isolation() as (_, err, _), pytest.raises(SystemExit) as done:
            main(["fetch", "Atlas"])
        assert done.value.code == 2, err.getvalue()
        assert name in err.getvalue().decode() and "Traceback" not in err.getvalue().decode()
    assert fake_mul.hits() == 0


# -- a total deadline per request ------------------------------------------------------------


@pytest.mark.slow
def test_a_dripping_server_cannot_hold_a_request(
    fake_mul: FakeMul, any_session: requests.Session, sleeps: SleepLog
) -> None:
    """One byte every 0.1 s: every read is quick, yet the whole answer takes minutes."""
    fake_mul.fail_always(Fault("drip", delay=0.1))
    client = client_for(fake_mul, any_session, sleeps, timeout=1.0, retries=1)
    with pytest.raises(CatalogueUnavailable, match=r"did not answer within 1 s \(tried 2 times\)"):
        client.quick_list(ATLAS)
    body = len(json.dumps({"Units": fake_mul.data.quick_list([(k, str(v)) for k, v in ATLAS])}))
    # Two attempts of about a second each: a few dozen bytes of an answer of thousands.
    assert 0 < fake_mul.dripped < body // 4
    assert fake_mul.hits() == 2
