"""Issue 9 done-when: three games through the real CLI, the log replays, the roster prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from cardsmith import campaign as cp
from cardsmith.campaign.campaign_file import campaign_from_json
from cardsmith.tables import Dice, TableSet, parse_dice

START = {
    "move": 6,
    "shooting": 4,
    "fighting": 3,
    "strength": 3,
    "toughness": 3,
    "attacks": 1,
    "wounds": 1,
    "courage": 2,
    "glory": 0,
    "luck": 0,
}
WARRIORS = (
    ("Док", "hero"),
    ("Pete", "hero"),
    ("Slim", "hired-gun"),
    ("Шорти", "hired-gun"),
    ("Хосе", "hero"),
)
#: Seeds of the generator rolls (advancements after the entered dice run out).
SEED_GAME_2, SEED_GAME_3 = 7, 11
#: Seeded rolls may land on a choice; "1" answers any choice with its first option.
ANY_CHOICE = ("--choose", "1", "--choose", "1", "--choose", "1", "--choose", "1")


def _ok(result: Any) -> Any:
    assert result.code == 0, result
    return result


def _roster(cli_run: Any, path: Path) -> dict[str, dict[str, Any]]:
    shown = json.loads(_ok(cli_run("campaign", "show", str(path), "--format", "json")).stdout)
    return {w["name"]: w for w in shown["roster"]}


def _log(cli_run: Any, path: Path) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = json.loads(
        _ok(cli_run("campaign", "log", str(path), "--format", "json")).stdout
    )
    return log


def _seeded_advance(
    log: list[dict[str, Any]], game: int, seed: int, tables: TableSet
) -> dict[str, Any]:
    """Pete's advancement roll of ``game``: the generator's first 2D6 for ``seed``."""
    (entry,) = [
        e
        for e in log
        if e["action"] == "roll" and e["game"] == game and e["data"]["table"] == "hero-advancement"
    ]
    outcome = entry["data"]["outcome"]
    expected = Dice.seeded(seed).roll(parse_dice("2D6"))
    assert outcome["roll"]["dice"] == list(expected.dice)
    assert outcome["roll"]["source"] == "rolled"
    table = tables.tables["hero-advancement"]
    assert outcome["label"] == table.entry_for(expected.total).label
    return entry


@pytest.fixture
def three_games(cli_run: Any, tmp_path: Path, tables: TableSet) -> Path:
    """A campaign of four warriors after three games, a corrected roll and an undo."""
    path = tmp_path / "банда.json"
    _ok(
        cli_run(
            "campaign",
            "new",
            "Банда «Красные»",
            "-o",
            str(path),
            "--pack",
            "old-west",
            "--preferred",
            "shooting",
        )
    )
    stats = [a for k, v in START.items() for a in ("--stat", f"{k}={v}")]
    for name, kind in WARRIORS:
        _ok(
            cli_run(
                "campaign",
                "add-warrior",
                str(path),
                name,
                "--kind",
                kind,
                *stats,
                "--equipment",
                "Revolver",
            )
        )

    # Game 1, physical dice: Док 22 Leg wound; Slim 6 promoted; Шорти 6 is re-rolled
    # (one promotion per game), 3 → +1 Shooting or +1 Fighting → Fighting.
    _ok(
        cli_run(
            "campaign",
            "post-game",
            str(path),
            "--opponent",
            "Los Bandidos",
            "--result",
            "loss",
            "--out",
            "Док",
            "--xp",
            "Док=2",
            "--advance",
            "Slim",
            "--advance",
            "Шорти",
            "--dice",
            "2,2,6,6,3",
            "--choose",
            "fighting",
            "--yes",
        )
    )
    roster = _roster(cli_run, path)
    assert roster["Док"]["stats"]["move"] == START["move"] - 1
    assert roster["Slim"]["kind"] == "hero" and roster["Slim"]["stats"]["glory"] == 1
    assert roster["Шорти"]["kind"] == "hired-gun"
    assert roster["Шорти"]["stats"]["fighting"] == START["fighting"] + 1

    # Game 2: Док 16 Multiple injuries, D6 2 more rolls: 11 Dead does not count and is
    # re-rolled, 25 Nervous strain, 34 Arm wound; Хосе 62 Captured (the serious-injury
    # table is the heroes': seed 002).  Pete's
    # advancement comes from the seeded generator once the entered dice are used up.
    _ok(
        cli_run(
            "campaign",
            "post-game",
            str(path),
            "--opponent",
            "Hell's Riders",
            "--result",
            "win",
            "--out",
            "Док",
            "--out",
            "Хосе",
            "--xp",
            "Pete=1",
            "--advance",
            "Pete",
            "--dice",
            "1,6,2,1,1,2,5,3,4,6,2",
            "--seed",
            str(SEED_GAME_2),
            *ANY_CHOICE,
            "--yes",
        )
    )
    roster = _roster(cli_run, path)
    assert roster["Док"]["stats"]["courage"] == START["courage"] - 1
    assert roster["Док"]["stats"]["fighting"] == START["fighting"] - 1
    assert roster["Док"]["status"] == "active"
    assert roster["Хосе"]["status"] == "captured"
    _seeded_advance(_log(cli_run, path), 2, SEED_GAME_2, tables)

    # Game 3: Slim 11 Dead; Док 23 Hand wound, D6 4 light: misses the next game.
    _ok(
        cli_run(
            "campaign",
            "post-game",
            str(path),
            "--opponent",
            "Los Bandidos",
            "--result",
            "draw",
            "--out",
            "Slim",
            "--out",
            "Док",
            "--xp",
            "Pete=2",
            "--advance",
            "Pete",
            "--dice",
            "1,1,2,3,4",
            "--seed",
            str(SEED_GAME_3),
            *ANY_CHOICE,
            "--yes",
        )
    )
    _seeded_advance(_log(cli_run, path), 3, SEED_GAME_3, tables)

    # Corrections are new log entries: a roll made in error is replaced by the real
    # dice, and a mistaken XP award is undone.
    wrong = _ok(
        cli_run(
            "campaign", "roll", str(path), "Pete", "injury", "--dice", "1,2", "--format", "json"
        )
    )
    seq = json.loads(wrong.stdout)["entry"]
    assert _roster(cli_run, path)["Pete"]["status"] == "dead"
    _ok(cli_run("campaign", "reroll", str(path), str(seq), "--dice", "4,1"))
    _ok(cli_run("campaign", "adjust", str(path), "Pete", "--xp", "5", "--reason", "typo"))
    _ok(cli_run("campaign", "undo", str(path)))
    return path


#: What each warrior's status is after the three games.
EXPECTED_STATUS = {
    "Док": "missing 1 game",
    "Pete": "available",
    "Slim": "dead",
    "Шорти": "available",
    "Хосе": "captured",
}


def test_three_games_leave_the_roster_per_seed_002(cli_run: Any, three_games: Path) -> None:
    roster = _roster(cli_run, three_games)
    doc = roster["Док"]
    assert doc["miss_games"] == 1 and doc["xp"] == 2
    assert (doc["stats"]["move"], doc["stats"]["courage"], doc["stats"]["fighting"]) == (
        START["move"] - 1,
        START["courage"] - 1,
        START["fighting"] - 1,
    )
    assert roster["Slim"]["status"] == "dead" and roster["Slim"]["equipment"] == []
    assert roster["Хосе"]["status"] == "captured" and roster["Хосе"]["bounty"] == "D6x5"
    pete = roster["Pete"]
    assert pete["status"] == "active" and pete["xp"] == 3  # +1, +2; the +5 was undone
    actions = [e["action"] for e in _log(cli_run, three_games)]
    assert actions.count("game") == 3 and actions[-3:] == ["replace", "adjust", "undo"]


def test_the_log_replays_to_the_same_roster(cli_run: Any, three_games: Path) -> None:
    data = json.loads(three_games.read_text(encoding="utf-8"))
    snapshot = data["roster"]
    # Only the log counts: drop the snapshot and rebuild the roster from the entries.
    log_only = {k: v for k, v in data.items() if k not in ("roster", "games", "funds")}
    rebuilt = cp.replay(campaign_from_json(log_only))
    assert [w.to_json() for w in rebuilt.warriors] == snapshot
    assert len(rebuilt.games) == 3
    shown = json.loads(
        _ok(cli_run("campaign", "show", str(three_games), "--format", "json")).stdout
    )
    assert shown["roster"] == snapshot


@pytest.mark.parametrize(("paper", "size"), [("letter", (612, 792)), ("a4", (595, 842))])
def test_the_roster_prints(
    cli_run: Any, three_games: Path, tmp_path: Path, paper: str, size: tuple[int, int]
) -> None:
    out = tmp_path / f"roster-{paper}.pdf"
    printed = cli_run("campaign", "print", str(three_games), "-o", str(out), "--paper", paper)
    assert printed.code == 0, printed
    with pdfplumber.open(out) as pdf:
        assert all((round(p.width), round(p.height)) == size for p in pdf.pages)
        lines = [line for page in pdf.pages for line in (page.extract_text() or "").splitlines()]
        assert pdf.metadata["Title"] == "Campaign roster: Банда «Красные»"
    text = "\n".join(lines)
    assert "Банда «Красные»" in text and "Games played 3" in text
    for name, status in EXPECTED_STATUS.items():
        row = [line for line in lines if line.startswith(name + " ")]
        assert row, f"{name} is not on the sheet"
        assert row[0].endswith(status), row[0]
    assert "Leg wound" in text and "Lad's done good" in text and "Hand wound" in text
    assert "(replaced by #" in text and "(undone)" in text  # the recent log shows corrections


def test_reprint_is_byte_identical(cli_run: Any, three_games: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "one.pdf", tmp_path / "two.pdf"
    _ok(cli_run("campaign", "print", str(three_games), "-o", str(first)))
    _ok(cli_run("campaign", "print", str(three_games), "-o", str(second)))
    assert first.read_bytes() == second.read_bytes()


def test_print_bad_input_exits_2(cli_run: Any, three_games: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    missing = cli_run("campaign", "print", str(tmp_path / "none.json"), "-o", str(out))
    assert missing.code == 2
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardsmith-campaign"', encoding="utf-8")
    bad = cli_run("campaign", "print", str(broken), "-o", str(out))
    assert bad.code == 2 and "not valid JSON" in bad.stderr
    assert cli_run("campaign", "print", str(three_games), "-o", str(out), "--paper", "b5").code == 2
    unwritable = cli_run(
        "campaign", "print", str(three_games), "-o", str(tmp_path / "no" / "dir" / "x.pdf")
    )
    assert unwritable.code == 2 and "cannot write" in unwritable.stderr
    assert not out.exists()
