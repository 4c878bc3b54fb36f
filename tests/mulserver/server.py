"""A MUL-compatible HTTP server for tests: QuickList, QuickDetails and the faction list.

``FakeMul`` listens on 127.0.0.1 (a free port), answers ``/Unit/QuickList`` with the
MUL's filter semantics (ANDed across keys, ORed within one), ``/Unit/QuickDetails?id=``
with one record and ``/Faction/Autocomplete?term=`` with ``{label, value}`` factions,
records every request it receives, and can be told to misbehave: error statuses, 429
with ``Retry-After``, HTML, truncated or cut-off JSON, an empty result, a slow answer, a
body dripped one byte at a time, a reset connection or JSON of the wrong shape.

Its records are the real ones of ../shared/mul, with the real captured ``AvailableEras``
answers (BattleMechs only; for other types that filter matches nothing).  Where
../shared is absent it serves the starter catalogue (``mulserver.starter``) instead, with
synthetic twins and synthetic availability.  Faction lists can't be captured from here:
``add_synthetic_factions`` generates them in the test, clearly named as synthetic.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import struct
import threading
import time
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

#: MUL ``Rules`` filter ids → the ``Rules`` text of records (facts §1.2).
RULES_BY_ID = {
    55: "Introductory",
    4: "Standard",
    5: "Advanced",
    6: "Experimental",
    56: "Era Specific",
    78: "Unknown",
}
#: ``SubTypes`` the fake understands (facts §1.2: 28 = battle armor).
SUBTYPE_BFTYPES = {28: "BA"}

_AVAILABLE_FILE = re.compile(r"Types_(\d+)_Technologies_(\d+)_AvailableEras_(\d+)\.json$")

FAULT_KINDS = frozenset(
    {"status", "html", "truncated", "cut", "empty", "slow", "drip", "reset", "wrong-shape"}
)


class FilterError(ValueError):
    """A query the fake cannot answer (unknown key, bad number): answered with 400."""


@dataclass(frozen=True)
class Fault:
    """One way to misbehave.

    ``status`` answers with ``code`` (and ``retry_after`` as ``Retry-After`` when given);
    ``html`` a 200 maintenance page; ``truncated`` half the JSON with a matching
    Content-Length; ``cut`` half the JSON then a closed connection; ``empty`` no units
    (``null`` for QuickDetails); ``slow`` the right answer after ``delay`` seconds;
    ``reset`` a TCP reset instead of an answer; ``wrong-shape`` an ASP.NET error object.
    """

    kind: str
    code: int = 500
    retry_after: str | None = None
    delay: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault {self.kind!r}; one of {sorted(FAULT_KINDS)}")


@dataclass(frozen=True)
class RecordedRequest:
    """A request the fake received."""

    path: str
    params: tuple[tuple[str, str], ...]
    headers: Mapping[str, str]
    at: float = 0.0
    """When it arrived (``time.monotonic()``): a polite client spaces its requests."""

    def values(self, key: str) -> list[str]:
        """Every value given for ``key`` (repeatable keys give several)."""
        return [v for k, v in self.params if k.lower() == key.lower()]


@dataclass
class MulData:
    """The records a fake MUL serves, and which are available in which era."""

    records: Sequence[Mapping[str, Any]]
    available: Mapping[int, frozenset[int]] = field(default_factory=dict)
    """Availability era id → MUL ids available then (from quicklist/available-eras)."""
    origin: str = "../shared/mul"
    """Where the records came from: ``../shared/mul`` or ``starter`` (with synthetic data)."""
    factions: dict[int, str] = field(default_factory=dict)
    """Faction id → name (synthetic: see ``add_synthetic_factions``)."""
    faction_available: dict[tuple[int, int], frozenset[int]] = field(default_factory=dict)
    """(availability era id, faction id) → MUL ids that faction fields then."""

    def __post_init__(self) -> None:
        self.by_id: dict[int, Mapping[str, Any]] = {int(r["Id"]): r for r in self.records}

    def fresh(self) -> MulData:
        """The same records with faction data of its own (a test may add some)."""
        copy = MulData(self.records, self.available, self.origin)
        copy.by_id = self.by_id  # shared: records are never changed
        return copy

    @classmethod
    def starter(cls) -> MulData:
        """The starter catalogue's units (and synthetic twins), with synthetic availability.

        A BattleMech counts as available in every era from its production era on: made-up
        lists, but complete ones, which is what availability tests need.
        """
        from mulserver.starter import starter_records

        records = starter_records()
        order = [9, 10, 11, 255, 256, 13, 247, 14, 15, 254, 16, 257]
        available: dict[int, set[int]] = {era: set() for era in (10, 13, 14, 15, 247, 254, 257)}
        for record in records:
            if (record.get("Type") or {}).get("Id") != 18 or record.get("EraId") not in order:
                continue
            for era in available:
                if order.index(era) >= order.index(record["EraId"]):
                    available[era].add(int(record["Id"]))
        return cls(records, {e: frozenset(ids) for e, ids in available.items()}, origin="starter")

    @classmethod
    def load(cls, records: Sequence[Mapping[str, Any]], mul_dir: Path) -> MulData:
        """Records plus the availability files under ``mul_dir/quicklist/available-eras``."""
        available: dict[int, set[int]] = {}
        for path in sorted((mul_dir / "quicklist" / "available-eras").glob("*.json")):
            match = _AVAILABLE_FILE.search(path.name)
            if not match:
                continue
            era = int(match.group(3))
            units = json.loads(path.read_text(encoding="utf-8"))["Units"]
            available.setdefault(era, set()).update(int(u["Id"]) for u in units)
        return cls(records, {era: frozenset(ids) for era, ids in available.items()})

    def quick_list(self, params: Iterable[tuple[str, str]]) -> list[Mapping[str, Any]]:
        """The records a QuickList query returns.

        Raises:
            FilterError: an unknown or unsupported key, or a value that is not a number.
        """
        wanted: dict[str, list[str]] = {}
        for key, value in params:
            if value.strip():  # the MUL ignores empty parameters
                wanted.setdefault(key.lower(), []).append(value.strip())
        eras = _ints("AvailableEras", wanted.pop("availableeras", []))
        factions = _ints("Factions", wanted.pop("factions", []))
        checks = [_check(key, values) for key, values in wanted.items()]
        if eras or factions:
            allowed = self._available(eras, factions)
            checks.append(lambda r: int(r["Id"]) in allowed)
        return [r for r in self.records if all(check(r) for check in checks)]

    def _available(self, eras: set[int], factions: set[int]) -> frozenset[int]:
        if not factions:
            return frozenset().union(*(self.available.get(e, frozenset()) for e in eras))
        return frozenset().union(
            *(
                ids
                for (era, faction), ids in self.faction_available.items()
                if faction in factions and (not eras or era in eras)
            )
        )

    def autocomplete(self, term: str) -> list[dict[str, object]]:
        """Factions whose name holds ``term``, as ``Faction/Autocomplete`` lists them."""
        needle = term.strip().casefold()
        return [
            {"label": name, "value": faction_id}
            for faction_id, name in sorted(self.factions.items())
            if needle in name.casefold()
        ]


#: Prefix of every generated faction's name: these are no MUL factions.
SYNTHETIC = "Synthetic"


def add_synthetic_factions(data: MulData, count: int = 3) -> dict[int, str]:
    """Give the fake ``count`` made-up factions with made-up lists, and return them.

    Real faction lists cannot be captured from here, so tests make their own: faction
    ``9001 + n`` fields every unit of an era's availability list whose id is not
    ``n`` modulo 3 (so each faction's list is a different, complete subset).
    """
    made = {9001 + n: f"{SYNTHETIC} Faction {chr(65 + n)} (test data)" for n in range(count)}
    data.factions.update(made)
    for era, ids in data.available.items():
        for n, faction_id in enumerate(made):
            data.faction_available[(era, faction_id)] = frozenset(i for i in ids if i % 3 != n)
    return made


def _ints(key: str, values: list[str]) -> set[int]:
    try:
        return {int(v) for v in values}
    except ValueError:
        raise FilterError(f"{key} takes numbers, got {values}") from None


def _check(key: str, values: list[str]) -> Any:
    if key == "name":
        needles = [v.casefold() for v in values]
        return lambda r: any(n in str(r.get("Name") or "").casefold() for n in needles)
    if key == "types":
        ids = _ints(key, values)
        return lambda r: (r.get("Type") or {}).get("Id") in ids
    if key == "subtypes":
        codes = {SUBTYPE_BFTYPES.get(i) for i in _ints(key, values)}
        if None in codes:
            raise FilterError(f"SubTypes {values} not supported by the fake MUL")
        return lambda r: str(r.get("BFType") or "").upper() in codes
    if key == "technologies":
        ids = _ints(key, values)
        return lambda r: (r.get("Technology") or {}).get("Id") in ids
    if key == "rules":
        names = {RULES_BY_ID.get(i, "?") for i in _ints(key, values)}
        return lambda r: r.get("Rules") in names
    if key == "roles":
        roles = {v.casefold() for v in values}
        return lambda r: str((r.get("Role") or {}).get("Name") or "").casefold() in roles
    if key == "eras":
        ids = _ints(key, values)
        return lambda r: r.get("EraId") in ids
    if key in ("minpv", "maxpv", "mintons", "maxtons"):
        if len(values) != 1:
            raise FilterError(f"{key} given {len(values)} times")
        try:
            limit = float(values[0])
        except ValueError:
            raise FilterError(f"{key} takes a number, got {values[0]!r}") from None
        field_name = "BFPointValue" if key.endswith("pv") else "Tonnage"
        if key.startswith("min"):
            return lambda r: float(r.get(field_name) or 0) >= limit
        return lambda r: float(r.get(field_name) or 0) <= limit
    raise FilterError(f"the fake MUL does not support the filter {key!r}")


def mul_json(data: Any) -> bytes:
    """JSON as the MUL writes it: UTF-8, ``&`` and ``'`` escaped (they occur only in strings)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("'", "\\u0027").encode("utf-8")


class FakeMul:
    """A running fake MUL; use ``url`` as ``CARDSMITH_MUL_URL``."""

    def __init__(self, data: MulData) -> None:
        self.data = data
        self.requests: list[RecordedRequest] = []
        self._faults: deque[Fault] = deque()
        self._always: Fault | None = None
        self._healthy_left = 0
        self.dripped = 0
        """Bytes of dripped answers sent before the client hung up or the answer ended."""
        self._lock = threading.Lock()
        handler = type("Handler", (_Handler,), {"fake": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        # A short poll: shutdown() waits for the loop to look, half a second by default,
        # and every test that starts a server stops one.
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.02,), name="fake-mul", daemon=True
        )

    @property
    def url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> FakeMul:
        """Start answering (in a background thread)."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop answering and free the port."""
        self._server.shutdown()
        self._server.server_close()

    def fail_next(self, *faults: Fault) -> None:
        """Misbehave on the next requests, one fault each, then answer normally."""
        with self._lock:
            self._faults.extend(faults)

    def fail_always(self, fault: Fault | None, *, after: int = 0) -> None:
        """Misbehave on every request from now on, or after ``after`` good answers (None: stop)."""
        with self._lock:
            self._always = fault
            self._healthy_left = after

    def hits(self, path: str | None = None) -> int:
        """Requests received, optionally only those for ``path`` (case-insensitive)."""
        with self._lock:
            return sum(1 for r in self.requests if path is None or r.path.lower() == path.lower())

    def _next_fault(self, request: RecordedRequest) -> Fault | None:
        with self._lock:
            self.requests.append(request)
            if self._faults:
                return self._faults.popleft()
            if self._healthy_left > 0:
                self._healthy_left -= 1
                return None
            return self._always


class _Handler(BaseHTTPRequestHandler):
    fake: FakeMul
    server_version = "FakeMUL/1.0"

    def log_message(self, format: str, *args: Any) -> None:
        pass  # keep pytest output clean

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        params = tuple(parse_qsl(parts.query, keep_blank_values=True))
        request = RecordedRequest(parts.path, params, dict(self.headers.items()), time.monotonic())
        fault = self.fake._next_fault(request)
        # A client that gave up (a timeout test) has nobody left to tell.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self._answer(parts.path.rstrip("/").lower(), params, fault)

    def _answer(self, path: str, params: tuple[tuple[str, str], ...], fault: Fault | None) -> None:
        if fault is not None and fault.kind == "reset":
            # SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return
        if fault is not None and fault.kind == "slow":
            time.sleep(fault.delay)
        if fault is not None and fault.kind == "status":
            extra = {"Retry-After": fault.retry_after} if fault.retry_after is not None else {}
            page = f"<html><head><title>Error {fault.code}</title></head><body>busy</body></html>"
            self._send(fault.code, page.encode(), "text/html; charset=utf-8", extra)
            return
        if fault is not None and fault.kind == "html":
            page = (
                "<!DOCTYPE html><html><head><title>Master Unit List - Maintenance</title></head>"
                "<body><h1>Down for maintenance</h1></body></html>"
            )
            self._send(200, page.encode(), "text/html; charset=utf-8")
            return
        if fault is not None and fault.kind == "wrong-shape":
            self._send(200, mul_json({"Message": "An error has occurred."}), "application/json")
            return
        if path == "/unit/quicklist":
            try:
                units = (
                    []
                    if fault is not None and fault.kind == "empty"
                    else self.fake.data.quick_list(params)
                )
            except FilterError as exc:
                self._send(400, str(exc).encode(), "text/plain; charset=utf-8")
                return
            search = "?" + "&".join(f"{k}={v}" for k, v in params)
            body = mul_json({"Units": units, "Search": search, "Crumbs": []})
        elif path == "/faction/autocomplete":
            terms = [v for k, v in params if k.lower() == "term"]
            body = mul_json(self.fake.data.autocomplete(terms[0] if terms else ""))
        elif path == "/unit/quickdetails":
            ids = [v for k, v in params if k.lower() == "id"]
            record = self.fake.data.by_id.get(int(ids[0])) if ids and ids[0].isdigit() else None
            if fault is not None and fault.kind == "empty":
                body = b"null"
            elif record is None:
                self._send(404, b"<html><title>Not Found</title></html>", "text/html")
                return
            else:
                body = mul_json(record)
        else:
            self._send(404, b"<html><title>Not Found</title></html>", "text/html")
            return
        if fault is not None and fault.kind == "drip":
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.flush()
            for position in range(len(body)):
                # Counted before it is written: the client may read the last byte and
                # look at the count before this thread runs again.
                with self.fake._lock:
                    self.fake.dripped += 1
                try:
                    self.wfile.write(body[position : position + 1])
                    self.wfile.flush()
                except OSError:
                    with self.fake._lock:
                        self.fake.dripped -= 1
                    raise
                time.sleep(fault.delay)
        elif fault is not None and fault.kind == "truncated":
            self._send(200, body[: len(body) // 2], "application/json; charset=utf-8")
        elif fault is not None and fault.kind == "cut":
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
        else:
            self._send(200, body, "application/json; charset=utf-8")

    def _send(
        self, status: int, body: bytes, content_type: str, headers: Mapping[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
