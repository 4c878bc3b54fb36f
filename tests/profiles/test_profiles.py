"""Multi-profile units: switch rules, LAM and QuadVee modes, custom unit files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from testdata import skirmish_units

from cardsmith.catalogue.dump import read_unit_file
from cardsmith.errors import CatalogueDataError, UsageError
from cardsmith.models import Unit
from cardsmith.paths import starter_dir
from cardsmith.profiles.catalogues import load_switch_rules, load_system
from cardsmith.profiles.customfile import custom_id, parse_custom_units, read_custom_units
from cardsmith.profiles.modes import profile_set
from cardsmith.profiles.switching import Event, ProfileState, decide, take_wounds

RULES = load_switch_rules()


def _starter(mul_id: int) -> Unit:
    return next(
        r.unit for r in read_unit_file(starter_dir() / "starter.json") if r.unit.mul_id == mul_id
    )


# -- switch rules (seed 001) ---------------------------------------------------------


def test_every_seed_rule_is_data() -> None:
    assert {"transmutation-x", "escape-system-x", "eclosion", "auto", "willpower"} <= set(RULES)
    assert "Transmutación (X)" in RULES["transmutation-x"].aliases


def test_transmutation_switches_at_the_end_of_the_order_with_x_wounds() -> None:
    rule = RULES["transmutation-x"]
    state = take_wounds(ProfileState(), 1)
    assert not decide(rule, 2, state, Event("order-ended"), 2).switched
    state = take_wounds(state, 1)
    # Not mid-order: only at its end.
    assert not decide(
        rule, 2, state, Event("movement-declared", first_skill_is_movement=True), 2
    ).switched
    done = decide(rule, 2, state, Event("order-ended"), 2)
    assert done.switched and done.state.active == 1
    assert done.state.wounds == 2  # the shared track keeps its wounds
    # A permanent switch: nothing brings it back.
    assert not decide(rule, 2, take_wounds(done.state, 1), Event("order-ended"), 2).switched


def test_three_hits_two_failed_saves_example() -> None:
    """Seed 001's example: Transmutation (2), two wounds in one order → second profile, two wounds."""
    state = take_wounds(ProfileState(states=("stunned",)), 2)
    decision = decide(RULES["transmutation-x"], 2, state, Event("order-ended"), 2)
    assert (decision.state.active, decision.state.wounds, decision.state.states) == (
        1,
        2,
        ("stunned",),
    )


def test_escape_system_places_the_template() -> None:
    state = take_wounds(ProfileState(), 2)
    decision = decide(RULES["escape-system-x"], 2, state, Event("order-ended"), 2)
    assert decision.switched and "Circular Template" in decision.marker
    assert not decide(RULES["escape-system-x"], 3, state, Event("order-ended"), 2).switched


@pytest.mark.parametrize(
    ("event", "switches"),
    [
        (Event("movement-declared", first_skill_is_movement=True), True),
        (Event("movement-declared", first_skill_is_movement=False), False),
        (Event("dodge-succeeded"), True),
        (Event("order-ended"), False),
    ],
)
def test_eclosion(event: Event, switches: bool) -> None:
    assert decide(RULES["eclosion"], None, ProfileState(), event, 2).switched is switches


def test_auto_switches_only_at_a_movement_start_and_back() -> None:
    rule = RULES["auto"]
    assert RULES["auto"].deploys_with == "any"
    assert not decide(rule, None, ProfileState(), Event("order-ended", choose=1), 2).switched
    moved = decide(rule, None, ProfileState(), Event("movement-declared", choose=1), 2)
    assert moved.switched and moved.state.active == 1
    back = decide(rule, None, moved.state, Event("movement-declared", choose=0), 2)
    assert back.switched and back.state.active == 0


def test_willpower_roll_with_modifier_and_retry() -> None:
    rule = RULES["willpower"]
    # WIP 13 with MOD -3: a roll of 10 passes, 11 fails.
    passed = decide(rule, -3, ProfileState(), Event("activation", roll=10, willpower=13), 2)
    assert passed.switched and passed.state.active == 1
    failed = decide(rule, -3, ProfileState(), Event("activation", roll=11, willpower=13), 2)
    assert not failed.switched and failed.state.active == 0
    retry = decide(rule, -3, failed.state, Event("activation", roll=4, willpower=13), 2)
    assert retry.state.active == 1
    ended = decide(rule, -3, retry.state, Event("turn-ended"), 2)
    assert ended.state.active == 0
    with pytest.raises(UsageError):
        decide(rule, -3, ProfileState(), Event("activation"), 2)


def test_choosing_a_missing_profile_is_refused() -> None:
    with pytest.raises(UsageError, match="profile 3"):
        decide(RULES["auto"], None, ProfileState(), Event("movement-declared", choose=2), 2)


# -- Alpha Strike modes --------------------------------------------------------------


def test_lam_modes_from_its_special() -> None:
    lam = _starter(4824)  # Phoenix Hawk LAM Mk I PHX-HK1: 10"j, LAM(30"g/5a)
    modes = profile_set(lam)
    assert modes is not None
    assert [p.name for p in modes.profiles] == ["BattleMech", "AirMech", "Fighter"]
    airmech, fighter = modes.profiles[1].stats, modes.profiles[2].stats
    assert airmech is not None and airmech.move_text == '30"g'
    assert fighter is not None and fighter.thrust == 5 and fighter.type_code == "AF"
    assert {p.stats.armor for p in modes.profiles if p.stats} == {lam.armor}


def test_quadvee_modes() -> None:
    boreas = _starter(7351)  # Boreas Prime, 8"qt
    modes = profile_set(boreas)
    assert modes is not None and [p.name for p in modes.profiles] == ["'Mech", "Vehicle"]
    mech, vehicle = (p.stats for p in modes.profiles)
    assert mech is not None and mech.move_text == '8"'
    assert vehicle is not None and vehicle.move_text == '8"t' and vehicle.type_code == "CV"


def test_single_profile_units_have_no_modes() -> None:
    assert profile_set(_starter(140)) is None


def test_every_real_lam_and_quadvee_gets_modes(mul_records: list[dict[str, Any]]) -> None:
    for record in mul_records:
        abilities = record["BFAbilities"] or ""
        if "LAM(" in abilities or "BIM(" in abilities or "QV" in abilities.split(","):
            modes = profile_set(Unit.from_mul(record))
            assert modes is not None and len(modes.profiles) >= 2, record["Name"]


# -- custom unit files ---------------------------------------------------------------

SKIRMISH = skirmish_units(pricing="max", developed_wip_key="VOL")


def test_custom_two_profile_unit(tmp_path: Path) -> None:
    path = tmp_path / "troopers.toml"
    path.write_text(SKIRMISH, encoding="utf-8")
    (unit,) = read_custom_units(path)
    assert unit.mul_id == custom_id("Gwailo Seed-Soldier") < 0
    assert unit.pv == 45  # priced by the maximum
    assert unit.profiles is not None and unit.profiles.switch_value == 2
    developed = unit.profiles.profiles[1]
    assert developed.value("WIP") == "13"  # VOL is an alias
    # It survives the round trip through cardsmith's unit JSON (catalogue, force files).
    assert Unit.from_dict(json.loads(json.dumps(unit.to_dict()))) == unit


def test_unit_json_names_its_profiles_and_still_reads_the_older_key(tmp_path: Path) -> None:
    path = tmp_path / "troopers.toml"
    path.write_text(SKIRMISH, encoding="utf-8")
    (unit,) = read_custom_units(path)
    written = unit.to_dict()
    assert "modes" not in written and written["profiles"]["switch_value"] == 2
    # Force files saved before the rename hold the same object under "modes".
    older = {k: v for k, v in written.items() if k != "profiles"} | {"modes": written["profiles"]}
    assert Unit.from_dict(json.loads(json.dumps(older))) == unit


def test_custom_alpha_strike_unit_with_two_profiles() -> None:
    data = {
        "format": "cardsmith-units",
        "version": 1,
        "unit": [
            {
                "name": "Homebrew Shifter",
                "switch_rule": "auto",
                "pricing": "first",
                "profile": [
                    {
                        "name": "Walker",
                        "type": "BM",
                        "size": 2,
                        "move": '10"',
                        "armor": 4,
                        "structure": 3,
                        "damage": ["2", "2", "1"],
                        "pv": 28,
                        "specials": ["ENE"],
                    },
                    {
                        "name": "Tank",
                        "type": "CV",
                        "size": 2,
                        "move": '8"t',
                        "armor": 4,
                        "structure": 3,
                        "damage": ["3", "2", "0*"],
                        "pv": 30,
                    },
                ],
            }
        ],
    }
    (unit,) = parse_custom_units(data, origin="test")
    assert unit.has_stats and unit.pv == 28 and unit.type_code == "BM"
    assert unit.profiles is not None and str(unit.profiles.profiles[1].stats.damage[2]) == "0*"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d["unit"][0].pop("switch_rule"), "unit[1].switch_rule"),
        (lambda d: d["unit"][0].update(switch_value="two"), "unit[1].switch_value"),
        (lambda d: d["unit"][0]["profile"][0].update(CC="lots"), "unit[1].profile[1].CC"),
        (lambda d: d["unit"][0]["profile"][1].pop("W"), "unit[1].profile[2].W: missing"),
        (lambda d: d["unit"][0]["profile"][0].update(XYZ=1), "unit[1].profile[1].XYZ"),
        (lambda d: d["unit"][0].update(system="chess"), "unknown game system"),
        (lambda d: d["unit"][0].update(pricing="cheap"), "unit[1].pricing"),
        (lambda d: d["unit"][0].update(id=5), "must be negative"),
        (lambda d: d.update(format="other"), "not a custom unit file"),
        (lambda d: d.update(version=7), "reads up to"),
        (lambda d: d["unit"][0].update(name="x" * 501), "unit[1].name: at most 500 characters"),
        (lambda d: d["unit"][0].update(chassis="x" * 501), "unit[1].chassis: at most 500"),
    ],
)
def test_custom_unit_errors_name_the_key(change: Any, fragment: str) -> None:
    import tomllib

    data = tomllib.loads(SKIRMISH)
    change(data)
    with pytest.raises(CatalogueDataError) as caught:
        parse_custom_units(data, origin="test")
    # The headline, then one problem a line with its key, as both shells show them.
    assert fragment in "\n".join([caught.value.message, *caught.value.problems])


def test_skirmish_system_template() -> None:
    system = load_system("skirmish")
    assert system.track == "W"
    assert [c.id for c in system.columns][:8] == ["MOV", "CC", "BS", "PH", "WIP", "ARM", "BTS", "W"]


def test_unit_commands(cli_run: Any, tmp_path: Path) -> None:
    path = tmp_path / "troopers.toml"
    path.write_text(SKIRMISH, encoding="utf-8")
    assert (
        "ok  Gwailo Seed-Soldier  (2 profiles, 45 points)"
        in cli_run("unit", "validate", str(path)).stdout
    )
    imported = cli_run("unit", "import", str(path))
    assert imported.code == 0, imported
    shown = cli_run("unit", "show", "Gwailo Seed-Soldier")
    assert shown.code == 0, shown
    assert "Transmutation (X) X=2" in shown.stdout
    assert "Developed Form" in shown.stdout and "15-10" in shown.stdout
    # A generic system's unit is priced in points, an Alpha Strike one in PV.
    assert "(id " in shown.stdout and " points)" in shown.stdout
    lam = cli_run("unit", "show", "4824")
    assert "AirMech" in lam.stdout and '30"g' in lam.stdout
    assert "PV)" in lam.stdout and "Priced by: first profile" in lam.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text(SKIRMISH.replace("CC = 21", 'CC = "x"'), encoding="utf-8")
    refused = cli_run("unit", "validate", str(bad))
    assert refused.code == 2 and "unit[1].profile[1].CC" in refused.stderr
    assert cli_run("unit", "show", "No Such Unit").code == 2


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "deep.json",
            '{"format": "cardsmith-units", "version": 1, "unit": '
            + "[" * 50_000
            + "]" * 50_000
            + "}",
        ),
        (
            "deep.toml",
            'format = "cardsmith-units"\nversion = 1\nx = ' + "[" * 5_000 + "]" * 5_000 + "\n",
        ),
        (
            "nan.json",
            '{"format": "cardsmith-units", "version": 1, "unit": [{"name": "A", "profile": [{"pv": NaN}]}]}',
        ),
        (
            "huge.toml",
            'format = "cardsmith-units"\nversion = 1\n[[unit]]\nname = "A"\npv = 1e400\n',
        ),
    ],
)
def test_hostile_unit_files_are_refused_with_a_message(
    cli_run: Any, tmp_path: Path, name: str, text: str
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CatalogueDataError):
        read_custom_units(path)
    result = cli_run("unit", "validate", str(path))
    assert result.code == 2, result
    assert "Traceback" not in result.stderr and name in result.stderr
