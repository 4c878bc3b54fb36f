"""Provides the catalogue's filter dialog: every filter of the search, one per line.

Every filter of ``cardsmith search`` is here (type, role, size, PV, specials, production
era, tech base, rules level, availability era and faction, stats only), read through the
same ``services.catalogue.parse_filters``.  The dialog fits 80×24: compact fields, one
per line, in a scrolling column.  (The summary line under the search box is
``filter_summary``: it is on the first screen, this dialog loads when first opened.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Label, Select, Static

from cardsmith.catalogue.eras import ERAS
from cardsmith.errors import CardsmithError, UnknownName
from cardsmith.models import UnitType
from cardsmith.services.catalogue import (
    RULES_CHOICES,
    TECH_BASES,
    FilterText,
    parse_filters,
    resolve_faction,
)
from cardsmith.tui.app_hints import in_app_words
from cardsmith.tui.messages import AvailabilityWanted
from cardsmith.tui.widgets.forwarding import FocusInput, FocusSelect
from cardsmith.tui.widgets.ticks import TickBox

_SIZES = [
    ("1 (light)", "1"),
    ("2 (medium)", "2"),
    ("3 (heavy)", "3"),
    ("4+ (assault, large)", "4+"),
]

#: Checks filters before the dialog closes: None when they are fine, else what is wrong.
FilterCheck = Callable[[FilterText], str | None]


def sizes_of(choice: str) -> tuple[str, ...]:
    """The sizes a size choice means (``4+``: 4 and every large-craft size)."""
    return tuple(str(n) for n in range(4, 10)) if choice == "4+" else (choice,) if choice else ()


class FilterDialog(ModalScreen[FilterText | None]):
    """Every search filter, one per line; Enter applies, Escape leaves them as they were."""

    DEFAULT_CSS = """
    FilterDialog { align: center middle; }
    FilterDialog > Vertical {
        width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: round $primary; background: $surface; padding: 0 1;
    }
    FilterDialog VerticalScroll { height: auto; max-height: 16; }
    FilterDialog .row { height: 1; margin: 0 0 0 0; }
    FilterDialog .row Label { width: 16; color: $text-muted; }
    FilterDialog .row Select { width: 1fr; }
    FilterDialog .row FocusInput { width: 1fr; }
    FilterDialog #pv-min, FilterDialog #pv-max { width: 10; }
    FilterDialog #pv-to { width: 4; }
    FilterDialog #filter-error { color: $error; height: auto; }
    FilterDialog #filter-buttons { height: 1; margin-top: 1; align-horizontal: right; }
    FilterDialog #filter-buttons Button { margin-left: 1; }
    """
    # Straight to the first field: focus passing through the scrolling box on its way
    # there would restyle every field twice.
    AUTO_FOCUS = "#type"
    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="filters.cancel"),
        Binding("ctrl+l", "clear", "Clear all", id="filters.clear"),
        Binding("ctrl+s", "apply", "Apply", id="filters.apply"),
        Binding("f5", "fetch", "Fetch list", id="filters.fetch"),
    ]

    def __init__(self, text: FilterText, roles: Iterable[str], check: FilterCheck) -> None:
        super().__init__()
        self.text = text
        self.roles = sorted(set(roles))
        self.check = check
        self._choices: dict[str, set[str]] = {}

    def compose(self) -> ComposeResult:
        eras = [(f"{era.name} ({era.start}+)", str(era.id)) for era in ERAS]
        with Vertical():
            yield Label("[b]Filters[/b]  Tab moves, Enter applies, Esc cancels")
            with VerticalScroll():
                types = [(f"{t.value} {t.label}", t.value) for t in UnitType]
                yield self._row("Type", self._select("type", types, "Any type"))
                roles = [(r, r) for r in self.roles]
                yield self._row("Role", self._select("role", roles, "Any role"))
                yield self._row("Size", self._select("size", _SIZES, "Any size"))
                with Horizontal(classes="row"):
                    yield Label("PV (skill 4)")
                    yield FocusInput(
                        placeholder="lowest", id="pv-min", compact=True, restrict=r"\d*"
                    )
                    yield Label(" to ", id="pv-to")
                    yield FocusInput(
                        placeholder="highest", id="pv-max", compact=True, restrict=r"\d*"
                    )
                with Horizontal(classes="row"):
                    yield Label("Specials")
                    yield FocusInput(
                        placeholder="IF ECM … (all needed)", id="special", compact=True
                    )
                yield self._row("Production era", self._select("era", eras, "Any production era"))
                techs = [(t, t.casefold()) for t in TECH_BASES]
                yield self._row("Tech base", self._select("tech", techs, "Any tech base"))
                rules = [(r, r.casefold()) for r in RULES_CHOICES]
                yield self._row("Rules level", self._select("rules", rules, "Any rules level"))
                yield self._row(
                    "Available in",
                    self._select("available", eras, "Any era (no availability filter)"),
                )
                with Horizontal(classes="row"):
                    yield Label("… to faction")
                    yield FocusInput(
                        placeholder="MUL faction name or id", id="faction", compact=True
                    )
                with Horizontal(classes="row"):
                    yield Label("")
                    yield TickBox("Only units with Alpha Strike stats", id="usable", compact=True)
            yield Static("", id="filter-error")
            with Horizontal(id="filter-buttons"):
                yield Button("Apply", id="apply", variant="primary", compact=True)
                yield Button("F5 Fetch list", id="fetch", compact=True)
                yield Button("Clear all", id="clear", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.load(self.text)

    def load(self, text: FilterText) -> None:
        """Show ``text`` in every field, no problem said, the first field focused."""
        self.text = text
        size = "4+" if "4" in text.sizes else _first(text.sizes)
        chosen = {
            "type": _first(text.types),
            "role": _first(text.roles),
            "size": size,
            "era": _first(text.eras),
            "tech": _first(text.techs),
            "rules": _first(text.rules),
            "available": text.available_in or None,
        }
        for name, value in chosen.items():
            field: Select[str] = self.query_one(f"#{name}", Select)
            field.value = value if value in self._choices[name] else Select.NULL
        typed = {
            "pv-min": text.pv_min,
            "pv-max": text.pv_max,
            "special": " ".join(text.specials),
            "faction": text.faction,
        }
        for name, value in typed.items():
            self.query_one(f"#{name}", FocusInput).value = value
        self.query_one("#usable", Checkbox).value = text.usable_only
        self.query_one("#filter-error", Static).update("")
        self.query_one("#type", Select).focus()

    def _row(self, label: str, field: Select[str]) -> Horizontal:
        return Horizontal(Label(label), field, classes="row")

    def _select(self, name: str, options: list[tuple[str, str]], prompt: str) -> Select[str]:
        self._choices[name] = {value for _, value in options}
        return FocusSelect(options, prompt=prompt, id=name, compact=True)

    def current(self) -> FilterText:
        """The filters as the fields now say."""

        def chosen(name: str) -> str:
            value = self.query_one(f"#{name}", Select).value
            return value if isinstance(value, str) else ""

        def typed(name: str) -> str:
            return self.query_one(f"#{name}", FocusInput).value.strip()

        def one(value: str) -> tuple[str, ...]:
            return (value,) if value else ()

        return self.text._replace(
            types=one(chosen("type")),
            roles=one(chosen("role")),
            sizes=sizes_of(chosen("size")),
            pv=None,
            pv_min=typed("pv-min"),
            pv_max=typed("pv-max"),
            specials=tuple(typed("special").replace(",", " ").upper().split()),
            eras=one(chosen("era")),
            techs=one(chosen("tech")),
            rules=one(chosen("rules")),
            available_in=chosen("available"),
            faction=typed("faction"),
            usable_only=self.query_one("#usable", Checkbox).value,
        )

    def action_apply(self) -> None:
        text = self.current()
        problem = self.check(text)
        if problem:
            self.query_one("#filter-error", Static).update(problem)
            return
        self.dismiss(text)

    def action_fetch(self) -> None:
        """Fetch the MUL's availability list of the era (and faction) chosen, then apply.

        The faction need not be known here yet: the fetch looks its name up on the MUL
        (as ``catalogue sync --availability --factions NAME`` does), so the filters are
        applied once the list is in.
        """
        text = self.current()
        problem = self.check(text._replace(faction="")) or (
            None if text.available_in else "Pick an era under 'Available in': F5 fetches its list."
        )
        if problem:
            self.query_one("#filter-error", Static).update(problem)
            return
        self.dismiss(None)
        self.app.post_message(AvailabilityWanted(text.available_in, text.faction, then=text))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_clear(self) -> None:
        self.dismiss(FilterText())

    @on(FocusInput.Submitted)
    def _submitted(self) -> None:
        self.action_apply()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        actions = {
            "apply": self.action_apply,
            "clear": self.action_clear,
            "fetch": self.action_fetch,
        }
        actions.get(event.button.id or "", self.action_cancel)()


#: The name the filter dialog is kept under between openings.
KEPT_AS = "catalogue-filters"


def open_filters(
    app: App[Any],
    text: FilterText,
    roles: Iterable[str],
    check: FilterCheck,
    chosen: Callable[[FilterText | None], None],
) -> None:
    """Open the filter dialog on ``text``; ``chosen`` gets what the player settles on.

    The dialog is kept between openings and refilled: building its thirty-odd fields
    takes most of a second on a slow machine, refilling them a fraction of that.  It is
    built anew only when the roles to choose from or the screen that checks it change.
    """
    kept = app.get_screen(KEPT_AS) if app.is_screen_installed(KEPT_AS) else None
    wanted = sorted(set(roles))
    if isinstance(kept, FilterDialog) and kept.roles == wanted and kept.check == check:
        kept.load(text)
        app.push_screen(kept, chosen)
        return
    if kept is not None:
        app.uninstall_screen(KEPT_AS)
        kept.remove()
    dialog = FilterDialog(text, wanted, check)
    app.install_screen(dialog, KEPT_AS)
    app.push_screen(dialog, chosen)


def _first(values: Iterable[str]) -> str | None:
    return next(iter(values), None)


def filter_problem(cache_dir: Path, text: FilterText) -> str | None:
    """What is wrong with these filters (the dialog shows it and stays open), or None."""
    try:
        parse_filters(text._replace(available_in="", faction=""))
        if text.faction and not text.available_in:
            return "A faction needs an era of availability: availability is per era."
        if text.faction:
            resolve_faction(cache_dir, text.faction)
    except UnknownName as exc:
        return "\n".join([in_app_words(exc.message), *exc.candidates[:5]])
    except CardsmithError as exc:
        return exc.message
    return None
