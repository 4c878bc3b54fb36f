"""A game master's whole evening through the command line, offline.

Import the MUL's captured availability answers (real, ``../shared/mul``) and a Clan Wolf
list; check a folder of submitted lists with a reason for every error; write the event
report; verify a printed roster by its fingerprint and by its share code.

The Clan Wolf answer is SYNTHETIC: real faction answers could not be captured, so the test
makes one from real records of the captured Clan Invasion answer (the first 30 by id).
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from kit import CliResult, CliRun

CLAN_FILE = "Types_18_Technologies_2_AvailableEras_13.json"
IS_FILE = "Types_18_Technologies_1_AvailableEras_13.json"


def _records(folder: Path, name: str) -> list[dict[str, Any]]:
    data: dict[str, Any] = json.loads((folder / name).read_text(encoding="utf-8"))
    return sorted(data["Units"], key=lambda r: r["Id"])


@pytest.fixture
def captured(mul_dir: Path) -> Path:
    return mul_dir / "quicklist" / "available-eras"


@pytest.mark.slow
def test_a_game_masters_evening(cli_run: CliRun, captured: Path, tmp_path: Path) -> None:
    def run(*args: str) -> CliResult:
        return cli_run("--offline", *args)

    wolf_units = _records(captured, CLAN_FILE)[:30]
    synthetic = tmp_path / "SYNTHETIC-clan-wolf-era-13.json"
    synthetic.write_text(
        json.dumps(
            {
                "Units": wolf_units,
                "Search": "?AvailableEras=13&Factions=24&Types=18",
                "Crumbs": [
                    {"Name": "Availability Eras", "Value": "Clan Invasion"},
                    {"Name": "Factions", "Value": "Clan Wolf"},
                ],
            }
        ),
        encoding="utf-8",
    )
    # 1. Availability into the catalogue: the real captured answers and the Wolf list.
    imported = run("catalogue", "import", str(captured), str(synthetic))
    assert imported.code == 0, imported
    info = json.loads(run("catalogue", "info", "--format", "json").stdout)
    version = info["availability"]["version"]
    assert version
    # 2. Three submitted lists: a legal Wolf Star, one with an Inner Sphere 'Mech the
    # Wolves do not field, and one with an Inner Sphere vehicle no list covers.
    lists = tmp_path / "lists"
    lists.mkdir()
    cheap = sorted(wolf_units, key=lambda r: (r["BFPointValue"], r["Id"]))
    star = [r["Id"] for r in cheap[:5]]
    inner = _records(captured, IS_FILE)[0]
    for name, extra in (("wolf", None), ("mixed", inner["Id"]), ("tanks", 1060)):
        path = lists / f"{name}.json"
        made = run("force", "new", f"Wolf {name}", "--pack", "clan-invasion-wolf-350",
                   "-o", str(path))  # fmt: skip
        assert made.code == 0, made
        for n, mul_id in enumerate(star[:4] + ([extra] if extra else star[4:])):
            added = run(
                "force", "add", str(path), str(mul_id), *(["--commander"] if n == 0 else [])
            )
            assert added.code == 0, added
    # 3. The folder checked, with a reason for every error.
    report = tmp_path / "event.csv"
    checked = run("check", str(lists), "--format", "json", "--report", str(report))
    assert checked.code == 1, checked
    verdicts = {Path(v["file"]).stem: v for v in json.loads(checked.stdout)}
    assert verdicts["wolf"]["legal"] is True
    assert verdicts["wolf"]["availability_data"] == version
    (error,) = [v for v in verdicts["mixed"]["violations"] if v["severity"] == "error"]
    assert error["rule"] == "availability" and [u["index"] for u in error["units"]] == [5]
    assert inner["Name"].strip() in error["message"] and "Clan Wolf" in error["message"]
    assert error["hint"] and error["fix"] == "replace-units"
    for verdict in verdicts.values():
        for violation in verdict["violations"]:
            assert violation["message"] and violation["hint"], violation
    # The vehicle is not on any stored list: a warning that says which list to sync.
    assert verdicts["tanks"]["legal"] is True
    (gap,) = [v for v in verdicts["tanks"]["violations"] if v["rule"] == "availability"]
    assert gap["severity"] == "warning" and "--eras 13 --factions 24" in gap["hint"]
    # 4. The event report: one row per list.
    with report.open(encoding="utf-8", newline="") as handle:
        rows = {Path(r["File"]).stem: r for r in csv.DictReader(handle)}
    assert set(rows) == {"wolf", "mixed", "tanks"}
    assert rows["mixed"]["Verdict"] == "NOT LEGAL" and rows["mixed"]["Errors"] == "1: availability"
    assert rows["wolf"]["Era"] == "Clan Invasion" and rows["wolf"]["Faction"] == "Clan Wolf"
    for stem, row in rows.items():
        assert row["Fingerprint"] == verdicts[stem]["fingerprint"]
        assert row["Total PV"] == str(verdicts[stem]["total_pv"])
        assert row["Force"] == f"Wolf {stem}"
    # 5. A printed roster: its fingerprint and its share code match the submitted list…
    wolf = lists / "wolf.json"
    code = run("export", str(wolf), "--format", "code").stdout.strip()
    fingerprint = verdicts["wolf"]["fingerprint"]
    same = run("verify", str(wolf), "--fingerprint", fingerprint.upper(), "--code", code)
    assert same.code == 0, same
    assert "MATCH" in same.stdout
    # …until the list is changed after printing: the code names what differs.
    assert run("force", "set", str(wolf), "2", "--skill", "3").code == 0
    changed = run("verify", str(wolf), "--code", code, "--format", "json")
    assert changed.code == 1, changed
    answer = json.loads(changed.stdout)
    assert answer["matches"] is False and answer["printed"] == fingerprint
    assert answer["differences"] == [f"#2 (MUL {star[1]}) skill: the list has 3, the printout 4"]
    by_print = run("verify", str(wolf), "--fingerprint", fingerprint)
    assert by_print.code == 1 and "NO MATCH" in by_print.stdout
    # The submitted list may be a share code too.
    assert run("verify", code, "--fingerprint", fingerprint).code == 0
