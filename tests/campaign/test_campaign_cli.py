"""The campaign and roll commands through the shared CLI runner, with design §5 exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from kit import CliResult, run_cli

from cardsmith.tables import Dice, parse_dice


def run(*args: str) -> CliResult:
    return run_cli(*args)


def _setup(tmp_path: Path) -> Path:
    path = tmp_path / "банда.json"
    assert (
        run(
            "campaign",
            "new",
            "Банда Джо",
            "-o",
            str(path),
            "--pack",
            "old-west",
            "--preferred",
            "shooting",
        ).exit_code
        == 0
    )
    result = run(
        "campaign",
        "add-warrior",
        str(path),
        "Джо",
        "--kind",
        "Герой",
        "--stat",
        "courage=2",
        "--stat",
        "shooting=4",
        "--equipment",
        "Revolver",
    )
    assert result.exit_code == 0, result.output
    assert run("campaign", "game", str(path), "--opponent", "Outlaws").exit_code == 0
    return path


def test_roll_dice_expression_with_seed() -> None:
    result = run("roll", "2D6", "--seed", "5", "--format", "json")
    assert result.exit_code == 0
    expected = Dice.seeded(5).roll(parse_dice("2D6"))
    assert json.loads(result.stdout)["dice"] == list(expected.dice)


def test_roll_table_with_physical_dice() -> None:
    result = run("roll", "serious-injury", "--dice", "2,2")
    assert result.exit_code == 0
    assert "Leg wound" in result.stdout


def test_roll_lookup_table() -> None:
    result = run("roll", "underdog", "--value", "101", "--format", "json")
    assert json.loads(result.stdout)["outcome"]["value"] == 3


def test_roll_errors_exit_2() -> None:
    assert run("roll", "no-such-table").exit_code == 2
    assert run("roll", "D66", "--dice", "7,1").exit_code == 2
    short = run("roll", "serious-injury", "--dice", "3")
    assert short.exit_code == 2 and "needs 2 dice; 1 entered die is left" in short.stderr
    choice = run("roll", "hero-advancement", "--dice", "3,4")
    assert choice.exit_code == 2 and "choose one of strength" in choice.stderr


def test_campaign_flow(tmp_path: Path) -> None:
    path = _setup(tmp_path)
    rolled = run("campaign", "roll", str(path), "джо", "injury", "--dice", "2,5")
    assert rolled.exit_code == 0, rolled.output
    assert "Nervous strain" in rolled.stdout
    shown = json.loads(run("campaign", "show", str(path), "--format", "json").stdout)
    assert shown["name"] == "Банда Джо"
    assert shown["roster"][0]["name"] == "Джо"
    assert shown["roster"][0]["stats"]["courage"] == 1

    fixed = run("campaign", "reroll", str(path), "3", "--dice", "6,6")
    assert fixed.exit_code == 0, fixed.output
    shown = json.loads(run("campaign", "show", str(path), "--format", "json").stdout)
    assert shown["roster"][0]["stats"]["courage"] == 2 and shown["roster"][0]["xp"] == 1

    assert run("campaign", "undo", str(path)).exit_code == 0
    log = json.loads(run("campaign", "log", str(path), "--format", "json").stdout)
    assert [e["action"] for e in log] == ["add-warrior", "game", "roll", "replace", "undo"]
    shown = json.loads(run("campaign", "show", str(path), "--format", "json").stdout)
    assert shown["roster"][0]["stats"]["courage"] == 1  # the replacement was undone
    text = run("campaign", "show", str(path))
    assert text.exit_code == 0 and "Джо" in text.stdout
    assert (tmp_path / "банда.json.bak").exists()


def test_post_game(tmp_path: Path) -> None:
    path = _setup(tmp_path)
    result = run(
        "campaign",
        "post-game",
        str(path),
        "--opponent",
        "Rivals",
        "--out",
        "Джо",
        "--xp",
        "Джо=2",
        "--dice",
        "6,6",
        "--yes",
    )
    assert result.exit_code == 0, result.output
    shown = json.loads(run("campaign", "show", str(path), "--format", "json").stdout)
    assert shown["roster"][0]["xp"] == 3 and len(shown["games"]) == 2


def test_campaign_errors_exit_2(tmp_path: Path) -> None:
    path = _setup(tmp_path)
    assert run("campaign", "new", "Again", "-o", str(path)).exit_code == 2
    assert run("campaign", "roll", str(path), "nobody", "injury").exit_code == 2
    assert run("campaign", "roll", str(path), "джо", "nosuch").exit_code == 2
    assert run("campaign", "show", str(tmp_path / "missing.json")).exit_code == 2
    assert run("campaign", "undo", str(path), "99").exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    result = run("campaign", "show", str(bad))
    assert result.exit_code == 2 and "not valid JSON" in result.stderr
    before = path.read_bytes()
    assert run("campaign", "roll", str(path), "джо", "injury", "--dice", "1").exit_code == 2
    assert path.read_bytes() == before  # a failed roll saves nothing


def test_tables_commands() -> None:
    listed = json.loads(run("campaign", "tables", "list", "--format", "json").stdout)
    assert {"serious-injury", "pilot-injury", "guts-skills"} <= {t["id"] for t in listed}
    shown = json.loads(run("campaign", "tables", "show", "guts", "--format", "json").stdout)
    assert shown["incomplete"] and shown["entries"][-1]["gap"]
    assert run("campaign", "tables", "show", "nope").exit_code == 2


def test_print_never_writes_over_the_campaign_file(tmp_path: Path) -> None:
    camp = tmp_path / "c.json"
    assert run_cli("campaign", "new", "Outlaws", "-o", str(camp)).code == 0
    before = camp.read_bytes()
    (tmp_path / "roster.pdf").symlink_to(camp)
    for target in (camp, tmp_path / "roster.pdf"):
        printed = run_cli("campaign", "print", str(camp), "-o", str(target))
        assert printed.code == 2, printed
        assert "is an input of this command" in printed.stderr
        assert camp.read_bytes() == before  # the campaign is still the campaign
    assert run_cli("campaign", "print", str(camp), "-o", str(tmp_path / "ok.pdf")).code == 0
