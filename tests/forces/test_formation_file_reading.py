"""Reading a formations file (a player's ``formations.toml`` or the built-in one): every
field of a formation and of a requirement, the defaults, and each problem in the words the
player reads.  The tests read their own files: the loader keeps what it read per process.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.errors import TemplateError
from cardsmith.forces.formation_model import (
    Condition,
    Formation,
    FormationCatalogue,
    GroupSize,
    Requirement,
)
from cardsmith.forces.formation_reader import load_formation_file

from .conftest import refused

_HEAD = 'id = "fire-lance"\nname = "Fire Lance"\n'


def _read(tmp_path: Path, text: str) -> FormationCatalogue:
    path = tmp_path / "formations.toml"
    path.write_text(text, encoding="utf-8")
    return load_formation_file(path)


def _problems(tmp_path: Path, text: str) -> list[str]:
    error = refused(load_formation_file, tmp_path / "formations.toml", text)
    return [str(problem) for problem in error.problems]


def test_every_field_of_a_formation_and_its_requirements_is_read(tmp_path: Path) -> None:
    catalogue = _read(
        tmp_path,
        """
[[group_size]]
id = "lance"
name = "Lance"
units = 4

[[group_size]]
id = "star"
units = 5

[[formation]]
id = "battle-lance"
name = "Battle Lance"

[[formation.requirement]]
id = "heavy"
text = "half heavy or larger"
quantity = "percent"
amount = 50
rounding = "nearest"
where = { size_min = 3, roles = ["Brawler", "Juggernaut"] }

[[formation]]
id = "fire-lance"
name = "  Fire Lance  "
extends = "battle-lance"
ideal_role = "Missile Boat"
bonus = "Sniper for two units."
aliases = ["Fire Star"]
min_units = 4
max_units = 6
page = 61

[[formation.requirement]]
id = "artillery"
text = "at most one artillery unit per two"
quantity = "at_most"
amount = 1
scope = "force"
per_units = 2
per_label = "units with a long gun"
per_where = { long_min = 2 }
only_for = "Clan"
only_if = { commander = true }
where = { specials = ["ARTX"], unit_types = ["BM"], not_unit_types = ["CI"], paired = false, aerospace = false, move_min = 8.5, jump_min = 4, short_min = 1, medium_min = 1, armor_min = 5, size_max = 4 }

[[formation.requirement]]
id = "eyes"
text = "a spotter"
any_of = [
    { quantity = "at_least", amount = 1, where = { specials = ["RCN"] } },
    { id = "own", quantity = "none", where = { any_of = [{ roles = ["Scout"] }, { move_min = 10 }] } },
]
""",
    )
    assert catalogue.sizes == (GroupSize("lance", "Lance", 4), GroupSize("star", "star", 5))
    battle = catalogue.get("battle-lance")
    heavy = Requirement(
        "heavy",
        "half heavy or larger",
        "percent",
        50,
        rounding="nearest",
        where=Condition(size_min=3, roles=("Brawler", "Juggernaut")),
    )
    assert battle == Formation(id="battle-lance", name="Battle Lance", requirements=(heavy,))
    artillery = Requirement(
        "artillery",
        "at most one artillery unit per two",
        "at_most",
        1,
        where=Condition(
            specials=("ARTX",),
            unit_types=("BM",),
            not_unit_types=("CI",),
            paired=False,
            aerospace=False,
            move_min=8.5,
            jump_min=4,
            short_min=1,
            medium_min=1,
            armor_min=5,
            size_max=4,
        ),
        scope="force",
        per_units=2,
        per_where=Condition(long_min=2),
        per_label="units with a long gun",
        only_if=Condition(commander=True),
        only_for="Clan",
    )
    eyes = Requirement(
        "eyes",
        "a spotter",
        any_of=(
            Requirement("eyes-1", "a spotter", "at_least", 1, where=Condition(specials=("RCN",))),
            Requirement(
                "own",
                "a spotter",
                "none",
                where=Condition(any_of=(Condition(roles=("Scout",)), Condition(move_min=10))),
            ),
        ),
    )
    assert catalogue.get("fire-lance") == Formation(
        id="fire-lance",
        name="Fire Lance",
        requirements=(heavy, artillery, eyes),  # what it extends comes first
        ideal_role="Missile Boat",
        bonus="Sniper for two units.",
        aliases=("Fire Star",),
        min_units=4,
        max_units=6,
        page=61,
    )
    assert catalogue.find("fire star") is catalogue.get("fire-lance")


def test_fields_left_out_take_their_defaults(tmp_path: Path) -> None:
    catalogue = _read(tmp_path, f"[[formation]]\n{_HEAD}[[formation.requirement]]\n")
    assert catalogue.sizes == ()
    assert catalogue.all() == [
        Formation(id="fire-lance", name="Fire Lance", requirements=(Requirement("", ""),))
    ]
    assert catalogue.all()[0].requirements[0].per_label == "units"  # what the reader puts in


def test_a_file_without_formations_is_an_empty_catalogue(tmp_path: Path) -> None:
    assert len(_read(tmp_path, "# none yet\n")) == 0


_REQ = f"[[formation]]\n{_HEAD}[[formation.requirement]]\n"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        pytest.param(
            '[[formation]]\nid = "Fire Lance"\nname = "Fire Lance"',
            "formation[0].id: must be kebab-case text, not 'Fire Lance'",
            id="id-words",
        ),
        pytest.param(
            '[[formation]]\nname = "Fire Lance"',
            "formation[0].id: must be kebab-case text, not None",
            id="no-id",
        ),
        pytest.param(
            '[[formation]]\nid = "fire-lance"\nname = " "',
            "formation[0].name: must be non-empty text",
            id="blank-name",
        ),
        pytest.param(
            '[[formation]]\nid = "fire-lance"\nname = 4',
            "formation[0].name: must be non-empty text",
            id="name-number",
        ),
        pytest.param(
            f'[[formation]]\n{_HEAD}extends = "battle-lance"',
            "formation[0].extends: 'battle-lance' is not a formation defined above",
            id="extends-unknown",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}extends = 3",
            "formation[0].extends: 3 is not a formation defined above",
            id="extends-number",
        ),
        pytest.param(
            f'[[formation]]\n{_HEAD}requirement = "all heavy"',
            "formation[0].requirement: must be an array of tables",
            id="requirements-text",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}requirement = [1]",
            "formation[0].requirement[0]: must be a table",
            id="requirement-number",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}ideal_role = 1",
            "formation[0].ideal_role: must be text",
            id="ideal-role",
        ),
        pytest.param(
            f'[[formation]]\n{_HEAD}aliases = "Fire Star"',
            "formation[0].aliases: must be a list of text",
            id="aliases-text",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}aliases = [1]",
            "formation[0].aliases: must be a list of text",
            id="aliases-number",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}min_units = 0",
            "formation[0].min_units: must be a positive whole number",
            id="min-units-0",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}min_units = true",
            "formation[0].min_units: must be a positive whole number",
            id="min-units-bool",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}min_units = 4\nmax_units = 3",
            "formation[0].max_units: must be a whole number no smaller than min_units",
            id="max-below-min",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}max_units = 2",
            "formation[0].max_units: must be a whole number no smaller than min_units",
            id="max-below-default-min",
        ),
        pytest.param(
            f"[[formation]]\n{_HEAD}max_units = 0",
            "formation[0].max_units: must be a whole number no smaller than min_units",
            id="max-0",
        ),
        pytest.param(
            f"{_REQ}id = 1",
            "formation[0].requirement[0]: id and text must be text",
            id="req-id",
        ),
        pytest.param(
            f"{_REQ}text = false",
            "formation[0].requirement[0]: id and text must be text",
            id="req-text",
        ),
        pytest.param(
            f'{_REQ}quantity = "most"',
            "formation[0].requirement[0].quantity: must be one of "
            "all, none, at_least, percent, at_most, carried",
            id="quantity",
        ),
        pytest.param(
            f'{_REQ}quantity = "at_least"',
            "formation[0].requirement[0].amount: must be a positive whole number",
            id="at-least-no-amount",
        ),
        pytest.param(
            f'{_REQ}quantity = "percent"\namount = true',
            "formation[0].requirement[0].amount: must be a positive whole number",
            id="percent-bool",
        ),
        pytest.param(
            f'{_REQ}quantity = "at_most"\namount = -1',
            "formation[0].requirement[0].amount: must be a whole number, 0 or more",
            id="at-most-negative",
        ),
        pytest.param(
            f'{_REQ}quantity = "percent"\namount = 50\nrounding = "down"',
            "formation[0].requirement[0].rounding: one of up, nearest, over, only with percent",
            id="rounding-unknown",
        ),
        pytest.param(
            f'{_REQ}quantity = "at_least"\namount = 2\nrounding = "nearest"',
            "formation[0].requirement[0].rounding: one of up, nearest, over, only with percent",
            id="rounding-not-percent",
        ),
        pytest.param(
            f'{_REQ}scope = "army"',
            "formation[0].requirement[0].scope: must be one of group, force",
            id="scope",
        ),
        pytest.param(
            f"{_REQ}per_units = 2",
            "formation[0].requirement[0].per_units: a positive whole number, only with at_most",
            id="per-units-not-at-most",
        ),
        pytest.param(
            f'{_REQ}quantity = "at_most"\namount = 1\nper_units = 0',
            "formation[0].requirement[0].per_units: a positive whole number, only with at_most",
            id="per-units-0",
        ),
        pytest.param(
            f"{_REQ}per_label = 2",
            "formation[0].requirement[0].per_label: must be text",
            id="per-label",
        ),
        pytest.param(
            f"{_REQ}only_for = 2",
            "formation[0].requirement[0].only_for: must be text",
            id="only-for",
        ),
        pytest.param(
            f"{_REQ}where = 1",
            "formation[0].requirement[0].where: must be a table",
            id="where-number",
        ),
        pytest.param(
            f"{_REQ}where = {{ speed = 1, heat = 2 }}",
            "formation[0].requirement[0].where: unknown key(s) heat, speed",
            id="where-keys",
        ),
        pytest.param(
            f'{_REQ}where = {{ roles = "Scout" }}',
            "formation[0].requirement[0].where.roles: must be a list of text",
            id="roles-text",
        ),
        pytest.param(
            f"{_REQ}where = {{ specials = [1] }}",
            "formation[0].requirement[0].where.specials: must be a list of text",
            id="specials-number",
        ),
        pytest.param(
            f"{_REQ}where = {{ commander = 1 }}",
            "formation[0].requirement[0].where.commander: must be true or false",
            id="flag",
        ),
        pytest.param(
            f'{_REQ}where = {{ size_min = "3" }}',
            "formation[0].requirement[0].where.size_min: must be a number",
            id="number-text",
        ),
        pytest.param(
            f"{_REQ}where = {{ move_min = true }}",
            "formation[0].requirement[0].where.move_min: must be a number",
            id="number-bool",
        ),
        pytest.param(
            f"{_REQ}where = {{ any_of = [] }}",
            "formation[0].requirement[0].where.any_of: must be a non-empty list of conditions",
            id="condition-any-of-empty",
        ),
        pytest.param(
            f"{_REQ}where = {{ any_of = [{{ roles = 1 }}] }}",
            "formation[0].requirement[0].where.any_of.roles: must be a list of text",
            id="condition-any-of-bad",
        ),
        pytest.param(
            f"{_REQ}per_where = {{ size = 1 }}",
            "formation[0].requirement[0].per_where: unknown key(s) size",
            id="per-where",
        ),
        pytest.param(
            f"{_REQ}only_if = 1",
            "formation[0].requirement[0].only_if: must be a table",
            id="only-if",
        ),
        pytest.param(
            f"{_REQ}any_of = []",
            "formation[0].requirement[0].any_of: must be a non-empty list of requirements",
            id="any-of-empty",
        ),
        pytest.param(
            f'{_REQ}any_of = [{{ quantity = "some" }}]',
            "formation[0].requirement[0].any_of[0].quantity: must be one of "
            "all, none, at_least, percent, at_most, carried",
            id="any-of-bad",
        ),
        pytest.param(
            f"{_REQ}any_of = [1]",
            "formation[0].requirement[0].any_of[0]: must be a table",
            id="any-of-number",
        ),
        pytest.param(
            '[[group_size]]\nid = "lance"',
            "group_size[0]: needs an id and a whole number of units",
            id="size-no-units",
        ),
        pytest.param(
            "[[group_size]]\nunits = 4",
            "group_size[0]: needs an id and a whole number of units",
            id="size-no-id",
        ),
        pytest.param(
            "group_size = [4]",
            "group_size[0]: needs an id and a whole number of units",
            id="size-number",
        ),
    ],
)
def test_each_problem_is_named_by_its_entry_and_key(
    tmp_path: Path, text: str, problem: str
) -> None:
    assert _problems(tmp_path, f"{text}\n") == [f"formations.toml: {problem}"]


def test_every_problem_of_every_entry_is_listed_in_one_error(tmp_path: Path) -> None:
    path = tmp_path / "formations.toml"
    error = refused(
        load_formation_file,
        path,
        '[[formation]]\nid = "Bad"\nname = ""\n'
        f"[[formation]]\n{_HEAD}"
        f"[[formation]]\n{_HEAD}"
        '[[group_size]]\nid = "lance"\nunits = "four"\n'
        "[[group_size]]\nunits = 5\n",
    )
    assert error.problems == (
        "formations.toml: formation[0].id: must be kebab-case text, not 'Bad'",
        "formations.toml: formation[0].name: must be non-empty text",
        "formations.toml: formation[2].id: duplicate id 'fire-lance'",
        "formations.toml: group_size[0]: needs an id and a whole number of units",
        "formations.toml: group_size[1]: needs an id and a whole number of units",
    )
    assert error.message == f"{path}: 5 problems in the formations file"


def test_an_entry_that_is_not_a_table_is_named(tmp_path: Path) -> None:
    assert _problems(tmp_path, 'formation = [1, "two"]\n') == [
        "formations.toml: formation[0]: must be a table",
        "formations.toml: formation[1]: must be a table",
    ]


def test_formation_that_is_not_an_array_of_tables_is_refused(tmp_path: Path) -> None:
    error = refused(load_formation_file, tmp_path / "formations.toml", 'formation = "x"\n')
    assert (
        error.message == f"{tmp_path / 'formations.toml'}: 'formation' must be an array of tables"
    )


def test_a_file_that_cannot_be_read_names_the_formations(tmp_path: Path) -> None:
    missing = tmp_path / "formations.toml"
    with pytest.raises(TemplateError) as caught:
        load_formation_file(missing)
    assert caught.value.message == f"cannot read the formations: no template file at {missing}"
