"""``cardsmith check`` and ``cardsmith rules``, run through the real entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardsmith.models import Force

ForceFile = Callable[[Force, str], Path]


def _illegal(force: Force) -> Force:
    """Skill 7 on #6 (outside 2-6) and a third Atlas is not needed: one clear error."""
    entries = list(force.entries)
    entries[5] = replace(entries[5], skill=7)
    return replace(force, entries=tuple(entries))


def test_a_legal_list_exits_0(cli_run: Any, legal_force: Force, force_file: ForceFile) -> None:
    path = force_file(legal_force, "legal.json")
    result = cli_run("check", str(path))
    assert result.code == 0, result
    assert f"{path}: legal (tournament-300, 240 PV)" in result.stdout
    assert result.stdout.strip().endswith("1 legal, 0 not")


def test_an_illegal_list_exits_1_and_explains(
    cli_run: Any, legal_force: Force, force_file: ForceFile
) -> None:
    path = force_file(_illegal(legal_force), "bad.json")
    result = cli_run("check", str(path))
    assert result.code == 1, result
    out = result.stdout
    assert "NOT LEGAL" in out
    assert "ERROR   skill-range:" in out
    assert "units: #6 Centurion M-6" in out
    assert "expected 2-6, actual 7" in out
    assert "fix: set a skill from 2 to 6 for #6 Centurion M-6" in out
    assert out.strip().endswith("0 legal, 1 not")


def test_errors_come_before_warnings(
    cli_run: Any, legal_force: Force, force_file: ForceFile
) -> None:
    entries = [replace(e, commander=False) for e in _illegal(legal_force).entries]
    path = force_file(replace(legal_force, entries=tuple(entries)), "both.json")
    out = cli_run("check", str(path)).stdout
    assert out.index("ERROR   skill-range") < out.index("warning commander")


def test_many_files_with_an_unreadable_one(
    cli_run: Any, legal_force: Force, force_file: ForceFile, tmp_path: Path
) -> None:
    good = force_file(legal_force, "a.json")
    bad = force_file(_illegal(legal_force), "b.json")
    broken = tmp_path / "c.json"
    broken.write_text('{"format": "cardsmith-force", "version": 1, "name": "cut', encoding="utf-8")
    missing = tmp_path / "nothing-here.json"
    result = cli_run("check", str(good), str(bad), str(broken), str(missing))
    assert result.code == 2, result
    assert f"{good}: legal" in result.stdout
    assert f"{bad}: NOT LEGAL" in result.stdout
    assert f"{broken}: UNREADABLE" in result.stdout and "not valid JSON" in result.stderr
    assert f"{missing}: UNREADABLE" in result.stdout
    assert result.stdout.strip().endswith("1 legal, 1 not, 2 unreadable")
    # Each line that gives the reason names the file once.
    for stream in (result.stdout, result.stderr):
        line = next(line for line in stream.splitlines() if "not valid JSON" in line)
        assert line.count(str(broken)) == 1, line
    assert "(s)" not in result.stdout
    assert "Traceback" not in result.stderr


def test_an_unreadable_file_is_reported_in_its_place_among_many(
    legal_force: Force, force_file: ForceFile, tmp_path: Path
) -> None:
    """Verdicts are written in batches; a file's error on stderr still comes between the
    verdicts of the lists before and after it (one real process, both streams merged)."""
    (tmp_path / "lists").mkdir()
    for number in range(100):
        force_file(legal_force, f"lists/{number:03}.json")
    broken = tmp_path / "lists" / "050.json"
    broken.write_text('{"format": "cardsmith-force", "version": 1, "name": "cut', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "cardsmith", "check", str(tmp_path / "lists")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stdout
    lines = done.stdout.splitlines()
    error = next(
        i for i, line in enumerate(lines) if line.startswith("cardsmith: ") and "050" in line
    )
    assert "049.json: legal" in lines[error - 1]
    assert "050.json: UNREADABLE" in lines[error + 1]
    assert sum(": legal (" in line for line in lines) == 99
    assert lines[-1] == "99 legal, 0 not, 1 unreadable"


def test_a_folder_stands_for_its_json_files(
    cli_run: Any, legal_force: Force, force_file: ForceFile, tmp_path: Path
) -> None:
    for n in range(3):
        force_file(legal_force, f"f{n}.json")
    (tmp_path / "notes.txt").write_text("not a force", encoding="utf-8")
    result = cli_run("check", str(tmp_path), "--format", "json")
    assert result.code == 0, result
    data = json.loads(result.stdout)
    assert [Path(d["file"]).name for d in data] == ["f0.json", "f1.json", "f2.json"]


def test_json_shape(
    cli_run: Any, legal_force: Force, force_file: ForceFile, tmp_path: Path
) -> None:
    path = force_file(_illegal(legal_force), "bad.json")
    single = json.loads(cli_run("check", str(path), "--format", "json").stdout)
    assert set(single) >= {"file", "legal", "total_pv", "violations"}
    assert single["legal"] is False and single["file"] == str(path)
    (violation,) = single["violations"]
    assert set(violation) >= {"rule", "severity", "message", "units", "expected", "actual", "hint"}
    assert violation["rule"] == "skill-range" and violation["severity"] == "error"
    assert violation["units"] == [{"index": 6, "name": "Centurion M-6"}]
    unreadable = tmp_path / "x.json"
    unreadable.write_text("[]", encoding="utf-8")
    several = json.loads(cli_run("check", str(path), str(unreadable), "--format", "json").stdout)
    assert isinstance(several, list) and len(several) == 2
    assert several[1]["legal"] is None and several[1]["error"]


def test_pack_and_cap_options(cli_run: Any, legal_force: Force, force_file: ForceFile) -> None:
    path = force_file(replace(legal_force, pack="standard"), "std.json")
    assert json.loads(cli_run("check", str(path), "--format", "json").stdout)["pack"] == "standard"
    result = cli_run(
        "check", str(path), "--pack", "tournament-300", "--cap", "200", "--format", "json"
    )
    assert result.code == 1
    data = json.loads(result.stdout)
    assert data["pack"] == "tournament-300"
    assert [v["rule"] for v in data["violations"]] == ["pv-cap"]


def test_force_naming_an_unknown_pack_is_unreadable_input(
    cli_run: Any, legal_force: Force, force_file: ForceFile
) -> None:
    good = force_file(legal_force, "good.json")
    odd = force_file(replace(legal_force, pack="no-such-pack"), "odd.json")
    result = cli_run("check", str(odd), str(good))
    assert result.code == 2
    assert "unknown rule pack 'no-such-pack'" in result.stdout
    assert f"{good}: legal" in result.stdout


def test_broken_pack_option_exits_2_with_file_key_reason(
    cli_run: Any, legal_force: Force, force_file: ForceFile, tmp_path: Path
) -> None:
    path = force_file(legal_force, "f.json")
    pack = tmp_path / "club.toml"
    pack.write_text(
        'id = "club"\ntitle = "Club"\n[[rule]]\nid = "n"\ncheck = "unit-count"\nmax = "16"\n',
        encoding="utf-8",
    )
    result = cli_run("check", str(path), "--pack", str(pack))
    assert result.code == 2
    assert f"{pack}: rule[1] (n).max: expected an integer" in result.stderr
    assert "Traceback" not in result.stderr


def test_rules_list_is_generated_from_the_registry(cli_run: Any) -> None:
    from cardsmith.rules.checks import CHECKS

    result = cli_run("rules", "list")
    assert result.code == 0, result
    for name, spec in CHECKS.items():
        assert f"\n  {name}\n" in result.stdout
        for param in spec.params:
            assert param.describe() in result.stdout
    assert "tournament-300" in result.stdout and "built in" in result.stdout
    data = json.loads(cli_run("rules", "list", "--format", "json").stdout)
    assert {c["name"] for c in data["checks"]} == set(CHECKS)
    assert {"standard", "tournament-300", "tournament-350", "betrayal"} <= {
        p["id"] for p in data["packs"]
    }


def test_rules_list_names_a_pack_file_that_is_never_read(cli_run: Any) -> None:
    """Two files that claim one id: a GM editing the one not read must be told."""
    from cardsmith import paths

    rules = paths.user_templates_dir() / "rules"
    rules.mkdir(parents=True)
    text = '[[rule]]\nid = "cap"\ncheck = "pv-cap"\nmax = 300\n'
    (rules / "event-a.toml").write_text('id = "spring"\ntitle = "Draft A"\n' + text)
    (rules / "event-b.toml").write_text('id = "spring"\ntitle = "Draft B"\n' + text)
    result = cli_run("rules", "list")
    assert result.code == 0, result
    assert "Draft A" in result.stdout and "Draft B" not in result.stdout
    assert result.stderr.count("warning") == 1, result.stderr
    warning = " ".join(result.stderr.split())  # the terminal may wrap it
    assert (
        f"pack 'spring' is read from {rules / 'event-a.toml'}; {rules / 'event-b.toml'} "
        "claims the same id and is never read (give it an id of its own)"
    ) in warning
    data = json.loads(cli_run("rules", "list", "--format", "json").stdout)
    spring = next(p for p in data["packs"] if p["id"] == "spring")
    assert spring["ignored"] == [str(rules / "event-b.toml")]
    assert all(p["ignored"] == [] for p in data["packs"] if p["id"] != "spring")


def test_rules_show(cli_run: Any) -> None:
    result = cli_run("rules", "show", "tournament-300")
    assert result.code == 0
    assert "pv-cap" in result.stdout and "max=300" in result.stdout
    shown = json.loads(cli_run("rules", "show", "betrayal", "--format", "json").stdout)
    assert shown["optional"]["betrayal"]["base_tn"] == 9
    missing = cli_run("rules", "show", "nope")
    assert missing.code == 2 and "unknown rule pack 'nope'" in missing.stderr


def test_check_as_a_separate_process(legal_force: Force, force_file: ForceFile) -> None:
    path = force_file(_illegal(legal_force), "bad.json")
    done = subprocess.run(
        [sys.executable, "-m", "cardsmith", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "skill-range" in done.stdout


def test_check_prints_the_fingerprint_force_show_and_the_roster_print(
    cli_run: Any, legal_force: Force, force_file: ForceFile
) -> None:
    from cardsmith.forces.fingerprint import force_fingerprint

    good = force_file(legal_force, "good.json")
    bad = force_file(_illegal(legal_force), "bad.json")
    shown = json.loads(cli_run("force", "show", str(good), "--format", "json").stdout)
    assert shown["fingerprint"] == force_fingerprint(legal_force)
    text = cli_run("check", str(good), str(bad)).stdout
    assert f"{good}: legal (tournament-300, 240 PV)  fingerprint {shown['fingerprint']}" in text
    other = force_fingerprint(_illegal(legal_force))
    assert other != shown["fingerprint"] and f"fingerprint {other}" in text
    single = json.loads(cli_run("check", str(good), "--format", "json").stdout)
    assert single["fingerprint"] == shown["fingerprint"]
    assert single["force"] == "Legal Lance"
    several = json.loads(cli_run("check", str(good), str(bad), "--format", "json").stdout)
    assert [d["fingerprint"] for d in several] == [shown["fingerprint"], other]


def test_each_fix_names_the_command_that_makes_it(
    cli_run: Any, legal_force: Force, force_file: ForceFile
) -> None:
    entries = [replace(e, commander=e.unit.name.startswith(("Griffin", "Wolverine"))) for e in
               _illegal(legal_force).entries]  # fmt: skip
    path = force_file(replace(legal_force, entries=tuple(entries)), "fix.json")
    out = cli_run("check", str(path)).stdout
    assert f"how: cardsmith force set {path} 6 --skill N" in out
    assert f"how: cardsmith force set {path} 1 --no-commander" in out
    data = json.loads(cli_run("check", str(path), "--format", "json").stdout)
    assert {v["rule"]: v["fix"] for v in data["violations"]} == {
        "skill-range": "change-skill",
        "commander": "clear-commander",
    }


def test_json_of_many_files_is_one_valid_list_even_when_none_can_be_read(
    cli_run: Any, tmp_path: Path
) -> None:
    for n in range(2):
        (tmp_path / f"x{n}.json").write_text("{}", encoding="utf-8")
    result = cli_run("check", str(tmp_path), "--format", "json")
    assert result.code == 2
    data = json.loads(result.stdout)
    assert [d["legal"] for d in data] == [None, None]
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = cli_run("check", str(empty), "--format", "json")
    assert nothing.code == 2 and json.loads(nothing.stdout) == []
    assert "no *.json force files" in nothing.stderr
