"""``cardsmith verify``: a printed roster's fingerprint or share code against the submitted list."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.formats.share_code import encode
from cardsmith.models import Force, Group, Pilot
from rules.rulekit import write_force


def test_the_printed_fingerprint_matches_in_any_case_and_spacing(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    path = write_force(legal_force, tmp_path / "lance.json")
    printed = force_fingerprint(legal_force)
    for given in (printed, printed.upper(), printed.replace("-", ""), printed.replace("-", " ")):
        result = cli_run("verify", str(path), "--fingerprint", given)
        assert result.code == 0, result
        assert f"MATCH: the printout shows {path}" in result.stdout


def test_an_edited_list_no_longer_matches_its_printout(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    printed = force_fingerprint(legal_force)
    edited = replace(legal_force, entries=(replace(legal_force.entries[0], skill=3),
                                           *legal_force.entries[1:]))  # fmt: skip
    path = write_force(edited, tmp_path / "lance.json")
    result = cli_run("verify", str(path), "--fingerprint", printed, "--format", "json")
    assert result.code == 1
    data = json.loads(result.stdout)
    assert data == {
        "submitted": str(path),
        "matches": False,
        "fingerprint": force_fingerprint(edited),
        "printed": printed,
        "compared": False,
        "differences": [],
    }
    text = cli_run("verify", str(path), "--fingerprint", printed).stdout
    assert "NO MATCH" in text and "--code to see what differs" in text


def test_the_printouts_code_names_every_difference(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    code = encode(legal_force)
    entries = list(legal_force.entries)
    entries[1] = replace(entries[1], skill=2, spas=("sniper",))
    entries[3] = replace(entries[3], pilot=Pilot("Natasha"), commander=True)
    changed = replace(
        legal_force,
        name="Renamed",
        groups=(Group("Alpha", "striker"),),
        entries=(*entries, replace(entries[0], group="")),
    )
    path = write_force(changed, tmp_path / "lance.json")
    result = cli_run("verify", str(path), "--code", code, "--format", "json")
    assert result.code == 1, result
    data = json.loads(result.stdout)
    assert data["compared"] is True and data["printed"] == force_fingerprint(legal_force)
    mul = [e.unit.mul_id for e in entries]
    assert data["differences"] == [
        "name: the list has 'Renamed', the printout 'Legal Lance'",
        "groups: the list has Alpha (striker), the printout Alpha (battle)",
        f"#2 (MUL {mul[1]}) skill: the list has 2, the printout 4",
        f"#2 (MUL {mul[1]}) SPAs: the list has 'sniper', the printout 'none'",
        f"#4 (MUL {mul[3]}) pilot: the list has 'Natasha', the printout none",
        f"#4 (MUL {mul[3]}) commander: the list has 'yes', the printout 'no'",
        f"#9: only the list has MUL {mul[0]}",
    ]
    same = write_force(legal_force, tmp_path / "same.json")
    assert cli_run("verify", str(same), "--code", code).code == 0


def test_a_code_can_be_the_submitted_list(cli_run: Any, legal_force: Force) -> None:
    code = encode(legal_force)
    printed = force_fingerprint(legal_force)
    assert cli_run("verify", code, "--fingerprint", printed).code == 0
    assert cli_run("verify", code.lower(), "--fingerprint", printed).code == 0
    assert cli_run("verify", code, "--fingerprint", "0000-0000-0000").code == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fingerprint", "12ab"], "is not a fingerprint"),
        (["--fingerprint", "zzzz-zzzz-zzzz"], "is not a fingerprint"),
        ([], "give the printout's --fingerprint, its --code, or both"),
        (["--code", "CS1-AAAA"], "share code"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(
    cli_run: Any, legal_force: Force, tmp_path: Path, args: list[str], message: str
) -> None:
    path = write_force(legal_force, tmp_path / "lance.json")
    result = cli_run("verify", str(path), *args)
    assert result.code == 2, result
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_missing_file_or_a_damaged_code_exits_2(cli_run: Any, tmp_path: Path) -> None:
    missing = cli_run("verify", str(tmp_path / "none.json"), "--fingerprint", "0" * 12)
    assert missing.code == 2 and "no force file" in missing.stderr
    damaged = cli_run("verify", "CS1-ZZZZZZZZ", "--fingerprint", "0" * 12)
    assert damaged.code == 2 and "Traceback" not in damaged.stderr


def test_a_printout_that_disagrees_with_itself_is_bad_input(
    cli_run: Any, legal_force: Force, tmp_path: Path
) -> None:
    path = write_force(legal_force, tmp_path / "lance.json")
    result = cli_run("verify", str(path), "--code", encode(legal_force),
                     "--fingerprint", "0000-0000-0000")  # fmt: skip
    assert result.code == 2 and "disagrees with itself" in result.stderr


def test_a_changed_faction_is_named(cli_run: Any, legal_force: Force, tmp_path: Path) -> None:
    from cardsmith.models.force import MulRef

    wolf = replace(legal_force, era=MulRef(13, "Clan Invasion"), faction=MulRef(24, "Clan Wolf"))
    code = encode(wolf)
    jade = replace(wolf, faction=MulRef(19, "Clan Jade Falcon"))
    path = write_force(jade, tmp_path / "lance.json")
    data = json.loads(cli_run("verify", str(path), "--code", code, "--format", "json").stdout)
    assert data["matches"] is False
    assert data["differences"] == [
        "faction: the list has 'Clan Jade Falcon' (MUL id 19), the printout 'Clan Wolf' (MUL id 24)"
    ]
