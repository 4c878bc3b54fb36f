"""Provides ``verify``: does a printed roster show the list that was submitted and checked?

A roster prints the force's fingerprint and its share code (as a QR code).  A game master
holds the submitted list (a force file or a share code) and the printout: the list
matches when its fingerprint is the printed one; with the printout's code at hand, the
two lists are compared unit by unit and every difference is named.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardsmith.errors import UsageError
from cardsmith.forces.force_file import load_force
from cardsmith.formats.share_code import SharedEntry, SharedForce, decode, looks_like_code
from cardsmith.formats.share_code import shared_force as shared_of
from cardsmith.models.force import MulRef

_HEX = re.compile(r"[0-9a-f]{12}")


def normal_fingerprint(text: str) -> str:
    """A fingerprint as the roster prints it (``xxxx-xxxx-xxxx``), whatever its case and dashes.

    Raises:
        UsageError: not twelve hexadecimal digits.
    """
    digits = re.sub(r"[\s\-]", "", text).lower()
    if not _HEX.fullmatch(digits):
        raise UsageError(
            f"{text!r} is not a fingerprint: a roster prints 12 hexadecimal digits "
            "as xxxx-xxxx-xxxx"
        )
    return "-".join(digits[i : i + 4] for i in range(0, 12, 4))


@dataclass(frozen=True, slots=True)
class Submitted:
    """The submitted list: what it is, read from a force file or a share code."""

    source: str
    """``lance.json`` or ``share code``."""
    shared: SharedForce
    """The list as a share code would carry it (with its fingerprint)."""


def read_submitted(text: str) -> Submitted:
    """The list in ``text``: a share code (``CS1-…``) or the path of a force file.

    Raises:
        ShareCodeError: a damaged or unknown code.
        ForceFileError: an unreadable force file.
    """
    if looks_like_code(text) and not _is_file(text):
        return Submitted("the share code", decode(text))
    force = load_force(Path(text))
    return Submitted(text, shared_of(force))


def _is_file(text: str) -> bool:
    """True when ``text`` names a file (a file called ``CS1-x`` still reads as a force)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a code longer than a file name may be is no file
        return False


@dataclass(frozen=True, slots=True)
class Verification:
    """The answer: whether the printout matches, and what differs when that can be told."""

    matches: bool
    fingerprint: str
    """The submitted list's fingerprint."""
    printed: str
    """The fingerprint the printout shows (from ``--fingerprint`` or from its code)."""
    differences: tuple[str, ...] = ()
    """What the printout's list has that the submitted one does not, one line each."""
    compared: bool = False
    """True when a printout's code was at hand, so the lists were compared unit by unit."""


def verify(
    submitted: Submitted, *, fingerprint: str | None = None, code: str | None = None
) -> Verification:
    """Whether a printout (its fingerprint, its share code, or both) shows the submitted list.

    Raises:
        UsageError: neither a fingerprint nor a code, a malformed fingerprint, or a
            submitted code that carries no fingerprint.
        ShareCodeError: a damaged printout code.
    """
    if fingerprint is None and code is None:
        raise UsageError("give the printout's --fingerprint, its --code, or both")
    ours = submitted.shared.fingerprint
    if not ours:
        raise UsageError(f"{submitted.source} carries no fingerprint to compare")
    printed_code = decode(code) if code is not None else None
    printed = normal_fingerprint(fingerprint) if fingerprint is not None else ""
    if printed_code is not None:
        if printed and printed_code.fingerprint and printed_code.fingerprint != printed:
            raise UsageError(
                f"the printout disagrees with itself: its code gives fingerprint "
                f"{printed_code.fingerprint}, its text {printed}"
            )
        printed = printed or printed_code.fingerprint
    differences = differences_between(submitted.shared, printed_code) if printed_code else ()
    matches = ours == printed and not differences
    return Verification(matches, ours, printed, differences, printed_code is not None)


def differences_between(submitted: SharedForce, printed: SharedForce) -> tuple[str, ...]:
    """Every way the printed list differs from the submitted one, in the player's words."""
    found: list[str] = []
    for label, mine, theirs in (
        ("name", submitted.name, printed.name),
        ("rule pack", submitted.pack, printed.pack),
        ("PV cap", submitted.cap, printed.cap),
        ("era", submitted.era, printed.era),
        ("faction", submitted.faction, printed.faction),
    ):
        if mine != theirs:
            found.append(f"{label}: the list has {_shown(mine)}, the printout {_shown(theirs)}")
    if [(g.name, g.formation) for g in submitted.groups] != [
        (g.name, g.formation) for g in printed.groups
    ]:
        found.append(f"groups: the list has {_groups(submitted)}, the printout {_groups(printed)}")
    count = max(len(submitted.entries), len(printed.entries))
    for index in range(count):
        ours = submitted.entries[index] if index < len(submitted.entries) else None
        shown = printed.entries[index] if index < len(printed.entries) else None
        found.extend(_entry_differences(index + 1, ours, shown))
    if not found and submitted.data_version != printed.data_version:
        found.append(
            f"unit data: the list was built with data {_shown(submitted.data_version)}, "
            f"the printout with {_shown(printed.data_version)} (the stats may differ)"
        )
    return tuple(found)


def _entry_differences(
    index: int, mine: SharedEntry | None, theirs: SharedEntry | None
) -> list[str]:
    if mine is None and theirs is not None:
        return [f"#{index}: only the printout has MUL {theirs.mul_id}"]
    if theirs is None and mine is not None:
        return [f"#{index}: only the list has MUL {mine.mul_id}"]
    if mine is None or theirs is None or mine == theirs:
        return []
    if mine.mul_id != theirs.mul_id:
        return [f"#{index}: the list has MUL {mine.mul_id}, the printout MUL {theirs.mul_id}"]
    lines = []
    for label, a, b in (
        ("skill", mine.skill, theirs.skill),
        ("SPAs", ", ".join(mine.spas) or "none", ", ".join(theirs.spas) or "none"),
        ("pilot", mine.pilot, theirs.pilot),
        ("group", mine.group, theirs.group),
        ("commander", "yes" if mine.commander else "no", "yes" if theirs.commander else "no"),
    ):
        if a != b:
            lines.append(f"#{index} (MUL {mine.mul_id}) {label}: the list has {_shown(a)}, "
                         f"the printout {_shown(b)}")  # fmt: skip
    return lines


def _groups(shared: SharedForce) -> str:
    if not shared.groups:
        return "none"
    return ", ".join(f"{g.name} ({g.formation or 'no formation'})" for g in shared.groups)


def _shown(value: object) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(value, MulRef):
        return f"{value.name!r} (MUL id {value.id})"
    return repr(value) if isinstance(value, str) else str(value)
