"""The models package offers its names from their modules, loading each module on first use."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cardsmith.models as models
from cardsmith.models import force, stats, unit


def test_every_offered_name_is_the_one_in_its_module() -> None:
    homes = {"force": force, "stats": stats, "unit": unit}
    for name in models.__all__:
        found = [module for module in homes.values() if name in vars(module)]
        assert found, name
        assert all(getattr(models, name) is getattr(module, name) for module in found), name


def test_an_unknown_name_is_an_import_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Lance'"):
        models.Lance  # noqa: B018
    with pytest.raises(ImportError):
        from cardsmith.models import Lance  # noqa: F401


def test_units_load_without_forces() -> None:
    code = (
        "import sys\nfrom cardsmith.models import Unit\n"
        "print('cardsmith.models.force' in sys.modules)\n"
        "from cardsmith.models import Force\n"
        "print('cardsmith.models.force' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.split() == ["False", "True"]
