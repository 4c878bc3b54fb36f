"""Provides ``ValidationPanel``: the force's rule violations and formation status."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from cardsmith.services import GroupStatus, Verdict
from cardsmith.wording import count

#: How to fix a problem from the app, by check name (the packs' hints speak CLI).
APP_KEYS: dict[str, str] = {
    "pv-cap": "+ raises a skill number (cheaper pilot), d removes the unit under the cursor",
    "unit-count": "a adds units from the catalogue, d removes the one under the cursor",
    "skill-range": "+ and - change the skill of the unit under the cursor",
    "skill-extremes": "+ and - change the skill of the unit under the cursor",
    "chassis-copies": "d removes the unit under the cursor",
    "commander": "k marks the unit under the cursor as commander",
    "spa-budget": "s opens the SPA picker of the unit under the cursor",
    "spa-units": "s opens the SPA picker of the unit under the cursor",
    "formations": "g picks the formation of the unit's group",
    "unit-types": "d removes the unit under the cursor",
    "rules-level": "d removes the unit under the cursor",
    "units-without-stats": "d removes the unit under the cursor",
}


class ValidationPanel(Vertical):
    """Lists violations; choosing one posts ``ProblemChosen`` with the entries it names."""

    DEFAULT_CSS = """
    ValidationPanel {
        & #verdict { padding: 0 1; text-style: bold; }
        & #verdict.-legal { color: $success; }
        & #verdict.-illegal { color: $error; }
        & OptionList { height: 1fr; border: none; }
    }
    """

    @dataclass
    class ProblemChosen(Message):
        """A violation was chosen; ``entries`` are the 1-based indices it names."""

        panel: ValidationPanel
        entries: tuple[int, ...]

        @property
        def control(self) -> ValidationPanel:
            """The panel the problem was chosen in."""
            return self.panel

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.verdict: Verdict | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="verdict")
        yield OptionList(id="problems")

    def show(self, verdict: Verdict) -> None:
        """List the problems of ``verdict``."""
        self.verdict = verdict
        head = self.query_one("#verdict", Static)
        problems = self.query_one("#problems", OptionList)
        problems.clear_options()
        if not verdict.available:
            head.update(f"Checks unavailable: {verdict.note}")
            head.set_classes("")
            return
        errors = sum(1 for p in verdict.problems if p.severity == "error")
        warnings = len(verdict.problems) - errors
        if verdict.legal and not verdict.problems:
            head.update("✓ Legal — no problems")
        elif verdict.legal:
            head.update(f"✓ Legal — {count(warnings, 'warning')}")
        else:
            head.update(f"✗ Not legal — {count(errors, 'error')}, {count(warnings, 'warning')}")
        head.set_class(verdict.legal, "-legal")
        head.set_class(not verdict.legal, "-illegal")
        for number, problem in enumerate(verdict.problems):
            text = Text()
            mark, style = ("✗", "bold red") if problem.severity == "error" else ("!", "bold yellow")
            text.append(f"{mark} ", style=style)
            text.append(f"[{problem.rule}] ", style="dim")
            text.append(problem.message)
            if problem.entries:
                text.append(f"  (#{', #'.join(str(i) for i in problem.entries)})", style="bold")
            if problem.hint:
                text.append(f"\n   → {problem.hint}", style="italic")
            keys = APP_KEYS.get(problem.check)
            if keys:
                text.append(f"\n   ⌨ {keys}", style="dim")
            problems.add_option(Option(text, id=f"problem-{number}"))

    @on(OptionList.OptionSelected, "#problems")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.verdict is None or event.option_index >= len(self.verdict.problems):
            return
        entries = self.verdict.problems[event.option_index].entries
        self.post_message(self.ProblemChosen(self, entries))


def formation_text(statuses: list[GroupStatus]) -> Text:
    """Formation status per group, for the panel beside the problems."""
    text = Text()
    if not statuses:
        text.append(
            "No groups yet. Enter on a unit's Group cell names its group; "
            "g picks the group's formation.",
            style="dim",
        )
        return text
    for status in statuses:
        text.append(f"{status.group}: ", style="bold")
        if status.qualifies is None:
            text.append(status.formation or "no formation (g to choose)", style="dim")
        elif status.qualifies:
            text.append(f"✓ {status.formation}", style="green")
        else:
            text.append(f"✗ {status.formation}", style="red")
        text.append("\n")
        for failed in status.failed:
            text.append(f"   - {failed}\n", style="italic")
    return text
