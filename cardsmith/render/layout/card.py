"""Provides card templates and sheet geometry as data (mm), validated without drawing.

Templates live in ``templates/cards/<family>.toml`` (a user file of the same name in the
config folder overrides the built-in one); the paper sizes and the card grid live in
``templates/cards/sheet.toml``.  Everything here is plain arithmetic in millimetres with
the origin at the top-left corner of a card or a page; only ``pdf.py`` turns it into
PDF points.  Every problem found while loading names the file, the box and what is
wrong, and all problems are reported together in one ``TemplateError``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardsmith.errors import TemplateError
from cardsmith.templates import Problems, find_template, read_toml

#: The card families, one template file each.  ``aerospace`` prints conventional fighters
#: and the aerospace support vehicles (no heat scale); ``building`` buildings and mobile
#: structures.  Which crit tracks a card shows is the battle engine's one definition
#: (``cardsmith.battle.crits.crit_tracks``), not the template's.
FAMILIES = (
    "mech",
    "vehicle",
    "protomech",
    "infantry",
    "fighter",
    "aerospace",
    "large-craft",
    "building",
)

#: Boxes every card has; the renderer fills each one from the card model.
REQUIRED_BOXES = ("name", "pv", "pilot", "info", "damage", "armor", "specials", "spas")
#: Boxes the renderer knows how to fill.
KNOWN_BOXES = (*REQUIRED_BOXES, "heat", "crits", "threshold", "squad", "notes", "footer")
FONTS = ("regular", "bold")
ALIGNS = ("left", "center", "right")

#: Height (mm) one critical-hit row needs at the smallest readable size.
CRIT_ROW_MIN_MM = 3.6
#: Smallest pip pitch (mm) still worth marking with a pencil; below it the card prints
#: the number and a write-in space instead of pips.
MIN_PIP_PITCH_MM = 1.9
#: Pip pitch (mm) when there is room.
MAX_PIP_PITCH_MM = 3.6


@dataclass(frozen=True, slots=True)
class Box:
    """A named rectangle on a card, in mm from the card's top-left corner."""

    name: str
    x: float
    y: float
    w: float
    h: float
    font: str = "regular"
    """``regular`` or ``bold`` (see ``fonts.py``)."""
    size: float = 7.0
    """Font size in points."""
    min_size: float = 0.0
    """Smallest size text may shrink to before it wraps or is cut; 0 means ``size``."""
    align: str = "left"

    @property
    def right(self) -> float:
        """The right edge (mm)."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The bottom edge (mm from the top)."""
        return self.y + self.h

    def overlaps(self, other: Box) -> bool:
        """True when the two boxes share area (touching edges do not count)."""
        eps = 1e-6
        return (
            self.x < other.right - eps
            and other.x < self.right - eps
            and self.y < other.bottom - eps
            and other.y < self.bottom - eps
        )


@dataclass(frozen=True, slots=True)
class CardTemplate:
    """One card family: the unit types it serves, what it tracks, and where each box is."""

    family: str
    title: str
    types: tuple[str, ...]
    """Alpha Strike type codes printed with this template."""
    ranges: tuple[str, ...]
    """Damage brackets on the card (``S M L`` or ``S M L E``)."""
    heat_scale: tuple[str, ...]
    """Heat boxes (``1 2 3 S``), empty for units that do not track heat."""
    width: float
    height: float
    boxes: Mapping[str, Box]
    source: str
    """The file the template came from (for messages)."""

    def box(self, name: str) -> Box | None:
        """The box called ``name``, if this family has it."""
        return self.boxes.get(name)


# -- loading ---------------------------------------------------------------------------


@cache
def load_template(family: str) -> CardTemplate:
    """The template of one card family (cached; ``load_template.cache_clear()`` reloads).

    Raises:
        TemplateError: unknown family, unreadable file, or geometry problems (all listed).
    """
    if family not in FAMILIES:
        raise TemplateError(f"no card family {family!r}; known: {', '.join(FAMILIES)}")
    path = find_template("cards", f"{family}.toml")
    return parse_template(read_toml(path), source=str(path))


def template_for_type(type_code: str) -> CardTemplate:
    """The template whose ``types`` list the unit type ``type_code``.

    Raises:
        TemplateError: no card family prints this unit type.
    """
    for family in FAMILIES:
        template = load_template(family)
        if type_code in template.types:
            return template
    raise TemplateError(f"no card template prints unit type {type_code!r}")


# -- parsing and validation ------------------------------------------------------------


def read_number(data: Mapping[str, Any], key: str, where: str, problems: Problems) -> float:
    """``data[key]`` as a number; a missing or non-numeric value is a problem (and 0.0)."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float):
        problems.add(f"{where}: {key} must be a number, got {value!r}")
        return 0.0
    return float(value)


def parse_template(data: Mapping[str, Any], *, source: str = "<template>") -> CardTemplate:
    """Build and validate a card template from decoded TOML.

    Raises:
        TemplateError: listing every problem (missing keys, boxes off the card or
            overlapping, unknown fonts, boxes the family needs but lacks …).
    """
    problems = Problems(source)
    family = str(data.get("family", ""))
    if family not in FAMILIES:
        problems.add(f"family must be one of {', '.join(FAMILIES)}, got {family!r}")
    width = read_number(data, "width_mm", "card", problems)
    height = read_number(data, "height_mm", "card", problems)
    if width <= 0 or height <= 0:
        problems.add(f"card size must be positive, got {width} × {height} mm")
    types = _strings(data, "types", problems)
    ranges = _strings(data, "ranges", problems)
    if not ranges:
        problems.add("ranges must name at least one damage bracket")
    heat = _strings(data, "heat_scale", problems)
    if "crit" in data:
        problems.add(
            "[[crit]] tracks are no longer read from card templates; the battle engine's "
            "templates/battle/crits.toml defines them"
        )
    boxes = parse_boxes(data.get("box", {}), width, height, problems)
    _check_family_needs(boxes, heat, problems)
    problems.raise_if_any("card template")
    return CardTemplate(
        family=family,
        title=str(data.get("title", family)),
        types=types,
        ranges=ranges,
        heat_scale=heat,
        width=width,
        height=height,
        boxes=boxes,
        source=source,
    )


def _strings(data: Mapping[str, Any], key: str, problems: Problems) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.add(f"{key} must be a list of text, got {value!r}")
        return ()
    return tuple(value)


def parse_boxes(
    raw: object,
    width: float,
    height: float,
    problems: Problems,
    known: tuple[str, ...] = KNOWN_BOXES,
) -> dict[str, Box]:
    """The named boxes of a card ``width`` × ``height`` mm, each checked, none overlapping."""
    if not isinstance(raw, Mapping):
        problems.add("box must be a table of named boxes ([box.name])")
        return {}
    boxes: dict[str, Box] = {}
    for name, spec in raw.items():
        where = f"box {name!r}"
        if name not in known:
            problems.add(f"{where}: unknown box; known boxes are {', '.join(known)}")
            continue
        if not isinstance(spec, Mapping):
            problems.add(f"{where}: must be a table with x_mm, y_mm, w_mm, h_mm")
            continue
        x, y = (
            read_number(spec, "x_mm", where, problems),
            read_number(spec, "y_mm", where, problems),
        )
        w, h = (
            read_number(spec, "w_mm", where, problems),
            read_number(spec, "h_mm", where, problems),
        )
        size = float(spec.get("size", 7.0)) if _is_number(spec.get("size", 7.0)) else -1.0
        min_size = float(spec.get("min_size", 0.0)) if _is_number(spec.get("min_size", 0)) else -1.0
        box = Box(
            name,
            x,
            y,
            w,
            h,
            font=str(spec.get("font", "regular")),
            size=size,
            min_size=min_size,
            align=str(spec.get("align", "left")),
        )
        problems.extend(f"{where}: {p}" for p in box_problems(box, width, height))
        boxes[name] = box
    names = list(boxes)
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            if boxes[first].overlaps(boxes[second]):
                problems.add(f"box {first!r} overlaps box {second!r}")
    return boxes


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def box_problems(box: Box, card_width: float, card_height: float) -> list[str]:
    """What is wrong with one box on a card of the given size (empty when fine)."""
    found: list[str] = []
    if box.w <= 0 or box.h <= 0:
        found.append(f"width and height must be positive, got {box.w} × {box.h} mm")
    if box.x < 0 or box.y < 0:
        found.append(f"starts outside the card at ({box.x}, {box.y}) mm")
    if box.right > card_width + 1e-6:
        found.append(
            f"extends {box.right - card_width:.1f} mm past the right edge of the card "
            f"(x {box.x} + w {box.w} > {card_width})"
        )
    if box.bottom > card_height + 1e-6:
        found.append(
            f"extends {box.bottom - card_height:.1f} mm past the bottom edge of the card "
            f"(y {box.y} + h {box.h} > {card_height})"
        )
    if box.font not in FONTS:
        found.append(f"font must be one of {', '.join(FONTS)}, got {box.font!r}")
    if box.align not in ALIGNS:
        found.append(f"align must be one of {', '.join(ALIGNS)}, got {box.align!r}")
    if not 3.0 <= box.size <= 30.0:
        found.append(f"size must be 3-30 pt, got {box.size}")
    if box.min_size < 0 or box.min_size > box.size:
        found.append(f"min_size must be between 0 and size ({box.size}), got {box.min_size}")
    # Text must fit at least one line: a point is 25.4/72 mm.
    if box.size * 25.4 / 72 > box.h + 1e-6:
        found.append(f"is {box.h} mm tall, too low for {box.size} pt text")
    return found


def _check_family_needs(
    boxes: Mapping[str, Box], heat: tuple[str, ...], problems: Problems
) -> None:
    for name in REQUIRED_BOXES:
        if name not in boxes:
            problems.add(f"box {name!r} is missing; every card needs it")
    if heat and "heat" not in boxes:
        problems.add("box 'heat' is missing but the family has a heat scale")
    if not heat and "heat" in boxes:
        problems.add("box 'heat' is present but the family has no heat scale")
    crit_box = boxes.get("crits")
    if crit_box is not None and crit_box.h + 1e-6 < 2 * CRIT_ROW_MIN_MM:
        problems.add(
            f"box 'crits' is {crit_box.h} mm tall; a title and one track need "
            f"{2 * CRIT_ROW_MIN_MM:.1f} mm"
        )


# -- pips ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PipRows:
    """How armor and structure pips fill an area: rows per track and the pitch (mm)."""

    armor_rows: int
    structure_rows: int
    per_row: int
    pitch: float

    @property
    def fits(self) -> bool:
        """False when pips would be too small; the card then prints numbers instead."""
        return self.pitch >= MIN_PIP_PITCH_MM


def pip_rows(armor: int, structure: int, width: float, height: float) -> PipRows:
    """Largest pip pitch (≤ MAX_PIP_PITCH_MM, in 0.1 mm steps) at which both tracks fit.

    Each track starts on its own row and wraps after ``per_row`` pips.  When no pitch of
    at least MIN_PIP_PITCH_MM fits, the answer's pitch is below it (``fits`` is False)
    and the card prints numbers instead.  Steps are counted in whole tenths, so float
    drift never passes off a too-small pitch as the smallest allowed one.
    """
    top, bottom = round(MAX_PIP_PITCH_MM * 10), round(MIN_PIP_PITCH_MM * 10)
    for tenths in range(top, bottom - 1, -1):
        pitch = tenths / 10
        per_row = max(1, int((width + 1e-9) // pitch))
        a_rows = max(1, math.ceil(armor / per_row))
        s_rows = max(1, math.ceil(structure / per_row))
        if (a_rows + s_rows) * pitch <= height + 1e-6:
            return PipRows(a_rows, s_rows, per_row, pitch)
    pitch = (bottom - 1) / 10
    per_row = max(1, int(width // pitch))
    return PipRows(
        max(1, math.ceil(armor / per_row)), max(1, math.ceil(structure / per_row)), per_row, pitch
    )
