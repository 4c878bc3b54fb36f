"""Fixtures for the rendering tests: starter units, a mixed force, PDF reading helpers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cardsmith.catalogue.dump import read_unit_file
from cardsmith.models import Force, ForceEntry, Pilot, Unit
from cardsmith.paths import starter_dir

MM = 72 / 25.4

#: One unit of every card type the issue names, with pilots in several scripts.
MIXED = (
    # (MUL id, skill, pilot, spas)
    (1295, 4, "Иван Петрович Сидоров", ()),  # BM: the seed's Griffin "Sparky"
    (140, 3, "José Ñúñez", ()),  # BM
    (2735, 5, "Zoë Łukasiewicz", ()),  # CV
    (7387, 4, "Ольга", ()),  # BA (Sqd4)
    (1144, 6, "Gabriel", ()),  # CI
    (1879, 3, "Björn Ærøskøbing", ()),  # AF
    (509, 2, "Ана", ()),  # PM
    (409, 4, "", ()),  # CF
    (1816, 4, "", ()),  # SV
    (452, 4, "", ()),  # IM
    (5790, 4, "Mówáng pilot", ()),  # SC (large craft)
)


@pytest.fixture(scope="session")
def starter_units() -> dict[int, Unit]:
    return {r.unit.mul_id: r.unit for r in read_unit_file(starter_dir() / "starter.json")}


@pytest.fixture(scope="session")
def mixed_force(starter_units: dict[int, Unit]) -> Force:
    entries = tuple(
        ForceEntry(
            unit=starter_units[mul_id],
            skill=skill,
            pilot=Pilot(pilot),
            spas=spas,
            group="Alpha" if n < 6 else "Beta",
            commander=n == 0,
        )
        for n, (mul_id, skill, pilot, spas) in enumerate(MIXED)
    )
    return Force(name="Steel Tigers — Сталь", pack="standard", entries=entries)


def in_box(obj: dict[str, Any], box: tuple[float, float, float, float], slack: float = MM) -> bool:
    """True when a pdfplumber object lies inside (x0, top, x1, bottom) points, ±1 mm."""
    x0, top, x1, bottom = box
    return bool(
        obj["x0"] >= x0 - slack
        and obj["x1"] <= x1 + slack
        and obj["top"] >= top - slack
        and obj["bottom"] <= bottom + slack
    )


@pytest.fixture
def box_on_page() -> Callable[..., tuple[float, float, float, float]]:
    """Page rectangle (points, top-left origin) of a template box on card ``slot``."""

    def locate(layout: Any, slot: int, box: Any) -> tuple[float, float, float, float]:
        left, top = layout.card_origin(slot)
        return (
            (left + box.x) * MM,
            (top + box.y) * MM,
            (left + box.right) * MM,
            (top + box.bottom) * MM,
        )

    return locate


def card_rect(layout: Any, slot: int) -> tuple[float, float, float, float]:
    left, top = layout.card_origin(slot)
    return (left * MM, top * MM, (left + layout.card_width) * MM, (top + layout.card_height) * MM)


@pytest.fixture
def write_force(tmp_path: Path) -> Callable[[Force, str], Path]:
    from cardsmith.forces.force_file import save_force

    def write(force: Force, name: str = "force.json") -> Path:
        path = tmp_path / name
        save_force(force, path)
        return path

    return write
