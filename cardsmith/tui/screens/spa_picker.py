"""Provides ``SpaPicker``: choose a pilot's special abilities against the skill's budget."""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.strip import Strip
from textual.widgets import Button, Checkbox, Label, SelectionList, Static
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import Selection

from cardsmith import services
from cardsmith.models import Unit
from cardsmith.wording import count


class TickList(SelectionList[str]):
    """A selection list whose boxes read ``✓`` when ticked and stay empty when not.

    Textual draws the same ``X`` in both states and tells them apart by colour only,
    which ``NO_COLOR`` and some terminals lose.
    """

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            selection = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        segments = list(strip)
        if len(segments) > 1 and segments[1].text == Checkbox.BUTTON_INNER:
            ticked = selection.value in self.selected
            segments[1] = Segment("✓" if ticked else " ", segments[1].style)
        return Strip(segments)


class SpaPicker(ModalScreen[tuple[str, ...] | None]):
    """A list of SPAs with their costs; the budget line shows what is left."""

    # Its layout loads with it: the app's stylesheet, parsed before the first frame,
    # holds only the catalogue's rules and what screens and dialogs share.
    SCOPED_CSS = False
    DEFAULT_CSS = """
    #spa-box SelectionList {
        height: 1fr;
    }
    #budget {
        margin-bottom: 1;
    }
    #budget.-over {
        color: $error;
        text-style: bold;
    }
    """

    BINDINGS = [
        Binding("enter", "apply", "Apply", priority=True, id="spa.apply"),
        Binding("escape", "cancel", "Cancel", id="spa.cancel"),
    ]

    def __init__(self, unit: Unit, skill: int, chosen: tuple[str, ...]) -> None:
        super().__init__(classes="dialog")
        self.unit_name = unit.name
        self.skill = skill
        self.chosen = chosen
        # Only the abilities this unit type may take are offered (ASCE p.92-101).
        self.choices = {
            c.id: c for c in sorted(services.spa_choices(unit), key=lambda c: c.name.casefold())
        }

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="spa-box"):
            yield Label(
                f"Special pilot abilities — {self.unit_name} (skill {self.skill})",
                classes="dialog-title",
            )
            yield Static("", id="budget")
            selections = [
                Selection(
                    # Text, not markup: names such as "Terrain Master [Drag Racer]" hold brackets.
                    Text(f"{choice.name:<31} {choice.cost:>2}  {choice.summary}"),
                    choice.id,
                    choice.id in self.chosen,
                )
                for choice in self.choices.values()
            ]
            if not selections:
                yield Static("No SPA catalogue is installed in this build.", classes="hint")
            yield TickList(*selections, id="spas")
            yield Static("Space: tick or untick   Enter: apply   Esc: cancel", classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Apply", variant="primary", id="ok", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#spas", SelectionList).focus()
        self._update_budget()

    @property
    def selected(self) -> tuple[str, ...]:
        """The ticked SPA ids, in catalogue order."""
        return tuple(self.query_one("#spas", SelectionList).selected)

    @on(SelectionList.SelectedChanged)
    def _update_budget(self) -> None:
        max_count, max_cost = services.spa_budget(self.skill)
        chosen = self.selected
        cost = sum(self.choices[s].cost if s in self.choices else 0 for s in chosen)
        left_count, left_cost = max_count - len(chosen), max_cost - cost
        over = left_count < 0 or left_cost < 0
        text = (
            f"Budget at skill {self.skill}: {count(max_count, 'SPA')}, {count(max_cost, 'point')}.   "
            f"Chosen {len(chosen)} for {count(cost, 'point')}.   "
            f"Left: {count(left_count, 'SPA')}, {count(left_cost, 'point')}."
        )
        budget = self.query_one("#budget", Static)
        budget.update(text + ("   Over budget!" if over else ""))
        budget.set_class(over, "-over")

    @on(Button.Pressed, "#ok")
    def action_apply(self) -> None:
        self.dismiss(self.selected)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
