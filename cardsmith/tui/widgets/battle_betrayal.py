"""Provides ``BetrayalPanel``: the Betrayal test (seed 000) on the selected unit — TN, reasons, roll.

The panel takes focus itself (``b``), so the screen's keys keep working there: ``t`` the
range answer, ``g`` the objective, ``a`` designate, ``r`` roll the dice.  Digits typed
while it has focus make the 2D6 roll, Enter applies it and Backspace erases it.  The
panel only shows and asks; the screen resolves the test when ``Resolve`` arrives.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Checkbox, Select, Static

from cardsmith.battle.state import Battle
from cardsmith.services.betrayal import BetrayalCheck, BetrayalRule
from cardsmith.tui.widgets.ticks import TickBox


class BetrayalPanel(Vertical, can_focus=True):
    """TN with every modifier and its reason, eligibility, the range toggle, objective and roll."""

    DEFAULT_CSS = """
    BetrayalPanel {
        height: auto;
        & #betrayal-text { height: auto; padding: 0 1; }
        & #betrayal-roll { height: 1; padding: 0 1; }
        & Horizontal { height: auto; }
        & Checkbox { width: auto; }
        & Select { width: 1fr; }
    }
    BetrayalPanel:focus-within, BetrayalPanel:focus { background: $boost; }
    """

    BINDINGS = [
        Binding(
            "enter",
            "apply",
            "Apply roll",
            tooltip="Betrayal: apply the 2D6 roll typed here (digits, Backspace to erase)",
            id="betrayal.apply",
        ),
        Binding("backspace", "erase", "Erase", show=False, id="betrayal.erase"),
    ]

    @dataclass
    class Resolve(Message):
        """The player asked to resolve the test: with ``roll``, or with the seeded dice (None)."""

        panel: BetrayalPanel
        roll: int | None

        @property
        def control(self) -> BetrayalPanel:
            """The panel that asked."""
            return self.panel

    @dataclass
    class Changed(Message):
        """The range toggle, objective or instigator changed: the TN must be recomputed."""

        panel: BetrayalPanel

        @property
        def control(self) -> BetrayalPanel:
            """The panel that changed."""
            return self.panel

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.typed = ""
        """The 2D6 roll typed so far."""

    def compose(self) -> ComposeResult:
        yield Static("", id="betrayal-text")
        with Horizontal():
            yield TickBox("Within 10 hexes (t)", id="within-10")
            yield Select[str]([], prompt="Objective (g)", id="objective")
        yield Select[int]([], prompt="Instigator", id="instigator")
        yield Static("", id="betrayal-roll")

    def on_mount(self) -> None:
        self._show_typed()

    # -- state the screen reads ---------------------------------------------------------------

    @property
    def within_10(self) -> bool:
        """The player's answer: within 10 hexes of an active instigator unit."""
        return self.query_one("#within-10", Checkbox).value

    @property
    def objective(self) -> str:
        """The chosen (or designated) objective id, or empty."""
        value = self.query_one("#objective", Select).value
        return value if isinstance(value, str) else ""

    @property
    def instigator(self) -> int | None:
        """The chosen instigating side, or None for the default."""
        value = self.query_one("#instigator", Select).value
        return value if isinstance(value, int) else None

    def toggle_within(self) -> None:
        """Flip the range answer."""
        box = self.query_one("#within-10", Checkbox)
        box.value = not box.value

    def cycle_objective(self, rule: BetrayalRule) -> bool:
        """Choose the next objective in the pack's order; False once it is fixed."""
        select = self.query_one("#objective", Select)
        ids = [o.id for o in rule.objectives]
        if not ids or select.disabled:
            return False
        current = self.objective
        select.value = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
        return True

    # -- typing the roll ----------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        if self.has_focus and event.character is not None and event.character.isdigit():
            event.stop()
            self.typed = (self.typed + event.character)[-2:]
            self._show_typed()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self._show_typed()

    def action_apply(self) -> None:
        text = self.typed
        if not text.isdigit() or not 2 <= int(text) <= 12:
            self.notify("Type the 2D6 roll (2-12) here, or press r to roll.", severity="warning")
            return
        self.typed = ""
        self._show_typed()
        self.post_message(self.Resolve(self, int(text)))

    def _show_typed(self) -> None:
        shown = self.typed or "__"
        self.query_one("#betrayal-roll", Static).update(
            Text.assemble(
                ("2D6 roll: ", "bold"), (shown, "reverse"), ("  Enter applies · r rolls", "dim")
            )
        )

    # -- drawing --------------------------------------------------------------------------------

    def set_choices(
        self, battle: Battle, rule: BetrayalRule, controller: int, designated: str
    ) -> None:
        """Fill the pickers for a unit controlled by ``controller``; a designated objective is fixed."""
        objective = self.query_one("#objective", Select)
        chosen = designated or self.objective
        objective.set_options(
            [(f"{o.alias + ' ' if o.alias else ''}{o.label}", o.id) for o in rule.objectives]
        )
        if chosen in {o.id for o in rule.objectives}:
            objective.value = chosen
        objective.disabled = bool(designated)
        sides = [
            (f"{n} {side.name}", n)
            for n, side in enumerate(battle.sides, start=1)
            if n != controller
        ]
        instigator = self.query_one("#instigator", Select)
        previous = instigator.value
        instigator.set_options(sides)
        known = [n for _, n in sides]
        if previous in known:
            instigator.value = previous
        elif known:
            instigator.value = known[0]
        instigator.display = len(sides) > 1

    def show(
        self,
        check: BetrayalCheck | None,
        status: str = "",
        *,
        fixed: str = "",
        note: str = "",
    ) -> None:
        """Draw the TN, its modifiers and the status line (``panel_status``)."""
        target = self.query_one("#betrayal-text", Static)
        if check is None:
            target.update(Text(note or "Select a unit.", style="dim"))
            return
        text = Text()
        text.append(f"Test on {check.unit} {check.unit_name}\n", style="bold")
        text.append(f"  base TN {check.base_tn}\n")
        for mod in check.modifiers:
            text.append(f"  {mod.value:+d}  ", style="bold")
            text.append(mod.label)
            if mod.reason.casefold() != mod.label.casefold():
                text.append(f" — {mod.reason}", style="cyan")
            text.append("\n")
            if mod.note:
                text.append(f"      {mod.note}\n", style="dim italic")
        text.append(f"  TN {check.tn}", style="bold reverse")
        text.append(f"  2D6 ≥ {check.tn} turns the unit\n")
        good = status.startswith("May be tested now")
        text.append(status + "\n", style="bold green" if good else "bold")
        if not check.eligible and not status.startswith("Turned"):
            for reason in check.reasons_not:
                text.append(f"  – {reason}\n", style="red")
        if fixed:
            text.append(f"Objective fixed at designation: {fixed}\n", style="italic")
        if note:
            text.append(note + "\n", style="italic")
        target.update(text)

    # -- events ---------------------------------------------------------------------------------

    @on(Checkbox.Changed, "#within-10")
    @on(Select.Changed, "#objective")
    @on(Select.Changed, "#instigator")
    def _changed(self, event: Checkbox.Changed | Select.Changed) -> None:
        event.stop()
        self.post_message(self.Changed(self))
