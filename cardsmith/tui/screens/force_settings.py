"""Provides ``ForceSettingsDialog``: the force's name, rule pack, PV cap, era and faction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from cardsmith.errors import CardsmithError, UnitNotFound, UnknownName
from cardsmith.models import Force
from cardsmith.tui.app_hints import in_app_words
from cardsmith.tui.widgets.forwarding import FocusInput, FocusSelect


@dataclass(frozen=True, slots=True)
class SettingsInput:
    """What the player typed and chose in the settings dialog, as text."""

    name: str
    pack: str
    cap: str
    era: str
    faction: str


class ForceSettingsDialog(ModalScreen[Force | None]):
    """Edit the force's own settings; ``apply`` turns the input into the changed force.

    A value the force cannot take (an empty name, ``3.5`` as a cap, an era or faction
    that fits none or several) is explained under the fields, and the dialog stays open.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="settings.cancel")]

    def __init__(
        self,
        current: Force,
        packs: Sequence[tuple[str, str]],
        apply: Callable[[SettingsInput], Force],
    ) -> None:
        super().__init__(classes="dialog")
        self.current = current
        self.packs = packs
        self.apply = apply

    def compose(self) -> ComposeResult:
        force = self.current
        with Vertical(classes="dialog-box", id="settings-box"):
            yield Label("Force settings", classes="dialog-title")
            with Horizontal(classes="setting-row"):
                yield Label("Name", classes="setting-label")
                yield FocusInput(value=force.name, id="name", compact=True)
            with Horizontal(classes="setting-row"):
                yield Label("Rule pack", classes="setting-label")
                known = {pack_id for pack_id, _ in self.packs}
                options = [(f"{title} [{pack_id}]", pack_id) for pack_id, title in self.packs]
                if force.pack not in known:
                    options.append((f"{force.pack} (not installed)", force.pack))
                yield FocusSelect(
                    options, value=force.pack, allow_blank=False, id="pack", compact=True
                )
            with Horizontal(classes="setting-row"):
                yield Label("PV cap", classes="setting-label")
                yield FocusInput(
                    value="" if force.cap is None else str(force.cap),
                    placeholder="empty: the pack's own cap, if any",
                    id="cap",
                    compact=True,
                )
            with Horizontal(classes="setting-row"):
                yield Label("Era", classes="setting-label")
                yield FocusInput(
                    value=force.era.name if force.era else "",
                    placeholder="name, part of it, a year or a MUL id",
                    id="era",
                    compact=True,
                )
            with Horizontal(classes="setting-row"):
                yield Label("Faction", classes="setting-label")
                yield FocusInput(
                    value=force.faction.name if force.faction else "",
                    placeholder="a MUL faction name or id",
                    id="faction",
                    compact=True,
                )
            yield Static("", id="settings-error")
            yield Static("Enter: OK   Esc: cancel   Tab: next field", classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", variant="primary", id="ok", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def _input(self) -> SettingsInput:
        pack = self.query_one("#pack", Select).value
        return SettingsInput(
            name=self.query_one("#name", Input).value,
            pack=pack if isinstance(pack, str) else self.current.pack,
            cap=self.query_one("#cap", Input).value,
            era=self.query_one("#era", Input).value,
            faction=self.query_one("#faction", Input).value,
        )

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        try:
            changed = self.apply(self._input())
        except CardsmithError as exc:
            self._explain(exc)
            return
        self.dismiss(changed)

    def _explain(self, exc: CardsmithError) -> None:
        said = in_app_words(exc.message)
        text = said[:1].upper() + said[1:]
        if isinstance(exc, UnknownName | UnitNotFound) and exc.candidates:
            text += "\nDid you mean: " + "; ".join(exc.candidates[:4])
        error = self.query_one("#settings-error", Static)
        error.update(text)
        error.add_class("-shown")

    @on(Input.Changed)
    def _clear_error(self) -> None:
        error = self.query_one("#settings-error", Static)
        if error.has_class("-shown"):
            error.update("")
            error.remove_class("-shown")

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
