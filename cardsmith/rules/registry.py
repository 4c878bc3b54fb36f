"""Provides the machinery of the checks registry: parameter specs, ``CheckSpec``, ``CheckSet``
and ``ForceView``.

The checks live in the ``checks_*`` modules, each collecting its own in a ``CheckSet``;
``cardsmith.rules.checks`` joins those sets into the one registry, ``CHECKS``.  The check
modules import only this module, so the registry has no import cycle.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from cardsmith.forces.pricing import entry_pv
from cardsmith.models import Force, ForceEntry
from cardsmith.rules.model import EntryRef, Rule, RulePack, Violation
from cardsmith.rules.sources import AvailabilityData


class _Required:
    """Marker for a parameter without a default."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()

#: Parameter kinds → the label ``rules list`` prints.
KIND_LABELS = {
    "int": "integer",
    "bool": "true/false",
    "str": "text",
    "str-list": "list of text",
    "int-list": "list of integers",
}


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter a check takes from its rule table."""

    name: str
    kind: str
    """One of ``KIND_LABELS``."""
    doc: str
    default: Any = REQUIRED
    """Value used when the pack leaves the key out; ``REQUIRED`` makes it mandatory;
    None means "not set" (TOML has no null)."""
    choices: tuple[str, ...] = ()
    """Allowed text values (also for each item of a list), matched case-insensitively."""
    minimum: int | None = None
    """Smallest allowed integer (also for each item of a list)."""

    @property
    def required(self) -> bool:
        """True when the pack must give the parameter."""
        return self.default is REQUIRED

    @property
    def kind_label(self) -> str:
        """The kind as ``rules list`` names it (``integer``, ``list of text`` …)."""
        return KIND_LABELS[self.kind]

    def describe(self) -> str:
        """``max (integer, default 16): …`` as ``rules list`` prints it."""
        bits = [self.kind_label]
        if self.required:
            bits.append("required")
        elif self.default is None:
            bits.append("optional")
        else:
            bits.append(f"default {_toml_text(self.default)}")
        if self.choices:
            bits.append("one of " + ", ".join(self.choices))
        if self.minimum is not None:
            bits.append(f"≥ {self.minimum}")
        return f"{self.name} ({'; '.join(bits)}): {self.doc}"

    def coerce(self, value: Any) -> tuple[Any, str | None]:
        """Check a TOML value against the spec: (clean value, None) or (None, reason)."""
        if self.kind in ("str-list", "int-list"):
            if not isinstance(value, list):
                return None, f"expected a list, got {_kind(value)}"
            item_kind = self.kind.removesuffix("-list")
            cleaned: list[Any] = []
            for position, item in enumerate(value):
                clean, reason = self._coerce_one(item_kind, item)
                if reason:
                    return None, f"item {position + 1}: {reason}"
                cleaned.append(clean)
            return tuple(cleaned), None
        return self._coerce_one(self.kind, value)

    def _coerce_one(self, kind: str, value: Any) -> tuple[Any, str | None]:
        if kind == "int":
            # bool is an int subclass in Python; TOML true is not a number.
            if not isinstance(value, int) or isinstance(value, bool):
                return None, f"expected an integer, got {_kind(value)} {value!r}"
            if self.minimum is not None and value < self.minimum:
                return None, f"must be at least {self.minimum}, got {value}"
            return value, None
        if kind == "bool":
            if not isinstance(value, bool):
                return None, f"expected true or false, got {_kind(value)} {value!r}"
            return value, None
        if not isinstance(value, str):
            return None, f"expected text, got {_kind(value)} {value!r}"
        if self.choices:
            match = next((c for c in self.choices if c.lower() == value.strip().lower()), None)
            if match is None:
                return None, f"{value!r} is not one of: {', '.join(self.choices)}"
            return match, None
        return value, None


def _kind(value: Any) -> str:
    return {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)


def _toml_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml_text(v) for v in value) + "]"
    return str(value)


@dataclass(frozen=True, slots=True)
class Row:
    """One entry as the checks see it."""

    index: int
    """1-based position in the force, as the CLI shows it."""
    entry: ForceEntry
    pv: int
    """Skill-adjusted PV."""

    @property
    def ref(self) -> EntryRef:
        """(index, name) for a violation."""
        return (self.index, self.entry.unit.name)

    @property
    def label(self) -> str:
        """``#3 Atlas AS7-D`` for hints."""
        return f"#{self.index} {self.entry.unit.name}"


class ForceView:
    """A force prepared once for all the checks of a pack: rows with index and PV."""

    __slots__ = ("availability", "cap_override", "force", "pack", "rows", "total_pv")

    def __init__(
        self,
        force: Force,
        pack: RulePack,
        *,
        cap: int | None = None,
        availability: AvailabilityData | None = None,
    ) -> None:
        self.force = force
        self.pack = pack
        self.cap_override = cap
        """A PV cap given on the command line; it wins over the pack's and the force's."""
        self.availability = availability
        """Era and faction availability from the catalogue (None: not at hand)."""
        rows: list[Row] = []
        total = 0
        for index, entry in enumerate(force.entries, 1):
            pv = _safe_pv(entry)
            rows.append(Row(index, entry, pv))
            total += pv
        self.rows = tuple(rows)
        self.total_pv = total


#: (base PV, skill) → adjusted PV: an event's lists price the same few pairs again and again.
_PV_AT: dict[tuple[int, int], int] = {}


def _safe_pv(entry: ForceEntry) -> int:
    key = (entry.unit.pv, entry.skill)
    plain = type(key[0]) is int and type(key[1]) is int
    pv = _PV_AT.get(key) if plain else None
    if pv is None:
        # A skill outside 0-7 has no PV in ASCE p.29; skill-range reports it, the total
        # counts the unit at its base PV rather than failing the whole check.
        try:
            pv = entry_pv(entry)
        except ValueError:
            return entry.unit.pv
        if plain:
            if len(_PV_AT) >= 4096:
                _PV_AT.clear()
            _PV_AT[key] = pv
    return pv


def refs(rows: Sequence[Row]) -> tuple[EntryRef, ...]:
    """(index, name) of each row."""
    return tuple(row.ref for row in rows)


def labels(rows: Sequence[Row]) -> str:
    """``#3 Atlas AS7-D, #5 Locust LCT-1V`` for hints."""
    return ", ".join(row.label for row in rows)


def range_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Cross-parameter check shared by the checks that take ``min`` and ``max``."""
    low, high = params.get("min"), params.get("max")
    if low is not None and high is not None and low > high:
        return [("min", f"min ({low}) is larger than max ({high})")]
    return []


CheckFunction = Callable[[ForceView, Rule], Iterator[Violation]]
ParamValidator = Callable[[Mapping[str, Any]], list[tuple[str, str]]]


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """A registered check: the generator, its parameters and its documentation."""

    name: str
    func: CheckFunction
    params: tuple[Param, ...] = ()
    validate: ParamValidator | None = None
    """Cross-parameter validation: returns (key, reason) problems."""

    def __call__(self, view: ForceView, rule: Rule) -> Iterator[Violation]:
        return self.func(view, rule)

    @property
    def summary(self) -> str:
        """The first line of the check's docstring."""
        return self.doc.split("\n", 1)[0]

    @property
    def doc(self) -> str:
        """The check's docstring, dedented."""
        import inspect

        return inspect.cleandoc(self.func.__doc__ or self.name).replace("``", "")

    def param(self, name: str) -> Param | None:
        """The parameter called ``name``."""
        return next((p for p in self.params if p.name == name), None)

    def validate_params(
        self, raw: Mapping[str, Any]
    ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
        """Check a rule table's parameters: (clean params with defaults, [(key, reason)])."""
        problems: list[tuple[str, str]] = []
        clean: dict[str, Any] = {}
        known = {p.name for p in self.params}
        for key in raw:
            if key not in known:
                accepted = ", ".join(sorted(known)) or "none"
                problems.append(
                    (key, f"unknown parameter for check {self.name!r} (accepted: {accepted})")
                )
        for param in self.params:
            if param.name not in raw:
                if param.required:
                    problems.append(
                        (param.name, f"missing: check {self.name!r} needs it ({param.doc})")
                    )
                else:
                    clean[param.name] = param.default
                continue
            value, reason = param.coerce(raw[param.name])
            if reason:
                problems.append((param.name, reason))
            else:
                clean[param.name] = value
        if not problems and self.validate is not None:
            problems.extend(self.validate(clean))
        return clean, problems


T = TypeVar("T")

_SHARED: dict[str, tuple[float, Any]] = {}

#: Seconds a catalogue fetched by a check is reused without asking its loader again.
SHARED_MAX_AGE = 1.0


def shared(name: str, loader: Callable[[], T]) -> T:
    """A catalogue (SPAs, formations) for checks, reused across forces for a moment.

    Checking 1,000 forces would otherwise resolve the template folders and stat the
    file 1,000 times; the loaders cache by modification time themselves, so asking
    again after ``SHARED_MAX_AGE`` still picks up an edited file in a long-running app.
    """
    # The config folder is part of the key: a user file there replaces the built-in.
    key = f"{name}:{os.environ.get('CARDSMITH_CONFIG_DIR', '')}"
    now = time.monotonic()
    hit = _SHARED.get(key)
    if hit is not None and now - hit[0] < SHARED_MAX_AGE:
        cached: T = hit[1]
        return cached
    value = loader()
    _SHARED[key] = (now, value)
    return value


class CheckSet:
    """The checks of one module, in the order they are declared (``rules list`` order)."""

    def __init__(self) -> None:
        self.specs: dict[str, CheckSpec] = {}

    def add(
        self, name: str, *params: Param, validate: ParamValidator | None = None
    ) -> Callable[[CheckFunction], CheckFunction]:
        """Decorator: declare a check generator under ``name`` with its parameters."""

        def wrap(func: CheckFunction) -> CheckFunction:
            if name in self.specs:
                raise ValueError(f"check {name!r} is declared twice")
            self.specs[name] = CheckSpec(name, func, params, validate)
            return func

        return wrap


def join(*sets: CheckSet) -> dict[str, CheckSpec]:
    """One registry from several sets; a name declared in two sets is a programming error."""
    joined: dict[str, CheckSpec] = {}
    for check_set in sets:
        for name, spec in check_set.specs.items():
            if name in joined:
                raise ValueError(f"check {name!r} is declared in two modules")
            joined[name] = spec
    return joined
