"""The app's post-game records old battle wounds with the player's own dice source."""

from __future__ import annotations

import pytest

from cardsmith import campaign as cp
from cardsmith.services import campaign as svc
from cardsmith.tables import Dice, ScriptedChooser, load_tables

STATS = {"move": 6, "shooting": 4, "fighting": 3, "strength": 3, "toughness": 3,
         "attacks": 1, "wounds": 1, "courage": 2, "glory": 0, "luck": 0}  # fmt: skip


def _wounded_campaign() -> cp.Campaign:
    tables = load_tables()
    state = cp.new_campaign("Banda", "old-west", tables, ["shooting", "guts"])
    state, _ = cp.add_warrior(state, tables, "Slim", "hero", STATS)
    warrior = cp.replay(state).warriors[0].id
    # D66 32 on the serious injury table: old battle wound.
    rolled = cp.roll_for(state, tables, warrior, "injury", Dice.own([3, 2]), ScriptedChooser())
    assert rolled.outcome.entry == "old-battle-wound"
    return rolled.campaign


@pytest.mark.parametrize(("die", "absent"), [(1, True), (4, False)])
def test_own_dice_decide_who_plays(die: int, absent: bool) -> None:
    state = _wounded_campaign()
    done = svc.post_game(state, cp.PostGamePlan(opponent="Rivals"), svc.Dice.own([die]))
    (check,) = done.checks
    assert check.roll.dice == (die,) and check.misses is absent


def test_own_dice_mode_asks_instead_of_rolling_silently() -> None:
    dice = svc.Dice.own()  # the player rolls every die
    with pytest.raises(svc.MoreDiceNeeded) as asked:
        svc.post_game(_wounded_campaign(), cp.PostGamePlan(), dice)
    assert "old battle wound" in asked.value.purpose
