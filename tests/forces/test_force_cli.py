"""`cardsmith force …` as a user runs it, on the starter catalogue."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from kit import CliResult, isolate, run_cli

from cardsmith.catalogue.dump import record
from cardsmith.catalogue.store import Catalogue

# Atlas AS7-D (MUL 140, base PV 52) at skills 0-7, from the facts §2 worked table.
ATLAS_BY_SKILL = [92, 82, 72, 62, 52, 47, 42, 37]


def run(*args: str) -> CliResult:
    return run_cli(*args)


def show(path: Path) -> dict[str, Any]:
    result = run("force", "show", str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


@pytest.fixture
def force_file(lance: Path, tmp_path: Path) -> Path:
    """A copy of the lance for this test to change."""
    path = tmp_path / "lance.json"
    shutil.copyfile(lance, path)
    return path


@pytest.fixture(scope="module")
def lance(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four units in group A, built once through ``force new`` and ``force add``."""
    folder = tmp_path_factory.mktemp("lance")
    with pytest.MonkeyPatch.context() as monkeypatch:
        isolate(monkeypatch, folder)
        return _build_lance(folder / "lance.json")


def _build_lance(path: Path) -> Path:
    assert run("force", "new", "Копьё Ёж", "--cap", "300", "-o", str(path)).exit_code == 0
    steps = [
        [
            "140",
            "--skill",
            "3",
            "--pilot",
            "Renée Ødegård",
            "--spa",
            "sniper",
            "--group",
            "A",
            "--commander",
        ],
        ['Griffin GRF-1E "Sparky"', "--group", "A", "--spa", "speed-demon"],
        ["3488", "--skill", "5", "--group", "A"],
        ["Stalker STK-3F", "--skill", "2", "--group", "A"],
    ]
    for step in steps:
        result = run("force", "add", str(path), *step)
        assert result.exit_code == 0, result.output
    return path


def test_show_json_has_the_contract_fields(force_file: Path) -> None:
    data = show(force_file)
    assert data["name"] == "Копьё Ёж" and data["pack"] == "standard" and data["cap"] == 300
    assert [u["index"] for u in data["units"]] == [1, 2, 3, 4]
    first = data["units"][0]
    for key in (
        "index",
        "mul_id",
        "name",
        "type",
        "skill",
        "base_pv",
        "pv",
        "pilot",
        "spas",
        "group",
        "commander",
    ):
        assert key in first
    assert (first["mul_id"], first["pv"], first["pilot"], first["spas"]) == (
        140,
        62,
        "Renée Ødegård",
        ["sniper"],
    )
    assert data["total_pv"] == sum(u["pv"] for u in data["units"])
    (group,) = data["groups"]
    assert group["name"] == "A" and group["total_pv"] == data["total_pv"]


def test_pv_at_every_skill(tmp_path: Path) -> None:
    path = tmp_path / "atlas.json"
    run("force", "new", "Atlases", "-o", str(path))
    for skill in range(8):
        assert run("force", "add", str(path), "140", "--skill", str(skill)).exit_code == 0
    data = show(path)
    assert [u["pv"] for u in data["units"]] == ATLAS_BY_SKILL
    assert data["total_pv"] == sum(ATLAS_BY_SKILL)
    assert run("force", "set", str(path), "8", "--skill", "4").exit_code == 0
    assert show(path)["units"][7]["pv"] == 52


def test_group_formation_results_in_show(force_file: Path) -> None:
    assert run("force", "group", str(force_file), "A", "--formation", "battle").exit_code == 0
    result = show(force_file)["groups"][0]["formation_result"]
    assert result["formation"] == "battle"
    ids = [r["id"] for r in result["requirements"]]
    assert ids == ["min-units", "heavy-half", "line-roles", "vehicle-pairs"]
    for requirement in result["requirements"]:
        assert {"passed", "expected", "actual", "units"} <= set(requirement)
    table = run("force", "show", str(force_file))
    assert table.exit_code == 0 and "Total: 4 units" in table.stdout and "battle" in table.stdout


def test_remove_and_set(force_file: Path) -> None:
    assert run("force", "remove", str(force_file), "2").exit_code == 0
    assert run("force", "set", str(force_file), "1", "--no-spas", "--pilot", "Ян").exit_code == 0
    data = show(force_file)
    said = run("force", "set", str(force_file), "1", "--pilot", "", "--group", "B")
    assert said.exit_code == 0 and "no pilot, group B" in said.stdout, said.output
    assert (
        len(data["units"]) == 3
        and data["units"][0]["spas"] == []
        and data["units"][0]["pilot"] == "Ян"
    )


BAD_INPUTS = [
    ["add", "{file}", "140", "--skill", "8"],
    ["add", "{file}", "140", "--skill", "-1"],
    ["add", "{file}", "140", "--skill", "four"],
    ["add", "{file}", "140", "--spa", "no-such-spa"],
    ["add", "{file}", "140", "--spa", "urban-guerrilla"],
    ["add", "{file}", "999999"],
    ["add", "{file}", "No Such Unit Anywhere"],
    ["add", "{file}", "Griffin"],
    ["set", "{file}", "9", "--skill", "3"],
    ["set", "{file}", "0", "--skill", "3"],
    ["set", "{file}", "1", "--skill", "12"],
    ["set", "{file}", "1", "--spa", "lucky-1", "--spa", "lucky-2"],
    ["set", "{file}", "1", "--spa", "sniper", "--no-spas"],
    ["set", "{file}", "1"],
    ["remove", "{file}", "5"],
    ["remove", "{file}", "x"],
    ["group", "{file}", "A", "--formation", "phalanx"],
    ["group", "{file}", "Nope", "--remove"],
    ["update", "{file}", "17"],
    ["new", "Again", "-o", "{file}"],
    ["new", "Again", "--pack", "no-such-pack", "-o", "{file}.new"],
    ["add", "{file}", "99999999999999999999999"],
    ["add", "{file}", "-99999999999999999999999"],
    ["duplicate", "{file}", "5"],
    ["move", "{file}", "1", "5"],
    ["move", "{file}", "0", "1"],
    ["group", "{file}", "B", "--units", "9"],
    ["group", "{file}", "B", "--remove", "--units", "1"],
    ["settings", "{file}"],
    ["settings", "{file}", "--cap", "0"],
    ["settings", "{file}", "--cap", "300", "--no-cap"],
    ["settings", "{file}", "--pack", "no-such-pack"],
    ["settings", "{file}", "--name", ""],
]


@pytest.mark.parametrize("args", BAD_INPUTS, ids=lambda a: " ".join(a[:1] + a[2:]))
def test_bad_input_exits_2_and_leaves_the_file_alone(force_file: Path, args: list[str]) -> None:
    before = force_file.read_bytes()
    result = run("force", *[a.replace("{file}", str(force_file)) for a in args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert force_file.read_bytes() == before


def test_huge_ids_are_explained(force_file: Path) -> None:
    result = run("force", "add", str(force_file), "99999999999999999999999")
    assert result.exit_code == 2 and "far too large" in result.stderr, result.output


def test_duplicate_move_group_and_settings(force_file: Path) -> None:
    said = run("force", "duplicate", str(force_file), "1")
    assert said.exit_code == 0 and "#2" in said.stdout, said.output
    data = show(force_file)
    first, copy = data["units"][0], data["units"][1]
    assert (copy["mul_id"], copy["skill"], copy["pilot"], copy["spas"], copy["group"]) == (
        first["mul_id"],
        first["skill"],
        first["pilot"],
        first["spas"],
        first["group"],
    )
    assert first["commander"] and not copy["commander"]  # one commander stays one
    assert run("force", "move", str(force_file), "5", "1").exit_code == 0
    assert show(force_file)["units"][0]["name"] == "Stalker STK-3F"
    grouped = run("force", "group", str(force_file), "Beta", "--units", "1", "--units", "2")
    assert grouped.exit_code == 0 and "#1, #2" in grouped.stdout, grouped.output
    assert [u["group"] for u in show(force_file)["units"]] == ["Beta", "Beta", "A", "A", "A"]
    changed = run("force", "settings", str(force_file), "--name", "Renamed", "--cap", "250")
    assert changed.exit_code == 0, changed.output
    data = show(force_file)
    assert (data["name"], data["cap"]) == ("Renamed", 250)
    assert run("force", "settings", str(force_file), "--no-cap").exit_code == 0
    assert show(force_file)["cap"] is None


def test_unknown_or_ambiguous_unit_lists_candidates(force_file: Path) -> None:
    result = run("force", "add", str(force_file), "Griffin")
    assert result.exit_code == 2
    assert "1295" in result.stderr and "1297" in result.stderr


BROKEN_FILES = {
    "truncated": None,  # filled from a real file below
    "not-json": b"this is not json",
    "wrong-types": json.dumps({"format": "cardsmith-force", "version": 1, "name": 5}).encode(),
    "newer": json.dumps({"format": "cardsmith-force", "version": 99, "name": "x"}).encode(),
    "empty": b"",
}


@pytest.mark.parametrize("kind", sorted(BROKEN_FILES))
@pytest.mark.parametrize(
    "command", [["show"], ["add", "140"], ["set", "1", "--skill", "3"], ["remove", "1"]]
)
def test_broken_files_exit_2_untouched(force_file: Path, kind: str, command: list[str]) -> None:
    content = BROKEN_FILES[kind]
    if content is None:
        content = force_file.read_bytes()[: force_file.stat().st_size // 2]
    force_file.write_bytes(content)
    result = run("force", command[0], str(force_file), *command[1:])
    assert result.exit_code == 2, result.output
    assert force_file.read_bytes() == content
    if kind == "newer":
        assert "newer cardsmith" in result.stderr


def test_edits_keep_a_backup(force_file: Path) -> None:
    before = force_file.read_bytes()
    assert run("force", "set", str(force_file), "1", "--skill", "4").exit_code == 0
    assert force_file.with_name(force_file.name + ".bak").read_bytes() == before


def test_force_still_shows_and_prices_after_the_catalogue_is_cleared(
    force_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = show(force_file)
    shutil.rmtree(os.environ["CARDSMITH_CACHE_DIR"])
    # An empty catalogue (no starter seeded) …
    empty_starter = tmp_path / "no-starter"
    empty_starter.mkdir()
    monkeypatch.setattr("cardsmith.paths.starter_dir", lambda: empty_starter)
    assert show(force_file)["total_pv"] == expected["total_pv"]
    # … and one that cannot be opened at all.
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be", encoding="utf-8")
    monkeypatch.setenv("CARDSMITH_CACHE_DIR", str(blocked / "cache"))
    result = run("force", "show", str(force_file), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [u["pv"] for u in data["units"]] == [u["pv"] for u in expected["units"]]


def test_update_takes_a_newer_catalogue_version(force_file: Path) -> None:
    with Catalogue.open(Path(os.environ["CARDSMITH_CACHE_DIR"])) as catalogue:
        atlas = catalogue.get(140)
        assert atlas is not None
        catalogue.add([record(dataclasses.replace(atlas, pv=53))], source="test")
    shown = run("force", "show", str(force_file), "--format", "json")
    assert "newer versions of #1" in shown.stderr
    assert json.loads(shown.stdout)["units"][0]["newer_version"] is True
    listed = run("force", "update", str(force_file), "--dry-run", "--format", "json")
    assert listed.exit_code == 0, listed.output
    entries = json.loads(listed.stdout)["entries"]
    assert [(e["index"], e["mul_id"]) for e in entries] == [(1, 140)]
    result = run("force", "update", str(force_file))
    assert result.exit_code == 0 and "#1" in result.stdout
    data = show(force_file)
    assert data["units"][0]["base_pv"] == 53 and data["units"][0]["skill"] == 3
    assert data["units"][0]["newer_version"] is False


def test_reference_lists() -> None:
    spas = run("force", "spas", "--format", "json")
    assert spas.exit_code == 0 and any(s["id"] == "speed-demon" for s in json.loads(spas.stdout))
    formations = run("force", "formations")
    assert formations.exit_code == 0 and "pursuit" in formations.stdout
