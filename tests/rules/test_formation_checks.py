"""The ``formations`` check through ``cardsmith check``: the fidelity cases of ASCE p.117-121."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardsmith.models import DamageValue, Force, ForceEntry, Group, UnitType
from cardsmith.models.stats import parse_move
from rules.rulekit import build_unit

ForceFile = Callable[[Force, str], Path]


def _lance(
    group: str, formation: str, units: list[dict[str, Any]], *, commander: bool = True
) -> Force:
    entries = tuple(
        ForceEntry(unit=build_unit(**unit), group=group, commander=commander and n == 0)
        for n, unit in enumerate(units)
    )
    return Force("Lance", "standard", entries=entries, groups=(Group(group, formation),))


def _verdict(cli_run: Any, path: Path) -> dict[str, Any]:
    result = cli_run("check", str(path), "--format", "json")
    assert result.code in (0, 1), result
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_a_four_sniper_vehicle_command_lance_is_legal(cli_run: Any, force_file: ForceFile) -> None:
    # ASCE p.120: the commander and one pair of Sniper vehicles are all it needs.
    snipers = [
        {"name": f"Demolisher D-{n}", "type": UnitType.CV, "role": "Sniper", "size": 3 + n % 2}
        for n in range(4)
    ]
    path = force_file(_lance("HQ", "vehicle-command", snipers), "hq.json")
    verdict = _verdict(cli_run, path)
    assert verdict["legal"] is True, verdict["violations"]
    without = force_file(
        _lance("HQ", "vehicle-command", snipers, commander=False), "no-commander.json"
    )
    failures = _verdict(cli_run, without)["violations"]
    assert [v["rule"] for v in failures] == ["formations"]
    assert "force commander or a lieutenant" in failures[0]["message"]


def test_a_three_unit_pursuit_lance_with_two_fast_units_is_legal(
    cli_run: Any, force_file: ForceFile
) -> None:
    # ASCE p.120: 75% of 3 "rounded normally" is 2.
    damage = tuple(DamageValue(n) for n in (2, 2, 0, 0))
    fast = {"size": 1, "move": parse_move('12"'), "damage": damage}
    units = [{**fast, "name": "Wasp W-1"}, {**fast, "name": "Stinger S-1"}]
    units.append({**fast, "name": "Commando C-1", "move": parse_move('10"')})
    path = force_file(_lance("Hunters", "pursuit", units), "pursuit.json")
    assert _verdict(cli_run, path)["legal"] is True


def test_a_mixed_battle_lance_needs_no_vehicle_pairs(cli_run: Any, force_file: ForceFile) -> None:
    # ASCE p.117: the matched pairs are asked of a vehicle formation only.
    units = [
        {"name": "Atlas A-1", "size": 4, "role": "Brawler"},
        {"name": "Marauder M-1", "size": 3, "role": "Sniper"},
        {"name": "Schrek S-1", "size": 3, "type": UnitType.CV, "role": "Skirmisher"},
        {"name": "Manticore M-1", "size": 3, "type": UnitType.CV},
    ]
    path = force_file(_lance("Line", "battle", units), "battle.json")
    assert _verdict(cli_run, path)["legal"] is True
    tanks = [{**u, "type": UnitType.CV} for u in units]
    illegal = _verdict(cli_run, force_file(_lance("Line", "battle", tanks), "tanks.json"))
    assert illegal["legal"] is False
    assert "matched pairs" in illegal["violations"][0]["message"]
