"""Provides the custom unit editor's model: a draft unit as a grid of profiles, cell by cell.

The draft keeps every cell as the text the player typed; ``unit_table`` turns it into
the table ``cardsmith.profiles.customfile`` reads, so the editor shows exactly the
problems ``cardsmith unit validate`` would.  Nothing here imports Textual.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from cardsmith import paths
from cardsmith.errors import CardsmithError, CatalogueDataError, TemplateError
from cardsmith.models.profiles import ALPHA_STRIKE
from cardsmith.profiles.catalogues import load_switch_rules, load_system
from cardsmith.profiles.customfile import FORMAT, VERSION

#: Largest number of profiles a unit may have in the editor (a card shows them side by side).
MAX_PROFILES = 8


@dataclass(frozen=True, slots=True)
class GridColumn:
    """One column of the profile grid."""

    key: str
    """The key written to the unit file (``CC``, ``move`` …)."""
    header: str
    width: int
    hint: str = ""
    """What the cell takes, shown while editing."""


#: Alpha Strike stat columns (the keys of cardsmith's unit JSON; ASCE p.22-26 card fields).
AS_COLUMNS: tuple[GridColumn, ...] = (
    GridColumn("type", "TP", 4, "BM, IM, PM, CV, SV, MS, CI, BA, AF, CF, SC, DS, DA, WS, SS, JS"),
    GridColumn("size", "SZ", 3, "size 1-4 (whole number)"),
    GridColumn("move", "MV", 10, 'movement like 8" or 8"/6"j or 5a'),
    GridColumn("armor", "A", 3, "armor (whole number)"),
    GridColumn("structure", "S", 3, "structure (whole number)"),
    GridColumn("damage", "Dmg S/M/L", 11, "3 or 4 values like 3/2/0* (E optional)"),
    GridColumn("overheat", "OV", 3, "overheat value (whole number, may be empty)"),
    GridColumn("pv", "PV", 4, "point value (whole number)"),
    GridColumn("specials", "Specials", 22, "special abilities, comma separated: ENE, CASE, IF1"),
)

#: Alpha Strike keys written as whole numbers when they look like one.
_AS_INTS = frozenset({"size", "armor", "structure", "threshold", "overheat", "pv", "tmm"})

_INT = re.compile(r"^-?\d+$")


@dataclass(frozen=True, slots=True)
class ProfileRow:
    """One profile: its name and the text of each cell."""

    name: str
    cells: tuple[tuple[str, str], ...] = ()
    notes: str = ""
    extra: tuple[tuple[str, object], ...] = ()
    """Keys the grid does not show (``tmm``, ``role`` …) kept as the file had them."""

    def cell(self, key: str) -> str:
        """The text of one column ('' when empty)."""
        if key == "name":
            return self.name
        if key == "notes":
            return self.notes
        return dict(self.cells).get(key, "")


@dataclass(frozen=True, slots=True)
class UnitDraft:
    """A custom unit being edited: unit fields and one row per profile, all as typed."""

    name: str = ""
    system: str = ALPHA_STRIKE
    profiles: tuple[ProfileRow, ...] = (ProfileRow("Profile 1"),)
    switch_rule: str = ""
    switch_value: str = ""
    pricing: str = "first"
    points: str = ""
    extra: tuple[tuple[str, object], ...] = ()
    """Unit keys the editor does not show (``id``, ``chassis``, ``technology``) kept as read."""


# -- columns, systems and rules ---------------------------------------------------------


def columns_for(system: str) -> tuple[GridColumn, ...]:
    """The stat columns of a game system (Alpha Strike or a ``templates/systems`` file).

    Raises:
        TemplateError: the system is unknown or its file is broken.
    """
    if system == ALPHA_STRIKE:
        return AS_COLUMNS
    layout = load_system(system)
    return tuple(
        GridColumn(
            c.id,
            c.id,
            max(len(c.id) + 1, 6 if c.pattern.startswith(r"^\d+(") else 4),
            c.name + (" (optional)" if c.optional else ""),
        )
        for c in layout.columns
    )


def system_choices() -> list[tuple[str, str]]:
    """(id, title) of every game system the editor can use; Alpha Strike first."""
    found: dict[str, str] = {ALPHA_STRIKE: "Alpha Strike"}
    for folder in paths.template_search_path("systems"):
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
            if path.stem in found:
                continue
            try:
                found[path.stem] = load_system(path.stem).title
            except TemplateError:
                continue  # a broken user template: the editor cannot lay it out
    return list(found.items())


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """A switch rule as the editor offers it."""

    id: str
    name: str
    value: str | None
    """``wounds`` (X), ``modifier`` (WIP MOD) or None when the rule takes no number."""
    summary: str


def rule_choices() -> list[RuleChoice]:
    """Every switch rule from ``templates/profiles/switch-rules.toml``."""
    return [
        RuleChoice(rule.id, rule.name, rule.value, rule.summary)
        for rule in load_switch_rules().values()
    ]


# -- editing ------------------------------------------------------------------------------


def set_cell(draft: UnitDraft, row: int, key: str, text: str) -> UnitDraft:
    """``draft`` with cell ``key`` of profile ``row`` (1-based) set to ``text``."""
    profiles = list(draft.profiles)
    profile = profiles[row - 1]
    text = text.strip()
    if key == "name":
        profile = replace(profile, name=text)
    elif key == "notes":
        profile = replace(profile, notes=text)
    else:
        cells = [(k, v) for k, v in profile.cells if k != key]
        if text:
            cells.append((key, text))
        profile = replace(profile, cells=tuple(cells))
    profiles[row - 1] = profile
    return replace(draft, profiles=tuple(profiles))


def add_profile(draft: UnitDraft, after: int) -> UnitDraft:
    """A new empty profile after row ``after`` (0: at the top).

    Raises:
        CardsmithError: the unit already has MAX_PROFILES profiles.
    """
    _room(draft)
    profiles = list(draft.profiles)
    profiles.insert(after, ProfileRow(f"Profile {len(profiles) + 1}"))
    return replace(draft, profiles=tuple(profiles))


def duplicate_profile(draft: UnitDraft, row: int) -> UnitDraft:
    """A copy of profile ``row`` right after it."""
    _room(draft)
    profiles = list(draft.profiles)
    copy = profiles[row - 1]
    profiles.insert(row, replace(copy, name=f"{copy.name} (copy)"))
    return replace(draft, profiles=tuple(profiles))


def remove_profile(draft: UnitDraft, row: int) -> UnitDraft:
    """``draft`` without profile ``row``.

    Raises:
        CardsmithError: it is the unit's only profile.
    """
    if len(draft.profiles) <= 1:
        raise CardsmithError("a unit needs at least one profile")
    profiles = list(draft.profiles)
    del profiles[row - 1]
    return replace(draft, profiles=tuple(profiles))


def move_profile(draft: UnitDraft, row: int, delta: int) -> tuple[UnitDraft, int]:
    """``draft`` with profile ``row`` moved by ``delta``, and where it landed."""
    profiles = list(draft.profiles)
    target = max(1, min(len(profiles), row + delta))
    profiles.insert(target - 1, profiles.pop(row - 1))
    return replace(draft, profiles=tuple(profiles)), target


def change_system(draft: UnitDraft, system: str) -> tuple[UnitDraft, int]:
    """``draft`` laid out for another system, and how many cells were dropped.

    Profile names and notes stay; values stay where the new system has a column of the
    same key (or alias).
    """
    if system == draft.system:
        return draft, 0
    keys = {c.key for c in columns_for(system)}
    layout = None if system == ALPHA_STRIKE else load_system(system)
    dropped = 0
    profiles = []
    for profile in draft.profiles:
        cells = []
        for key, value in profile.cells:
            column = layout.column(key) if layout is not None else None
            target = column.id if column is not None else key
            if target in keys:
                cells.append((target, value))
            else:
                dropped += 1
        profiles.append(replace(profile, cells=tuple(cells), extra=()))
    return replace(draft, system=system, profiles=tuple(profiles)), dropped


def _room(draft: UnitDraft) -> None:
    if len(draft.profiles) >= MAX_PROFILES:
        raise CardsmithError(f"a unit has at most {MAX_PROFILES} profiles")


# -- to and from the unit file -------------------------------------------------------------


def _number_or_text(text: str) -> int | str:
    return int(text) if _INT.match(text) else text


def unit_table(draft: UnitDraft) -> dict[str, object]:
    """The ``[[unit]]`` table of the draft, as the custom unit file holds it."""
    table: dict[str, object] = {"name": draft.name.strip()}
    if draft.system != ALPHA_STRIKE:
        table["system"] = draft.system
    if draft.switch_rule:
        table["switch_rule"] = draft.switch_rule
    if draft.switch_value.strip():
        table["switch_value"] = _number_or_text(draft.switch_value.strip())
    table["pricing"] = draft.pricing
    if draft.points.strip():
        table["points"] = _number_or_text(draft.points.strip())
    for key, value in draft.extra:
        table.setdefault(key, value)
    table["profile"] = [_profile_table(p, draft.system) for p in draft.profiles]
    return table


def _profile_table(profile: ProfileRow, system: str) -> dict[str, object]:
    out: dict[str, object] = {"name": profile.name}
    for key, text in profile.cells:
        if system != ALPHA_STRIKE:
            out[key] = _number_or_text(text)
        elif key == "damage":
            out[key] = [part.strip() for part in text.split("/")]
        elif key == "specials":
            out[key] = [part.strip() for part in text.split(",") if part.strip()]
        elif key in _AS_INTS:
            out[key] = _number_or_text(text)
        else:
            out[key] = text
    for key, value in profile.extra:
        out.setdefault(key, value)
    if profile.notes:
        out["notes"] = profile.notes
    return out


def file_data(tables: list[dict[str, object]]) -> dict[str, object]:
    """A whole custom unit file holding ``tables``."""
    return {"format": FORMAT, "version": VERSION, "unit": tables}


def draft_from_table(table: Mapping[str, object]) -> tuple[UnitDraft, list[str]]:
    """A draft from a ``[[unit]]`` table, and notes about anything the grid cannot show.

    Raises:
        CatalogueDataError: the table is not a table, or names an unknown system.
    """
    if not isinstance(table, Mapping):
        raise CatalogueDataError("the unit is not a table")
    notes: list[str] = []
    system = str(table.get("system", ALPHA_STRIKE))
    try:
        columns = columns_for(system)
    except TemplateError as exc:
        raise CatalogueDataError(exc.message) from None
    layout = None if system == ALPHA_STRIKE else load_system(system)
    keys = {c.key for c in columns}
    rows: list[ProfileRow] = []
    raw_profiles = table.get("profile")
    for position, item in enumerate(raw_profiles if isinstance(raw_profiles, list) else [], 1):
        if not isinstance(item, Mapping):
            notes.append(f"profile {position} is not a table; left out")
            continue
        cells: list[tuple[str, str]] = []
        extra: list[tuple[str, object]] = []
        for key, value in item.items():
            if key in ("name", "notes"):
                continue
            column = layout.column(key) if layout is not None else None
            target = column.id if column is not None else key
            if target in keys:
                cells.append((target, _cell_text(target, value)))
            elif layout is None:
                extra.append((key, value))  # Alpha Strike keys such as tmm, role, tonnage
            else:
                notes.append(
                    f"profile {position}: {key} is not a column of {layout.title}; dropped"
                )
        rows.append(
            ProfileRow(
                str(item.get("name", f"Profile {position}")),
                tuple(cells),
                str(item.get("notes", "")),
                tuple(extra),
            )
        )
    shown = {"name", "system", "switch_rule", "switch_value", "pricing", "points", "profile"}
    draft = UnitDraft(
        name=str(table.get("name", "")),
        system=system,
        profiles=tuple(rows) or (ProfileRow("Profile 1"),),
        switch_rule=str(table.get("switch_rule", "")),
        switch_value=_text(table.get("switch_value")),
        pricing=str(table.get("pricing", "first")),
        points=_text(table.get("points")),
        extra=tuple((k, v) for k, v in table.items() if k not in shown),
    )
    return draft, notes


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _cell_text(key: str, value: object) -> str:
    if isinstance(value, list):
        return ("/" if key == "damage" else ", ").join(str(v) for v in value)
    return str(value)
