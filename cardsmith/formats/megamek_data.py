"""Provides MegaMek's naming facts for .mul files: renames, ejected crews, unit kinds, SPAs.

The facts are data (``templates/formats/megamek.toml``); MegaMek's own rename list,
``data/mekfiles/name_changes.txt``, is read from a MegaMek data folder the player
points at (``--megamek-data``, ``CARDSMITH_MEGAMEK_DATA`` or the ``megamek_data``
setting in ``settings.toml`` of the config folder).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardsmith import paths
from cardsmith.errors import FormatError, TemplateError
from cardsmith.fileio import read_bytes
from cardsmith.models.unit import UnitType
from cardsmith.templates import find_template, read_toml

#: The environment variable naming a MegaMek data folder.
DATA_ENV = "CARDSMITH_MEGAMEK_DATA"
#: The settings file (in the config folder) and its key for the same.
SETTINGS_FILE = "settings.toml"
SETTINGS_KEY = "megamek_data"
#: Where the rename list sits inside a MegaMek data folder (or its install folder).
NAME_CHANGES = ("mekfiles", "name_changes.txt")
#: MegaMek's list is about 100 kB; anything far larger is not that list.
MAX_NAME_CHANGES_BYTES = 4 * 1024 * 1024
#: Longest chain of renames followed (``A|B``, ``B|C`` …); a loop stops here.
MAX_RENAME_STEPS = 16

_STANDARD = re.compile(r"\s*\(Standard\)\s*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class MegaMekFacts:
    """What ``templates/formats/megamek.toml`` says."""

    ejected: frozenset[str]
    ejected_prefixes: tuple[str, ...]
    kinds: Mapping[str, frozenset[UnitType]]
    motives: Mapping[str, str]
    crew_size: Mapping[str, int]
    advantages: Mapping[str, str]
    """MegaMek pilot option name → cardsmith SPA id."""
    advantage_names: Mapping[str, str]
    """cardsmith SPA id → the MegaMek option name written on export."""
    advantage_choices: Mapping[str, Mapping[str, str]]
    """cardsmith SPA id → {MegaMek option value → the pilot's choice}."""
    advantage_needs: Mapping[str, str]
    """cardsmith SPA id → the value MegaMek needs that no Alpha Strike pilot chooses."""

    def is_ejected_crew(self, chassis: str) -> bool:
        """True for MegaMek's stand-in entities of crews that left their unit."""
        return chassis in self.ejected or chassis.startswith(self.ejected_prefixes)

    def kinds_for(self, motive: str) -> frozenset[UnitType] | None:
        """The unit types a ``type`` attribute allows; None when it says nothing known."""
        return self.kinds.get(motive.strip())


@cache
def _facts(path: Path, mtime: int) -> MegaMekFacts:
    data = read_toml(path, what="the MegaMek facts")
    try:
        kinds = {
            str(motive): frozenset(UnitType(code) for code in codes)
            for motive, codes in dict(data["kinds"]).items()
        }
        return MegaMekFacts(
            ejected=frozenset(str(n) for n in data["ejected"]),
            ejected_prefixes=tuple(str(p) for p in data["ejected_prefixes"]),
            kinds=kinds,
            motives={str(k): str(v) for k, v in dict(data["motives"]).items()},
            crew_size={str(k): int(v) for k, v in dict(data["crew_size"]).items()},
            advantages={str(k): str(v) for k, v in dict(data["advantages"]).items()},
            advantage_names={str(k): str(v) for k, v in dict(data["advantage_names"]).items()},
            advantage_choices={
                str(spa): {str(k): str(v) for k, v in dict(values).items()}
                for spa, values in dict(data["advantage_choices"]).items()
            },
            advantage_needs={str(k): str(v) for k, v in dict(data["advantage_needs"]).items()},
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise TemplateError(f"{path}: not a MegaMek facts file ({exc})") from exc


def megamek_facts() -> MegaMekFacts:
    """The MegaMek facts (cached until the file changes).

    Raises:
        TemplateError: the file is missing or malformed.
    """
    path = find_template("formats", "megamek.toml")
    return _facts(path, path.stat().st_mtime_ns)


def strip_standard(name: str) -> str:
    """``Fulcrum Heavy Hovertank (Standard)`` → ``Fulcrum Heavy Hovertank``: older MegaMek
    and MekHQ files name a base variant "(Standard)"; the MUL and MegaMek now give none."""
    return _STANDARD.sub("", name).strip()


# -- MegaMek's rename list ------------------------------------------------------------------


def data_folder(option: Path | None = None) -> Path | None:
    """The MegaMek data folder to use: the option, else the environment, else the setting."""
    if option is not None:
        return option
    if os.environ.get(DATA_ENV):
        return Path(os.environ[DATA_ENV]).expanduser()
    settings = paths.config_dir() / SETTINGS_FILE
    if not settings.is_file():
        return None
    try:
        value = read_toml(settings, what="the settings file").get(SETTINGS_KEY)
    except TemplateError as exc:
        raise FormatError(exc.message) from exc
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise FormatError(f"{settings}: {SETTINGS_KEY} must be the path of a MegaMek data folder")
    return Path(value).expanduser()


def name_changes_file(folder: Path) -> Path:
    """``name_changes.txt`` in a MegaMek data folder (``…/data``) or install folder.

    Raises:
        FormatError: neither holds the list.
    """
    for candidate in (folder.joinpath(*NAME_CHANGES), folder.joinpath("data", *NAME_CHANGES)):
        if candidate.is_file():
            return candidate
    raise FormatError(
        f"{folder} holds no {'/'.join(NAME_CHANGES)}; give MegaMek's data folder "
        "(the one with mekfiles/ in it)"
    )


def read_name_changes(folder: Path) -> dict[str, str]:
    """MegaMek's renames, old name → current name (lines ``old|current``; ``#`` comments).

    Raises:
        FormatError: the file cannot be read or is not the rename list.
    """
    path = name_changes_file(folder)
    raw = read_bytes(
        path, what="MegaMek rename list", max_bytes=MAX_NAME_CHANGES_BYTES, error=FormatError
    )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError(f"{path} is not UTF-8 text (byte {exc.start})") from None
    renames: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        old, sep, new = line.partition("|")
        if sep and old.strip() and new.strip():
            renames[old.strip()] = new.strip()
    return renames


def current_name(name: str, renames: Mapping[str, str]) -> str:
    """The name MegaMek uses now for ``name``, following chains of renames."""
    seen = {name}
    for _step in range(MAX_RENAME_STEPS):
        new = renames.get(name)
        if new is None or new in seen:
            break
        seen.add(new)
        name = new
    return name
