"""When the ``availability`` check cannot answer: a warning that says which list to sync.

ASCE p.110 step 2 asks for units the faction fields in the era; without the MUL's lists
at hand the check cannot tell, so it warns (never refuses) and names the sync command.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.catalogue.availability import AvailabilityView
from cardsmith.catalogue.factions import Faction
from cardsmith.errors import UnknownName
from cardsmith.models import Force, ForceEntry
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.engine import check_force
from cardsmith.rules.model import Fix, Rule, RulePack, Severity, Violation
from cardsmith.rules.sources import AvailabilityData
from rules.rulekit import build_unit


@dataclass(frozen=True)
class _Catalogue:
    """A catalogue that stores no availability list."""

    problem: str = ""
    has_factions: bool = False
    version: str | None = None
    candidates: tuple[str, ...] = ()
    known: tuple[Faction, ...] = ()

    def view(self, era_id: int, faction_id: int | None) -> AvailabilityView:
        return AvailabilityView(era_id, faction_id, [], self.version)  # no list stored

    def faction(self, text: str) -> Faction:
        for known in self.known:
            if known.name == text:
                return known
        raise UnknownName(f"unknown faction {text!r}", candidates=self.candidates)

    def kind(self, mul_id: int) -> tuple[str, str]:
        return "BattleMech", "Inner Sphere"


def _only(availability: AvailabilityData | None, **params: str) -> Violation:
    clean, problems = CHECKS["availability"].validate_params(params)
    assert not problems
    pack = RulePack("test", "Test", rules=(Rule("av", "availability", clean),))
    entries = tuple(ForceEntry(unit=build_unit(f"Griffin G-{n}")) for n in (1, 2))
    result = check_force(Force("F", entries=entries), pack, availability=availability)
    assert result.legal
    (only,) = result.violations
    assert only.severity is Severity.WARNING and only.fix is Fix.SYNC_AVAILABILITY
    assert only.entries == ((1, "Griffin G-1"), (2, "Griffin G-2"))
    assert only.actual == "unknown"
    return only


def test_without_a_catalogue_it_names_the_eras_list_to_sync() -> None:
    note = _only(None, era="Clan Invasion", faction="Clan Wolf")
    assert note.message == (
        "cannot verify the availability of 2 units: no catalogue at hand (availability data none)"
    )
    assert note.expected == "on the MUL's list for Clan Invasion"
    assert note.hint == (
        "sync the missing list (cardsmith catalogue sync --availability --eras 13)"
        " or import a captured one (catalogue import FILE)"
    )


def test_an_unreadable_catalogue_says_why() -> None:
    note = _only(_Catalogue(problem="database is locked"), era="Jihad", faction="Clan Wolf")
    assert "the catalogue cannot be read (database is locked)" in note.message
    assert "--eras 14)" in note.hint


def test_a_catalogue_without_factions_names_the_faction_to_sync() -> None:
    note = _only(_Catalogue(), era="Clan Invasion", faction="Clan Wolf")
    assert "the catalogue knows no MUL factions, so not 'Clan Wolf'" in note.message
    assert note.hint.startswith(
        'sync the missing list (cardsmith catalogue sync --availability --eras 13 --factions "Clan Wolf")'
    )


def _verdict(availability: AvailabilityData | None, **params: object) -> list[Violation]:
    clean, problems = CHECKS["availability"].validate_params(params)
    assert not problems
    pack = RulePack("test", "Test", rules=(Rule("av", "availability", clean),))
    force = Force("F", entries=(ForceEntry(unit=build_unit("Griffin G-1")),))
    return list(check_force(force, pack, availability=availability).violations)


def test_an_unknown_faction_is_an_error_with_three_suggestions() -> None:
    close = ("Clan Wolf", "Clan Wolverine", "Clan Widowmaker", "Clan Wolf-in-Exile")
    catalogue = _Catalogue(has_factions=True, candidates=close)
    (error,) = _verdict(catalogue, era="Clan Invasion", faction="Clan Wulf")
    assert error.severity is Severity.ERROR and error.fix is Fix.SET_ERA_FACTION
    assert error.message == (
        "unknown faction 'Clan Wulf' (did you mean Clan Wolf, Clan Wolverine, Clan Widowmaker?)"
    )
    assert (error.expected, error.actual) == ("a MUL faction", "Clan Wulf")
    assert error.hint == (
        "name a faction the catalogue knows (catalogue sync --availability --factions NAME)"
    )


def test_an_unknown_faction_without_close_names_suggests_nothing() -> None:
    (error,) = _verdict(_Catalogue(has_factions=True), era="Clan Invasion", faction="Zzz")
    assert error.message == "unknown faction 'Zzz'"


def test_a_list_without_era_or_faction_is_an_error_unless_the_rule_relaxes_it() -> None:
    (error,) = _verdict(None)
    assert error.severity is Severity.ERROR and error.fix is Fix.SET_ERA_FACTION
    assert error.message == "the list names no era and no faction to check availability against"
    assert (error.expected, error.actual) == ("an era and a faction", "none")
    assert error.hint == "give the force its era and faction"
    (note,) = _verdict(None, required=False)
    assert note.severity is Severity.WARNING
    (era_only,) = _verdict(None, era="Jihad")
    assert era_only.message == "the list names no faction to check availability against"


def test_custom_units_are_on_no_mul_list_and_only_noted() -> None:
    clean, _ = CHECKS["availability"].validate_params(
        {"era": "Clan Invasion", "faction": "Clan Wolf"}
    )
    pack = RulePack("test", "Test", rules=(Rule("av", "availability", clean),))
    # MUL ids 0 and below are the player's own units; 1 is a real MUL id.
    units = [build_unit("Custom A", mul_id=0), build_unit("Custom B", mul_id=-3)]
    units.append(build_unit("Real C", mul_id=1))
    force = Force("F", entries=tuple(ForceEntry(unit=unit) for unit in units))
    catalogue = _Catalogue(has_factions=True, known=(Faction(24, "Clan Wolf"),))
    result = check_force(force, pack, availability=catalogue)
    assert result.legal
    custom, real = result.violations
    assert custom.message == (
        "cannot verify the availability of 2 units: custom units are on no MUL list"
        " (availability data none)"
    )
    assert custom.entries == ((1, "Custom A"), (2, "Custom B"))
    assert custom.expected == "on the MUL's list for Clan Invasion"
    assert custom.hint.startswith(
        "sync the missing list (cardsmith catalogue sync --availability --eras 13 --factions 24)"
    )
    assert real.entries == ((3, "Real C"),)
    assert "custom" not in real.message
