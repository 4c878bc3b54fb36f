"""Real files from MegaMek, MekHQ and Jeff's BattleTech Tools, unit by unit (tests/fixtures/)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import FormatError
from cardsmith.forces.force_file import load_force
from cardsmith.formats.common import ImportOptions, ImportReport
from cardsmith.formats.exchange import export_force, export_warnings, import_data, import_file
from cardsmith.formats.megamek_data import megamek_facts
from cardsmith.models.force import Force

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BLACKCOATS = FIXTURES / "mul" / "mekhq-The Blackcoats Hover Company 3066.mul"
ROOHIRRIM = FIXTURES / "mul" / "mekhq-MercRoohirrim.mul"
BOB = FIXTURES / "mul" / "megamek-bob.mul"
MEKBAY_ATLAS = FIXTURES / "mul" / "mekbay-atlas-damaged.mul"
MEKBAY_RECORD = FIXTURES / "mul" / "mekbay-record.mul"
JBT_GROUP = FIXTURES / "jbt" / "group-sparkys-lance.json"
JBT_FORCE = FIXTURES / "jbt" / "force-two-groups.json"
JBT_BACKUP = FIXTURES / "jbt" / "backup-and-restore.json"

Row = tuple[int, int, str, tuple[str, ...], str]

#: The MekHQ hover company: (MUL id, skill, pilot, SPAs, lance) per entity, in file order.
#: Skill is floor((gunnery + piloting) / 2); 8 of the 16 are "(Standard)" names.
BLACKCOATS_UNITS: list[Row] = [
    (1154, 3, 'Captain Chitoyo "Silent" Sivaraman', (), "Prussian Lance"),
    (933, 4, "Sergeant Christy Lowe", (), "Prussian Lance"),
    (929, 4, "Sergeant Evina Murchie", ("oblique-attacker",), "Prussian Lance"),
    (685, 3, "Master Sergeant Kerilyn Rowan", ("sniper",), "Prussian Lance"),
    (932, 3, 'Lieutenant JG Tae "Caravel" Chu', (), "Olympic Lance"),
    (931, 4, "Sergeant Peggy Sumner", ("cluster-hitter",), "Olympic Lance"),
    (3632, 4, "Sergeant Nitya Vilok", (), "Olympic Lance"),
    (685, 4, "Master Sergeant Alexandre Castro", (), "Olympic Lance"),
    (2832, 3, "Sergeant Ophelia Ta", (), "Neon Lance"),
    (
        506,
        3,
        'Lieutenant JG Draza "Rawhide" Marousek',
        ("oblique-attacker", "weapon-specialist"),
        "Neon Lance",
    ),
    (2115, 3, "Sergeant Tadaaki Abdullah", (), "Neon Lance"),
    (2115, 4, "Sergeant Barbara Pampoldi", (), "Neon Lance"),
    (1630, 3, 'Lieutenant JG Fakhruddin "Garuda" Ansari', (), "Deep Platoon"),
    (1944, 3, 'Master Sergeant Lou "Solitaire" Rucklov', (), "Deep Platoon"),
    (1628, 4, 'Master Sergeant Devika "Referee" Ghosh', (), "Deep Platoon"),
    (1631, 4, 'Master Sergeant Malaya "Player" Stanisic', (), "Deep Platoon"),
]


def _rows(force: Force) -> list[Row]:
    return [(e.unit.mul_id, e.skill, e.pilot.name, e.spas, e.group) for e in force.entries]


def _keys(mul_text: str) -> list[str]:
    """``chassis model`` of each entity, as MegaMek joins them to look a unit up."""
    root = ET.fromstring(mul_text)
    return [f"{e.get('chassis')} {e.get('model')}".strip() for e in root.iter("entity")]


# -- MekHQ and MegaMek .mul --------------------------------------------------------------


def test_the_mekhq_hover_company_imports_every_unit(full_catalogue: Catalogue) -> None:
    report = import_file(BLACKCOATS, full_catalogue)
    assert report.complete, [u.describe() for u in report.unknown]
    assert _rows(report.force) == BLACKCOATS_UNITS
    assert report.force.name == "The Blackcoats"
    assert [g.name for g in report.force.groups] == [
        "Prussian Lance",
        "Olympic Lance",
        "Neon Lance",
        "Deep Platoon",
    ]
    # Ammunition loads are no damage; the MegaMek-only edge options are no SPAs.
    assert report.warnings == ()


def test_the_export_uses_megamek_names_and_reimports_the_same(
    full_catalogue: Catalogue, tmp_path: Path
) -> None:
    report = import_file(BLACKCOATS, full_catalogue)
    text = export_force(report.force, "mul")
    # MegaMek and MekBay find units by the exact "chassis model".  The file's old base
    # variant names "X (Standard)" are "X" in MegaMek's unit files now (its
    # name_changes.txt maps each "X (Standard)|X"); MekBay knows only the new name.
    current = [k.removesuffix(" (Standard)") for k in _keys(BLACKCOATS.read_text("utf-8"))]
    assert _keys(text) == current
    assert (
        "Fulcrum Heavy Hovertank" in current and "IS Standard Battle Armor [LRR](Sqd4)" in current
    )
    assert 'version="cardsmith-' in text and "0.50" not in text
    again = import_data(text.encode(), full_catalogue, origin="export.mul")
    assert again.complete and again.force.name == "The Blackcoats"
    # MegaMek keeps a weapon with Weapon Specialist; Alpha Strike has none to give it.
    writable = megamek_facts().advantage_names
    expected = [
        (mul_id, skill, pilot, tuple(s for s in spas if s in writable), group)
        for mul_id, skill, pilot, spas, group in BLACKCOATS_UNITS
    ]
    assert _rows(again.force) == expected
    assert export_warnings(report.force, "mul") == [
        "weapon-specialist: MegaMek keeps this ability only with one weapon, which an "
        "Alpha Strike pilot does not choose; not written"
    ]


@pytest.mark.slow
def test_crew_sizes_follow_the_unit_type(full_catalogue: Catalogue) -> None:
    report = import_file(BLACKCOATS, full_catalogue)
    root = ET.fromstring(export_force(report.force, "mul"))
    sizes = [p.get("size") for p in root.iter("pilot")]
    # Vehicles leave the size to MegaMek (it counts the crew); battle armor has its squad.
    assert sizes == [""] * 12 + ["4"] * 4


@pytest.mark.slow
def test_a_megamek_record_says_why_each_unit_was_left_out(full_catalogue: Catalogue) -> None:
    report = import_file(BOB, full_catalogue)
    assert [(e.unit.mul_id, e.skill, e.pilot.name) for e in report.force.entries] == [
        (4347, 4, name)
        for name in (
            "Paul Reilly",
            "Vendula bin Taysir",
            "Bill Cibelli",
            "Rob Chow",
            "Wirke Robert",
            "Kerrianne Knox",
        )
    ]
    left_out = {(u.where, u.name): u.reason for u in report.unknown}
    assert len(left_out) == 11
    no_card = "is in the catalogue but has no Alpha Strike card"
    assert no_card in left_out[("entity 1", "Nekohono'o (SCL)")]
    assert all(no_card in left_out[(f"entity {n}", "Battle Taxi NL-42")] for n in range(8, 17))
    # The retreated craft is MegaMek's "(Standard)" base variant of MUL 6578.
    assert (
        "Condottiere Assault Craft (MUL 6578)"
        in left_out[("entity 17", "Condottiere Assault Craft (Standard)")]
    )
    assert not any("fetch" in reason for reason in left_out.values())


@pytest.mark.slow
def test_units_the_mul_lacks_are_reported_as_not_in_the_catalogue(
    full_catalogue: Catalogue,
) -> None:
    report = import_file(ROOHIRRIM, full_catalogue)
    assert report.force.entries == ()
    assert [u.name for u in report.unknown] == ["Beast Infantry (Kangaroo) (Auto-Rifle)"] * 3 + [
        "Beast Infantry (Kangaroo) (Laser Rifle)",
        "Beast Infantry (Kangaroo) (Auto-Rifle)",
    ] + ["Beast Infantry (Kangaroo) (Laser Rifle)"] * 3
    assert all("not in the local catalogue" in u.reason for u in report.unknown)


def test_mekbays_damaged_atlas_comes_in_undamaged_with_a_note(full_catalogue: Catalogue) -> None:
    report = import_file(MEKBAY_ATLAS, full_catalogue)
    assert report.complete
    (entry,) = report.force.entries
    assert (entry.unit.mul_id, entry.skill, entry.pilot.name, entry.commander) == (
        147,
        3,
        "Kayla",
        True,
    )
    assert report.warnings == (
        "damage recorded in the file for 1 unit (entity 1 (Atlas AS7-RS)) is not taken over: "
        "units join the force undamaged",
    )


def test_mekbays_battle_record_gives_the_survivor_only(full_catalogue: Catalogue) -> None:
    report = import_file(MEKBAY_RECORD, full_catalogue)
    assert report.complete
    assert [(e.unit.mul_id, e.skill, e.pilot.name) for e in report.force.entries] == [
        (7450, 4, "Stacey Makhtiev")
    ]
    # The salvaged Atlas was the enemy's; the ejected MechWarrior is a crew, not a unit.
    assert report.warnings == (
        "not imported: 1 unit under <salvage> (not the player's surviving units)",
        "skipped 1 ejected crew (1 'Pilot'): crews that left their unit are not units",
    )


def test_megamek_renames_are_followed_from_its_data_folder(
    full_catalogue: Catalogue, tmp_path: Path
) -> None:
    # Lines as MegaMek's data/mekfiles/name_changes.txt has them (old|current).
    folder = tmp_path / "megamek" / "data"
    (folder / "mekfiles").mkdir(parents=True)
    (folder / "mekfiles" / "name_changes.txt").write_text(
        "# renames\nIS Standard Battle Armor [LRR]|IS Standard Battle Armor [LRR](Sqd4)\n"
        "Old Hover Thing (Standard)|Zephyr Hovertank (Standard)\n",
        encoding="utf-8",
    )
    from cardsmith.formats.megamek_data import read_name_changes

    text = """<unit version="0.45.0">
      <entity chassis="IS Standard Battle Armor" model="[LRR]" type="Jump"><pilot gunnery="4" piloting="5"/></entity>
      <entity chassis="Old Hover Thing" model="(Standard)" type="Hover"><pilot gunnery="4" piloting="5"/></entity>
    </unit>"""
    without = import_data(text.encode(), full_catalogue, fmt="mul")
    assert len(without.unknown) == 2
    renames = read_name_changes(folder.parent)  # the install folder works as well
    report = import_data(
        text.encode(), full_catalogue, fmt="mul", options=ImportOptions(renames=renames)
    )
    assert [e.unit.mul_id for e in report.force.entries] == [1630, 3632]


@pytest.mark.slow
def test_the_cli_takes_the_megamek_folder_as_an_option_or_a_setting(
    cli_run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, full_catalogue_dir: Path
) -> None:
    folder = tmp_path / "data"
    (folder / "mekfiles").mkdir(parents=True)
    (folder / "mekfiles" / "name_changes.txt").write_text(
        "Old Hover Thing (Standard)|Zephyr Hovertank (Standard)\n", encoding="utf-8"
    )
    source = tmp_path / "old.mul"
    source.write_text(
        '<unit><entity chassis="Old Hover Thing" model="(Standard)" type="Hover"/></unit>',
        encoding="utf-8",
    )
    monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(full_catalogue_dir))
    out = tmp_path / "f.json"
    assert cli_run("import", str(source), "-o", str(out)).code == 1
    result = cli_run("import", str(source), "--megamek-data", str(folder), "-o", str(out))
    assert result.code == 0, result
    assert [e.unit.mul_id for e in load_force(out).entries] == [3632]
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text(f'megamek_data = "{folder}"\n', encoding="utf-8")
    monkeypatch.setenv("CARDSMITH_CONFIG_DIR", str(config))
    assert cli_run("import", str(source), "-o", str(out)).code == 0
    empty = tmp_path / "empty"
    empty.mkdir()
    missing = cli_run("import", str(source), "--megamek-data", str(empty), "-o", str(out))
    assert missing.code == 2 and "holds no mekfiles/name_changes.txt" in missing.stderr


# -- Jeff's BattleTech Tools, written by its own export code ------------------------------

SPARKY = [
    (140, 3, 'Shane "Icon" Irwin', ("sniper",), "Sparky's Lance"),
    (3573, 2, "José Núñez", (), "Sparky's Lance"),
    (1302, 4, "Ана Кравец", ("speed-demon", "lucky-2"), "Sparky's Lance"),
    (1295, 5, "", (), "Sparky's Lance"),
]
FIRE_SUPPORT = [
    (9494, 4, "", (), "Fire Support"),
    (1630, 3, "", (), "Fire Support"),
    (2846, 4, "Dana Okafor", ("marksman",), "Fire Support"),
]


def test_a_jbt_group_file_imports_without_false_warnings(full_catalogue: Catalogue) -> None:
    report = import_file(JBT_GROUP, full_catalogue)
    assert report.complete and report.warnings == ()  # empty ability slots (0) are no SPAs
    assert report.force.name == "Sparky's Lance"  # the group's name, not the file's
    assert [(g.name, g.formation) for g in report.force.groups] == [("Sparky's Lance", "battle")]
    assert _rows(report.force) == SPARKY  # customName is the name the player gave


def test_a_jbt_force_file_keeps_both_groups(full_catalogue: Catalogue) -> None:
    report = import_file(JBT_FORCE, full_catalogue)
    assert report.complete and report.warnings == ()
    assert _rows(report.force) == SPARKY + FIRE_SUPPORT
    assert [(g.name, g.formation) for g in report.force.groups] == [
        ("Sparky's Lance", "battle"),
        ("Fire Support", None),
    ]


def test_a_jbt_backup_lists_its_groups_until_one_is_picked(full_catalogue: Catalogue) -> None:
    with pytest.raises(FormatError) as caught:
        import_file(JBT_BACKUP, full_catalogue)
    assert "'Sparky's Lance' (4 units); 'Fire Support' (3 units)" in caught.value.message
    assert "--group NAME" in caught.value.message
    report = import_file(JBT_BACKUP, full_catalogue, options=ImportOptions(group="fire  support"))
    assert report.force.name == "Fire Support" and report.warnings == ()
    assert _rows(report.force) == FIRE_SUPPORT
    with pytest.raises(FormatError, match="has no group called 'Bravo'"):
        import_file(JBT_BACKUP, full_catalogue, options=ImportOptions(group="Bravo"))


def test_the_cli_imports_a_backup_group(
    cli_run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, full_catalogue_dir: Path
) -> None:
    monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(full_catalogue_dir))
    out = tmp_path / "f.json"
    listed = cli_run("import", str(JBT_BACKUP), "-o", str(out))
    assert listed.code == 2 and "Fire Support" in listed.stderr and not out.exists()
    picked = cli_run("import", str(JBT_BACKUP), "--group", "Sparky's Lance", "-o", str(out))
    assert picked.code == 0, picked
    assert _rows(load_force(out)) == SPARKY
    wrong = cli_run("import", str(BLACKCOATS), "--group", "Neon Lance", "-o", str(out))
    assert wrong.code == 2 and "--group picks a group" in wrong.stderr


def test_export_to_jbt_group_format_reads_back(full_catalogue: Catalogue) -> None:
    report = import_file(JBT_FORCE, full_catalogue)
    text = export_force(report.force, "jbt")
    group = json.loads(text)
    assert set(group) == {"name", "members", "uuid", "lastUpdated", "formationBonus", "groupLabel"}
    original = json.loads(JBT_FORCE.read_text(encoding="utf-8"))["groups"][0]["members"][0]
    assert set(group["members"][0]) <= set(original)  # JBT's own member keys, nothing else
    assert group["members"][0]["pilot"]["alphaStrikeAbilities"] == [45]  # Sniper
    again: ImportReport = import_data(text.encode(), full_catalogue)
    assert again.format == "jbt" and again.complete
    assert [row[:4] for row in _rows(again.force)] == [row[:4] for row in SPARKY + FIRE_SUPPORT]
    assert any("holds one group" in w for w in export_warnings(report.force, "jbt"))
