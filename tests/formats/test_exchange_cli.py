"""Format detection and the ``import`` / ``export`` commands: exit codes, reports, atomic writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit import CliRun

from cardsmith.errors import FormatError
from cardsmith.forces.force_file import force_to_dict, load_force, save_force
from cardsmith.formats.exchange import detect_format
from cardsmith.models.force import Force


@pytest.mark.parametrize(
    ("content", "filename", "expected"),
    [
        (b'<?xml version="1.0"?><unit/>', "", "mul"),
        (b"\xef\xbb\xbf\n  <unit version='1'/>", "x.txt", "mul"),
        (b'{"groups": [], "uuid": "x"}', "", "jbt"),
        (b'{"name": "Lance", "members": []}', "", "jbt"),
        (b"{{4759,4},{7740,4}}", "", "tts"),
        (b" { {140, 4} }", "x.txt", "tts"),
        (b'{"favoriteASGroups": [], "currentASForce": null}', "", "jbt"),
        (b"CS1-ABCDEFGH", "", "code"),
        (b"mul_id,name,skill\n140,Atlas AS7-D,4\n", "", "csv"),
        (b"\xef\xbb\xbfUnit;Skill\nAtlas AS7-D;4\n", "", "csv"),
        (b"Atlas AS7-D\t4\n", "list.csv", "csv"),
    ],
)
def test_detect_format_from_content(content: bytes, filename: str, expected: str) -> None:
    assert detect_format(content, filename) == expected


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "is empty"),
        (b"Atlas and friends", "cannot tell what format"),
        (b'{"format": "cardsmith-force", "version": 1}', "already a cardsmith force file"),
        (b'{"something": 1}', "not a Jeff's BattleTech Tools group, force or backup"),
        (b'[{"mulId": 140, "skill": 4}]', "not a Jeff's BattleTech Tools group, force or backup"),
        (b"[1, 2", "not valid JSON"),
    ],
)
def test_detect_format_refuses_what_it_cannot_read(content: bytes, expected: str) -> None:
    with pytest.raises(FormatError, match=expected):
        detect_format(content, "in.dat")


def test_import_with_unknown_units_lists_suggestions_exits_1_and_writes_the_rest(
    cli_run: CliRun, tmp_path: Path
) -> None:
    source = tmp_path / "lance.mul"
    source.write_text(
        """<?xml version="1.0" encoding="UTF-8"?>
<unit version="0.51.01">
  <entity chassis="Atlas" model="AS7-RS" type="Biped" commander="true">
    <pilot size="1" name="Kayla" gunnery="3" piloting="4"/>
  </entity>
  <entity chassis="Wolverine" model="WVR-6R" type="Biped">
    <pilot size="1" name="Дмитрий" gunnery="2" piloting="3"/>
  </entity>
</unit>
""",
        encoding="utf-8",
    )
    out = tmp_path / "lance.json"
    result = cli_run("import", str(source), "-o", str(out))
    assert result.code == 1, result
    assert "entity 1: Atlas AS7-RS" in result.stderr
    assert "Atlas AS7-D (MUL 140)" in result.stderr
    assert "Imported 1 unit from" in result.stdout
    force = load_force(out)
    assert force.name == "lance"
    assert [(e.unit.mul_id, e.skill, e.pilot.name) for e in force.entries] == [(3573, 2, "Дмитрий")]


def test_import_format_flag_overrides_detection_and_name_option(
    cli_run: CliRun, tmp_path: Path
) -> None:
    source = tmp_path / "odd.txt"
    source.write_text("{{140,2}}", encoding="utf-8")
    out = tmp_path / "f.json"
    result = cli_run("import", str(source), "--format", "tts", "--name", "Ivory", "-o", str(out))
    assert result.code == 0, result
    assert load_force(out).name == "Ivory"
    wrong = cli_run("import", str(source), "--format", "mul", "-o", str(tmp_path / "g.json"))
    assert wrong.code == 2 and "not valid XML" in wrong.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["import", "{dir}/missing.mul", "-o", "{dir}/f.json"], "no file at"),
        (
            ["import", "{dir}/same.csv", "-o", "{dir}/same.csv"],
            "must not be the file being imported",
        ),
        (["import", "{dir}/same.csv", "--format", "xml", "-o", "{dir}/f.json"], "Invalid value"),
        (["export", "{dir}/missing.json", "--format", "csv"], "no force file"),
    ],
)
def test_bad_input_exits_2_without_a_traceback(
    cli_run: CliRun, tmp_path: Path, args: list[str], expected: str
) -> None:
    (tmp_path / "same.csv").write_text("mul_id\n140\n", encoding="utf-8")
    result = cli_run(*(a.format(dir=tmp_path) for a in args))
    assert result.code == 2, result
    assert expected in result.stderr
    assert "Traceback" not in result.stderr


def test_export_writes_atomically_and_never_over_the_force(
    cli_run: CliRun, tmp_path: Path, starter_force: Force
) -> None:
    path = tmp_path / "f.json"
    save_force(starter_force, path)
    before = path.read_bytes()
    refused = cli_run("export", str(path), "--format", "tts", "-o", str(path))
    assert refused.code == 2 and path.read_bytes() == before
    out = tmp_path / "f.mul"
    out.write_text("old", encoding="utf-8")
    result = cli_run("export", str(path), "--format", "mul", "-o", str(out))
    assert result.code == 0, result
    assert out.read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    # SPAs MegaMek has no pilot option for are named; the rest go into `advantages`.
    assert "MegaMek has no pilot option for lucky-2, marksman" in result.stderr
    assert 'advantages="sniper"' in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["mul", "csv", "tts"])
def test_cli_round_trip_keeps_units_and_skills(
    cli_run: CliRun, tmp_path: Path, starter_force: Force, fmt: str
) -> None:
    path = tmp_path / "f.json"
    save_force(starter_force, path)
    exported = cli_run("export", str(path), "--format", fmt)
    assert exported.code == 0, exported
    middle = tmp_path / f"middle.{fmt}"
    middle.write_text(exported.stdout, encoding="utf-8")
    back = tmp_path / "back.json"
    result = cli_run("import", str(middle), "-o", str(back))
    assert result.code == 0, result
    again = load_force(back)
    assert [(e.unit.mul_id, e.skill) for e in again.entries] == [
        (e.unit.mul_id, e.skill) for e in starter_force.entries
    ]
    # Unit snapshots come from the same catalogue, so they are identical too.
    assert [e["unit"] for e in force_to_dict(again)["entries"]] == [
        e["unit"] for e in force_to_dict(starter_force)["entries"]
    ]


def test_importing_over_an_existing_force_keeps_a_backup(
    cli_run: CliRun, tmp_path: Path, starter_force: Force
) -> None:
    out = tmp_path / "f.json"
    save_force(starter_force, out)
    old = out.read_bytes()
    source = tmp_path / "one.txt"
    source.write_text("{{140,4}}", encoding="utf-8")
    assert cli_run("import", str(source), "-o", str(out)).code == 0
    assert (tmp_path / "f.json.bak").read_bytes() == old
    assert len(load_force(out).entries) == 1
