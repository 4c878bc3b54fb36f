"""Custom multi-profile units in forces and on paper: issue 8's "Done when", through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from testdata import skirmish_units

from cardsmith.errors import ForceEditError
from cardsmith.forces.editing import add_entry, new_force, set_entry
from cardsmith.profiles.customfile import parse_custom_units

UNITS = (
    skirmish_units(pricing="max")
    + """
[[unit]]
name = "Homebrew Shifter"
switch_rule = "transmutation-x"
switch_value = 2
pricing = "first"

[[unit.profile]]
name = "Walker"
type = "BM"
size = 2
move = '10"'
armor = 4
structure = 3
damage = ["2", "2", "1"]
pv = 28
specials = ["ENE"]

[[unit.profile]]
name = "Tank"
type = "CV"
size = 2
move = '8"t'
armor = 4
structure = 3
damage = ["3", "2", "0*"]
pv = 30
"""
)


@pytest.fixture
def imported(cli_run: Any, tmp_path: Path) -> dict[str, int]:
    """The custom units imported into the (isolated) catalogue: name → negative id."""
    path = tmp_path / "custom.toml"
    path.write_text(UNITS, encoding="utf-8")
    result = cli_run("unit", "import", str(path))
    assert result.code == 0, result
    ids = {}
    for line in result.stdout.splitlines()[1:]:
        number, name = line.split(maxsplit=1)
        ids[name] = int(number)
    assert all(i < 0 for i in ids.values()) and len(ids) == 2
    return ids


def test_done_when_added_to_a_force_and_printed_on_one_card(
    cli_run: Any, tmp_path: Path, imported: dict[str, int]
) -> None:
    force = tmp_path / "force.json"
    assert cli_run("force", "new", "Transmuted", "-o", str(force)).code == 0
    # By negative id (not taken for an option) and by name.
    by_id = cli_run("force", "add", str(force), str(imported["Homebrew Shifter"]))
    assert by_id.code == 0, by_id
    by_name = cli_run("force", "add", str(force), "Gwailo Seed-Soldier")
    assert by_name.code == 0, by_name

    shown = cli_run("force", "show", str(force))
    assert shown.code == 0, shown
    assert "Walker / Tank (transmutation-x 2); priced by first profile: 28" in shown.stdout
    assert "Seed Form / Developed Form (transmutation-x 2, skirmish unit)" in shown.stdout
    assert "priced by dearest profile: 45" in shown.stdout
    data = json.loads(cli_run("force", "show", str(force), "--format", "json").stdout)
    assert [u["profiles"]["pricing"] for u in data["units"]] == ["first", "max"]
    assert data["total_pv"] == 28 + 45

    pdf = tmp_path / "sheets.pdf"
    printed = cli_run("print", str(force), "-o", str(pdf), "--no-reference")
    assert printed.code == 0, printed
    with pdfplumber.open(pdf) as document:
        assert len(document.pages) == 2  # the roster and one page of cards
        text = document.pages[1].extract_text()
    # Each unit on ONE card: its name once, every profile's row once (the crit track of
    # the Alpha Strike unit names the profiles it is shared by, "Walker and Tank").
    for name in ("Homebrew Shifter", "Gwailo Seed-Soldier", "Walker BM", "Tank CV", "Seed Form"):
        assert text.count(name) == 1, name
    assert text.count("Walker and Tank") == 1
    assert text.count("Transmutation (2)") == 2
    assert text.count("SHARED BY EVERY PROFILE") == 1  # the skirmish unit's one wound track


def test_missing_negative_id_is_reported(cli_run: Any, tmp_path: Path) -> None:
    force = tmp_path / "force.json"
    assert cli_run("force", "new", "Empty", "-o", str(force)).code == 0
    result = cli_run("force", "add", str(force), "-42")
    assert result.code == 2 and "no unit with custom unit id -42" in result.stderr


def test_other_system_units_stay_at_skill_4() -> None:
    import tomllib

    gwailo, shifter = parse_custom_units(tomllib.loads(UNITS), origin="test")
    force = add_entry(new_force("F"), gwailo)
    assert force.entries[0].skill == 4
    with pytest.raises(ForceEditError, match="skirmish unit: Alpha Strike skill does not apply"):
        add_entry(new_force("F"), gwailo, skill=3)
    with pytest.raises(ForceEditError, match="skill does not apply"):
        set_entry(force, 1, skill=5)
    # An Alpha Strike custom unit takes any skill.
    assert add_entry(force, shifter, skill=2).entries[1].skill == 2
