"""Provides the battle screen's Betrayal keys (seed 000): designate, range, objective, roll, sabotage.

The base of ``BattleScreen``: each key calls the Betrayal use case the CLI calls
(``services.betrayal``) and shows what it returns.  The keys work wherever focus is on
the screen (the grid or the Betrayal panel), and F1 lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on, work
from textual.binding import Binding
from textual.screen import Screen

from cardsmith.errors import CardsmithError
from cardsmith.services import betrayal as treason
from cardsmith.services.battle import Outcome
from cardsmith.services.battle_choices import Choice
from cardsmith.tui.screens.battle_dialogs import ChoiceDialog
from cardsmith.tui.widgets.battle_betrayal import BetrayalPanel
from cardsmith.tui.widgets.battle_grid import BattleGrid

if TYPE_CHECKING:
    from cardsmith.services.battle import BattleSession

#: Actions of the Betrayal keys (they need the rule switched on in the battle).
BETRAYAL_ACTIONS = frozenset({"betrayal", "within", "objective", "roll", "designate", "sabotage"})

BETRAYAL_BINDINGS = [
    Binding(
        "b",
        "betrayal",
        "Betrayal",
        tooltip="Go to the Betrayal panel: t, g, a and r work there; type the 2D6 and Enter",
        id="battle.betrayal",
    ),
    Binding(
        "t",
        "within",
        "Within 10",
        show=False,
        tooltip="Betrayal: toggle 'within 10 hexes of an active instigator unit'",
        id="battle.within",
    ),
    Binding(
        "g",
        "objective",
        "Objective",
        show=False,
        tooltip="Betrayal: next objective (B flee, C stay, D sabotage) until it is designated",
        id="battle.objective",
    ),
    Binding(
        "a",
        "designate",
        "Designate",
        show=False,
        tooltip="Betrayal: designate the selected unit with the objective shown (fixed for the game)",
        id="battle.designate",
    ),
    Binding(
        "r",
        "roll",
        "Roll",
        show=False,
        tooltip="Betrayal: roll 2D6 (seeded, shown) and apply the outcome",
        id="battle.roll",
    ),
    Binding(
        "k",
        "sabotage",
        "Sabotage",
        show=False,
        tooltip="Betrayal objective D: the selected traitor punches a former ally's rear",
        id="battle.sabotage",
    ),
]


class BetrayalScreen(Screen[None]):
    """The Betrayal half of the battle screen: ``BattleScreen`` builds on it."""

    session: BattleSession | None

    def refresh_battle(self, *, choices: bool = False) -> None:
        """Redraw the screen from the session (``BattleScreen`` draws it)."""
        raise NotImplementedError

    def _panel(self) -> BetrayalPanel:
        return self.query_one(BetrayalPanel)

    def action_betrayal(self) -> None:
        """Put focus on the Betrayal panel (its keys and typed digits work there)."""
        self._panel().focus()

    def action_within(self) -> None:
        self._panel().toggle_within()

    def action_objective(self) -> None:
        if self.session is not None and not self._panel().cycle_objective(
            treason.betrayal_rule(self.session.battle)
        ):
            self._say("The objective was fixed when the unit was designated.")

    def action_roll(self) -> None:
        self._resolve(None)

    @on(BetrayalPanel.Resolve)
    def _resolve_asked(self, event: BetrayalPanel.Resolve) -> None:
        self._resolve(event.roll)

    def _say(self, text: str, *, title: str = "Betrayal", warn: bool = False) -> None:
        self.notify(
            text,
            title=title,
            severity="warning" if warn else "information",
            timeout=10,
            markup=False,
        )

    def _key(self) -> str | None:
        key = self.query_one(BattleGrid).unit_key
        if self.session is None or key is None:
            self._say("Open a battle first (o).", warn=True)
            return None
        return key

    def _redraw(self) -> None:
        self.refresh_battle(choices=True)

    def action_designate(self) -> None:
        key = self._key()
        if key is None or self.session is None:
            return
        panel = self._panel()
        try:
            outcome = self.session.run(
                treason.designate, key, panel.objective, instigator=panel.instigator
            )
        except CardsmithError as exc:
            self._say(exc.message, title="Not designated", warn=True)
            return
        self._redraw()
        self._say("\n".join(outcome.lines))

    def _resolve(self, roll: int | None) -> None:
        key = self._key()
        if key is None or self.session is None:
            return
        session, panel = self.session, self._panel()
        seed = None if roll is not None else treason.roll_seed(session.path, session.battle, key)
        try:
            test = treason.betrayal_test(
                session.path,
                key,
                within_10=panel.within_10,
                roll=roll,
                seed=seed,
                instigator=panel.instigator,
                objective=panel.objective,
                apply=True,
            )
        except CardsmithError as exc:
            self._say(exc.message, title="No betrayal test", warn=True)
            return
        if not test.applied:
            reasons = "; ".join(test.check.reasons_not)
            self._say(f"No betrayal test on {key} now: {reasons}", warn=True)
            return
        session.adopt(Outcome(test.battle, test.lines))
        note = f" (dice seed {seed!r})" if seed is not None else ""
        self._redraw()
        self._say("\n".join(test.lines) + note)
        self.query_one(BattleGrid).focus()

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_sabotage(self) -> None:
        """Objective D: pick the former ally, say whether the punch hit, apply it."""
        key = self._key()
        if key is None or self.session is None:
            return
        battle = self.session.battle
        traitor = battle.unit(key)
        allies = [
            Choice(s.key, f"{s.key} {e.name} ({e.unit.tonnage:g} t)")
            for s, e in battle.pairs()
            if s.side == traitor.side and s.controller == traitor.side and not s.out_of_play
        ]
        target = await self.app.push_screen_wait(ChoiceDialog(f"Sabotage by {key}: target", allies))
        if target is None:
            return
        hit = await self.app.push_screen_wait(
            ChoiceDialog(
                f"Rear punch on {target}",
                [Choice("hit", "Hit: damage +1 rear, two crit rolls"), Choice("miss", "Missed")],
            )
        )
        if hit is None:
            return
        try:
            outcome = self.session.run(treason.sabotage, key, target, hit=hit == "hit")
        except CardsmithError as exc:
            self._say(exc.message, title="No sabotage", warn=True)
            return
        self._redraw()
        lines = [*outcome.lines, *(f"Roll: {p.text} (c)" for p in outcome.prompts)]
        self._say("\n".join(lines))

    def refresh_betrayal_panel(self) -> None:
        """Redraw the TN, modifiers and status of the selected unit."""
        panel = self._panel()
        key = self.query_one(BattleGrid).unit_key
        if self.session is None or key is None:
            panel.show(None)
            return
        battle = self.session.battle
        try:
            check = treason.betrayal_check(battle, key, panel.within_10, panel.instigator)
        except CardsmithError as exc:
            panel.show(None, note=exc.message)
            return
        fixed = treason.designated_objective(battle, check.instigator)
        status = treason.panel_status(battle, key, check, panel.objective)
        panel.show(check, status, fixed=fixed)
