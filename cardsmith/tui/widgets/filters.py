"""Provides ``FilterBar``: the catalogue's field filters (type, role, size, PV, special, era)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Label, Select

from cardsmith.catalogue.eras import ERAS
from cardsmith.catalogue.search import SearchFilters
from cardsmith.models import UnitType

_SIZES = [("Size 1 (light)", 1), ("Size 2 (medium)", 2), ("Size 3 (heavy)", 3), ("Size 4+", 4)]


class FilterBar(Horizontal):
    """One row of filter fields; posts ``FilterBar.Changed`` whenever one changes."""

    DEFAULT_CSS = """
    FilterBar {
        height: auto;
        & Select { width: 1fr; min-width: 14; }
        & Input { width: 9; }
        & #special { width: 14; }
        & Label { padding: 1 0 0 1; color: $text-muted; }
    }
    """

    @dataclass
    class Changed(Message):
        """The filters were changed."""

        bar: FilterBar
        filters: SearchFilters

        @property
        def control(self) -> FilterBar:
            """The filter bar that changed."""
            return self.bar

    def compose(self) -> ComposeResult:
        yield Select(
            [(f"{t.value} {t.label}", t.value) for t in UnitType],
            prompt="Any type",
            id="type",
            tooltip="Alpha Strike unit type",
        )
        yield Select([], prompt="Any role", id="role", tooltip="Unit role")
        yield Select(_SIZES, prompt="Any size", id="size", tooltip="Size class")
        yield Label("PV")
        yield Input(placeholder="min", id="pv-min", type="integer", tooltip="Lowest base PV")
        yield Input(placeholder="max", id="pv-max", type="integer", tooltip="Highest base PV")
        yield Input(
            placeholder="special",
            id="special",
            tooltip="Ability codes the unit must have, such as IF or ECM (space or comma apart)",
        )
        yield Select(
            [(f"{era.name} ({era.start}+)", era.id) for era in ERAS],
            prompt="Any era",
            id="era",
            tooltip="MUL production era",
        )

    def set_roles(self, roles: Iterable[str]) -> None:
        """Fill the role list from the roles found in the catalogue."""
        self.query_one("#role", Select).set_options((role, role) for role in sorted(roles))

    @property
    def filters(self) -> SearchFilters:
        """The filters as the fields now say."""
        type_value = self.query_one("#type", Select).value
        role = self.query_one("#role", Select).value
        size = self.query_one("#size", Select).value
        era = self.query_one("#era", Select).value
        special = self.query_one("#special", Input).value.replace(",", " ").split()
        sizes: frozenset[int] = frozenset()
        if isinstance(size, int):
            sizes = frozenset({size}) if size < 4 else frozenset(range(4, 10))
        return SearchFilters(
            types=frozenset({type_value}) if isinstance(type_value, str) else frozenset(),
            roles=frozenset({role.casefold()}) if isinstance(role, str) else frozenset(),
            sizes=sizes,
            pv_min=_int(self.query_one("#pv-min", Input).value),
            pv_max=_int(self.query_one("#pv-max", Input).value),
            specials=frozenset(code.upper() for code in special),
            eras=frozenset({era}) if isinstance(era, int) else frozenset(),
        )

    def clear(self) -> None:
        """Reset every field."""
        for select in self.query(Select):
            select.clear()
        for field in self.query(Input):
            field.value = ""

    @on(Select.Changed)
    @on(Input.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        self.post_message(self.Changed(self, self.filters))


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None
