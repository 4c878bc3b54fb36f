"""Provides the checks of a MUL answer's body: JSON of the shape its endpoint sends, or why not."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import urlsplit

import requests

from cardsmith.catalogue.factions import parse_autocomplete
from cardsmith.errors import CatalogueDataError

QUICK_LIST = "/Unit/QuickList"
QUICK_DETAILS = "/Unit/QuickDetails"
FACTIONS = "/Faction/Autocomplete"


class BadAnswer(requests.RequestException):
    """A successful HTTP answer whose body is not what the MUL sends.

    It is an exception of the transport layer on purpose: raised inside the cached
    session (see ``cardsmith.catalogue.http``), it keeps the bad body out of the cache
    and lets an older good answer serve instead.
    """

    def __init__(self, problem: str, *, retryable: bool) -> None:
        super().__init__(problem)
        self.problem = problem
        """What was wrong, as words for the user (``an HTML page instead of JSON``)."""
        self.retryable = retryable
        """True for faults that may pass (a proxy's error page, a cut connection)."""


def endpoint_of(url: str) -> str | None:
    """Which MUL endpoint a URL asks (``QUICK_LIST``, ``QUICK_DETAILS``), or None."""
    path = urlsplit(url).path.rstrip("/").lower()
    for endpoint in (QUICK_LIST, QUICK_DETAILS, FACTIONS):
        if path.endswith(endpoint.lower()):
            return endpoint
    return None


def decode_answer(response: requests.Response, endpoint: str) -> Any:
    """Decode and check the body of a 200 answer from ``endpoint``.

    Returns the decoded JSON (``None`` for a QuickDetails ``null``).

    Raises:
        BadAnswer: HTML, an empty or cut-off body, invalid JSON (retryable), or JSON of
            the wrong shape (not retryable).
    """
    body = response.content or b""
    text = body.decode("utf-8-sig", errors="replace").strip()
    content_type = response.headers.get("Content-Type", "").lower()
    if not text:
        raise BadAnswer("an empty body instead of JSON", retryable=True)
    if "html" in content_type or text.startswith("<"):
        raise BadAnswer(f"an HTML page instead of JSON ({_html_title(text)})", retryable=True)
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadAnswer("JSON nested too deeply to be a MUL answer", retryable=False) from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text) - 1 or "Unterminated" in exc.msg:
            raise BadAnswer(
                f"truncated JSON (the body stops after {len(body):,} bytes)", retryable=True
            ) from exc
        raise BadAnswer(
            f"invalid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})", retryable=True
        ) from exc
    _check_shape(data, endpoint)
    return data


def _check_shape(data: Any, endpoint: str) -> None:
    if endpoint == QUICK_LIST:
        units = data.get("Units") if isinstance(data, dict) else None
        if not isinstance(units, list):
            raise BadAnswer(
                f'JSON that is not a QuickList answer (expected {{"Units": [...]}}, got '
                f"{_describe(data)})",
                retryable=False,
            )
        if not all(isinstance(item, dict) for item in units):
            raise BadAnswer("a QuickList answer whose 'Units' are not all objects", retryable=False)
    elif endpoint == FACTIONS:
        try:
            parse_autocomplete(data, origin="the answer")
        except CatalogueDataError as exc:
            raise BadAnswer(
                f"JSON that is not a faction list ({exc.message})", retryable=False
            ) from exc
    elif (
        endpoint == QUICK_DETAILS
        and data is not None
        and not (isinstance(data, dict) and "Id" in data)
    ):
        raise BadAnswer(
            f"JSON that is not a unit record (expected an object with 'Id', got {_describe(data)})",
            retryable=False,
        )


def _describe(data: Any) -> str:
    if isinstance(data, dict):
        keys = ", ".join(list(data)[:5]) or "no keys"
        return f"an object with {keys}"
    return {list: "a list", str: "a string", type(None): "null"}.get(
        type(data), type(data).__name__
    )


def _html_title(text: str) -> str:
    lowered = text.lower()
    start = lowered.find("<title>")
    end = lowered.find("</title>", start)
    if start >= 0 and end > start:
        title = " ".join(text[start + 7 : end].split())[:80]
        if title:
            return f"titled {title!r}"
    return "no title"


def retry_after(response: requests.Response) -> float | None:
    """Seconds the server asks us to wait (a number or an HTTP date), if it says."""
    value = response.headers.get("Retry-After", "").strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max(0.0, (moment - datetime.now(UTC)).total_seconds())


def reason_of(exc: BaseException) -> str:
    """The innermost cause's words (``Connection refused``) rather than urllib3's repr."""
    inner = exc
    for _ in range(6):  # requests → urllib3 → socket: a few levels at most
        nested = next((a for a in inner.args if isinstance(a, BaseException)), None)
        nested = nested or getattr(inner, "reason", None) or inner.__context__
        if not isinstance(nested, BaseException):
            break
        inner = nested
    text = getattr(inner, "strerror", None) or str(inner)
    # urllib3 prefixes "<connection object at 0x…>: " to socket errors.
    return str(text).rsplit(">: ", 1)[-1]
