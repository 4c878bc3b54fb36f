"""MegaMek .mul import and export: real-shaped files, skills, matching, hostile XML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kit import CliRun

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import FormatError
from cardsmith.formats import common, exchange
from cardsmith.formats.exchange import ImportReport, import_data, read_input
from cardsmith.formats.megamek_write import export_mul
from cardsmith.formats.megamek_xml import as_skill, mul_skills, parse_xml
from cardsmith.models.force import Force


def _import(text: str, catalogue: Catalogue) -> ImportReport:
    return import_data(text.encode("utf-8"), catalogue, fmt="mul", name="t", origin="t.mul")


def _keys(force: Force) -> list[tuple[int, int, str, bool]]:
    return [(e.unit.mul_id, e.skill, e.pilot.name, e.commander) for e in force.entries]


# Shape of real example A (facts §8.1, mekbay's test file), with a unit of the starter catalogue.
EXAMPLE_A = """<?xml version="1.0" encoding="UTF-8"?>
<unit version="0.51.01">
    <entity chassis="Atlas" model="AS7-D" type="Biped" commander="true" externalId="unit-1">
        <pilot size="1" name="Kayla" nick="" gender="FEMALE" clanperson="false" gunnery="3" piloting="4" externalId="pilot-1" ejected="false" autoeject="true"/>
        <location index="2"> Right Torso
            <armor points="Destroyed"/>
            <armor points="8" type="Internal"/>
            <slot index="5" type="IS Ammo AC/10" shots="4" isHit="true" isDestroyed="true"/>
        </location>
        <Game id="1"/>
    </entity>
</unit>
"""

# Shape of real example B (a MegaMek 0.46.1 export): no XML declaration, tabs, UUIDs.
EXAMPLE_B = """<unit version="0.46.1" >
\t\t<entity chassis="Griffin" model="GRF-1N" type="Biped" commander="false" offboard="false" hidden="false" deployment="0" deploymentZone="-1" neverDeployed="true" externalId="64207cba-66d2-4423-bb25-daa140f031e3" camoCategory="-- No Camo --">
\t\t\t<pilot size="1" name="Brahmapri Sughavanam" nick="" gunnery="4" piloting="5" externalId="6e8be86b-105b-4aa9-ae1f-1f63619f77c1" ejected="false" autoeject="true"/>
\t\t</entity>
</unit>
"""


@pytest.mark.parametrize(
    ("gunnery", "piloting", "skill"),
    [(4, 5, 4), (3, 4, 3), (0, 0, 0), (5, 5, 5), (2, 5, 3), (0, 1, 0), (7, 8, 7), (3, 6, 4)],
)
def test_skill_is_the_floor_of_the_mean_of_gunnery_and_piloting(
    gunnery: int, piloting: int, skill: int
) -> None:
    assert as_skill(gunnery, piloting) == skill


@pytest.mark.parametrize("skill", range(8))
def test_exported_skills_convert_back_to_the_same_skill(skill: int) -> None:
    gunnery, piloting = mul_skills(skill)
    assert (gunnery, piloting) == (skill, skill + 1)
    assert as_skill(gunnery, piloting) == skill


def test_round_trip_keeps_units_skills_pilots_and_commander(
    starter_force: Force, catalogue: Catalogue
) -> None:
    report = _import(export_mul(starter_force), catalogue)
    assert report.complete, report.unknown
    assert _keys(report.force) == _keys(starter_force)
    assert any("Кайла" in e.pilot.name for e in report.force.entries)


def test_round_trip_by_name_alone_without_the_mul_id_attribute(
    starter_force: Force, catalogue: Catalogue
) -> None:
    stripped = re.sub(r' mulId="\d+"', "", export_mul(starter_force))
    assert "mulId" not in stripped
    report = _import(stripped, catalogue)
    assert report.complete, report.unknown
    assert _keys(report.force) == _keys(starter_force)


def test_example_a_shape(catalogue: Catalogue) -> None:
    report = _import(EXAMPLE_A, catalogue)
    assert report.complete
    (entry,) = report.force.entries
    assert entry.unit.mul_id == 140
    assert entry.skill == 3  # floor((3 + 4) / 2)
    assert entry.pilot.name == "Kayla"
    assert entry.commander is True


def test_example_b_shape(catalogue: Catalogue) -> None:
    report = _import(EXAMPLE_B, catalogue)
    (entry,) = report.force.entries
    assert entry.unit.name == "Griffin GRF-1N"
    assert entry.skill == 4
    assert entry.pilot.name == "Brahmapri Sughavanam"
    assert entry.commander is False


def test_crew_members_give_pilot_name_and_gunner_skill(catalogue: Catalogue) -> None:
    text = """<unit version="0.49">
      <entity chassis="Manticore Heavy Tank" model="" type="Tracked">
        <crew crewType="dual">
          <crewMember slot="0" name="Driver" gunnery="5" piloting="3"/>
          <crewMember slot="1" name="Gunner" gunnery="2" piloting="6"/>
        </crew>
      </entity>
      <entity chassis="Locust" model="LCT-1V" type="Biped">
        <crew crewType="single"><crewMember slot="0" name="Solo" gunnery="2" piloting="3"/></crew>
      </entity>
    </unit>"""
    report = _import(text, catalogue)
    tank, mech = report.force.entries
    assert (tank.pilot.name, tank.skill) == ("Driver", 2)  # floor((gunner 2 + pilot 3) / 2)
    assert (mech.pilot.name, mech.skill) == ("Solo", 2)


def test_bare_entity_root_and_missing_skills(catalogue: Catalogue) -> None:
    report = _import('<entity chassis="Locust" model="LCT-1V" type="Biped"/>', catalogue)
    (entry,) = report.force.entries
    assert entry.unit.mul_id == 1901
    assert entry.skill == 4  # MegaMek's default crew, 4/5
    assert any("no gunnery" in w for w in report.warnings)


def test_campaign_record_takes_the_players_surviving_units(catalogue: Catalogue) -> None:
    text = """<?xml version="1.0" encoding="UTF-8"?>
    <record version="0.49.19">
      <survivors><unit>
        <entity chassis="Atlas" model="AS7-D" type="Biped"><pilot name="A" gunnery="3" piloting="4"/></entity>
        <entity chassis="Pilot" model="" type="Biped"><pilot name="Ejected" gunnery="4" piloting="5"/></entity>
      </unit></survivors>
      <retreated><unit>
        <entity chassis="Locust" model="LCT-1V" type="Biped"><pilot name="B" gunnery="4" piloting="5"/></entity>
      </unit></retreated>
      <salvage><unit>
        <entity chassis="Jenner" model="JR7-D" type="Biped"><pilot name="Enemy" gunnery="4" piloting="5"/></entity>
      </unit></salvage>
      <devastated><unit>
        <entity chassis="Commando" model="COM-2D" type="Biped"><pilot name="Lost" gunnery="4" piloting="5"/></entity>
      </unit></devastated>
    </record>"""
    report = _import(text, catalogue)
    assert [e.pilot.name for e in report.force.entries] == ["A", "B"]
    assert any("salvage" in w for w in report.warnings)
    assert any("ejected crew" in w and "Pilot" in w for w in report.warnings)


def test_mul_id_is_used_when_the_name_does_not_match(catalogue: Catalogue) -> None:
    text = '<unit><entity chassis="Atlas" model="AS7-D (custom paint)" mulId="140"/></unit>'
    (entry,) = _import(text, catalogue).force.entries
    assert entry.unit.mul_id == 140


def test_clan_mech_under_its_other_name(catalogue: Catalogue) -> None:
    text = '<unit><entity chassis="Timber Wolf" model="Prime" type="Biped"/></unit>'
    (entry,) = _import(text, catalogue).force.entries
    assert entry.unit.name == "Mad Cat (Timber Wolf) Prime"


def test_unknown_units_are_reported_with_suggestions_and_the_rest_kept(
    catalogue: Catalogue,
) -> None:
    text = """<unit>
      <entity chassis="Atlas" model="AS7-RS" type="Biped"><pilot name="Kayla" gunnery="3" piloting="4"/></entity>
      <entity chassis="Locust" model="LCT-1V" type="Biped"/>
      <entity chassis="Zzyzx Walker" model="ZZ-9" type="Biped"/>
    </unit>"""
    report = _import(text, catalogue)
    assert not report.complete
    assert [e.unit.mul_id for e in report.force.entries] == [1901]
    atlas, nothing = report.unknown
    assert atlas.where == "entity 1" and atlas.name == "Atlas AS7-RS"
    assert any(s.startswith("Atlas AS7-D (MUL 140)") for s in atlas.suggestions)
    assert nothing.name == "Zzyzx Walker ZZ-9"


def test_cyrillic_pilot_names_round_trip_through_the_file(
    catalogue: Catalogue, tmp_path: Path
) -> None:
    text = '<unit><entity chassis="Locust" model="LCT-1V"><pilot name="Ольга Щукина" gunnery="2" piloting="3"/></entity></unit>'
    path = tmp_path / "ru.mul"
    path.write_bytes(text.encode("utf-8"))
    report = exchange.import_file(path, catalogue)
    assert report.force.entries[0].pilot.name == "Ольга Щукина"
    again = _import(export_mul(report.force), catalogue)
    assert again.force.entries[0].pilot.name == "Ольга Щукина"


# -- hostile and broken XML ---------------------------------------------------------------------

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<unit><entity chassis="&lol9;" model="X"/></unit>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE unit [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
<unit><entity chassis="Atlas" model="AS7-D"><pilot name="&secret;"/></entity></unit>
"""

PLAIN_DTD = """<?xml version="1.0"?>
<!DOCTYPE unit SYSTEM "http://127.0.0.1:9/unit.dtd">
<unit><entity chassis="Atlas" model="AS7-D"/></unit>
"""


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (BILLION_LAUGHS, "entities"),
        (EXTERNAL_ENTITY, "entities"),
        (PLAIN_DTD, "DTD"),
    ],
    ids=["billion-laughs", "external-entity", "dtd"],
)
def test_hostile_xml_is_refused_with_a_clear_message(
    text: str, words: str, catalogue: Catalogue
) -> None:
    with pytest.raises(FormatError) as caught:
        _import(text, catalogue)
    message = caught.value.message
    assert words in message and "refused" in message
    assert "root:" not in message  # nothing of /etc/passwd leaked


def test_oversized_files_are_refused_before_parsing(tmp_path: Path, catalogue: Catalogue) -> None:
    path = tmp_path / "huge.mul"
    padding = b" " * (common.MAX_IMPORT_BYTES + 10)
    path.write_bytes(b"<unit>" + padding + b"</unit>")
    with pytest.raises(FormatError, match="refused"):
        read_input(path)
    with pytest.raises(FormatError, match="refused"):
        parse_xml(path.read_bytes(), "huge.mul")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<unit><entity chassis='Atlas' model='AS7-D'></unit>", "not valid XML: line 1"),
        ("<unit>\n<entity", "not valid XML: line 2"),
        ("<mech><entity chassis='Atlas'/></mech>", "root element is <mech>"),
        ("<unit version='1'></unit>", "holds no units"),
    ],
)
def test_broken_files_name_the_problem(text: str, expected: str, catalogue: Catalogue) -> None:
    with pytest.raises(FormatError, match=expected):
        _import(text, catalogue)


def test_cli_refuses_an_entity_bomb_with_exit_2_and_writes_nothing(
    cli_run: CliRun, tmp_path: Path
) -> None:
    source = tmp_path / "bomb.mul"
    source.write_text(BILLION_LAUGHS, encoding="utf-8")
    out = tmp_path / "out.json"
    result = cli_run("import", str(source), "-o", str(out))
    assert result.code == 2, result
    assert "refused" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()
