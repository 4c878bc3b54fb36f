"""Provides what every template-data loader shares: find a file, read its TOML, collect problems.

A template file is looked for in the user's templates folder first, then in the built-in
one (``paths.template_search_path``), so a user copy overrides the shipped file.  Loaders
collect every problem they find in a ``Problems`` and raise them together, as one
``TemplateError`` (or ``RulePackError``) whose ``problems`` read ``file: key: reason``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardsmith import limits, paths, problems
from cardsmith.errors import TemplateError
from cardsmith.fileio import os_reason, parse_toml, read_bytes


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
        raise error(f"cannot read {_label(path, what)}: {os_reason(exc)}") from exc


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
        raw = read_bytes(
            path, what="template file", max_bytes=limits.MAX_TEMPLATE_BYTES, error=error
        )
    except error as exc:
        if not what:
            raise
        # ``what`` is a phrase ("the SPA catalogue"), not the noun ``read_bytes`` words its
        # messages around ("no template file at …").
        raise error(f"cannot read {what}: {exc.message}") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path} is not valid TOML: not UTF-8 text (byte {exc.start})") from None
    return parse_toml(text, where=str(path), error=error)


def _label(path: Path, what: str) -> str:
    return f"{what} {path}" if what else str(path)


class Problems(problems.Problems):
    """The shared problem collector (``cardsmith.problems``), raising ``TemplateError``."""

    def raise_if_any(self, what: str, *, error: Callable[..., Exception] = TemplateError) -> None:
        """Raise one ``error`` (``TemplateError`` unless told) listing every problem, if any.

        The message reads ``<source>: 3 problems in the <what>``.
        """
        super().raise_if_any(what, error=error)
