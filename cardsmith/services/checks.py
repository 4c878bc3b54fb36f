"""Provides the legality use cases both shells call: check forces and files, rule packs, formations."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from cardsmith.errors import CardsmithError, RulePackError
from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.force_file import load_force
from cardsmith.forces.formations import FormationCatalogue, evaluate_group, load_formations
from cardsmith.models import Force
from cardsmith.rules import engine
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.model import Fix, JsonValue, RulePack, Severity, Violation
from cardsmith.rules.registry import CheckSpec
from cardsmith.services.availability_data import CatalogueAvailability

__all__ = [
    "CatalogueAvailability",
    "FileVerdict",
    "Fix",
    "FormationChoice",
    "GroupStatus",
    "PackInfo",
    "RulePack",
    "Severity",
    "Verdict",
    "Violation",
    "check",
    "check_files",
    "check_specs",
    "era_and_faction",
    "expand_paths",
    "formation_choices",
    "formation_status",
    "load_pack",
    "needs_availability",
    "pack_choices",
    "packs",
    "pv_cap",
    "set_formation",
    "unread_pack_files",
]


# -- rule packs ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PackInfo:
    """One rule pack as ``rules list`` and the app's pack picker show it."""

    id: str
    title: str
    """Empty when the pack does not load."""
    rule_count: int
    builtin: bool
    path: Path
    error: str = ""
    """Why the pack does not load (empty when it does)."""
    ignored: tuple[Path, ...] = ()
    """Other files in the pack's folder that claim its id: never read."""


def packs() -> list[PackInfo]:
    """Every pack by id, user packs replacing built-ins; a broken pack says why."""
    found: list[PackInfo] = []
    for pack_id, source in engine.available_packs().items():
        title, rule_count, error = "", 0, ""
        try:
            pack = engine.load_pack(pack_id)
        except CardsmithError as exc:
            error = exc.message
        else:
            title, rule_count = pack.title, len(pack.rules)
        found.append(
            PackInfo(pack_id, title, rule_count, source.builtin, source.path, error, source.ignored)
        )
    return found


def unread_pack_files(found: Iterable[PackInfo]) -> list[str]:
    """A warning for each pack file that is never read because another file in its folder
    claims the same id (``found``: what ``packs()`` gave), worded once for both shells."""
    return [
        f"pack {info.id!r} is read from {info.path}; {path} claims the same id and is never "
        "read (give it an id of its own)"
        for info in found
        for path in info.ignored
    ]


def pack_choices(found: Iterable[PackInfo]) -> list[tuple[str, str]]:
    """(id, title) of every rule pack that can be chosen, a broken one marked as such
    (``found``: what ``packs()`` gave)."""
    return [(p.id, p.title or f"{p.id} (does not load)") for p in found]


def load_pack(pack: str | Path) -> RulePack:
    """A pack by id or from a ``.toml`` path.

    Raises:
        RulePackError: no such pack, or it does not load (every problem listed).
    """
    return engine.load_pack(pack)


def check_specs() -> list[CheckSpec]:
    """Every check a pack may use, in ``rules list`` order."""
    return list(CHECKS.values())


def pv_cap(force: Force, pack: RulePack) -> int | None:
    """The cap the pack's ``pv-cap`` rule applies (its ``max``, else the force's own)."""
    for rule in pack.rules:
        if rule.check == "pv-cap":
            cap = rule.params.get("max") or force.cap
            return int(cap) if cap else None
    return force.cap


# -- checking ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verdict on one force, the same in both shells: legal or not, why, and its fingerprint."""

    force: str
    """The force's name."""
    pack: str
    """Id of the pack it was checked against."""
    legal: bool
    violations: tuple[Violation, ...]
    """Every violation, errors first (the one problem list both shells render)."""
    total_pv: int
    cap: int | None
    """The PV cap the check applied (``--cap``, the pack's, or the force's own)."""
    fingerprint: str
    """The force's fingerprint, as the roster prints it (``xxxx-xxxx-xxxx``)."""
    availability: str | None = None
    """The data version of the availability lists the check used (None: the pack asks for
    no availability check, or the catalogue holds no lists)."""
    era: str = ""
    """The era the force was checked for (empty: the pack checks no availability)."""
    faction: str = ""
    """The faction the force was checked for (empty: the pack checks no availability)."""
    note: str = ""
    """Why there is no verdict (the pack does not load); empty when the force was checked."""

    @property
    def available(self) -> bool:
        """False when the force could not be checked (see ``note``)."""
        return not self.note

    @property
    def errors(self) -> tuple[Violation, ...]:
        """The violations that make the force illegal."""
        return tuple(v for v in self.violations if v.is_error)

    @property
    def warnings(self) -> tuple[Violation, ...]:
        """The violations that are only warnings."""
        return tuple(v for v in self.violations if not v.is_error)


def check(
    force: Force,
    pack: RulePack | None = None,
    *,
    cap: int | None = None,
    availability: CatalogueAvailability | None = None,
    cache_dir: Path | None = None,
) -> Verdict:
    """Check ``force`` against ``pack`` (default: the pack the force names).

    A pack with an ``availability`` rule reads the catalogue's availability lists: the
    ``availability`` given (``check_files`` shares one over many forces), else the
    catalogue in ``cache_dir`` opened for this check.  Never raises for a pack problem:
    a pack that does not load gives a verdict with a ``note`` saying why, so the app can
    show it beside the force.
    """
    fingerprint = force_fingerprint(force)
    if pack is None:
        try:
            pack = engine.load_pack(force.pack)
        except RulePackError as exc:
            details = "; ".join(exc.problems)
            note = f"pack {force.pack!r}: {exc.message}{': ' + details if details else ''}"
            return Verdict(force.name, force.pack, True, (), 0, force.cap, fingerprint, note=note)
    if (needs := needs_availability(pack)) and availability is None:
        with CatalogueAvailability.opened(cache_dir) as data:
            return check(force, pack, cap=cap, availability=data)
    used = availability if needs else None
    era, faction = era_and_faction(pack, force)
    result = engine.check_force(force, pack, cap=cap, availability=used)
    return Verdict(
        force=force.name,
        pack=pack.id,
        legal=result.legal,
        violations=result.violations,
        total_pv=result.total_pv,
        cap=cap or pv_cap(force, pack),
        fingerprint=fingerprint,
        availability=used.version if used is not None else None,
        era=era,
        faction=faction,
    )


def era_and_faction(pack: RulePack, force: Force | None = None) -> tuple[str, str]:
    """The era and faction names of a force's list: those its pack's availability rule
    checks it for, else the force's own ("" each when neither names one)."""
    era, faction = "", ""
    for rule in pack.rules:
        if rule.check in ("availability", "faction"):
            from cardsmith.catalogue.eras import find_era  # here: most packs never need it

            era_text: str = rule.params["era"]
            faction = rule.params["faction"]
            era = find_era(era_text).name if era_text else ""
            break
    if force is not None:
        era = era or (force.era.name if force.era else "")
        faction = faction or (force.faction.name if force.faction else "")
    return era, faction


def needs_availability(pack: RulePack) -> bool:
    """True when the pack checks units against the catalogue's availability lists."""
    return engine.uses_check(pack, "availability") or engine.uses_check(pack, "faction")


@dataclass(frozen=True, slots=True)
class FileVerdict:
    """What checking one force file found: a verdict, or why the file could not be checked."""

    file: str
    verdict: Verdict | None = None
    error: str = ""
    """Why the file was not checked (unreadable, or its pack does not load)."""

    def to_dict(self) -> dict[str, JsonValue]:
        """Design §5: ``{"file", "legal", "total_pv", "violations"}`` and the verdict's details.

        An unchecked file has ``legal`` null and its ``error``.
        """
        verdict = self.verdict
        if verdict is None:
            return {
                "file": self.file,
                "force": None,
                "legal": None,
                "pack": None,
                "total_pv": None,
                "cap": None,
                "fingerprint": None,
                "availability_data": None,
                "era": None,
                "faction": None,
                "violations": [],
                "error": self.error,
            }
        return {
            "file": self.file,
            "force": verdict.force,
            "legal": verdict.legal,
            "pack": verdict.pack,
            "total_pv": verdict.total_pv,
            "cap": verdict.cap,
            "fingerprint": verdict.fingerprint,
            "availability_data": verdict.availability,
            "era": verdict.era or None,
            "faction": verdict.faction or None,
            "violations": [v.to_dict() for v in verdict.violations],
        }


def expand_paths(paths: Iterable[Path]) -> tuple[list[Path], list[Path]]:
    """(files, folders without force files): a folder stands for its ``*.json`` files, sorted."""
    files: list[Path] = []
    empty: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.glob("*.json") if p.is_file())
            if not found:
                empty.append(path)
            files.extend(found)
        else:
            files.append(path)
    return files, empty


def check_files(
    files: Iterable[Path],
    *,
    pack: RulePack | None = None,
    cap: int | None = None,
    cache_dir: Path | None = None,
) -> Iterator[FileVerdict]:
    """Check each file against ``pack`` (default: the pack each force names), one at a time.

    A generator, so a shell can show each verdict as it comes and memory stays flat over
    thousands of files; an unreadable file or a broken pack never stops the others.  The
    catalogue (in ``cache_dir``) is opened once, and only if a pack checks availability.
    """
    with CatalogueAvailability.opened(cache_dir, lazy=True) as availability:
        yield from _check_each(files, pack, cap, availability)


def _check_each(
    files: Iterable[Path],
    pack: RulePack | None,
    cap: int | None,
    availability: CatalogueAvailability,
) -> Iterator[FileVerdict]:
    loaded: dict[str, RulePack | RulePackError] = {}
    for path in files:
        try:
            force = load_force(path)
        except CardsmithError as exc:
            yield FileVerdict(str(path), error=exc.message)
            continue
        use = pack
        if use is None:
            if force.pack not in loaded:
                try:
                    loaded[force.pack] = engine.load_pack(force.pack)
                except RulePackError as exc:
                    loaded[force.pack] = exc
            found = loaded[force.pack]
            if isinstance(found, RulePackError):
                details = "; ".join(found.problems)
                reason = f"{found.message}{': ' + details if details else ''}"
                yield FileVerdict(str(path), error=f"its pack: {reason}")
                continue
            use = found
        verdict = check(force, use, cap=cap, availability=availability)
        yield FileVerdict(str(path), verdict=verdict)


# -- formations -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GroupStatus:
    """A group's formation and whether it qualifies."""

    group: str
    formation: str
    """Formation name, or empty when the group declares none."""
    qualifies: bool | None
    """None when no formation is declared."""
    failed: tuple[str, ...] = ()
    """Each failed requirement: its text, what the group has and what it needs."""


def formation_status(
    force: Force, catalogue: FormationCatalogue | None = None
) -> list[GroupStatus]:
    """One status per group in use, in the force's group order."""
    statuses: list[GroupStatus] = []
    for name in force.group_names():
        group = force.group(name)
        if group is None or not group.formation:
            statuses.append(GroupStatus(name, "", None))
            continue
        try:
            result = evaluate_group(force, name, catalogue or load_formations())
        except CardsmithError as exc:
            statuses.append(GroupStatus(name, group.formation, False, (exc.message,)))
            continue
        failed = tuple(
            f"{r.text}: {r.actual} (needs {r.expected})"
            for r in result.requirements
            if not r.passed
        )
        statuses.append(GroupStatus(name, result.name, result.qualifies, failed))
    return statuses


class FormationChoice(NamedTuple):
    """A formation a group may declare, as the pickers list it."""

    id: str
    name: str
    bonus: str


def formation_choices() -> list[FormationChoice]:
    """Every formation, by name; none when the formations file does not load.

    The status panel names the broken file (``formation_status``); the picker then
    simply has nothing to offer.
    """
    try:
        catalogue = load_formations()
    except CardsmithError:
        return []
    found = [FormationChoice(f.id, f.name, f.bonus) for f in catalogue.all()]
    return sorted(found, key=lambda choice: choice.name.casefold())


def set_formation(force: Force, group: str, formation: str | None) -> Force:
    """Declare ``group`` with ``formation`` (an id, name or alias; None: no formation).

    Raises:
        ForceEditError: a bad group name or an unknown formation.
    """
    # Imported here: the editing module loads the catalogue, which checking never needs.
    from cardsmith.forces.editing import set_group

    return set_group(force, group, formation=formation)
