"""The edges of force edits: which name a refusal speaks of, what an edit leaves alone,
where a redeclared group stays, how entries are counted in a refusal, and the data
version a force file records."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace

import pytest
from testdata import skirmish_trooper

from cardsmith.errors import ForceEditError
from cardsmith.forces.editing import (
    MAX_NAME_LENGTH,
    add_entry,
    can_join,
    data_version,
    new_force,
    remove_entry,
    remove_group,
    set_entry,
    set_force,
    set_group,
    set_groups,
)
from cardsmith.models import Force, ForceEntry, Pilot
from cardsmith.models.force import MulRef

from .conftest import make_unit


def _refusal(edit: Callable[[], object]) -> str:
    with pytest.raises(ForceEditError) as refused:
        edit()
    return str(refused.value)


def _lance() -> Force:
    force = new_force("Lance")
    for number in (1, 2, 3):
        force = add_entry(force, make_unit(mul_id=number, name=f"Unit {number}"))
    return force


# -- names ----------------------------------------------------------------------------------


def test_each_refusal_names_the_name_it_is_about() -> None:
    force = _lance()
    assert _refusal(lambda: new_force("  ")) == "force name must not be empty"
    assert _refusal(lambda: set_force(force, name="")) == "force name must not be empty"
    assert _refusal(lambda: set_group(force, "")) == "group name must not be empty"
    assert _refusal(lambda: add_entry(force, make_unit(), pilot=5)) == "pilot name must be text"  # type: ignore[arg-type]
    assert _refusal(lambda: set_entry(force, 1, pilot="Kai\x07")) == (
        "pilot name contains control characters"
    )
    assert _refusal(lambda: set_entry(force, 1, group="A" * (MAX_NAME_LENGTH + 1))) == (
        f"group name is longer than {MAX_NAME_LENGTH} characters"
    )
    assert _refusal(lambda: set_groups(force, [1, 2], "Al\x00pha")) == (
        "group name contains control characters"
    )
    assert _refusal(lambda: new_force("Lance", pack="  ")) == "rule pack id must be non-empty text"
    assert _refusal(lambda: set_force(force, pack=3)) == "rule pack id must be non-empty text"  # type: ignore[arg-type]


def test_a_name_of_the_longest_length_and_with_tabs_is_kept_tidy() -> None:
    longest = "A" * MAX_NAME_LENGTH
    assert new_force(longest).name == longest
    force = add_entry(_lance(), make_unit(mul_id=9), pilot=" Kai\tSmith\n", group="Fire  Lance")
    entry = force.entries[-1]
    assert (entry.pilot.name, entry.group) == ("Kai Smith", "Fire Lance")


# -- what an edit leaves alone -----------------------------------------------------------------


def test_a_new_entry_has_no_pilot_no_group_and_is_not_the_commander() -> None:
    entry = add_entry(new_force("Lance"), make_unit()).entries[0]
    assert (entry.pilot, entry.group, entry.commander, entry.spas) == (Pilot(), "", False, ())


def test_renaming_a_pilot_keeps_the_wounds_and_notes() -> None:
    force = _lance()
    hurt = ForceEntry(
        force.entries[0].unit, pilot=Pilot("Kai", wounds=2, notes="lost an eye at Tukayyid")
    )
    force = force.with_changes(entries=(hurt, *force.entries[1:]))
    renamed = set_entry(force, 1, pilot="Kai Ward").entries[0].pilot
    assert renamed == Pilot("Kai Ward", wounds=2, notes="lost an eye at Tukayyid")


def test_setting_nothing_on_the_force_changes_nothing() -> None:
    force = new_force(
        "Lance", cap=300, era=MulRef(13, "Clan Invasion"), faction=MulRef(900, "Clan Wolf")
    )
    assert set_force(force) == force
    assert set_force(force, name="Star").era == MulRef(13, "Clan Invasion")


@pytest.mark.parametrize("what", ["cap", "era", "faction"])
def test_a_value_and_its_clearing_together_are_refused(what: str) -> None:
    value = 300 if what == "cap" else MulRef(13, "Clan Invasion")
    edit = {what: value, f"clear_{what}": True}
    message = _refusal(lambda: set_force(new_force("Lance"), **edit))  # type: ignore[arg-type]
    assert message == f"set the {what} or clear it, not both"


# -- groups ----------------------------------------------------------------------------------


def test_a_redeclared_group_keeps_its_place() -> None:
    force = set_group(set_group(set_group(_lance(), "Alpha"), "Bravo"), "Charlie")
    force = set_group(force, "Bravo", formation="battle")
    assert [(g.name, g.formation) for g in force.groups] == [
        ("Alpha", None),
        ("Bravo", "battle"),
        ("Charlie", None),
    ]


def test_an_unknown_formation_lists_the_known_ones() -> None:
    message = _refusal(lambda: set_group(_lance(), "Alpha", formation="wedge of doom"))
    assert message.startswith("unknown formation 'wedge of doom'; known formations: ")
    known = message.split("known formations: ")[1].split(", ")
    assert "battle" in known and all(" " not in k and k for k in known)


def test_removing_a_group_leaves_the_other_groups_members_alone() -> None:
    force = set_groups(set_groups(_lance(), [1, 2], "Alpha"), [3], "Bravo")
    force = set_group(set_group(force, "Alpha"), "Bravo")
    after = remove_group(force, "Alpha")
    assert [e.group for e in after.entries] == ["", "", "Bravo"]
    assert [g.name for g in after.groups] == ["Bravo"]
    assert _refusal(lambda: remove_group(after, "Alpha")) == "the force has no group 'Alpha'"


# -- entries by number ---------------------------------------------------------------------------


def test_a_missing_entry_says_which_numbers_there_are() -> None:
    assert _refusal(lambda: remove_entry(_lance(), 4)) == "no entry 4 (entries: 1-3)"
    assert _refusal(lambda: remove_entry(_lance(), 0)) == "no entry 0 (entries: 1-3)"
    assert _refusal(lambda: set_entry(new_force("Empty"), 1, skill=3)) == (
        "no entry 1 (entries: none: the force is empty)"
    )
    assert _refusal(lambda: remove_entry(_lance(), True)) == (
        "entry index must be a whole number, not True"
    )


# -- units of another game ------------------------------------------------------------------------


def test_a_unit_of_another_game_joins_only_with_points() -> None:
    trooper = skirmish_trooper()
    assert not trooper.has_stats
    assert can_join(replace(trooper, pv=1))
    assert not can_join(replace(trooper, pv=0))
    assert not can_join(replace(make_unit(), type=None, pv=30))  # no stats, no other system


# -- the data version ------------------------------------------------------------------------------


def test_the_data_version_is_a_short_hash_of_ids_and_unit_versions_in_order() -> None:
    first = ForceEntry(make_unit(mul_id=7), unit_version="aaa")
    second = ForceEntry(make_unit(mul_id=3), unit_version="bbb")
    expected = hashlib.sha256(b"3:bbb\n7:aaa").hexdigest()[:12]
    assert data_version([first, second]) == data_version([second, first]) == expected
    assert data_version([]) == ""
    # Without a recorded version the unit's own content hash stands in: still 12 digits.
    unversioned = data_version([ForceEntry(make_unit(mul_id=3))])
    assert len(unversioned) == 12 and unversioned != data_version([second])


def test_the_commander_and_a_group_can_be_given_when_adding() -> None:
    entry = add_entry(new_force("Lance"), make_unit(), commander=True, group="Alpha").entries[0]
    assert (entry.commander, entry.group) == (True, "Alpha")
    too_long = "G" * (MAX_NAME_LENGTH + 1)
    assert _refusal(lambda: add_entry(_lance(), make_unit(), group=too_long)) == (
        f"group name is longer than {MAX_NAME_LENGTH} characters"
    )


def test_spas_given_as_one_text_are_refused() -> None:
    message = _refusal(lambda: set_entry(_lance(), 1, spas="sniper"))
    assert message == "spas must be a list of SPA ids"


def test_no_name_at_all_is_an_empty_name() -> None:
    assert _refusal(lambda: new_force(None)) == "force name must not be empty"  # type: ignore[arg-type]


@pytest.mark.parametrize(("cap", "allowed"), [(1, True), (0, False), (True, False), (2.5, False)])
def test_the_smallest_cap_is_one_point(cap: object, allowed: bool) -> None:
    if allowed:
        assert new_force("Lance", cap=cap).cap == cap  # type: ignore[arg-type]
    else:
        message = _refusal(lambda: new_force("Lance", cap=cap))  # type: ignore[arg-type]
        assert message == f"PV cap must be a positive whole number, not {cap!r}"
