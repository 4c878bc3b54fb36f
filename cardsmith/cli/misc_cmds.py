"""Provides ``cardsmith open``, ``cardsmith locate`` and the launcher of the terminal app."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from cardsmith import paths
from cardsmith.cli.context import Settings
from cardsmith.errors import UsageError


def has_terminal() -> bool:
    """True when stdin and stdout are a terminal the app can draw on and read keys from."""
    return sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()


def run_app(settings: Settings, force_path: Path | None) -> None:
    """Open the terminal app (on a force when ``force_path`` is given).

    Raises:
        UsageError: ``force_path`` is not a readable file, or there is no terminal (a
            script, a pipe, a cron job): the app would wait for keys that never come.
    """
    if force_path is not None and not force_path.is_file():
        raise UsageError(f"{force_path}: no such force file")
    if not has_terminal():
        shown = f" on {force_path}" if force_path is not None else ""
        raise UsageError(
            f"the cardsmith app{shown} needs a terminal, and this one has none "
            "(input or output is a pipe or a file); run it in a terminal, or use the "
            "commands from scripts (cardsmith --help)"
        )
    from cardsmith.tui import collector

    collector.hold()  # until the first screen is drawn (the app releases it then)
    try:
        # Textual takes a noticeable time to import; only the app needs it, not the commands.
        from cardsmith.tui.app import CardsmithApp

        app = CardsmithApp(
            cache_dir=settings.resolved_cache_dir, offline=settings.offline, force_path=force_path
        )
        app.run()
    finally:
        collector.release()  # an app that stopped before its first frame


@click.command("open")
@click.argument("force_file", type=click.Path(dir_okay=False, path_type=Path))
@click.pass_obj
def open_force(settings: Settings, force_file: Path) -> None:
    """Open FORCE_FILE in the terminal app."""
    run_app(settings, force_file)


def _cache(settings: Settings) -> Path:
    return settings.resolved_cache_dir


def _config(_settings: Settings) -> Path:
    return paths.config_dir()


def _templates(_settings: Settings) -> Path:
    return paths.templates_dir()


_LOCATIONS: dict[str, Callable[[Settings], Path]] = {
    "cache": _cache,
    "config": _config,
    "templates": _templates,
}


@click.command()
@click.argument("what", type=click.Choice(sorted(_LOCATIONS)), required=False)
@click.pass_obj
def locate(settings: Settings, what: str | None) -> None:
    """Print where cardsmith keeps its cache, config or built-in templates.

    With no argument, prints all three as `name<TAB>path` lines.
    """
    if what is not None:
        click.echo(str(_LOCATIONS[what](settings)))
        return
    for name in sorted(_LOCATIONS):
        click.echo(f"{name}\t{_LOCATIONS[name](settings)}")
