"""Fixtures for the import/export tests: the seeded starter catalogue and a force built from it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsmith.catalogue.store import Catalogue
from cardsmith.forces.editing import add_entry, new_force, set_group
from cardsmith.models.force import Force


@pytest.fixture()
def catalogue(tmp_path: Path) -> Iterator[Catalogue]:
    """The starter catalogue, seeded into this test's own cache folder."""
    with Catalogue.open(tmp_path / "catalogue") as opened:
        yield opened


@pytest.fixture()
def starter_force(catalogue: Catalogue) -> Force:
    """A mixed force of starter units: skills 0-7, Cyrillic and accented pilots, SPAs, groups."""
    plan = [
        # mul_id, skill, pilot, spas, group, commander
        (140, 3, "Кайла Петрова", ("sniper",), "Alpha", True),
        (1295, 4, "", (), "Alpha", False),
        (1985, 2, "Natasha Kerensky", ("lucky-2", "marksman"), "Alpha", False),
        (2021, 5, "Jörg Müller", (), "Bravo", False),
        (8497, 0, "", (), "Bravo", False),
        (155, 7, "Иван", (), "", False),
        (1144, 6, "", (), "", False),
    ]
    force = set_group(new_force("Test Force"), "Alpha", formation="battle")
    for mul_id, skill, pilot, spas, group, commander in plan:
        unit = catalogue.get(mul_id)
        assert unit is not None, f"starter catalogue lacks {mul_id}"
        force = add_entry(
            force, unit, skill=skill, pilot=pilot, spas=spas, group=group, commander=commander
        )
    return force


@pytest.fixture()
def full_catalogue(full_catalogue_dir: Path) -> Iterator[Catalogue]:
    """The catalogue of every real MUL record; the real-file imports match against it."""
    with Catalogue.open(full_catalogue_dir) as opened:
        yield opened
