"""Provides ``build_session``: the cached HTTP session the MUL client talks through."""

from __future__ import annotations

import logging
import sqlite3
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from requests_cache import CachedSession

from cardsmith.catalogue import schema
from cardsmith.catalogue.answers import decode_answer, endpoint_of
from cardsmith.catalogue.deadline import DeadlineAdapter
from cardsmith.catalogue.writing import read_only_reason
from cardsmith.errors import CatalogueStoreError
from cardsmith.fileio import os_reason

#: File name (without ``.sqlite``) of the HTTP cache inside the cache folder.
HTTP_CACHE_NAME = "mul-http"

#: How long an answer counts as fresh.  The MUL changes rarely, and every fetched unit
#: lives on in the local catalogue anyway; a day keeps a re-run of ``fetch`` or an
#: interrupted ``sync`` from asking the server again, yet a user fetching on another day
#: sees the MUL's corrections.  Expired answers are kept: they serve (with a warning)
#: whenever the server fails (``stale_if_error``).
EXPIRE_AFTER = timedelta(days=1)

# requests-cache logs a served stale answer as a warning with the full traceback; with
# no logging configured Python would print it on stderr.  cardsmith tells the user in
# its own words instead (``Provenance.warning``), so the library's record goes nowhere
# unless the application sets up logging.
logging.getLogger("requests_cache").addHandler(logging.NullHandler())


class MulSession(CachedSession):
    """A ``CachedSession`` that also carries notices for the user (a rebuilt cache)."""

    notices: list[str]

    @property
    def offline(self) -> bool:
        """True when the session answers from its cache only."""
        return bool(self.settings.only_if_cached)


class _CheckedAdapter(DeadlineAdapter):
    """Turns a 200 answer that is not MUL JSON into an error before the cache sees it.

    requests-cache stores every 200 answer.  Raising here instead means a proxy's HTML
    error page or a cut-off body is never cached, and ``stale_if_error`` serves the last
    good answer in its place.  The whole request runs under one deadline.
    """

    def send(
        self, request: requests.PreparedRequest, *args: Any, **kwargs: Any
    ) -> requests.Response:
        response = super().send(request, *args, **kwargs)
        endpoint = endpoint_of(request.url or "")
        if response.status_code == 200 and endpoint is not None:
            try:
                decode_answer(response, endpoint)
            except Exception:
                response.close()
                raise
        return response


class _NoNetworkAdapter(DeadlineAdapter):
    """Refuses every request: offline mode must never touch the network."""

    def send(
        self, request: requests.PreparedRequest, *args: Any, **kwargs: Any
    ) -> requests.Response:
        raise requests.ConnectionError(f"offline mode: not asking {request.url}")


def build_session(cache_dir: Path, *, offline: bool = False) -> MulSession:
    """A cached session for the MUL, its cache in ``cache_dir``.

    Offline, every request is ``only_if_cached`` (a miss is a "504 Not Cached" answer the
    client turns into ``OfflineCacheMiss``) and the transport refuses to connect.  A
    damaged cache file is moved aside and a new one started, with a notice.  A cache
    file this user cannot write (another owner, a read-only folder or disk), or one
    another cardsmith is writing, is left alone: the answers are cached in memory for
    this run, with a notice.

    Raises:
        CatalogueStoreError: the cache folder cannot be created.
    """
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CatalogueStoreError(
            f"cannot create the cache folder {cache_dir}: {os_reason(exc)}"
        ) from exc
    path = cache_dir / f"{HTTP_CACHE_NAME}.sqlite"
    reason = read_only_reason(path)
    if reason is not None:
        return _in_memory(path, offline, reason)
    try:
        session = _open(path, offline)
        len(session.cache.responses)  # reads the table: a damaged file fails by here
    except sqlite3.DatabaseError as exc:
        if schema.is_busy(exc):
            # Another cardsmith is writing it: never damage, and never moved aside.
            return _in_memory(path, offline, "another cardsmith is writing to it")
        if schema.is_read_only(exc) or schema.is_full(exc) or schema.is_io_error(exc):
            return _in_memory(path, offline, f"it cannot be written ({exc})")
        moved = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            path.replace(moved)
        except OSError as move_error:
            return _in_memory(path, offline, f"it is damaged and {os_reason(move_error)}")
        session = _open(path, offline)
        session.notices = [
            f"the HTTP cache {path} could not be read ({exc}); moved to {moved.name}, starting afresh"
        ]
    return session


def _in_memory(path: Path, offline: bool, reason: str) -> MulSession:
    """A session whose cache lives in memory, for an HTTP cache file that cannot be used."""
    session = _open(path, offline, backend="memory")
    session.notices = [
        f"the HTTP cache {path} is not used: {reason}; answers are not kept for the next run"
    ]
    return session


def _open(path: Path, offline: bool, *, backend: str = "sqlite") -> MulSession:
    # SQLite backend, JSON serializer.  SQLite because two cardsmith processes (a sync
    # and a fetch) may share the cache: it locks across processes, which the filesystem
    # backend does not (its lock is per thread).  JSON because cached data is data —
    # design §10 rules out pickle, requests-cache's default for SQLite.
    options: dict[str, Any] = {"wal": True} if backend == "sqlite" else {}
    session = MulSession(
        str(path),
        backend=backend,
        serializer="json",
        **options,
        expire_after=EXPIRE_AFTER,
        stale_if_error=True,
        only_if_cached=offline,
        allowable_codes=(200,),
        allowable_methods=("GET",),
    )
    session.notices = []
    adapter: HTTPAdapter = _NoNetworkAdapter() if offline else _CheckedAdapter()
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session
