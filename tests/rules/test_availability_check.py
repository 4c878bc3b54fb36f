"""The ``availability`` check on the catalogue's era and faction lists (ASCE p.110 step 2).

The lists are stored in a real catalogue (the test's own cache folder) through its own
API; the Clan Wolf lists are synthetic, made up here for the test: real faction lists
cannot be captured from here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.availability import ANY_FACTION, AvailabilityList, Scope
from cardsmith.catalogue.factions import Faction
from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry
from cardsmith.paths import cache_dir
from cardsmith.services import checks

ATLAS, TIMBER_WOLF, GRIFFIN, FERRET = 140, 1985, 1297, 1060  # starter units
CLAN_INVASION, WOLF = 13, 24
PACK = "clan-invasion-wolf-350"


def _store_lists(*lists: AvailabilityList) -> None:
    with Catalogue.open(cache_dir()) as catalogue:
        catalogue.add_factions([Faction(WOLF, "Clan Wolf"), Faction(27, "Draconis Combine")],
                               source="synthetic test factions")  # fmt: skip
        catalogue.add_availability(lists, source="synthetic test lists")


def _wolf_mechs(*ids: int) -> AvailabilityList:
    """Synthetic: the BattleMechs Clan Wolf fields in the Clan Invasion."""
    return AvailabilityList(Scope(CLAN_INVASION, WOLF, frozenset({18})), frozenset(ids))


def _force(path: Path, *ids: int, commander: bool = True) -> Path:
    with Catalogue.open(cache_dir()) as catalogue:
        units = [catalogue.get(mul_id) for mul_id in ids]
    entries = tuple(
        ForceEntry(unit=unit, commander=commander and n == 0)
        for n, unit in enumerate(units)
        if unit is not None
    )
    save_force(Force("Wolf Lance", PACK, entries=entries), path)
    return path


def _violations(data: dict[str, Any], rule: str = "availability") -> list[dict[str, Any]]:
    return [v for v in data["violations"] if v["rule"] == rule]


def test_an_unavailable_unit_is_an_error_and_an_uncovered_one_cannot_be_verified(
    cli_run: Any, tmp_path: Path
) -> None:
    _store_lists(_wolf_mechs(TIMBER_WOLF, GRIFFIN))
    path = _force(tmp_path / "wolf.json", TIMBER_WOLF, ATLAS, GRIFFIN, FERRET)
    result = cli_run("check", str(path), "--format", "json")
    assert result.code == 1, result
    data = json.loads(result.stdout)
    with Catalogue.open(cache_dir()) as catalogue:
        version = catalogue.availability_version()
    assert version and data["availability_data"] == version
    error, warning = _violations(data)
    # The Atlas is a BattleMech the Clan Wolf list covers and leaves out: an error.
    assert error["severity"] == "error"
    assert [u["index"] for u in error["units"]] == [2]
    assert "not available to Clan Wolf in Clan Invasion" in error["message"]
    assert version in error["message"] and error["fix"] == "replace-units"
    # The Ferret is a combat vehicle: no stored list covers it, so it cannot be verified.
    assert warning["severity"] == "warning"
    assert [u["index"] for u in warning["units"]] == [4]
    assert "cannot verify" in warning["message"]
    assert "Combat Vehicle (Inner Sphere) in Clan Invasion for Clan Wolf" in warning["message"]
    assert "catalogue sync --availability --eras 13 --factions 24" in warning["hint"]
    text = cli_run("check", str(path)).stdout
    assert f"availability data {version}" in text
    assert "how: cardsmith catalogue sync --availability" in text


def test_a_list_of_available_units_is_legal(cli_run: Any, tmp_path: Path) -> None:
    vehicles = AvailabilityList(Scope(CLAN_INVASION, WOLF, frozenset({19})), frozenset({FERRET}))
    _store_lists(_wolf_mechs(TIMBER_WOLF, GRIFFIN, ATLAS), vehicles)
    path = _force(tmp_path / "wolf.json", TIMBER_WOLF, ATLAS, GRIFFIN, FERRET)
    result = cli_run("check", str(path), "--format", "json")
    assert result.code == 0, result
    assert _violations(json.loads(result.stdout)) == []


def test_the_any_faction_list_rules_out_what_nobody_fields(tmp_path: Path) -> None:
    # Every faction's list is a subset of the era's list: a 'Mech off it is unavailable.
    era_list = AvailabilityList(Scope(CLAN_INVASION, ANY_FACTION, frozenset({18})),
                                frozenset({TIMBER_WOLF, GRIFFIN}))  # fmt: skip
    _store_lists(era_list)
    path = _force(tmp_path / "wolf.json", TIMBER_WOLF, ATLAS, GRIFFIN)
    (found,) = list(checks.check_files([path], cache_dir=cache_dir()))
    assert found.verdict is not None
    errors = [v for v in found.verdict.errors if v.rule_id == "availability"]
    assert [[i for i, _ in v.entries] for v in errors] == [[2]]
    # Timber Wolf and Griffin are on the era's list but Clan Wolf's own list is missing:
    # one warning for each list that would answer, Clan and Inner Sphere 'Mechs.
    clan, inner = [v for v in found.verdict.warnings if v.rule_id == "availability"]
    assert [i for i, _ in clan.entries] == [1] and "BattleMech (Clan)" in clan.message
    assert [i for i, _ in inner.entries] == [3] and "BattleMech (Inner Sphere)" in inner.message
    assert all("for Clan Wolf" in v.message for v in (clan, inner))


def test_no_data_at_all_only_warns_and_says_how_to_sync(tmp_path: Path) -> None:
    path = _force(tmp_path / "wolf.json", TIMBER_WOLF, ATLAS, GRIFFIN, FERRET)
    (found,) = list(checks.check_files([path], cache_dir=cache_dir()))
    verdict = found.verdict
    assert verdict is not None and verdict.availability is None
    availability = [v for v in verdict.violations if v.rule_id == "availability"]
    assert availability and all(not v.is_error for v in availability)
    assert "unknown faction 'Clan Wolf'" not in " ".join(v.message for v in availability)


def test_an_unknown_faction_is_an_error_with_suggestions(tmp_path: Path) -> None:
    _store_lists(_wolf_mechs(TIMBER_WOLF))
    pack = tmp_path / "typo.toml"
    pack.write_text(
        'id = "typo"\ntitle = "Typo"\n[[rule]]\nid = "av"\ncheck = "availability"\n'
        'era = "Clan Invasion"\nfaction = "Clan Wulf"\n',
        encoding="utf-8",
    )
    force = Force("F", "typo", entries=(ForceEntry(unit=_unit(TIMBER_WOLF)),))
    verdict = checks.check(force, checks.load_pack(pack), cache_dir=cache_dir())
    (error,) = verdict.errors
    assert "unknown faction 'Clan Wulf'" in error.message and "Clan Wolf" in error.message


def test_an_era_that_does_not_exist_is_refused_when_the_pack_loads(tmp_path: Path) -> None:
    from cardsmith.errors import RulePackError

    pack = tmp_path / "bad.toml"
    pack.write_text(
        'id = "bad"\ntitle = "Bad"\n[[rule]]\nid = "av"\ncheck = "availability"\n'
        'era = "Clan Invsion"\nfaction = "Clan Wolf"\n',
        encoding="utf-8",
    )
    with pytest.raises(RulePackError) as caught:
        checks.load_pack(pack)
    assert any("rule[1] (av).era" in p and "unknown era" in p for p in caught.value.problems)


def test_a_pack_without_era_or_faction_asks_the_list_for_them() -> None:
    force = Force("F", "x", entries=(ForceEntry(unit=_unit(ATLAS)),))
    pack = checks.load_pack(_pack_file("id = \"x\"\ntitle = \"X\"\n[[rule]]\nid = \"av\"\n"
                                       "check = \"availability\"\n"))  # fmt: skip
    (error,) = checks.check(force, pack, cache_dir=cache_dir()).errors
    assert "names no era and no faction" in error.message and error.fix is not None


def test_packs_without_an_availability_rule_never_open_the_catalogue(tmp_path: Path) -> None:
    # A folder where a catalogue cannot be: checking against tournament-300 still works.
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x", encoding="utf-8")
    path = _force(tmp_path / "f.json", ATLAS)
    (found,) = list(checks.check_files([path], pack=checks.load_pack("tournament-300"),
                                       cache_dir=blocked))  # fmt: skip
    assert found.verdict is not None and found.verdict.availability is None
    # …while the availability pack says plainly that it could not look.
    (again,) = list(checks.check_files([path], cache_dir=blocked))
    assert again.verdict is not None
    (warning,) = [v for v in again.verdict.violations if v.rule_id == "availability"]
    assert "cannot verify" in warning.message and not warning.is_error


def _unit(mul_id: int) -> Any:
    with Catalogue.open(cache_dir()) as catalogue:
        return catalogue.get(mul_id)


def _pack_file(text: str) -> Path:
    folder = cache_dir().parent / "packs"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "p.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_printed_roster_carries_the_same_availability_verdict(tmp_path: Path) -> None:
    from cardsmith.forces.force_file import load_force
    from cardsmith.services.printing import roster_verdict

    _store_lists(_wolf_mechs(TIMBER_WOLF, GRIFFIN))
    force = load_force(_force(tmp_path / "wolf.json", TIMBER_WOLF, ATLAS, GRIFFIN, FERRET))
    checked = checks.check(force)
    printed, warning = roster_verdict(force)
    assert printed is not None and warning == ""
    assert printed.legal is checked.legal is False
    assert printed.errors == len(checked.errors)
    assert any("not available to Clan Wolf" in line for line in printed.problems)


def test_the_forces_own_era_and_faction_are_checked(cli_run: Any, tmp_path: Path) -> None:
    _store_lists(_wolf_mechs(TIMBER_WOLF, GRIFFIN))
    path = _force(tmp_path / "wolf.json", TIMBER_WOLF, ATLAS, GRIFFIN, FERRET)
    assert cli_run("force", "settings", str(path), "--pack", "era-faction-350").code == 0
    unnamed = json.loads(cli_run("check", str(path), "--format", "json").stdout)
    (missing,) = _violations(unnamed)
    assert missing["severity"] == "error" and "names no era and no faction" in missing["message"]
    assert "cardsmith force settings" in cli_run("check", str(path)).stdout
    named = cli_run(
        "force", "settings", str(path), "--era", "Clan Invasion", "--faction", "Clan Wolf"
    )
    assert named.code == 0, named
    data = json.loads(cli_run("check", str(path), "--format", "json").stdout)
    assert (data["era"], data["faction"]) == ("Clan Invasion", "Clan Wolf")
    error, _warning = _violations(data)
    assert [u["index"] for u in error["units"]] == [2]
    report = tmp_path / "event.csv"
    cli_run("check", str(path), "--report", str(report))
    assert "Clan Invasion,Clan Wolf" in report.read_text(encoding="utf-8")
