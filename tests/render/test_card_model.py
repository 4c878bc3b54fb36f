"""What a card shows per unit type, the terminal card, and the force fingerprint."""

from __future__ import annotations

import re

import pytest

from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.pricing import adjusted_pv
from cardsmith.models import Force, ForceEntry, Pilot, Unit
from cardsmith.profiles.modes import profile_set
from cardsmith.render.content.card import card_for
from cardsmith.render.content.roster import roster_for, verdict_from_check
from cardsmith.render.terminal.card import card_lines

# MUL id → (heat scale?, crit tracks with box counts)
TYPE_FACTS = {
    1295: ("BM", True, {"ENGINE": 1, "FIRE CONTROL": 4, "MP": 4, "WEAPONS": 4}),
    452: ("IM", True, {"ENGINE": 1, "FIRE CONTROL": 4, "MP": 4, "WEAPONS": 4}),
    2735: ("CV", False, {"ENGINE": 1, "FIRE CONTROL": 4, "WEAPONS": 4, "MOTIVE": 5}),
    1816: ("SV", False, {"ENGINE": 1, "FIRE CONTROL": 4, "WEAPONS": 4, "MOTIVE": 5}),
    509: ("PM", False, {"FIRE CONTROL": 4, "MP": 4, "WEAPONS": 4}),
    7387: ("BA", False, {}),
    1144: ("CI", False, {}),
    1879: ("AF", True, {"ENGINE": 2, "FIRE CONTROL": 4, "WEAPONS": 4}),
    # Conventional fighters keep no heat scale (only 'Mechs and aerospace fighters, ASCE p.28).
    409: ("CF", False, {"ENGINE": 2, "FIRE CONTROL": 4, "WEAPONS": 4}),
    # Small craft: crew, engine, fire control, thruster, weapons (no KF boom or collar).
    5790: (
        "SC",
        False,
        {"CREW": 2, "ENGINE": 3, "FIRE CONTROL": 4, "THRUSTER": 1, "WEAPONS": 4},
    ),
}


@pytest.mark.parametrize("mul_id", sorted(TYPE_FACTS))
def test_heat_scale_and_crit_tracks_per_type(starter_units: dict[int, Unit], mul_id: int) -> None:
    type_code, heat, crits = TYPE_FACTS[mul_id]
    card = card_for(starter_units[mul_id])
    assert card.type_code == type_code
    assert card.heat_scale == (("1", "2", "3", "S") if heat else ())
    assert (card.overheat is not None) is heat
    assert {t.name: t.boxes for t in card.crits} == crits


def test_vehicle_motive_track_groups(starter_units: dict[int, Unit]) -> None:
    motive = next(t for t in card_for(starter_units[2735]).crits if t.name == "MOTIVE")
    assert [g.boxes for g in motive.groups] == [2, 2, 1]


@pytest.mark.parametrize("skill", range(8))
def test_target_numbers_and_pv_follow_the_skill(starter_units: dict[int, Unit], skill: int) -> None:
    unit = starter_units[140]
    card = card_for(ForceEntry(unit, skill=skill))
    assert [c.target for c in card.damage] == [skill, skill + 2, skill + 4]
    assert card.pv == adjusted_pv(unit.pv, skill)
    assert card.base_pv == unit.pv


def test_fighter_card_shows_thrust_four_brackets_and_threshold(
    starter_units: dict[int, Unit],
) -> None:
    card = card_for(ForceEntry(starter_units[1879], skill=3))
    assert card.thrust == "6a" and card.tmm is None and card.move == ""
    assert [c.label for c in card.damage] == ["S", "M", "L", "E"]
    assert [c.target for c in card.damage] == [3, 5, 7, 9]
    assert card.threshold == 2
    assert "THR" in card.info_lines[0] and "TMM" not in card.info_lines[0]


def test_minimal_damage_prints_as_zero_star(starter_units: dict[int, Unit]) -> None:
    assert [c.value for c in card_for(starter_units[7387]).damage] == ["0*", "0", "0"]


def test_battle_armor_shows_its_squad(starter_units: dict[int, Unit]) -> None:
    assert card_for(starter_units[8497]).squad == 5
    assert card_for(starter_units[1144]).squad is None


def test_sniper_changes_the_printed_target_numbers(starter_units: dict[int, Unit]) -> None:
    card = card_for(ForceEntry(starter_units[1295], skill=4, spas=("sniper",)))
    assert [(c.modifier, c.target) for c in card.damage] == [(0, 4), (1, 5), (2, 6)]
    assert card.spas[0].name == "Sniper" and "M+1" in card.spas[0].effect


@pytest.mark.parametrize(
    ("choice", "band", "targets"), [("long", "L", (8, 6, 4)), ("medium", "M", (6, 4, 8))]
)
def test_range_master_says_which_range_trades_with_short(
    starter_units: dict[int, Unit], choice: str, band: str, targets: tuple[int, int, int]
) -> None:
    # ASCE p.98: the chosen band takes Short's +0 and Short takes its modifier.
    card = card_for(ForceEntry(starter_units[140], skill=4, spas=(f"range-master:{choice}",)))
    assert [line.effect for line in card.spas] == [f"TN S↔{band}"]
    assert tuple(column.target for column in card.damage[:3]) == targets


def test_unit_without_stats_cannot_be_printed() -> None:
    from cardsmith.errors import RenderError

    with pytest.raises(RenderError, match="no Alpha Strike stats"):
        card_for(Unit(mul_id=5879, name="Hunchback HBK-4G (Gauss Prototype)"))


@pytest.mark.parametrize("mul_id", sorted(TYPE_FACTS))
@pytest.mark.parametrize("width", [32, 48, 72])
def test_terminal_card_pips_heat_and_crits(
    starter_units: dict[int, Unit], mul_id: int, width: int
) -> None:
    unit = starter_units[mul_id]
    _, heat, crits = TYPE_FACTS[mul_id]
    lines = card_lines(ForceEntry(unit, pilot=Pilot("Иван Петров")), width)
    assert all(len(line) == width for line in lines)
    text = "\n".join(lines)
    assert text.count("○") == unit.armor
    assert text.count("●") == unit.structure
    assert ("[1][2][3][S]" in text) is heat
    assert text.count("□") == sum(crits.values())
    assert "Иван Петров" in text
    assert f"PV {unit.pv}" in text


_RANGE = r"[SMLE] \S+ \(TN \d+\+\)"


@pytest.mark.parametrize("width", range(32, 61))
def test_no_value_is_split_across_lines(starter_units: dict[int, Unit], width: int) -> None:
    """A damage range ("L 3 (TN 8+)") or a profile's stat ("TMM 2") stays on one line."""
    for unit in starter_units.values():
        if not unit.has_stats:
            continue
        lines = [line.strip("│ ") for line in card_lines(unit, width)]
        if profile_set(unit) is not None:  # a LAM, a QuadVee: one block per profile
            for line in lines:
                assert not re.search(r"\b(TP|MV/THR|TMM|[SMLE])$", line), (unit.name, width, lines)
                assert not re.match(r"(\d+\+ )?[\d—*]+,", line), (unit.name, width, lines)
            continue
        start = next(i for i, line in enumerate(lines) if line.startswith("DMG"))
        end = start + 1
        while end < len(lines) and re.match(r"[SMLE] ", lines[end]):
            end += 1  # the ranges the first line had no room for
        assert len(re.findall(_RANGE, " ".join(lines[start:end]))) == len(card_for(unit).damage)
        for line in lines[start:end]:
            assert re.fullmatch(rf"(DMG  )?{_RANGE}(  {_RANGE})*", line), (unit.name, width, line)


def test_fingerprint_is_stable_and_notices_edits(mixed_force: Force) -> None:
    print_time = force_fingerprint(mixed_force)
    assert print_time == force_fingerprint(
        Force(
            **{
                f: getattr(mixed_force, f)
                for f in ("name", "pack", "cap", "entries", "groups", "data_version")
            }
        )
    )
    assert len(print_time) == 14 and print_time.count("-") == 2
    first = mixed_force.entries[0]
    edited = [
        mixed_force.with_changes(entries=(first.with_changes(skill=3), *mixed_force.entries[1:])),
        mixed_force.with_changes(entries=mixed_force.entries[1:]),
        mixed_force.with_changes(
            entries=(first.with_changes(pilot=Pilot("Someone")), *mixed_force.entries[1:])
        ),
        mixed_force.with_changes(pack="tournament-300"),
    ]
    assert all(force_fingerprint(f) != print_time for f in edited)
    # Play state does not change what was fielded.
    wounded = first.with_changes(pilot=Pilot(first.pilot.name, wounds=2))
    assert (
        force_fingerprint(mixed_force.with_changes(entries=(wounded, *mixed_force.entries[1:])))
        == print_time
    )


def test_roster_totals_and_verdict(mixed_force: Force) -> None:
    roster = roster_for(mixed_force)
    assert roster.verdict == "not checked"
    assert roster.total_pv == sum(r.pv for r in roster.rows)
    assert [r.index for r in roster.rows] == list(range(1, len(mixed_force.entries) + 1))
    from cardsmith.rules.engine import check_force, load_pack

    result = check_force(mixed_force, load_pack("standard"))
    verdict = verdict_from_check(result, "standard")
    assert verdict.legal is result.legal
    assert len(verdict.problems) == len(result.violations)
    assert roster_for(mixed_force, verdict).verdict.startswith(
        "legal" if result.legal else "NOT LEGAL"
    )
