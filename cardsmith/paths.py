"""Provides the folders cardsmith reads and writes: cache, config, templates, starter data."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "cardsmith"

_PACKAGE_DIR = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    """Find a shipped data folder: inside the wheel, or at the top of a source checkout."""
    installed = _PACKAGE_DIR / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE_DIR.parent / name


def templates_dir() -> Path:
    """The built-in game data: card layouts, rule packs, SPA and dice tables."""
    return _data_dir("templates")


def starter_dir() -> Path:
    """The starter catalogue shipped with cardsmith (the repository's ``cache/``)."""
    return _data_dir("cache")


def cache_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the local catalogue and the HTTP cache live.

    Resolution order: the ``--cache-dir`` flag, ``CARDSMITH_CACHE_DIR``, then the
    platform's user cache folder.
    """
    if override:
        return Path(override).expanduser()
    env = os.environ.get("CARDSMITH_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs  # here, not above: a command given its folders never pays for it

    return platformdirs.user_cache_path(APP_NAME, appauthor=False)


def config_dir() -> Path:
    """Where user rule packs, tables and settings live (``CARDSMITH_CONFIG_DIR`` overrides)."""
    env = os.environ.get("CARDSMITH_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def user_templates_dir() -> Path:
    """User additions to ``templates/``: a file here overrides a built-in of the same name."""
    return config_dir() / "templates"


def template_search_path(*parts: str) -> list[Path]:
    """The folders to look in for one kind of template data, the user's first."""
    return [user_templates_dir().joinpath(*parts), templates_dir().joinpath(*parts)]
