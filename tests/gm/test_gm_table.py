"""A game master's checks at the table, offline, on the MUL's captured availability answers.

The era lists are the real captured ``AvailableEras`` answers of ../shared/mul (any
faction).  Faction answers cannot be captured from here: the Clan Wolf list below is
SYNTHETIC, made up in the test from real records of the captured Clan Invasion answer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.factions import Faction
from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.force_file import save_force
from cardsmith.formats.share_code import encode
from cardsmith.models import Force, ForceEntry, Pilot
from cardsmith.models.force import MulRef
from cardsmith.paths import cache_dir

CLAN_13 = "Types_18_Technologies_2_AvailableEras_13.json"
IS_13 = "Types_18_Technologies_1_AvailableEras_13.json"
TIMBER_WOLF, BOREAS, FERRET = 1985, 7351, 1060  # Boreas Prime: built long after 3061
CLAN_INVASION = MulRef(13, "Clan Invasion")
WOLF = MulRef(24, "Clan Wolf")


@pytest.fixture
def captured(mul_dir: Path) -> Path:
    return mul_dir / "quicklist" / "available-eras"


def _era_lists(cli_run: Any, captured: Path, *extra: Path) -> None:
    done = cli_run("catalogue", "import", str(captured / CLAN_13), str(captured / IS_13),
                   *(str(p) for p in extra))  # fmt: skip
    assert done.code == 0, done


def _wolf_force(path: Path, *ids: int) -> Path:
    with Catalogue.open(cache_dir()) as catalogue:
        units = [catalogue.get(mul_id) for mul_id in ids]
    entries = tuple(
        ForceEntry(unit=unit, commander=n == 0) for n, unit in enumerate(units) if unit is not None
    )
    assert len(entries) == len(ids)
    force = Force("Wolf Star", "era-faction-350", entries=entries, era=CLAN_INVASION,
                  faction=WOLF)  # fmt: skip
    save_force(force, path)
    return path


def _availability(cli_run: Any, path: Path) -> list[dict[str, Any]]:
    done = cli_run("--offline", "check", str(path), "--format", "json")
    assert done.code in (0, 1), done
    verdict = json.loads(done.stdout)  # one file: its verdict alone
    return [v for v in verdict["violations"] if v["rule"] == "availability"]


def test_a_faction_this_catalogue_does_not_know_is_still_checked_on_the_era_lists(
    cli_run: Any, captured: Path, tmp_path: Path
) -> None:
    # The GM's catalogue holds the era lists only: no faction by name.  The list names
    # its faction by MUL id, and what nobody fields in the era is still an error.
    _era_lists(cli_run, captured)
    path = _wolf_force(tmp_path / "wolf.json", TIMBER_WOLF, BOREAS, FERRET)
    error, *warnings = _availability(cli_run, path)
    assert error["severity"] == "error" and [u["index"] for u in error["units"]] == [2]
    assert "Boreas Prime (no faction fields it in Clan Invasion)" in error["message"]
    # Only where the data has no answer: the Wolves' own list, and any list for vehicles.
    assert {w["severity"] for w in warnings} == {"warning"}
    by_unit = {w["units"][0]["index"]: w for w in warnings}
    assert set(by_unit) == {1, 3}
    assert "BattleMech (Clan) in Clan Invasion for Clan Wolf" in by_unit[1]["message"]
    assert "Combat Vehicle (Inner Sphere) in Clan Invasion for Clan Wolf" in by_unit[3]["message"]
    assert all("--eras 13 --factions 24" in w["hint"] for w in warnings)


def test_every_unavailable_unit_says_why(cli_run: Any, captured: Path, tmp_path: Path) -> None:
    clan = json.loads((captured / CLAN_13).read_text(encoding="utf-8"))["Units"]
    fielded = [r for r in clan if r["Id"] != 1985][:20]
    wolf = next(r for r in clan if r["Id"] == TIMBER_WOLF)
    left_out = next(r for r in clan if r["Id"] not in {x["Id"] for x in fielded} | {1985})
    synthetic = tmp_path / "SYNTHETIC-clan-wolf-13.json"
    synthetic.write_text(json.dumps({
        "Units": [wolf, *fielded],
        "Search": "?AvailableEras=13&Factions=24&Types=18",
        "Crumbs": [{"Name": "Factions", "Value": "Clan Wolf"}],
    }), encoding="utf-8")  # fmt: skip
    _era_lists(cli_run, captured, synthetic)
    path = _wolf_force(tmp_path / "wolf.json", TIMBER_WOLF, left_out["Id"], BOREAS)
    (error,) = _availability(cli_run, path)
    name = left_out["Name"].strip()
    assert f"{name} (not on the Clan Wolf list)" in error["message"]
    assert "Boreas Prime (no faction fields it in Clan Invasion)" in error["message"]
    assert [u["index"] for u in error["units"]] == [2, 3]
    assert error["actual"] == (
        f"#2 {name}: not on the Clan Wolf list; #3 Boreas Prime: no faction fields it in "
        "Clan Invasion"
    )


def test_verify_reads_a_share_code_longer_than_a_file_name(
    cli_run: Any, captured: Path, tmp_path: Path
) -> None:
    _era_lists(cli_run, captured)
    clan = json.loads((captured / CLAN_13).read_text(encoding="utf-8"))["Units"]
    with Catalogue.open(cache_dir()) as catalogue:
        units = [catalogue.get(r["Id"]) for r in clan[:10]]
    entries = tuple(
        ForceEntry(unit=u, pilot=Pilot(f"Star Captain {n}"), group="Alpha")
        for n, u in enumerate(units)
        if u is not None
    )
    force = Force("A Cluster of Wolves", "standard", entries=entries, era=CLAN_INVASION,
                  faction=WOLF)  # fmt: skip
    code = encode(force)
    assert len(code) > 255  # no file name is that long: it must not be asked for as one
    printed = force_fingerprint(force)
    same = cli_run("verify", code, "--fingerprint", printed)
    assert same.code == 0, same
    assert "MATCH" in same.stdout
    other = cli_run("verify", code, "--fingerprint", "0000-0000-0000", "--format", "json")
    assert other.code == 1, other
    assert json.loads(other.stdout)["printed"] == "0000-0000-0000"
    path = tmp_path / "cluster.json"
    save_force(force, path)
    assert cli_run("verify", str(path), "--code", code).code == 0


@pytest.mark.slow
def test_catalogue_info_lists_the_coverage_in_time_order(
    cli_run: Any, captured: Path, tmp_path: Path
) -> None:
    synthetic = tmp_path / "SYNTHETIC-clan-wolf-13.json"
    synthetic.write_text(json.dumps({
        "Units": [], "Search": "?AvailableEras=13&Factions=24",
        "Crumbs": [{"Name": "Factions", "Value": "Clan Wolf"}],
    }), encoding="utf-8")  # fmt: skip
    done = cli_run("catalogue", "import", str(captured), str(synthetic))
    assert done.code == 0, done
    assert "Stored 15 availability lists:" in done.stdout
    text = cli_run("catalogue", "info").stdout
    assert "1 faction known" in text
    assert "Factions known (MUL id): Clan Wolf (24)\n" in text  # the names --faction takes
    table = text[text.index("Availability (") :].splitlines()[3:]
    eras = list(dict.fromkeys(line.split("  ")[0] for line in table))
    assert eras == ["Star League", "Clan Invasion", "Civil War", "Jihad", "Early Republic",
                    "Late Republic", "ilClan"]  # fmt: skip
    assert "Clan Wolf" in text and "every type" in text
    # Fifteen file names make one source: the table shortens it, the JSON keeps it whole.
    sources = [line for line in text.splitlines() if line.startswith("import:")]
    assert sources and max(len(line) for line in sources) < 80
    whole = json.loads(cli_run("catalogue", "info", "--format", "json").stdout)
    assert any(len(name) > 100 for name in whole["by_source"])
    assert whole["availability"]["factions"] == [{"id": 24, "name": "Clan Wolf"}]


def test_catalogue_info_names_a_dozen_factions_and_counts_the_rest(cli_run: Any) -> None:
    with Catalogue.open(cache_dir()) as catalogue:
        catalogue.add_factions([Faction(100 + n, f"Test Faction {n:02}") for n in range(14)],
                               source="synthetic test factions")  # fmt: skip
    text = cli_run("catalogue", "info").stdout
    line = next(line for line in text.splitlines() if line.startswith("Factions known"))
    assert "Test Faction 11 (111)" in line and "Test Faction 12" not in line
    assert line.endswith("… and 2 more (--format json lists them all)")
    whole = json.loads(cli_run("catalogue", "info", "--format", "json").stdout)["availability"]
    assert len(whole["factions"]) == whole["factions_known"] == 14


def test_a_unit_on_a_general_list_says_so_and_counts_where_the_pack_names_it(
    cli_run: Any, captured: Path, tmp_path: Path
) -> None:
    # SYNTHETIC answers: Clan Wolf's own list holds the Timber Wolf only, a general list
    # ("Synthetic Clan General", made up here) holds another Clan 'Mech they leave out.
    clan = json.loads((captured / CLAN_13).read_text(encoding="utf-8"))["Units"]
    wolf = next(r for r in clan if r["Id"] == TIMBER_WOLF)
    other = next(r for r in clan if r["Id"] != TIMBER_WOLF)
    answers = []
    for faction, name, units in ((24, "Clan Wolf", [wolf]),
                                 (9100, "Synthetic Clan General (test data)", [other])):  # fmt: skip
        path = tmp_path / f"SYNTHETIC-{faction}.json"
        path.write_text(json.dumps({
            "Units": units, "Search": f"?AvailableEras=13&Factions={faction}&Types=18",
            "Crumbs": [{"Name": "Factions", "Value": name}],
        }), encoding="utf-8")  # fmt: skip
        answers.append(path)
    _era_lists(cli_run, captured, *answers)
    path = _wolf_force(tmp_path / "wolf.json", TIMBER_WOLF, other["Id"])
    (error,) = _availability(cli_run, path)
    assert error["severity"] == "error" and [u["index"] for u in error["units"]] == [2]
    assert (
        f"{other['Name'].strip()} (not on the Clan Wolf list; it is on the Synthetic Clan "
        "General (test data) list, which counts only where the rule pack names it as general)"
    ) in error["message"]
    pack = tmp_path / "wolves.toml"
    pack.write_text(
        'id = "wolves"\ntitle = "Wolves"\n[[rule]]\nid = "availability"\n'
        'check = "availability"\ngeneral = ["Synthetic Clan General"]\n',
        encoding="utf-8",
    )
    counted = cli_run("--offline", "check", str(path), "--pack", str(pack), "--format", "json")
    assert counted.code == 0, counted
    assert [v for v in json.loads(counted.stdout)["violations"] if v["severity"] == "error"] == []
