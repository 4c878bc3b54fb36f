"""The `battle` commands and `rules betrayal`, run through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from battle.conftest import BattleFile, entry, make_unit


def _show(cli_run: Any, path: Path) -> dict[str, Any]:
    result = cli_run("battle", "show", str(path), "--format", "json")
    assert result.code == 0, result
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _unit(data: dict[str, Any], key: str) -> dict[str, Any]:
    return next(u for u in data["units"] if u["key"] == key)


def test_start_writes_a_battle_beside_the_forces(
    cli_run: Any, tmp_path: Path, battle_file: BattleFile
) -> None:
    battle_file()  # writes the force files
    forces = tmp_path / "forces"
    out = tmp_path / "new.json"
    result = cli_run(
        "battle",
        "start",
        str(forces / "blue.json"),
        str(forces / "red.json"),
        "-o",
        str(out),
        "--optional",
        "betrayal",
    )
    assert result.code == 0, result
    data = _show(cli_run, out)
    assert data["turn"] == 1 and data["packs"] == ["betrayal"]
    assert [s["name"] for s in data["sides"]] == ["Blue", "Red"]
    again = cli_run("battle", "start", str(forces / "blue.json"), "-o", str(out))
    assert again.code == 2 and "exists already" in again.stderr
    bad_pack = cli_run(
        "battle",
        "start",
        str(forces / "blue.json"),
        "-o",
        str(tmp_path / "x.json"),
        "--optional",
        "standard",
    )
    assert bad_pack.code == 2 and "no optional" in bad_pack.stderr


def test_damage_heat_crit_wound_end_round_and_undo(cli_run: Any, battle_file: BattleFile) -> None:
    path = str(battle_file())
    damaged = cli_run("battle", "damage", path, "Red Mech", "7")
    assert damaged.code == 0 and "roll 1 critical hit — structure damaged" in damaged.stdout
    assert cli_run("battle", "heat", path, "2.1", "1").code == 0
    assert cli_run("battle", "crit", path, "2.1", "--roll", "7").code == 0  # 'Mech 7: MP hit
    assert cli_run("battle", "wound", path, "2.1").code == 0
    staged = _unit(_show(cli_run, Path(path)), "2.1")
    assert staged["armor"] == 5 and staged["crits"] == []
    text = cli_run("battle", "show", path)
    assert "End Phase:" in text.stdout and "7 damage" in text.stdout
    ended = cli_run("battle", "end-round", path)
    assert ended.code == 0 and "turn 2 begins" in ended.stdout
    red = _unit(_show(cli_run, Path(path)), "2.1")
    assert (red["armor"], red["structure"], red["heat"], red["crits"], red["pilot_wounds"]) == (
        0,
        2,
        "1",
        ["mp"],
        1,
    )
    assert (red["move"], red["tmm"]) == ('3"', 1)  # facts §4: 10" at heat 1 with an MP hit
    assert red["to_hit"]["M"] == 4 + 2 + 1
    undone = cli_run("battle", "undo", path)
    assert undone.code == 0 and "end of round" in undone.stdout
    assert _show(cli_run, Path(path))["turn"] == 1


def test_crit_options_and_errors(cli_run: Any, battle_file: BattleFile) -> None:
    path = str(battle_file())
    none = cli_run("battle", "crit", path, "2.1", "--roll", "5")
    assert none.code == 0 and "no critical hit" in none.stdout
    motive = cli_run("battle", "crit", path, "1.2", "--motive-roll", "12", "--now")
    assert motive.code == 0
    tank = _unit(_show(cli_run, Path(path)), "1.2")
    assert tank["crits"] == ["motive-0"] and tank["immobile"] and tank["tmm"] == -4
    assert cli_run("battle", "crit", path, "2.1").code == 2
    assert cli_run("battle", "crit", path, "2.1", "mp", "--roll", "7").code == 2
    wrong = cli_run("battle", "crit", path, "1.2", "mp")
    assert wrong.code == 2 and "no mp hit" in wrong.stderr
    unknown = cli_run("battle", "damage", path, "Atlas", "3")
    assert unknown.code == 2 and "no unit 'Atlas'" in unknown.stderr
    assert cli_run("battle", "heat", path, "1.2", "1").code == 2  # vehicles have no heat scale
    assert cli_run("battle", "heat", path, "2.1", "--set", "S").code == 0
    assert _unit(_show(cli_run, Path(path)), "2.1")["shutdown"]
    assert cli_run("battle", "heat", path, "2.1", "--set", "7").code == 2


def test_bad_battle_file_exits_2(cli_run: Any, tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    result = cli_run("battle", "show", str(path))
    assert (
        result.code == 2 and "not valid JSON" in result.stderr and "Traceback" not in result.stderr
    )
    assert cli_run("battle", "undo", str(tmp_path / "missing.json")).code == 2


def _to_turn_3(cli_run: Any, path: str) -> None:
    for _ in range(2):
        assert cli_run("battle", "end-round", path).code == 0


def test_rules_betrayal_prints_tn_modifiers_and_reasons(
    cli_run: Any, battle_file: BattleFile
) -> None:
    red = (entry(make_unit("Red Mech", mul_id=-2), skill=5, commander=True),)
    path = str(battle_file(red=red))
    early = cli_run("rules", "betrayal", path, "2.1", "--within-10")
    assert early.code == 1 and "tests may be declared from turn 3" in early.stdout
    _to_turn_3(cli_run, path)
    result = cli_run("rules", "betrayal", path, "Red Mech", "--within-10", "--roll", "6")
    assert result.code == 0, result
    assert "Piloting skill 5" in result.stdout and "force commander" in result.stdout
    assert (
        "TN 6" in result.stdout and "success" in result.stdout and "Not recorded" in result.stdout
    )
    data = json.loads(cli_run("rules", "betrayal", path, "2.1", "--format", "json").stdout)
    assert data["tn"] == 6 and not data["eligible"] and data["modifiers"][0]["value"] == -1
    assert any("10 hexes" in r for r in data["reasons_not"])


def test_rules_betrayal_apply_records_the_turn(cli_run: Any, battle_file: BattleFile) -> None:
    path = str(battle_file())
    _to_turn_3(cli_run, path)
    no_roll = cli_run("rules", "betrayal", path, "2.1", "--within-10", "--apply")
    assert no_roll.code == 2
    applied = cli_run(
        "rules",
        "betrayal",
        path,
        "2.1",
        "--within-10",
        "--roll",
        "10",
        "--objective",
        "C",
        "--instigator",
        "Blue",
        "--apply",
    )
    assert applied.code == 0 and "Recorded" in applied.stdout, applied
    red = _unit(_show(cli_run, Path(path)), "2.1")
    assert red["controller"] == 1 and red["objective"] == "stay"
    assert (red["weapon_skill"], red["piloting_skill"]) == (5, 5)
    assert "turned from Red" in cli_run("battle", "show", path).stdout
    seeded = [
        cli_run("battle", "betrayal", path, "1.1", "--seed", "3", "--format", "json")
        for _ in range(2)
    ]
    assert json.loads(seeded[0].stdout)["roll"] == json.loads(seeded[1].stdout)["roll"]
    both = cli_run("rules", "betrayal", path, "2.1", "--roll", "7", "--seed", "3")
    assert both.code == 2
