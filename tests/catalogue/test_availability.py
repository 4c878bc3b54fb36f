"""Availability lists: importing the MUL's answers, the three answers, versions, resolvers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsmith.catalogue.availability import (
    ANY_FACTION,
    AvailabilityList,
    Scope,
    scope_of_search,
)
from cardsmith.catalogue.eras import find_era, resolve_era
from cardsmith.catalogue.factions import Faction, parse_autocomplete, resolve_faction
from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import CatalogueDataError, UnknownName
from cardsmith.services.catalogue_upkeep import import_files

ATLAS, TIMBER_WOLF, PHOENIX = 140, 1985, 7467  # IS, Clan and Primitive BattleMechs (starter)
FERRET = 1060  # an Inner Sphere combat vehicle (starter)
SHOOTIST = 7000  # a stand-in id that no list names


def _list(
    era: int,
    ids: set[int],
    faction: int = ANY_FACTION,
    types: tuple[int, ...] = (18,),
    techs: tuple[int, ...] = (),
) -> AvailabilityList:
    return AvailabilityList(Scope(era, faction, frozenset(types), frozenset(techs)), frozenset(ids))


def test_the_three_answers(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        assert catalogue.availability(ATLAS, 13) is None  # no data at all
        assert catalogue.availability_version() is None
        # The era's any-faction list of Inner Sphere BattleMechs: the Atlas is on it.
        catalogue.add_availability([_list(13, {ATLAS}, techs=(1,))], source="test")
        assert catalogue.availability(ATLAS, 13) is True
        # The list covers IS 'Mechs only: a Clan 'Mech is unknown, not unavailable.
        assert catalogue.availability(TIMBER_WOLF, 13) is None
        # …and a list of BattleMechs says nothing about an IS combat vehicle.
        assert catalogue.availability(FERRET, 13) is None
        # An IS 'Mech left off the complete IS list is not available to anybody.
        assert catalogue.availability(2038, 13) is False
        # Asked for a faction: on the era's list does not mean on the faction's.
        assert catalogue.availability(ATLAS, 13, 24) is None
        assert catalogue.availability(2038, 13, 24) is False  # nobody fields it then
        catalogue.add_availability([_list(13, {TIMBER_WOLF}, faction=24)], source="test")
        assert catalogue.availability(TIMBER_WOLF, 13, 24) is True
        assert catalogue.availability(ATLAS, 13, 24) is False  # faction 24's list leaves it out
        assert catalogue.availability(TIMBER_WOLF, 13) is True  # someone fields it
        assert catalogue.availability(ATLAS, 14) is None  # another era: no data


def test_a_unit_outside_the_catalogue_is_answered_by_id(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        catalogue.add_availability([_list(13, {SHOOTIST}, types=())], source="test")
        assert catalogue.availability(SHOOTIST, 13) is True
        view = catalogue.availability_view(13, None)
        # A list of every type covers any unit: a missing one is unavailable.
        assert view.answer(SHOOTIST + 1, "Combat Vehicle", "Clan") is False


def test_data_version_follows_the_lists(tmp_path: Path) -> None:
    with Catalogue.open(tmp_path) as catalogue:
        catalogue.add_availability([_list(13, {ATLAS})], source="test")
        first = catalogue.availability_version()
        catalogue.add_availability([_list(13, {ATLAS})], source="again")
        assert catalogue.availability_version() == first  # same content, same version
        catalogue.add_availability([_list(13, {ATLAS, 2038})], source="test")
        second = catalogue.availability_version()
        assert first and second and first != second
        (item,) = catalogue.coverage()  # the list of the same scope was replaced
        assert item.units == 2 and item.scope.era_id == 13


@pytest.mark.slow
def test_import_the_captured_answers(tmp_path: Path, mul_dir: Path) -> None:
    folder = mul_dir / "quicklist" / "available-eras"
    files = sorted(folder.glob("*.json"))
    report = import_files(tmp_path, files)
    assert len([a for a in report.availability if a.list is not None]) == 14
    captured = {
        f.name: {u["Id"] for u in json.loads(f.read_text(encoding="utf-8"))["Units"]} for f in files
    }
    with Catalogue.open(tmp_path) as catalogue:
        coverage = {
            (c.scope.era_id, tuple(sorted(c.scope.tech_ids))): c.units for c in catalogue.coverage()
        }
        assert coverage[(13, (1,))] == len(
            captured["Types_18_Technologies_1_AvailableEras_13.json"]
        )
        assert coverage[(10, (2,))] == 0  # a real empty answer is a complete list too
        assert catalogue.availability(ATLAS, 13) is True
        clan_13 = captured["Types_18_Technologies_2_AvailableEras_13.json"]
        some_clan = min(clan_13)
        assert catalogue.availability(some_clan, 13) is True
        assert (
            catalogue.availability(some_clan, 10) is False
        )  # no Clan 'Mech in the Star League list
        assert catalogue.availability(PHOENIX, 13) is None  # Primitive tech: no list covers it
        assert catalogue.availability(ATLAS, 13, 24) is None  # no faction data captured
        assert catalogue.availability_version() is not None


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        (
            "?AvailableEras=13&Types=18&Technologies=1",
            Scope(13, 0, frozenset({18}), frozenset({1})),
        ),
        ("?AvailableEras=14&Factions=24", Scope(14, 24)),
        ("?Eras=13&Types=18", None),
    ],
)
def test_scope_of_a_search(search: str, expected: Scope | None) -> None:
    assert scope_of_search(search, origin="f") == expected


@pytest.mark.parametrize(
    ("search", "fragment"),
    [
        ("?AvailableEras=13&AvailableEras=14", "several availability eras"),
        ("?AvailableEras=13&Factions=1&Factions=2", "several factions"),
        ("?AvailableEras=13&Name=Atlas", "narrowed by name"),
        ("?AvailableEras=x", "non-numeric"),
    ],
)
def test_partial_answers_are_no_lists(search: str, fragment: str) -> None:
    with pytest.raises(CatalogueDataError, match=fragment):
        scope_of_search(search, origin="f")


def test_a_narrowed_answer_imports_its_units_but_no_list(tmp_path: Path) -> None:
    answer = tmp_path / "atlas.json"
    record = _atlas_record()
    answer.write_text(json.dumps({"Units": [record], "Search": "?AvailableEras=13&Name=Atlas"}))
    report = import_files(tmp_path / "cache", [answer])
    assert report.store.total == 1
    (item,) = report.availability
    assert item.list is None and "narrowed by name" in item.note
    with Catalogue.open(tmp_path / "cache") as catalogue:
        assert catalogue.coverage() == []


def test_a_faction_answer_names_its_faction(tmp_path: Path) -> None:
    answer = tmp_path / "wolf.json"
    crumbs = [
        {"Name": "Availability Eras", "Value": "Clan Invasion"},
        {"Name": "Factions", "Value": "Clan Wolf"},
    ]
    answer.write_text(
        json.dumps(
            {
                "Units": [_atlas_record()],
                "Search": "?AvailableEras=13&Factions=24",
                "Crumbs": crumbs,
            }
        )
    )
    import_files(tmp_path / "cache", [answer])
    with Catalogue.open(tmp_path / "cache") as catalogue:
        assert catalogue.find_faction("clan wolf") == Faction(24, "Clan Wolf")
        assert catalogue.availability(ATLAS, 13, 24) is True


def _atlas_record() -> dict[str, object]:
    return {
        "Id": ATLAS, "Name": "Atlas AS7-D", "Class": "Atlas", "Variant": "AS7-D",
        "Type": {"Id": 18, "Name": "BattleMech"}, "Technology": {"Id": 1, "Name": "Inner Sphere"},
        "BFType": "BM", "BFSize": 4, "BFMove": '6"', "BFArmor": 10, "BFStructure": 8,
        "BFDamageShort": 5, "BFDamageMedium": 5, "BFDamageLong": 2, "BFPointValue": 52,
        "BFAbilities": "AC2/2/-,IF1,LRM1/1/1,REAR1/1/-", "Rules": "Introductory", "EraId": 10,
    }  # fmt: skip


# -- resolvers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "era_id"),
    [("13", 13), ("3025", 256), ("clan invasion", 13), ("ilclan", 257), ("il-Clan", 257),
     ("Late Succession Wars LosTech", 255), ("jihad", 14)],
)  # fmt: skip
def test_eras_resolve(text: str, era_id: int) -> None:
    assert resolve_era(text) == era_id


def test_era_errors_suggest() -> None:
    with pytest.raises(UnknownName) as typo:
        find_era("Clan Invsion")
    assert "unknown era" in typo.value.message
    assert typo.value.candidates[0].startswith("Clan Invasion")
    with pytest.raises(UnknownName) as several:
        find_era("succession")
    assert "fits 3 eras" in several.value.message
    assert all("Succession" in c for c in several.value.candidates)
    with pytest.raises(UnknownName, match="before the first era"):
        find_era("1999")


FACTIONS = [
    Faction(24, "Clan Wolf"), Faction(25, "Clan Wolf-in-Exile"), Faction(27, "Draconis Combine"),
    Faction(18, "ComStar"), Faction(60, "Inner Sphere General"),
]  # fmt: skip


def test_factions_resolve() -> None:
    assert resolve_faction("Clan Wolf", FACTIONS).id == 24  # exact beats the longer name
    assert resolve_faction("draconis", FACTIONS).id == 27
    assert resolve_faction("27", FACTIONS).id == 27
    with pytest.raises(UnknownName) as several:
        resolve_faction("wolf", FACTIONS)
    assert "fits 2 factions" in several.value.message
    with pytest.raises(UnknownName) as typo:
        resolve_faction("Dracnis Combin", FACTIONS)
    assert typo.value.candidates[0] == "Draconis Combine (MUL id 27)"
    with pytest.raises(UnknownName) as unknown_id:
        resolve_faction("999", FACTIONS)
    assert "MUL id 999" in unknown_id.value.message
    assert "sync --availability" not in unknown_id.value.message  # factions are known
    # With none known, how to get them is the message; no name is offered as meant.
    for text in ("Clan Wolf", "24"):
        with pytest.raises(UnknownName) as empty:
            resolve_faction(text, [])
        assert "sync --availability" in empty.value.message
        assert empty.value.candidates == ()


def test_autocomplete_answers() -> None:
    assert parse_autocomplete(
        [{"label": " Clan  Wolf ", "value": 24}, {"label": "ComStar", "value": "18"}], origin="x"
    ) == [
        Faction(24, "Clan Wolf"),
        Faction(18, "ComStar"),
    ]
    for bad in (
        {"label": "x"},
        [{"label": "x"}],
        [{"label": "", "value": 1}],
        [{"label": "x", "value": 2**40}],
    ):
        with pytest.raises(CatalogueDataError):
            parse_autocomplete(bad, origin="x")
