"""One error handler for every command: the group turns a CardsmithError into its exit code."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner
from kit import run_cli

from cardsmith.cli.group import cli
from cardsmith.errors import (
    CampaignError,
    CardsmithError,
    CatalogueUnavailable,
    ForceFileError,
    FormatProblems,
)


def _leaves(group: click.Group, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, f"{' '.join((*path, name))} does not load"
        if isinstance(command, click.Group):
            yield from _leaves(command, (*path, name))
        else:
            yield (*path, name)


def _command(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        found = command.get_command(click.Context(command), name)
        assert found is not None
        command = found
    return command


LEAVES = sorted(_leaves(cli))
# Each branch of the error tree with its documented exit code (design §5).
ERRORS: list[tuple[type[CardsmithError], int]] = [
    (ForceFileError, 2),
    (CatalogueUnavailable, 3),
    (CampaignError, 2),
    (FormatProblems, 2),
]


def test_the_tree_is_walked() -> None:
    """Every command group is reached, so no command escapes the test below."""
    groups = {path[0] for path in LEAVES if len(path) > 1}
    assert {"force", "campaign", "battle", "catalogue", "unit", "rules"} <= groups
    assert len(LEAVES) > 40


@pytest.mark.parametrize("path", LEAVES, ids=" ".join)
def test_every_command_reports_a_cardsmith_error_as_its_exit_code(
    path: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    command = _command(path)
    error, code = ERRORS[LEAVES.index(path) % len(ERRORS)]

    def fail(*_args: object, **_kwargs: object) -> None:
        raise error(f"{' '.join(path)} cannot go on", problems=["line 3: a bad row"])

    # The command's own parameters would stop the run before its body; the handler is
    # what is under test here, so the body runs with none.
    monkeypatch.setattr(command, "params", [])
    monkeypatch.setattr(command, "callback", fail)
    report = [f"cardsmith: {' '.join(path)} cannot go on", "  - line 3: a bad row"]

    # Through the entry point, as a player runs it ...
    result = run_cli(*path)
    assert result.code == code, result
    assert result.stderr.splitlines()[:2] == report, result
    assert "Traceback" not in result.output
    # ... and through the group alone, as click's runner (or another program) calls it.
    direct = CliRunner().invoke(cli, list(path))
    assert direct.exit_code == code, direct.output
    assert direct.stderr.splitlines()[:2] == report
    assert direct.exception is None or isinstance(direct.exception, SystemExit)
