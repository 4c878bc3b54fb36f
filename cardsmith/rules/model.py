"""Provides the rule-pack types: RulePack, Rule, Violation, Severity and CheckResult."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

#: A unit a violation points at: (1-based force index, unit name).
EntryRef = tuple[int, str]

#: Expected and actual values are shown to players and written to JSON as they are.
Value = int | str | None

#: A value as JSON holds it (what ``json.dumps`` takes from the report builders).
JsonValue = str | int | float | bool | None | list["JsonValue"] | dict[str, "JsonValue"]


class Severity(StrEnum):
    """How much a violation matters: an error makes a force illegal, a warning does not."""

    ERROR = "error"
    WARNING = "warning"

    @property
    def rank(self) -> int:
        """Sort key: errors before warnings."""
        return 0 if self is Severity.ERROR else 1


class Fix(StrEnum):
    """What a player does to mend a violation, as data: each shell says how in its own words.

    The CLI names the command (``cardsmith force set lance.json 3 --skill 5``), the app its
    keys (``+`` on the unit's row); the violation's ``hint`` says what to change, in words
    that read right in both.
    """

    ADD_UNITS = "add-units"
    REMOVE_UNITS = "remove-units"
    REPLACE_UNITS = "replace-units"
    CHANGE_SKILL = "change-skill"
    SET_COMMANDER = "set-commander"
    CLEAR_COMMANDER = "clear-commander"
    EDIT_SPAS = "edit-spas"
    SET_FORMATION = "set-formation"
    SET_ERA_FACTION = "set-era-faction"
    SYNC_AVAILABILITY = "sync-availability"
    LOOK_UP = "look-up"
    """Nothing to edit here: check the units on the Master Unit List by hand."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule, explained: what, which units, expected vs actual, how to fix it."""

    rule_id: str
    """Id of the rule in its pack (``pv-cap``)."""
    severity: Severity
    message: str
    """One sentence for the player."""
    entries: tuple[EntryRef, ...] = ()
    """The units involved, as (1-based index, name)."""
    expected: Value = None
    """What the rule asks for (``≤ 300 PV``, ``2-6``)."""
    actual: Value = None
    """What the force has."""
    hint: str = ""
    """How to fix it, in words for any shell (``remove one of: …``)."""
    fix: Fix | None = None
    """The kind of edit that mends it; the shells turn it into a command or a key."""

    @property
    def is_error(self) -> bool:
        """True when the violation makes the force illegal."""
        return self.severity is Severity.ERROR

    def to_dict(self) -> dict[str, JsonValue]:
        """The violation as JSON (design §5: ``rule``, ``severity``, ``message``, ``units``)."""
        return {
            "rule": self.rule_id,
            "severity": self.severity.value,
            "message": self.message,
            "units": [{"index": index, "name": name} for index, name in self.entries],
            "expected": self.expected,
            "actual": self.actual,
            "hint": self.hint,
            "fix": self.fix.value if self.fix else None,
        }


def sort_violations(violations: Iterable[Violation]) -> list[Violation]:
    """Errors first, then warnings; pack order is kept within each (a stable sort)."""
    return sorted(violations, key=lambda v: v.severity.rank)


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule of a pack: a check from the registry with its validated parameters."""

    id: str
    """Unique within the pack; the name players and reports use (``pv-cap``)."""
    check: str
    """Name of the check in ``cardsmith.rules.checks.CHECKS``."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """Parameters after validation, defaults filled in."""
    severity: Severity = Severity.ERROR
    message: str = ""
    """Optional headline from the pack, shown before the check's own explanation."""

    def violation(
        self,
        message: str,
        *,
        entries: Iterable[EntryRef] = (),
        expected: Value = None,
        actual: Value = None,
        hint: str = "",
        fix: Fix | None = None,
        severity: Severity | None = None,
    ) -> Violation:
        """Build a violation of this rule; checks call this so they stay short.

        ``severity`` overrides the rule's own (a "cannot verify" note is always a warning).
        """
        text = f"{self.message} — {message}" if self.message else message
        return Violation(
            rule_id=self.id,
            severity=severity or self.severity,
            message=text,
            entries=tuple(entries),
            expected=expected,
            actual=actual,
            hint=hint,
            fix=fix,
        )


@dataclass(frozen=True, slots=True)
class RulePack:
    """A named set of rules a force is checked against, loaded from TOML."""

    id: str
    """Stable id (``tournament-300``); forces name their pack by it."""
    title: str
    description: str = ""
    rules: tuple[Rule, ...] = ()
    source: Path | None = None
    """The file the pack was read from."""
    builtin: bool = True
    """False for a pack from the user's config folder (or a path given by hand)."""
    extends: str = ""
    """Id of the pack this one builds on; its rules come first unless replaced by id."""
    optional: Mapping[str, Any] = field(default_factory=dict)
    """Optional rules the pack switches on, by id, as validated data (``betrayal``)."""

    def rule(self, rule_id: str) -> Rule | None:
        """The rule with this id, if the pack has one."""
        return next((r for r in self.rules if r.id == rule_id), None)


@dataclass(frozen=True, slots=True)
class CheckResult:
    """The verdict on one force: legal when no error-level violation was found."""

    legal: bool
    violations: tuple[Violation, ...]
    """Every violation, errors first."""
    total_pv: int
    """The force's skill-adjusted PV total."""
    pack_id: str = ""

    @property
    def errors(self) -> tuple[Violation, ...]:
        """The violations that make the force illegal."""
        return tuple(v for v in self.violations if v.is_error)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        """The violations that are only warnings."""
        return tuple(v for v in self.violations if not v.is_error)
