"""Provides what several commands' options share: the print options, comma lists and ranges."""

from __future__ import annotations

from pathlib import Path

import click

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
