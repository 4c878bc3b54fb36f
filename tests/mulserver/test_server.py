"""The fake MUL answers like the real one: checked against the captured raw QuickList files."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
import requests

from mulserver.server import FakeMul, Fault, FilterError, MulData, add_synthetic_factions

pytest_plugins = ["mulserver.plugin"]


@pytest.mark.slow
def test_every_captured_query_returns_the_captured_units(mul_data: MulData, mul_dir: Path) -> None:
    index = json.loads((mul_dir / "quicklist" / "index.json").read_text(encoding="utf-8"))
    assert len(index) == 111
    mismatches = []
    for entry in index:
        captured = json.loads((mul_dir / entry["file"]).read_text(encoding="utf-8"))["Units"]
        answered = mul_data.quick_list(entry["params"].items())
        if sorted(u["Id"] for u in answered) != sorted(u["Id"] for u in captured):
            mismatches.append(entry["search"])
    assert mismatches == []


@pytest.mark.parametrize(
    ("params", "check"),
    [
        ([("Name", "ATLAS")], lambda r: "atlas" in r["Name"].lower()),
        ([("Types", "18"), ("Types", "19")], lambda r: r["Type"]["Id"] in (18, 19)),
        ([("Roles", "missile boat")], lambda r: r["Role"]["Name"] == "Missile Boat"),
        ([("Rules", "55")], lambda r: r["Rules"] == "Introductory"),
        (
            [("Technologies", "2"), ("Eras", "13")],
            lambda r: r["Technology"]["Id"] == 2 and r["EraId"] == 13,
        ),
        ([("MinPV", "40"), ("MaxPV", "45")], lambda r: 40 <= r["BFPointValue"] <= 45),
        (
            [("Types", "21"), ("SubTypes", "28")],
            lambda r: r["Type"]["Id"] == 21 and (r["BFType"] or "").upper() == "BA",
        ),
    ],
    ids=["name", "types-or", "role", "rules", "tech-and-era", "pv-range", "battle-armor"],
)
def test_filters_follow_mul_semantics(
    mul_data: MulData,
    params: list[tuple[str, str]],
    check: Callable[[Mapping[str, Any]], bool],
) -> None:
    answered = mul_data.quick_list(params)
    expected = [r for r in mul_data.records if check(r)]
    assert answered and [r["Id"] for r in answered] == [r["Id"] for r in expected]


def test_unsupported_filters_are_refused(mul_data: MulData) -> None:
    with pytest.raises(FilterError):
        mul_data.quick_list([("Factions", "Clan Wolf")])  # the MUL takes ids
    with pytest.raises(FilterError):
        mul_data.quick_list([("BookAuto", "x")])
    with pytest.raises(FilterError):
        mul_data.quick_list([("MinPV", "many")])


def test_serves_quicklist_and_details_over_http(fake_mul: FakeMul) -> None:
    answer = requests.get(
        f"{fake_mul.url}/Unit/QuickList", params={"Name": "Atlas AS7-D"}, timeout=5
    )
    assert answer.headers["Content-Type"].startswith("application/json")
    assert [u["Id"] for u in answer.json()["Units"]][:1] == [140]
    details = requests.get(
        f"{fake_mul.url}/Unit/QuickDetails", params={"id": 140}, timeout=5
    ).json()
    assert details["Name"] == "Atlas AS7-D"
    missing = requests.get(f"{fake_mul.url}/Unit/QuickDetails", params={"id": 1}, timeout=5)
    assert missing.status_code == 404
    assert fake_mul.hits() == 3
    assert fake_mul.requests[0].values("Name") == ["Atlas AS7-D"]


def test_faults_are_used_in_order_then_the_server_heals(fake_mul: FakeMul) -> None:
    fake_mul.fail_next(Fault("status", code=429, retry_after="7"), Fault("html"))
    url = f"{fake_mul.url}/Unit/QuickList?Name=Griffin"
    first = requests.get(url, timeout=5)
    assert (first.status_code, first.headers["Retry-After"]) == (429, "7")
    assert requests.get(url, timeout=5).text.startswith("<!DOCTYPE html>")
    assert requests.get(url, timeout=5).json()["Units"]


def test_factions_are_listed_and_filter_availability(fake_mul: FakeMul) -> None:
    made = add_synthetic_factions(fake_mul.data)
    everything = requests.get(
        f"{fake_mul.url}/Faction/Autocomplete", params={"term": ""}, timeout=5
    )
    assert everything.json() == [{"label": name, "value": i} for i, name in sorted(made.items())]
    some = requests.get(f"{fake_mul.url}/Faction/Autocomplete?term=faction b", timeout=5).json()
    assert some == [{"label": made[9002], "value": 9002}]
    era = min(fake_mul.data.available)
    answered = fake_mul.data.quick_list([("AvailableEras", str(era)), ("Factions", "9001")])
    expected = fake_mul.data.faction_available[(era, 9001)]
    assert {r["Id"] for r in answered} == expected
    assert expected < fake_mul.data.available[era]  # a real subset of the era's list


def test_the_starter_records_read_back_as_the_starter_units() -> None:
    from cardsmith.models import Unit
    from mulserver.starter import TWIN_OFFSET, mul_record, starter_units

    units = starter_units()
    assert len(units) == 61
    for unit in units:
        assert Unit.from_mul(mul_record(unit)) == Unit.from_dict(unit), unit["name"]
    data = MulData.starter()
    assert data.origin == "starter" and len(data.records) == 2 * len(units)
    assert data.by_id[140 + TWIN_OFFSET]["Name"] == "Atlas AS7-D (synthetic twin)"
    # Synthetic availability: complete lists of BattleMechs from their production era on.
    assert 140 in data.available[10] and 1295 in data.available[13]
    assert all(data.by_id[i]["Type"]["Id"] == 18 for ids in data.available.values() for i in ids)


def test_a_dripped_answer_arrives_slowly_but_whole(fake_mul: FakeMul) -> None:
    fake_mul.fail_next(Fault("drip", delay=0.0))
    answer = requests.get(f"{fake_mul.url}/Unit/QuickDetails", params={"id": 140}, timeout=5)
    assert answer.json()["Name"] == "Atlas AS7-D"
    assert fake_mul.dripped == len(answer.content)
