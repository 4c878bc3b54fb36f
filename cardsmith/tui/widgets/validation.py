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
from cardsmith.services.checks import Fix, Violation
from cardsmith.tui.app_hints import in_app_words
from cardsmith.wording import count

#: How to make each kind of fix from the app's force editor (the CLI names its commands).
APP_KEYS: dict[Fix, str] = {
    Fix.ADD_UNITS: "a adds units from the catalogue",
    Fix.REMOVE_UNITS: "d removes the unit under the cursor",
    Fix.REPLACE_UNITS: "d removes the unit under the cursor, a adds another from the catalogue",
    Fix.CHANGE_SKILL: "+ and - change the skill of the unit under the cursor",
    Fix.SET_COMMANDER: "k marks the unit under the cursor as commander",
    Fix.CLEAR_COMMANDER: "k clears the commander mark of the unit under the cursor",
    Fix.EDIT_SPAS: "s opens the SPA picker of the unit under the cursor",
    Fix.SET_FORMATION: "g picks the formation of the unit's group",
    Fix.SET_ERA_FACTION: "f opens the force's settings: name, pack, cap, era and faction",
    Fix.SYNC_AVAILABILITY: "m fetches the MUL's availability list of the force's era and faction",
    Fix.LOOK_UP: "check the unit on the Master Unit List",
}


def app_fix(violation: Violation) -> str:
    """The app's keys for mending ``violation`` (empty when it names no kind of fix)."""
    return APP_KEYS.get(violation.fix, "") if violation.fix else ""


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
        errors, warnings = len(verdict.errors), len(verdict.warnings)
        if verdict.legal and not verdict.violations:
            head.update("✓ Legal — no problems")
        elif verdict.legal:
            head.update(f"✓ Legal — {count(warnings, 'warning')}")
        else:
            head.update(f"✗ Not legal — {count(errors, 'error')}, {count(warnings, 'warning')}")
        head.set_class(verdict.legal, "-legal")
        head.set_class(not verdict.legal, "-illegal")
        for number, violation in enumerate(verdict.violations):
            problems.add_option(Option(violation_text(violation), id=f"problem-{number}"))

    @on(OptionList.OptionSelected, "#problems")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.verdict is None or event.option_index >= len(self.verdict.violations):
            return
        refs = self.verdict.violations[event.option_index].entries
        self.post_message(self.ProblemChosen(self, tuple(index for index, _name in refs)))


def violation_text(violation: Violation) -> Text:
    """One violation as the panel lists it: mark, rule, message, units, hint and the app's keys."""
    text = Text()
    mark, style = ("✗", "bold red") if violation.is_error else ("!", "bold yellow")
    text.append(f"{mark} ", style=style)
    text.append(f"[{violation.rule_id}] ", style="dim")
    text.append(violation.message)
    if violation.entries:
        text.append(f"  (#{', #'.join(str(i) for i, _name in violation.entries)})", style="bold")
    if violation.hint:
        text.append(f"\n   → {in_app_words(violation.hint)}", style="italic")
    keys = app_fix(violation)
    if keys:
        text.append(f"\n   ⌨ {keys}", style="dim")
    return text


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
