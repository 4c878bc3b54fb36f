"""Jeff's BattleTech Tools force exports (facts §8.2 shapes)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import FormatError
from cardsmith.formats.exchange import ImportReport, detect_format, import_data


def _member(mul_id: int, name: str, skill: int | None, **extra: Any) -> dict[str, Any]:
    """A member as ``AlphaStrikeUnit.export()`` writes it (stats of the record, play state)."""
    member: dict[str, Any] = {
        "mechCreatorUUID": "",
        "customName": "",
        "currentArmor": [False] * 10,
        "currentStructure": [False] * 8,
        "engineHits": [False, False],
        "fireControlHits": [False] * 4,
        "mpControlHits": [False] * 4,
        "weaponHits": [False] * 4,
        "tmm": 1,
        "classification": "",
        "costCR": 9626000,
        "mulID": mul_id,
        "currentHeat": 0,
        "damage": {"short": "5", "medium": "5", "long": "2", "extreme": "0"},
        "variant": name.split(" ")[-1],
        "dateIntroduced": "2755",
        "name": name,
        "tonnage": 100,
        "tro": "",
        "role": "Juggernaut",
        "threshold": 0,
        "pilot": {"name": "", "piloting": 5, "gunnery": 4, "wounds": 0, "alphaStrikeAbilities": []},
        "imageURL": "",
        "move": [{"move": 6, "currentMove": 6, "type": ""}],
        "jumpMove": 0,
        "structure": 8,
        "armor": 10,
        "type": "BM",
        "size": 4,
        "showDetails": False,
        "abilities": ["AC2/2/-", "IF1", "LRM1/1/1", "REAR1/1/-"],
        "overheat": 0,
        "basePoints": 52,
        "uuid": "c3f6a0f2-0000-4000-8000-000000000001",
    }
    if skill is not None:
        member["currentSkill"] = skill
    member.update(extra)
    return member


def _force_export() -> dict[str, Any]:
    atlas = _member(140, "Atlas AS7-D", 3)
    atlas["pilot"] = {
        "name": "Вера Соколова",
        "piloting": 4,
        "gunnery": 3,
        "wounds": 0,
        "alphaStrikeAbilities": [45, 999],  # Sniper, and an id JBT does not have
    }
    griffin = _member(1295, 'Griffin GRF-1E "Sparky"', None)
    griffin["pilot"]["gunnery"] = 2  # no currentSkill: the pilot's gunnery is the AS skill
    custom = _member(
        424242,
        "Homebrew Hauler HH-1",
        5,
        type="IM",
        size=2,
        basePoints=9,
        move=[
            {"move": 8, "currentMove": 8, "type": ""},
            {"move": 4, "currentMove": 4, "type": "j"},
        ],
        damage={"short": "0", "medium": "0", "long": "0", "extreme": "0", "shortMinimal": True},
        abilities="CAR5,IT2",
    )
    hopeless = _member(535353, "Atlas AS7-XX", 4, type="BattleMech", basePoints=0)
    return {
        "groups": [
            {
                "name": "Wolf Lance",
                "members": [atlas, griffin],
                "uuid": "g-1",
                "lastUpdated": "2024-05-01T10:00:00.000Z",
                "formationBonus": "Battle Lance",
                "groupLabel": "Lance",
            },
            {
                "name": "",
                "members": [custom, hopeless],
                "uuid": "g-2",
                "lastUpdated": "2024-05-01T10:00:00.000Z",
                "formationBonus": "None",
                "groupLabel": "Star",
            },
        ],
        "uuid": "f-1",
        "lastUpdated": "2024-05-01T10:00:00.000Z",
        "turn": 1,
        "phase": 0,
    }


def _import(value: object, catalogue: Catalogue, name: str = "") -> ImportReport:
    data = json.dumps(value, ensure_ascii=False).encode("utf-8")
    return import_data(
        data, catalogue, fmt="jbt", name=name, origin="as-group-favorite-export.json"
    )


def test_a_jbt_force_export_imports(catalogue: Catalogue) -> None:
    report = _import(_force_export(), catalogue)
    atlas, griffin, _custom = report.force.entries
    assert (atlas.unit.mul_id, atlas.skill, atlas.pilot.name, atlas.spas) == (
        140,
        3,
        "Вера Соколова",
        ("sniper",),
    )
    assert (griffin.unit.mul_id, griffin.skill) == (1295, 2)
    assert atlas.group == griffin.group == "Wolf Lance"
    groups = {g.name: g.formation for g in report.force.groups}
    assert groups == {"Wolf Lance": "battle", "Star 2": None}
    assert report.force.name == "Wolf Lance"
    assert any("999" in w for w in report.warnings)


def test_members_missing_from_the_catalogue_use_their_own_stats(catalogue: Catalogue) -> None:
    report = _import(_force_export(), catalogue)
    custom = report.force.entries[2]
    unit = custom.unit
    assert (unit.mul_id, unit.name, unit.type_code, unit.pv, custom.skill) == (
        424242,
        "Homebrew Hauler HH-1",
        "IM",
        9,
        5,
    )
    assert unit.move_text == '8"/4"j'
    assert str(unit.damage[0]) == "0*"
    assert [s.text for s in unit.specials] == ["CAR5", "IT2"]
    assert any("using the stats in the file" in w for w in report.warnings)


@pytest.mark.parametrize(
    ("abilities", "damage", "specials"),
    [
        (["CAR5", "IT2"], {"short": "1"}, ["CAR5", "IT2"]),  # JBT's own shape
        (7, {"short": "1"}, []),  # a hand-edited file: a number is no list of specials
        (None, ["1", "1"], []),  # damage as a list is no band table: nothing read from it
        ({"CAR": 5}, 3, []),
    ],
)
def test_odd_shapes_in_a_members_own_stats_do_not_crash(
    abilities: object, damage: object, specials: list[str], catalogue: Catalogue
) -> None:
    member = _member(424243, "Odd Hauler OH-1", 4, type="IM", size=1, basePoints=7, damage=damage)
    member["abilities"] = abilities
    report = _import({"groups": [{"name": "A", "members": [member]}]}, catalogue)
    (entry,) = report.force.entries
    assert (entry.unit.name, entry.unit.pv) == ("Odd Hauler OH-1", 7)
    assert [s.text for s in entry.unit.specials] == specials


def test_members_without_usable_stats_are_unknown_with_suggestions(catalogue: Catalogue) -> None:
    report = _import(_force_export(), catalogue)
    (unknown,) = report.unknown
    assert unknown.mul_id == 535353 and "member 2" in unknown.where
    assert any("Atlas AS7-D (MUL 140)" in s for s in unknown.suggestions)


def test_a_lone_group_export_and_detection(catalogue: Catalogue) -> None:
    group = _force_export()["groups"][0]
    data = json.dumps(_force_export()).encode()
    assert detect_format(data) == "jbt"
    report = _import(group, catalogue, name="Mine")
    assert report.force.name == "Mine"
    assert [e.unit.mul_id for e in report.force.entries] == [140, 1295]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"groups": []}, "holds no units"),
        ({"groups": ["Lance"]}, "group 1 is not an object"),
        ({"uuid": "x"}, "needs a group, a force or a backup"),
    ],
)
def test_wrong_shapes(value: object, expected: str, catalogue: Catalogue) -> None:
    with pytest.raises(FormatError, match=expected):
        _import(value, catalogue)


@pytest.mark.parametrize("number", ["inf", "-inf", "nan", "1e400", "9" * 40])
def test_numbers_that_are_no_numbers_do_not_crash(number: str, catalogue: Catalogue) -> None:
    member = _member(140, "Atlas AS7-D", None)
    member.update(mulID=number, currentSkill=number, basePoints=number)
    member["pilot"]["gunnery"] = number
    member["pilot"]["alphaStrikeAbilities"] = [number, 45]
    report = _import({"groups": [{"name": "A", "members": [member]}]}, catalogue)
    (entry,) = report.force.entries
    assert (entry.unit.mul_id, entry.skill) == (140, 4)  # found by name; MegaMek's default skill
    assert entry.spas == ("sniper",)  # the bad slot is no JBT id and no SPA name
    assert any(number in w for w in report.warnings)


@pytest.mark.parametrize("raw", [b"1e400", b"-1e400", b"NaN", b"Infinity"])
def test_json_numbers_out_of_range_are_refused_clearly(raw: bytes, catalogue: Catalogue) -> None:
    data = b'{"groups": [{"name": "A", "members": [{"mulID": ' + raw + b"}]}]}"
    with pytest.raises(FormatError, match="finite number"):
        import_data(data, catalogue, fmt="jbt", origin="x.json")


def test_export_says_what_jbt_itself_drops_on_opening(catalogue: Catalogue) -> None:
    # JBT's pilot import takes no gunnery of 0 (pilot.ts) and it clears the ability slots
    # a skill does not allow whenever it works a unit out (alpha-strike-unit.ts).
    from cardsmith.forces.editing import add_entry, new_force
    from cardsmith.formats.exchange import export_warnings

    atlas, griffin = catalogue.get(140), catalogue.get(1295)
    assert atlas is not None and griffin is not None
    force = add_entry(new_force("F"), atlas, skill=0, spas=("sniper",))
    force = add_entry(force, griffin, skill=4, spas=("speed-demon", "lucky-2"))
    force = add_entry(force, griffin, skill=3, spas=("speed-demon", "lucky-2"))
    assert export_warnings(force, "jbt") == [
        "JBT keeps fewer abilities at a pilot's skill (1 at skill 4, none above); entries [2] "
        "lose the rest when JBT opens the file",
        "JBT's import skips a skill of 0: entries [1] come back at skill 4 there",
    ]


def test_a_member_named_at_length_is_left_out_quickly_and_shown_cut_short(
    catalogue: Catalogue,
) -> None:
    # A megabyte name once took over a minute to align against every catalogue name, and
    # the report printed it whole.  Containing a real name, it is still no typo of one.
    name = "Atlas AS7-D " + "q" * 1_000_000
    member = _member(535353, name, 4)
    report = _import({"groups": [{"name": "A", "members": [member]}]}, catalogue)
    (unknown,) = report.unknown
    assert unknown.name == f"{name[:60]}… ({len(name):,} characters)"
    assert unknown.suggestions == ()
    assert len(unknown.describe()) < 500
