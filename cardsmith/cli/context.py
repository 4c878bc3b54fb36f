"""Provides the settings every subcommand receives from the global options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cardsmith import paths

if TYPE_CHECKING:
    import click


@dataclass(frozen=True, slots=True)
class Settings:
    """Global options: where the cache lives and whether the network may be used."""

    cache_dir: Path | None = None
    offline: bool = False

    @property
    def resolved_cache_dir(self) -> Path:
        """The cache folder after the flag, the environment and the platform default."""
        return paths.cache_dir(self.cache_dir)


def settings_of(ctx: click.Context) -> Settings:
    """The global options of the running command (defaults when run outside the group)."""
    obj = ctx.find_root().obj
    return obj if isinstance(obj, Settings) else Settings()
