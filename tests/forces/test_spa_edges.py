"""SPA edges: blank ids, two levels of one ability, effects that add up, abilities that
change nothing before the next one, Range Master without a range, station keeping, and a
player's SPA file edited while cardsmith runs."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from kit import make_unit

from cardsmith.errors import ForceEditError, TemplateError
from cardsmith.forces.spas import (
    CardEffect,
    Spa,
    SpaCatalogue,
    budget_problems,
    card_numbers,
    choice_key,
    chosen_band,
    load_spas,
    resolve_spas,
)
from cardsmith.models.stats import Movement

_MOVERS = SpaCatalogue(
    [
        Spa(id="quick", name="Quick", cost=1, card_effect=CardEffect(move_inches=1, thrust=1)),
        Spa(id="quicker", name="Quicker", cost=1, card_effect=CardEffect(move_inches=2, thrust=2)),
        Spa(id="calm", name="Calm", cost=1),
    ]
)


@pytest.mark.parametrize("blank", ["", "   ", 5, None])
def test_an_spa_must_be_named(blank: object) -> None:
    with pytest.raises(ForceEditError) as caught:
        resolve_spas(make_unit(), ["sniper", blank])  # type: ignore[list-item]
    assert caught.value.message == "an SPA must be given by its id, e.g. 'sniper'"


def test_two_levels_of_one_ability_name_both() -> None:
    with pytest.raises(ForceEditError) as caught:
        resolve_spas(make_unit(), ["lucky-1", "sniper", "lucky-3"])
    assert caught.value.message == (
        "Lucky (3) and Lucky (1) are levels of the same ability; take one"
    )


def test_move_and_thrust_from_several_abilities_add_up() -> None:
    walker = card_numbers(make_unit(move='8"'), 4, ["quick", "quicker"], _MOVERS)
    assert walker.move_text == '11"'
    fighter = make_unit(type_="AF", move="6a")
    assert card_numbers(fighter, 4, ["quick", "quicker"], _MOVERS).move_text == "9a"


@pytest.mark.parametrize("first", ["calm", "no-such-ability"])
def test_an_ability_that_changes_nothing_does_not_stop_the_next(first: str) -> None:
    numbers = card_numbers(make_unit(move='8"'), 4, [first, "quick"], _MOVERS)
    assert (numbers.move_text, numbers.changed_by) == ('9"', ("quick",))


def test_range_master_without_a_range_leaves_the_rest_applied() -> None:
    numbers = card_numbers(make_unit(move='8"'), 4, ["range-master", "speed-demon"])
    assert numbers.range_modifiers == {"S": 0, "M": 2, "L": 4, "E": 6}
    assert (numbers.move_text, numbers.changed_by) == ('10"', ("speed-demon",))


@pytest.mark.parametrize(
    ("spa_id", "band"),
    [
        ("range-master:long", "L"),
        ("range-master:Extreme", "E"),
        ("range-master:short", None),  # Short trades with itself: no choice at all
        ("range-master", None),
        ("range-master:far", None),
    ],
)
def test_the_chosen_band(spa_id: str, band: str | None) -> None:
    assert chosen_band(spa_id) == band


def test_station_keeping_takes_no_thrust_and_details_are_kept() -> None:
    moves = [Movement(6, "a"), Movement(2, "k"), Movement(1, ""), Movement(4, "w", "b")]
    numbers = card_numbers(make_unit(type_="SC"), 4, ["quick"], _MOVERS, move=moves)
    assert numbers.move == (
        Movement(7, "a"),
        Movement(2, "k"),  # station keeping is no thrust a pilot pushes (ASCE p.99)
        Movement(2, ""),
        Movement(5, "w", "b"),
    )


def test_a_players_spa_file_edited_while_running_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "spas.toml"
    path.write_text('[[spa]]\nid = "quick"\nname = "Quick"\ncost = 1\n', encoding="utf-8")
    assert load_spas(path).get("quick") is not None
    path.write_text('[[spa]]\nid = "quick"\nname = "Quick"\ncost = 3\n', encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    quick = load_spas(path).get("quick")
    assert quick is not None and quick.cost == 3


def test_a_missing_spa_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(TemplateError) as caught:
        load_spas(tmp_path / "spas.toml")
    assert caught.value.message.startswith("cannot read the SPA catalogue")


_WEATHER = Spa(
    id="weather-eye",
    name="Weather Eye",
    cost=1,
    unit_types=("BM", "CV:v"),
    aliases=("Storm Watcher",),
    choices=("Extreme Temperatures", "Fog"),
)


def test_the_example_of_a_missing_choice_is_one_the_spa_takes() -> None:
    problem = _WEATHER.choice_problem("")
    assert problem == (
        "Weather Eye needs a choice: one of Extreme Temperatures, Fog "
        "(e.g. weather-eye:extreme-temperatures)"
    )
    assert _WEATHER.choice_problem("extreme-temperatures") == ""
    assert _WEATHER.choice_problem(" Extreme  temperatures! ") == ""
    assert _WEATHER.choice_problem("rain") == (
        "'rain' is not a choice of Weather Eye: one of Extreme Temperatures, Fog"
    )


def test_a_label_shows_the_choice_as_listed_or_as_the_pilot_wrote_it() -> None:
    catalogue = SpaCatalogue([_WEATHER])
    assert catalogue.label("weather-eye:fog") == "Weather Eye (Fog)"
    assert catalogue.label("weather-eye:hail") == "Weather Eye (hail)"
    assert catalogue.label("weather-eye") == "Weather Eye" == _WEATHER.label()
    assert catalogue.label("no-such-ability:fog") == "no-such-ability:fog"


def test_an_spa_is_found_by_id_name_or_alias_whatever_the_case_and_punctuation() -> None:
    catalogue = SpaCatalogue([*_MOVERS.all(), _WEATHER])
    for text in ("weather-eye", "Weather Eye", "WEATHER-EYE:fog", "storm watcher", "Storm-Watcher"):
        assert catalogue.find(text) is _WEATHER, text
    assert catalogue.find("storm") is None


def test_a_type_limited_spa_refuses_a_unit_of_no_known_type() -> None:
    assert _WEATHER.allows(make_unit())  # a BattleMech
    untyped = replace(make_unit(), type=None)
    assert not _WEATHER.allows(untyped)
    assert Spa(id="any", name="Any", cost=1).allows(untyped)
    catalogue = SpaCatalogue([*_MOVERS.all(), _WEATHER])
    tank = make_unit(type_="CV", move='8"t')
    assert [spa.id for spa in catalogue.allowed_for(tank)] == ["quick", "quicker", "calm"]
    vtol = make_unit(type_="CV", move='20"v')
    assert catalogue.allowed_for(vtol)[-1] is _WEATHER


def test_the_allowance_problems_say_what_the_skill_allows() -> None:
    catalogue = SpaCatalogue([*_MOVERS.all(), Spa(id="costly", name="Costly", cost=3)])
    assert budget_problems(4, ["quick", "quicker"], catalogue) == [
        "skill 4 allows 1 SPA, this pilot has 2"
    ]
    assert budget_problems(4, ["costly"], catalogue) == [
        "skill 4 allows 2 SPA points, these cost 3"
    ]
    assert budget_problems(3, ["quick", "quicker"], catalogue) == []


@pytest.mark.parametrize(
    ("choice", "key"),
    [(" Long! ", "long"), ("Extreme Temperatures", "extreme-temperatures"), ("--fog--", "fog")],
)
def test_a_choice_is_stored_in_one_spelling(choice: str, key: str) -> None:
    assert choice_key(choice) == key
