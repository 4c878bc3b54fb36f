"""Provides ``ForceGrid``: the force as a spreadsheet, one row per entry."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rich.text import Text
from textual.coordinate import Coordinate
from textual.geometry import Region
from textual.widgets import DataTable

from cardsmith import services
from cardsmith.forces.pricing import entry_pv
from cardsmith.models import Force, ForceEntry


@dataclass(frozen=True, slots=True)
class Column:
    """One grid column: its key, header, and the width it starts from and may grow to."""

    key: str
    header: str
    width: int
    most: int
    """The widest it grows to fit its content or a wide terminal."""


#: Grid columns in order.  ``#`` and Unit stay pinned while the rest scroll sideways.
COLUMNS: tuple[Column, ...] = (
    Column("index", "#", 3, 5),
    Column("unit", "Unit", 20, 44),
    Column("check", "Check", 5, 24),
    Column("type", "Type", 4, 4),
    Column("pilot", "Pilot", 6, 24),
    Column("skill", "Skill", 5, 5),
    Column("base", "Base", 4, 4),
    Column("pv", "PV", 3, 4),
    Column("hit", "To-hit", 9, 11),
    Column("spas", "SPAs", 5, 40),
    Column("group", "Group", 5, 30),
)
PINNED = 2

#: Columns the player can edit in place.
EDITABLE = frozenset({"pilot", "skill", "spas", "group"})

#: Grid cells are padded by one space each side (Textual's DataTable default).
_PADDING = 2

#: How marks read in the "#" and Check columns: never by colour alone (NO_COLOR too).
ERROR_MARK = "✗"
WARNING_MARK = "!"
SELECTED_MARK = "●"


def fit_name(name: str, width: int) -> str:
    """``name`` in ``width`` cells; a long one keeps its start and its distinguishing end.

    Variants and squad sizes sit at the end (``… (Sqd4)``, ``… Prime``), so the middle
    gives way: ``Achileus Light Battle Armor [Laser] (Sqd4)`` → ``Achileus Light…(Sqd4)``.
    """
    if len(name) <= width:
        return name
    if width < 5:
        return name[:width]
    tail = max(2, (width - 1) * 2 // 5)
    head = width - 1 - tail
    return f"{name[:head].rstrip()}…{name[-tail:].lstrip()}"


class ForceGrid(DataTable[Text]):
    """The force's entries with their computed columns; rows are rebuilt on every change."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(cursor_type="cell", zebra_stripes=True, fixed_columns=PINNED, id=id)
        self.problems: dict[int, tuple[str, ...]] = {}
        """1-based entry index → the rules it breaks, errors first (``✗ pv-cap``)."""
        self.selected: set[int] = set()
        """1-based indices of rows marked with Space, for edits of several rows at once."""
        self._force: Force | None = None
        self.widths: dict[str, int] = {c.key: c.width for c in COLUMNS}

    def on_mount(self) -> None:
        self._build()

    def on_resize(self) -> None:
        if self._force is not None:
            self._build()

    # -- drawing ------------------------------------------------------------------------

    def show_force(
        self,
        force: Force,
        errors: Mapping[int, Iterable[str]] | None = None,
        warnings: Mapping[int, Iterable[str]] | None = None,
    ) -> None:
        """Redraw every row from ``force``, keeping the cursor where it was.

        ``errors`` and ``warnings`` map an entry's index to the ids of the rules it breaks.
        """
        problems: dict[int, list[str]] = {}
        for mark, found in ((ERROR_MARK, errors or {}), (WARNING_MARK, warnings or {})):
            for index, rules in found.items():
                for rule in rules:
                    text = f"{mark} {rule}"
                    if text not in problems.setdefault(index, []):
                        problems[index].append(text)
        self.problems = {i: tuple(texts) for i, texts in problems.items()}
        self.selected = {i for i in self.selected if i <= len(force.entries)}
        self._force = force
        self._build()

    @property
    def flagged(self) -> set[int]:
        """Indices of entries that break an error-level rule."""
        return {i for i, texts in self.problems.items() if texts[0].startswith(ERROR_MARK)}

    def _build(self) -> None:
        force = self._force
        if force is None or not self.is_mounted:
            return
        cursor = self.cursor_coordinate
        rows = [self._cells(i, e) for i, e in enumerate(force.entries, start=1)]
        self.widths = self._widths(rows)
        self.clear(columns=True)
        for column in COLUMNS:
            self.add_column(column.header, key=column.key, width=self.widths[column.key])
        for index, row in enumerate(rows, start=1):
            self.add_row(*self._fit(row), key=str(index))
        if force.entries:
            self.cursor_coordinate = Coordinate(min(cursor.row, len(rows) - 1), cursor.column)

    def _widths(self, rows: list[list[Text]]) -> dict[str, int]:
        """Each column as wide as its content (within its bounds); spare width goes to Unit."""
        widths: dict[str, int] = {}
        for position, column in enumerate(COLUMNS):
            longest = max((r[position].cell_len for r in rows), default=0)
            widths[column.key] = max(column.width, len(column.header), min(longest, column.most))
        unit = next(c for c in COLUMNS if c.key == "unit")
        wanted = widths["unit"]
        room = self.size.width - 2 - sum(w + _PADDING for w in widths.values())
        # Shrink the name first when the terminal is narrow, then give it any spare width.
        widths["unit"] = max(unit.width, min(wanted, wanted + room))
        return widths

    def _fit(self, row: list[Text]) -> list[Text]:
        unit = COLUMNS.index(next(c for c in COLUMNS if c.key == "unit"))
        fitted = list(row)
        name = row[unit]
        width = self.widths["unit"]
        if name.cell_len > width:
            fitted[unit] = Text(fit_name(name.plain, width), style=name.style)
        return fitted

    def _cells(self, index: int, entry: ForceEntry) -> list[Text]:
        unit = entry.unit
        s, m, long = services.to_hit(entry.skill, unit, entry.spas) if unit.type else (0, 0, 0)
        problems = self.problems.get(index, ())
        flagged = bool(problems) and problems[0].startswith(ERROR_MARK)
        name = ("★ " if entry.commander else "") + unit.name
        spas = ", ".join(services.spa_name(spa) for spa in entry.spas)
        mark = SELECTED_MARK if index in self.selected else (problems[0][0] if problems else "")
        return [
            Text(f"{mark}{index}", style="bold" if mark else "dim", justify="right"),
            Text(name, style="bold" if flagged else ""),
            Text(" ".join(problems) or "—", style="bold" if flagged else "dim"),
            Text(unit.type_code),
            Text(entry.pilot.name or "—", style="" if entry.pilot.name else "dim"),
            Text(str(entry.skill), justify="center"),
            Text(str(unit.pv), justify="right"),
            Text(str(entry_pv(entry)), style="bold", justify="right"),
            Text(f"{s}+ {m}+ {long}+" if unit.type else "—", justify="center"),
            Text(spas or "—", style="" if spas else "dim"),
            Text(entry.group or "—", style="" if entry.group else "dim"),
        ]

    # -- the cursor and marks -------------------------------------------------------------

    @property
    def entry_index(self) -> int | None:
        """1-based index of the entry under the cursor."""
        return self.cursor_row + 1 if self.row_count else None

    @property
    def column_key(self) -> str:
        """Key of the column under the cursor."""
        return COLUMNS[self.cursor_column].key if self.cursor_column < len(COLUMNS) else ""

    def go_to(self, index: int, column: str | None = None) -> None:
        """Put the cursor on entry ``index`` (1-based), optionally in ``column``."""
        if not 1 <= index <= self.row_count:
            return
        col = self.cursor_column
        if column is not None:
            col = next((i for i, c in enumerate(COLUMNS) if c.key == column), col)
        self.cursor_coordinate = Coordinate(index - 1, col)

    def toggle_selected(self, index: int) -> bool:
        """Mark or unmark entry ``index``; True when it is marked now."""
        if index in self.selected:
            self.selected.discard(index)
        else:
            self.selected.add(index)
        self._build()
        return index in self.selected

    def cell_screen_region(self) -> Region:
        """Where the cursor cell is on the screen (for the in-place editor)."""
        try:
            cell = self._get_cell_region(self.cursor_coordinate)
        except Exception:  # a private Textual helper; fall back to the row start
            cell = Region(0, self.cursor_row + 1, 20, 1)
        origin = self.content_region
        # Pinned columns do not scroll: only the others move with scroll_x.
        scroll = int(self.scroll_x) if self.cursor_column >= PINNED else 0
        x = origin.x + cell.x - scroll
        y = origin.y + cell.y - int(self.scroll_y)
        return Region(x, y, cell.width, 1)
