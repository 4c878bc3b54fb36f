"""Lets ``python -m cardsmith`` run the same program as the ``cardsmith`` command."""

from cardsmith.cli import main

main()
