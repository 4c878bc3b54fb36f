"""Provides the special-abilities glossary (``templates/specials.toml``): code → meaning."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardsmith import paths
from cardsmith.errors import TemplateError


@dataclass(frozen=True, slots=True)
class SpecialInfo:
    """What one special ability code means."""

    code: str
    name: str
    summary: str
    seed: bool = False
    """True when seed 004's glossary explains it."""


@dataclass(frozen=True, slots=True)
class Glossary:
    """Special ability meanings by code."""

    entries: dict[str, SpecialInfo]

    def lookup(self, code: str) -> SpecialInfo | None:
        """The meaning of an ability code (``IF``, ``ARTAIS`` → the ART entry …)."""
        code = code.upper()
        if code in self.entries:
            return self.entries[code]
        # Artillery codes carry the piece type: ARTAIS, ARTLTC … share one entry.
        if code.startswith("ART"):
            return self.entries.get("ART")
        return None


def _path() -> Path:
    for folder in paths.template_search_path():
        candidate = folder / "specials.toml"
        if candidate.is_file():
            return candidate
    raise TemplateError("no specials.toml in the templates folders")


@cache
def load_glossary(path: Path | None = None) -> Glossary:
    """Read the glossary (the user's copy first); cached per path.

    Raises:
        TemplateError: unreadable TOML or entries without code, name and summary.
    """
    source = path or _path()
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TemplateError(f"{source}: {exc}") from exc
    problems: list[str] = []
    entries: dict[str, SpecialInfo] = {}
    for position, item in enumerate(data.get("special", []), start=1):
        missing = [key for key in ("code", "name", "summary") if not isinstance(item.get(key), str)]
        if missing:
            problems.append(
                f"{source}: special[{position}]: missing or not text: {', '.join(missing)}"
            )
            continue
        code = item["code"].upper()
        if code in entries:
            problems.append(f"{source}: special[{position}].code: {code} appears twice")
            continue
        entries[code] = SpecialInfo(
            code, item["name"], item["summary"], bool(item.get("seed", False))
        )
    if problems:
        raise TemplateError(f"{source} has {len(problems)} problem(s)", problems=tuple(problems))
    return Glossary(entries)
