"""The one command-line runner for tests: ``cardsmith ARGS…`` in-process through ``main``."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from click.testing import CliRunner


class CliResult:
    """What one run of the command line gave: exit code, stdout and stderr."""

    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code = code
        self.stdout = stdout
        self.stderr = stderr

    @property
    def exit_code(self) -> int:
        """``code``, under the name click's own results use."""
        return self.code

    @property
    def output(self) -> str:
        """stdout, then stderr (what a terminal would show, without interleaving)."""
        return self.stdout + self.stderr

    def __repr__(self) -> str:
        return (
            f"CliResult(code={self.code}, stdout={self.stdout[:200]!r}, "
            f"stderr={self.stderr[:400]!r})"
        )


#: The type of the ``cli_run`` fixture: ``cli_run("force", "show", "lance.json")``.
CliRun = Callable[..., CliResult]


def run_cli(
    *args: str, input: str | None = None, env: Mapping[str, str] | None = None
) -> CliResult:
    """Run ``cardsmith ARGS…`` through its real entry point, exit codes included.

    ``env`` sets environment variables for this run only.
    """
    from cardsmith.cli import main

    runner = CliRunner()
    with runner.isolation(input=input, env=dict(env or {})) as streams:
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        stdout = streams[0].getvalue().decode("utf-8", "replace")
        stderr = streams[1].getvalue().decode("utf-8", "replace")
    return CliResult(code, stdout, stderr)
