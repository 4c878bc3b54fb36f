"""Provides ``CampaignScreen``: a campaign's roster, its log, the post-game flow and printing.

Every action is logged by the campaign core and saved at once (atomically, with a
``.bak``); a roll stops to ask the player whenever a table asks a question or the
player's own dice run out, then runs again on the same dice with the answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static
from textual.worker import Worker, WorkerState

from cardsmith import campaign as cp
from cardsmith.errors import CardsmithError
from cardsmith.services import campaign as svc
from cardsmith.tables import ChoiceNeeded
from cardsmith.tui.screens.campaign_dialogs import (
    AddWarriorDialog,
    CampaignPrintDialog,
    ChoiceDialog,
    ConfirmDialog,
    DiceDialog,
    NewCampaignDialog,
    NewWarrior,
)
from cardsmith.tui.screens.campaign_postgame import (
    DiceModeDialog,
    PostGameDialog,
    ReviewDialog,
)
from cardsmith.tui.screens.campaign_release import ask_release
from cardsmith.tui.screens.dialogs import PathDialog
from cardsmith.tui.widgets.campaign_log import CampaignLog
from cardsmith.tui.widgets.campaign_roster import RosterGrid
from cardsmith.wording import count

#: Actions that need an open campaign.
_NEEDS_CAMPAIGN = frozenset(
    {"add_warrior", "post_game", "undo_entry", "replace_roll", "release", "print"}
)


@dataclass
class CampaignPrinted(Message):
    """The roster sheet was written to ``path`` (posted from the printing thread)."""

    path: Path


class CampaignScreen(Screen[None]):
    """Open or create a campaign, keep its roster, run the post-game, correct the log."""

    BINDINGS = [
        Binding("n", "new_campaign", "New", tooltip="Create a campaign file", id="campaign.new"),
        Binding("o", "open_campaign", "Open", tooltip="Open a campaign file", id="campaign.open"),
        Binding("w", "add_warrior", "Add warrior", tooltip="Add a warrior", id="campaign.add"),
        Binding(
            "p",
            "post_game",
            "Post-game",
            tooltip="Record a game: injuries, XP, advances",
            id="campaign.post-game",
        ),
        Binding(
            "u",
            "undo_entry",
            "Undo entry",
            tooltip="Undo the log entry under the cursor (the last one from the roster)",
            id="campaign.undo",
        ),
        Binding(
            "r",
            "replace_roll",
            "Re-roll",
            tooltip="Replace the roll under the log cursor: roll again or enter real dice",
            id="campaign.replace",
        ),
        Binding(
            "x",
            "release",
            "Release",
            tooltip="Release the captured warrior under the cursor (ransom, exchange, bounty)",
            id="campaign.release",
        ),
        Binding("l", "focus_log", "Log", show=False, tooltip="Go to the log", id="campaign.log"),
        Binding(
            "f6", "print", "Print", tooltip="Write the roster sheet to a PDF", id="campaign.print"
        ),
    ]

    def __init__(self) -> None:
        super().__init__(id="campaign")
        self.campaign: cp.Campaign | None = None
        self.path: Path | None = None
        self.unsaved = False
        """True when the last save failed (the next action tries again)."""
        self.last_warrior: NewWarrior | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="campaign-title")
        yield RosterGrid(id="roster")
        with Horizontal(id="campaign-lower"):
            with VerticalScroll(id="warrior-pane"):
                yield Static("", id="warrior-detail")
            yield CampaignLog(id="campaign-log")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "Campaign"
        self.query_one("#roster").border_title = "Roster"
        self.query_one("#warrior-pane").border_title = "Warrior"
        self.query_one("#campaign-log").border_title = "Log"
        self.refresh_view()
        self.query_one(RosterGrid).focus()

    # -- drawing ----------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Redraw the title, roster, detail and log from the campaign's log."""
        title = self.query_one("#campaign-title", Static)
        if self.campaign is None:
            title.update(
                "No campaign open.   [b]o[/b]: open a campaign file   [b]n[/b]: start a new one"
            )
            self.refresh_bindings()
            return
        sheet = svc.sheet(self.campaign)
        state = "[b red]NOT SAVED[/] (retried on the next change)" if self.unsaved else "saved"
        house = "   [i]house-default tables[/i]" if sheet.house_default else ""
        title.update(
            f"[b]{escape(sheet.name)}[/b]   {escape(sheet.pack_title)}{house}   "
            f"{count(sheet.games_played, 'game')}   funds ${sheet.funds}   "
            f"{escape(str(self.path))} ({state})"
        )
        self.query_one(RosterGrid).show_sheet(sheet)
        self.query_one(CampaignLog).show_lines(svc.log_rows(self.campaign))
        self._show_detail()
        self.refresh_bindings()

    def _show_detail(self) -> None:
        row = self.query_one(RosterGrid).current
        detail = self.query_one("#warrior-detail", Static)
        if row is None:
            hint = "No warriors yet: press [b]w[/b] to add one." if self.campaign else ""
            detail.update(hint)
            return
        lines = [f"[b]{escape(row.name)}[/b] ({escape(row.role)}, {escape(row.status)})"]
        lines += [f"[b]{escape(h)}:[/b] {escape(t)}" for h, t in row.details]
        detail.update("\n".join(lines))

    @on(DataTable.RowHighlighted, "#roster")
    def _warrior_highlighted(self) -> None:
        self._show_detail()
        self.refresh_bindings()  # Release needs a captured warrior under the cursor

    @on(DataTable.RowHighlighted, "#campaign-log")
    def _entry_highlighted(self) -> None:
        self.refresh_bindings()

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    # -- state ------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _NEEDS_CAMPAIGN and self.campaign is None:
            return None
        if self.campaign is None:
            return True
        if action == "post_game" and not self.query_one(RosterGrid).shown:
            return None
        if action == "replace_roll":
            seq = self._log_seq()
            return True if seq is not None and svc.is_live_roll(self.campaign, seq) else None
        if action == "undo_entry" and not self.campaign.log:
            return None
        if action == "release":
            row = self.query_one(RosterGrid).current
            return True if row is not None and row.state == "captured" else None
        return True

    def _log_seq(self) -> int | None:
        log = self.query_one(CampaignLog)
        return log.seq if log.has_focus else None

    def use(self, campaign: cp.Campaign, path: Path) -> None:
        """Show ``campaign`` (already on disk at ``path``)."""
        self.campaign, self.path, self.unsaved = campaign, path, False
        self.last_warrior = None
        self.refresh_view()

    def _commit(self, campaign: cp.Campaign, done: str) -> None:
        """Keep the new campaign, save it atomically and say what happened."""
        self.campaign = campaign
        assert self.path is not None
        try:
            svc.save(campaign, self.path)
            self.unsaved = False
            self.notify(f"{done} — saved to {self.path.name}.", timeout=4)
        except CardsmithError as exc:
            self.unsaved = True
            self.notify(exc.message, title="Not saved", severity="error", timeout=15)
        self.refresh_view()

    def _fail(self, exc: CardsmithError, title: str) -> None:
        self.notify(exc.message, title=title, severity="error", timeout=12)

    # -- files ------------------------------------------------------------------------

    def open_path(self, path: Path) -> bool:
        """Open a campaign file; False (and a message) when it cannot be read."""
        try:
            campaign = svc.load(path)
        except CardsmithError as exc:
            self._fail(exc, f"Cannot open {path.name}")
            return False
        self.use(campaign, path)
        roster = cp.replay(campaign)
        self.notify(
            f"Opened {path}: {count(len(roster.warriors), 'warrior')}, {count(len(roster.games), 'game')}."
        )
        return True

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_open_campaign(self) -> None:
        """Ask for a campaign file and open it."""
        path = await self.app.push_screen_wait(
            PathDialog("Open a campaign file", str(self.path or ""), "Open")
        )
        if path is not None:
            self.open_path(path)

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_new_campaign(self) -> None:
        """Ask for a name, pack and file, and create the campaign there."""
        packs = svc.pack_choices()
        skill = {pack_id: svc.skill_table_choices(pack_id) for pack_id, _ in packs}
        default = (self.path.parent if self.path else Path.cwd()) / "campaign.json"
        asked = await self.app.push_screen_wait(NewCampaignDialog(default, packs, skill))
        if asked is None:
            return
        try:
            campaign = svc.create(asked.path, asked.name, asked.pack, asked.preferred)
        except CardsmithError as exc:
            self._fail(exc, "Campaign not created")
            return
        self.use(campaign, asked.path)
        self.notify(f"Created {asked.name!r} in {asked.path}. Press w to add warriors.")

    # -- warriors ---------------------------------------------------------------------

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_add_warrior(self) -> None:
        """Ask for a warrior and add them (logged)."""
        if self.campaign is None:
            return
        pack = self.campaign.pack
        try:
            kinds, stats = svc.kind_choices(pack), svc.stat_fields(pack)
        except (CardsmithError, KeyError):
            self.notify(f"Table pack {pack!r} is not installed.", severity="error")
            return
        last = self.last_warrior
        warriors = cp.replay(self.campaign).warriors
        if last is None and warriors:
            # Offer the newest warrior's kind and stats: most of a team starts alike.
            newest = warriors[-1]
            last = NewWarrior("", newest.kind, dict(newest.stats))
        asked = await self.app.push_screen_wait(AddWarriorDialog(kinds, stats, last))
        if asked is None or self.campaign is None:
            return
        try:
            campaign, warrior = cp.add_warrior(
                self.campaign, svc.tables(), asked.name, asked.kind, asked.stats, asked.equipment
            )
        except CardsmithError as exc:
            self._fail(exc, "Warrior not added")
            return
        self.last_warrior = asked
        self._commit(campaign, f"Added {warrior.name} ({warrior.id})")

    # -- rolls ------------------------------------------------------------------------

    async def _roll(
        self, campaign: cp.Campaign, step: svc.Step, dice: svc.Dice, opponent: str = ""
    ) -> cp.Rolled | None:
        """One roll, asking for choices and dice as they come up; None when the player stops."""
        title = svc.step_title(campaign, step)
        answers: list[str] = []
        mark = dice.mark()
        while True:
            dice.rewind(mark)
            try:
                return svc.run_step(campaign, step, dice, answers, opponent)
            except ChoiceNeeded as need:
                key = await self.app.push_screen_wait(
                    ChoiceDialog(title, need.prompt, need.options)
                )
                if key is None:
                    return None
                answers.append(key)
            except svc.MoreDiceNeeded as need:
                text = await self.app.push_screen_wait(
                    DiceDialog(f"{title} — {need.purpose}", need)
                )
                if text is None:
                    return None
                dice.add(text)

    async def _start_game(
        self, campaign: cp.Campaign, plan: svc.PostGamePlan, dice: svc.Dice
    ) -> cp.Campaign:
        """Record the game, rolling old battle wounds with the same dice as the rest."""
        mark = dice.mark()
        while True:
            dice.rewind(mark)
            try:
                return svc.start_game(campaign, plan, dice)
            except svc.MoreDiceNeeded as need:
                text = await self.app.push_screen_wait(
                    DiceDialog(f"Before the game — {need.purpose}", need)
                )
                if text is None:
                    raise _Stopped from None
                dice.add(text)

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_post_game(self) -> None:
        """Mark the game's casualties, XP and advances; roll; review; save."""
        if self.campaign is None:
            return
        before = self.campaign
        game = cp.replay(before).current_game + 1
        rows = self.query_one(RosterGrid).shown
        form = await self.app.push_screen_wait(PostGameDialog(game, rows, svc.new_seed()))
        if form is None:
            return
        plan, dice = form.plan, form.dice.source()
        rolls: list[str] = []
        notes: list[str] = []
        try:
            campaign = await self._start_game(before, plan, dice)
            roster = cp.replay(campaign)
            for check in cp.game_checks(campaign):
                rolls.append(f"{roster.find(check.warrior).name}: {check.describe()}")
            injuries = [s for s in svc.steps(plan) if s.table == "injury"]
            advances = [s for s in svc.steps(plan) if s.table == "advancement"]
            for step in injuries:
                campaign = await self._step(campaign, step, dice, plan.opponent, rolls, notes)
            campaign = svc.award_xp(campaign, plan)
            for step in advances:
                campaign = await self._step(campaign, step, dice, plan.opponent, rolls, notes)
        except _Stopped:
            self.notify("Post-game stopped; nothing was saved.", severity="warning")
            return
        except CardsmithError as exc:
            self._fail(exc, "Post-game not recorded")
            return
        if dice.remaining:
            notes.append(
                f"{len(dice.remaining)} entered dice were not needed: {list(dice.remaining)}"
            )
        if form.dice.seed is not None:
            notes.append(f"Generator seed {form.dice.seed} (the log keeps every die).")
        against = f" against {plan.opponent}" if plan.opponent else ""
        review = ReviewDialog(
            f"Game {game}{against}: save these results?",
            rolls,
            svc.changes(before, campaign),
            notes,
        )
        if await self.app.push_screen_wait(review):
            self._commit(campaign, f"Game {game} recorded")
        else:
            self.notify("Nothing saved.")

    async def _step(
        self,
        campaign: cp.Campaign,
        step: svc.Step,
        dice: svc.Dice,
        opponent: str,
        rolls: list[str],
        notes: list[str],
    ) -> cp.Campaign:
        reason = svc.skip_reason(campaign, step)
        if reason is not None:
            notes.append(reason)
            return campaign
        rolled = await self._roll(campaign, step, dice, opponent)
        if rolled is None:
            raise _Stopped
        name = cp.replay(rolled.campaign).find(step.warrior).name
        rolls.append(f"{name}:")
        rolls.extend("  " + line for line in svc.describe(rolled))
        return rolled.campaign

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_replace_roll(self) -> None:
        """Replace the logged roll under the cursor with a new roll or the real dice."""
        seq = self._log_seq()
        if self.campaign is None or seq is None:
            return
        before = self.campaign
        try:
            entry = before.entry(seq)
            if not svc.is_live_roll(before, seq):
                raise cp.CampaignError(f"log entry {seq} is not a roll in force")
            line = next(x.text for x in svc.log_rows(before) if x.seq == seq)
            asked = await self.app.push_screen_wait(
                DiceModeDialog(f"Replace entry {seq}", line, svc.new_seed())
            )
            if asked is None:
                return
            step = svc.Step(entry.warrior, "", replaces=seq)
            rolled = await self._roll(before, step, asked.source())
        except CardsmithError as exc:
            self._fail(exc, "Roll not replaced")
            return
        if rolled is None:
            self.notify("Nothing was replaced.", severity="warning")
            return
        review = ReviewDialog(
            f"Entry {seq} replaced by entry {rolled.entry.seq}: save?",
            svc.describe(rolled),
            svc.changes(before, rolled.campaign),
            [],
        )
        if await self.app.push_screen_wait(review):
            self._commit(rolled.campaign, f"Entry {seq} replaced")

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_undo_entry(self) -> None:
        """Undo the log entry under the cursor (the last in force from the roster), after asking."""
        if self.campaign is None:
            return
        seq = self._log_seq()
        try:
            undone, target = cp.undo(self.campaign, seq)
        except CardsmithError as exc:
            self._fail(exc, "Nothing undone")
            return
        line = next(x.text for x in svc.log_rows(self.campaign) if x.seq == target.seq)
        question = ConfirmDialog(
            f"Undo entry {target.seq}?",
            f"{line}\n\nThe entry stays in the log, marked undone; an undo cannot be undone.",
            "Undo",
        )
        if await self.app.push_screen_wait(question):
            self._commit(undone, f"Entry {target.seq} undone")

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_release(self) -> None:
        """Ransom, exchange or hand to the law the captured warrior under the cursor."""
        row = self.query_one(RosterGrid).current
        if self.campaign is None or row is None:
            return
        try:
            result = await ask_release(self.app, self.campaign, row)
        except CardsmithError as exc:
            self._fail(exc, "Not released")
            return
        if result is None:
            self.notify("Nothing was changed.", severity="warning")
            return
        self._commit(*result)

    def action_focus_log(self) -> None:
        self.query_one(CampaignLog).focus()

    # -- printing ---------------------------------------------------------------------

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_print(self) -> None:
        """Ask where, then print the roster sheet in a thread."""
        if self.campaign is None or self.path is None:
            return
        asked = await self.app.push_screen_wait(CampaignPrintDialog(self.path.with_suffix(".pdf")))
        if asked is not None:
            self.notify(f"Printing the roster to {asked.path}…", timeout=3)
            self.print_sheet(self.campaign, asked.path, asked.paper)

    @work(
        thread=True,
        exclusive=True,
        group="campaign-print",
        exit_on_error=False,
        description="Printing the roster",
    )
    def print_sheet(self, campaign: cp.Campaign, path: Path, paper: str) -> None:
        """Render the PDF off the UI thread."""
        self.post_message(CampaignPrinted(svc.print_sheet(campaign, path, paper)))

    def on_campaign_printed(self, message: CampaignPrinted) -> None:
        self.notify(f"Roster sheet written to {message.path}", title="Printed", timeout=10)

    @on(Worker.StateChanged)
    def _worker_failed(self, event: Worker.StateChanged) -> None:
        """A failing flow or print is a notification, never a crash."""
        if event.state != WorkerState.ERROR:
            return
        error = event.worker.error
        text = (
            error.message
            if isinstance(error, CardsmithError)
            else f"{type(error).__name__}: {error}"
        )
        self.notify(
            text, title=f"{event.worker.description or 'Campaign'} failed", severity="error"
        )


class _Stopped(Exception):
    """The player stopped a roll midway (Esc in a question)."""
