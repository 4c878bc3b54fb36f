"""Battle file edges: the state block other tools read, each refusal in its exact words,
fields a file may leave out, sides of the same name, and how the file is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from battle.conftest import BattleFile, entry, lam_unit, make_unit, two_sides
from cardsmith import __version__
from cardsmith.battle import actions
from cardsmith.battle.battle_file import (
    BattleFileError,
    battle_to_dict,
    load_battle,
    save_battle,
    start_battle,
)
from cardsmith.battle.crits import CritKind
from cardsmith.forces.force_file import save_force
from cardsmith.models import Force


def _unit(key: str, name: str, controller: int, **taken: Any) -> dict[str, Any]:
    untouched: dict[str, Any] = {
        "key": key,
        "name": name,
        "controller": controller,
        "armor_damage": 0,
        "structure_damage": 0,
        "heat": "0",
        "shutdown": False,
        "crits": [],
        "pilot_wounds": 0,
        "flags": [],
        "weapon_penalty": 0,
        "piloting_penalty": 0,
        "objective": "",
    }
    return {**untouched, **taken}


def test_the_state_block_says_what_each_unit_has_taken() -> None:
    battle = two_sides()
    battle = actions.damage(battle, "2.1", 6)  # armor 5, structure 4: 5 to armor, 1 through
    battle = actions.crit(battle, "2.1", CritKind.FIRE_CONTROL)
    battle = actions.heat(battle, "1.1", 1)  # OV 1
    battle = actions.set_flag(battle, "1.2", "immobile")
    battle = actions.wound(battle, "2.1", now=True)
    battle = actions.end_round(battle)
    document = battle_to_dict(battle)
    assert document["generator"] == f"cardsmith {__version__}"
    assert document["packs"] == ["betrayal"]
    assert document["state"] == {
        "turn": 2,
        "pending": 0,
        "units": [
            _unit("1.1", "Blue Mech", 1, heat="1"),
            _unit("1.2", "Blue Tank", 1, flags=["immobile"]),
            _unit(
                "2.1",
                "Red Mech",
                2,
                armor_damage=5,
                structure_damage=1,
                crits=["fire-control"],
                pilot_wounds=1,
            ),
        ],
    }


def test_a_unit_of_several_profiles_says_which_one_is_in_play() -> None:
    battle = two_sides(blue=(entry(lam_unit()),))
    lam = battle_to_dict(battle)["state"]["units"][0]
    assert lam["profile"] == {"active": 1, "name": "BattleMech", "rule": "lam", "locked": False}
    assert "profile" not in battle_to_dict(battle)["state"]["units"][1]


def _spoiled(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _set(key: str, value: Any) -> Any:
    return lambda d: d.update({key: value})


def _side(number: int, key: str, value: Any) -> Any:
    return lambda d: d["sides"][number].update({key: value})


_DAMAGE = {"kind": "damage", "unit": "1.1", "amount": 1}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param(
            lambda d: d.clear(),
            "{path} is not a cardsmith battle file (\"format\" is None, expected 'cardsmith-battle')",
            id="empty",
        ),
        pytest.param(
            _set("format", "cardsmith-force"),
            "{path} is not a cardsmith battle file (\"format\" is 'cardsmith-force', "
            "expected 'cardsmith-battle')",
            id="format",
        ),
        pytest.param(
            _set("version", "3"), "{path}: \"version\" must be a whole number, not '3'", id="v-text"
        ),
        pytest.param(
            _set("version", True), '{path}: "version" must be a whole number, not True', id="v-bool"
        ),
        pytest.param(
            _set("version", 0), "{path}: battle file version 0 does not exist", id="version-0"
        ),
        pytest.param(_set("sides", "x"), '{path}: "sides" must be a list', id="sides"),
        pytest.param(_set("sides", [1]), "{path}: sides[1] must be an object", id="side-number"),
        pytest.param(
            _side(0, "name", " "), '{path}: sides[1]: "name" must be non-empty text', id="name"
        ),
        pytest.param(
            _side(1, "force", 5), '{path}: sides[2]: "force" must be non-empty text', id="force"
        ),
        pytest.param(_set("packs", "betrayal"), '{path}: "packs" must be a list', id="packs"),
        pytest.param(
            _set("packs", [7]), '{path}: "packs" must be a list of pack ids', id="pack-number"
        ),
        pytest.param(_set("log", {}), '{path}: "log" must be a list', id="log"),
        pytest.param(_set("log", [_DAMAGE, 5]), "{path}: log[1] must be an object", id="change"),
        pytest.param(
            _set("log", [{"kind": "damage", "amount": 1}]),
            '{path}: log[0]: a damage change needs a "unit"',
            id="no-unit",
        ),
        pytest.param(
            _set("log", [{**_DAMAGE, "staged": 1}]),
            '{path}: log[0]: "staged" must be bool, not 1',
            id="staged",
        ),
        pytest.param(
            _set("log", [{**_DAMAGE, "data": {"where": [1]}}]),
            '{path}: log[0]: "data" must be an object of numbers, text and true/false',
            id="data",
        ),
    ],
)
def test_each_refusal_names_the_file_and_what_is_wrong(
    battle_file: BattleFile, change: Any, message: str
) -> None:
    path = battle_file()
    _spoiled(path, change)
    with pytest.raises(BattleFileError) as caught:
        load_battle(path)
    assert caught.value.message == message.format(path=path)


def test_a_changed_force_file_is_explained_with_what_to_do(battle_file: BattleFile) -> None:
    path = battle_file()
    _spoiled(path, _side(1, "fingerprint", "0000-0000-0000"))
    red = (path.parent / "../forces/red.json").resolve()
    with pytest.raises(BattleFileError) as caught:
        load_battle(path)
    assert caught.value.message.startswith(
        f"{path}: sides[2]: the force file {red} changed since the battle started (fingerprint "
    )
    assert caught.value.message.endswith(
        "the battle expects 0000-0000-0000); restore it (its .bak may hold the old version) "
        "or start a new battle"
    )


def test_packs_and_log_may_be_left_out_and_a_round_end_needs_no_unit(
    battle_file: BattleFile,
) -> None:
    path = battle_file()
    _spoiled(path, lambda d: [d.pop("packs"), d.pop("log")])
    battle = load_battle(path)
    assert (battle.packs, battle.log, battle.turn) == ((), (), 1)
    _spoiled(path, _set("log", [{"kind": "end-round"}]))
    assert load_battle(path).turn == 2


def test_sides_of_the_same_name_are_numbered(tmp_path: Path) -> None:
    paths = []
    for number, name in enumerate(("Blue", "Blue", "blue", "Red")):
        path = tmp_path / f"force-{number}.json"
        save_force(Force(name, entries=(entry(make_unit(f"Mech {number}")),)), path)
        paths.append(path)
    battle = start_battle(paths, tmp_path / "battle.json")
    assert [s.name for s in battle.sides] == ["Blue", "Blue (2)", "blue (3)", "Red"]
    assert [s.force_path for s in battle.sides] == [p.name for p in paths]


def test_the_file_is_indented_json_that_keeps_letters_as_they_are(tmp_path: Path) -> None:
    force_path = tmp_path / "force.json"
    save_force(Force("Lanze „Ødegård“", entries=(entry(make_unit()),)), force_path)
    path = tmp_path / "battle.json"
    save_battle(start_battle([force_path], path), path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:3] == ["{", '  "format": "cardsmith-battle",', '  "version": 3,']
    assert '"name": "Lanze „Ødegård“"' in text
    assert text.endswith("}\n") and not text.endswith("\n\n")
