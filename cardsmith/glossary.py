"""Provides the special-abilities glossary (``templates/specials.toml``): code → meaning."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardsmith.templates import Problems, find_template, read_toml


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


@cache
def load_glossary(path: Path | None = None) -> Glossary:
    """Read the glossary (the user's copy first); cached per path.

    Raises:
        TemplateError: unreadable TOML or entries without code, name and summary.
    """
    source = path or find_template("specials.toml")
    data = read_toml(source)
    problems = Problems(source)
    entries: dict[str, SpecialInfo] = {}
    for position, item in enumerate(data.get("special", []), start=1):
        missing = [key for key in ("code", "name", "summary") if not isinstance(item.get(key), str)]
        if missing:
            problems.add(
                f"{source}: special[{position}]: missing or not text: {', '.join(missing)}"
            )
            continue
        code = item["code"].upper()
        if code in entries:
            problems.add(f"{source}: special[{position}].code: {code} appears twice")
            continue
        entries[code] = SpecialInfo(
            code, item["name"], item["summary"], bool(item.get("seed", False))
        )
    problems.raise_if_any("glossary")
    return Glossary(entries)
