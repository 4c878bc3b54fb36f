"""Provides the small value types of an Alpha Strike stat block: movement, damage, specials.

Each comes with a parser for the text the MUL and the printed cards use (``8"/6"j``,
``0*``, ``TUR(3/3/2,IF1)``) and a ``str()`` that writes the same text back.  Parsers
never raise on odd text from real records: what they cannot read stays as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# -- movement -------------------------------------------------------------------------

#: Movement mode letters (ASCE p.27-28; MegaMek ASMovementConverter.getMovementCode).
MOVE_MODES: dict[str, str] = {
    "": "ground",
    "j": "jump",
    "t": "tracked",
    "w": "wheeled",
    "h": "hover",
    "v": "VTOL",
    "g": "WiGE",
    "n": "naval",
    "s": "submarine",
    "f": "foot",
    "m": "motorized",
    "b": "bicycle",
    "i": "airship",
    "qt": "QuadVee tracked",
    "qw": "QuadVee wheeled",
    "a": "aerodyne thrust",
    "p": "spheroid thrust",
    "k": "station keeping",
}

#: Modes measured in thrust points rather than inches (no inch mark on the card).
THRUST_MODES = frozenset({"a", "p", "k"})

_MOVE_PART = re.compile(
    r'^\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<inch>")?\s*(?P<mode>[a-z]*)(?:\((?P<sub>[a-z])\))?\s*$'
)


@dataclass(frozen=True, slots=True)
class Movement:
    """One movement mode of a unit, such as ``8"`` ground or ``6"j`` jump."""

    inches: float
    """Distance in inches, or thrust points for aerospace modes."""
    mode: str = ""
    """Mode letter(s): ``""`` ground, ``"j"`` jump, ``"a"`` aerodyne thrust … (MOVE_MODES)."""
    detail: str = ""
    """A sub-mode given in parentheses by the MUL, e.g. ``b`` in ``6"w(b)``."""

    @property
    def is_thrust(self) -> bool:
        """True for aerospace thrust and station keeping (printed as THR, not MV)."""
        return self.mode in THRUST_MODES

    @property
    def is_jump(self) -> bool:
        """True for jump movement."""
        return self.mode == "j"

    def __str__(self) -> str:
        number = _number_text(self.inches)
        detail = f"({self.detail})" if self.detail else ""
        if self.is_thrust:
            return f"{number}{self.mode}{detail}"
        return f'{number}"{self.mode}{detail}'


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


# The same few hundred strings recur across thousands of units and force files; the
# results are immutable, so they are shared.
@lru_cache(maxsize=4096)
def parse_move(text: str | None) -> tuple[Movement, ...]:
    """Parse a MUL ``BFMove`` string into its modes.

    A lone jump entry (``10"j``) means ground 10" and jump 10" (MegaMek
    ASMovementConverter stores equal ground and jump move once).  Bare numbers (large
    vessels) are ground move.  Text that is not a movement string gives ``()``.
    """
    if not text or not text.strip():
        return ()
    modes: list[Movement] = []
    for part in text.split("/"):
        match = _MOVE_PART.match(part)
        if match is None:
            return ()
        inches = float(match["n"])
        modes.append(Movement(inches, match["mode"], match["sub"] or ""))
    if len(modes) == 1 and modes[0].mode == "j":
        modes.insert(0, Movement(modes[0].inches, ""))
    return tuple(modes)


def format_move(modes: tuple[Movement, ...]) -> str:
    """Write modes back in the card's short form (``10"j`` for equal ground and jump)."""
    if (
        len(modes) == 2
        and modes[0].mode == ""
        and modes[1].mode == "j"
        and modes[0].inches == modes[1].inches
    ):
        return str(modes[1])
    return "/".join(str(m) for m in modes)


#: TMM by movement in inches (MegaMek ASConverter.tmmForMovement; AS Companion Errata
#: v1.4 p.8; ASCE p.29): upper bound of each band → TMM.
TMM_BANDS: tuple[tuple[float, int], ...] = ((4, 0), (8, 1), (12, 2), (18, 3), (34, 4))


def tmm_for_inches(inches: float) -> int:
    """Target movement modifier for a move in inches (35" and more → 5)."""
    for upper, tmm in TMM_BANDS:
        if inches <= upper:
            return tmm
    return 5


def derive_tmm(modes: tuple[Movement, ...]) -> int:
    """TMM from a unit's primary (first) movement mode; 0 for thrust-only units.

    The MUL's ``BFTMM`` is always 0 in QuickList answers, so cardsmith derives it.
    """
    if not modes or modes[0].is_thrust:
        return 0
    return tmm_for_inches(modes[0].inches)


# -- damage ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamageValue:
    """A damage value at one range; ``minimal`` is the card's ``0*`` (less than 0.5)."""

    value: int
    minimal: bool = False

    def __str__(self) -> str:
        if self.minimal and self.value == 0:
            return "0*"
        return str(self.value)

    @classmethod
    def parse(cls, text: str) -> DamageValue | None:
        """Read ``3``, ``0*`` or ``-`` (no damage at that range → None)."""
        text = text.strip()
        if text in ("-", "—", "--", ""):
            return None
        if text.endswith("*"):
            return cls(int(text[:-1] or 0), minimal=True)
        return cls(int(text))

    @property
    def effective(self) -> float:
        """Value for sums and comparisons: ``0*`` counts as half a point."""
        return 0.5 if self.minimal and self.value == 0 else float(self.value)


# -- special abilities ----------------------------------------------------------------

_DAMAGE_TAIL = re.compile(r"^\s*(?:\d+\*?|-+)(?:\s*/\s*(?:\d+\*?|-+))+\s*$|^\s*\d+\*\s*$")
_NUMBER_TAIL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*$")
_CODE = re.compile(r"^(C3[A-Z]*|[A-Z][A-Z-]*)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Special:
    """One special ability as printed on a card, read into its parts.

    ``IF1`` → code ``IF``, number 1.  ``LRM1/1/1`` → code ``LRM``, damage (1, 1, 1).
    ``TUR(3/3/2,IF1)`` → code ``TUR``, damage (3, 3, 2), contents (IF1,).
    ``CT76D1`` keeps ``text``; the parts that cannot be read stay in ``tail``.
    """

    code: str
    """Upper-case ability code (``IF``, ``CASE``, ``ARTAIS``, ``C3M`` …)."""
    text: str
    """The ability exactly as the record gives it, trimmed."""
    number: float | None = None
    """The number after the code (``IF1``, ``CAR4``, ``CT0.5``), when there is one."""
    damage: tuple[DamageValue | None, ...] = ()
    """Per-range damage (``LRM1/1/1``, ``REAR0*/-/-``), S/M/L(/E); None where ``-``."""
    contents: tuple[Special, ...] = ()
    """Abilities inside parentheses, as in a turret ``TUR(3/3/2,IF1)``."""
    argument: str | None = None
    """The raw text inside parentheses (``LAM(36"g/4a)`` → ``36"g/4a``)."""
    tail: str = ""
    """Text after the code that is neither a number nor damage (``D1`` in ``CT76D1``)."""

    def __str__(self) -> str:
        return self.text

    def codes(self) -> tuple[str, ...]:
        """This ability's code and those of the abilities inside it."""
        return (self.code, *(c for s in self.contents for c in s.codes()))


def split_specials(text: str | None) -> list[str]:
    """Split a ``BFAbilities`` string on commas outside parentheses, trimming each part."""
    if not text:
        return []
    parts: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def parse_special(text: str) -> Special:
    """Parse one special ability; unreadable parts are kept as text, never an error."""
    text = text.strip()
    match = _CODE.match(text)
    if match is None:
        return Special(code=text.upper(), text=text)
    code = match.group(1)
    rest = text[match.end() :]
    # ARTAIS-1, TSEMP-O1: the hyphen joins code and count, it is not part of the code.
    if code.endswith("-") and len(code) > 1:
        code = code[:-1]
    code = code.upper()
    argument: str | None = None
    contents: tuple[Special, ...] = ()
    damage: tuple[DamageValue | None, ...] = ()
    number: float | None = None
    # A count may precede the parentheses: TUR1(…), TUR2(…).
    count = re.match(r"^(\d+)\(", rest)
    if count:
        number = float(count.group(1))
        rest = rest[len(count.group(1)) :]
    if rest.startswith("("):
        inner = rest[1:]
        inner = inner[:-1] if inner.endswith(")") else inner
        argument = inner
        rest = ""
        items = split_specials(inner)
        if items and _DAMAGE_TAIL.match(items[0]):
            damage = _parse_damage_tail(items[0])
            items = items[1:]
        if not (code in ("LAM", "BIM") or _looks_like_move(inner)):
            contents = tuple(parse_special(item) for item in items)
    tail = ""
    if rest:
        rest_clean = rest.strip()
        if _DAMAGE_TAIL.match(rest_clean):
            damage = _parse_damage_tail(rest_clean)
        elif (num := _NUMBER_TAIL.match(rest_clean)) is not None:
            number = float(num.group(1))
        else:
            lead = re.match(r"^(\d+(?:\.\d+)?)(.*)$", rest_clean)
            if lead:
                number = float(lead.group(1))
                tail = lead.group(2)
            else:
                tail = rest_clean
    return Special(
        code=code,
        text=text,
        number=number,
        damage=damage,
        contents=contents,
        argument=argument,
        tail=tail,
    )


def _looks_like_move(text: str) -> bool:
    return bool(parse_move(text))


def _parse_damage_tail(text: str) -> tuple[DamageValue | None, ...]:
    return tuple(DamageValue.parse(part) for part in text.split("/"))


@lru_cache(maxsize=16384)
def parse_specials(text: str | None) -> tuple[Special, ...]:
    """Parse a whole ``BFAbilities`` string."""
    return tuple(parse_special(part) for part in split_specials(text))
