"""Provides ``BattleScreen``: the battle screen — units in a battle, keys to mark what happens, Betrayal.

Every key calls the use case the CLI calls (``services.battle``), which saves the battle
file under its lock before the screen shows the result; damage, crits and wounds wait for
the End Phase (``e``) unless marked "now", and ``u`` takes back the last change, an end
of round too.
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
from textual.widgets import DataTable, Header, Static

from cardsmith.errors import CardsmithError
from cardsmith.services import battle as use
from cardsmith.services import battle_choices as choices
from cardsmith.services import betrayal as treason
from cardsmith.services import recent_files as recent
from cardsmith.services.battle import BattleSession, Outcome
from cardsmith.tui.screens.battle_betrayal import (
    BETRAYAL_ACTIONS,
    BETRAYAL_BINDINGS,
    BetrayalScreen,
)
from cardsmith.tui.screens.battle_dialogs import (
    AmountDialog,
    ChoiceDialog,
    CritDialog,
    StartBattleDialog,
)
from cardsmith.tui.screens.dialogs import FileErrorPanel, PathDialog
from cardsmith.tui.widgets.battle_betrayal import BetrayalPanel
from cardsmith.tui.widgets.battle_detail import UnitDetail
from cardsmith.tui.widgets.battle_grid import BattleGrid
from cardsmith.tui.widgets.key_footer import KeyFooter
from cardsmith.wording import count

if TYPE_CHECKING:
    from cardsmith.tui.app import CardsmithApp

#: Actions that need a unit under the cursor.
_UNIT_ACTIONS = frozenset({"damage", "heat", "crit", "wound", "flags"})


def _binding(key: str, action: str, label: str, tip: str, *, show: bool = True) -> Binding:
    return Binding(key, action, label, show=show, tooltip=tip, id=f"battle.{action.split('(')[0]}")


class BattleScreen(BetrayalScreen):
    """A battle in play: one row per unit, the selected unit's detail, and the Betrayal test."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #battle-grid {
        height: auto;
        max-height: 50%;
    }
    #battle-lower {
        height: 1fr;
        min-height: 12;
    }
    #battle-detail-pane,
    #betrayal-pane {
        width: 1fr;
        scrollbar-size-vertical: 1;
    }
    """

    BINDINGS = [
        _binding("o", "open", "Open", "Open a battle file"),
        _binding("n", "new", "New", "Start a battle from the open force (saved)", show=False),
        _binding("d", "damage(False)", "Damage", "Mark damage (applied in the End Phase)"),
        Binding(
            "D",
            "damage(True)",
            "Damage now",
            show=False,
            tooltip="Mark damage at once (a correction)",
            id="battle.damage-now",
        ),
        _binding("h", "heat", "Heat/OV", "Stage heat (OV used, HT, water) or correct it"),
        _binding("c", "crit", "Crit", "Mark a critical hit by kind or by table roll"),
        _binding("w", "wound", "Wound", "Mark a pilot wound (End Phase)", show=False),
        _binding("f", "flags", "Flags", "Set or clear shut down, immobile …", show=False),
        _binding("e", "end_round", "End round", "End Phase: staged changes, heat, next turn"),
        Binding(
            "u,ctrl+z",
            "undo",
            "Undo",
            tooltip="Take back the last change (an end of round too)",
            id="battle.undo",
        ),
        *BETRAYAL_BINDINGS,
        _binding("escape", "focus_grid", "Grid", "Back to the unit grid", show=False),
    ]

    @dataclass
    class Opened(Message):
        """A battle finished loading (or starting) in a worker thread."""

        session: BattleSession | None
        error: str = ""
        note: str = ""

    def __init__(self) -> None:
        super().__init__(id="battle")
        self.session: BattleSession | None = None

    @property
    def cs_app(self) -> CardsmithApp:
        """The app, typed."""
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="battle-title", classes="screen-title")
        yield BattleGrid(id="battle-grid")
        with Horizontal(id="battle-lower"):
            with VerticalScroll(id="battle-detail-pane", classes="pane"):
                yield UnitDetail(id="battle-detail")
            with VerticalScroll(id="betrayal-pane", classes="pane"):
                yield BetrayalPanel(id="betrayal")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.sub_title = "Battle"
        self.query_one("#battle-detail-pane").border_title = "Unit"
        self.query_one("#betrayal-pane").border_title = "Betrayal (b)"
        self.refresh_battle()
        self.query_one(BattleGrid).focus()

    def on_screen_resume(self) -> None:
        # The CLI may have changed the file while another screen was up: read it again.
        if self.session is not None and self.session.changed_on_disk():
            path = self.session.path
            self._load(lambda: BattleSession.open(path), f"Reloaded {path} (changed on disk)")

    # -- opening --------------------------------------------------------------------------

    def open_battle(self, path: Path) -> None:
        """Load a battle file in a worker; the screen shows it when it arrives."""
        self._load(lambda: BattleSession.open(path), f"Opened {path}")

    @work(thread=True, exclusive=True, group="battle-load", exit_on_error=False)
    def _load(self, make: Callable[[], BattleSession], note: str) -> None:
        try:
            session = make()
        except CardsmithError as exc:
            self.post_message(self.Opened(None, exc.message))
            return
        self.post_message(self.Opened(session, note=note))

    def on_battle_screen_opened(self, message: Opened) -> None:
        if message.session is None:
            self.app.push_screen(FileErrorPanel("No battle opened", message.error))
            return
        recent.remember("battle", message.session.path)
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
        path = await self.app.push_screen_wait(
            PathDialog("Open a battle file", current, "Open", kind="battle")
        )
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
            StartBattleDialog(force_path, suggested, choices.optional_packs())
        )
        if request is not None:
            self._load(
                lambda: BattleSession.start(request.forces, request.out, request.packs),
                f"Started {request.out}",
            )

    # -- drawing ------------------------------------------------------------------------------

    def refresh_battle(self, *, choices: bool = False) -> None:
        """Redraw the title, grid, detail and Betrayal panel from the session."""
        title = self.query_one("#battle-title", Static)
        grid = self.query_one(BattleGrid)
        if self.session is None:
            title.update(
                "No battle open   [dim]o: open a battle file · n: start one from the open force"
                " · F1: keys[/dim]"
            )
            grid.show_units([])
        else:
            battle = self.session.battle
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
            grid.show_units(list(use.battle_view(battle)))
        self._refresh_unit(choices=choices)

    def _refresh_unit(self, *, choices: bool = False) -> None:
        battle = self.session.battle if self.session else None
        key = self.query_one(BattleGrid).unit_key
        self.query_one(UnitDetail).show(battle, key)
        pane = self.query_one("#betrayal-pane")
        pane.display = battle is not None and treason.betrayal_on(battle)
        if pane.display and battle is not None:
            if choices and key is not None:
                state = battle.unit(key)
                rule = treason.betrayal_rule(battle)
                others = [n for n in range(1, len(battle.sides) + 1) if n != state.controller]
                designated = (
                    treason.designated_objective(battle, others[0]) if len(others) == 1 else ""
                )
                self._panel().set_choices(battle, rule, state.controller, designated)
            self.refresh_betrayal_panel()
        self.refresh_bindings()

    @on(DataTable.RowHighlighted, "#battle-grid")
    def _row_highlighted(self) -> None:
        self._refresh_unit(choices=True)

    @on(BetrayalPanel.Changed)
    def _betrayal_changed(self) -> None:
        self.refresh_betrayal_panel()

    # -- changes --------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        battle = self.session.battle if self.session else None
        key = self.query_one(BattleGrid).unit_key if self.is_mounted else None
        if action in _UNIT_ACTIONS and (battle is None or key is None):
            return None
        if action == "heat" and battle is not None and key is not None:
            return True if choices.tracks_heat(battle, key) else None
        if action == "end_round" and battle is None:
            return None
        if action == "undo" and (battle is None or not battle.log):
            return None
        if action in BETRAYAL_ACTIONS and (
            battle is None or key is None or not treason.betrayal_on(battle)
        ):
            return None
        if action == "new" and self.cs_app.document.path is None:
            return None
        return True

    def why_not(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why ``action`` is switched off now (``check_action``), in the player's words."""
        battle = self.session.battle if self.session else None
        key = self.query_one(BattleGrid).unit_key
        if action == "new":
            return "Save the force first (Ctrl+S): a battle starts from a force file."
        if battle is None:
            return "No battle open: o opens one, n starts one from the saved force."
        if action == "undo":
            return "Nothing to undo in this battle yet."
        if key is None:
            return "Put the cursor on a unit first."
        if action == "heat":
            return "This unit keeps no heat scale."
        if action in BETRAYAL_ACTIONS:
            return "The Betrayal rule is not in play in this battle."
        return None

    def _selected(self) -> tuple[BattleSession, str, str] | None:
        """The session, the unit key under the cursor and its name."""
        key = self.query_one(BattleGrid).unit_key
        if self.session is None or key is None:
            self.notify("Open a battle first (o).", severity="warning")
            return None
        battle = self.session.battle
        return self.session, key, battle.entry(battle.unit(key)).name

    def _run(self, use_case: Callable[..., Outcome], *args: object, **kwargs: object) -> bool:
        """Run a use case on the open battle, redraw, and say what happened (or why not)."""
        if self.session is None:
            return False
        try:
            outcome = self.session.run(use_case, *args, **kwargs)
        except CardsmithError as exc:
            self.notify(exc.message, title="Not done", severity="warning", timeout=8, markup=False)
            return False
        self.refresh_battle(choices=True)
        self.notify("\n".join(outcome.lines), timeout=4, markup=False)
        if outcome.prompts:
            rolls = "\n".join(f"{p.text} (c)" for p in outcome.prompts)
            self.notify(rolls, title="Roll", timeout=8, markup=False)
        return True

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_damage(self, now: bool) -> None:
        """Ask how much damage, and mark it (staged, or now)."""
        selected = self._selected()
        if selected is None:
            return
        _session, key, name = selected
        when = "at once (correction)" if now else "in the End Phase"
        points = await self.app.push_screen_wait(
            AmountDialog(
                f"Damage to {key} {name}", 1, f"Armor first, then structure; applied {when}."
            )
        )
        if points is not None:
            self._run(use.mark_damage, key, points, now=now)

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_heat(self) -> None:
        """Stage heat for the End Phase, or correct the level now."""
        selected = self._selected()
        if selected is None:
            return
        session, key, name = selected
        choice = await self.app.push_screen_wait(
            ChoiceDialog(f"Heat of {key} {name}", choices.heat_choices(session.battle, key))
        )
        if choice is not None:
            self._run(choices.apply_heat_choice, key, choice)

    @work(exclusive=True, group="battle-dialog", exit_on_error=False)
    async def action_crit(self) -> None:
        """Mark a critical hit by kind, or by a roll on the crit or motive table."""
        selected = self._selected()
        if selected is None:
            return
        session, key, name = selected
        request = await self.app.push_screen_wait(
            CritDialog(
                f"Critical hit on {key} {name}",
                choices.crit_choices(session.battle, key),
                vehicle=choices.rolls_motive(session.battle, key),
            )
        )
        if request is None:
            return
        roll = request.roll if request.roll and not request.motive else None
        motive = request.roll if request.roll and request.motive else None
        self._run(
            use.mark_crit, key, request.kind or None, roll=roll, motive_roll=motive, now=request.now
        )

    def action_wound(self) -> None:
        """Mark one pilot wound for the End Phase."""
        selected = self._selected()
        if selected is not None:
            self._run(use.mark_wound, selected[1])

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
                choices.flag_choices(session.battle, key),
                "Enter toggles the flag at once.   Esc: cancel",
            )
        )
        if flag is not None:
            self._run(use.set_flag, key, flag)

    def action_end_round(self) -> None:
        """Run the End Phase and start the next turn."""
        self._run(use.end_round)

    def action_undo(self) -> None:
        """Take back the last change."""
        self._run(use.undo)

    def action_focus_grid(self) -> None:
        self.query_one(BattleGrid).focus()
