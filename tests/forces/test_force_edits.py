"""Editing operations: validation of every input, and newer catalogue versions."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.dump import record
from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import ForceEditError
from cardsmith.forces.editing import (
    add_entry,
    new_force,
    remove_entry,
    remove_group,
    set_entry,
    set_group,
)
from cardsmith.forces.updates import outdated_entries, update_entries
from cardsmith.models import Force, Unit

from .conftest import make_unit


def one_unit_force() -> tuple[Force, Unit]:
    unit = make_unit(mul_id=10, name="Atlas", size=4, pv=52)
    return add_entry(new_force("F"), unit, skill=3, spas=["Sniper"]), unit


def test_add_stores_spa_ids_and_a_unit_version() -> None:
    force, _ = one_unit_force()
    (entry,) = force.entries
    assert entry.spas == ("sniper",) and entry.skill == 3
    assert entry.unit_version and force.data_version


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"skill": 8}, "skill"),
        ({"skill": -1}, "skill"),
        ({"skill": True}, "skill"),
        ({"spas": ["no-such-spa"]}, "unknown SPA"),
        ({"spas": ["urban-guerrilla"]}, "CI, BA"),
        ({"spas": ["lucky-1", "lucky-3"]}, "same ability"),
        ({"spas": ["sniper", "sniper"]}, "twice"),
        ({"pilot": "x" * 200}, "longer"),
        ({"pilot": "bad\x00name"}, "control"),
    ],
)
def test_add_refuses_bad_input(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ForceEditError, match=message):
        add_entry(new_force("F"), make_unit(), **kwargs)


def test_unit_without_alpha_strike_stats_is_refused() -> None:
    unit = Unit(mul_id=5, name="Paper Tiger")
    with pytest.raises(ForceEditError, match="no Alpha Strike stats"):
        add_entry(new_force("F"), unit)


def test_set_and_remove_check_the_index() -> None:
    force, _ = one_unit_force()
    changed = set_entry(force, 1, skill=5, pilot="Ирина", spas=[], group="A", commander=True)
    entry = changed.entries[0]
    assert (entry.skill, entry.pilot.name, entry.spas, entry.group, entry.commander) == (
        5,
        "Ирина",
        (),
        "A",
        True,
    )
    for bad in (0, 2, -1):
        with pytest.raises(ForceEditError, match="no entry"):
            set_entry(force, bad, skill=4)
        with pytest.raises(ForceEditError, match="no entry"):
            remove_entry(force, bad)
    with pytest.raises(ForceEditError, match="list of SPA ids"):
        set_entry(force, 1, spas="sniper")
    assert remove_entry(force, 1).entries == ()


def test_groups_and_formations() -> None:
    force, _ = one_unit_force()
    force = set_entry(force, 1, group="Alpha")
    force = set_group(force, "Alpha", formation="Battle Star")
    assert force.group("Alpha") is not None and force.group("Alpha").formation == "battle"  # type: ignore[union-attr]
    with pytest.raises(ForceEditError, match="unknown formation"):
        set_group(force, "Alpha", formation="phalanx")
    ungrouped = remove_group(force, "Alpha")
    assert ungrouped.groups == () and ungrouped.entries[0].group == ""


def test_newer_catalogue_version_is_detected_and_taken(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path / "cache", seed_starter=False) as catalogue:
        unit = make_unit(mul_id=77, name="Shifty", pv=30)
        catalogue.add([record(unit)], source="test")
        version = catalogue.version(77)
        assert version is not None
        force = add_entry(
            new_force("F"), unit, skill=2, pilot="Zoë", unit_version=version.content_hash
        )
        assert outdated_entries(force, catalogue) == []
        newer = dataclasses.replace(unit, pv=33)
        catalogue.add([record(newer)], source="test")
        (item,) = outdated_entries(force, catalogue)
        assert item.index == 1 and item.mul_id == 77
        updated, applied = update_entries(force, catalogue)
        assert applied == [item]
        entry = updated.entries[0]
        assert entry.unit.pv == 33 and entry.skill == 2 and entry.pilot.name == "Zoë"
        assert outdated_entries(updated, catalogue) == []
        assert updated.data_version != force.data_version
