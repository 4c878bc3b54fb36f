"""Provides the ``cardsmith`` click group, whose subcommands load on demand."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import click

from cardsmith import __version__
from cardsmith.cli.context import Settings
from cardsmith.cli.output import report_error, run_command, safe_output
from cardsmith.errors import EXIT_BAD_INPUT, CardsmithError

#: Subcommand name → "module:attribute" under cardsmith.cli.  Modules are imported only
#: when their command runs (or for --help), so `cardsmith search` never pays for the
#: PDF or TUI libraries.
LAZY_COMMANDS: dict[str, str] = {
    "search": "search_cmds:search",
    "fetch": "fetch_cmds:fetch",
    "catalogue": "catalogue_cmds:catalogue",
    "locate": "misc_cmds:locate",
    "open": "misc_cmds:open_force",
    "force": "force_cmds:force",
    "check": "check_cmds:check",
    "rules": "rules_cmds:rules",
    "verify": "verify_cmds:verify",
    "print": "print_cmds:print_sheets",
    "import": "exchange_cmds:import_force",
    "export": "exchange_cmds:export_force",
    "campaign": "campaign_cmds:campaign",
    "roll": "campaign_cmds:roll",
    "battle": "battle_cmds:battle",
    "unit": "unit_cmds:unit",
}


#: Each command's one-line help, as its docstring's first paragraph says it, so that
#: ``cardsmith --help`` lists the commands without importing a single command module.
#: A test keeps these equal to the commands' own help; a command missing here is loaded.
SHORT_HELP: dict[str, str] = {
    "search": "Search the local catalogue by name (typos forgiven) and by stats.",
    "fetch": "Fetch units from the Master Unit List into the local catalogue.",
    "catalogue": "Import, inspect, sync and clear the local catalogue.",
    "locate": "Print where cardsmith keeps its cache, config or built-in templates.",
    "open": "Open FORCE_FILE in the terminal app.",
    "force": "Create, edit and show force files.",
    "check": "Check force FILES (or folders of them) against a rule pack.",
    "rules": "Rule packs and the checks they are built from.",
    "print": "Print the force FILES as Alpha Strike record sheets to a PDF.",
    "import": (
        "Read a force from MegaMek (.mul), Jeff's BattleTech Tools, CSV, TTS or a share code."
    ),
    "export": (
        "Write a force for MegaMek, Jeff's BattleTech Tools, a spreadsheet, Tabletop "
        "Simulator, a forum post or a share code."
    ),
    "campaign": (
        "Campaign rosters: warriors and pilots from game to game, with every roll logged."
    ),
    "roll": "Roll dice (2D6, D66, D6x5 …) or a table by id or name, without a campaign.",
    "battle": "Track a game: damage, heat and critical hits per unit, end of round, undo.",
    "unit": "Custom units (TOML/JSON files) and units with several profiles.",
    "verify": (
        "Check that a printed roster shows the submitted list (a force file or a share code)."
    ),
}


class LazyGroup(click.Group):
    """A click group that imports each subcommand's module the first time it is needed.

    It is also the one error handler of every command: a ``CardsmithError`` raised in
    any command (or the group itself) is reported on stderr and becomes its exit code,
    and output goes through ``safe_output``, whether the group is run by ``main`` or by
    click's test runner.
    """

    def main(self, *args: Any, **kwargs: Any) -> Any:
        with safe_output():
            return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CardsmithError as exc:
            report_error(exc)
            raise click.exceptions.Exit(exc.exit_code) from exc

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(LAZY_COMMANDS))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their one-line help, as click lays them out, loading none."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            summary = SHORT_HELP.get(name) if name in LAZY_COMMANDS else None
            if summary is not None:
                # A bodiless command shortens the text exactly as click does for the real one.
                rows.append((name, click.Command(name, help=summary).get_short_help_str(limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        return self._load(cmd_name)

    def _load(self, name: str) -> click.Command | None:
        target = LAZY_COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        qualified = f"cardsmith.cli.{module_name}"
        try:
            module = importlib.import_module(qualified)
        except ModuleNotFoundError as exc:
            # A command whose module is not written yet is simply not offered.
            if exc.name == qualified:
                return None
            raise
        command = getattr(module, attr, None)
        return command if isinstance(command, click.Command) else None

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        # `cardsmith FORCE.json` opens a force file in the app.
        if args and args[0] not in LAZY_COMMANDS and Path(args[0]).suffix.lower() == ".json":
            command = self.get_command(ctx, "open")
            if command is not None:
                return "open", command, args
        return super().resolve_command(ctx, args)


@click.group(cls=LazyGroup, invoke_without_command=True)
@click.version_option(__version__, prog_name="cardsmith")
@click.option(
    "--cache-dir",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="CARDSMITH_CACHE_DIR",
    help="Folder of the local catalogue and HTTP cache (default: the platform cache folder).",
)
@click.option(
    "--offline",
    is_flag=True,
    envvar="CARDSMITH_OFFLINE",
    help="Never touch the network; answer from the catalogue and the HTTP cache only.",
)
@click.pass_context
def cli(ctx: click.Context, cache_dir: Path | None, offline: bool) -> None:
    """Alpha Strike forces, legality checks and record sheets.

    With no command, opens the terminal app.
    """
    ctx.obj = Settings(cache_dir=cache_dir, offline=offline)
    if ctx.invoked_subcommand is None:
        from cardsmith.cli.misc_cmds import run_app

        run_app(ctx.obj, None)


def main(argv: list[str] | None = None) -> None:
    """Run the click group on ``argv`` (default: the process's) and exit with its code."""
    sys.exit(run_command(lambda: _click_main(argv)))


def _click_main(argv: list[str] | None) -> Any:
    try:
        return cli.main(args=argv, prog_name="cardsmith", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        return 130
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code if exc.exit_code else EXIT_BAD_INPUT
