"""The shared test kit: one unit builder and one command-line runner for every test folder.

``from kit import make_unit, run_cli`` (``tests/`` is on ``sys.path``).  Folder
conftests keep their own defaults as thin wrappers around ``make_unit``; the fixture
``cli_run`` in ``tests/conftest.py`` is ``run_cli``.
"""

from __future__ import annotations

from kit.app import paste
from kit.cli import CliResult, CliRun, run_cli
from kit.folders import isolate
from kit.units import make_unit

__all__ = ["CliResult", "CliRun", "isolate", "make_unit", "paste", "run_cli"]
