"""The shortcuts that keep ``check`` fast give exactly the answers of the plain code.

``canonical_text`` writes each unit's JSON once and must equal ``json.dumps`` of the
canonical form (the roster's fingerprint depends on it); ``unit_from_snapshot`` must
hand back what ``Unit.from_dict`` builds, and never mistake one snapshot for another.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsmith.errors import CatalogueDataError
from cardsmith.forces.fingerprint import canonical_force, canonical_text, force_fingerprint
from cardsmith.forces.snapshots import unit_from_snapshot
from cardsmith.models import Force, ForceEntry, Group, Pilot, Unit
from rules.rulekit import build_unit

_text = st.text(max_size=12)
_units = st.builds(
    lambda name, pv, size, role, specials: build_unit(
        name or "U", pv=pv, size=size, role=role, chassis=name or "U"
    ),
    _text,
    st.integers(0, 300),
    st.integers(0, 4),
    st.sampled_from(["Sniper", "Brawler", None, 'Scout "x"']),
    _text,
)
_entries = st.builds(
    lambda unit, skill, pilot, spas, group, commander: ForceEntry(
        unit=unit, skill=skill, pilot=Pilot(pilot), spas=tuple(spas), group=group,
        commander=commander,
    ),
    _units, st.integers(0, 7), _text, st.lists(_text, max_size=3), _text, st.booleans(),
)  # fmt: skip
_forces = st.builds(
    lambda name, pack, cap, entries, groups: Force(
        name or "F", pack or "standard", cap=cap, entries=tuple(entries),
        groups=tuple(Group(g or "G", f) for g, f in groups),
    ),
    _text, _text, st.one_of(st.none(), st.integers(1, 2000)), st.lists(_entries, max_size=6),
    st.lists(st.tuples(_text, st.one_of(st.none(), _text)), max_size=3),
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(_forces)
def test_canonical_text_is_the_json_of_the_canonical_form(force: Force) -> None:
    plain = json.dumps(canonical_force(force), sort_keys=True, ensure_ascii=False,
                       separators=(",", ":"))  # fmt: skip
    assert canonical_text(force) == plain
    assert canonical_text(force) == plain  # the second time from the unit cache


def test_the_fingerprint_changes_with_every_fielded_detail() -> None:
    unit = build_unit("Atlas AS7-D")
    base = Force("F", "standard", entries=(ForceEntry(unit=unit),))
    print_one = force_fingerprint(base)
    changed = [
        replace(base, name="G"),
        replace(base, cap=300),
        replace(base, entries=(ForceEntry(unit=unit, skill=3),)),
        replace(base, entries=(ForceEntry(unit=replace(unit, pv=unit.pv + 1)),)),
        replace(base, entries=(ForceEntry(unit=unit, spas=("sniper",)),)),
        replace(base, entries=(ForceEntry(unit=unit, commander=True),)),
    ]
    assert len({print_one, *(force_fingerprint(f) for f in changed)}) == len(changed) + 1


def _snapshot(**changes: Any) -> dict[str, Any]:
    data = build_unit("Griffin GRF-1N", mul_id=1234).to_dict()
    data.update(changes)
    return data


def test_a_repeated_snapshot_is_the_same_unit_and_equal_to_from_dict() -> None:
    first = unit_from_snapshot(_snapshot())
    again = unit_from_snapshot(_snapshot())
    assert again is first
    assert first == Unit.from_dict(_snapshot())


@pytest.mark.parametrize(
    ("one", "other"),
    [({"size": 1}, {"size": 1.0}), ({"size": 1}, {"size": True}), ({"pv": 20}, {"pv": "20"})],
)
def test_snapshots_that_differ_only_in_type_are_never_confused(
    one: dict[str, Any], other: dict[str, Any]
) -> None:
    good = unit_from_snapshot(_snapshot(**one))
    try:
        odd = unit_from_snapshot(_snapshot(**other))
    except CatalogueDataError:
        return  # refused, as Unit.from_dict refuses it
    assert odd == Unit.from_dict(_snapshot(**other))
    assert odd is not good


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ('"pv": 1e400', "entries[0].unit: pv is not a finite number"),
        ('"pv": 99999999999999999999999', "entries[0].unit: pv is too large a number"),
        ('"extra": ' + "[" * 70 + "]" * 70, "levels deep"),
    ],
)
def test_a_hostile_snapshot_is_refused_even_after_clean_files(
    tmp_path: Path, change: str, message: str
) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.forces.force_file import load_force, save_force

    clean = Force("F", entries=(ForceEntry(unit=build_unit("Atlas AS7-D", mul_id=4242)),))
    good = tmp_path / "good.json"
    save_force(clean, good)
    assert load_force(good) == load_force(good)  # the snapshot is now remembered
    text = good.read_text(encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(text.replace('"pv": 30', change, 1), encoding="utf-8")
    assert text != bad.read_text(encoding="utf-8")
    with pytest.raises(ForceFileError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_force(bad)
    # Outside the snapshots the file is walked as a whole, as before.
    outside = tmp_path / "outside.json"
    outside.write_text(text.replace('"cap": null', '"cap": 1e400', 1), encoding="utf-8")
    with pytest.raises(ForceFileError, match="cap is not a finite number"):
        load_force(outside)
