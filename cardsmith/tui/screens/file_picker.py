"""Provides ``PathDialog``: pick a file by typing its path, from the recent ones, or by browsing.

Every open, save, import and export asks through it.  The recent files of the kind
asked for come first (Enter opens one); the folder tree below lists the folders and
the files that fit (Enter on a folder opens it, on a file picks it).  Saving fills the
path from a pick, so the name can still be changed before Enter.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DirectoryTree, Input, Label, OptionList
from textual.widgets.option_list import Option

from cardsmith.services import recent_files as recent
from cardsmith.tui.widgets.forwarding import FocusInput

_PLACEHOLDERS = {
    "force": "path/to/force.json",
    "battle": "path/to/battle.json",
    "campaign": "path/to/campaign.json",
    "unit": "path/to/unit.toml",
}


class FileTree(DirectoryTree):
    """Folders, and the files whose suffix fits; hidden files are left out."""

    def __init__(self, path: Path, suffixes: tuple[str, ...], **kwargs: object) -> None:
        super().__init__(path, **kwargs)  # type: ignore[arg-type]
        self.suffixes = suffixes

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        return [
            path
            for path in paths
            if not path.name.startswith(".")
            and (path.is_dir() or not self.suffixes or path.suffix.lower() in self.suffixes)
        ]


class PathDialog(ModalScreen[Path | None]):
    """Asks for a file path (typed, recent or browsed); dismisses with the path or None."""

    DEFAULT_CSS = """
    PathDialog > .dialog-box { width: 80; max-width: 100%; max-height: 100%; }
    PathDialog #recent { height: auto; max-height: 5; border: none; padding: 0; }
    PathDialog #browse { height: 8; border: none; padding: 0; }
    PathDialog .picker-label { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="path.cancel")]

    def __init__(
        self,
        title: str,
        value: str = "",
        action: str = "OK",
        *,
        kind: str = "force",
        suffixes: tuple[str, ...] = (".json",),
    ) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.value = value
        self.action_label = action
        self.kind = kind
        self.suffixes = tuple(s.lower() for s in suffixes)
        self.saving = action.casefold().startswith(("save", "export", "write"))
        self.recent = recent.recent(kind)

    def compose(self) -> ComposeResult:
        placeholder = _PLACEHOLDERS.get(self.kind, "path/to/file")
        with Vertical(classes="dialog-box"):
            yield Label(self.title_text, classes="dialog-title")
            yield FocusInput(value=self.value, id="path", placeholder=placeholder)
            if self.recent:
                yield Label("Recent (Enter picks):", classes="picker-label")
                yield OptionList(
                    *(Option(_shown(path), id=str(path)) for path in self.recent), id="recent"
                )
            yield Label("Browse (Enter opens a folder or picks a file):", classes="picker-label")
            yield FileTree(self._root(), self.suffixes, id="browse")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.action_label, variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The folder tree takes the rows the terminal has left (3 to 10)."""
        # The box may use 90% of the height; its border, padding, title, path box and
        # buttons take 14 rows, the recent list its rows and a label.
        room = int(self.app.size.height * 0.9) - 14
        if self.recent:
            shown = max(1, min(5, len(self.recent), room - 4))
            self.query_one("#recent", OptionList).styles.max_height = shown
            room -= shown + 1
        rows = max(3, min(10, room))
        self.query_one("#browse", FileTree).styles.height = rows

    def _root(self) -> Path:
        typed = Path(self.value).expanduser() if self.value else None
        for folder in (typed, typed.parent if typed else None):
            if folder is not None and folder.is_dir():
                return folder
        return Path.cwd()

    def _picked(self, path: Path) -> None:
        if self.saving:
            box = self.query_one("#path", Input)
            box.value = str(path)
            box.focus()
        else:
            self.dismiss(path)

    @on(OptionList.OptionSelected, "#recent")
    def _recent_picked(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._picked(Path(event.option.id))

    @on(DirectoryTree.FileSelected, "#browse")
    def _file_picked(self, event: DirectoryTree.FileSelected) -> None:
        self._picked(Path(event.path))

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def _submit(self) -> None:
        text = self.query_one("#path", Input).value.strip()
        self.dismiss(Path(text).expanduser() if text else None)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def _shown(path: Path) -> str:
    """A recent file as listed: its name, then its folder (home written as ~)."""
    folder = str(path.parent)
    home = str(Path.home())
    if folder.startswith(home):
        folder = "~" + folder[len(home) :]
    return f"{path.name}   {folder}"
