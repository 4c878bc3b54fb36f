"""Provides ``BattleScreen``: the play screen — units in a battle, keys to mark what happens, Betrayal.

Every change goes through ``cardsmith.battle.actions`` and is saved to the battle file
(atomically) before the screen shows it; damage, crits and wounds wait for the End Phase
(``e``) unless marked "now", and ``u`` takes back the last change, an end of round too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from cardsmith.battle import actions, effects
from cardsmith.battle.crits import CritKind
from cardsmith.battle.state import Battle
from cardsmith.errors import CardsmithError
from cardsmith.services import battle as play
from cardsmith.tui.screens.battle_dialogs import (
    AmountDialog,
    ChoiceDialog,
    CritDialog,
    StartBattleDialog,
)
from cardsmith.tui.screens.dialogs import PathDialog
from cardsmith.tui.widgets.battle_betrayal import BetrayalPanel
from cardsmith.tui.widgets.battle_detail import UnitDetail
from cardsmith.tui.widgets.battle_grid import BattleGrid
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.tui.app import CardsmithApp

#: Actions that need a unit under the cursor.
_UNIT_ACTIONS = frozenset({"damage", "heat", "crit", "wound", "flags"})
#: Actions of the Betrayal panel (they need the rule switched on in the battle).
_BETRAYAL_ACTIONS = frozenset({"betrayal", "within", "objective", "roll"})

#: What a failed change can raise: the core's errors, and ValueError from parsing a roll.
_EDIT_ERRORS = (CardsmithError, ValueError)


class BattleScreen(Screen[None]):
    """A battle in play: one row per unit, the selected unit's detail, and the Betrayal test."""

    BINDINGS = [
        Binding("o", "open", "Open", tooltip="Open a battle file", id="battle.open"),
        Binding(
            "n",
            "new",
            "New",
            show=False,
            tooltip="Start a battle from the open force (saved) and opposing force files",
            id="battle.new",
        ),
        Binding(
            "d",
            "damage(False)",
            "Damage",
            tooltip="Mark damage (applied in the End Phase)",
            id="battle.damage",
        ),
        Binding(
            "D",
            "damage(True)",
            "Damage now",
            show=False,
            tooltip="Mark damage at once (a correction)",
            id="battle.damage-now",
        ),
        Binding(
            "h",
            "heat",
            "Heat/OV",
            tooltip="Stage heat (OV used, HT, water) or correct it",
            id="battle.heat",
        ),
        Binding(
            "c",
            "crit",
            "Crit",
            tooltip="Mark a critical hit by kind or by table roll",
            id="battle.crit",
        ),
        Binding(
            "w",
            "wound",
            "Wound",
            show=False,
            tooltip="Mark a pilot wound (applied in the End Phase)",
            id="battle.wound",
        ),
        Binding(
            "f",
            "flags",
            "Flags",
            show=False,
            tooltip="Set or clear shut down, immobile, destroyed, withdrawn, pilotless",
            id="battle.flags",
        ),
        Binding(
            "e",
            "end_round",
            "End round",
            tooltip="End Phase: apply staged changes, resolve heat, next turn",
            id="battle.end-round",
        ),
        Binding(
            "u,ctrl+z",
            "undo",
            "Undo",
            tooltip="Take back the last change (an end of round too)",
            id="battle.undo",
        ),
        Binding(
            "b",
            "betrayal",
            "Betrayal",
            tooltip="Go to the Betrayal roll box of the selected unit",
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
            tooltip="Betrayal: next pre-chosen objective (B flee, C stay, D sabotage)",
            id="battle.objective",
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
            "escape",
            "focus_grid",
            "Grid",
            show=False,
            tooltip="Back to the unit grid",
            id="battle.grid",
        ),
    ]

    @dataclass
    class Opened(Message):
        """A battle finished loading (or starting) in a worker thread."""

        session: play.BattleSession | None
        error: str = ""
        note: str = ""

    def __init__(self) -> None:
        super().__init__(id="battle")
        self.session: play.BattleSession | None = None

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    @property
    def battle(self) -> Battle | None:
        """The battle on screen, if any."""
        return self.session.battle if self.session else None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="battle-title")
        yield BattleGrid(id="battle-grid")
        with Horizontal(id="battle-lower"):
            with VerticalScroll(id="battle-detail-pane"):
                yield UnitDetail(id="battle-detail")
            with VerticalScroll(id="betrayal-pane"):
                yield BetrayalPanel(id="betrayal")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Battle"
        self.query_one("#battle-detail-pane").border_title = "Unit"
        self.query_one("#betrayal-pane").border_title = "Betrayal (seed 000)"
        self.refresh_battle()
        self.query_one(BattleGrid).focus()

    def on_screen_resume(self) -> None:
        # The CLI may have changed the file while another screen was up: read it again.
        if self.session is not None and self.session.changed_on_disk():
            path = self.session.path
            self._load(lambda: play.BattleSession.open(path), f"Reloaded {path} (changed on disk)")

    # -- opening --------------------------------------------------------------------------

    def open_battle(self, path: Path) -> None:
        """Load a battle file in a worker; the screen shows it when it arrives."""
        self._load(lambda: play.BattleSession.open(path), f"Opened {path}")

    @work(thread=True, exclusive=True, group="battle-load", exit_on_error=False)
    def _load(self, make: Callable[[], play.BattleSession], note: str) -> None:
        try:
            session = make()
        except CardsmithError as exc:
            self.post_message(self.Opened(None, exc.message))
            return
        self.post_message(self.Opened(session, note=note))

    def on_battle_screen_opened(self, message: Opened) -> None:
        if message.session is None:
            self.notify(
                message.error, title="No battle", severity="error", timeout=12, markup=False
            )
            return
        same_file = self.session is not None and self.session.path == message.session.path
        self.session = message.session
        battle = message.session.battle
        self.notify(
            f"{message.note}: turn {battle.turn}, {count(len(battle.units), 'unit')}.",
            title="Battle",
            markup=False,
        )
        grid = self.query_one(BattleGrid)
        if not same_file:
            grid.move_cursor(row=0)
        self.refresh_battle(choices=True)
        grid.focus()

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_open(self) -> None:
        """Ask for a battle file and open it."""
        current = str(self.session.path) if self.session else ""
        path = await self.app.push_screen_wait(PathDialog("Open a battle file", current, "Open"))
        if path is not None:
            self.open_battle(path)

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_new(self) -> None:
        """Start a battle from the open force and the opposing force files."""
        document = self.cs_app.document
        if document.path is None or document.dirty:
            self.notify(
                "Save the force first (Ctrl+S): a battle refers to its force file.",
                severity="warning",
            )
            return
        force_path = document.path
        suggested = force_path.with_name(f"{force_path.stem}-battle.json")
        request = await self.app.push_screen_wait(
            StartBattleDialog(force_path, suggested, play.optional_packs())
        )
        if request is not None:
            self._load(
                lambda: play.BattleSession.start(list(request.forces), request.out, request.packs),
                f"Started {request.out}",
            )

    # -- drawing ------------------------------------------------------------------------------

    def refresh_battle(self, *, choices: bool = False) -> None:
        """Redraw the title, grid, detail and Betrayal panel from the session."""
        battle = self.battle
        title = self.query_one("#battle-title", Static)
        grid = self.query_one(BattleGrid)
        if battle is None or self.session is None:
            title.update(
                "No battle open   [dim]o: open a battle file · n: start one from the open force"
                " · F1: keys[/dim]"
            )
            grid.show_units([])
        else:
            waiting = (
                f"   [b yellow]{len(battle.pending)} staged[/] for the End Phase (e)"
                if battle.pending
                else ""
            )
            packs = f"   optional: {escape(', '.join(battle.packs))}" if battle.packs else ""
            sides = " vs ".join(escape(s.name) for s in battle.sides)
            title.update(
                f"[b]Turn {battle.turn}[/b]   {sides}   {escape(str(self.session.path))}"
                f"{waiting}{packs}   [dim]F1: keys[/dim]"
            )
            grid.show_units([play.unit_view(battle, state) for state in battle.units])
        self._refresh_unit(choices=choices)

    def _refresh_unit(self, *, choices: bool = False) -> None:
        battle = self.battle
        key = self.query_one(BattleGrid).unit_key
        self.query_one(UnitDetail).show(battle, key)
        pane = self.query_one("#betrayal-pane")
        pane.display = battle is not None and play.betrayal_on(battle)
        if pane.display:
            if choices and battle is not None and key is not None:
                panel = self.query_one(BetrayalPanel)
                state = battle.unit(key)
                rule = play.betrayal_rule(battle)
                others = [n for n in range(1, len(battle.sides) + 1) if n != state.controller]
                designated = (
                    play.designated_objective(battle, others[0]) if len(others) == 1 else ""
                )
                panel.set_choices(battle, rule, state.controller, designated)
            self._refresh_betrayal()
        self.refresh_bindings()

    def _refresh_betrayal(self) -> None:
        battle = self.battle
        panel = self.query_one(BetrayalPanel)
        key = self.query_one(BattleGrid).unit_key
        if battle is None or key is None:
            panel.show(None, None)
            return
        try:
            check = play.betrayal_check(battle, key, panel.within_10, panel.instigator)
        except CardsmithError as exc:
            panel.show(None, None, exc.message)
            return
        panel.show(check, play.betrayal_rule(battle))

    @on(DataTable.RowHighlighted, "#battle-grid")
    def _row_highlighted(self) -> None:
        self._refresh_unit(choices=True)

    @on(BetrayalPanel.Changed)
    def _betrayal_changed(self) -> None:
        self._refresh_betrayal()

    # -- changes --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        battle = self.battle
        key = self.query_one(BattleGrid).unit_key if self.is_mounted else None
        if action in _UNIT_ACTIONS and (battle is None or key is None):
            return None
        if action == "heat" and battle is not None and key is not None:
            return True if effects.tracks_heat(battle.entry(battle.unit(key)).unit) else None
        if action == "end_round" and battle is None:
            return None
        if action == "undo" and (battle is None or not battle.log):
            return None
        if action in _BETRAYAL_ACTIONS and (
            battle is None or key is None or not play.betrayal_on(battle)
        ):
            return None
        if action == "new" and self.cs_app.document.path is None:
            return None
        return True

    def _selected(self) -> tuple[play.BattleSession, str, str] | None:
        """The session, the unit key under the cursor and its name."""
        key = self.query_one(BattleGrid).unit_key
        if self.session is None or key is None:
            self.notify("Open a battle first (o).", severity="warning")
            return None
        battle = self.session.battle
        return self.session, key, battle.entry(battle.unit(key)).name

    def _change(self, edit: Callable[[Battle], Battle], extra: str = "") -> bool:
        """Apply, save and show a change; errors become notifications."""
        if self.session is None:
            return False
        try:
            lines = self.session.change(edit)
        except _EDIT_ERRORS as exc:
            message = exc.message if isinstance(exc, CardsmithError) else str(exc)
            self.notify(message, title="Not done", severity="warning", timeout=8, markup=False)
            return False
        self.refresh_battle()
        text = "\n".join(lines) + (f"\n{extra}" if extra else "")
        self.notify(text, timeout=4, markup=False)
        return True

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_damage(self, now: bool) -> None:
        """Ask how much damage, and mark it (staged, or now)."""
        selected = self._selected()
        if selected is None:
            return
        session, key, name = selected
        when = "at once (correction)" if now else "in the End Phase"
        points = await self.app.push_screen_wait(
            AmountDialog(
                f"Damage to {key} {name}", 1, f"Armor first, then structure; applied {when}."
            )
        )
        if points is None:
            return
        before = actions.projected(session.battle, key)
        entry = session.battle.entry(before)
        if not self._change(lambda b: actions.damage(b, key, points, now=now)):
            return
        after = actions.projected(session.battle, key)
        hints = []
        if after.structure_damage > before.structure_damage and not after.destroyed:
            hints.append("Structure damaged: roll for a critical hit (c).")
        if effects.family(entry.unit) == "vehicle" and not after.destroyed:
            hints.append("Vehicle damaged: roll on the motive table (c).")
        if hints:
            self.notify(" ".join(hints), title="Roll", timeout=6)

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_heat(self) -> None:
        """Stage heat for the End Phase, or correct the level now."""
        selected = self._selected()
        if selected is None:
            return
        session, key, name = selected
        choice = await self.app.push_screen_wait(
            ChoiceDialog(f"Heat of {key} {name}", play.heat_choices(session.battle, key))
        )
        if choice is not None:
            self._change(lambda b: play.apply_heat(b, key, choice))

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_crit(self) -> None:
        """Mark a critical hit by kind, or by a roll on the crit or motive table."""
        selected = self._selected()
        if selected is None:
            return
        session, key, name = selected
        entry = session.battle.entry(session.battle.unit(key))
        request = await self.app.push_screen_wait(
            CritDialog(
                f"Critical hit on {key} {name}",
                play.crit_choices(session.battle, key),
                vehicle=effects.family(entry.unit) == "vehicle",
            )
        )
        if request is None:
            return
        kind: CritKind | None
        try:
            if request.kind:
                kind = CritKind(request.kind)
            else:
                kind = play.crit_for_roll(session.battle, key, request.roll, motive=request.motive)
        except _EDIT_ERRORS as exc:
            self.notify(str(exc), title="Not done", severity="warning", markup=False)
            return
        if kind is None:
            table = "motive" if request.motive else "crit"
            self.notify(f"Roll {request.roll} on the {table} table: no effect.")
            return
        self._change(lambda b: actions.crit(b, key, kind, now=request.now))

    def action_wound(self) -> None:
        """Mark one pilot wound for the End Phase."""
        selected = self._selected()
        if selected is not None:
            _session, key, _name = selected
            self._change(lambda b: actions.wound(b, key))

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_flags(self) -> None:
        """Toggle one of the unit's hand-set flags."""
        selected = self._selected()
        if selected is None:
            return
        session, key, name = selected
        flag = await self.app.push_screen_wait(
            ChoiceDialog(
                f"Flags of {key} {name}",
                play.flag_choices(session.battle, key),
                "Enter toggles the flag at once.   Esc: cancel",
            )
        )
        if flag is not None:
            value = not getattr(session.battle.unit(key), flag)
            self._change(lambda b: actions.set_flag(b, key, flag, value))

    def action_end_round(self) -> None:
        """Run the End Phase and start the next turn."""
        if self.session is None:
            return
        turn = self.session.battle.turn
        staged = len(self.session.battle.pending)
        self._change(
            actions.end_round, f"{count(staged, 'staged change')} applied; turn {turn + 1} begins."
        )

    def action_undo(self) -> None:
        """Take back the last change."""
        if self.session is None:
            return
        try:
            text = self.session.undo()
        except CardsmithError as exc:
            self.notify(exc.message, severity="warning", markup=False)
            return
        self.refresh_battle(choices=True)
        self.notify(f"Undone: {text}", timeout=4, markup=False)

    def action_focus_grid(self) -> None:
        self.query_one(BattleGrid).focus()

    # -- betrayal -------------------------------------------------------------------------------

    def action_betrayal(self) -> None:
        self.query_one(BetrayalPanel).focus_roll()

    def action_within(self) -> None:
        self.query_one(BetrayalPanel).toggle_within()

    def action_objective(self) -> None:
        if self.battle is not None:
            self.query_one(BetrayalPanel).cycle_objective(play.betrayal_rule(self.battle))

    def action_roll(self) -> None:
        self._resolve(None)

    @on(BetrayalPanel.Resolve)
    def _resolve_asked(self, event: BetrayalPanel.Resolve) -> None:
        self._resolve(event.roll)

    def _resolve(self, roll: int | None) -> None:
        selected = self._selected()
        if selected is None:
            return
        session, key, name = selected
        panel = self.query_one(BetrayalPanel)
        seed_note = ""
        if roll is None:
            seed = play.roll_seed(session.path, session.battle, key)
            roll = play.seeded_roll(seed)
            seed_note = f" (dice seed {seed!r})"
        try:
            outcome = session.resolve_betrayal(
                key,
                roll,
                within_10=panel.within_10,
                objective=panel.objective,
                instigator=panel.instigator,
            )
        except CardsmithError as exc:
            self.notify(
                exc.message, title="No betrayal test", severity="warning", timeout=10, markup=False
            )
            return
        battle = outcome.battle
        side = battle.side_name(outcome.check.instigator)
        if outcome.success:
            objective = outcome.objective.label if outcome.objective else "—"
            text = (
                f"Roll {roll} vs TN {outcome.check.tn}: SUCCESS — {key} {name} now fights for "
                f"{side}; objective {objective}; skill +1 for weapons and for piloting."
            )
        else:
            text = (
                f"Roll {roll} vs TN {outcome.check.tn}: failure — no new test on {key} next turn."
            )
        self.refresh_battle(choices=True)
        self.notify(text + seed_note, title="Betrayal", timeout=10, markup=False)
        self.query_one(BattleGrid).focus()
