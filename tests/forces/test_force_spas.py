"""The SPA catalogue: ASCE costs, unit-type limits, budgets by skill, card effects."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from cardsmith.errors import TemplateError
from cardsmith.forces.spas import (
    SpaBudget,
    budget_problems,
    card_numbers,
    load_spa_file,
    load_spas,
    spa_budget,
)
from cardsmith.models import Unit


def test_ids_are_kebab_case_and_unique() -> None:
    spas = load_spas().all()
    ids = [s.id for s in spas]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    for expected in ("marksman", "sniper", "speed-demon", "terrain-master-drag-racer"):
        assert expected in ids
    for level in range(1, 5):
        assert f"lucky-{level}" in ids and f"float-like-a-butterfly-{level}" in ids


@pytest.mark.parametrize(
    ("spa_id", "cost"),
    [
        # The facts §6 CONFLICT rows: ASCE wins.
        ("animal-mimicry", 3),
        ("terrain-master-drag-racer", 1),
        ("urban-guerrilla", 1),
        # A sample of the rest of the ASCE table.
        ("sharpshooter", 4),
        ("sniper", 3),
        ("marksman", 2),
        ("speed-demon", 2),
        ("ride-the-wash", 4),
        ("forward-observer", 1),
        ("terrain-master-forest-ranger", 3),
        ("lucky-1", 1),
        ("lucky-4", 4),
        ("float-like-a-butterfly-3", 3),
    ],
)
def test_asce_costs(spa_id: str, cost: int) -> None:
    spa = load_spas().get(spa_id)
    assert spa is not None and spa.cost == cost


def test_every_spa_has_a_summary_and_a_page() -> None:
    for spa in load_spas().all():
        assert spa.summary and 92 <= spa.page <= 101, spa.id


@pytest.mark.parametrize(
    ("skill", "budget"),
    [
        (0, SpaBudget(3, 6)),
        (1, SpaBudget(3, 6)),
        (2, SpaBudget(2, 4)),
        (3, SpaBudget(2, 4)),
        (4, SpaBudget(1, 2)),
        (5, SpaBudget(0, 0)),
        (6, SpaBudget(0, 0)),
        (7, SpaBudget(0, 0)),
    ],
)
def test_budget_by_skill(skill: int, budget: SpaBudget) -> None:
    assert spa_budget(skill) == budget


def test_budget_problems_name_count_and_points() -> None:
    spas = load_spas()
    assert budget_problems(3, ["fist-fire", "float-like-a-butterfly-2"], spas) == []
    assert budget_problems(4, ["sniper"], spas)  # 3 points > 2
    assert budget_problems(5, ["iron-will"], spas)  # Green gets none
    assert len(budget_problems(4, ["iron-will", "human-tro"], spas)) == 1  # 2 SPAs > 1


@pytest.mark.parametrize(
    ("spa_id", "allowed", "refused"),
    [
        ("dodge", ("BM", '8"'), ("CV", '8"t')),
        ("cross-country", ("CV", '8"t'), ("BM", '8"')),
        ("dust-off", ("CV", '30"v'), ("CV", '8"t')),
        ("foot-cavalry", ("CI", '2"f'), ("CI", '4"j')),
        ("urban-guerrilla", ("BA", '6"j'), ("BM", '8"')),
        ("hot-dog", ("AF", "6a"), ("CV", '8"t')),
        ("terrain-master-drag-racer", ("CV", '8"w'), ("CV", '16"h')),
    ],
)
def test_unit_type_limits(
    spa_id: str,
    allowed: tuple[str, str],
    refused: tuple[str, str],
    unit_factory: Callable[..., Unit],
) -> None:
    spa = load_spas().get(spa_id)
    assert spa is not None
    assert spa.allows(unit_factory(type_code=allowed[0], move=allowed[1]))
    assert not spa.allows(unit_factory(type_code=refused[0], move=refused[1]))


def test_any_unit_spa_allows_every_type(unit_factory: Callable[..., Unit]) -> None:
    sniper = load_spas().get("sniper")
    assert sniper is not None and sniper.unit_types == ()
    assert sniper.allows(unit_factory(type_code="CI", move='2"f'))


def test_find_by_name_and_alias() -> None:
    spas = load_spas()
    assert spas.find("Speed Demon") is spas.get("speed-demon")
    assert spas.find("drag racer") is spas.get("terrain-master-drag-racer")
    assert spas.find("Lucky 2") is spas.get("lucky-2")
    assert spas.find("no such ability") is None


def test_speed_demon_adds_two_inches_but_not_to_jump_or_tmm(
    unit_factory: Callable[..., Unit],
) -> None:
    griffin = unit_factory(move='10"j')  # 10" ground and 10" jump
    numbers = card_numbers(griffin, 4, ["speed-demon"])
    assert [(m.inches, m.mode) for m in numbers.move] == [(12, ""), (10, "j")]
    assert numbers.tmm == griffin.tmm
    assert numbers.changed_by == ("speed-demon",)


def test_speed_demon_adds_one_thrust_to_fighters(unit_factory: Callable[..., Unit]) -> None:
    fighter = unit_factory(type_code="AF", move="6a")
    assert card_numbers(fighter, 4, ["speed-demon"]).move_text == "7a"


def test_sniper_halves_the_longer_range_modifiers(unit_factory: Callable[..., Unit]) -> None:
    unit = unit_factory()
    plain = card_numbers(unit, 4, [])
    sniper = card_numbers(unit, 4, ["sniper"])
    assert plain.target_numbers == {"S": 4, "M": 6, "L": 8, "E": 10}
    assert sniper.target_numbers == {"S": 4, "M": 5, "L": 6, "E": 7}


@pytest.mark.parametrize(
    ("spas", "targets"),
    [
        (["range-master:medium"], {"S": 6, "M": 4, "L": 8, "E": 10}),
        (["range-master:long"], {"S": 8, "M": 6, "L": 4, "E": 10}),
        (["range-master:extreme"], {"S": 10, "M": 6, "L": 8, "E": 4}),
        (["range-master"], {"S": 4, "M": 6, "L": 8, "E": 10}),  # no range chosen yet
        (["sniper", "range-master:long"], {"S": 6, "M": 5, "L": 4, "E": 7}),
    ],
)
def test_range_master_trades_the_chosen_range_with_short(
    unit_factory: Callable[..., Unit], spas: list[str], targets: dict[str, int]
) -> None:
    # ASCE p.98: the chosen range's to-hit modifier and Short's change places.
    assert card_numbers(unit_factory(), 4, spas).target_numbers == targets


def test_range_master_holds_in_play(unit_factory: Callable[..., Unit]) -> None:
    from cardsmith.battle import effects
    from cardsmith.battle.state import UnitState
    from cardsmith.models import ForceEntry

    sniper = ForceEntry(unit_factory(), skill=4, spas=("range-master:long",))
    cold = UnitState(key="1.1", side=1, index=1, controller=1)
    assert (effects.to_hit(sniper, cold, "S"), effects.to_hit(sniper, cold, "L")) == (8, 4)


def test_spas_without_card_effects_change_nothing(unit_factory: Callable[..., Unit]) -> None:
    unit = unit_factory(move='8"')
    numbers = card_numbers(unit, 3, ["marksman", "sharpshooter", "lucky-2", "unknown-id"])
    assert numbers.move_text == '8"' and numbers.changed_by == ()
    assert numbers.target_numbers["M"] == 5


def test_modelled_card_effects_are_listed() -> None:
    modelled = sorted(s.id for s in load_spas().all() if s.card_effect is not None)
    assert modelled == ["foot-cavalry", "light-horseman", "range-master", "sniper", "speed-demon"]


def test_bad_spa_file_lists_every_problem(tmp_path: Path) -> None:
    bad = tmp_path / "spas.toml"
    bad.write_text(
        '[[spa]]\nid = "Bad Id"\nname = "x"\ncost = 1\n'
        '[[spa]]\nid = "ok"\nname = "y"\ncost = "two"\nunit_types = ["XX"]\n',
        encoding="utf-8",
    )
    with pytest.raises(TemplateError) as caught:
        load_spa_file(bad)
    text = "\n".join(caught.value.problems)
    assert "spa[0].id" in text and "spa[1].cost" in text and "XX" in text


def test_truncated_spa_file_is_a_template_error(tmp_path: Path) -> None:
    bad = tmp_path / "spas.toml"
    bad.write_text('[[spa]]\nid = "sniper', encoding="utf-8")
    with pytest.raises(TemplateError):
        load_spa_file(bad)


def test_sniper_keeps_its_bands_on_top_of_play_modifiers(
    unit_factory: Callable[..., Unit],
) -> None:
    # In play the battle engine passes skill + heat + 2 per fire-control hit (ASCE p.50):
    # a skill-0 Sniper with one fire-control hit shoots at 2/3/4, not 2/4/6.
    unit = unit_factory()
    assert card_numbers(unit, 0, ["sniper"]).target_numbers == {"S": 0, "M": 1, "L": 2, "E": 3}
    after_hit = card_numbers(unit, 0 + 2, ["sniper"]).target_numbers
    assert (after_hit["S"], after_hit["M"], after_hit["L"]) == (2, 3, 4)


def test_speed_demon_boosts_the_move_left_in_play(unit_factory: Callable[..., Unit]) -> None:
    from cardsmith.models.stats import Movement

    griffin = unit_factory(move='10"j')
    halved = (Movement(5.0, ""), Movement(10.0, "j"))
    numbers = card_numbers(griffin, 4, ["speed-demon"], move=halved)
    assert [(m.inches, m.mode) for m in numbers.move] == [(7, ""), (10, "j")]
    stopped = (Movement(0.0, ""), Movement(0.0, "j"))
    assert [m.inches for m in card_numbers(griffin, 4, ["speed-demon"], move=stopped).move] == [
        0,
        0,
    ]
