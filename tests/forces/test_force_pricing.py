"""Skill-adjusted PV checked against the ASCE p.29 tables themselves (facts §2)."""

from __future__ import annotations

import pytest

from cardsmith.forces.pricing import adjusted_pv

# ASCE p.29 Low-Skill table as printed: (lowest base PV, highest base PV, PV lost per
# skill rating above 4).  Above 104: one more per further 10 PV (or part of 10).
LOW_SKILL_BANDS = [
    (0, 14, 1),
    (15, 24, 2),
    (25, 34, 3),
    (35, 44, 4),
    (45, 54, 5),
    (55, 64, 6),
    (65, 74, 7),
    (75, 84, 8),
    (85, 94, 9),
    (95, 104, 10),
]

# ASCE p.29 Improved-Skill table as printed: PV gained per rating below 4.
# Above 52: one more per further 5 PV (or part of 5).
IMPROVED_SKILL_BANDS = [
    (0, 7, 1),
    (8, 12, 2),
    (13, 17, 3),
    (18, 22, 4),
    (23, 27, 5),
    (28, 32, 6),
    (33, 37, 7),
    (38, 42, 8),
    (43, 47, 9),
    (48, 52, 10),
]


def _from_bands(bands: list[tuple[int, int, int]], pv: int, width: int) -> int:
    for low, high, step in bands:
        if low <= pv <= high:
            return step
    top_high, top_step = bands[-1][1], bands[-1][2]
    over = pv - top_high
    return top_step + (over + width - 1) // width


def table_pv(base: int, skill: int) -> int:
    """PV at ``skill`` read off the two tables, never below 1."""
    if skill > 4:
        value = base - (skill - 4) * _from_bands(LOW_SKILL_BANDS, base, 10)
    elif skill < 4:
        value = base + (4 - skill) * _from_bands(IMPROVED_SKILL_BANDS, base, 5)
    else:
        value = base
    return max(1, value)


def test_every_base_pv_at_every_skill_matches_the_tables() -> None:
    mismatches = [
        (base, skill, adjusted_pv(base, skill), table_pv(base, skill))
        for base in range(1, 301)
        for skill in range(8)
        if adjusted_pv(base, skill) != table_pv(base, skill)
    ]
    assert mismatches == []


def test_pv_is_never_below_one() -> None:
    assert min(adjusted_pv(base, skill) for base in range(1, 301) for skill in range(8)) == 1
    assert adjusted_pv(1, 7) == 1
    assert adjusted_pv(3, 7) == 1


# Worked numbers of facts §2 (ASCE table, verified by script there), skills 0..7.
WORKED = {
    52: [92, 82, 72, 62, 52, 47, 42, 37],
    35: [63, 56, 49, 42, 35, 31, 27, 23],
    39: [71, 63, 55, 47, 39, 35, 31, 27],
    20: [36, 32, 28, 24, 20, 18, 16, 14],
    14: [26, 23, 20, 17, 14, 13, 12, 11],
    105: [189, 168, 147, 126, 105, 94, 83, 72],
    3: [7, 6, 5, 4, 3, 2, 1, 1],
}


@pytest.mark.parametrize("base", sorted(WORKED))
def test_worked_examples(base: int) -> None:
    assert [adjusted_pv(base, skill) for skill in range(8)] == WORKED[base]
    assert [table_pv(base, skill) for skill in range(8)] == WORKED[base]


@pytest.mark.parametrize(
    ("base", "skill", "expected"),
    [(35, 6, 27), (39, 2, 55), (35, 1, 56)],  # ASCE p.29 and the Marauder of p.111
)
def test_asce_examples(base: int, skill: int, expected: int) -> None:
    assert adjusted_pv(base, skill) == expected


@pytest.mark.parametrize(
    ("base", "skill", "expected"),
    [
        # Low-Skill table beyond its last printed row (95-104 lose 10 per rating):
        # 105-114 lose 11, 115-124 lose 12.  jdgwf's off-by-one would give 95 and 104.
        (104, 5, 94),
        (105, 5, 94),
        (114, 5, 103),
        (115, 5, 103),
        (124, 6, 100),
        (125, 6, 99),
        # Improved-Skill table beyond 48-52 (gain 10 per rating): 53-57 gain 11, 58-62 12.
        (52, 3, 62),
        (53, 3, 64),
        (57, 3, 68),
        (58, 3, 70),
        (62, 2, 86),
        (63, 2, 89),
    ],
)
def test_band_edges_above_the_printed_rows(base: int, skill: int, expected: int) -> None:
    assert adjusted_pv(base, skill) == expected


def test_steps_change_exactly_at_the_band_edges() -> None:
    from cardsmith.forces.pricing import decrease_step, increase_step

    assert [decrease_step(pv) for pv in (14, 15, 104, 105, 114, 115)] == [1, 2, 10, 11, 11, 12]
    assert [increase_step(pv) for pv in (7, 8, 52, 53, 57, 58)] == [1, 2, 10, 11, 11, 12]


@pytest.mark.parametrize("skill", [-1, 8])
def test_a_skill_outside_the_table_is_refused_by_name(skill: int) -> None:
    # ASCE p.29 Skill Rating Table: ratings run from 0 (Legendary) to 7 (Wet Behind the Ears).
    with pytest.raises(ValueError, match=rf"skill must be 0-7, not {skill}"):
        adjusted_pv(30, skill)


def test_group_totals_are_skill_adjusted_per_group() -> None:
    from forces.conftest import make_unit

    from cardsmith.forces.pricing import force_pv, group_pv
    from cardsmith.models import Force, ForceEntry

    force = Force(
        name="Two lances",
        entries=(
            ForceEntry(unit=make_unit(mul_id=1, pv=35), skill=6, group="Alpha"),  # 27
            ForceEntry(unit=make_unit(mul_id=2, pv=39), skill=2, group="Bravo"),  # 55
            ForceEntry(unit=make_unit(mul_id=3, pv=20), group="Alpha"),  # 20
            ForceEntry(unit=make_unit(mul_id=4, pv=14), skill=3),  # ungrouped, 17
        ),
    )
    assert group_pv(force) == {"Alpha": 47, "Bravo": 55, "": 17}
    assert sum(group_pv(force).values()) == force_pv(force) == 119
