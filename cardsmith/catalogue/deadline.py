"""Provides ``DeadlineAdapter``: a total deadline for each HTTP request, not one per read.

requests (and urllib3 below it) apply their timeout to each socket operation, so a
server that sends one byte every half second keeps a request alive for ever.  This
adapter reads the whole answer under a watchdog: when the deadline passes, the watchdog
shuts the request's socket down, the blocked read returns at once, and the request fails
with ``requests.Timeout``.  The sockets are found through urllib3 connection classes
that register themselves with the watchdog of the thread that uses them.
"""

from __future__ import annotations

import contextlib
import math
import socket
import threading
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

_local = threading.local()


class _Watch:
    """One request's deadline: a timer that shuts down the sockets registered with it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.fired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True

    def __enter__(self) -> _Watch:
        _local.watch = self
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()
        _local.watch = None

    def register(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self._lock:
            self._sockets.append(sock)
            fired = self.fired
        if fired:
            _shut(sock)

    def _fire(self) -> None:
        with self._lock:
            self.fired = True
            sockets = list(self._sockets)
        for sock in sockets:
            _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


def _register(connection: HTTPConnection) -> None:
    watch: _Watch | None = getattr(_local, "watch", None)
    if watch is not None:
        watch.register(connection.sock)


class _WatchedHTTPConnection(HTTPConnection):
    def connect(self) -> None:
        super().connect()
        _register(self)

    def request(self, *args: Any, **kwargs: Any) -> None:
        _register(self)  # a kept-alive connection is already connected
        super().request(*args, **kwargs)


class _WatchedHTTPSConnection(HTTPSConnection):
    def connect(self) -> None:
        super().connect()
        _register(self)

    def request(self, *args: Any, **kwargs: Any) -> None:
        _register(self)
        super().request(*args, **kwargs)


class _WatchedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _WatchedHTTPConnection


class _WatchedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPSConnection


def total_of(timeout: object) -> float | None:
    """The total deadline a requests ``timeout`` asks for (the larger of a pair)."""
    if isinstance(timeout, int | float) and not isinstance(timeout, bool):
        return float(timeout)
    if isinstance(timeout, tuple) and len(timeout) == 2:
        values = [float(v) for v in timeout if isinstance(v, int | float)]
        return max(values) if values else None
    return None


class DeadlineAdapter(HTTPAdapter):
    """An ``HTTPAdapter`` whose ``timeout`` is the longest a whole request may take."""

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {
            "http": _WatchedHTTPPool,
            "https": _WatchedHTTPSPool,
        }

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: Any = None,
        verify: bool | str = True,
        cert: Any = None,
        proxies: Any = None,
    ) -> requests.Response:
        total = total_of(timeout)
        if total is None or not math.isfinite(total) or total <= 0:
            return super().send(request, stream, timeout, verify, cert, proxies)
        with _Watch(total) as watch:
            try:
                response = super().send(request, True, timeout, verify, cert, proxies)
                if not stream:
                    _ = response.content  # the whole body, under the watchdog
            except requests.RequestException as exc:
                if watch.fired:
                    raise requests.Timeout(
                        f"no complete answer within {total:g} s", request=request
                    ) from exc
                raise
            if watch.fired:
                response.close()
                raise requests.Timeout(f"no complete answer within {total:g} s", request=request)
        return response
