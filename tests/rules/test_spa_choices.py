"""Range Master and Environmental Specialist carry the pilot's choice (ASCE p.95, p.98).

The choice is stored after the SPA id (``range-master:long``), costs what the SPA costs,
shows on the card as ``Range Master (Long)``, and ``check`` asks for it when it is missing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardsmith.errors import ForceEditError
from cardsmith.forces.spas import load_spas, resolve_spas
from cardsmith.models import Force, ForceEntry
from cardsmith.services import checks
from rules.rulekit import build_unit, write_force


def test_the_two_spas_offer_their_choices() -> None:
    catalogue = load_spas()
    range_master = catalogue.get("range-master")
    specialist = catalogue.get("environmental-specialist")
    assert range_master is not None and range_master.choices == ("Medium", "Long", "Extreme")
    assert specialist is not None and "Fog" in specialist.choices
    assert catalogue.label("range-master:long") == "Range Master (Long)"
    assert catalogue.label("environmental-specialist:extreme-temperatures") == (
        "Environmental Specialist (Extreme Temperatures)"
    )
    assert catalogue.cost(["range-master:extreme"]) == range_master.cost


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        (["range-master:Long"], ("range-master:long",)),
        (["Range Master:EXTREME"], ("range-master:extreme",)),
        (["environmental-specialist:Blowing Sand"], ("environmental-specialist:blowing-sand",)),
        (["range-master"], ("range-master",)),  # chosen later; check reminds the player
    ],
)
def test_a_choice_is_stored_after_the_id(given: list[str], stored: tuple[str, ...]) -> None:
    assert resolve_spas(build_unit("Atlas A-1"), given) == stored


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (["range-master:short"], "'short' is not a choice of Range Master"),
        (["sniper:long"], "Sniper takes no choice"),
        (["range-master:long", "range-master:medium"], "Range Master is given twice"),
    ],
)
def test_a_wrong_choice_is_refused(given: list[str], message: str) -> None:
    with pytest.raises(ForceEditError, match=message):
        resolve_spas(build_unit("Atlas A-1"), given)


def _verdict(spas: tuple[str, ...]) -> checks.Verdict:
    entry = ForceEntry(unit=build_unit("Atlas A-1"), skill=3, spas=spas, commander=True)
    return checks.check(Force("F", "standard", entries=(entry,)))


def test_check_reminds_of_a_missing_choice_and_refuses_a_bad_one() -> None:
    assert [v.rule_id for v in _verdict(("range-master:long",)).violations] == []
    (missing,) = _verdict(("range-master",)).violations
    assert (
        not missing.is_error and "needs a choice: one of Medium, Long, Extreme" in missing.message
    )
    (bad,) = _verdict(("range-master:point-blank",)).errors
    assert "is not a choice of Range Master" in bad.message and bad.fix is not None


def test_the_cli_adds_the_choice_and_the_card_shows_it(cli_run: Any, tmp_path: Path) -> None:
    path = write_force(Force("F", "standard"), tmp_path / "f.json")
    added = cli_run("force", "add", str(path), "Atlas AS7-D", "--skill", "3",
                    "--spa", "range-master:long")  # fmt: skip
    assert added.code == 0, added
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["entries"][0]["spas"] == ["range-master:long"]
    from cardsmith.render.content.card import spa_lines

    (line,) = spa_lines(("range-master:long",), load_spas())
    assert line.name == "Range Master (Long)"
    refused = cli_run("force", "set", str(path), "1", "--spa", "range-master:short")
    assert refused.code == 2 and "is not a choice of Range Master" in refused.stderr
