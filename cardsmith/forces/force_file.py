"""Provides reading and writing of cardsmith force files (JSON, format version 1, design §6).

Era and faction (``"era"``/``"faction"``: ``{"id", "name"}``) were added to version 1
without a version bump: they are optional, written only when set, and an older reader
ignores keys it does not know, so every cardsmith can still open every force file.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardsmith import __version__, limits
from cardsmith.errors import CatalogueDataError, ForceFileError
from cardsmith.fileio import check_readable, locked, locked_update, read_bytes, save_bytes
from cardsmith.forces.entry_scan import scan_force
from cardsmith.forces.fast_read import plain_entry, within_limits
from cardsmith.forces.snapshots import check_stats, unit_from_snapshot
from cardsmith.models.force import (
    MAX_SKILL,
    MIN_SKILL,
    Force,
    ForceEntry,
    Group,
    MulRef,
    Pilot,
)

FORMAT_NAME = "cardsmith-force"
FORMAT_VERSION = 1

#: Largest force file read or written (the shared document limit); a 1,000-unit force is
#: well under 2 MB.
MAX_FORCE_BYTES = limits.MAX_DOCUMENT_BYTES

#: Older format version N → function turning a version-N document into version N+1.
#: Version 1 is the first released format, so nothing is registered yet; a future
#: version 2 adds ``MIGRATIONS[1]`` and bumps FORMAT_VERSION.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


# -- writing ------------------------------------------------------------------------------


def force_to_dict(force: Force) -> dict[str, Any]:
    """The force as a version-1 JSON document."""
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "generator": f"cardsmith {__version__}",
        "name": force.name,
        "pack": force.pack,
        "cap": force.cap,
        "data_version": force.data_version,
        **_refs_to_dict(force),
        "groups": [{"name": g.name, "formation": g.formation} for g in force.groups],
        "entries": [_entry_to_dict(e) for e in force.entries],
    }


def _refs_to_dict(force: Force) -> dict[str, Any]:
    # Written only when set, so a force without them is byte for byte what it was.
    refs: dict[str, Any] = {}
    for key, ref in (("era", force.era), ("faction", force.faction)):
        if ref is not None:
            refs[key] = {"id": ref.id, "name": ref.name}
    return refs


def _entry_to_dict(entry: ForceEntry) -> dict[str, Any]:
    return {
        "mul_id": entry.unit.mul_id,
        "unit": entry.unit.to_dict(),
        "unit_version": entry.unit_version,
        "skill": entry.skill,
        "pilot": {
            "name": entry.pilot.name,
            "wounds": entry.pilot.wounds,
            "notes": entry.pilot.notes,
        },
        "spas": list(entry.spas),
        "group": entry.group,
        "commander": entry.commander,
    }


def force_bytes(force: Force) -> bytes:
    """The force file's text, as saved."""
    return _document_bytes(force_to_dict(force))


def _document_bytes(document: dict[str, Any]) -> bytes:
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def save_force(force: Force, path: Path) -> None:
    """Write the force atomically, under the file's lock; the old file is kept as ``.bak``.

    The new text goes to a temporary file in the same folder, is flushed to disk and
    then renamed over the target, so a crash leaves either the old or the new file.

    Raises:
        ForceFileError: the folder cannot be written, the file is read-only, busy, or the
            force is larger than a force file may be (nothing is written then).
    """
    with locked(path, error=ForceFileError):
        _write(force, path)


def _write(force: Force, path: Path) -> None:
    document = force_to_dict(force)
    # What the reader checks (the snapshots are checked where they are read), so a cap
    # of 10**23 is refused here instead of making the file unreadable.
    check_readable(_without_snapshots(document), where=str(path), error=ForceFileError)
    save_bytes(
        path,
        _document_bytes(document),
        ForceFileError,
        keep_backup=True,
        max_bytes=MAX_FORCE_BYTES,
        what="force file",
    )


def edit_force(path: Path, change: Callable[[Force], Force]) -> tuple[Force, Force]:
    """Lock ``path``, read it afresh, apply ``change`` and save the result if it differs.

    Two processes editing one file take turns, so each sees the other's change: N
    parallel ``force add`` leave N more entries.

    Returns:
        The force as read under the lock, and as it is now.

    Raises:
        ForceFileError: unreadable, busy, or not writable; the file is left as it was.
        ForceEditError: ``change`` refused the edit; the file is left as it was.
    """
    with locked_update(path, read=load_force, error=ForceFileError) as update:
        after = change(update.current)
        if after != update.current:
            _write(after, path)
    return update.current, after


def save_force_unless_changed(force: Force, path: Path, loaded: Force | None) -> Force | None:
    """Save ``force`` over ``path`` unless the file no longer holds ``loaded``.

    ``loaded`` is the force as last read from or written to ``path`` (None: do not
    compare, e.g. a file the player has just chosen).  The check and the save happen
    under the file's lock, so no other cardsmith can write in between.

    Returns:
        None when saved; otherwise the force the file holds now (nothing was written).

    Raises:
        ForceFileError: the file cannot be read or written.
    """
    with locked(path, error=ForceFileError):
        if loaded is not None and path.exists():
            on_disk = load_force(path)
            if on_disk != loaded:
                return on_disk
        _write(force, path)
    return None


# -- reading ------------------------------------------------------------------------------


def load_force(path: Path) -> Force:
    """Read a force file, migrating older format versions.

    Raises:
        ForceFileError: unreadable, not JSON, truncated, the wrong shape, or written by a
            newer cardsmith; the message says which and where.
    """
    # The shared limits are applied in two parts: to the file without its unit snapshots
    # (below), and to each distinct snapshot once, as it is first read (forces.snapshots).
    raw = read_bytes(path, what="force file", max_bytes=MAX_FORCE_BYTES, error=ForceFileError)
    origin = str(path)
    # Entries repeated from files read before are taken from memory (forces.entry_scan);
    # a file that path does not read is decoded whole, which words what is wrong with it.
    scanned = scan_force(raw)
    if scanned is None:
        texts = None
        data = limits.parse_json(
            raw, where=origin, what="force file", error=ForceFileError, check=False
        )
    else:
        data, texts = scanned
    # The walk outside the snapshots comes first: a file over the limits is refused for
    # that, whatever else is wrong with it.  A file the reader accepts holds only the
    # known keys, each of a checked type, so it needs the walk only for the few numbers
    # the reader does not bound (``within_limits``); the walk still decides those.
    try:
        force, entries_within = _read_document(data, origin, texts)
    except Exception:
        _check_limits(data, origin)
        raise
    if not (entries_within and within_limits(data)):
        _check_limits(data, origin)
    return force


def _check_limits(data: Any, origin: str) -> None:
    limits.check_tree(_without_snapshots(data), where=origin, error=ForceFileError)


def _without_snapshots(data: Any) -> Any:
    """The document with each entry's ``unit`` snapshot left out (for the limits walk)."""
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return data
    shell = dict(data)
    shell["entries"] = [
        {k: v for k, v in e.items() if k != "unit"} if isinstance(e, dict) else e for e in entries
    ]
    return shell


def force_from_dict(data: Any, origin: str = "force file") -> Force:
    """Build a force from a decoded force document (any supported version).

    Raises:
        ForceFileError: as for ``load_force``.
    """
    return _read_document(data, origin)[0]


def _read_document(
    data: Any, origin: str, texts: list[str | None] | None = None
) -> tuple[Force, bool]:
    """The force, and whether its entries are surely within the shared limits.

    ``texts``: each entry's exact JSON text, when ``entry_scan`` read the file (they key
    the quick path's memory of entries; without them it keys entries by their data).
    """
    if not isinstance(data, dict):
        raise ForceFileError(f"{origin}: a force file must hold a JSON object")
    if data.get("format") != FORMAT_NAME:
        raise ForceFileError(
            f'{origin} is not a cardsmith force file ("format" is {data.get("format")!r}, '
            f"expected {FORMAT_NAME!r})"
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ForceFileError(f'{origin}: "version" must be a whole number, not {version!r}')
    if version > FORMAT_VERSION:
        raise ForceFileError(
            f"{origin} uses force file version {version}, written by a newer cardsmith; "
            f"this cardsmith ({__version__}) reads versions up to {FORMAT_VERSION} — "
            "please upgrade cardsmith to open it"
        )
    if version < FORMAT_VERSION:
        data, texts = migrate(data, version, origin), None  # the texts are of the old shape
    return _read_v1(data, origin, texts)


def migrate(data: dict[str, Any], version: int, origin: str = "force file") -> dict[str, Any]:
    """Bring a document of an older version up to FORMAT_VERSION, step by step.

    Raises:
        ForceFileError: a version with no migration path.
    """
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ForceFileError(
                f"{origin} uses force file version {version}, which cardsmith cannot read"
            )
        # A copy all the way down: a step may change an entry, and entries read from
        # memory are shared by every document that repeats them (forces.entry_scan).
        data = step(copy.deepcopy(data))
        version += 1
        data["version"] = version
    return data


def _read_v1(
    data: Mapping[str, Any], origin: str, texts: list[str | None] | None = None
) -> tuple[Force, bool]:
    name = _text(data, "name", origin, required=True)
    pack = _text(data, "pack", origin) or "standard"
    cap = data.get("cap")
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
        raise ForceFileError(f'{origin}: "cap" must be a positive whole number or null')
    raw_groups = data.get("groups", [])
    if not isinstance(raw_groups, list):
        raise ForceFileError(f'{origin}: "groups" must be a list')
    groups = []
    for number, raw in enumerate(raw_groups):
        where = f"{origin}: groups[{number}]"
        if not isinstance(raw, Mapping):
            raise ForceFileError(f"{where} must be an object")
        group_name = _text(raw, "name", where, required=True)
        formation = raw.get("formation")
        if formation is not None and not isinstance(formation, str):
            raise ForceFileError(f'{where}: "formation" must be text or null')
        groups.append(Group(group_name, formation or None))
    raw_entries = data.get("entries", [])
    if not isinstance(raw_entries, list):
        raise ForceFileError(f'{origin}: "entries" must be a list')
    # Most entries are plain (a unit seen before, the usual types) and read quickly; any
    # other is read by the general reader, which words what is wrong.
    entries: list[ForceEntry] = []
    within = True
    for number, raw in enumerate(raw_entries):
        plain = plain_entry(raw, None if texts is None else texts[number])
        if plain is None:
            entries.append(_read_entry(raw, f"{origin}: entries[{number}]"))
            within = False
        else:
            entries.append(plain[0])
            within = within and plain[1]
    force = Force(
        name=name,
        pack=pack,
        cap=cap,
        entries=tuple(entries),
        groups=tuple(groups),
        data_version=_text(data, "data_version", origin),
        era=_read_ref(data.get("era"), f"{origin}: era"),
        faction=_read_ref(data.get("faction"), f"{origin}: faction"),
    )
    return force, within


def _read_ref(raw: object, where: str) -> MulRef | None:
    """An era or faction: ``{"id": 13, "name": "Clan Invasion"}``, or absent/null."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise ForceFileError(f'{where} must be an object with "id" and "name", or null')
    ref_id = raw.get("id")
    if not isinstance(ref_id, int) or isinstance(ref_id, bool) or not 0 < ref_id < 2**31:
        raise ForceFileError(f'{where}: "id" must be a MUL id (a whole number above 0)')
    return MulRef(ref_id, _text(raw, "name", where, required=True))


def _read_entry(raw: object, where: str) -> ForceEntry:
    if not isinstance(raw, Mapping):
        raise ForceFileError(f"{where} must be an object")
    try:
        unit = unit_from_snapshot(
            raw.get("unit"),  # type: ignore[arg-type]
            where=f"{where}.unit",
            error=ForceFileError,
            check=check_stats,
        )
    except CatalogueDataError as exc:
        raise ForceFileError(f"{where}.unit: {exc.message}") from exc
    mul_id = raw.get("mul_id", unit.mul_id)
    if mul_id != unit.mul_id:
        raise ForceFileError(
            f'{where}: "mul_id" {mul_id!r} does not match the unit snapshot ({unit.mul_id})'
        )
    skill = raw.get("skill", 4)
    if not isinstance(skill, int) or isinstance(skill, bool) or not MIN_SKILL <= skill <= MAX_SKILL:
        raise ForceFileError(f'{where}: "skill" must be a whole number {MIN_SKILL}-{MAX_SKILL}')
    pilot = _read_pilot(raw.get("pilot"), f"{where}.pilot")
    spas = raw.get("spas", [])
    if not isinstance(spas, list) or not all(isinstance(s, str) for s in spas):
        raise ForceFileError(f'{where}: "spas" must be a list of SPA ids')
    commander = raw.get("commander", False)
    if not isinstance(commander, bool):
        raise ForceFileError(f'{where}: "commander" must be true or false')
    return ForceEntry(
        unit=unit,
        skill=skill,
        pilot=pilot,
        spas=tuple(spas),
        group=_text(raw, "group", where),
        commander=commander,
        unit_version=_text(raw, "unit_version", where),
    )


def _read_pilot(raw: object, where: str) -> Pilot:
    if raw is None:
        return Pilot()
    if isinstance(raw, str):  # a bare name is accepted for hand-written files
        return Pilot(name=raw)
    if not isinstance(raw, Mapping):
        raise ForceFileError(f'{where} must be an object with a "name"')
    wounds = raw.get("wounds", 0)
    if not isinstance(wounds, int) or isinstance(wounds, bool) or wounds < 0:
        raise ForceFileError(f'{where}: "wounds" must be a whole number of 0 or more')
    return Pilot(name=_text(raw, "name", where), wounds=wounds, notes=_text(raw, "notes", where))


def _text(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise ForceFileError(f'{where}: "{key}" is missing')
        return ""
    if not isinstance(value, str):
        raise ForceFileError(f'{where}: "{key}" must be text, not {type(value).__name__}')
    if required and not value.strip():
        raise ForceFileError(f'{where}: "{key}" must not be empty')
    return value
