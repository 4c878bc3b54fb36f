"""What the battle view says of one unit (the words and numbers every shell shows): each
status word, damage staged but not yet applied, the unit as it will stand, who it belongs
to, heat only for units that track it, and the move and wound track of a unit of another
game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from testdata import skirmish_trooper

from battle.conftest import entry, lam_unit, make_unit, two_sides
from cardsmith.battle import actions
from cardsmith.battle.crits import CritKind
from cardsmith.battle.view import projected_view, status_words, unit_in_play


@pytest.mark.parametrize(
    ("flag", "word"),
    [
        ("destroyed", "destroyed"),
        ("withdrawn", "withdrawn"),
        ("shutdown", "shut down"),
        ("pilotless", "pilotless"),
        ("immobile", "immobile"),
    ],
)
def test_each_flag_has_its_words(flag: str, word: str) -> None:
    battle = actions.set_flag(two_sides(), "1.1", flag)
    assert status_words(battle, battle.find("1.1")) == (word,)
    assert status_words(battle, battle.find("1.2")) == ()


def test_wounds_and_a_stunned_crew_are_said_while_they_hold() -> None:
    battle = actions.wound(two_sides(), "1.1", now=True)
    battle = actions.crit(battle, "1.2", CritKind.CREW_STUNNED, now=True)
    assert status_words(battle, battle.find("1.1")) == ("pilot wounds 1",)
    # Stunned for the turn after the hit ("no move or attack next turn": crits.toml).
    assert status_words(battle, battle.find("1.2")) == ()
    next_turn = actions.end_round(battle)
    assert status_words(next_turn, next_turn.find("1.2")) == ("crew stunned",)
    later = actions.end_round(next_turn)
    assert status_words(later, later.find("1.2")) == ()


def test_staged_damage_shows_beside_what_is_left_until_the_round_ends() -> None:
    battle = actions.damage(two_sides(), "2.1", 6)  # armor 5, structure 4
    view = unit_in_play(battle, battle.find("2.1"))
    assert (view.armor_left, view.armor_staged) == (5, 5)
    assert (view.structure_left, view.structure_staged) == (4, 1)
    assert view.staged == 1
    assert unit_in_play(battle, battle.find("1.1")).staged == 0
    after = projected_view(battle, "2.1")
    assert (after.armor_left, after.armor_staged, after.structure_left) == (0, 0, 3)
    assert (after.structure_staged, after.staged) == (0, 0)


def test_who_a_unit_belongs_to_and_who_flies_it() -> None:
    battle = two_sides()
    red = unit_in_play(battle, battle.find("2.1"))
    assert (red.key, red.name, red.type_code, red.pv) == ("2.1", "Red Mech", "BM", 30)
    assert (red.side, red.side_name, red.controller, red.controller_name) == (2, "Red", 2, "Red")
    assert (red.pilot, red.skill, red.out_of_play, red.objective) == ("P", 4, False, "")
    assert red.generic is False and (red.generic_track, red.generic_move) == ("", "")


def test_heat_is_shown_only_for_units_that_track_it() -> None:
    battle = actions.heat(two_sides(), "1.1", 1)
    battle = actions.end_round(battle)
    assert unit_in_play(battle, battle.find("1.1")).heat == 1
    assert unit_in_play(battle, battle.find("1.2")).heat is None  # a vehicle: no heat scale


def test_damage_past_the_structure_leaves_nothing_not_less() -> None:
    battle = actions.damage(two_sides(), "2.1", 20, now=True)
    view = unit_in_play(battle, battle.find("2.1"))
    assert (view.armor_left, view.structure_left, view.out_of_play) == (0, 0, True)


def test_the_profile_in_play_and_the_spas_that_change_the_card_are_shown() -> None:
    lam = entry(lam_unit())
    sniper = replace(entry(make_unit("Sharp Mech", mul_id=-3)), spas=("sniper",))
    battle = two_sides(blue=(lam, sniper))
    view = unit_in_play(battle, battle.find("1.1"))
    assert view.profile is not None and view.profile.active_name == "BattleMech"
    assert unit_in_play(battle, battle.find("1.2")).spas == ("sniper",)
    assert unit_in_play(battle, battle.find("2.1")).profile is None


def test_a_unit_of_another_game_shows_its_own_move_and_wound_track() -> None:
    # The trooper's profile gives MOV "10-5" and W 2 (tests/testdata.py).
    battle = two_sides(blue=(entry(skirmish_trooper("transmutation-x", 2)),), packs=())
    view = unit_in_play(battle, battle.find("1.1"))
    assert (view.generic, view.generic_track, view.generic_move) == (True, "W 0/2", "10-5")
    battle = actions.wound(battle, "1.1", now=True)
    view = unit_in_play(battle, battle.find("1.1"))
    assert view.generic_track == "W 1/2"
    assert status_words(battle, battle.find("1.1")) == ()  # wounds, not pilot wounds
