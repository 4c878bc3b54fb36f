"""Provides share codes: a force as one short, versioned line of text that fits a QR code.

A code is ``CS1-`` followed by base32 (RFC 4648, no padding) of the raw-deflated JSON
payload and the CRC-32 of those deflated bytes.  Base32 uses only A–Z and 2–7, so a code survives being read
aloud, typed in either case, split by spaces or dashes, and fits the QR alphanumeric mode
(the roster prints it).  The payload names units by MUL id only: the receiver's catalogue
supplies the stats, and the carried data version tells whether they match the sender's.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeGuard

from cardsmith.errors import ShareCodeError
from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.models.force import MAX_SKILL, MIN_SKILL, Force, ForceEntry, Group, MulRef

#: The version this cardsmith writes; codes of a higher version are refused by name.
CODE_VERSION = 1
PREFIX = f"CS{CODE_VERSION}-"

#: Longest code read (a 300-unit force with long names stays far below it).
MAX_CODE_CHARS = 20_000
#: Largest payload inflated: a deflate bomb stops here.
MAX_PAYLOAD_BYTES = 256 * 1024
#: Most units a code may carry.
MAX_UNITS = 1_000

_HEAD = re.compile(r"^\s*CS(?P<version>\d{1,6})-", re.IGNORECASE)
_SPACING = re.compile(r"[\s\-]+")
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
_SQLITE_MIN, _SQLITE_MAX = -(2**63), 2**63 - 1


@dataclass(frozen=True, slots=True)
class SharedEntry:
    """One unit of a shared force, as the code carries it (no stats: the MUL id names them)."""

    mul_id: int
    skill: int = 4
    spas: tuple[str, ...] = ()
    group: str = ""
    commander: bool = False
    pilot: str = ""


@dataclass(frozen=True, slots=True)
class SharedForce:
    """What a share code holds."""

    name: str
    pack: str = "standard"
    cap: int | None = None
    groups: tuple[Group, ...] = ()
    """Declared groups with their formations, in order."""
    entries: tuple[SharedEntry, ...] = ()
    era: MulRef | None = None
    faction: MulRef | None = None
    data_version: str = ""
    """The sender's data version; a receiver with other stats gets a different one."""
    fingerprint: str = ""
    """The sender's force fingerprint (``xxxx-xxxx-xxxx``), as printed on its roster."""


def shared_force(force: Force) -> SharedForce:
    """The parts of ``force`` a share code carries."""
    return SharedForce(
        name=force.name,
        pack=force.pack,
        cap=force.cap,
        groups=force.groups,
        entries=tuple(_shared_entry(e) for e in force.entries),
        era=force.era,
        faction=force.faction,
        data_version=force.data_version,
        fingerprint=force_fingerprint(force),
    )


def _shared_entry(entry: ForceEntry) -> SharedEntry:
    return SharedEntry(
        mul_id=entry.unit.mul_id,
        skill=entry.skill,
        spas=entry.spas,
        group=entry.group,
        commander=entry.commander,
        pilot=entry.pilot.name,
    )


def encode(force: Force) -> str:
    """The share code of ``force``: ``CS1-`` and upper-case base32, one line."""
    return encode_shared(shared_force(force))


def encode_shared(shared: SharedForce) -> str:
    """The share code of an already gathered ``SharedForce``."""
    payload = json.dumps(
        _to_payload(shared), ensure_ascii=False, separators=(",", ":"), allow_nan=False
    ).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(payload) + packer.flush()
    # The checksum covers the packed bytes, not the payload: deflate skips some bits (the
    # padding of a stored block), and a changed character there must not pass unnoticed.
    body = packed + zlib.crc32(packed).to_bytes(4, "big")
    return PREFIX + _b32(body)


def _b32(data: bytes) -> str:
    return base64.b32encode(data).decode("ascii").rstrip("=")


def _to_payload(shared: SharedForce) -> dict[str, object]:
    # Short keys and omitted defaults keep the QR small; the version in the prefix fixes
    # their meaning.  Group 0 is "none"; 1… index the declared groups, then the others.
    names = [g.name for g in shared.groups]
    extra = [e.group for e in shared.entries if e.group and e.group not in names]
    extra = list(dict.fromkeys(extra))
    index = {name: i for i, name in enumerate([*names, *extra], start=1)}
    payload: dict[str, object] = {"n": shared.name}
    optional: dict[str, object] = {
        "p": shared.pack if shared.pack != "standard" else None,
        "c": shared.cap,
        "e": [shared.era.id, shared.era.name] if shared.era else None,
        "f": [shared.faction.id, shared.faction.name] if shared.faction else None,
        "d": shared.data_version or None,
        "h": shared.fingerprint.replace("-", "") or None,
        "g": [[g.name, g.formation] if g.formation else [g.name] for g in shared.groups] or None,
        "x": extra or None,
    }
    payload.update({k: v for k, v in optional.items() if v is not None})
    payload["u"] = [_entry_payload(e, index) for e in shared.entries]
    return payload


#: A unit row: MUL id, skill, SPAs, group number, commander, pilot; trailing defaults are left off.
_ENTRY_DEFAULTS: tuple[object, ...] = (None, None, [], 0, 0, "")


def _entry_payload(entry: SharedEntry, index: Mapping[str, int]) -> list[object]:
    row: list[object] = [
        entry.mul_id,
        entry.skill,
        list(entry.spas),
        index.get(entry.group, 0),
        int(entry.commander),
        entry.pilot,
    ]
    while len(row) > 2 and row[-1] == _ENTRY_DEFAULTS[len(row) - 1]:
        row.pop()
    return row


# -- reading -------------------------------------------------------------------------------


def looks_like_code(text: str) -> bool:
    """True when ``text`` starts the way a share code does (``CS1-``, any version)."""
    return _HEAD.match(text) is not None


def decode(code: str) -> SharedForce:
    """What the share code ``code`` holds.

    Spaces, line breaks and dashes inside the code are ignored, and so is case.

    Raises:
        ShareCodeError: not a share code, a newer version, or damaged or cut short.
    """
    if len(code) > MAX_CODE_CHARS:
        raise ShareCodeError(
            f"the share code is {len(code):,} characters long; codes over "
            f"{MAX_CODE_CHARS:,} are refused"
        )
    head = _HEAD.match(code)
    if head is None:
        raise ShareCodeError(
            f"this is not a cardsmith share code: a code starts with {PREFIX!r} "
            "(made by `cardsmith export FORCE --format code`)"
        )
    version = int(head["version"])
    if version > CODE_VERSION:
        raise ShareCodeError(
            f"this share code is version {version}, made by a newer cardsmith; this one reads "
            f"version {CODE_VERSION}: update cardsmith to read it"
        )
    if version < 1:
        raise ShareCodeError(f"share code version {version} does not exist")
    body = _SPACING.sub("", code[head.end() :]).upper()
    bad = next((ch for ch in body if ch not in _ALPHABET), None)
    if bad is not None:
        raise ShareCodeError(
            f"the share code holds {bad!r}, which no share code contains (only A-Z and 2-7 "
            "follow the prefix); copy it again"
        )
    payload = _unpack(body)
    try:
        value = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ShareCodeError("the share code's contents are not readable") from exc
    return _from_payload(value)


_DAMAGED = "the share code is damaged or cut short; copy the whole code again"


def _unpack(body: str) -> bytes:
    if len(body) < 8:
        raise ShareCodeError(_DAMAGED)
    try:
        raw = base64.b32decode(body + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError) as exc:
        raise ShareCodeError(_DAMAGED) from exc
    packed, crc = raw[:-4], raw[-4:]
    # The last character's spare bits must be zero too (only one spelling of each code).
    if zlib.crc32(packed).to_bytes(4, "big") != crc or _b32(raw) != body:
        raise ShareCodeError(_DAMAGED)
    inflater = zlib.decompressobj(-15)
    try:
        payload = inflater.decompress(packed, MAX_PAYLOAD_BYTES)
    except zlib.error as exc:
        raise ShareCodeError(_DAMAGED) from exc
    if inflater.unconsumed_tail:
        raise ShareCodeError(
            f"the share code unpacks to more than {MAX_PAYLOAD_BYTES:,} bytes; it is refused"
        )
    if not inflater.eof or inflater.unused_data:
        raise ShareCodeError(_DAMAGED)
    return payload


def _from_payload(value: object) -> SharedForce:
    if not isinstance(value, dict):
        raise ShareCodeError("the share code's contents are not a force")
    name = _text(value.get("n"), "force name")
    if not name.strip():
        raise ShareCodeError("the share code's force has no name")
    cap = value.get("c")
    if cap is not None and not (_whole(cap) and cap >= 1):
        raise ShareCodeError("the share code's PV cap must be a positive whole number")
    groups = tuple(_group(item, n) for n, item in enumerate(_list(value.get("g"), "groups"), 1))
    extra = tuple(_text(item, "a group name") for item in _list(value.get("x"), "groups"))
    names = [g.name for g in groups] + list(extra)
    raw_units = _list(value.get("u"), "units")
    if len(raw_units) > MAX_UNITS:
        raise ShareCodeError(
            f"the share code holds {len(raw_units):,} units; at most {MAX_UNITS:,}"
        )
    entries = tuple(_entry(item, n, names) for n, item in enumerate(raw_units, start=1))
    fingerprint = _text(value.get("h"), "fingerprint")
    if fingerprint:
        fingerprint = "-".join(fingerprint[i : i + 4] for i in range(0, len(fingerprint), 4))
    return SharedForce(
        name=name,
        pack=_text(value.get("p"), "rule pack") or "standard",
        cap=cap,
        groups=groups,
        entries=entries,
        era=_ref(value.get("e"), "era"),
        faction=_ref(value.get("f"), "faction"),
        data_version=_text(value.get("d"), "data version"),
        fingerprint=fingerprint,
    )


def _group(item: object, number: int) -> Group:
    if not isinstance(item, list) or not 1 <= len(item) <= 2:
        raise ShareCodeError(f"the share code's group {number} is not a group")
    name = _text(item[0], f"group {number}'s name")
    formation = _text(item[1], f"group {number}'s formation") if len(item) > 1 else ""
    return Group(name, formation or None)


def _entry(item: object, number: int, groups: Sequence[str]) -> SharedEntry:
    where = f"unit {number}"
    if not isinstance(item, list) or not 2 <= len(item) <= 6:
        raise ShareCodeError(f"the share code's {where} is not a unit")
    row = [*item, *_ENTRY_DEFAULTS[len(item) :]]
    mul_id, skill, spas, group, commander, pilot = row
    if not _whole(mul_id) or not _SQLITE_MIN <= mul_id <= _SQLITE_MAX or mul_id == 0:
        raise ShareCodeError(f"the share code's {where} has no usable MUL id")
    if not _whole(skill) or not MIN_SKILL <= skill <= MAX_SKILL:
        raise ShareCodeError(
            f"the share code's {where} has a skill outside {MIN_SKILL}-{MAX_SKILL}"
        )
    if not isinstance(spas, list):
        raise ShareCodeError(f"the share code's {where} has no list of SPAs")
    if not _whole(group) or not 0 <= group <= len(groups):
        raise ShareCodeError(f"the share code's {where} names a group it does not declare")
    if commander not in (0, 1) or isinstance(commander, bool):
        raise ShareCodeError(f"the share code's {where} has a bad commander flag")
    return SharedEntry(
        mul_id=mul_id,
        skill=skill,
        spas=tuple(_text(s, f"SPA of {where}") for s in spas),
        group=groups[group - 1] if group else "",
        commander=bool(commander),
        pilot=_text(pilot, f"pilot of {where}"),
    )


def _ref(value: object, what: str) -> MulRef | None:
    """An era or faction as the code holds it: ``[MUL id, name]``."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2 or not _whole(value[0]):
        raise ShareCodeError(f"the share code's {what} is not an id and a name")
    return MulRef(value[0], _text(value[1], f"{what} name"))


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value: object, what: str) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ShareCodeError(f"the share code's {what} are not a list")
    return value


def _text(value: object, what: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ShareCodeError(f"the share code's {what} is not text")
    return value
