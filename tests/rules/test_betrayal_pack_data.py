"""The Betrayal optional rule as its pack gives it (seed 000), read afresh from the file.

``parse_pack_file`` reads the file itself (``load_pack`` may answer from its cache), so
every value below comes from this read of ``templates/rules/betrayal.toml``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith import paths
from cardsmith.errors import RulePackError
from cardsmith.rules.engine import load_pack, parse_pack_file
from cardsmith.rules.optional import BetrayalRule, Objective, TnModifier


def _betrayal() -> BetrayalRule:
    pack = parse_pack_file(paths.templates_dir() / "rules" / "betrayal.toml", builtin=True)
    rule = pack.optional["betrayal"]
    assert isinstance(rule, BetrayalRule)
    return rule


def test_the_numbers_of_the_rule() -> None:
    rule = _betrayal()
    # seed 000 II.A-C, III.A-B: TN 9 on 2D6 from turn 3 within 10 hexes; +1 skill when
    # a unit turns; no new test on the same unit the next turn.
    assert rule.base_tn == 9
    assert rule.dice == "2d6"
    assert rule.from_turn == 3
    assert rule.range_hexes == 10
    assert rule.skill_penalty == 1
    assert rule.retry_wait_turns == 1
    assert rule.aliases == ("Teste de Lealdade Sinistra", "TLS", "Traição")


def test_the_modifier_table() -> None:
    # seed 000 II.C; heat 3 and S stand for the seed's heat levels 3 and 4.
    table = [(m.id, m.value, m.when, m.equals, m.at_least) for m in _betrayal().modifiers]
    assert table == [
        ("structure-exposed", 1, "structure_exposed", None, None),
        ("pilot-wounded", 1, "pilot_wounds", None, 1),
        ("heat-3", 1, "heat", 3, None),
        ("heat-4", 2, "heat", None, 4),
        ("piloting-5", -1, "piloting", 5, None),
        ("piloting-6", -2, "piloting", None, 6),
        ("commander", -2, "commander", None, None),
    ]
    first = _betrayal().modifiers[0]
    assert first.label == "Internal structure exposed"
    assert first.note == "Armor is gone and the structure is taking damage."


def test_the_objectives() -> None:
    objectives = _betrayal().objectives
    assert [(o.id, o.alias, o.label) for o in objectives] == [
        ("flee", "B", "Flee"),
        ("stay", "C", "Stay and fight"),
        ("sabotage", "D", "Critical sabotage"),
    ]
    assert objectives[0].summary.startswith("Spend all movement to leave")


def _pack(tmp_path: Path, table: str) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(
        f'id = "house"\ntitle = "House"\nextends = "standard"\n[optional.betrayal]\n{table}',
        encoding="utf-8",
    )
    return path


def test_left_out_values_take_their_defaults(tmp_path: Path) -> None:
    text = (
        "base_tn = 8\nrange_hexes = 6\n"
        '[[optional.betrayal.modifier]]\nid = "m"\nvalue = 1\nwhen = "heat"\n'
        '[[optional.betrayal.objective]]\nid = "o"\n'
    )
    rule = load_pack(_pack(tmp_path, text)).optional["betrayal"]
    assert (rule.base_tn, rule.range_hexes) == (8, 6)
    assert (rule.dice, rule.from_turn) == ("2d6", 1)
    assert (rule.skill_penalty, rule.retry_wait_turns) == (0, 0)
    assert rule.aliases == ()
    assert rule.modifiers == (TnModifier("m", 1, "", "heat"),)
    assert rule.objectives == (Objective("o", "", ""),)


def _problems(tmp_path: Path, table: str) -> list[str]:
    path = _pack(tmp_path, table)
    with pytest.raises(RulePackError) as caught:
        load_pack(path)
    return [p.removeprefix(f"{path}: ") for p in caught.value.problems]


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ("base_tn = 9\nrange = 10\n", "optional.betrayal.range: unknown key; expected one of:"
         " aliases, base_tn, dice, from_turn, modifier, objective, range_hexes,"
         " retry_wait_turns, skill_penalty, summary"),
        ("base_tn = 9\nrange_hexes = 10\nretry_wait_turns = true\n",
         "optional.betrayal.retry_wait_turns: expected an integer, got True"),
        ("base_tn = 9\nrange_hexes = 10\nskill_penalty = \"1\"\n",
         "optional.betrayal.skill_penalty: expected an integer, got '1'"),
        ("base_tn = 9\nrange_hexes = 10\nfrom_turn = 2.5\n",
         "optional.betrayal.from_turn: expected an integer, got 2.5"),
        ("base_tn = 9\n", "optional.betrayal.range_hexes: expected an integer, got None"),
        ("base_tn = 9\nrange_hexes = 10\ndice = 2\n",
         "optional.betrayal.dice: expected text, got 2"),
        ("base_tn = 9\nrange_hexes = 10\nsummary = 1\n",
         "optional.betrayal.summary: expected text, got 1"),
        ("base_tn = 9\nrange_hexes = 10\naliases = \"TLS\"\n",
         "optional.betrayal.aliases: must be a list of text"),
        ("base_tn = 9\nrange_hexes = 10\naliases = [\"TLS\", 3]\n",
         "optional.betrayal.aliases: must be a list of text"),
        ("base_tn = 9\nrange_hexes = 10\nmodifier = 3\n",
         "optional.betrayal.modifier: must be an array of tables ([[...modifier]])"),
        ("base_tn = 9\nrange_hexes = 10\nobjective = [3]\n",
         "optional.betrayal.objective[1]: must be a table"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.modifier]]\n"
         'id = "m"\nvalue = 1\nwhen = "mood"\n',
         "optional.betrayal.modifier[1].when: 'mood' is not one of: structure_exposed,"
         " pilot_wounds, heat, piloting, commander"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.modifier]]\n"
         'id = "m"\nvalue = 1\nwhen = "heat"\nequals = "3"\n',
         "optional.betrayal.modifier[1].equals: expected an integer, got '3'"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.modifier]]\n"
         'id = "m"\nvalue = 1\nwhen = "heat"\nat_least = true\n',
         "optional.betrayal.modifier[1].at_least: expected an integer, got True"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.modifier]]\n"
         'id = "m"\nwhen = "heat"\n',
         "optional.betrayal.modifier[1].value: expected an integer, got None"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.modifier]]\n"
         'value = 1\nwhen = "heat"\n',
         "optional.betrayal.modifier[1].id: expected text, got None"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.modifier]]\n"
         'id = "m"\nvalue = 1\n',
         "optional.betrayal.modifier[1].when: expected text, got None"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.modifier]]\n"
         'id = "m"\nvalue = 1\nwhen = "heat"\nlabel = 1\nnote = 2\n',
         "optional.betrayal.modifier[1].label: expected text, got 1"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.objective]]\n"
         'label = "Flee"\n',
         "optional.betrayal.objective[1].id: expected text, got None"),
        ("base_tn = 9\nrange_hexes = 10\n[[optional.betrayal.objective]]\n"
         'id = "flee"\nalias = 2\n',
         "optional.betrayal.objective[1].alias: expected text, got 2"),
    ],
    ids=[
        "unknown-key", "retry-bool", "penalty-text", "turn-number", "range-missing",
        "dice-number", "summary-number", "aliases-text", "aliases-item", "modifier-not-array",
        "objective-not-table", "when-unknown", "equals-text", "at-least-bool", "value-missing",
        "modifier-id-missing", "when-missing", "label-number", "objective-id-missing",
        "alias-number",
    ],
)  # fmt: skip
def test_a_broken_betrayal_table_names_the_key(tmp_path: Path, table: str, problem: str) -> None:
    assert problem in _problems(tmp_path, table)


def test_a_broken_modifier_reports_its_note_and_objective_summary_too(tmp_path: Path) -> None:
    table = (
        "base_tn = 9\nrange_hexes = 10\n"
        '[[optional.betrayal.modifier]]\nid = "m"\nvalue = 1\nwhen = "heat"\nnote = 2\n'
        '[[optional.betrayal.objective]]\nid = "o"\nlabel = 3\nsummary = 4\n'
    )
    assert _problems(tmp_path, table) == [
        "optional.betrayal.modifier[1].note: expected text, got 2",
        "optional.betrayal.objective[1].label: expected text, got 3",
        "optional.betrayal.objective[1].summary: expected text, got 4",
    ]
