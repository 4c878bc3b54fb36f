"""Provides the ``cardsmith`` command's entry point (the click group is ``cli.group``)."""

from cardsmith.cli.group import main as main
