"""Provides what several commands' options share: the print options, comma lists and ranges."""

from __future__ import annotations

from pathlib import Path

import click

from cardsmith.errors import UsageError

#: ``-o/--output``: the PDF a print command writes.
pdf_output_option = click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The PDF to write (replaced atomically).",
)
#: ``--paper``: the paper sizes of ``templates/cards/sheet.toml``.
paper_option = click.option(
    "--paper",
    type=click.Choice(["letter", "a4"], case_sensitive=False),
    default="letter",
    show_default=True,
)
#: ``--mono``: ink-saving print.
mono_option = click.option("--mono", is_flag=True, help="Ink-saving print: outlines and text only.")


def split_values(values: tuple[str, ...]) -> list[str]:
    """Options may repeat and may hold comma lists: ``--type BM,CV --type BA``."""
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def parse_range(text: str | None, label: str) -> tuple[int | None, int | None]:
    """Read ``20-40``, ``20-``, ``-40`` or ``35`` (both ends 35).

    Raises:
        UsageError: anything else, naming the option.
    """
    if not text:
        return None, None
    low, sep, high = text.partition("-")
    try:
        if not sep:
            value = int(low)
            return value, value
        return (int(low) if low.strip() else None, int(high) if high.strip() else None)
    except ValueError:
        raise UsageError(f"{label} must look like 20-40, 20- or -40, not {text!r}") from None
