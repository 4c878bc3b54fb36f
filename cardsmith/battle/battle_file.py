"""Provides the battle record file: versioned JSON beside the force files, saved atomically.

A battle file names each side's force file by path (relative to the battle file) and
fingerprint, and holds the log of changes; the state is rebuilt by replaying the log,
so undo is exact.  The ``state`` block is written for people and other tools to read;
cardsmith recomputes it on load.

Version 2 adds ``profile`` changes (switch events of multi-profile units, issue 8) and
each such unit's active profile in the ``state`` block.  A version-1 file has no profile
changes, so every unit replays into its first profile: it loads unchanged.  Version 3
adds the Betrayal ``designate`` and ``sabotage`` changes (seed 000 I and III.B, option
D); older files have none, so they load unchanged.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardsmith import __version__, limits
from cardsmith.battle.actions import replay
from cardsmith.battle.profile_state import profile_info
from cardsmith.battle.state import Battle, BattleEditError, Change, Side, heat_text, new_battle

# Re-exported: callers have long imported the file error from here.
from cardsmith.errors import BattleFileError as BattleFileError
from cardsmith.errors import ForceFileError

# ``backup_path`` is part of this module's interface (callers find the .bak through it).
from cardsmith.fileio import backup_path as backup_path
from cardsmith.fileio import check_readable, locked, read_json, save_bytes
from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.force_file import load_force

FORMAT_NAME = "cardsmith-battle"
FORMAT_VERSION = 3

#: Largest battle file read or written (the shared document limit): a long game logs a
#: few thousand changes, far below this.
MAX_BATTLE_BYTES = limits.MAX_DOCUMENT_BYTES

_KINDS = (
    "damage",
    "heat",
    "set-heat",
    "crit",
    "wound",
    "flag",
    "end-round",
    "betrayal",
    "profile",
    "designate",
    "sabotage",
)


def relative_force_path(force_path: Path, battle_path: Path) -> str:
    """The force file's path as the battle file records it: relative to the battle's folder."""
    folder = battle_path.resolve().parent
    try:
        return Path(os.path.relpath(force_path.resolve(), folder)).as_posix()
    except ValueError:  # another drive on Windows: keep it absolute
        return force_path.resolve().as_posix()


def start_battle(force_paths: list[Path], battle_path: Path, packs: tuple[str, ...] = ()) -> Battle:
    """A new battle from force files, one side each, named after the forces.

    Raises:
        ForceFileError: a force file does not load.
        BattleEditError: no forces, or a force without units.
    """
    sides: list[Side] = []
    names: set[str] = set()
    for path in force_paths:
        force = load_force(path)
        name = force.name
        number = 2
        while name.casefold() in names:
            name, number = f"{force.name} ({number})", number + 1
        names.add(name.casefold())
        sides.append(
            Side(name, force, relative_force_path(path, battle_path), force_fingerprint(force))
        )
    return new_battle(tuple(sides), packs)


# -- writing ------------------------------------------------------------------------------


def battle_to_dict(battle: Battle) -> dict[str, Any]:
    """The battle as a JSON document of the current version."""
    units = []
    for state, entry in battle.pairs():
        info = profile_info(battle.force_entry(state), state)
        profile = (
            {}
            if info is None
            else {
                "profile": {
                    "active": info.active + 1,
                    "name": info.active_name,
                    "rule": info.rule_id,
                    "locked": info.locked,
                }
            }
        )
        units.append(
            {
                "key": state.key,
                "name": entry.name,
                "controller": state.controller,
                "armor_damage": state.armor_damage,
                "structure_damage": state.structure_damage,
                "heat": heat_text(state.heat),
                "shutdown": state.shutdown,
                "crits": [c.value for c in state.crits],
                "pilot_wounds": state.pilot_wounds,
                "flags": [
                    f
                    for f in ("pilotless", "immobile", "destroyed", "withdrawn", "crashed", "sunk")
                    if getattr(state, f)
                ],
                "weapon_penalty": state.weapon_penalty,
                "piloting_penalty": state.piloting_penalty,
                "objective": state.objective,
                **profile,
            }
        )
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "generator": f"cardsmith {__version__}",
        "sides": [
            {"name": s.name, "force": s.force_path, "fingerprint": s.fingerprint}
            for s in battle.sides
        ],
        "packs": list(battle.packs),
        "log": [c.to_dict() for c in battle.log],
        "state": {"turn": battle.turn, "pending": len(battle.pending), "units": units},
    }


def save_battle(battle: Battle, path: Path) -> None:
    """Write the battle atomically, keeping the file it replaces as ``<file>.bak``.

    Raises:
        BattleFileError: the folder cannot be written, or the battle holds a number its
            reader would refuse (nothing is written then).
    """
    document = battle_to_dict(battle)
    check_readable(document, where=str(path), error=BattleFileError)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    save_bytes(
        path,
        text.encode("utf-8"),
        BattleFileError,
        keep_backup=True,
        max_bytes=MAX_BATTLE_BYTES,
        what="battle file",
    )


def update_battle(path: Path, edit: Callable[[Battle], Battle]) -> tuple[Battle, Battle]:
    """Change a battle file under its lock: read it afresh, apply ``edit``, save.

    Another process (``cardsmith battle …`` while the app has the file open) waits for the
    lock, so no change is lost; the edit is applied to what the file holds now.

    Returns:
        The battle before and after the edit.

    Raises:
        BattleFileError: the file is busy, unreadable or cannot be written.
        BattleEditError: the edit does not fit the battle (nothing is written).
    """
    with locked(path, error=BattleFileError):
        before = load_battle(path)
        after = edit(before)
        save_battle(after, path)
    return before, after


# -- reading ------------------------------------------------------------------------------


def load_battle(path: Path) -> Battle:
    """Read a battle file, load its force files, check their fingerprints, replay the log.

    Raises:
        BattleFileError: unreadable, not JSON, the wrong shape, too new, a force file
            missing, broken or changed since the battle started.
    """
    data = read_json(path, what="battle file", max_bytes=MAX_BATTLE_BYTES, error=BattleFileError)
    return battle_from_dict(data, path)


def battle_from_dict(data: Any, path: Path) -> Battle:
    """Build a battle from a decoded battle document; force paths are relative to ``path``.

    Raises:
        BattleFileError: as for ``load_battle``.
    """
    origin = str(path)
    if not isinstance(data, dict):
        raise BattleFileError(f"{origin}: a battle file must hold a JSON object")
    if data.get("format") != FORMAT_NAME:
        raise BattleFileError(
            f'{origin} is not a cardsmith battle file ("format" is {data.get("format")!r}, expected {FORMAT_NAME!r})'
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise BattleFileError(f'{origin}: "version" must be a whole number, not {version!r}')
    if version > FORMAT_VERSION:
        raise BattleFileError(
            f"{origin} uses battle file version {version}, written by a newer cardsmith; "
            f"this cardsmith ({__version__}) reads versions up to {FORMAT_VERSION}"
        )
    if version < 1:
        raise BattleFileError(f"{origin}: battle file version {version} does not exist")
    sides = tuple(
        _read_side(raw, n, path) for n, raw in enumerate(_list(data, "sides", origin), start=1)
    )
    packs = _list(data, "packs", origin)
    if not all(isinstance(p, str) for p in packs):
        raise BattleFileError(f'{origin}: "packs" must be a list of pack ids')
    log = tuple(
        _read_change(raw, f"{origin}: log[{n}]") for n, raw in enumerate(_list(data, "log", origin))
    )
    try:
        return replay(new_battle(sides, tuple(packs)), log)
    except (BattleEditError, IndexError, KeyError, TypeError, ValueError) as exc:
        raise BattleFileError(f"{origin}: the log does not replay on its forces: {exc}") from exc


def _list(data: Mapping[str, Any], key: str, origin: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise BattleFileError(f'{origin}: "{key}" must be a list')
    return value


def _read_side(raw: Any, number: int, path: Path) -> Side:
    where = f"{path}: sides[{number}]"
    if not isinstance(raw, Mapping):
        raise BattleFileError(f"{where} must be an object")
    name, force_ref, fingerprint = (
        _text(raw, key, where) for key in ("name", "force", "fingerprint")
    )
    force_path = Path(force_ref)
    if not force_path.is_absolute():
        # Resolved, so messages name the file itself, not ``games/../forces/red.json``.
        force_path = (path.resolve().parent / force_path).resolve()
    try:
        force = load_force(force_path)
    except ForceFileError as exc:
        raise BattleFileError(f"{where} ({name}): {exc.message}") from exc
    now = force_fingerprint(force)
    if now != fingerprint:
        raise BattleFileError(
            f"{where}: the force file {force_path} changed since the battle started "
            f"(fingerprint {now}, the battle expects {fingerprint}); restore it (its .bak "
            "may hold the old version) or start a new battle"
        )
    return Side(name, force, force_ref, fingerprint)


def _text(raw: Mapping[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise BattleFileError(f'{where}: "{key}" must be non-empty text')
    return value


def _read_change(raw: Any, where: str) -> Change:
    if not isinstance(raw, Mapping):
        raise BattleFileError(f"{where} must be an object")
    kind = raw.get("kind")
    if kind not in _KINDS:
        raise BattleFileError(f'{where}: "kind" must be one of {", ".join(_KINDS)}, not {kind!r}')
    fields: dict[str, Any] = {}
    for key, kind_of, default in (
        ("unit", str, ""),
        ("turn", int, 0),
        ("amount", int, 0),
        ("detail", str, ""),
        ("staged", bool, False),
    ):
        value = raw.get(key, default)
        if not isinstance(value, kind_of) or (kind_of is int and isinstance(value, bool)):
            raise BattleFileError(f'{where}: "{key}" must be {kind_of.__name__}, not {value!r}')
        fields[key] = value
    extra = raw.get("data", {})
    if not isinstance(extra, Mapping) or not all(
        isinstance(v, int | str | bool) for v in extra.values()
    ):
        raise BattleFileError(f'{where}: "data" must be an object of numbers, text and true/false')
    if kind != "end-round" and not fields["unit"]:
        raise BattleFileError(f'{where}: a {kind} change needs a "unit"')
    return Change(kind=kind, data=tuple((str(k), v) for k, v in extra.items()), **fields)
