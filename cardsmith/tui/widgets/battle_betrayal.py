"""Provides ``BetrayalPanel``: the Betrayal test (seed 000) on the selected unit — TN, reasons, roll."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Select, Static

from cardsmith.battle.state import Battle
from cardsmith.services.battle import BetrayalCheck, BetrayalRule


class BetrayalPanel(Vertical):
    """TN with every modifier and its reason, eligibility, the range toggle, objective and roll.

    The panel only shows and asks; the screen resolves the test when ``Resolve`` arrives.
    """

    DEFAULT_CSS = """
    BetrayalPanel {
        height: auto;
        & #betrayal-text { height: auto; padding: 0 1; }
        & Horizontal { height: auto; }
        & Checkbox { width: auto; }
        & Select { width: 1fr; }
        & #betrayal-roll { width: 12; }
        & Button { min-width: 10; margin-left: 1; }
    }
    """

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

    def compose(self) -> ComposeResult:
        yield Static("", id="betrayal-text")
        with Horizontal():
            yield Checkbox("Within 10 hexes (t)", id="within-10")
            yield Select[str]([], prompt="Objective (g)", id="objective")
        with Horizontal():
            yield Select[int]([], prompt="Instigator", id="instigator")
            yield Input(placeholder="2D6", type="integer", max_length=2, id="betrayal-roll")
            yield Button("Apply", variant="primary", id="betrayal-apply")
            yield Button("Roll (r)", id="betrayal-dice")

    # -- state the screen reads ---------------------------------------------------------------

    @property
    def within_10(self) -> bool:
        """The player's answer: within 10 hexes of an active instigator unit."""
        return self.query_one("#within-10", Checkbox).value

    @property
    def objective(self) -> str:
        """The chosen objective id, or empty."""
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

    def cycle_objective(self, rule: BetrayalRule) -> None:
        """Choose the next objective in the pack's order."""
        ids = [o.id for o in rule.objectives]
        if not ids:
            return
        current = self.objective
        nxt = ids[(ids.index(current) + 1) % len(ids)] if current in ids else ids[0]
        self.query_one("#objective", Select).value = nxt

    def focus_roll(self) -> None:
        """Put the cursor in the roll box."""
        self.query_one("#betrayal-roll", Input).focus()

    # -- drawing --------------------------------------------------------------------------------

    def set_choices(
        self, battle: Battle, rule: BetrayalRule, controller: int, designated: str
    ) -> None:
        """Fill the objective and instigator pickers for a unit controlled by ``controller``."""
        objective = self.query_one("#objective", Select)
        chosen = designated or self.objective
        objective.set_options(
            [(f"{o.alias + ' ' if o.alias else ''}{o.label}", o.id) for o in rule.objectives]
        )
        if chosen in {o.id for o in rule.objectives}:
            objective.value = chosen
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

    def show(self, check: BetrayalCheck | None, rule: BetrayalRule | None, note: str = "") -> None:
        """Draw the TN, its modifiers and the eligibility verdict."""
        target = self.query_one("#betrayal-text", Static)
        if check is None or rule is None:
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
        if check.eligible:
            text.append("May be tested now.\n", style="bold green")
        else:
            text.append("Not allowed now:\n", style="bold red")
            for reason in check.reasons_not:
                text.append(f"  – {reason}\n", style="red")
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

    @on(Input.Submitted, "#betrayal-roll")
    @on(Button.Pressed, "#betrayal-apply")
    def _apply(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        box = self.query_one("#betrayal-roll", Input)
        text = box.value.strip()
        if not text.isdigit() or not 2 <= int(text) <= 12:
            self.notify("Type the 2D6 roll (2-12), or press r to roll.", severity="warning")
            return
        box.value = ""
        self.post_message(self.Resolve(self, int(text)))

    @on(Button.Pressed, "#betrayal-dice")
    def _dice(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Resolve(self, None))
