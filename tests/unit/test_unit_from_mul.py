"""Units are built from real MUL records, every quirk included."""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from cardsmith import limits
from cardsmith.errors import CatalogueDataError
from cardsmith.models import Unit, UnitType

# A record in the QuickList shape, written for these tests (stats of the Atlas AS7-D).
ATLAS: dict[str, Any] = {
    "Id": 140,
    "Name": "Atlas AS7-D",
    "GroupName": "",
    "Class": "Atlas",
    "Variant": "AS7-D",
    "Tonnage": 100,
    "BattleValue": 1897,
    "Technology": {"Id": 1, "Name": "Inner Sphere", "Image": None, "SortOrder": 0},
    "Cost": 9626000,
    "Rules": "Introductory",
    "DateIntroduced": "2755",
    "EraId": 10,
    "ImageUrl": "https://example.invalid/atlas.png",
    "Type": {"Id": 18, "Name": "BattleMech", "Image": "BattleMech.gif", "SortOrder": 0},
    "Role": {"Id": 108, "Name": "Juggernaut", "Image": None, "SortOrder": 3},
    "BFType": "BM",
    "BFSize": 4,
    "BFMove": '6"',
    "BFTMM": 0,
    "BFArmor": 10,
    "BFStructure": 8,
    "BFThreshold": 0,
    "BFDamageShort": 5,
    "BFDamageShortMin": False,
    "BFDamageMedium": 5,
    "BFDamageMediumMin": False,
    "BFDamageLong": 2,
    "BFDamageLongMin": False,
    "BFDamageExtreme": 0,
    "BFDamageExtemeMin": False,
    "BFOverheat": 0,
    "BFPointValue": 52,
    "BFAbilities": "AC2/2/-,IF1,LRM1/1/1,REAR1/1/-",
    "Skill": 0,
    "FormatedTonnage": "100",
}


def _atlas(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(ATLAS)
    record.update(changes)
    return record


def test_atlas_fields() -> None:
    unit = Unit.from_mul(ATLAS)
    assert (unit.mul_id, unit.name, unit.chassis, unit.variant) == (
        140,
        "Atlas AS7-D",
        "Atlas",
        "AS7-D",
    )
    assert unit.type is UnitType.BM
    assert (unit.size, unit.move_text, unit.tmm, unit.armor, unit.structure) == (4, '6"', 1, 10, 8)
    assert [str(d) for d in unit.damage] == ["5", "5", "2", "0"]
    assert unit.pv == 52
    assert unit.role == "Juggernaut"
    assert unit.has_special("if") and unit.has_special("LRM")
    assert unit.has_stats


def test_lower_case_type_is_normalised() -> None:
    assert Unit.from_mul(_atlas(BFType="bm")).type is UnitType.BM


def test_null_type_is_kept_but_unusable() -> None:
    unit = Unit.from_mul(_atlas(BFType=None, BFMove="", BFPointValue=0))
    assert unit.type is None
    assert not unit.has_stats
    assert unit.move == ()


def test_padded_names_blank_variants_and_null_roles() -> None:
    unit = Unit.from_mul(
        _atlas(
            Name="Ferret Light Scout VTOL  ",
            Variant=" ",
            Role={"Id": None, "Name": None, "Image": None, "SortOrder": None},
        )
    )
    assert unit.name == "Ferret Light Scout VTOL"
    assert unit.variant == ""
    assert unit.role is None


def test_null_variant_and_none_role() -> None:
    unit = Unit.from_mul(_atlas(Variant=None, Role={"Id": 104, "Name": "None"}))
    assert unit.variant == ""
    assert unit.role is None


def test_misspelt_extreme_min_flag_is_read() -> None:
    unit = Unit.from_mul(_atlas(BFDamageExtemeMin=True))
    assert str(unit.damage[3]) == "0*"
    # A record that spells it right (another tool's export) is read as well.
    assert str(Unit.from_mul(_atlas(BFDamageExtremeMin=True)).damage[3]) == "0*"


@pytest.mark.parametrize("bf_type", ["", "ZZ"])
def test_a_whole_card_without_a_known_type_takes_it_from_the_mul_type(bf_type: str) -> None:
    # Five real records have stats, a move and a PV but no BFType; one of PV 1 counts too.
    unit = Unit.from_mul(_atlas(BFType=bf_type, BFPointValue=1))
    assert unit.type is UnitType.BM
    assert Unit.from_mul(_atlas(BFType=bf_type, BFPointValue=0)).type is None


def test_an_empty_role_is_no_role() -> None:
    assert Unit.from_mul(_atlas(Role={"Id": 0, "Name": ""})).role is None


def test_minimal_damage_flag() -> None:
    unit = Unit.from_mul(_atlas(BFDamageShort=0, BFDamageShortMin=True))
    assert str(unit.damage[0]) == "0*"


def test_image_url_line_break_and_odd_dates() -> None:
    unit = Unit.from_mul(
        _atlas(ImageUrl="https://example.invalid/a.png\r\n", DateIntroduced="circa 2440")
    )
    assert unit.image_url == "https://example.invalid/a.png"
    assert unit.year == 2440
    assert Unit.from_mul(_atlas(DateIntroduced="PS")).year is None


def test_fractional_tonnage_and_squad_size() -> None:
    unit = Unit.from_mul(
        _atlas(Tonnage=0.2, Variant="(Sqd4)", BFType="BA", Name="Clan Interface Armor (Sqd4)")
    )
    assert unit.tonnage == pytest.approx(0.2)
    assert unit.squad_size == 4


@pytest.mark.parametrize(
    ("record", "fragment"),
    [
        ([], "a unit record must be a JSON object, not list"),
        ({"Name": "x"}, "integer 'Id'"),
        ({"Id": "140", "Name": "x"}, "integer 'Id'"),
        ({"Id": 5, "Name": "   "}, "no 'Name'"),
        ({"Id": 5, "Name": "Broken", "BFArmor": "lots"}, "Broken"),
    ],
)
def test_unusable_records_raise_with_the_field(record: Any, fragment: str) -> None:
    with pytest.raises(CatalogueDataError, match=fragment):
        Unit.from_mul(record)


def test_to_dict_round_trip() -> None:
    unit = Unit.from_mul(ATLAS)
    assert Unit.from_dict(unit.to_dict()) == unit


def _with_profiles(**changes: Any) -> dict[str, Any]:
    """The Atlas as a unit dict with two generic-system profiles."""
    data = Unit.from_mul(ATLAS).to_dict()
    data["profiles"] = {
        "system": "skirmish",
        "switch_rule": "transmutation-x",
        "switch_value": 2,
        "pricing": "fixed",
        "points": 40,
        "profiles": [
            {"name": "Seed Form", "notes": "deploys hidden"},
            {"name": "Developed Form", "values": {"W": "2", "ARM": "4"}},
        ],
        **changes,
    }
    return data


def test_profiles_round_trip_with_their_points_values_and_notes() -> None:
    unit = Unit.from_dict(_with_profiles())
    profiles = unit.profiles
    assert profiles is not None
    assert (profiles.pricing, profiles.points, profiles.switch_value) == ("fixed", 40, 2)
    assert profiles.profiles[0].notes == "deploys hidden" and profiles.profiles[1].notes == ""
    assert profiles.profiles[1].values == (("W", "2"), ("ARM", "4"))
    written = unit.to_dict()["profiles"]
    assert written["points"] == 40
    assert written["profiles"][0]["notes"] == "deploys hidden"
    # Empty fields are left out.
    assert "notes" not in written["profiles"][1] and "values" not in written["profiles"][0]
    assert Unit.from_dict(unit.to_dict()) == unit


def test_profiles_left_unsaid_take_their_defaults() -> None:
    data = _with_profiles()
    for key in ("pricing", "points", "switch_rule", "system", "switch_value"):
        del data["profiles"][key]
    profiles = Unit.from_dict(data).profiles
    assert profiles is not None
    assert (profiles.pricing, profiles.points, profiles.switch_rule) == ("first", None, "")
    assert (profiles.system, profiles.switch_value) == ("alpha-strike", None)


@pytest.mark.parametrize(
    ("profiles", "message"),
    [
        (["two"], "unit 140: 'profiles' must be an object"),
        ({"profiles": "two"}, "unit 140: 'profiles.profiles' must list two or more profiles"),
        ({"profiles": [{"name": "Only"}]}, "must list two or more profiles"),
        ({"profiles": [{"name": "A"}, {"values": {}}]}, "unit 140: every profile needs a 'name'"),
        ({"profiles": [{"name": "A"}, "B"]}, "every profile needs a 'name'"),
        (
            {"profiles": [{"name": "A", "values": ["W"]}, {"name": "B"}]},
            "unit 140: profile 'values' must be an object",
        ),
        (
            {"profiles": [{"name": "A"}, {"name": "B"}], "pricing": "cheapest"},
            "unit 140: 'profiles.pricing' must be one of first, max, fixed",
        ),
    ],
)
def test_broken_profiles_are_refused_by_what_is_wrong(profiles: Any, message: str) -> None:
    data = Unit.from_mul(ATLAS).to_dict()
    data["profiles"] = profiles
    with pytest.raises(CatalogueDataError) as refused:
        Unit.from_dict(data)
    assert message in str(refused.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"mul_id": "140"}, "unit field 'mul_id' must be an integer, not '140'"),
        ({"mul_id": True}, "unit field 'mul_id' must be an integer, not True"),
        ({"name": "  "}, "unit 140: field 'name' must be non-empty text"),
        ({"name": 7}, "unit 140: field 'name' must be non-empty text"),
        ({"damage": "5/5/2"}, "unit 140: 'damage' must list 3 or 4 values"),
        ({"damage": ["5", "5"]}, "unit 140: 'damage' must list 3 or 4 values"),
        ({"specials": {"IF": 1}}, "unit 140: 'specials' must be a list of text"),
        ({"specials": ["IF1", 2]}, "unit 140: 'specials' must be a list of text"),
        ({"size": "huge"}, "unit 140: invalid literal for int() with base 10: 'huge'"),
    ],
)
def test_a_unit_dict_with_a_bad_field_is_refused_by_what_is_wrong(
    change: dict[str, Any], message: str
) -> None:
    data = {**Unit.from_mul(ATLAS).to_dict(), **change}
    with pytest.raises(CatalogueDataError) as refused:
        Unit.from_dict(data)
    assert str(refused.value) == message


def test_a_unit_dict_that_is_no_object_or_has_no_damage() -> None:
    with pytest.raises(CatalogueDataError) as refused:
        Unit.from_dict([])  # type: ignore[arg-type]
    assert str(refused.value) == "a unit must be a JSON object, not list"
    data = Unit.from_mul(ATLAS).to_dict()
    del data["damage"]
    assert [str(d) for d in Unit.from_dict(data).damage] == ["0", "0", "0", "0"]


def test_a_stored_tmm_is_kept_and_a_missing_one_is_derived_from_the_move() -> None:
    odd = replace(Unit.from_mul(ATLAS), tmm=3)  # set by hand: not the move's 1
    assert Unit.from_dict(odd.to_dict()).tmm == 3
    data = odd.to_dict()
    del data["tmm"]
    assert Unit.from_dict(data).tmm == 1


def test_a_unit_dict_fills_what_it_leaves_out() -> None:
    data = {**Unit.from_mul(ATLAS).to_dict(), "damage": ["5", "-", "2"]}
    del data["move"]
    del data["rules"]
    unit = Unit.from_dict(data)
    assert [str(d) for d in unit.damage] == ["5", "0", "2", "0"]  # "-" and missing: 0
    assert (unit.move_text, unit.rules) == ("", "")


def test_from_dict_names_a_missing_field() -> None:
    data = Unit.from_mul(ATLAS).to_dict()
    del data["name"]
    with pytest.raises(CatalogueDataError, match="'name'"):
        Unit.from_dict(data)


# -- the real MUL data --------------------------------------------------------------


def test_every_real_record_parses(mul_records: list[dict[str, Any]]) -> None:
    units = [Unit.from_mul(record) for record in mul_records]
    assert len(units) == 8605
    # Every record with a card type and a PV is usable; the rest are kept, flagged.
    usable = [u for u in units if u.has_stats]
    typed = {r["Id"] for r in mul_records if r["BFType"] and r["BFPointValue"] > 0}
    # Five records carry a whole card but no BFType (the data's README); their MUL type
    # names the card: two aerospace fighters (thrust), a tank and two support vehicles.
    inferred = {u.mul_id: u.type_code for u in usable if u.mul_id not in typed}
    assert inferred == {8117: "AF", 8119: "AF", 8151: "CV", 8141: "SV", 8152: "SV"}
    assert len(usable) == len(typed) + 5
    assert all(u.name == u.name.strip() and u.name for u in units)
    assert all(u.image_url == u.image_url.strip() for u in units)


def test_real_types_are_normalised(mul_records: list[dict[str, Any]]) -> None:
    counts = Counter(Unit.from_mul(r).type_code for r in mul_records)
    # The MUL's lower-case codes fold into the upper-case ones (README counts).
    assert counts["BM"] == 3909 + 44
    assert counts["CV"] == 1141 + 44 + 1  # + the Alacorn Mk. V, whose BFType is null
    assert counts["--"] == 966 - 5  # the five cards without a BFType are typed by the MUL type


def test_real_moves_parse_whenever_the_record_has_one(mul_records: list[dict[str, Any]]) -> None:
    unparsed = [
        r["BFMove"] for r in mul_records if r["BFMove"].strip() and not Unit.from_mul(r).move
    ]
    assert unparsed == []


def test_real_specials_keep_their_text(mul_records: list[dict[str, Any]]) -> None:
    for record in mul_records:
        unit = Unit.from_mul(record)
        raw = record["BFAbilities"] or ""
        compact = ",".join(p.strip() for p in raw.split(",") if p.strip())
        assert unit.specials_text.replace(" ", "") == compact.replace(" ", ""), record["Id"]


def test_real_round_trip_through_own_format(mul_records: list[dict[str, Any]]) -> None:
    for record in mul_records[::7]:
        unit = Unit.from_mul(record)
        assert Unit.from_dict(unit.to_dict()) == unit


def test_tmm_derived_for_real_examples(mul_by_id: dict[int, dict[str, Any]]) -> None:
    assert Unit.from_mul(mul_by_id[140]).tmm == 1  # Atlas 6"
    assert Unit.from_mul(mul_by_id[7467]).tmm == 1  # Phoenix 8"/6"j
    assert Unit.from_mul(mul_by_id[1297]).tmm == 2  # Griffin 10"j
    assert Unit.from_mul(mul_by_id[1879]).tmm == 0  # Lightning 6a


LONG = "x" * (limits.MAX_UNIT_TEXT + 1)


@pytest.mark.parametrize(
    "change",
    [{"Name": LONG}, {"Class": LONG}, {"Variant": LONG}, {"BFAbilities": LONG},
     {"ImageUrl": LONG}, {"GroupName": LONG}, {"Technology": {"Id": 1, "Name": LONG}},
     {"Role": {"Id": 1, "Name": LONG}}],
)  # fmt: skip
def test_a_record_with_text_of_megabytes_is_refused_before_it_is_read(
    change: dict[str, Any],
) -> None:
    key = next(iter(change))
    with pytest.raises(CatalogueDataError, match=f"'{key}' is 501 characters long"):
        Unit.from_mul(_atlas(**change))


def test_text_at_the_limit_is_kept_and_reads_back() -> None:
    name = "A" * limits.MAX_UNIT_TEXT
    unit = Unit.from_mul(_atlas(Name=name, Class=name, BFAbilities="ENE," * 100 + "CASE"))
    assert unit.name == name
    assert Unit.from_dict(unit.to_dict()) == unit


@pytest.mark.parametrize(
    "key", ["name", "chassis", "variant", "role", "technology", "image_url", "specials"]
)
def test_a_unit_dict_with_text_over_the_limit_is_refused(key: str) -> None:
    data = Unit.from_mul(ATLAS).to_dict()
    data[key] = LONG if key != "specials" else ["ENE"] * (limits.MAX_UNIT_TEXT // 4 + 1)
    with pytest.raises(CatalogueDataError, match=f"'{key}' is .* characters long"):
        Unit.from_dict(data)


def test_a_long_value_of_a_key_the_reader_does_not_know_is_left_alone() -> None:
    # A later cardsmith may add a field of long text; this one ignores it, as any unknown key.
    data = Unit.from_mul(ATLAS).to_dict() | {"history": LONG}
    assert Unit.from_dict(data) == Unit.from_mul(ATLAS)
