"""``cardsmith --help`` lists every command with its own one-line help, loading none."""

from __future__ import annotations

import importlib
import subprocess
import sys

import click
import pytest

from cardsmith.cli.group import LAZY_COMMANDS, SHORT_HELP, cli


def _load(name: str) -> click.Command:
    module, attr = LAZY_COMMANDS[name].split(":")
    command = getattr(importlib.import_module(f"cardsmith.cli.{module}"), attr)
    assert isinstance(command, click.Command)
    return command


@pytest.mark.parametrize("name", sorted(LAZY_COMMANDS))
def test_the_stored_help_is_the_commands_own(name: str) -> None:
    command = _load(name)
    for limit in (20, 45, 60, 300):
        stored = click.Command(name, help=SHORT_HELP[name]).get_short_help_str(limit)
        assert stored == command.get_short_help_str(limit), (
            f"SHORT_HELP[{name!r}] differs from the command's docstring"
        )


def test_the_listing_is_what_click_itself_would_print() -> None:
    for width in (60, 80, 120):
        ctx = click.Context(cli, info_name="cardsmith", terminal_width=width)
        ours, clicks = click.HelpFormatter(width=width), click.HelpFormatter(width=width)
        cli.format_commands(ctx, ours)
        click.Group.format_commands(cli, ctx, clicks)
        assert ours.getvalue() == clicks.getvalue()
        assert ours.getvalue().count("\n") > len(LAZY_COMMANDS)


def test_help_imports_no_command_module() -> None:
    code = (
        "import sys\n"
        "from cardsmith.cli import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.endswith('_cmds') or m in "
        "('filelock', 'cardsmith.services', 'cardsmith.catalogue', 'textual', 'requests')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Commands:" in done.stdout and "search" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]"
