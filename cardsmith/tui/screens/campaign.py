"""Provides ``CampaignScreen``: a campaign's roster, its log, the post-game flow and printing.

Every action is one use case of ``cardsmith.services.campaign`` (the command line calls
the same ones), saved at once through its locked commit; a roll stops to ask the player
whenever a table asks a question or the player's own dice run out.
"""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path

from rich.markup import escape
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static
from textual.worker import Worker, WorkerState

from cardsmith import campaign as cp
from cardsmith.errors import CardsmithError
from cardsmith.services import campaign as svc
from cardsmith.services import campaign_view as view
from cardsmith.services import recent_files as recent
from cardsmith.tui.screens.campaign_dialogs import (
    AddWarriorDialog,
    CampaignPrintDialog,
    NewCampaignDialog,
    NewWarrior,
)
from cardsmith.tui.screens.campaign_flows import ask_post_game, ask_reroll, ask_undo
from cardsmith.tui.screens.campaign_release import ask_release
from cardsmith.tui.screens.dialogs import FileErrorPanel, PathDialog
from cardsmith.tui.widgets.campaign_log import CampaignLog
from cardsmith.tui.widgets.campaign_roster import RosterGrid
from cardsmith.tui.widgets.key_footer import KeyFooter
from cardsmith.wording import count


@dataclass
class CampaignPrinted(Message):
    """The roster sheet was written to ``path`` (posted from the printing thread)."""

    path: Path


def _key(action: str, key: str, label: str, tip: str, show: bool = True) -> Binding:
    return Binding(key, action, label, show=show, tooltip=tip, id=f"campaign.{action}")


class CampaignScreen(Screen[None]):
    """Open or create a campaign, keep its roster, run the post-game, correct the log."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #roster {
        height: 1fr;
    }
    #campaign-lower {
        height: 16;
    }
    #warrior-pane {
        width: 1fr;
        padding: 0 1;
    }
    #campaign-log {
        width: 1fr;
        height: 1fr;
    }
    """

    BINDINGS = [
        _key("new_campaign", "n", "New", "Create a campaign file"),
        _key("open_campaign", "o", "Open", "Open a campaign file"),
        _key("add_warrior", "w", "Add warrior", "Add a warrior"),
        _key("add_pilots", "f", "Pilots from force", "Add the pilots of a force file"),
        _key("post_game", "p", "Post-game", "Record a game: injuries, XP, advances"),
        _key("undo_entry", "u", "Undo entry", "Undo the log entry under the cursor"),
        _key("replace_roll", "r", "Re-roll", "Replace the roll under the log cursor"),
        _key("release", "x", "Release", "Release the captured warrior under the cursor"),
        _key("focus_log", "l", "Log", "Go to the log", show=False),
        _key("print", "f6", "Print", "Write the roster sheet to a PDF"),
    ]

    def __init__(self) -> None:
        super().__init__(id="campaign")
        self.campaign: cp.Campaign | None = None
        self.on_disk: cp.Campaign | None = None
        """The campaign as the file holds it (the base every save is checked against)."""
        self.path: Path | None = None
        self.unsaved = False
        """True when the last save failed (the next action tries again)."""
        self.last_warrior: NewWarrior | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="campaign-title", classes="screen-title")
        yield RosterGrid(id="roster", classes="pane")
        with Horizontal(id="campaign-lower"):
            with VerticalScroll(id="warrior-pane", classes="pane"):
                yield Static("", id="warrior-detail")
            yield CampaignLog(id="campaign-log", classes="pane")
        yield KeyFooter()

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
            return
        sheet = view.sheet(self.campaign)
        state = "[b]NOT SAVED[/] (retried on the next change)" if self.unsaved else "saved"
        house = "   [i]house-default tables[/i]" if sheet.house_default else ""
        title.update(
            f"[b]{escape(sheet.name)}[/b]   {escape(sheet.pack_title)}{house}   "
            f"{count(sheet.games_played, 'game')}   funds ${sheet.funds}   "
            f"{escape(str(self.path))} ({state})"
        )
        self.query_one(RosterGrid).show_sheet(sheet)
        self.query_one(CampaignLog).show_lines(view.log_rows(self.campaign))
        self._show_detail()

    def _show_detail(self) -> None:
        row = self.query_one(RosterGrid).current
        detail = self.query_one("#warrior-detail", Static)
        if row is None:
            hint = "No warriors yet: [b]w[/b] adds one, [b]f[/b] the pilots of a force."
            detail.update(hint if self.campaign else "")
            return
        lines = [f"[b]{escape(row.name)}[/b] ({escape(row.role)}, {escape(row.status)})"]
        lines += [f"[b]{escape(h)}:[/b] {escape(t)}" for h, t in row.details]
        detail.update("\n".join(lines))

    @on(DataTable.RowHighlighted, "#roster")
    def _warrior_highlighted(self) -> None:
        self._show_detail()

    # -- why a key does nothing ---------------------------------------------------------

    def why_not(self, action: str, parameters: tuple[object, ...] = ()) -> str | None:
        """Why ``action`` cannot run now, in words for the player; None when it can."""
        if action in ("new_campaign", "open_campaign", "focus_log"):
            return None
        if self.campaign is None:
            return "No campaign open: press o to open one or n to start one."
        if action == "post_game" and not self.query_one(RosterGrid).shown:
            return "No warrior can play yet: press w to add one or f for a force's pilots."
        if action == "undo_entry" and not self.campaign.log:
            return "The log is empty: nothing to undo."
        if action == "replace_roll":
            seq = self._log_seq()
            if seq is None:
                return "Put the log cursor on a roll first (l goes to the log), then press r."
            if not view.is_live_roll(self.campaign, seq):
                return f"Entry {seq} is not a roll in force: nothing to re-roll."
        if action == "release":
            row = self.query_one(RosterGrid).current
            if row is None:
                return "Put the roster cursor on a captured warrior first."
            if row.state != "captured":
                return f"{row.name} is not captured: only a captive can be released."
        return None

    def _refused(self, action: str) -> bool:
        """Say why ``action`` cannot run (True), or let it run (False)."""
        reason = self.why_not(action)
        if reason is not None:
            self.notify(reason, title="Nothing done", severity="warning")
        return reason is not None

    def _log_seq(self) -> int | None:
        log = self.query_one(CampaignLog)
        return log.seq if log.has_focus else None

    # -- state ------------------------------------------------------------------------

    def use(self, campaign: cp.Campaign, path: Path) -> None:
        """Show ``campaign`` (already on disk at ``path``)."""
        self.campaign, self.on_disk, self.path, self.unsaved = campaign, campaign, path, False
        recent.remember("campaign", path)
        self.last_warrior = None
        self.refresh_view()

    def _commit(self, campaign: cp.Campaign, done: str) -> None:
        """Keep the new campaign, save it (locked, checked against the file) and say so."""
        assert self.path is not None and self.on_disk is not None
        self.campaign = campaign
        try:
            svc.commit(self.path, self.on_disk, campaign)
            self.on_disk, self.unsaved = campaign, False
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
            self.app.push_screen(FileErrorPanel(f"Cannot open {path.name}", exc.message))
            return False
        self.use(campaign, path)
        roster = cp.replay(campaign)
        warriors, games = count(len(roster.warriors), "warrior"), count(len(roster.games), "game")
        self.notify(f"Opened {path}: {warriors}, {games}.")
        return True

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_open_campaign(self) -> None:
        """Ask for a campaign file and open it."""
        path = await self.app.push_screen_wait(
            PathDialog("Open a campaign file", str(self.path or ""), "Open", kind="campaign")
        )
        if path is not None:
            self.open_path(path)

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_new_campaign(self) -> None:
        """Ask for a name, pack and file, and create the campaign there."""
        packs = view.pack_choices()
        skill = {pack_id: view.skill_table_choices(pack_id) for pack_id, _ in packs}
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
        if self._refused("add_warrior") or self.campaign is None:
            return
        pack = self.campaign.pack
        try:
            kinds, stats = view.kind_choices(pack), view.stat_fields(pack)
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
            added = svc.add_warrior(
                self.campaign, asked.name, asked.kind, asked.stats, asked.equipment
            )
        except CardsmithError as exc:
            self._fail(exc, "Warrior not added")
            return
        self.last_warrior = asked
        self._commit(added.campaign, f"Added {added.warrior.name} ({added.warrior.id})")

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_add_pilots(self) -> None:
        """Ask for a force file and add one pilot per unit (name, skill, SPAs, unit)."""
        if self._refused("add_pilots") or self.campaign is None:
            return
        force = await self.app.push_screen_wait(
            PathDialog("Add the pilots of a force file", "", "Add pilots", kind="force")
        )
        if force is None or self.campaign is None:
            return
        try:
            added = svc.add_pilots(self.campaign, force)
        except CardsmithError as exc:
            self._fail(exc, "No pilots added")
            return
        for line in added.skipped:
            self.notify(line, severity="warning")
        if added.warriors:
            self._commit(added.campaign, f"Added {count(len(added.warriors), 'pilot')}")
        else:
            self.notify("No pilots added: every pilot of the force is on the roster.")

    # -- the post-game and corrections -----------------------------------------------

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_post_game(self) -> None:
        """Mark the game's casualties, XP and advances; roll; review; save."""
        if self._refused("post_game") or self.campaign is None:
            return
        rows = self.query_one(RosterGrid).shown
        await self._flow(ask_post_game(self.app, self.campaign, rows), "Post-game not recorded")

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_replace_roll(self) -> None:
        """Replace the logged roll under the cursor with a new roll or the real dice."""
        seq = self._log_seq()
        if self._refused("replace_roll") or self.campaign is None or seq is None:
            return
        await self._flow(ask_reroll(self.app, self.campaign, seq), "Roll not replaced")

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_undo_entry(self) -> None:
        """Undo the log entry under the cursor (the last in force from the roster), after asking."""
        if self._refused("undo_entry") or self.campaign is None:
            return
        await self._flow(ask_undo(self.app, self.campaign, self._log_seq()), "Nothing undone")

    async def _flow(
        self, flow: Coroutine[object, object, tuple[cp.Campaign, str] | None], title: str
    ) -> None:
        """Run a flow; save what it returns, or show why it could not run."""
        try:
            result = await flow
        except CardsmithError as exc:
            self._fail(exc, title)
            return
        if result is not None:
            self._commit(*result)

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_release(self) -> None:
        """Ransom, exchange or hand to the law the captured warrior under the cursor."""
        row = self.query_one(RosterGrid).current
        if self._refused("release") or self.campaign is None or row is None:
            return
        try:
            result = await ask_release(self.app, self.campaign, row)
        except CardsmithError as exc:
            self._fail(exc, "Not released")
            return
        if result is None:
            self.notify("Nothing was changed.", severity="warning")
            return
        self._commit(result.campaign, result.text)

    def action_focus_log(self) -> None:
        self.query_one(CampaignLog).focus()

    # -- printing ---------------------------------------------------------------------

    @work(exclusive=True, group="campaign", exit_on_error=False)
    async def action_print(self) -> None:
        """Ask where, then print the roster sheet in a thread."""
        if self._refused("print") or self.campaign is None or self.path is None:
            return
        asked = await self.app.push_screen_wait(CampaignPrintDialog(self.path.with_suffix(".pdf")))
        if asked is not None:
            self.notify(f"Printing the roster to {asked.path}…", timeout=3)
            self.print_sheet(self.campaign, asked.path, asked.paper, self.path)

    @work(
        thread=True,
        exclusive=True,
        group="campaign-print",
        exit_on_error=False,
        description="Printing the roster",
    )
    def print_sheet(self, campaign: cp.Campaign, path: Path, paper: str, source: Path) -> None:
        """Render the PDF off the UI thread (never over the campaign file itself)."""
        self.post_message(CampaignPrinted(svc.print_sheet(campaign, path, paper, source=source)))

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
