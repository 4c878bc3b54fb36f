"""Provides the rules engine: ``load_pack`` (validating, with user overrides), ``iter_violations``
and ``check_force``.

Packs are TOML under ``templates/rules/`` (built in) and ``<config>/templates/rules/``
(the user's; a user pack overrides a built-in with the same ``id``).  A pack that does not
load raises one ``RulePackError`` listing every problem as ``file: key: reason``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardsmith import limits, paths
from cardsmith.errors import RulePackError
from cardsmith.fileio import os_reason, read_bytes
from cardsmith.models import Force
from cardsmith.rules.checks import CHECKS
from cardsmith.rules.model import CheckResult, Rule, RulePack, Severity, Violation, sort_violations
from cardsmith.rules.registry import ForceView
from cardsmith.rules.sources import AvailabilityData
from cardsmith.templates import Problems

#: ``Problems.at``: records ``key: reason`` for the pack being read.
_Report = Callable[[str, str], None]

PACK_FOLDER = "rules"
_PACK_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_TOP_KEYS = ("id", "title", "description", "extends", "rule", "optional")
_RULE_KEYS = ("id", "check", "severity", "message")
# Reads a pack's id without parsing the whole file: top-level keys come before any table.
_ID_LINE = re.compile(r"""^\s*id\s*=\s*["']([^"']+)["']""", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class PackSource:
    """Where a pack lives (``available_packs`` keys them by id)."""

    path: Path
    builtin: bool
    ignored: tuple[Path, ...] = ()
    """Other files in the same folder that claim the id and are never read."""


def builtin_pack_dir() -> Path:
    """The folder of the packs shipped with cardsmith."""
    return paths.templates_dir() / PACK_FOLDER


def user_pack_dir() -> Path:
    """The folder of the user's own packs."""
    return paths.user_templates_dir() / PACK_FOLDER


def available_packs() -> dict[str, PackSource]:
    """Every pack by id, the file ``load_pack`` would read for it.

    A user pack replaces a built-in of the same id. Of two files in one folder that claim
    an id, the one named after it wins, else the first by name (as ``_find_source`` finds);
    the others are listed as ignored, so that ``rules list`` can say which edits count.
    """
    found: dict[str, PackSource] = {}
    for folder, builtin in ((builtin_pack_dir(), True), (user_pack_dir(), False)):
        claims: dict[str, list[Path]] = {}
        for path in sorted(folder.glob("*.toml")):  # a missing folder globs to nothing
            claims.setdefault(_peek_id(path), []).append(path)
        for pack_id, files in claims.items():
            read = next((p for p in files if p.stem == pack_id), files[0])
            others = tuple(p for p in files if p != read)
            found[pack_id] = PackSource(read, builtin, others)
    return dict(sorted(found.items()))


def _peek_id(path: Path) -> str:
    # read_bytes refuses FIFOs and devices without waiting on them: a stray FIFO in the
    # pack folder must not hang ``rules list``; loading it then says what it is.
    try:
        text = read_bytes(
            path, what="rule pack", max_bytes=limits.MAX_TEMPLATE_BYTES, error=RulePackError
        ).decode("utf-8")
    except (RulePackError, UnicodeDecodeError):
        return path.stem
    head = text.split("\n[", 1)[0]
    match = _ID_LINE.search(head)
    return match.group(1) if match else path.stem


def _find_source(pack_id: str, exclude: frozenset[Path] = frozenset()) -> PackSource | None:
    # Fast path: a file named after the id, user folder first.
    for folder, builtin in ((user_pack_dir(), False), (builtin_pack_dir(), True)):
        path = folder / f"{pack_id}.toml"
        if path.is_file() and path not in exclude and _peek_id(path) == pack_id:
            if builtin:
                # A user pack under another file name may still claim this id.
                other = _scan_user(pack_id, exclude)
                return other or PackSource(path, builtin)
            return PackSource(path, builtin)
    other = _scan_user(pack_id, exclude)
    if other:
        return other
    folder = builtin_pack_dir()
    for path in sorted(folder.glob("*.toml")):
        if path not in exclude and _peek_id(path) == pack_id:
            return PackSource(path, True)
    return None


def _scan_user(pack_id: str, exclude: frozenset[Path]) -> PackSource | None:
    folder = user_pack_dir()
    for path in sorted(folder.glob("*.toml")):
        if path not in exclude and _peek_id(path) == pack_id:
            return PackSource(path, False)
    return None


def load_pack(pack: str | Path) -> RulePack:
    """Load a pack by id (``tournament-300``) or from a TOML file path.

    Raises:
        RulePackError: no such pack, or the pack is broken (every problem listed).
    """
    if isinstance(pack, Path) or pack.endswith(".toml") or "/" in pack or "\\" in pack:
        path = Path(pack).expanduser()
        if not path.is_file():
            raise RulePackError(f"rule pack file {path} does not exist")
        return _load_file(path.resolve(), builtin=False)
    source = _find_source(pack)
    if source is None:
        known = ", ".join(available_packs()) or "none"
        raise RulePackError(f"unknown rule pack {pack!r} (available: {known})")
    return _load_file(source.path, builtin=source.builtin)


def _load_file(path: Path, *, builtin: bool, chain: tuple[Path, ...] = ()) -> RulePack:
    try:
        mtime = path.stat().st_mtime_ns
    except OSError as exc:
        raise RulePackError(f"cannot read rule pack {path}: {os_reason(exc)}") from exc
    return _load_cached(path, mtime, builtin, chain)


@lru_cache(maxsize=32)
def _load_cached(path: Path, mtime_ns: int, builtin: bool, chain: tuple[Path, ...]) -> RulePack:
    return parse_pack_file(path, builtin=builtin, chain=chain)


def parse_pack_file(path: Path, *, builtin: bool = False, chain: tuple[Path, ...] = ()) -> RulePack:
    """Read and validate one pack file (resolving ``extends``).

    Raises:
        RulePackError: the file is unreadable, not TOML, or has bad keys (all listed).
    """
    name = str(path)
    raw = read_bytes(
        path, what="rule pack", max_bytes=limits.MAX_TEMPLATE_BYTES, error=RulePackError
    )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        text = f"{name}: (file): not UTF-8 text ({exc.reason})"
        raise RulePackError(f"rule pack {name} does not load", problems=(text,)) from exc
    except tomllib.TOMLDecodeError as exc:
        text = f"{name}: (syntax): invalid TOML: {exc}"
        raise RulePackError(f"rule pack {name} does not load", problems=(text,)) from exc
    except RecursionError as exc:
        text = f"{name}: (syntax): nests more than {limits.MAX_DEPTH} levels deep"
        raise RulePackError(f"rule pack {name} does not load", problems=(text,)) from exc
    try:
        limits.check_tree(data, where=name, error=RulePackError)
    except RulePackError as exc:
        raise RulePackError(f"rule pack {name} does not load", problems=(exc.message,)) from exc
    problems = Problems(name)
    problem = problems.at
    for key in data:
        if key not in _TOP_KEYS:
            extra = " (rules go in [[rule]] tables)" if key == "rules" else ""
            problem(key, f"unknown key{extra}; a pack has: {', '.join(_TOP_KEYS)}")
    pack_id = _text(data, "id", problem, required=True)
    if pack_id and not _PACK_ID.match(pack_id):
        problem("id", f"{pack_id!r} must be lower-case letters, digits and hyphens")
    title = _text(data, "title", problem, required=True)
    description = _text(data, "description", problem)
    extends = _text(data, "extends", problem)
    base: RulePack | None = None
    if extends:
        base = _load_base(extends, path, chain, problem)
    raw_rules = data.get("rule", [])
    if not isinstance(raw_rules, list):
        problem("rule", "must be an array of tables ([[rule]])")
        raw_rules = []
    if not raw_rules and base is None:
        problem("rule", "the pack has no rules: add [[rule]] tables (or extend another pack)")
    own = _parse_rules(raw_rules, problem)
    optional = _parse_optional(data.get("optional", {}), problem)
    problems.raise_if_any("rule pack", error=RulePackError)
    rules = _merge(base.rules if base else (), own)
    merged_optional = {**(base.optional if base else {}), **optional}
    return RulePack(
        id=pack_id,
        title=title,
        description=description,
        rules=rules,
        source=path,
        builtin=builtin,
        extends=extends,
        optional=merged_optional,
    )


def _text(data: Mapping[str, Any], key: str, problem: _Report, *, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            problem(key, "missing (text)")
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        problem(key, f"expected non-empty text, got {value!r}")
        return ""
    return value.strip()


def _load_base(
    extends: str, path: Path, chain: tuple[Path, ...], problem: _Report
) -> RulePack | None:
    chain = (*chain, path)
    if len(chain) >= limits.MAX_EXTENDS:
        # A chain this long is a mistake (or a hostile folder); following it would only
        # read file after file, so it stops here with the packs it went through.
        problem(
            "extends",
            f"the extends chain is longer than {limits.MAX_EXTENDS} packs"
            f" ({' → '.join(p.stem for p in chain[:3])} → … → {extends!r})",
        )
        return None
    # A user pack may extend the built-in it overrides (same id): skip files in the chain.
    source = _find_source(extends, frozenset(chain))
    if source is None:
        # Only the chain's own files have that id: the packs extend each other in a loop.
        looped = _find_source(extends) is not None
        problem(
            "extends",
            f"packs extend each other in a loop ({extends!r})"
            if looped
            else f"no rule pack with id {extends!r}",
        )
        return None
    try:
        return _load_file(source.path, builtin=source.builtin, chain=chain)
    except RulePackError as exc:
        problem("extends", f"the base pack {extends!r} does not load: {exc.message}")
        for inner in exc.problems:
            problem("extends", inner)
        return None


def _parse_rules(raw_rules: list[Any], problem: _Report) -> list[Rule]:
    rules: list[Rule] = []
    seen: set[str] = set()
    for number, raw in enumerate(raw_rules, start=1):
        where = f"rule[{number}]"
        if not isinstance(raw, dict):
            problem(where, "must be a table")
            continue
        rule_id = raw.get("id")
        if isinstance(rule_id, str) and rule_id.strip():
            where = f"rule[{number}] ({rule_id})"
            if rule_id in seen:
                problem(f"{where}.id", f"duplicate rule id {rule_id!r}")
            seen.add(rule_id)
        else:
            problem(f"{where}.id", f"missing or not text: {rule_id!r}")
        check_name = raw.get("check")
        spec = None
        if not isinstance(check_name, str):
            problem(f"{where}.check", f"missing or not text: {check_name!r}")
        else:
            check_name = check_name.strip().replace("_", "-")
            spec = CHECKS.get(check_name)
            if spec is None:
                problem(f"{where}.check", _unknown_check(check_name))
        severity = raw.get("severity", "error")
        if severity not in ("error", "warning"):
            problem(f"{where}.severity", f'must be "error" or "warning", not {severity!r}')
        message = raw.get("message", "")
        if not isinstance(message, str):
            problem(f"{where}.message", f"expected text, got {message!r}")
        if spec is None:
            continue
        params_in = {k: v for k, v in raw.items() if k not in _RULE_KEYS}
        params, param_problems = spec.validate_params(params_in)
        for key, reason in param_problems:
            problem(f"{where}.{key}", reason)
        if (
            isinstance(rule_id, str)
            and severity in ("error", "warning")
            and isinstance(message, str)
        ):
            rules.append(
                Rule(rule_id.strip(), spec.name, params, Severity(severity), message.strip())
            )
    return rules


def _unknown_check(name: str) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(CHECKS), n=3)
    maybe = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return f"unknown check {name!r}{maybe} (see `cardsmith rules list`)"


def _parse_optional(raw: Any, problem: _Report) -> dict[str, Any]:
    if not isinstance(raw, dict):
        problem("optional", "must be a table of optional rules ([optional.<id>])")
        return {}
    if not raw:
        return {}
    from cardsmith.rules.optional import OPTIONAL_RULES

    parsed: dict[str, Any] = {}
    for key, table in raw.items():
        parser = OPTIONAL_RULES.get(key)
        if parser is None:
            known = ", ".join(sorted(OPTIONAL_RULES))
            problem(f"optional.{key}", f"unknown optional rule (known: {known})")
            continue
        if not isinstance(table, dict):
            problem(f"optional.{key}", "must be a table")
            continue
        value = parser(table, f"optional.{key}", problem)
        if value is not None:
            parsed[key] = value
    return parsed


def _merge(base: tuple[Rule, ...], own: list[Rule]) -> tuple[Rule, ...]:
    """Base rules in order, each replaced by an own rule of the same id; new ones after."""
    by_id = {rule.id: rule for rule in own}
    merged = [by_id.pop(rule.id, rule) for rule in base]
    merged.extend(rule for rule in own if rule.id in by_id)
    return tuple(merged)


# -- checking -------------------------------------------------------------------------


def iter_violations(
    force: Force,
    pack: RulePack,
    *,
    cap: int | None = None,
    availability: AvailabilityData | None = None,
) -> Iterator[Violation]:
    """Every violation of ``pack`` by ``force``, rule by rule in pack order.

    Args:
        cap: a PV cap that wins over the pack's and the force's (``check --cap``).
        availability: the catalogue's era and faction lists, for an ``availability`` rule.
    """
    view = ForceView(force, pack, cap=cap, availability=availability)
    for rule in pack.rules:
        yield from CHECKS[rule.check](view, rule)


def check_force(
    force: Force,
    pack: RulePack,
    *,
    cap: int | None = None,
    availability: AvailabilityData | None = None,
) -> CheckResult:
    """The verdict on a force: legal unless an error-level violation is found."""
    view = ForceView(force, pack, cap=cap, availability=availability)
    found: list[Violation] = []
    for rule in pack.rules:
        found.extend(CHECKS[rule.check].func(view, rule))
    violations = tuple(sort_violations(found))
    legal = not any(v.is_error for v in violations)
    return CheckResult(legal, violations, view.total_pv, pack.id)


def is_legal(force: Force, pack: RulePack, *, cap: int | None = None) -> bool:
    """True when the force breaks no error-level rule of the pack."""
    return next((v for v in iter_violations(force, pack, cap=cap) if v.is_error), None) is None


def uses_check(pack: RulePack, name: str) -> bool:
    """True when one of the pack's rules is the check ``name`` (``availability``)."""
    # Asked for every list of a folder: answered once per pack (a frozen pack is kept
    # beside its answer, so an id is never reused).
    known = _USES.get((id(pack), name))
    if known is not None and known[0] is pack:
        return known[1]
    found = any(rule.check == name for rule in pack.rules)
    if len(_USES) >= 256:
        _USES.clear()
    _USES[(id(pack), name)] = (pack, found)
    return found


_USES: dict[tuple[int, str], tuple[RulePack, bool]] = {}
