"""Provides what every template-data loader shares: find a file, read its TOML, collect problems.

A template file is looked for in the user's templates folder first, then in the built-in
one (``paths.template_search_path``), so a user copy overrides the shipped file.  Loaders
collect every problem they find in a ``Problems`` and raise them together, as one
``TemplateError`` (or ``RulePackError``) whose ``problems`` read ``file: key: reason``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from cardsmith import paths
from cardsmith.errors import TemplateError


def template_path(*parts: str) -> Path:
    """``templates/<parts…>``: the user's copy if there is one, else the built-in path.

    The built-in path is returned even when that file is missing, so the caller's read
    reports it.
    """
    *folders, name = parts
    candidates = [folder / name for folder in paths.template_search_path(*folders)]
    return next((p for p in candidates if p.is_file()), candidates[-1])


def find_template(*parts: str) -> Path:
    """``templates/<parts…>``, the user's copy first.

    Raises:
        TemplateError: neither the user's nor the built-in folder has the file.
    """
    path = template_path(*parts)
    if not path.is_file():
        raise TemplateError(f"no {'/'.join(parts)} in the templates folders")
    return path


def file_mtime(path: Path, *, what: str = "", error: type[TemplateError] = TemplateError) -> int:
    """The file's modification time (ns), the key that lets loaders cache a parsed file.

    Raises:
        TemplateError: (or ``error``) the file cannot be read, worded as in ``read_toml``.
    """
    try:
        return path.stat().st_mtime_ns
    except OSError as exc:
        raise error(f"cannot read {_label(path, what)}: {exc.strerror or exc}") from exc


def read_toml(
    path: Path, *, what: str = "", error: type[TemplateError] = TemplateError
) -> dict[str, Any]:
    """Decode one TOML file.

    Args:
        path: the file.
        what: what the file is, for the message (``"the SPA catalogue"``).
        error: the ``TemplateError`` subclass to raise.

    Raises:
        TemplateError: (or ``error``) the file cannot be read, is not UTF-8 or not TOML.
    """
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise error(f"cannot read {_label(path, what)}: {exc.strerror or exc}") from exc
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise error(f"{path} is not valid TOML: {exc}") from exc


def _label(path: Path, what: str) -> str:
    return f"{what} {path}" if what else str(path)


class Problems:
    """Collects the problems found while template data is read, then raises them together."""

    def __init__(self, source: Path | str = "") -> None:
        self.source = source
        """The file being read (a ``Path`` is named by its file name in ``at``)."""
        self.items: list[str] = []

    def __len__(self) -> int:
        return len(self.items)

    def add(self, message: str) -> None:
        """Record a problem whose message already says where it is."""
        self.items.append(message)

    def at(self, key: str, reason: str, *, file: Path | str | None = None) -> None:
        """Record ``file: dotted.key: reason`` (``file`` defaults to this collector's source)."""
        where = self.source if file is None else file
        name = where.name if isinstance(where, Path) else where
        self.items.append(f"{name}: {key}: {reason}")

    def raise_if_any(self, what: str, *, error: type[TemplateError] = TemplateError) -> None:
        """Raise one ``error`` listing every problem, if there were any.

        The message reads ``<source>: 3 problems in the <what>``.
        """
        if not self.items:
            return
        count = len(self.items)
        headline = f"{count} problem{'s' if count != 1 else ''} in the {what}"
        raise error(
            f"{self.source}: {headline}" if self.source else headline, problems=tuple(self.items)
        )
