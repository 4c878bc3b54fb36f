"""Provides ``MulClient``: the Master Unit List's QuickList and QuickDetails over HTTP.

This module and ``cardsmith.catalogue.http`` are the only places that import ``requests``.
Callers get plain decoded records plus where they came from (network, cache, stale
cache), or a cardsmith error that says what went wrong; never a ``requests`` object or
exception.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import requests

from cardsmith import __version__
from cardsmith.catalogue.answers import (
    FACTIONS,
    QUICK_DETAILS,
    QUICK_LIST,
    BadAnswer,
    decode_answer,
    reason_of,
    retry_after,
)
from cardsmith.catalogue.deadline import DeadlineAdapter
from cardsmith.catalogue.factions import Faction, parse_autocomplete
from cardsmith.errors import (
    CatalogueDataError,
    CatalogueUnavailable,
    OfflineCacheMiss,
    UnitNotFound,
    UsageError,
)
from cardsmith.limits import finite_number

#: The public MUL (facts §1.1); ``CARDSMITH_MUL_URL`` points cardsmith elsewhere.
DEFAULT_BASE_URL = "http://masterunitlist.info"
#: Seconds one request may take in all (connecting, waiting and reading the whole answer).
DEFAULT_TIMEOUT = 10.0
#: The longest ``CARDSMITH_MUL_TIMEOUT`` and most ``CARDSMITH_MUL_RETRIES`` accepted.
MAX_TIMEOUT = 600.0
MAX_RETRIES = 10
#: Extra attempts after the first when the server fails in a way that may pass.
DEFAULT_RETRIES = 2
#: First back-off in seconds; doubled on every further attempt.
DEFAULT_BACKOFF = 0.5
#: Longest single wait, whatever ``Retry-After`` asks for: a user is watching.
MAX_WAIT = 30.0

USER_AGENT = f"cardsmith/{__version__}"


#: QuickList filters that may repeat; values within one key are ORed (facts §1.2).
REPEATABLE_FILTERS = frozenset(
    {"Types", "SubTypes", "Technologies", "Rules", "Roles", "Eras", "AvailableEras", "Factions"}
)
#: Every QuickList filter cardsmith knows (facts §1.2); anything else is a typo.
KNOWN_FILTERS = REPEATABLE_FILTERS | {
    "Name", "MinPV", "MaxPV", "MinTons", "MaxTons", "MinBV", "MaxBV", "HasBV",
    "MinIntro", "MaxIntro", "MinCost", "MaxCost", "HasBFAbility", "HasRole",
}  # fmt: skip

#: Answers worth another try: overload, rate limits and gateway trouble.
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})

#: Default sleep between attempts; tests replace it (``MulClient(sleep=...)``).
DEFAULT_SLEEP: Callable[[float], None] = time.sleep


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where an answer came from: the network, the HTTP cache, or a stale cache entry."""

    url: str
    """The URL asked, with its query string."""
    from_cache: bool = False
    """True when the HTTP cache answered."""
    stale: bool = False
    """True when the cached answer is past its expiry time."""
    cached_at: datetime | None = None
    """When a cached answer was first received (UTC)."""
    offline: bool = False
    """True when the session may not use the network."""
    attempts: int = 1
    """How many requests it took."""

    @property
    def warning(self) -> str | None:
        """What the user should be told about this answer's age, if anything."""
        if not self.stale:
            return None
        when = format_time(self.cached_at)
        if self.offline:
            return f"offline; showing cached answer from {when} (it may be out of date)"
        return f"MUL unreachable; showing cached answer from {when}"


@dataclass(frozen=True, slots=True)
class QuickListAnswer:
    """A QuickList answer: the raw unit records and where they came from."""

    units: tuple[Mapping[str, Any], ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class FactionsAnswer:
    """A ``Faction/Autocomplete`` answer: the factions and where they came from."""

    factions: tuple[Faction, ...]
    source: Provenance


@dataclass(frozen=True, slots=True)
class DetailsAnswer:
    """A QuickDetails answer: one raw unit record and where it came from."""

    record: Mapping[str, Any]
    source: Provenance


def format_time(moment: datetime | None) -> str:
    """A cache time for messages: ``2026-03-01 14:02 UTC``."""
    if moment is None:
        return "an unknown time"
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


class MulClient:
    """Asks the Master Unit List for units.

    Every request carries ``User-Agent: cardsmith/<version>`` and a timeout.  Connection
    errors, timeouts, broken bodies, 5xx and 429 answers are retried with exponential
    back-off (honouring ``Retry-After``, capped at ``max_wait``); when the session is a
    cached one whose stale answer covers a failure, that answer is returned with a
    warning in its ``source``.
    """

    def __init__(
        self,
        session: requests.Session,
        *,
        base_url: str = DEFAULT_BASE_URL,
        timeout: float = DEFAULT_TIMEOUT,
        retries: int = DEFAULT_RETRIES,
        backoff: float = DEFAULT_BACKOFF,
        max_wait: float = MAX_WAIT,
        sleep: Callable[[float], None] | None = None,
    ) -> None:
        self.base_url = check_url(base_url)
        self.timeout = timeout
        self.retries = max(0, retries)
        self.backoff = backoff
        self.max_wait = max_wait
        self._session = session
        self._sleep = sleep
        # A requests-cache session in offline mode answers only from its cache.
        settings = getattr(session, "settings", None)
        self.offline = bool(getattr(settings, "only_if_cached", False))
        if not isinstance(session.get_adapter(self.base_url + "/"), DeadlineAdapter):
            # The timeout is a deadline for each whole request, also on a plain session.
            session.mount(self.base_url + "/", DeadlineAdapter())

    @classmethod
    def from_env(
        cls, session: requests.Session, *, sleep: Callable[[float], None] | None = None
    ) -> MulClient:
        """A client configured by ``CARDSMITH_MUL_URL``, ``CARDSMITH_MUL_TIMEOUT`` (seconds)
        and ``CARDSMITH_MUL_RETRIES``.

        Raises:
            UsageError: one of them is not a usable value.
        """
        base_url = os.environ.get("CARDSMITH_MUL_URL") or DEFAULT_BASE_URL
        try:
            check_url(base_url)
        except UsageError as exc:
            raise UsageError(f"CARDSMITH_MUL_URL: {exc.message}") from None
        timeout = _env_number("CARDSMITH_MUL_TIMEOUT", DEFAULT_TIMEOUT, high=MAX_TIMEOUT, above=0)
        retries = _env_number("CARDSMITH_MUL_RETRIES", DEFAULT_RETRIES, high=MAX_RETRIES)
        if retries != int(retries):
            raise UsageError("CARDSMITH_MUL_RETRIES must be a whole number")
        return cls(session, base_url=base_url, timeout=timeout, retries=int(retries), sleep=sleep)

    # -- endpoints -------------------------------------------------------------------

    def quick_list(
        self, params: Iterable[tuple[str, object]] = (), /, **filters: object
    ) -> QuickListAnswer:
        """Units matching QuickList filters.

        Filters come as ``(key, value)`` pairs, which may repeat a key
        (``[("Types", 18), ("Types", 19)]``), or as keywords whose list or tuple values
        repeat the key (``Types=[18, 19], Name="Atlas"``).

        Raises:
            UsageError: an unknown filter name.
            CatalogueUnavailable: the MUL could not answer and nothing cached could.
            OfflineCacheMiss: offline and this query was never asked before.
            CatalogueDataError: the server answered with JSON that is not a QuickList.
        """
        query = build_params(params, filters)
        data, source = self._get(QUICK_LIST, query)
        return QuickListAnswer(tuple(data["Units"]), source)

    def quick_details(self, mul_id: int) -> DetailsAnswer:
        """One unit's record by MUL id.

        Raises:
            UnitNotFound: the MUL has no unit with this id.
            CatalogueUnavailable, OfflineCacheMiss, CatalogueDataError: as ``quick_list``.
        """
        data, source = self._get(QUICK_DETAILS, [("id", str(mul_id))])
        if data is None:
            raise UnitNotFound(f"the MUL has no unit with id {mul_id}")
        return DetailsAnswer(data, source)

    def factions(self, term: str = "") -> FactionsAnswer:
        """The MUL's factions whose names hold ``term`` (every faction for ``""``).

        Raises:
            CatalogueUnavailable, OfflineCacheMiss, CatalogueDataError: as ``quick_list``.
        """
        data, source = self._get(FACTIONS, [("term", term)])
        return FactionsAnswer(tuple(parse_autocomplete(data, origin=source.url)), source)

    # -- the request loop --------------------------------------------------------------

    def _get(self, endpoint: str, query: list[tuple[str, str]]) -> tuple[Any, Provenance]:
        url = self.base_url + endpoint
        shown = requests.Request("GET", url, params=query).prepare().url or url
        headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
        attempts = self.retries + 1
        problem = "failed"
        cause: BaseException | None = None
        for attempt in range(1, attempts + 1):
            wait: float | None = None
            try:
                response = self._session.get(
                    url, params=query, headers=headers, timeout=self.timeout
                )
            except BadAnswer as exc:
                if not exc.retryable:
                    raise CatalogueDataError(
                        f"the MUL answered {shown} with {exc.problem}"
                    ) from exc
                problem, cause = f"answered with {exc.problem}", exc
            except requests.Timeout as exc:
                problem, cause = f"did not answer within {self.timeout:g} s", exc
            except requests.ConnectionError as exc:
                problem, cause = f"could not be reached ({reason_of(exc)})", exc
            except requests.exceptions.ChunkedEncodingError as exc:
                problem, cause = "broke off in the middle of its answer", exc
            except requests.RequestException as exc:
                raise CatalogueUnavailable(f"cannot ask the MUL for {shown}: {exc}") from exc
            else:
                source = self._provenance(response, shown, attempt)
                if _is_offline_miss(response):
                    raise OfflineCacheMiss(
                        f"offline, and {shown} was never fetched before; go online or "
                        "search the local catalogue instead"
                    )
                status = response.status_code
                if source.stale and not self.offline and attempt < attempts:
                    # The cache covered a failure; try the server again before settling.
                    problem, cause = "failed (an older cached answer exists)", None
                elif status in RETRY_STATUSES:
                    problem = f"answered HTTP {status} {response.reason or ''}".rstrip()
                    cause = _http_error(response)
                    wait = retry_after(response)
                elif status == 404 and endpoint == QUICK_DETAILS:
                    return None, source
                elif status >= 400:
                    raise CatalogueUnavailable(
                        f"the MUL refused {shown}: HTTP {status} {response.reason or ''}".rstrip()
                    ) from _http_error(response)
                else:
                    try:
                        return decode_answer(response, endpoint), source
                    except BadAnswer as exc:
                        if not exc.retryable or source.from_cache:
                            raise CatalogueDataError(
                                f"the MUL answered {shown} with {exc.problem}"
                            ) from exc
                        problem, cause = f"answered with {exc.problem}", exc
            if attempt < attempts:
                delay = wait if wait is not None else self.backoff * 2 ** (attempt - 1)
                (self._sleep or DEFAULT_SLEEP)(min(max(delay, 0.0), self.max_wait))
        tries = f" (tried {attempts} times)" if attempts > 1 else ""
        raise CatalogueUnavailable(
            f"the MUL at {self.base_url} {problem}{tries}; nothing cached can answer {shown}"
        ) from cause

    def _provenance(self, response: requests.Response, url: str, attempt: int) -> Provenance:
        from_cache = bool(getattr(response, "from_cache", False))
        return Provenance(
            url=url,
            from_cache=from_cache,
            stale=from_cache and bool(getattr(response, "is_expired", False)),
            cached_at=getattr(response, "created_at", None) if from_cache else None,
            offline=self.offline,
            attempts=attempt,
        )


def build_params(
    params: Iterable[tuple[str, object]], filters: Mapping[str, object]
) -> list[tuple[str, str]]:
    """Flatten filters into query pairs, repeating keys for list values.

    Raises:
        UsageError: an unknown filter, or a list given for a filter that cannot repeat.
    """
    pairs: list[tuple[str, object]] = list(params)
    for key, value in filters.items():
        if isinstance(value, list | tuple | set | frozenset):
            pairs.extend((key, item) for item in value)
        elif value is not None:
            pairs.append((key, value))
    query: list[tuple[str, str]] = []
    seen: set[str] = set()
    for key, value in pairs:
        if key not in KNOWN_FILTERS:
            raise UsageError(
                f"unknown QuickList filter {key!r}; known: {', '.join(sorted(KNOWN_FILTERS))}"
            )
        if key in seen and key not in REPEATABLE_FILTERS:
            raise UsageError(f"the QuickList filter {key!r} can be given only once")
        seen.add(key)
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        query.append((key, text))
    return query


def check_url(base_url: str) -> str:
    """The MUL address without a trailing slash.

    Raises:
        UsageError: not an http(s) URL with a host (and a valid port, when one is given).
    """
    text = base_url.strip()
    try:
        parts = urlsplit(text)
        port = parts.port  # raises ValueError for a port out of range or not a number
    except ValueError as exc:
        raise UsageError(f"the MUL address {base_url!r} is not a valid URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname or port == 0:
        raise UsageError(f"the MUL address must be an http(s) URL, not {base_url!r}")
    return text.rstrip("/")


def _env_number(name: str, default: float, *, high: float, above: float | None = None) -> float:
    text = os.environ.get(name)
    if not text:
        return default
    if above is not None:
        value = finite_number(text, name=name, error=UsageError, above=above)
    else:
        value = finite_number(text, name=name, error=UsageError, at_least=0)
    if value > high:
        raise UsageError(f"{name} may be at most {high:g}, not {text!r}")
    return value


def _is_offline_miss(response: requests.Response) -> bool:
    # requests-cache answers an only-if-cached miss with a synthetic "504 Not Cached".
    return (
        response.status_code == 504
        and bool(getattr(response, "from_cache", False))
        and response.reason == "Not Cached"
    )


def _http_error(response: requests.Response) -> requests.HTTPError:
    return requests.HTTPError(f"HTTP {response.status_code} for {response.url}", response=response)
