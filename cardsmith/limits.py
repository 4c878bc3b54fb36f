"""Provides the one set of limits that cardsmith's readers and writers share.

A limit that a writer checks is the same number its reader checks, so what cardsmith
writes it can always read back.  Values: sizes of each kind of file, how deeply JSON and
TOML may nest, how long a rule pack's ``extends`` chain may be, the integer range SQLite
stores, and finite numbers only (no ``nan``, ``inf`` or ``1e400`` from a file or the
environment).  ``parse_json`` and ``parse_toml`` decode within them; ``check_readable``
refuses to save what they would refuse to read.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

#: Force, battle and campaign files (read and written).  A 1,000-unit force is under 2 MB.
MAX_DOCUMENT_BYTES = 20 * 1024 * 1024
#: Another tool's file given to ``import`` (MegaMek, Jeff's BattleTech Tools, CSV, TTS).
MAX_IMPORT_BYTES = 8 * 1024 * 1024
#: A custom-unit file.
MAX_CUSTOM_UNITS_BYTES = 5 * 1024 * 1024
#: A catalogue dump (QuickList JSON); the full MUL is about 9 MB.
MAX_DUMP_BYTES = 200 * 1024 * 1024
#: One template file (card layouts, rule packs, tables); the largest shipped is ~40 kB.
MAX_TEMPLATE_BYTES = 2 * 1024 * 1024

#: Longest text field of a unit (name, chassis, variant, specials, image address …), in
#: characters: 5× the longest of the whole MUL (95, a unit's specials).  A name of
#: megabytes would be echoed in every line that names the unit.
MAX_UNIT_TEXT = 500

#: Deepest nesting of JSON arrays/objects or TOML tables/arrays read.  cardsmith's own
#: files nest 6 deep at most; 64 leaves room and keeps every recursive reader safe.
MAX_DEPTH = 64
#: Longest ``extends`` chain of rule packs (a pack, its base, the base's base …).
MAX_EXTENDS = 16

#: The range of SQLite's INTEGER (signed 64 bits): ids and numbers the catalogue stores.
SQLITE_MIN = -(2**63)
SQLITE_MAX = 2**63 - 1

ErrorType = Callable[[str], Exception]


def fits_sqlite(value: int) -> bool:
    """True when ``value`` can be stored as an SQLite INTEGER."""
    return SQLITE_MIN <= value <= SQLITE_MAX


def check_size(size: int, limit: int, *, where: str, what: str, error: ErrorType) -> None:
    """Refuse ``size`` bytes over ``limit`` for a ``what`` ("force file") at ``where``.

    Raises:
        Exception: ``error(message)``.
    """
    if size > limit:
        raise error(f"{where} would be {size:,} bytes; {what}s over {limit:,} bytes are refused")


def check_tree(value: Any, *, where: str, error: ErrorType, max_depth: int = MAX_DEPTH) -> None:
    """Refuse decoded JSON/TOML that nests deeper than ``max_depth``, holds a number that is
    not finite (``nan``, ``inf``, ``1e400``) or an integer outside SQLite's range.

    The message names the place: ``lance.json: entries[2].unit.pv is not a finite number``.

    Raises:
        Exception: ``error(message)``.
    """
    # Iterative, so a hostile file cannot exhaust the stack; the path is built only
    # for containers, so the common case costs one type check per value.
    if type(value) is not dict and type(value) is not list:
        # A bare number is checked as the one item of a table whose key names nothing,
        # so the message calls it "the value" (not "[0]", as if the file held a list).
        value = {"": value}
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(value, 1, ())]
    while stack:
        node, depth, path = stack.pop()
        if depth > max_depth:
            raise error(f"{where} nests more than {max_depth} levels deep")
        items = node.items() if type(node) is dict else enumerate(node)
        for key, item in items:
            kind = type(item)
            if kind is dict or kind is list:
                stack.append((item, depth + 1, (*path, key)))
            elif kind is float:
                if not math.isfinite(item):
                    raise error(f"{where}: {_dotted((*path, key))} is not a finite number")
            elif kind is int and not SQLITE_MIN <= item <= SQLITE_MAX:
                raise error(f"{where}: {_dotted((*path, key))} is too large a number")


def _dotted(path: tuple[str | int, ...]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the value"


def finite_number(
    text: str,
    *,
    name: str,
    error: ErrorType,
    at_least: float | None = None,
    above: float | None = None,
) -> float:
    """Read a finite number from text (an environment variable, an option).

    ``at_least=0`` refuses negative numbers; ``above=0`` refuses 0 too.

    Raises:
        Exception: ``error(message)`` naming ``name``.
    """
    try:
        number = float(text)
    except ValueError:
        raise error(f"{name} must be a number, not {text!r}") from None
    if not math.isfinite(number):
        raise error(f"{name} must be a finite number, not {text!r}")
    if at_least is not None and number < at_least:
        raise error(f"{name} must be {at_least:g} or more, not {text!r}")
    if above is not None and number <= above:
        raise error(f"{name} must be more than {above:g}, not {text!r}")
    return number


def check_chain(length: int, *, where: str, error: ErrorType, limit: int = MAX_EXTENDS) -> None:
    """Refuse an ``extends`` chain longer than ``limit`` packs.

    Raises:
        Exception: ``error(message)``.
    """
    if length > limit:
        raise error(f"{where}: the extends chain is longer than {limit} packs")


# -- decoding and encoding within the limits ---------------------------------------------


def parse_json(raw: bytes, *, where: str, what: str, error: ErrorType, check: bool = True) -> Any:
    """Decode JSON bytes within the shared limits (depth, finite numbers, SQLite integers).

    Empty, not UTF-8, nested too deeply, ``NaN``/``Infinity``, or not JSON (cut short
    said so) raise ``error`` naming ``where``.  ``check=False`` leaves the walk over the
    decoded values (``limits.check_tree``) to the caller, which must then apply it to all
    it reads: the force reader walks each distinct unit snapshot once, not in every file.
    """
    if not raw or raw.isspace():  # as ``not raw.strip()``, without copying the file
        raise error(f"{where} is empty")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise error(f"{where} is not valid JSON (the file looks cut short)") from exc
        raise error(f"{where} is not UTF-8 text (byte {exc.start})") from exc
    try:
        if text.startswith("\ufeff"):  # what json.loads says of a second byte-order mark
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        data = JSON_DECODER.decode(text)
    except _NotFinite as exc:
        raise error(f"{where} holds {exc.args[0]}, which is not a finite number") from None
    except RecursionError as exc:
        raise error(f"{where} nests JSON too deeply to be a {what}") from exc
    except json.JSONDecodeError as exc:
        hint = " (the file looks cut short)" if exc.pos >= len(text.rstrip()) - 1 else ""
        raise error(
            f"{where} is not valid JSON{hint}: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    if check:
        check_tree(data, where=where, error=error)
    return data


class _NotFinite(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in JSON (never leaves ``parse_json``)."""


def _no_constant(name: str) -> Any:
    raise _NotFinite(name)


#: ``json.loads(text, parse_constant=_no_constant)``, made once (``json.loads`` with an
#: argument builds a new decoder for every document).  Its ``scan_once`` reads one value
#: exactly as ``parse_json`` does (``forces.entry_scan`` reads force files with it).
JSON_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def parse_toml(text: str, *, where: str, error: ErrorType) -> dict[str, Any]:
    """Decode TOML within the shared limits (depth, finite numbers, SQLite integers).

    Raises:
        CardsmithError: ``error`` naming ``where``: not TOML, nested too deeply, or
            ``nan``/``inf`` where a number is read.
    """
    import tomllib  # here: the catalogue and its search read no TOML, and start quicker

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where} is not valid TOML: {exc}") from exc
    except RecursionError as exc:
        raise error(f"{where} nests TOML too deeply") from exc
    check_tree(data, where=where, error=error)
    return data


class _Unreadable(Exception):
    """A value ``check_readable`` refuses (never leaves ``check_readable``)."""


def check_readable(data: Any, *, where: str, error: ErrorType) -> None:
    """Refuse to save a document that the reader would refuse (the shared limits).

    A number that is not finite or does not fit SQLite (a cap or damage of ``10**23``)
    would make the saved file unreadable; it is refused before anything is written.

    Raises:
        CardsmithError: ``error`` naming the place and saying nothing was written.
    """
    try:
        check_tree(data, where=where, error=_Unreadable)
    except _Unreadable as exc:
        raise error(f"{exc}; cardsmith could not read that back, so nothing was written") from None
