"""How a .mul entity becomes a force entry, rule by rule, as MegaMek itself would load it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.formats.common import ImportReport
from cardsmith.formats.exchange import export_force, export_warnings, import_data
from cardsmith.formats.megamek_write import megamek_name


def _import(entities: str, catalogue: Catalogue) -> ImportReport:
    text = f'<?xml version="1.0" encoding="UTF-8"?>\n<unit version="0.50.0">{entities}</unit>'
    return import_data(text.encode(), catalogue, fmt="mul", origin="t.mul")


def test_the_type_attribute_keeps_out_a_unit_of_another_kind(full_catalogue: Catalogue) -> None:
    tank = (
        '<entity chassis="Rhino" model="" type="Tracked"><pilot gunnery="4" piloting="5"/></entity>'
    )
    report = _import(tank, full_catalogue)
    assert report.force.entries == ()
    (left_out,) = report.unknown
    assert "Tracked unit" in left_out.reason and "Rhino (MUL 7883)" in left_out.reason
    mech = tank.replace("Tracked", "Biped")
    assert [e.unit.mul_id for e in _import(mech, full_catalogue).force.entries] == [7883]


def test_conventional_infantry_take_gunnery_as_their_skill(full_catalogue: Catalogue) -> None:
    platoon = (
        '<entity chassis="Mountaineer Infantry" model="" type="Leg">'
        '<pilot size="28" name="Sgt. Ko" gunnery="4" piloting="8"/></entity>'
    )
    (entry,) = _import(platoon, full_catalogue).force.entries
    assert (entry.unit.mul_id, entry.unit.type_code, entry.skill) == (2242, "CI", 4)
    suits = (
        '<entity chassis="IS Standard Battle Armor" model="[LRR](Sqd4)" type="Jump">'
        '<pilot gunnery="4" piloting="8"/></entity>'
    )
    (armor,) = _import(suits, full_catalogue).force.entries
    assert armor.skill == 6  # battle armor pilot: floor((4 + 8) / 2)


def test_advantages_map_onto_spas_and_the_rest_are_named(full_catalogue: Catalogue) -> None:
    mech = (
        '<entity chassis="Atlas" model="AS7-D" type="Biped"><pilot gunnery="3" piloting="4" '
        'advantages="dodge_maneuver::hopping_jack:sniper::weapon_specialist Medium Laser::'
        'iron_man::ei_implant" edge="edge 1"/></entity>'
    )
    report = _import(mech, full_catalogue)
    (entry,) = report.force.entries
    assert entry.spas == ("dodge", "jumping-jack", "sniper", "weapon-specialist")
    assert [w.split(": ", 1)[1] for w in report.warnings] == [
        "MegaMek ability 'iron_man' has no Alpha Strike SPA; left out",
        "MegaMek ability 'ei_implant' has no Alpha Strike SPA; left out",
    ]


def test_an_spa_the_unit_type_cannot_take_is_warned_about(full_catalogue: Catalogue) -> None:
    platoon = (
        '<entity chassis="Mountaineer Infantry" model="" type="Leg">'
        '<pilot gunnery="4" piloting="5" advantages="foot_cav::hot_dog"/></entity>'
    )
    report = _import(platoon, full_catalogue)
    (entry,) = report.force.entries
    assert entry.spas == ("foot-cavalry",)
    assert any("SPA 'hot-dog' left out" in w for w in report.warnings)


@pytest.mark.parametrize("crew", ["Pilot", "MechWarrior", "MekWarrior", "Vehicle Crew"])
def test_ejected_crews_are_skipped_and_counted(crew: str, full_catalogue: Catalogue) -> None:
    entities = (
        f'<entity chassis="{crew}" model="Jane" type="Biped"><pilot gunnery="4" piloting="5"/></entity>'
        '<entity chassis="Atlas" model="AS7-D" type="Biped"><pilot gunnery="4" piloting="5"/></entity>'
    )
    report = _import(entities, full_catalogue)
    assert [e.unit.mul_id for e in report.force.entries] == [140] and report.complete
    assert any(f"1 '{crew}'" in w and "ejected crew" in w for w in report.warnings)


def test_damage_in_the_file_is_reported_as_not_taken_over(full_catalogue: Catalogue) -> None:
    entities = (
        '<entity chassis="Atlas" model="AS7-D" type="Biped"><pilot gunnery="4" piloting="5" hits="2"/></entity>'
        '<entity chassis="Locust" model="LCT-1V" type="Biped"><pilot gunnery="4" piloting="5"/>'
        '<location index="2"><armor points="Destroyed"/></location></entity>'
        '<entity chassis="Atlas" model="AS7-D" type="Biped"><pilot gunnery="4" piloting="5"/>'
        '<location index="0"><slot index="1" type="IS Ammo AC/20" shots="5"/></location></entity>'
    )
    report = _import(entities, full_catalogue)
    (note,) = [w for w in report.warnings if "damage" in w]
    assert "entity 1 (Atlas AS7-D); entity 2 (Locust LCT-1V)" in note
    assert "entity 3" not in note  # ammunition loaded is no damage


def test_force_assignments_become_groups_and_the_force_name(full_catalogue: Catalogue) -> None:
    entities = "".join(
        f'<entity chassis="Locust" model="LCT-1V" type="Biped"><pilot gunnery="4" piloting="5"/>'
        f'<Force force="Wolf\'s Dragoons|0||Alpha Regiment|1||{lance}|{n}||"/></entity>'
        for n, lance in ((2, "Echo Lance"), (2, "Echo Lance"), (3, "Fox Lance"))
    )
    report = _import(entities, full_catalogue)
    assert report.force.name == "Wolf's Dragoons"
    assert [e.group for e in report.force.entries] == ["Echo Lance", "Echo Lance", "Fox Lance"]
    assert [g.name for g in report.force.groups] == ["Echo Lance", "Fox Lance"]


def test_abilities_with_a_value_keep_the_pilots_choice(full_catalogue: Catalogue) -> None:
    # MegaMek writes a chosen value after a space (Crew.getAdvantageList), "None" when
    # the option is not taken.
    mechs = "".join(
        f'<entity chassis="Atlas" model="AS7-D" type="Biped"><pilot name="{name}" '
        f'gunnery="1" piloting="1" advantages="{advantages}"/></entity>'
        for name, advantages in (
            ("A", "range_master Long::env_specialist Light::human_tro Mek"),
            ("B", "range_master None::env_specialist Hail"),
        )
    )
    report = _import(mechs, full_catalogue)
    assert [e.spas for e in report.force.entries] == [
        ("range-master:long", "environmental-specialist:darkness", "human-tro"),
        ("environmental-specialist",),
    ]
    assert [w.split(": ", 1)[1] for w in report.warnings] == [
        "MegaMek's env_specialist 'Hail' is no Alpha Strike choice "
        "(one of Darkness, Fog, Rain, Snow, Wind); choose one"
    ]
    root = ET.fromstring(export_force(report.force, "mul"))
    assert [p.get("advantages") for p in root.iter("pilot")] == [
        "range_master Long::env_specialist Light",
        None,
    ]
    assert export_warnings(report.force, "mul") == [
        "human-tro: MegaMek keeps this ability only with one unit type (Mek, Aero, Vee or BA), "
        "which an Alpha Strike pilot does not choose; not written",
        "environmental-specialist: MegaMek needs the choice, one of Fog, Darkness, Rain, Snow, "
        "Wind; not written",
    ]


@pytest.mark.parametrize(
    ("mul_id", "key"),
    [
        (1630, "IS Standard Battle Armor [LRR](Sqd4)"),
        (1941, "Longinus Battle Armor (Magnetic)(Sqd4)"),
        # A base variant has no model in MegaMek's unit files (Scimitar Medium Hover
        # Tank.blk); "… (Standard)" is only an old name its name_changes.txt maps here.
        (1154, "Fulcrum Heavy Hovertank"),
        (685, "Condor Heavy Hover Tank (Upgrade)"),
        (140, "Atlas AS7-D"),
        (1976, "Mad Cat (Timber Wolf) (Bounty Hunter)"),
    ],
)
def test_megamek_names(mul_id: int, key: str, full_catalogue: Catalogue) -> None:
    unit = full_catalogue.get(mul_id)
    assert unit is not None
    assert megamek_name(unit).key == key


def test_export_writes_spas_groups_and_a_force(full_catalogue: Catalogue) -> None:
    report = _import(
        '<entity chassis="Atlas" model="AS7-D" type="Biped"><pilot name="Kai" gunnery="2" '
        'piloting="3" advantages="sniper::dodge_maneuver"/><Force force="Kell Hounds|0||Red|1||"/>'
        "</entity>",
        full_catalogue,
    )
    root = ET.fromstring(export_force(report.force, "mul"))
    (entity,) = root.iter("entity")
    pilot = entity.find("pilot")
    force = entity.find("Force")
    assert pilot is not None and force is not None
    assert (pilot.get("gunnery"), pilot.get("piloting"), pilot.get("size")) == ("2", "3", "1")
    assert pilot.get("advantages") == "sniper::dodge_maneuver"
    assert force.get("force") == "Kell Hounds|0||Red|1||"
    assert root.get("version", "").startswith("cardsmith-")
