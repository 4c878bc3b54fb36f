"""Shared test data: the custom skirmish trooper (seed 001's Transmutation) as a unit file."""

from __future__ import annotations

import tomllib

from cardsmith.models import Unit
from cardsmith.profiles.customfile import parse_custom_units


def skirmish_units(
    rule: str = "transmutation-x",
    value: int | None = 2,
    *,
    wip: int = 13,
    pricing: str | None = "max",
    developed_wip_key: str = "WIP",
) -> str:
    """A custom unit file (TOML) with one two-profile skirmish trooper switching by ``rule``.

    ``developed_wip_key`` lets a test write the second profile's willpower under an alias
    (``VOL``); ``value`` None leaves the switch value out.
    """
    switch_value = "" if value is None else f"switch_value = {value}"
    pricing_line = "" if pricing is None else f'pricing = "{pricing}"'
    return f"""
format = "cardsmith-units"
version = 1

[[unit]]
name = "Gwailo Seed-Soldier"
system = "skirmish"
switch_rule = "{rule}"
{switch_value}
{pricing_line}

[[unit.profile]]
name = "Seed Form"
MOV = "10-5"
CC = 21
BS = 12
PH = 14
WIP = {wip}
ARM = 3
BTS = 3
W = 2
S = 2
PTS = 30

[[unit.profile]]
name = "Developed Form"
MOV = "15-10"
CC = 23
BS = 13
PH = 15
{developed_wip_key} = {wip}
ARM = 4
BTS = 6
W = 2
S = 5
PTS = 45
"""


def skirmish_trooper(rule: str = "transmutation-x", value: int | None = 2) -> Unit:
    """The trooper of ``skirmish_units`` (no pricing), read as a custom unit."""
    (unit,) = parse_custom_units(
        tomllib.loads(skirmish_units(rule, value, pricing=None)), origin="test"
    )
    return unit
