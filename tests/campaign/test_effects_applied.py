"""Every table entry resolves with fixed dice, and each effect kind lands on the record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from cardsmith import campaign as cp
from cardsmith.campaign.model import CAPTURED, DEAD, GONE
from cardsmith.render.content.campaign_sheet import campaign_sheet_data
from cardsmith.tables import (
    Change,
    ChoiceNeeded,
    Dice,
    Resolver,
    ScriptedChooser,
    TableSet,
    load_tables,
)
from cardsmith.tables.resolver import Context

from .conftest import dice_for

_TABLES = load_tables()
_CASES = [
    (table.id, entry.key, result)
    for table in _TABLES.tables.values()
    if table.dice is not None
    for entry in table.entries
    for result in [min(r for r in table.dice.results() if entry.covers(r))]
]


class _FirstOption:
    """Always picks the first option (to reach every entry without prompts)."""

    def choose(self, prompt: str, options: Sequence[tuple[str, str]]) -> str:
        return options[0][0]


@pytest.mark.parametrize(
    ("table_id", "key", "result"), _CASES, ids=[f"{t}:{k}" for t, k, _ in _CASES]
)
def test_every_entry_is_reachable_with_fixed_dice(
    tables: TableSet, table_id: str, key: str, result: int
) -> None:
    table = tables.tables[table_id]
    assert table.dice is not None
    # Later rolls (sub-tables, D3 games, roll-again) come from a seeded generator.
    dice = Dice.seeded(1, dice_for(table.dice, result))
    context = Context(preferred_skill_tables=("shooting-skills",), opponent="Rivals")
    outcome = Resolver(tables, dice, _FirstOption(), context).resolve(table)
    assert (outcome.entry, outcome.input) == (key, result)
    assert outcome.roll is not None and outcome.roll.source == "entered"


def _roll(
    state: cp.Campaign, tables: TableSet, who: str, table: str, dice: list[int], *choices: str
) -> cp.Rolled:
    return cp.roll_for(state, tables, who, table, Dice.own(dice), ScriptedChooser(choices))


def test_stat_change_with_floor(west: cp.Campaign, tables: TableSet) -> None:
    state = _roll(west, tables, "Док", "injury", [2, 5]).campaign  # nervous strain
    assert cp.replay(state).find("w1").stat("courage") == 1
    state = _roll(state, tables, "w1", "injury", [2, 5]).campaign
    assert cp.replay(state).find("w1").stat("courage") == 1  # minimum 1 (seed 002, 25)


def test_stat_without_floor_and_target_number_improvement(
    west: cp.Campaign, tables: TableSet
) -> None:
    state = _roll(west, tables, "w1", "injury", [2, 6]).campaign  # chest wound
    state = _roll(state, tables, "w1", "advancement", [2, 3]).campaign  # 5: +1 shooting
    warrior = cp.replay(state).find("w1")
    assert warrior.stat("toughness") == 2
    assert warrior.stat("shooting") == 3  # 4+ became 3+


def test_miss_next_game_then_back(west: cp.Campaign, tables: TableSet) -> None:
    state = _roll(west, tables, "w1", "injury", [2, 3, 4]).campaign  # hand wound, light
    assert cp.replay(state).find("w1").miss_games == 1
    state = cp.record_game(state, "Next")
    assert cp.replay(state).find("w1").available


def test_deep_wound_misses_d3_games(west: cp.Campaign, tables: TableSet) -> None:
    rolled = _roll(west, tables, "w1", "injury", [3, 5, 3])
    assert cp.replay(rolled.campaign).find("w1").miss_games == 3
    assert [r.roll.total for r in rolled.outcome.extra] == [3]


def test_dead_loses_everything(west: cp.Campaign, tables: TableSet) -> None:
    state = _roll(west, tables, "w1", "injury", [1, 3]).campaign
    warrior = cp.replay(state).find("w1")
    assert (warrior.status, warrior.equipment) == (DEAD, ())
    with pytest.raises(cp.CampaignError, match="dead"):
        _roll(state, tables, "w1", "injury", [4, 4])


def test_robbed_loses_equipment_only(west: cp.Campaign, tables: TableSet) -> None:
    warrior = cp.replay(_roll(west, tables, "w1", "injury", [3, 6]).campaign).find("w1")
    assert warrior.equipment == () and warrior.status == "active"


def test_survived_against_the_odds_gains_xp(west: cp.Campaign, tables: TableSet) -> None:
    assert cp.replay(_roll(west, tables, "w1", "injury", [6, 6]).campaign).find("w1").xp == 1


def test_multiple_injuries_rerolls_ignored_results(west: cp.Campaign, tables: TableSet) -> None:
    # 16 multiple; D6 = 2; 11 dead (ignored), 62 captured (ignored), 45 full recovery
    # (ignored), 21 multiple (ignored), 22 leg wound; 34 arm wound.
    dice = [1, 6, 2, 1, 1, 6, 2, 4, 5, 2, 1, 2, 2, 3, 4]
    rolled = _roll(west, tables, "w1", "injury", dice)
    assert [c.entry for c in rolled.outcome.children] == ["leg-wound", "arm-wound"]
    rerolled = [r.roll.total for r in rolled.outcome.children[0].extra]
    assert rerolled == [11, 62, 45, 21]
    warrior = cp.replay(rolled.campaign).find("w1")
    assert (warrior.stat("move"), warrior.stat("fighting"), warrior.status) == (5, 2, "active")


def test_blind_in_both_eyes_leaves_the_team(west: cp.Campaign, tables: TableSet) -> None:
    state = _roll(west, tables, "w1", "injury", [3, 1]).campaign
    assert [c.id for c in cp.replay(state).find("w1").conditions] == ["blind-eye"]
    state = _roll(state, tables, "w1", "injury", [3, 1]).campaign
    assert cp.replay(state).find("w1").status == GONE


def test_snake_oil_tonic_lasts_one_game(west: cp.Campaign, tables: TableSet) -> None:
    state = _roll(west, tables, "w1", "injury", [3, 3, 6]).campaign
    assert [c.id for c in cp.replay(state).find("w1").conditions] == ["snake-oil-tonic"]
    state = cp.record_game(state, "Next")
    assert cp.replay(state).find("w1").conditions == ()


def test_enmity_names_the_last_opponent(west: cp.Campaign, tables: TableSet) -> None:
    warrior = cp.replay(_roll(west, tables, "w1", "injury", [6, 1]).campaign).find("w1")
    assert warrior.enmities == ("Los Bandidos",)


@pytest.mark.parametrize(
    ("how", "status", "keeps_kit"),
    [("ransom", "active", True), ("exchange", "active", True), ("bounty", GONE, False)],
)
def test_captured_then_released(
    west: cp.Campaign, tables: TableSet, how: str, status: str, keeps_kit: bool
) -> None:
    # Seed 002, serious injury 62: the bounty is for an Outlaw, so the team is outlaws.
    state = replace(west, team="outlaws")
    state = _roll(state, tables, "w1", "injury", [6, 2]).campaign
    assert cp.replay(state).find("w1").status == CAPTURED
    state, reward = cp.release(state, tables, "w1", how, Dice.own([4]))
    warrior = cp.replay(state).find("w1")
    assert warrior.status == status
    assert bool(warrior.equipment) == keeps_kit
    assert reward == (20 if how == "bounty" else None)  # D6x5 with a 4


def test_the_bounty_is_offered_only_for_outlaws(west: cp.Campaign, tables: TableSet) -> None:
    # Seed 002, serious injury 62: "if an Outlaw is captured" he may be handed to the law.
    state = _roll(west, tables, "w1", "injury", [6, 2]).campaign
    assert cp.release_choices(state, tables, "w1") == ("ransom", "exchange")
    with pytest.raises(cp.CampaignError, match="only an Outlaw may be handed to the law"):
        cp.release(state, tables, "w1", "bounty", Dice.own([4]))
    outlaws = replace(state, team="Преступники")
    assert "bounty" in cp.release_choices(outlaws, tables, "w1")


def _funds(state: cp.Campaign, dollars: int) -> cp.Campaign:
    return cp.adjust(state, "", [Change("funds", f"Funds {dollars:+d}", amount=dollars)], "loot")


def test_trial_bail_paid_from_funds_or_jail(west: cp.Campaign, tables: TableSet) -> None:
    # Seed 002, trial table 2-5: pay the court $D6 and go free, or sit D3 games in jail.
    # D66 65 = on trial; D6 3 = bail; D6 4 = $4 asked.
    rich = _funds(west, 10)
    paid = _roll(rich, tables, "w1", "injury", [6, 5, 3, 4], "pay").campaign
    assert cp.replay(paid).funds == 6 and cp.replay(paid).find("w1").miss_games == 0
    jailed = _roll(rich, tables, "w1", "injury", [6, 5, 3, 4, 2], "no").campaign
    assert cp.replay(jailed).funds == 10 and cp.replay(jailed).find("w1").miss_games == 2


def test_bail_cannot_be_paid_without_the_funds(west: cp.Campaign, tables: TableSet) -> None:
    # Seed 002, trial table 2-5: a team that cannot pay leaves the warrior in jail for D3
    # games; nobody is asked, and the funds never go below what the team has.
    poor = _funds(west, 3)
    rolled = _roll(poor, tables, "w1", "injury", [6, 5, 3, 4, 2])  # $4 asked, $3 held
    trial = rolled.outcome.children[0]
    assert trial.choices == () and "has only $3, so it cannot pay" in trial.notes[0]
    after = cp.replay(rolled.campaign)
    assert after.funds == 3 and after.find("w1").miss_games == 2


def test_choice_without_answer_is_an_error(west: cp.Campaign, tables: TableSet) -> None:
    with pytest.raises(ChoiceNeeded, match="Strength or \\+1 Fighting"):
        _roll(west, tables, "w1", "advancement", [3, 4])
    state = _roll(west, tables, "w1", "advancement", [3, 4], "strength").campaign
    assert cp.replay(state).find("w1").stat("strength") == 4


def test_glory_or_luck_subtable(west: cp.Campaign, tables: TableSet) -> None:
    state = _roll(west, tables, "w1", "advancement", [5, 6, 2]).campaign
    state = _roll(state, tables, "w1", "advancement", [5, 6, 5]).campaign
    warrior = cp.replay(state).find("w1")
    assert (warrior.stat("glory"), warrior.stat("luck")) == (1, 1)


def test_preferred_skill_rerolls_duplicates(west: cp.Campaign, tables: TableSet) -> None:
    # 2D6 = 2 → preferred skill; choose shooting; 6 deadeye shot.
    state = _roll(west, tables, "w1", "advancement", [1, 1, 6], "shooting-skills").campaign
    # Again: 6 again is a duplicate, re-rolled to 1 (fast draw).
    rolled = _roll(state, tables, "w1", "advancement", [1, 1, 6, 1], "shooting-skills")
    skill_roll = rolled.outcome.children[0]
    assert [r.roll.total for r in skill_roll.extra] == [6]
    assert cp.replay(rolled.campaign).find("w1").skills == ("deadeye-shot", "fast-draw")


def test_trick_shooter_may_be_taken_three_times_each_for_its_weapon(
    west: cp.Campaign, tables: TableSet
) -> None:
    # Seed 002, shooting skills 2: each Trick Shooter picks another of revolver, heavy
    # pistol or rifle; the third taking gets the weapon left.
    state = west
    for answers in (["shooting", "rifle"], ["shooting", "revolver"], ["shooting"]):
        state = _roll(state, tables, "w1", "advancement", [1, 1, 2], *answers).campaign
    doc = cp.replay(state).find("w1")
    assert doc.skills.count("trick-shooter") == 3
    assert doc.skill_picks == (
        ("trick-shooter", "rifle"),
        ("trick-shooter", "revolver"),
        ("trick-shooter", "heavy pistol"),
    )
    with pytest.raises(ChoiceNeeded) as asked:  # a second taking asks among the two left
        _roll(
            _roll(west, tables, "w1", "advancement", [1, 1, 2], "shooting", "rifle").campaign,
            tables, "w1", "advancement", [1, 1, 2], "shooting",
        )  # fmt: skip
    assert [key for key, _ in asked.value.options] == ["revolver", "heavy pistol"]
    rolled = _roll(state, tables, "w1", "advancement", [1, 1, 2, 3], "shooting")
    assert rolled.outcome.children[0].entry == "pistolier"
    (row,) = [r for r in campaign_sheet_data(state, tables).warriors if r.id == "w1"]
    assert dict(row.details)["Skills"] == "Trick Shooter (rifle, revolver, heavy pistol)"


def test_hired_guns_roll_only_on_their_own_table(west: cp.Campaign, tables: TableSet) -> None:
    # Seed 002: hired guns advance on their D6 table; the serious-injury and skill tables
    # are the heroes'.
    for table in ("hero-advancement", "injury", "shooting-skills"):
        with pytest.raises(cp.CampaignError, match="Slim is a hired gun: rolls only on"):
            _roll(west, tables, "Slim", table, [1, 1, 2], "shooting")
    assert _roll(west, tables, "Slim", "advancement", [5]).outcome.entry == "courage"
    plan = cp.PostGamePlan(casualties=("Slim",), advance=("Slim",))
    done = cp.post_game(west, tables, Dice.own([5]), ScriptedChooser(), plan)
    assert [r.outcome.table for r in done.rolls] == ["hired-gun-advancement"]
    assert "Slim is a hired gun" in done.skipped[0]


def test_missing_skill_result_applies_nothing_and_says_so(
    west: cp.Campaign, tables: TableSet
) -> None:
    rolled = _roll(west, tables, "w1", "advancement", [6, 6, 5], "guts-skills")
    child = rolled.outcome.children[0]
    assert child.entry == "missing-from-source"
    assert "missing from the source" in child.notes[0]
    assert cp.replay(rolled.campaign).find("w1").skills == ()


def test_one_promotion_per_game(west: cp.Campaign, tables: TableSet) -> None:
    first = _roll(west, tables, "Slim", "advancement", [6])
    assert cp.replay(first.campaign).find("Slim").kind == "hero"
    assert cp.replay(first.campaign).find("Slim").stat("glory") == 1
    # Shorty also rolls 6, then 6 again: both re-rolled; the 5 stands.
    second = _roll(first.campaign, tables, "Shorty", "advancement", [6, 6, 5])
    assert [r.roll.total for r in second.outcome.extra] == [6, 6]
    shorty = cp.replay(second.campaign).find("Shorty")
    assert (shorty.kind, shorty.stat("courage")) == ("hired-gun", 3)
    # Next game a promotion is possible again.
    state = cp.record_game(second.campaign, "Later")
    assert (
        cp.replay(_roll(state, tables, "Shorty", "advancement", [6]).campaign).find("Shorty").kind
        == "hero"
    )


def test_undone_promotion_frees_the_game_slot(west: cp.Campaign, tables: TableSet) -> None:
    state = _roll(west, tables, "Slim", "advancement", [6]).campaign
    state, _ = cp.undo(state)
    rolled = _roll(state, tables, "Shorty", "advancement", [6])
    assert cp.replay(rolled.campaign).find("Shorty").kind == "hero"


def test_replace_roll_with_real_dice(west: cp.Campaign, tables: TableSet) -> None:
    rolled = cp.roll_for(west, tables, "w1", "injury", Dice.seeded(4), ScriptedChooser(["pay"]))
    fixed = cp.replace_roll(
        rolled.campaign, tables, rolled.entry.seq, Dice.own([2, 2]), ScriptedChooser()
    )
    assert fixed.outcome.entry == "leg-wound"
    warrior = cp.replay(fixed.campaign).find("w1")
    assert warrior.stat("move") == 5
    assert len(fixed.campaign.log) == len(rolled.campaign.log) + 1  # nothing rewritten
    assert fixed.campaign.log[: len(rolled.campaign.log)] == rolled.campaign.log


def test_pilot_pack_lookup_and_floor(tables: TableSet) -> None:
    state = cp.new_campaign("Lance", "alpha-strike-pilots", tables)
    state, _ = cp.add_warrior(state, tables, "Kayla", "pilot", {"skill": 1})
    state = cp.record_game(state, "Pirates")
    for _ in range(2):
        state = _roll(state, tables, "Kayla", "advancement", [3, 4]).campaign
    state = cp.roll_for(
        state, tables, "Kayla", "pilot-xp", Dice.own([]), ScriptedChooser(), value=5
    ).campaign
    warrior = cp.replay(state).find("Kayla")
    assert (warrior.stat("skill"), warrior.xp) == (0, 3)  # ASCE p.29: 0 is the best
