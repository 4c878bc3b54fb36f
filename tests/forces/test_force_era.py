"""A force's era and faction: set on the command line, kept in the file, shown everywhere."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.factions import Faction
from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.editing import add_entry, new_force
from cardsmith.forces.fingerprint import canonical_force, canonical_text, force_fingerprint
from cardsmith.forces.force_file import force_to_dict, load_force, save_force
from cardsmith.models.force import MulRef

from .conftest import make_unit

#: Factions the MUL's Faction/Autocomplete would list.  SYNTHETIC: made up in the test
#: (real faction lists cannot be reached from here); ids chosen to look like MUL ids.
SYNTHETIC_FACTIONS = [
    Faction(24, "Clan Wolf"),
    Faction(25, "Clan Wolf (in Exile)"),
    Faction(27, "Draconis Combine"),
]


@pytest.fixture
def factions_known() -> None:
    with Catalogue.open(Path(os.environ["CARDSMITH_CACHE_DIR"])) as catalogue:
        catalogue.add_factions(SYNTHETIC_FACTIONS, source="synthetic test list")


def _show(cli_run: Callable[..., Any], path: Path) -> dict[str, Any]:
    result = cli_run("force", "show", str(path), "--format", "json")
    assert result.code == 0, result
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.mark.usefixtures("factions_known")
def test_new_force_with_era_and_faction(cli_run: Callable[..., Any], tmp_path: Path) -> None:
    path = tmp_path / "wolf.json"
    made = cli_run(
        "force", "new", "Wolves", "--era", "Clan Invasion", "--faction", "Clan Wolf",
        "-o", str(path),
    )  # fmt: skip
    assert made.code == 0, made
    assert "era Clan Invasion, faction Clan Wolf" in made.stdout
    data = _show(cli_run, path)
    assert data["era"] == {"id": 13, "name": "Clan Invasion"}
    assert data["faction"] == {"id": 24, "name": "Clan Wolf"}
    table = cli_run("force", "show", str(path))
    assert "Era: Clan Invasion   Faction: Clan Wolf" in table.stdout
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["era"] == {"id": 13, "name": "Clan Invasion"} and saved["version"] == 1


@pytest.mark.usefixtures("factions_known")
def test_settings_change_and_clear_them(cli_run: Callable[..., Any], tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    assert cli_run("force", "new", "F", "-o", str(path)).code == 0
    assert _show(cli_run, path)["era"] is None
    changed = cli_run("force", "settings", str(path), "--era", "3025", "--faction", "draconis")
    assert changed.code == 0, changed
    data = _show(cli_run, path)
    assert data["era"]["name"] == "Late Succession Wars - Renaissance"  # the year's era
    assert data["faction"] == {"id": 27, "name": "Draconis Combine"}
    assert cli_run("force", "settings", str(path), "--no-faction").code == 0
    data = _show(cli_run, path)
    assert data["faction"] is None and data["era"]["id"] == 256


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--era", "Clan Invasoin"], "Clan Invasion (3050+, MUL id 13)"),
        (["--era", "succession"], "fits 3 eras"),
        (["--faction", "wolf"], "fits 2 factions"),
        (["--faction", "Dracnis Combin"], "Draconis Combine (MUL id 27)"),
        (["--faction", "Clan Jade Falcon"], "unknown faction"),
        (["--era", "3025", "--no-era"], "not both"),
    ],
)
@pytest.mark.usefixtures("factions_known")
def test_bad_names_exit_2_with_suggestions(
    cli_run: Callable[..., Any], tmp_path: Path, args: list[str], said: str
) -> None:
    path = tmp_path / "f.json"
    assert cli_run("force", "new", "F", "-o", str(path)).code == 0
    before = path.read_bytes()
    result = cli_run("force", "settings", str(path), *args)
    assert result.code == 2 and said in result.stderr, result
    assert path.read_bytes() == before
    made = cli_run("force", "new", "G", *args, "-o", str(tmp_path / "g.json"))
    if "--no-era" not in args:
        assert made.code == 2 and said in made.stderr, made
        assert not (tmp_path / "g.json").exists()


def test_no_known_factions_says_how_to_get_them(
    cli_run: Callable[..., Any], tmp_path: Path
) -> None:
    result = cli_run("force", "new", "F", "--faction", "Clan Wolf", "-o", str(tmp_path / "f.json"))
    assert result.code == 2
    assert "catalogue sync --availability --factions" in result.stderr, result


def test_file_round_trip_and_older_files(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    force = add_entry(
        new_force("F", era=MulRef(13, "Clan Invasion"), faction=MulRef(24, "Clan Wolf")),
        make_unit(),
    )
    save_force(force, path)
    assert load_force(path) == force
    plain = force.with_changes(era=None, faction=None)
    assert "era" not in force_to_dict(plain) and "faction" not in force_to_dict(plain)
    save_force(plain, path)  # a file as written before forces had them
    assert load_force(path).era is None


@pytest.mark.parametrize(
    "bad",
    [{"id": "13", "name": "x"}, {"id": 0, "name": "x"}, {"id": 13}, "Clan Invasion", []],
)
def test_a_broken_era_is_refused(tmp_path: Path, bad: object) -> None:
    from cardsmith.errors import ForceFileError

    path = tmp_path / "f.json"
    data = force_to_dict(new_force("F"))
    data["era"] = bad
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ForceFileError, match="era"):
        load_force(path)


def test_the_fingerprint_covers_era_and_faction() -> None:
    base = add_entry(new_force("F"), make_unit())
    wolf = base.with_changes(era=MulRef(13, "Clan Invasion"), faction=MulRef(24, "Clan Wolf"))
    kurita = wolf.with_changes(faction=MulRef(27, "Draconis Combine"))
    prints = {force_fingerprint(f) for f in (base, wolf, kurita)}
    assert len(prints) == 3
    for force in (base, wolf, kurita):
        plain = json.dumps(
            canonical_force(force), sort_keys=True, ensure_ascii=False, separators=(",", ":")
        )
        assert canonical_text(force) == plain
    assert "era" not in canonical_force(base)  # older fingerprints stay as they were


def test_the_roster_carries_them() -> None:
    from cardsmith.render.content.roster import roster_for

    force = new_force("F", era=MulRef(13, "Clan Invasion"), faction=MulRef(24, "Clan Wolf"))
    roster = roster_for(add_entry(force, make_unit()))
    assert (roster.era, roster.faction) == ("Clan Invasion", "Clan Wolf")
    assert roster_for(add_entry(new_force("G"), make_unit())).era == ""
