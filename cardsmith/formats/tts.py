"""Provides Tabletop Simulator unit codes: ``{{4759,4},{7740,4},…}``, read and written.

The Alpha Strike mods for Tabletop Simulator take a force as a Lua table of
``{MUL id, skill}`` pairs, pasted into the game (MegaMek/mekbay#118 quotes one).  The
code carries nothing else: no pilots, SPAs or groups, and only units with a MUL id.
"""

from __future__ import annotations

import re

from cardsmith.errors import FormatError
from cardsmith.formats.common import (
    NO_OPTIONS,
    FormatProblems,
    ImportOptions,
    ImportReport,
    ImportState,
    checked_skill,
    decode_text,
    make_entry,
    whole_number,
)
from cardsmith.formats.matching import UnitMatcher
from cardsmith.models.force import Force
from cardsmith.wording import count

#: Most pairs read from one code (a code is pasted by hand; 1,000 units is no force).
MAX_PAIRS = 1_000

_OUTER = re.compile(r"^\{(?P<body>.*)\}$", re.S)
_PAIR = re.compile(r"\{(?P<inside>[^{}]*)\}")
_BETWEEN = re.compile(r"^[\s,]*$")


def looks_like_tts(text: str) -> bool:
    """True when ``text`` opens like a TTS code (two braces, spaces allowed between)."""
    return re.match(r"^\s*\{\s*\{", text) is not None


def export_tts(force: Force) -> str:
    """The force as one TTS code line; custom units (no MUL id) are left out."""
    pairs = ",".join(
        f"{{{entry.unit.mul_id},{entry.skill}}}" for entry in force.entries if entry.unit.mul_id > 0
    )
    return f"{{{pairs}}}\n"


def parse_pairs(text: str, origin: str) -> list[tuple[int, int]]:
    """The (MUL id, skill) pairs of a TTS code.

    Raises:
        FormatError: not a code, or pairs that are not two whole numbers (each listed).
    """
    outer = _OUTER.match(text.strip())
    if outer is None or not looks_like_tts(text):
        raise FormatError(
            f"{origin} is not a Tabletop Simulator code; it looks like {{{{4759,4}},{{7740,4}}}}"
        )
    body = outer["body"]
    problems: list[str] = []
    pairs: list[tuple[int, int]] = []
    position = 0
    for number, match in enumerate(_PAIR.finditer(body), start=1):
        if not _BETWEEN.match(body[position : match.start()]):
            problems.append(f"before pair {number}: {body[position : match.start()].strip()!r}")
        position = match.end()
        if number > MAX_PAIRS:
            raise FormatError(
                f"{origin} holds more than {MAX_PAIRS:,} units; no force is that large"
            )
        parts = [p.strip() for p in match["inside"].split(",")]
        values = [whole_number(p) for p in parts]
        if len(parts) != 2 or values[0] is None or values[1] is None:
            problems.append(f"pair {number}: {{{match['inside']}}} is not {{MUL id,skill}}")
            continue
        mul_id, skill = values[0], values[1]
        if mul_id <= 0:
            problems.append(f"pair {number}: MUL id {mul_id} is not a positive whole number")
            continue
        pairs.append((mul_id, skill))
    if not _BETWEEN.match(body[position:]):
        problems.append(f"after the last pair: {body[position:].strip()!r}")
    if problems:
        raise FormatProblems(f"{origin} has {count(len(problems), 'bad pair')}", problems)
    if not pairs:
        raise FormatError(f"{origin} holds no units")
    return pairs


def import_tts(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the file",
    options: ImportOptions = NO_OPTIONS,
) -> ImportReport:
    """A force from a TTS code: each pair becomes an entry at its skill.

    Raises:
        FormatError: not a TTS code, or bad pairs (every one listed).
    """
    pairs = parse_pairs(decode_text(data, origin), origin)
    state = ImportState()
    for number, (mul_id, skill) in enumerate(pairs, start=1):
        where = f"pair {number}"
        unit = matcher.by_id(mul_id)
        if unit is None:
            state.unknown.append(matcher.unknown(where, "", mul_id=mul_id))
            continue
        state.entries.append(make_entry(unit, skill=checked_skill(skill, where, state.warnings)))
    return state.report("tts", name, matcher)
