"""Provides the ``verify`` command: does a printed roster show the submitted list?"""

from __future__ import annotations

import click

from cardsmith.cli.output import echo_json
from cardsmith.errors import EXIT_OK, EXIT_PROBLEMS
from cardsmith.safetext import safe_text
from cardsmith.services import verify as services


@click.command()
@click.argument("submitted", metavar="FORCE|CODE")
@click.option(
    "--fingerprint",
    metavar="XXXX-XXXX-XXXX",
    help="The fingerprint printed on the roster.",
)
@click.option(
    "--code",
    metavar="CODE",
    help="The share code printed on the roster (its QR code): lists what differs.",
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@click.pass_context
def verify(
    ctx: click.Context, submitted: str, fingerprint: str | None, code: str | None, fmt: str
) -> None:
    """Check that a printed roster shows the submitted list (a force file or a share code).

    The list matches when its fingerprint is the one the roster prints.  With the roster's
    share code (--code), the two lists are compared and every difference is named.

    Exit status: 0 the printout matches the list, 1 it does not, 2 bad input.
    """
    found = services.read_submitted(submitted)
    answer = services.verify(found, fingerprint=fingerprint, code=code)
    if fmt == "json":
        echo_json(
            {
                "submitted": found.source,
                "matches": answer.matches,
                "fingerprint": answer.fingerprint,
                "printed": answer.printed,
                "compared": answer.compared,
                "differences": list(answer.differences),
            }
        )
    else:
        source = safe_text(found.source)
        if answer.matches:
            click.echo(f"MATCH: the printout shows {source} (fingerprint {answer.fingerprint})")
        else:
            click.echo(
                f"NO MATCH: {source} has fingerprint {answer.fingerprint}, "
                f"the printout {answer.printed or 'none'}"
            )
            for line in answer.differences:
                click.echo(f"  - {safe_text(line)}")
            if not answer.compared:
                click.echo("  (give the roster's share code with --code to see what differs)")
    ctx.exit(EXIT_OK if answer.matches else EXIT_PROBLEMS)
