"""Reading an SPA file (a player's ``spas.toml`` or the built-in one): every field, the
default of each field left out, and each problem in the words the player reads.

``load_spas`` keeps what it read for the life of a process, so these tests read their
own files with ``load_spa_file``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.errors import TemplateError
from cardsmith.forces.spas import CardEffect, Spa, SpaCatalogue, load_spa_file
from cardsmith.templates import template_path

from .conftest import refused

_ENTRY = 'id = "hot-dog"\nname = "Hot Dog"\ncost = 2\n'


def _read(tmp_path: Path, text: str) -> SpaCatalogue:
    path = tmp_path / "spas.toml"
    path.write_text(text, encoding="utf-8")
    return load_spa_file(path)


def _problems(tmp_path: Path, text: str) -> list[str]:
    error = refused(load_spa_file, tmp_path / "spas.toml", text)
    return [str(problem) for problem in error.problems]


def test_every_field_is_read(tmp_path: Path) -> None:
    catalogue = _read(
        tmp_path,
        """
[[spa]]
id = "hot-dog"
name = "  Hot Dog  "
cost = 2
page = 96
unit_types = ["BM", "CV:v"]
summary = "Runs hot."
family = "dogs"
note = "two legs only"
aliases = ["Hotdog", "HD"]
choices = [" Short ", "Long"]

[spa.card_effect]
move_inches = 2
thrust = 1
range_modifiers = { M = 1, L = 2 }
swap_short_with_choice = true
""",
    )
    assert list(catalogue.all()) == [
        Spa(
            id="hot-dog",
            name="Hot Dog",
            cost=2,
            unit_types=("BM", "CV:v"),
            summary="Runs hot.",
            aliases=("Hotdog", "HD"),
            card_effect=CardEffect(
                move_inches=2,
                thrust=1,
                range_modifiers=(("M", 1), ("L", 2)),
                swap_short_with_choice=True,
            ),
            family="dogs",
            page=96,
            note="two legs only",
            choices=("Short", "Long"),
        )
    ]


def test_fields_left_out_take_their_defaults(tmp_path: Path) -> None:
    catalogue = _read(tmp_path, f"[[spa]]\n{_ENTRY}\n[[spa]]\n{_ENTRY.replace('hot', 'cold')}")
    assert [spa.id for spa in catalogue.all()] == ["hot-dog", "cold-dog"]
    assert catalogue.get("hot-dog") == Spa(id="hot-dog", name="Hot Dog", cost=2)
    cold = catalogue.get("cold-dog")
    assert cold is not None and cold.card_effect is None and cold.aliases == ()
    empty = _read(tmp_path, f"[[spa]]\n{_ENTRY}[spa.card_effect]\n").get("hot-dog")
    assert empty is not None and empty.card_effect == CardEffect(0, 0, (), False)


def test_a_file_without_abilities_is_an_empty_catalogue(tmp_path: Path) -> None:
    assert len(_read(tmp_path, "# nothing yet\n")) == 0


def test_the_built_in_file_reads_without_a_problem() -> None:
    catalogue = load_spa_file(template_path("spas.toml"))
    sniper = catalogue.get("sniper")
    assert sniper is not None and sniper.card_effect is not None
    assert sniper.card_effect.range_modifiers == (("M", 1), ("L", 2), ("E", 3))  # ASCE p.99
    range_master = catalogue.get("range-master")
    assert range_master is not None and range_master.choices == ("Medium", "Long", "Extreme")


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        pytest.param(
            'id = "Hot Dog"\nname = "Hot Dog"\ncost = 2',
            "spa[0].id: must be kebab-case text, not 'Hot Dog'",
            id="id-words",
        ),
        pytest.param(
            'name = "Hot Dog"\ncost = 2', "spa[0].id: must be kebab-case text, not None", id="no-id"
        ),
        pytest.param(
            'id = "hot-dog"\nname = "  "\ncost = 2',
            "spa[0].name: must be non-empty text",
            id="blank-name",
        ),
        pytest.param(
            'id = "hot-dog"\nname = 7\ncost = 2', "spa[0].name: must be non-empty text", id="name-7"
        ),
        pytest.param(
            'id = "hot-dog"\nname = "Hot Dog"\ncost = -1',
            "spa[0].cost: must be a whole number of points, not -1",
            id="cost-negative",
        ),
        pytest.param(
            'id = "hot-dog"\nname = "Hot Dog"\ncost = true',
            "spa[0].cost: must be a whole number of points, not True",
            id="cost-bool",
        ),
        pytest.param(
            'id = "hot-dog"\nname = "Hot Dog"',
            "spa[0].cost: must be a whole number of points, not None",
            id="no-cost",
        ),
        pytest.param(
            f'{_ENTRY}unit_types = "BM"',
            "spa[0].unit_types: must be a list of type codes",
            id="types-text",
        ),
        pytest.param(
            f"{_ENTRY}unit_types = [1]",
            "spa[0].unit_types: must be a list of type codes",
            id="types-number",
        ),
        pytest.param(
            f'{_ENTRY}unit_types = ["BM", "XX:v"]',
            "spa[0].unit_types: unknown unit type 'XX:v'",
            id="types-unknown",
        ),
        pytest.param(f"{_ENTRY}summary = 1", "spa[0].summary: must be text", id="summary"),
        pytest.param(f"{_ENTRY}family = 1", "spa[0].family: must be text", id="family"),
        pytest.param(f"{_ENTRY}note = 1", "spa[0].note: must be text", id="note"),
        pytest.param(
            f'{_ENTRY}aliases = "HD"', "spa[0].aliases: must be a list of text", id="aliases-text"
        ),
        pytest.param(
            f"{_ENTRY}aliases = [1]", "spa[0].aliases: must be a list of text", id="aliases-number"
        ),
        pytest.param(f'{_ENTRY}page = "96"', "spa[0].page: must be a page number", id="page-text"),
        pytest.param(f"{_ENTRY}page = true", "spa[0].page: must be a page number", id="page-bool"),
        pytest.param(
            f'{_ENTRY}choices = "Long"', "spa[0].choices: must be a list of text", id="choices-text"
        ),
        pytest.param(
            f'{_ENTRY}choices = ["Long", " "]',
            "spa[0].choices: must be a list of text",
            id="choices-blank",
        ),
        pytest.param(
            f"{_ENTRY}choices = [2]", "spa[0].choices: must be a list of text", id="choices-number"
        ),
        pytest.param(
            f"{_ENTRY}card_effect = 1", "spa[0].card_effect: must be a table", id="effect-number"
        ),
        pytest.param(
            f"{_ENTRY}card_effect = {{ speed = 1, armor = 2 }}",
            "spa[0].card_effect: unknown key(s) armor, speed",
            id="effect-keys",
        ),
        pytest.param(
            f'{_ENTRY}card_effect = {{ move_inches = "2" }}',
            "spa[0].card_effect.move_inches: must be a whole number",
            id="effect-move",
        ),
        pytest.param(
            f"{_ENTRY}card_effect = {{ thrust = true }}",
            "spa[0].card_effect.thrust: must be a whole number",
            id="effect-thrust",
        ),
        pytest.param(
            f"{_ENTRY}card_effect = {{ range_modifiers = 1 }}",
            "spa[0].card_effect.range_modifiers: must be a table of band = modifier",
            id="effect-bands-number",
        ),
        pytest.param(
            f"{_ENTRY}card_effect = {{ range_modifiers = {{ X = 1 }} }}",
            "spa[0].card_effect.range_modifiers: unknown range band 'X'",
            id="effect-band-unknown",
        ),
        pytest.param(
            f'{_ENTRY}card_effect = {{ range_modifiers = {{ M = "1" }} }}',
            "spa[0].card_effect.range_modifiers.M: must be a whole number",
            id="effect-band-text",
        ),
        pytest.param(
            f"{_ENTRY}card_effect = {{ swap_short_with_choice = 1 }}",
            "spa[0].card_effect.swap_short_with_choice: must be true or false",
            id="effect-swap",
        ),
    ],
)
def test_each_problem_is_named_by_its_entry_and_key(
    tmp_path: Path, entry: str, problem: str
) -> None:
    assert _problems(tmp_path, f"[[spa]]\n{entry}\n") == [f"spas.toml: {problem}"]


def test_every_problem_of_every_entry_is_listed_in_one_error(tmp_path: Path) -> None:
    text = (
        '[[spa]]\nid = "Bad"\nname = "A"\ncost = "two"\n'
        f"[[spa]]\n{_ENTRY}"
        f"[[spa]]\n{_ENTRY}"
        f"[[spa]]\n{_ENTRY.replace('hot', 'cold')}page = false\n"
    )
    path = tmp_path / "spas.toml"
    error = refused(load_spa_file, path, text)
    assert error.problems == (
        "spas.toml: spa[0].id: must be kebab-case text, not 'Bad'",
        "spas.toml: spa[0].cost: must be a whole number of points, not 'two'",
        "spas.toml: spa[2].id: duplicate id 'hot-dog'",
        "spas.toml: spa[3].page: must be a page number",
    )
    assert error.message == f"{path}: 4 problems in the SPA catalogue"


def test_an_entry_that_is_not_a_table_is_named(tmp_path: Path) -> None:
    assert _problems(tmp_path, 'spa = [1, { id = "x", name = "X", cost = 1 }, "two"]\n') == [
        "spas.toml: spa[0]: must be a table",
        "spas.toml: spa[2]: must be a table",
    ]


def test_spa_that_is_not_an_array_of_tables_is_refused(tmp_path: Path) -> None:
    error = refused(load_spa_file, tmp_path / "spas.toml", 'spa = "sniper"\n')
    assert error.message == f"{tmp_path / 'spas.toml'}: 'spa' must be an array of tables ([[spa]])"


def test_an_ability_may_cost_nothing(tmp_path: Path) -> None:
    free = _read(tmp_path, f"[[spa]]\n{_ENTRY.replace('cost = 2', 'cost = 0')}").get("hot-dog")
    assert free is not None and free.cost == 0


def test_a_file_that_cannot_be_read_names_the_spa_catalogue(tmp_path: Path) -> None:
    missing = tmp_path / "spas.toml"
    with pytest.raises(TemplateError) as caught:
        load_spa_file(missing)
    assert caught.value.message == f"cannot read the SPA catalogue: no template file at {missing}"
    with pytest.raises(TemplateError) as caught:
        load_spa_file(tmp_path)
    assert caught.value.message == (
        f"cannot read the SPA catalogue: {tmp_path} is a folder, not a template file"
    )
